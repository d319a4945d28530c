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

  // A page opened at an #anchor, or sent to one: the browser goes there while blocks around it
  // are not drawn yet (content-visibility, reading.css), holding a height until they are. Near
  // the end of a page, where the browser cannot scroll the anchor to the top, blocks drawn
  // above it then pushed it off the screen (a phone's /semantics/#cuda: 2,286 px down on an
  // 844 px screen). For 3 s, until the reader scrolls, touches, clicks or presses a key, an
  // anchor that leaves the screen is brought back.
  function keep(id) {
    var target = id && document.getElementById(id);
    // an operator atlas line: atlas.js draws what is around it before going there
    if (!target || target.closest(".atlas-list")) return;
    var until = performance.now() + 3000;
    var stopped = false;
    function stop() { stopped = true; }
    ["wheel", "touchstart", "mousedown", "keydown"].forEach(function (type) {
      window.addEventListener(type, stop, { once: true, capture: true, passive: true });
    });
    (function check() {
      if (stopped || performance.now() > until) return;
      var box = target.getBoundingClientRect();
      if (box.top < 0 || box.top > window.innerHeight - 40) target.scrollIntoView();
      requestAnimationFrame(check);
    })();
  }
  function keepHash() {
    try {
      keep(decodeURIComponent(location.hash.slice(1)));
    } catch (error) {
      // a malformed #anchor names nothing to keep
    }
  }
  keepHash();
  window.addEventListener("hashchange", keepHash);

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
