/* The designer: the pairs' or the players' sizes as the kind chosen; a search's progress polled until done.
 * Without JavaScript both sets of sizes show (the kind chosen decides) and "Look again" reloads the page. */
(function () {
  "use strict";
  var form = document.getElementById("design-form");
  if (form) {
    var show = function () {
      var kind = form.querySelector('input[name="kind"]:checked');
      form.querySelectorAll(".design-sizes").forEach(function (box) {
        box.hidden = !!kind && box.dataset.kind !== kind.value;
      });
    };
    form.addEventListener("change", function (e) { if (e.target.name === "kind") show(); });
    show();
  }

  var box = document.getElementById("design");
  if (!box || !window.fetch || box.dataset.finished === "1") return;
  var said = box.querySelector("[data-said]");
  var bar = box.querySelector("progress");
  var again = box.querySelector("[data-look-again]");
  if (again) again.hidden = true;

  function poll() {
    fetch(box.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (data) {
        said.textContent = data.said;
        if (bar) { bar.value = Math.round(100 * data.used); bar.textContent = bar.value + "%"; }
        if (data.finished) location.reload();  // the page then shows the movement found
        else setTimeout(poll, 1000);
      })
      .catch(function () { setTimeout(poll, 5000); });
  }

  setTimeout(poll, 1000);
})();
