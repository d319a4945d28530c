// The operator atlas's filter (docs/atlas.md): show the rows of one kind, or whose name contains
// some text. Loaded only on pages that have the filter (overrides/main.html). Without this script
// the filter stays hidden and the whole table shows.
(function () {
  "use strict";

  function setUp() {
    var filter = document.querySelector("[data-atlas-filter]");
    var table = document.getElementById("atlas-operators");
    if (!filter || !table || filter.dataset.ready) return;
    filter.dataset.ready = "1";
    var kind = filter.querySelector("select");
    var name = filter.querySelector("input");
    var count = filter.querySelector("output");
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    var names = rows.map(function (row) {
      return row.cells[0].textContent.toLowerCase();
    });

    function apply() {
      var wanted = kind.value;
      var text = name.value.trim().toLowerCase();
      var shown = 0;
      rows.forEach(function (row, i) {
        var kinds = (row.getAttribute("data-kind") || "").split(" ");
        var visible = (!wanted || kinds.indexOf(wanted) >= 0) && names[i].indexOf(text) >= 0;
        row.hidden = !visible;
        if (visible) shown += 1;
      });
      count.textContent = filter.dataset.count
        .replace("{shown}", String(shown))
        .replace("{total}", String(rows.length));
    }

    kind.addEventListener("change", apply);
    name.addEventListener("input", apply);
    filter.hidden = false;
    apply();
  }

  // With Material's instant navigation a page arrives without a reload: document$ then says so.
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(setUp);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
