// The operator atlas (docs/atlas.md). Its filter: show the operators of one kind, or whose name
// contains some text, with each option's count for the text typed; an `#op-…` link that lands on
// a line the filter hides shows every line again, opens that one and scrolls to it. And what a
// line opens on: the page holds each operator's summary only; the rest, for every operator, is
// in a JSON file (the list's data-details, written by tools/generate/atlas_render.py), fetched
// the first time a line opens and put into each line as it opens.
// Loaded only on pages that have the filter (overrides/main.html). Without this script the
// filter stays hidden, every line shows, and a line does not open (the page says where the
// details are instead).
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
    var details = null; // the fetch of every line's details, once

    // The details of an opened line, from the JSON (fetched on the first opening).
    function fill(row) {
      if (!row.open || row.dataset.filled) return;
      row.dataset.filled = "1";
      var note = row.querySelector(".atlas-loading"); // left by a fetch that failed
      if (!note) {
        note = document.createElement("p");
        note.className = "atlas-loading";
        row.appendChild(note);
      }
      note.textContent = list.dataset.loading;
      if (!details) {
        details = fetch(new URL(list.dataset.details, location.href).href).then(function (response) {
          if (!response.ok) throw new Error(response.status + " " + response.url);
          return response.json();
        });
      }
      details.then(
        function (found) {
          row.removeChild(note);
          row.insertAdjacentHTML("beforeend", found[row.id] || "");
        },
        function () {
          note.textContent = list.dataset.failed;
          delete row.dataset.filled; // the next opening tries again
          details = null;
        }
      );
    }

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
        option.textContent = filter.dataset.option
          .replace("{label}", option.getAttribute("data-label"))
          .replace("{count}", String(counts[k]));
      });
      // Parts of the list off screen are left unstyled (content-visibility in extra.css) with
      // the height of all their lines; while a filter hides lines, every part is laid out.
      list.classList.toggle("atlas-filtered", Boolean(wanted || text));
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
      // The line's part and the two above it are drawn before the page goes there: a part off
      // screen holds a little more than it takes (extra.css), so one drawn as it came near
      // would shrink and scroll the page up, and Material would show "Back to top" over the line.
      var part = row.parentElement;
      for (var k = 0; part && k < 3; k++, part = part.previousElementSibling) {
        part.classList.add("atlas-drawn");
      }
      if (scroll) row.scrollIntoView();
    }

    // "toggle" does not bubble: heard on the way down.
    list.addEventListener(
      "toggle",
      function (event) {
        if (event.target.classList && event.target.classList.contains("atlas-op")) fill(event.target);
      },
      true
    );
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
