/* The whist drive's phone page: it speaks the player's REST API (scoring/api/drive.py) to send the
 * result, check it or dispute it without reloading, and polls the page's stamp to follow the player
 * to his next table as soon as the change is complete. The page works without it (plain forms); the
 * server checks everything. No framework, no build step. */
(function () {
  "use strict";
  var root = document.getElementById("drive-root");
  if (!root || !window.fetch || !window.JSON) return;
  var api = root.dataset.api;
  var main = document.getElementById("drive-main");
  var flashBox = document.getElementById("flash");
  var POLL_MS = 4000;
  var ENDPOINT = { send: "result/", check: "check/", dispute: "dispute/" };
  var SAID = { send: "Sent.", check: "Checked: thank you.", dispute: "Your count went to the director." };

  var flashAt = 0;  // when the message now shown was said
  var busy = 0;  // sends out, or the page still being refreshed after one: polls wait for them

  function flash(text, kind) {
    flashAt = Date.now();
    flashBox.hidden = !text;
    flashBox.className = "flash" + (kind ? " " + kind : "");
    flashBox.textContent = text || "";
  }

  function stamp() {
    var inner = document.getElementById("drive-inner");
    return inner ? inner.dataset.stamp : "";
  }

  function refresh() {
    return fetch(root.dataset.home, { headers: { "X-Drive-Partial": "1" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) { main.innerHTML = html; } });
  }

  function firstError(data) {
    if (!data || typeof data !== "object") return "Not sent.";
    if (data.detail) return data.detail;
    for (var key in data) {
      if (Array.isArray(data[key]) && data[key].length) return data[key][0];
    }
    return "Not sent.";
  }

  function post(action, body) {
    var headers = { "Content-Type": "application/json" };
    if (body.key) { headers["Idempotency-Key"] = body.key; }
    return fetch(api + ENDPOINT[action], { method: "POST", headers: headers, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (data) { return { ok: r.ok, data: data }; }); });
  }

  main.addEventListener("submit", function (event) {
    var form = event.target;
    var action = form.dataset.action;
    if (!ENDPOINT[action]) return;
    event.preventDefault();
    var body = {};
    new FormData(form).forEach(function (v, k) { if (k !== "csrfmiddlewaretoken") body[k] = v; });
    if (action !== "check" && (!body.winner || !body.points)) {
      var error = form.querySelector("[data-error]");
      error.hidden = false;
      error.textContent = !body.winner ? "Choose the side that won." : "Choose the points made.";
      return;
    }
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    busy += 1;
    post(action, body).then(function (answer) {
      if (!answer.ok) {
        flash(firstError(answer.data), "error");
        if (button) button.disabled = false;
        return;
      }
      flash(SAID[action], "");
      return refresh();
    }).catch(function () {
      flash("No connection: try again in a moment.", "warn");
      if (button) button.disabled = false;
    }).then(function () { busy -= 1; });
  });

  function poll() {
    // Not while a send is out or its page is coming: the new stamp is its own, and its "Sent." stays.
    if (document.hidden || busy) return;
    var asked = Date.now();
    fetch(api + "stamp/")
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (state) {
        if (!state || busy || state.stamp === stamp()) return;
        if (flashAt < asked) flash("");  // a message said while the poll was out (a send's) stays
        return refresh();
      })
      .catch(function () { /* the next poll will try again */ });
  }
  setInterval(poll, POLL_MS);
  document.addEventListener("visibilitychange", poll);
})();
