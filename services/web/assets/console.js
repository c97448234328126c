// The director's console: signs in with a director token, kept in this
// tab's session storage only, and sends it as a bearer token with every
// call of the REST API.
(function () {
  "use strict";
  var key = "director-token";
  var form = document.getElementById("signin-form");
  var errorLine = document.getElementById("signin-error");

  function api(method, path, body) {
    var opts = { method: method, headers: { Authorization: "Bearer " + sessionStorage.getItem(key) } };
    if (method !== "GET") {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body || {});
    }
    return fetch(path, opts).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) {
        if (!r.ok) throw new Error(j.message || r.status + " " + r.statusText);
        return j;
      });
    });
  }

  function signedIn() {
    document.getElementById("signin").hidden = true;
    document.getElementById("app").hidden = false;
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    sessionStorage.setItem(key, form.token.value);
    api("GET", "/v1/events?page_size=1").then(signedIn, function (err) {
      sessionStorage.removeItem(key);
      errorLine.textContent = "Not signed in: " + err.message;
    });
  });
  if (sessionStorage.getItem(key)) api("GET", "/v1/events?page_size=1").then(signedIn, function () { sessionStorage.removeItem(key); });
})();
