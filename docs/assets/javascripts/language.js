/* The language switch keeps the section: both languages give a section the same id
   (tests/test_pages.py), so the link to the other language takes the #section of this page. */
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("a.md-select__link[hreflang]");
  if (link && location.hash && !link.hash) link.hash = location.hash;
});
