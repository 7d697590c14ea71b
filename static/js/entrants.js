/* Entrants: type a name (or a member number) to find a player in each row's drop-down.
 * Without JavaScript the rows are plain drop-downs. With it, each drop-down stays in the form (it is what
 * is sent) but is hidden from sight, and a search box with a list of matches stands in its place; a
 * player already chosen in another row is not offered again. A name on no roster entry can be added as
 * a visitor: the drop-down's hidden companion (data-visitor) carries the name, and the server adds the
 * player to the roster with the row. Each row is named as the entrant it becomes ("Pair 9"), counting
 * only the rows filled above it, as the server numbers them. */
(function () {
  "use strict";
  var form = document.getElementById("entrant-rows");
  if (!form) return;
  var selects = Array.prototype.slice.call(form.querySelectorAll("select[data-player]"));
  var MAX = 8;

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function chosenElsewhere(select) {
    var taken = {};
    selects.forEach(function (other) { if (other !== select && other.value) taken[other.value] = true; });
    return taken;
  }

  function labelOf(select) {
    var option = select.options[select.selectedIndex];
    return option && option.value ? option.text : "";
  }

  function visitorOf(select) {
    return select.dataset.visitor ? document.getElementById(select.dataset.visitor) : null;
  }

  function filled(row) {
    return Array.prototype.some.call(row.querySelectorAll("select[data-player]"), function (select) {
      var visitor = visitorOf(select);
      return select.value || (visitor && visitor.value);
    });
  }

  // As the server names the rows: the filled ones in order, an empty one between two filled "—".
  function renumber() {
    var unit = form.dataset.unit;
    if (!unit) return;
    var rows = Array.prototype.slice.call(form.querySelectorAll("tr[data-row]"));
    var last = -1;
    rows.forEach(function (row, i) { if (filled(row)) last = i; });
    var number = parseInt(form.dataset.first, 10) || 1;
    rows.forEach(function (row, i) {
      var skipped = i < last && !filled(row);
      var label = skipped ? "—" : unit + " " + number++;
      var cell = row.querySelector("td.n");
      if (cell) cell.textContent = label;
      Array.prototype.forEach.call(row.querySelectorAll("select, input"), function (el) {
        var aria = el.getAttribute("aria-label");
        if (aria) el.setAttribute("aria-label", aria.replace(/^[^,]*/, skipped ? "Empty row" : label));
      });
    });
  }

  function enhance(select) {
    var input = document.createElement("input");
    var list = document.createElement("ul");
    var note = document.createElement("p");
    var add = document.createElement("button");
    var wrap = document.createElement("div");
    var visitor = visitorOf(select);
    var active = -1;
    var matches = [];
    wrap.className = "combo";
    input.type = "text";
    input.id = select.id + "-search";
    input.autocomplete = "off";
    input.placeholder = "Type a name…";
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", select.id + "-list");
    input.setAttribute("aria-label", select.getAttribute("aria-label") || "Player");
    list.id = select.id + "-list";
    list.className = "combo-list";
    list.setAttribute("role", "listbox");
    list.hidden = true;
    note.className = "combo-note";
    note.setAttribute("role", "status");
    note.hidden = true;
    add.type = "button";
    add.className = "linklike small combo-add";
    add.hidden = true;
    select.classList.add("combo-source");
    select.tabIndex = -1;
    select.setAttribute("aria-hidden", "true");
    select.parentNode.insertBefore(wrap, select);
    wrap.appendChild(input);
    wrap.appendChild(list);
    wrap.appendChild(note);
    wrap.appendChild(add);
    wrap.appendChild(select);
    input.value = labelOf(select);
    if (visitor && visitor.value && !select.value) {
      input.value = visitor.value;
      sayVisitor();
    }

    function sayVisitor() {
      note.hidden = false;
      note.classList.add("visitor");
      note.textContent = "“" + visitor.value + "” is not on the roster: added as a visitor with this row.";
      add.hidden = true;
    }

    function offerVisitor(typed) {
      add.hidden = !(visitor && typed);
      add.textContent = "Add “" + typed + "” as a visitor";
    }

    add.addEventListener("click", function () {
      visitor.value = input.value.trim();
      select.value = "";
      sayVisitor();
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }

    function highlight(i) {
      active = i;
      Array.prototype.forEach.call(list.children, function (li, k) {
        li.setAttribute("aria-selected", k === i ? "true" : "false");
      });
      if (i >= 0) input.setAttribute("aria-activedescendant", list.children[i].id);
    }

    function pick(option) {
      select.value = option.value;
      input.value = option.text;
      if (visitor) visitor.value = "";
      note.hidden = true;
      add.hidden = true;
      close();
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }

    function search() {
      var q = fold(input.value.trim());
      var taken = chosenElsewhere(select);
      matches = Array.prototype.filter.call(select.options, function (o) {
        return o.value && !taken[o.value] && (!q || fold(o.text).indexOf(q) !== -1);
      }).slice(0, MAX);
      list.textContent = "";
      matches.forEach(function (o, k) {
        var li = document.createElement("li");
        li.id = select.id + "-opt-" + o.value;
        li.setAttribute("role", "option");
        li.textContent = o.text;
        li.addEventListener("mousedown", function (e) { e.preventDefault(); pick(o); });
        list.appendChild(li);
        if (k === 0) li.setAttribute("aria-selected", "true");
      });
      list.hidden = matches.length === 0;
      input.setAttribute("aria-expanded", matches.length ? "true" : "false");
      highlight(matches.length ? 0 : -1);
      note.hidden = !(q && matches.length === 0);
      note.classList.remove("visitor");
      note.textContent = "No player on the roster matches “" + input.value.trim() + "”.";
      if (visitor && visitor.value && visitor.value === input.value.trim()) sayVisitor();
      else offerVisitor(matches.length === 0 ? input.value.trim() : "");
    }

    input.addEventListener("input", function () {
      if (!input.value.trim()) select.value = "";
      if (visitor && visitor.value && visitor.value !== input.value.trim()) visitor.value = "";
      search();
      renumber();
    });
    input.addEventListener("focus", search);
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        if (list.hidden) search();
        var step = e.key === "ArrowDown" ? 1 : -1;
        if (matches.length) highlight((active + step + matches.length) % matches.length);
      } else if (e.key === "Enter" && !list.hidden && active >= 0) {
        e.preventDefault();
        pick(matches[active]);
      } else if (e.key === "Escape") {
        close();
      }
    });
    input.addEventListener("blur", function () {
      close();
      if (!input.value.trim()) { select.value = ""; note.hidden = true; add.hidden = true; return; }
      if (visitor && visitor.value && visitor.value === input.value.trim()) { sayVisitor(); return; }
      if (input.value !== labelOf(select)) {
        // Typed but not picked: take the only match, else leave the row empty and say so.
        search();
        close();
        if (matches.length === 1) pick(matches[0]);
        else { select.value = ""; note.hidden = false; note.classList.remove("visitor"); if (matches.length) note.textContent = "Pick one of the players listed."; }
      }
    });
    select.addEventListener("change", function () {
      if (visitor && visitor.value && !select.value) return;  // a visitor named: the box keeps the name
      if (input.value !== labelOf(select)) input.value = labelOf(select);
    });
  }

  selects.forEach(enhance);
  form.addEventListener("change", renumber);

  // A name typed but matching nobody would be sent as an empty place: stop and say so instead.
  form.addEventListener("submit", function (e) {
    var stray = Array.prototype.filter.call(form.querySelectorAll(".combo"), function (wrap) {
      var input = wrap.querySelector("input");
      var select = wrap.querySelector("select");
      var visitor = visitorOf(select);
      return input.value.trim() && !select.value && !(visitor && visitor.value === input.value.trim());
    });
    if (!stray.length) return;
    e.preventDefault();
    stray.forEach(function (wrap) { wrap.querySelector(".combo-note").hidden = false; });
    stray[0].querySelector("input").focus();
  });
})();
