// Keeps a results page current while the session is played: the page's
// body names a standings:watch stream (data-live), and each change the
// stream reports fetches the page again and swaps its content in place, so
// the reader keeps their scroll and what they see is always what the
// server would render for them now.
(function () {
  "use strict";
  var src = document.body.dataset.live;
  if (!src || !window.EventSource) return;
  var note = document.querySelector("header .live");
  var first = true, pending = null;
  function refresh() {
    pending = null;
    fetch(location.href, { headers: { Accept: "text/html" } }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var next = doc.getElementById("main");
      if (next) document.getElementById("main").replaceWith(next);
      if (note) {
        note.hidden = false;
        note.textContent = "Updated " + new Date().toLocaleTimeString();
      }
    }).catch(function () {});
  }
  var es = new EventSource(src);
  es.addEventListener("standings", function () {
    if (first) { first = false; return; } // the page already shows it
    if (!pending) pending = setTimeout(refresh, 500);
  });
})();
