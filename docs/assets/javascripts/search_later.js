/* The search index is asked for once the page is drawn, not while it is being drawn.

   Material's script asks for search/search_index.json (about 220 KB compressed, 69 to 75 % of a
   chapter's first visit) as soon as it runs. On a phone's connection that download competes with
   the page itself: Lighthouse (mobile, simulated) put the largest paint of /troubleshooting/,
   /training/ and /edges/ at 3.1 to 3.3 s whenever the request began before that paint, and at
   1.8 s when it began after. So the request Material opens for the index is sent 2 s after the
   page's load event, or at once when the reader reaches for the search (focus in its box, or a
   key pressed: Material's "/", "s" and "f" shortcuts focus it). Loaded before Material's bundle
   (overrides/main.html). */
(function () {
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  var waiting = [];
  var released = false;

  function release() {
    if (released) return;
    released = true;
    waiting.forEach(function (call) { call(); });
    waiting = [];
  }

  XMLHttpRequest.prototype.open = function (method, url) {
    this.guideSearchIndex = /\/search\/search_index\.json$/.test(String(url));
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var request = this;
    var args = arguments;
    if (!request.guideSearchIndex || released) return send.apply(request, args);
    waiting.push(function () { send.apply(request, args); });
  };

  function later() { setTimeout(release, 2000); }
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
  document.addEventListener("keydown", release, { once: true, capture: true });
  document.addEventListener("focusin", function (event) {
    if (event.target.closest && event.target.closest(".md-search")) release();
  }, true);
})();
