/* The round timer: count down from the times the server gave (no library).
 * Any element with data-clock='{"ends_at", "change_ends_at", "now", "round"}' shows the time left,
 * counted from the server's clock (the phone's own clock may be wrong: only the difference is used).
 * An element with data-clock-url fetches fresh times now and then (the phone page). */
(function () {
  "use strict";
  if (window.clubwhistClock) return;  // the phone page may carry the script twice
  window.clubwhistClock = true;
  var REFRESH = 20000;

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function span(seconds) {
    var s = Math.max(0, Math.round(seconds));
    return Math.floor(s / 60) + ":" + two(s % 60);
  }

  function words(data, offset) {
    var now = Date.now() + offset;
    // One deadline a round: a table that reached its round before the clock began it plays it, with more time.
    var ends = Date.parse(data.ends_at), over = Date.parse(data.change_ends_at);
    if (now < ends) return ["playing", span((ends - now) / 1000) + " left in round " + data.round];
    if (now < over) return ["change", "Change: " + span((over - now) / 1000) + " to move on"];
    return ["over", "Round " + data.round + ": " + span((now - over) / 1000) + " over time"];
  }

  function offsetOf(el, data) {
    // Server time minus this device's time, measured when the times arrived.
    if (el.dataset.clockSeen !== el.getAttribute("data-clock")) {
      el.dataset.clockSeen = el.getAttribute("data-clock");
      el.dataset.clockOffset = String(Date.parse(data.now) - Date.now());
    }
    return Number(el.dataset.clockOffset || 0);
  }

  function tick() {
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      var raw = el.getAttribute("data-clock");
      if (!raw) return;
      var data;
      try { data = JSON.parse(raw); } catch (e) { return; }
      var shown = words(data, offsetOf(el, data));
      var target = el.querySelector("[data-clock-text]") || el;
      if (target.textContent !== shown[1]) target.textContent = shown[1];
      el.classList.toggle("over", shown[0] === "over");
      el.classList.toggle("change", shown[0] === "change");
      el.hidden = false;
    });
  }

  function refresh() {
    document.querySelectorAll("[data-clock-url]").forEach(function (el) {
      fetch(el.dataset.clockUrl, { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (body) {
          if (!body) return;
          var clock = el.querySelector(".call-clock");
          if (clock) {
            if (body.clock) clock.setAttribute("data-clock", JSON.stringify(body.clock));
            else { clock.removeAttribute("data-clock"); clock.hidden = true; }
          }
          var state = el.querySelector("[data-call-state]");
          if (state) state.hidden = !body.call;
          var button = el.querySelector("[data-call-button]");
          if (button) button.hidden = !!body.call;
        })
        .catch(function () {});
    });
  }

  // The phone's call button: send it without leaving the page (the plain form works without JavaScript).
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.matches || !form.matches("form[data-call-form]") || !window.fetch) return;
    e.preventDefault();
    fetch(form.dataset.callApi, { method: "POST", credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.json().then(function (j) { return [r.ok, j]; }); })
      .then(function (res) {
        var box = form.closest("[data-clock-url]") || document;
        var state = box.querySelector("[data-call-state]");
        var note = box.querySelector("[data-call-note]");
        if (res[0]) {
          if (state) state.hidden = false;
          form.hidden = true;
          if (note) note.hidden = true;
        } else if (note) {
          note.textContent = res[1].error || res[1].detail || "The call did not go through; ask for the director.";
          note.hidden = false;
        }
      })
      .catch(function () { form.submit(); });
  });

  tick();
  setInterval(tick, 1000);
  if (document.querySelector("[data-clock-url]")) {
    refresh();
    setInterval(function () { if (!document.hidden) refresh(); }, REFRESH);
  }
})();
