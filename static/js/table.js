/* The phone page's script: send without reloading, keep sends made offline, refresh when things change.
 * It speaks the phones' REST API (/api/v1/tables/<token>/ or /api/v1/entrant-links/<token>/), the same
 * protocol as any other client, with one error body: {"field": ["message"]}, {"detail": "..."}, and on a
 * 409 {"detail", "stored", "attempted"}. The page works without it (plain forms); the server checks
 * everything. No framework, no build step. */
(function () {
  "use strict";
  var root = document.getElementById("table-root");
  if (!root || !window.fetch || !window.JSON) return;
  var api = root.dataset.api;
  function url(action, body) {
    if (action === "send") return api + "results/";
    return api + "trays/" + body.tray + "/" + action + "/";
  }
  var main = document.getElementById("table-main");
  var outbox = document.getElementById("outbox");
  var flashBox = document.getElementById("flash");
  var net = document.getElementById("net");
  var STORE = "clubwhist.outbox:" + root.dataset.base;
  var flushing = false;

  function load() { try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; } }
  function save(items) { try { localStorage.setItem(STORE, JSON.stringify(items)); } catch (e) { /* private mode */ } }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, "");
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  function setOnline(on) {
    if (!net) return;
    net.classList.toggle("offline", !on);
    net.title = on ? net.dataset.online : net.dataset.offline;
  }

  function flash(text, kind, detail) {
    flashBox.hidden = false;
    flashBox.className = "flash" + (kind ? " " + kind : "");
    flashBox.textContent = text;
    if (detail) { var s = document.createElement("span"); s.className = "both"; s.textContent = detail; flashBox.appendChild(s); }
    flashBox.scrollIntoView({ block: "nearest" });
  }

  function describe(item) {
    var b = item.body;
    if (item.action === "send") return "tray " + b.tray + " (N-S " + b.ns_tricks + ", E-W " + (13 - b.ns_tricks) + ")";
    return "tray " + b.tray + (item.action === "confirm" ? " (E-W's check)" : " (E-W's count " + b.claimed + ")");
  }

  function showOutbox() {
    var items = load();
    outbox.hidden = items.length === 0;
    if (!items.length) return;
    var what = items.map(describe).join("; ");
    outbox.textContent = (navigator.onLine === false ? "No connection. " : "Connection trouble. ") +
      "Kept on this phone: " + what + ". It will be sent when the connection returns.";
    markQueued(items);
  }

  function markQueued(items) {
    items.forEach(function (item) {
      if (item.action !== "send") return;
      var card = document.getElementById("tray-" + item.body.tray);
      var form = card && card.querySelector("form[data-action=send]");
      if (!form) return;
      card.classList.add("is-queued");
      var note = document.createElement("p");
      note.className = "notice";
      note.textContent = "Kept on this phone: N-S " + item.body.ns_tricks + ", E-W " + (13 - item.body.ns_tricks) +
        ". It will be sent when the connection returns.";
      form.replaceWith(note);
    });
  }

  function post(action, body) {
    var ctl = window.AbortController ? new AbortController() : null;
    var timer = ctl && setTimeout(function () { ctl.abort(); }, 12000);
    var headers = { "Content-Type": "application/json", "Accept": "application/json" };
    if (body.key) headers["Idempotency-Key"] = body.key;
    return fetch(url(action, body), {
      method: "POST", credentials: "same-origin", signal: ctl && ctl.signal,
      headers: headers, body: JSON.stringify(body)
    }).then(function (res) {
      clearTimeout(timer);
      return res.json().catch(function () { return { detail: "The server answered " + res.status + "." }; })
        .then(function (data) { setOnline(true); return { status: res.status, data: data }; });
    }, function (err) { clearTimeout(timer); setOnline(false); throw err; });
  }

  function message(d) {
    if (d.detail) return d.detail;
    for (var k in d) { if (Array.isArray(d[k]) && d[k].length) return d[k][0]; }
    return "not accepted.";
  }

  function report(item, res, wasKept) {
    var d = res.data, b = item.body;
    if (res.status === 409 && d.stored) {
      var stored = "N-S " + d.stored.ns_tricks + ", E-W " + d.stored.ew_tricks;
      if (d.stored.ns_tricks === null) stored = "an award from the director";
      var yours = d.attempted ? "N-S " + d.attempted.ns_tricks + ", E-W " + d.attempted.ew_tricks : "";
      var same = d.attempted && d.attempted.ns_tricks === d.stored.ns_tricks;
      flash("Not sent: tray " + b.tray + " was already sent from this table.", "error",
        "Stored: " + stored + (same ? " (the same as yours)." : ". Yours: " + yours + ".") +
        " The first send stands; if it is wrong, E-W can dispute it.");
    } else if (res.status >= 400) {
      flash("Tray " + b.tray + ": " + message(d), "error");
    } else if (item.action === "send") {
      flash("Tray " + b.tray + " sent: N-S " + d.line.ns_tricks + ", E-W " + d.line.ew_tricks + "." +
        (wasKept ? " (It was kept on this phone while the connection was down.)" : "") + " Now E-W check it.");
    } else if (item.action === "confirm") {
      flash("Tray " + b.tray + " checked by E-W.");
    } else {
      flash("Tray " + b.tray + ": your count (N-S " + b.claimed + ", E-W " + (13 - b.claimed) +
        ") went to the director, who will settle it.", "warn");
    }
  }

  function formBody(form) {
    var body = {};
    new FormData(form).forEach(function (v, k) { if (k !== "csrfmiddlewaretoken") body[k] = v; });
    ["tray", "round", "ns_tricks", "ns_revokes", "ew_revokes", "claimed", "version"].forEach(function (k) {
      if (body[k] !== undefined && body[k] !== "") body[k] = parseInt(body[k], 10);
    });
    return body;
  }

  function submit(form) {
    var action = form.dataset.action, body = formBody(form);
    var err = form.querySelector("[data-error]");
    var need = action === "send" ? "ns_tricks" : action === "dispute" ? "claimed" : null;
    if (need && body[need] === undefined) {
      err.hidden = false; err.textContent = "Tap the number of tricks N-S took first.";
      return;
    }
    if (action === "send" && !body.key) body.key = newKey();
    flashBox.hidden = true;
    var item = { action: action, body: body, at: Date.now() };
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    post(action, body).then(function (res) {
      report(item, res, false);
      if (res.status >= 400 && res.status !== 409 && err) { err.hidden = false; err.textContent = message(res.data); }
      if (button) button.disabled = false;
      refresh();
    }, function () {
      var items = load(); items.push(item); save(items); showOutbox();
    });
  }

  function flush() {
    var items = load();
    if (flushing || !items.length) return Promise.resolve();
    flushing = true;
    var item = items[0];
    return post(item.action, item.body).then(function (res) {
      save(load().slice(1)); showOutbox(); report(item, res, true); flushing = false;
      return load().length ? flush() : refresh();
    }, function () { flushing = false; showOutbox(); });
  }

  function remember() {
    var picked = [], open = [];
    main.querySelectorAll("input[type=radio]:checked").forEach(function (r) {
      var card = r.closest(".tray");
      if (card) picked.push([card.id, r.form.dataset.action, r.name, r.value]);
    });
    main.querySelectorAll("details[open]").forEach(function (d) {
      var card = d.closest(".tray");
      if (card) open.push([card.id, d.className]);
    });
    return { picked: picked, open: open };
  }

  function restore(state) {
    state.open.forEach(function (o) {
      var d = document.querySelector("#" + o[0] + " details." + o[1].split(" ")[0]);
      if (d) d.open = true;
    });
    state.picked.forEach(function (p) {
      var r = document.querySelector("#" + p[0] + " form[data-action=" + p[1] + "] input[name=" + p[2] + "][value='" + p[3] + "']");
      if (r) { r.checked = true; label(r); }
    });
  }

  function refresh() {
    return fetch(root.dataset.base, { credentials: "same-origin", headers: { "X-Table-Partial": "1" } })
      .then(function (res) { return res.ok ? res.text() : null; })
      .then(function (html) {
        if (html === null) return;
        var state = remember();
        main.innerHTML = html;
        restore(state);
        showOutbox();
        setOnline(true);
      }, function () { setOnline(false); });
  }

  function poll() {
    if (document.hidden) return;
    if (load().length) { flush(); return; }
    fetch(api, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (state) {
        var inner = document.getElementById("main-inner");
        if (state && inner && state.stamp !== inner.dataset.stamp) refresh();
        setOnline(true);
      }, function () { setOnline(false); });
  }

  function label(radio) {
    var form = radio.form, button = form && form.querySelector(".send-btn");
    if (!button || radio.name !== "ns_tricks") return;
    var n = parseInt(radio.value, 10);
    button.textContent = button.dataset.label + ": N-S " + n + ", E-W " + (13 - n);
    var err = form.querySelector("[data-error]"); if (err) err.hidden = true;
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.dataset || !form.dataset.action || !main.contains(form)) return;
    ev.preventDefault();
    submit(form);
  });
  document.addEventListener("change", function (ev) { if (ev.target.type === "radio") label(ev.target); });
  window.addEventListener("online", function () { setOnline(true); flush(); });
  window.addEventListener("offline", function () { setOnline(false); showOutbox(); });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
  setInterval(function () { if (load().length) flush(); }, 4000);
  setInterval(poll, 10000);
  showOutbox();
  flush();
})();
