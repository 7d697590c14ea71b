/* The director's live board: poll board.json and update the grid in place (no framework, no reload).
 * The server renders the first view; this only keeps it current. Polling pauses while the tab is hidden. */
(function () {
  "use strict";
  var grid = document.getElementById("board");
  if (!grid) return;
  var url = grid.dataset.json;
  var status = grid.dataset.status;
  var EVERY = 4000;
  var last = "";
  var timer = null;

  function esc(text) {
    var span = document.createElement("span");
    span.textContent = text == null ? "" : String(text);
    return span.innerHTML;
  }

  function chip(t) {
    return '<span class="chip chip-' + esc(t.state) + '" title="' + esc(t.title) + '">' + esc(t.tray) + "</span>";
  }

  function updateCell(table, c) {
    var td = document.getElementById("c-" + table + "-" + c.round);
    if (!td) return;
    td.className = "cell st-" + c.state;
    td.querySelector(".chips").innerHTML = c.trays.map(chip).join("");
    td.querySelector(".state").textContent = c.label;
  }

  function updateRow(row) {
    var th = document.getElementById("t-" + row.table);
    if (th) {
      th.querySelector(".late-flag").hidden = !row.late;
      var time = th.querySelector(".row-time");
      if (time) { time.textContent = row.time || ""; time.hidden = !row.time; }
    }
    row.cells.forEach(function (c) { updateCell(row.table, c); });
  }

  function updateAttention(data) {
    // The server draws "Needs you" (calls, disputes, unconfirmed lines, late tables) with its buttons.
    document.getElementById("attention-list").innerHTML = data.needs_html;
    document.getElementById("attention").hidden = data.needs_count === 0;
  }

  function updateClock(data) {
    var clock = document.getElementById("room-clock");
    if (!clock) return;
    if (data.clock) clock.setAttribute("data-clock", JSON.stringify(data.clock));
    else clock.removeAttribute("data-clock");
    clock.hidden = !data.clock;
  }

  function updateAllIn(data) {
    // Once every tray is in, the server's sentence: true of the "Needs you" list as it stands.
    var allIn = document.getElementById("all-in");
    if (!allIn) return;
    allIn.innerHTML = data.all_in_html || "";
    allIn.hidden = !data.all_in;
  }

  function updateRound(data) {
    var now = document.getElementById("room-round");
    if (now) now.textContent = "Round " + data.room_round;
    grid.querySelectorAll("thead th[data-round]").forEach(function (th) {
      th.classList.toggle("now", data.status === "running" && Number(th.dataset.round) === data.room_round);
    });
  }

  function render(data) {
    if (data.status !== status) { window.location.reload(); return; }
    data.tables.forEach(updateRow);
    updateAttention(data);
    updateClock(data);
    updateAllIn(data);
    updateRound(data);
    Object.keys(data.totals).forEach(function (k) {
      var b = document.querySelector('#totals [data-k="' + k + '"]');
      if (b) b.textContent = data.totals[k];
    });
  }

  function stamp(text) {
    var el = document.getElementById("board-stamp");
    if (el) el.textContent = text;
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(poll, EVERY);
  }

  function poll() {
    if (document.hidden) { schedule(); return; }
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.text(); })
      .then(function (text) {
        if (text !== last) { last = text; render(JSON.parse(text)); }
        stamp("Updated " + new Date().toLocaleTimeString());
      })
      .catch(function () { stamp("Cannot reach the server; trying again…"); })
      .then(schedule);
  }

  document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
  schedule();
})();
