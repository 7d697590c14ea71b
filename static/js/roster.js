// Roster: search as you type. Without JavaScript the search box is a plain GET form.
// Roster import: while a worker imports a file, show how far it is ("Imported 600 of 2,000 players").
(function () {
  "use strict";
  var form = document.getElementById("roster-search");
  if (!form || !window.fetch) return;
  var input = form.querySelector("input[name=q]");
  var body = document.querySelector("#roster tbody");
  var count = document.getElementById("roster-count");
  var csrf = document.querySelector("input[name=csrfmiddlewaretoken]");
  var timer = null, latest = 0;

  function cell(row, child, cls) {
    var td = document.createElement("td");
    if (cls) td.className = cls;
    if (child) td.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    row.appendChild(td);
  }

  function badge(active, visitor) {
    var span = document.createElement("span");
    span.className = active ? "badge ok" : "badge";
    span.textContent = active ? "active" : "inactive";
    if (!visitor) return span;
    var both = document.createElement("span");
    var guest = document.createElement("span");
    guest.className = "badge"; guest.textContent = "visitor";
    both.appendChild(span); both.appendChild(document.createTextNode(" ")); both.appendChild(guest);
    return both;
  }

  function toggle(p, q) {
    var f = document.createElement("form");
    f.method = "post"; f.className = "inline";
    f.action = form.dataset.edit.replace(/0\/$/, p.id + "/active/");
    [["csrfmiddlewaretoken", csrf ? csrf.value : ""], ["q", q]].forEach(function (kv) {
      var i = document.createElement("input");
      i.type = "hidden"; i.name = kv[0]; i.value = kv[1]; f.appendChild(i);
    });
    var b = document.createElement("button");
    b.className = "linklike small"; b.textContent = p.active ? "Deactivate" : "Reactivate";
    f.appendChild(b);
    return f;
  }

  function render(players, q) {
    body.textContent = "";
    players.forEach(function (p) {
      var tr = document.createElement("tr");
      if (!p.active) tr.className = "inactive";
      var a = document.createElement("a");
      a.href = form.dataset.edit.replace(/0\/$/, p.id + "/");
      a.textContent = p.name;
      cell(tr, a); cell(tr, p.member_number); cell(tr, badge(p.active, p.visitor)); cell(tr, toggle(p, q), "num");
      body.appendChild(tr);
    });
    if (!players.length) {
      var tr = document.createElement("tr");
      cell(tr, q ? "No player matches \u201c" + q + "\u201d." : "No players yet.", "muted");
      tr.firstChild.colSpan = 4;
      body.appendChild(tr);
    }
    var n = players.length;
    count.textContent = n + " player" + (n === 1 ? "" : "s") + (q ? " matching \u201c" + q + "\u201d" : "") + ".";
  }

  function search() {
    var q = input.value.trim(), ticket = ++latest;
    fetch(form.dataset.url + "?q=" + encodeURIComponent(q), { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (data) { if (ticket === latest) render(data.players, q); })
      .catch(function () { /* the Search button still works */ });
    if (window.history && history.replaceState) {
      history.replaceState(null, "", q ? "?q=" + encodeURIComponent(q) : location.pathname);
    }
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(search, 150);
  });
})();

// Import: the page of an import still running polls its progress every second, then shows the result.
(function () {
  "use strict";
  var box = document.getElementById("roster-import-progress");
  if (!box || !window.fetch || box.dataset.finished === "1") return;
  var said = box.querySelector("[data-said]");
  var bar = box.querySelector("progress");

  function poll() {
    fetch(box.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (data) {
        said.textContent = data.said;
        if (bar) { bar.max = data.total || 1; bar.value = data.done; }
        if (data.finished) location.reload();  // the page then lists what was added and refused
        else setTimeout(poll, 1000);
      })
      .catch(function () { setTimeout(poll, 5000); });
  }

  setTimeout(poll, 1000);
})();
