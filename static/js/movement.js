/* Choosing a movement: picking another recommendation picks the scoring method the book gives it and says why.
 * Without JavaScript the method starts at the one recommended for the movement checked when the page loads. */
(function () {
  "use strict";
  var form = document.getElementById("movement-form");
  var select = document.getElementById("id_scoring_method");
  var advice = document.getElementById("scoring-advice");
  if (!form || !select || !advice) return;
  function show(radio) {
    if (!radio.dataset.method) { advice.hidden = true; return; }
    select.value = radio.dataset.method;
    advice.querySelector('[data-advice="movement"]').textContent = radio.dataset.movement;
    advice.querySelector('[data-advice="method"]').textContent = radio.dataset.methodLabel;
    advice.querySelector('[data-advice="reason"]').textContent = radio.dataset.methodReason;
    advice.hidden = false;
  }
  form.addEventListener("change", function (e) {
    if (e.target.name === "choice") show(e.target);
  });
})();
