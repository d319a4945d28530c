/* What a reader meets after a click: the section, whole words marked, and a folded line's body.

   The language switch keeps the section: both languages give a section the same id
   (tests/test_pages.py), so the link to the other language takes the #section of this page.

   Search marks whole words only: Material marks a query's word wherever it occurs, also inside
   another word ("one" in "clone", "b" in "object"), in the results and on the page a result opens
   (?h=). A mark with a letter or digit right before or after it is taken back. */
(function () {
  // A line whose body waits in a <template> (the module atlas: tools/generate/
  // module_atlas_render.py) gets it when it first opens: by a click, or by Material when the
  // address names it. "toggle" does not bubble: heard on the way down.
  function fill(details) {
    var template = details.querySelector(":scope > template");
    if (template) template.replaceWith(template.content);
  }
  document.addEventListener(
    "toggle",
    function (event) {
      if (event.target.open && event.target.tagName === "DETAILS") fill(event.target);
    },
    true
  );
  document.querySelectorAll("details[open]").forEach(fill);

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.md-select__link[hreflang]");
    if (link && location.hash && !link.hash) link.hash = location.hash;
  });

  var inWord = /[A-Za-z0-9]/;
  function edge(node, last) {
    var text = node && node.nodeType === 3 ? node.data : "";
    return text ? text.charAt(last ? text.length - 1 : 0) : "";
  }
  function unmarkInsideWords(root) {
    root.querySelectorAll("mark[data-md-highlight]").forEach(function (mark) {
      if (!inWord.test(edge(mark.previousSibling, true)) && !inWord.test(edge(mark.nextSibling)))
        return;
      mark.replaceWith(document.createTextNode(mark.textContent));
    });
  }
  function watch(root) {
    if (!root) return;
    var pending = false;
    new MutationObserver(function () {
      if (pending) return;
      pending = true;
      requestAnimationFrame(function () {
        pending = false;
        unmarkInsideWords(root);
      });
    }).observe(root, { childList: true, subtree: true });
    // Material may have marked the page before this script ran: no mutation would follow.
    unmarkInsideWords(root);
  }
  function start() {
    watch(document.querySelector(".md-search-result__list"));
    if (new URLSearchParams(location.search).has("h")) watch(document.querySelector("article"));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
