/* What Material leaves unnamed for screen readers (axe-core checks it: tests/test_browser.py).

   Tables: Material wraps every table in div.md-typeset__scrollwrap, which scrolls sideways when the
   table is wider than the page. A keyboard user can only scroll what can take focus, and a
   screen reader announces a focusable region by its name (axe: scrollable-region-focusable).
   So each wrapper that scrolls becomes a named region in the tab order: named by the table's
   caption, else by the paragraph just before it, else by a generic word in the page's
   language. A wrapper that fits is left out of the tab order.

   Code blocks: Material makes a code block that scrolls sideways focusable (tabindex="0") on
   devices without touch only; on a touch phone with a keyboard or switch access the hidden end
   of a line could not be reached (axe: scrollable-region-focusable). Here every block that
   overflows gets tabindex="0" on any device, drawn yet or not (below).

   Search: Material's search box is a dialog (role="dialog") without a name (axe:
   aria-dialog-name); it gets the name of its input, which Material writes in the page's
   language ("Search" / "搜索"). */
(function () {
  var zh = (document.documentElement.lang || "").indexOf("zh") === 0;
  var generic = zh ? "表格（可横向滚动）" : "Table (scrolls sideways)";

  function nameOf(wrap) {
    var caption = wrap.querySelector("caption");
    if (caption && caption.textContent.trim()) return caption.textContent.trim();
    var before = wrap.previousElementSibling;
    if (!before && wrap.parentElement && wrap.parentElement.classList.contains("copy-matrix"))
      before = wrap.parentElement.previousElementSibling;
    var text = before && before.tagName === "P" ? before.textContent.trim() : "";
    return text && text.length <= 120 ? text : generic;
  }

  function update() {
    document.querySelectorAll('.md-search[role="dialog"]').forEach(function (dialog) {
      var input = dialog.querySelector(".md-search__input");
      var name = input && input.getAttribute("aria-label");
      if (name && !dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", name);
    });
    // Every width is read before any tabindex is written: a write between two reads would make
    // the browser lay the page out again for the second.
    var character = null;
    var scrolls = [];
    document.querySelectorAll(".md-typeset pre > code").forEach(function (code) {
      if (shown(code)) {
        if (code.scrollWidth > code.clientWidth + 1) scrolls.push(code);
        return;
      }
      var block = code.closest(".highlight");
      var cols = block ? parseFloat(block.style.getPropertyValue("--cols")) : NaN;
      if (isNaN(cols)) return;
      character = character || measureCharacter();
      if (cols * character.width + character.padding > block.clientWidth + 1) scrolls.push(code);
    });
    scrolls.forEach(function (code) { code.setAttribute("tabindex", "0"); });
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap) {
      if (wrap.scrollWidth > wrap.clientWidth + 1) {
        wrap.setAttribute("tabindex", "0");
        wrap.setAttribute("role", "region");
        wrap.setAttribute("aria-label", nameOf(wrap));
      } else {
        wrap.removeAttribute("tabindex");
        wrap.removeAttribute("role");
        wrap.removeAttribute("aria-label");
      }
    });
  }

  // A code block off screen is not laid out (content-visibility, reading.css): measuring it would
  // lay it out. Until it is drawn, whether it scrolls comes from its widest line (--cols, in
  // characters, written by tools/site/block_heights.py) times the width of one character of code,
  // measured once per update on a hidden block of the page's code style; once drawn, it is
  // measured. So a keyboard reaches every block that scrolls, drawn or not. (Tables are measured
  // at once: a table that scrolls is a region from the start, and they are few.)
  function measureCharacter() {
    // A block of the page's own classes, as wide as its text: its width minus that of its text is
    // what a block takes around its lines (the padding of <pre> and <code>).
    var block = document.createElement("div");
    var pre = document.createElement("pre");
    var code = document.createElement("code");
    block.className = "language-text highlight";
    block.setAttribute("aria-hidden", "true");
    block.style.cssText =
      "position: absolute; visibility: hidden; width: max-content; content-visibility: visible";
    pre.appendChild(code);
    block.appendChild(pre);
    document.querySelector(".md-typeset").appendChild(block);
    code.textContent = "0".repeat(40);
    var forty = block.offsetWidth;
    code.textContent = "0".repeat(80);
    var eighty = block.offsetWidth;
    block.remove();
    var width = (eighty - forty) / 40;
    return { width: width, padding: forty - 40 * width };
  }
  function shown(element) {
    return !element.checkVisibility || element.checkVisibility({ contentVisibilityAuto: true });
  }
  document.addEventListener("contentvisibilityautostatechange", later, true);

  var timer;
  function later() {
    clearTimeout(timer);
    timer = setTimeout(update, 100);
  }
  if (window.document$) window.document$.subscribe(function () { setTimeout(update, 0); });
  else document.addEventListener("DOMContentLoaded", update);
  window.addEventListener("resize", later);
  // A folded line that opens may show a table or a block that scrolls (the module atlas puts its
  // table there only then: reading.js). "toggle" does not bubble: heard on the way down.
  document.addEventListener("toggle", later, true);
})();
