/* The phone page's script: send without reloading, keep sends made offline, refresh when things change.
 * It speaks the phones' REST API (/api/v1/tables/<token>/ or /api/v1/entrant-links/<token>/), the same
 * protocol as any other client, with one error body: {"field": ["message"]}, {"detail": "..."}, and on a
 * 409 {"detail", "stored", "attempted"}. The page works without it (plain forms); the server checks
 * everything. A send made with no connection is kept on the phone (localStorage, which outlives a reload)
 * and goes when the connection returns; each one is named when it has gone. The service worker
 * (/sw.js) lets the page itself reload with no connection. No framework, no build step. */
(function () {
  "use strict";
  var root = document.getElementById("table-root");
  if (!root || !window.fetch || !window.JSON) return;
  var api = root.dataset.api;
  var main = document.getElementById("table-main");
  var outbox = document.getElementById("outbox");
  var flashBox = document.getElementById("flash");
  var net = document.getElementById("net");
  var STORE = "clubwhist.outbox:" + root.dataset.base;
  var flushing = false;
  var errors = {};  // tray -> the refusal shown next to its forms, kept across refreshes
  var asks = {};  // tray -> {item, text}: the question asked in its card before a send, kept across refreshes

  function url(action, body) {
    if (action === "send") return api + "results/";
    return api + "trays/" + body.tray + "/" + action + "/";
  }
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
    net.setAttribute("aria-label", net.textContent + ": " + net.title);
  }

  function flash(text, kind, detail, list) {
    flashBox.hidden = false;
    flashBox.className = "flash" + (kind ? " " + kind : "");
    flashBox.textContent = text;
    if (detail) { var s = document.createElement("span"); s.className = "both"; s.textContent = detail; flashBox.appendChild(s); }
    if (list && list.length) {
      var ul = document.createElement("ul");
      list.forEach(function (line) {
        var li = document.createElement("li"); li.textContent = line.text;
        if (line.bad) li.className = "bad";
        ul.appendChild(li);
      });
      flashBox.appendChild(ul);
    }
    flashBox.scrollIntoView({ block: "nearest" });
  }

  /* A refusal next to the tray's forms (and kept there when the page refreshes). */
  function showError(tray, text) {
    errors[tray] = text;
    placeErrors();
  }
  function placeErrors() {
    Object.keys(errors).forEach(function (tray) {
      var card = document.getElementById("tray-" + tray);
      if (!card) return;
      var p = card.querySelector("[data-error]");
      if (!p) {
        p = document.createElement("p");
        p.className = "form-error"; p.setAttribute("data-error", ""); p.setAttribute("role", "alert");
        card.querySelector(".tray-head").insertAdjacentElement("afterend", p);
      }
      p.hidden = false;
      p.textContent = errors[tray];
    });
  }
  function clearError(tray) {
    delete errors[tray];
    var card = document.getElementById("tray-" + tray);
    var p = card && card.querySelector("[data-error]");
    if (p) { p.hidden = true; p.textContent = ""; }
  }

  function pair(ns) { return "N-S " + ns + ", E-W " + (13 - ns); }
  /* A kept item in words, naming the side that acts (its form's data-side: the side this phone sits
   * for a send, the sender for a correction, the checking side for a check or a dispute). */
  function describe(item) {
    var b = item.body, s = item.side, whose = s ? s + "'s " : "";
    if (item.action === "send") return "tray " + b.tray + " (" + (s ? "sent by " + s + ": " : "") + pair(b.ns_tricks) + ")";
    if (item.action === "amend") return "tray " + b.tray + " (" + whose + "correction: " + pair(b.ns_tricks) + ")";
    if (item.action === "confirm") return "tray " + b.tray + " (" + (s ? "checked by " + s : "checked") + ")";
    return "tray " + b.tray + " (" + whose + "count: " + pair(b.claimed) + ")";
  }

  function showOutbox() {
    var items = load();
    outbox.hidden = items.length === 0;
    outbox.textContent = "";
    if (!items.length) return;
    var head = document.createElement("p");
    head.className = "outbox-h";
    head.textContent = (navigator.onLine === false ? "No connection. " : "Connection trouble. ") +
      "Kept on this phone, waiting to be sent (" + items.length + "):";
    var ul = document.createElement("ul");
    items.forEach(function (item) { var li = document.createElement("li"); li.textContent = describe(item); ul.appendChild(li); });
    var foot = document.createElement("p");
    foot.className = "outbox-f";
    foot.textContent = "Kept on this phone: " + items.map(describe).join("; ") +
      ". It will be sent when the connection returns; keep this page open or come back to it.";
    outbox.appendChild(head); outbox.appendChild(ul); outbox.appendChild(foot);
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
      note.className = "notice queued";
      note.textContent = "Kept on this phone: " + pair(item.body.ns_tricks) +
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

  /* The side that checks a line sent by this side ("NS", "EW"; blank: N-S sent it). */
  function other(sent) { return sent === "EW" ? "N-S" : "E-W"; }

  /* A refusal's sentence, led by its tray unless it names the tray itself ("E-W sent tray 9: ..."). */
  function named(said, tray) {
    return new RegExp("\\btray " + tray + "\\b", "i").test(said) ? said : "Tray " + tray + ": " + said;
  }

  /* What became of one item, as a line: {text, bad, detail}. */
  function outcome(item, res) {
    var d = res.data, b = item.body;
    if (res.status === 409 && d.stored) {
      var stored = d.stored.ns_tricks === null ? "an award from the director" : pair(d.stored.ns_tricks);
      var yours = d.attempted ? pair(d.attempted.ns_tricks) : "";
      var same = d.attempted && d.attempted.ns_tricks === d.stored.ns_tricks;
      return { bad: true, text: "Not sent: tray " + b.tray + " was already sent from this table.",
        detail: "Stored: " + stored + (same ? " (the same as yours)." : ". Yours: " + yours + ".") +
          " The first send stands; if it is wrong, the side that sent it may correct it until the other side checks it, or the other side can dispute it." };
    }
    if (res.status >= 400) return { bad: true, text: named(message(d), b.tray) };
    if (item.action === "send") return { text: "Tray " + b.tray + " sent: " + pair(d.line.ns_tricks) + ". Now " + other(d.line.entered_side) + " check it." };
    if (item.action === "amend") return { text: "Tray " + b.tray + " corrected: " + pair(d.ns_tricks) + ". Now " + other(d.entered_side) + " check it." };
    if (item.action === "confirm") return { text: "Tray " + b.tray + " checked by " + other(d.entered_side) + "." };
    return { warn: true, text: "Tray " + b.tray + ": your count (" + pair(b.claimed) + ") went to the director, who will settle it." };
  }

  function report(item, res) {
    var line = outcome(item, res);
    flash(line.text, line.bad ? "error" : line.warn ? "warn" : "", line.detail);
    if (!line.bad) { clearError(item.body.tray); return; }
    showError(item.body.tray, line.text + (line.detail ? " " + line.detail : ""));
    var p = document.querySelector("#tray-" + item.body.tray + " [data-error]");
    if (p) p.scrollIntoView({ block: "center" });  // the refusal in view, next to the form it concerns
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
    var need = action === "send" || action === "amend" ? "ns_tricks" : action === "dispute" ? "claimed" : null;
    if (need && body[need] === undefined) {
      showError(body.tray, "Tap the number of tricks N-S took first.");
      return;
    }
    if (action === "send" && !body.key) body.key = newKey();
    if (action === "send" || action === "amend") body.ask = true;  // a count the checks would flag: asked once, in the card
    flashBox.hidden = true;
    var item = { action: action, body: body, side: form.dataset.side || "", at: Date.now() };
    go(form, item);
  }

  /* Post one item from its form: a question is asked in the tray's card, a refusal shown beside it. */
  function go(form, item) {
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    post(item.action, item.body).then(function (res) {
      if (button) button.disabled = false;
      if (res.status === 400 && res.data.ask) { delete item.body.ask; askFirst(item, res.data.ask[0]); return; }
      report(item, res);
      refresh();
    }, function () {
      if (button) button.disabled = false;
      delete item.body.ask;  // kept on the phone: it goes as the pair sent it, not asked again
      var items = load(); items.push(item); save(items); showOutbox();
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(function () {});
    });
  }

  /* The question before a count the checks would flag ("N-S 4, so E-W 9: is that right?"), asked once in
   * the tray's card where its send button was: yes sends the same count with the same key, no leaves the
   * count to change. Kept across refreshes until answered or the count is changed. */
  function askFirst(item, text) {
    clearError(item.body.tray);
    asks[item.body.tray] = { item: item, text: text };
    placeAsks();
    var yes = document.querySelector("#tray-" + item.body.tray + " .ask-yes");
    if (yes) { yes.focus({ preventScroll: true }); yes.scrollIntoView({ block: "center" }); }
  }
  function placeAsks() {
    Object.keys(asks).forEach(function (tray) {
      var item = asks[tray].item, form = askedForm(tray);
      if (!form) { delete asks[tray]; return; }
      if (form.querySelector(".ask-first")) return;
      var ns = item.body.ns_tricks, send = form.querySelector("button[type=submit]");
      var yes = (item.action === "amend" ? "Yes, correct to N-S " : "Yes, send N-S ") + ns;
      var box = document.createElement("div");
      box.className = "ask-first"; box.setAttribute("role", "group"); box.setAttribute("aria-labelledby", "ask-" + tray);
      var q = document.createElement("p");
      q.id = "ask-" + tray; q.className = "ask-q"; q.setAttribute("role", "alert"); q.textContent = asks[tray].text;
      box.appendChild(q);
      box.appendChild(answer("btn big ask-yes", yes, function () { answered(tray, true); }));
      box.appendChild(answer("btn big secondary ask-no", "No, change it", function () { answered(tray, false); }));
      if (send) send.hidden = true;
      form.insertBefore(box, send);
    });
  }
  function answer(cls, text, then) {
    var b = document.createElement("button");
    b.type = "button"; b.className = cls; b.textContent = text;
    b.addEventListener("click", then);
    return b;
  }
  /* The form whose count is asked about: the tray's send, or its correction. */
  function askedForm(tray) {
    var action = asks[tray] ? asks[tray].item.action : "send";
    return document.querySelector("#tray-" + tray + " form[data-action=" + action + "]");
  }
  function unask(tray) {
    var form = askedForm(tray);
    delete asks[tray];
    var box = form && form.querySelector(".ask-first"), send = form && form.querySelector("button[type=submit]");
    if (box) box.remove();
    if (send) send.hidden = false;
    return form;
  }
  function answered(tray, yes) {
    var item = asks[tray] && asks[tray].item, form = unask(tray);
    if (!item || !form) return;
    if (yes) { item.body.sure = true; go(form, item); return; }
    var picked = form.querySelector("input[name=ns_tricks]:checked");
    if (picked) { picked.focus({ preventScroll: true }); picked.closest("fieldset").scrollIntoView({ block: "center" }); }
  }

  /* Everything kept on the phone goes, oldest first; then one message names each of them. */
  function flush() {
    if (flushing || !load().length) return Promise.resolve();
    flushing = true;
    var done = [];
    function next() {
      var items = load();
      if (!items.length) return Promise.resolve();
      var item = items[0];
      return post(item.action, item.body).then(function (res) {
        save(load().slice(1));
        var line = outcome(item, res);
        done.push(line);
        if (line.bad) showError(item.body.tray, line.text + (line.detail ? " " + line.detail : ""));
        return next();
      });
    }
    function finish() {
      flushing = false;
      showOutbox();
      if (!done.length) return;
      var bad = done.some(function (l) { return l.bad; });
      var lines = done.map(function (l) { return { text: l.text + (l.detail ? " " + l.detail : ""), bad: l.bad }; });
      flash("Sent now, kept on this phone while the connection was down (" + done.length + "):", bad ? "error" : "", "", lines);
      return refresh();
    }
    return next().then(finish, finish);
  }

  function remember() {
    var picked = [], open = [];
    main.querySelectorAll("input[type=radio]:checked").forEach(function (r) {
      var card = r.closest(".tray");
      if (card && r.form) picked.push([card.id, r.form.dataset.action, r.name, r.value]);
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

  /* Ask the service worker to keep this link's page as it is now, for a reload with no connection. */
  function keepPage() {
    var sw = navigator.serviceWorker;
    if (sw && sw.controller) sw.controller.postMessage({ type: "keep", url: root.dataset.base });
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
        placeErrors();
        placeAsks();
        setOnline(true);
        keepPage();
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
    button.textContent = button.dataset.label + ": " + pair(parseInt(radio.value, 10));
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.dataset || !form.dataset.action || !main.contains(form)) return;
    ev.preventDefault();
    submit(form);
  });
  document.addEventListener("change", function (ev) {
    if (ev.target.type !== "radio") return;
    label(ev.target);
    var card = ev.target.closest(".tray");  // a new count: the old refusal no longer applies
    if (card && (ev.target.name === "ns_tricks" || ev.target.name === "claimed")) clearError(card.dataset.tray);
    if (card && ev.target.name === "ns_tricks" && asks[card.dataset.tray]) unask(card.dataset.tray);  // asked of the old count
  });
  window.addEventListener("online", function () { setOnline(true); flush(); });
  window.addEventListener("offline", function () { setOnline(false); showOutbox(); });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
  setInterval(function () { if (load().length) flush(); }, 4000);
  setInterval(poll, 10000);
  if (navigator.serviceWorker && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (reg) {
      // The first visit came before the worker: have it keep this page now.
      if (!navigator.serviceWorker.controller && reg.active) reg.active.postMessage({ type: "keep", url: root.dataset.base });
    }).catch(function () { /* no service worker: the page still works while it stays open */ });
  }
  setOnline(navigator.onLine !== false);
  showOutbox();
  if (load().length) flush(); else poll();  // at once: a page opened from the phone learns if the connection is back
})();
