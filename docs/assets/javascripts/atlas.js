// The operator atlas's filter (docs/atlas.md): show the operators of one kind, or whose name
// contains some text, with each option's count for the text typed; and an `#op-…` link that
// lands on a line the filter hides shows every line again, opens that one and scrolls to it.
// Loaded only on pages that have the filter (overrides/main.html). Without this script the
// filter stays hidden and every line shows.
(function () {
  "use strict";

  // What readers type before a name: torch.reshape, Tensor.view, F.dropout.
  var PREFIXES = [
    ["torch.nn.functional.", "nn.functional."],
    ["f.", "nn.functional."],
    ["torch.tensor.", ""],
    ["tensor.", ""],
    ["torch.", ""],
  ];

  function normal(text) {
    text = text.trim().toLowerCase();
    for (var i = 0; i < PREFIXES.length; i += 1) {
      if (text.indexOf(PREFIXES[i][0]) === 0) return PREFIXES[i][1] + text.slice(PREFIXES[i][0].length);
    }
    return text;
  }

  function setUp() {
    var filter = document.querySelector("[data-atlas-filter]");
    var list = document.getElementById("atlas-operators");
    if (!filter || !list || filter.dataset.ready) return;
    filter.dataset.ready = "1";
    var kind = filter.querySelector("select");
    var name = filter.querySelector("input");
    var count = filter.querySelector("output");
    var rows = Array.prototype.slice.call(list.querySelectorAll(".atlas-op"));
    var names = rows.map(function (row) {
      return row.querySelector(".atlas-name").textContent.toLowerCase();
    });
    var kinds = rows.map(function (row) {
      return " " + row.getAttribute("data-kind") + " ";
    });
    var options = Array.prototype.slice.call(kind.options);

    function apply() {
      var wanted = kind.value;
      var text = normal(name.value);
      var shown = 0;
      var counts = options.map(function () {
        return 0;
      });
      rows.forEach(function (row, i) {
        var named = names[i].indexOf(text) >= 0;
        if (named) {
          options.forEach(function (option, k) {
            if (!option.value || kinds[i].indexOf(" " + option.value + " ") >= 0) counts[k] += 1;
          });
        }
        var visible = named && (!wanted || kinds[i].indexOf(" " + wanted + " ") >= 0);
        if (row.hidden === visible) row.hidden = !visible;
        if (visible) shown += 1;
      });
      options.forEach(function (option, k) {
        option.textContent = option.getAttribute("data-label") + " (" + counts[k] + ")";
      });
      count.textContent = filter.dataset.count
        .replace("{shown}", String(shown))
        .replace("{total}", String(rows.length));
    }

    // An operator's line, found by its anchor: shown (the filter cleared if it hid the line),
    // opened, and scrolled to when asked.
    function reveal(hash, scroll) {
      if (!hash || hash.indexOf("#op-") !== 0) return;
      var row = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!row || !list.contains(row)) return;
      if (row.hidden) {
        kind.value = "";
        name.value = "";
        apply();
      }
      row.open = true;
      if (scroll) row.scrollIntoView();
    }

    kind.addEventListener("change", apply);
    name.addEventListener("input", apply);
    // Before the browser follows a link to a line on this page, so that it has a line to go to
    // (also when the address already ends in that anchor, and no hashchange follows).
    document.addEventListener(
      "click",
      function (event) {
        var link = event.target.closest && event.target.closest("a[href*='#op-']");
        if (link && link.pathname === location.pathname) reveal(link.hash, false);
      },
      true
    );
    window.addEventListener("hashchange", function () {
      reveal(location.hash, true);
    });
    filter.hidden = false;
    apply();
    reveal(location.hash, true);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
