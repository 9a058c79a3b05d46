// La Mesa's board builder: cards by Spanish or English name, counters, damage, attachments.
// Builds the board JSON (see /api/table/schema), checks it with POST /api/table/check, and sends it
// with the question. All text goes in with textContent: nothing from the user is parsed as HTML.
(function () {
  var root = document.getElementById("board-builder");
  if (!root) { return; }
  var es = root.getAttribute("data-lang") !== "en";
  var T = es ? {card: "Carta", ctrl: "Controlador", me: "Yo", opp: "Rival", plus: "+1/+1", minus: "-1/-1",
                dmg: "Daño", dt: "Daño de toque mortal", tapped: "Girada", token: "Ficha", att: "Anexada a",
                attack: "Atacando", none: "—", remove: "Quitar", steps: "Pasos", result: "Resultado",
                rule: "regla", problems: "La mesa tiene errores", nothing: "No hay acciones que aplicar.",
                bf: "Campo de batalla"}
            : {card: "Card", ctrl: "Controller", me: "Me", opp: "Opponent", plus: "+1/+1", minus: "-1/-1",
               dmg: "Damage", dt: "Deathtouch damage", tapped: "Tapped", token: "Token", att: "Attached to",
               attack: "Attacking", none: "—", remove: "Remove", steps: "Steps", result: "Result", rule: "rule",
               problems: "The table has problems", nothing: "No actions apply.", bf: "Battlefield"};
  var list = document.getElementById("perms");
  var counter = 0;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function field(label, input) {
    var l = el("label", {}, label + " ");
    l.appendChild(input);
    return l;
  }
  function refreshAttachOptions() {
    var ids = Array.prototype.map.call(list.children, function (li) { return li.getAttribute("data-id"); });
    Array.prototype.forEach.call(list.querySelectorAll("select.att"), function (sel) {
      var current = sel.value;
      var own = sel.getAttribute("data-own");
      while (sel.firstChild) { sel.removeChild(sel.firstChild); }
      sel.appendChild(el("option", {value: ""}, T.none));
      ids.forEach(function (id) {
        if (id !== own) { sel.appendChild(el("option", {value: id}, id)); }
      });
      sel.value = ids.indexOf(current) >= 0 ? current : "";
    });
  }
  function addPermanent() {
    counter += 1;
    var id = "c" + counter;
    var li = el("li", {"data-id": id, "class": "perm"});
    li.appendChild(el("strong", {}, id));
    var name = el("input", {type: "text", list: "card-suggestions", "class": "name", required: "required",
                            placeholder: es ? "Nombre (español o inglés)" : "Name (Spanish or English)"});
    name.addEventListener("input", suggest);
    li.appendChild(field(T.card, name));
    var ctrl = el("select", {"class": "ctrl"});
    ctrl.appendChild(el("option", {value: "yo"}, T.me));
    ctrl.appendChild(el("option", {value: "rival"}, T.opp));
    li.appendChild(field(T.ctrl, ctrl));
    li.appendChild(field(T.plus, el("input", {type: "number", min: "0", value: "0", "class": "plus"})));
    li.appendChild(field(T.minus, el("input", {type: "number", min: "0", value: "0", "class": "minus"})));
    li.appendChild(field(T.dmg, el("input", {type: "number", min: "0", value: "0", "class": "dmg"})));
    li.appendChild(field(T.dt, el("input", {type: "checkbox", "class": "dt"})));
    li.appendChild(field(T.tapped, el("input", {type: "checkbox", "class": "tapped"})));
    li.appendChild(field(T.token, el("input", {type: "checkbox", "class": "token"})));
    li.appendChild(field(T.att, el("select", {"class": "att", "data-own": id})));
    var rm = el("button", {type: "button", "class": "remove"}, T.remove);
    rm.addEventListener("click", function () { list.removeChild(li); refreshAttachOptions(); });
    li.appendChild(rm);
    list.appendChild(li);
    refreshAttachOptions();
    name.focus();
  }
  var timer = null;
  function suggest(ev) {
    var q = ev.target.value.trim();
    clearTimeout(timer);
    if (q.length < 2) { return; }
    timer = setTimeout(function () {
      fetch("/api/autocomplete?q=" + encodeURIComponent(q)).then(function (r) { return r.json(); })
        .then(function (data) {
          var dl = document.getElementById("card-suggestions");
          while (dl.firstChild) { dl.removeChild(dl.firstChild); }
          data.suggestions.filter(function (s) { return s.kind === "card"; }).forEach(function (s) {
            dl.appendChild(el("option", {value: s.label}));
          });
        }).catch(function () {});
    }, 150);
  }
  function num(li, cls) { return parseInt(li.querySelector("." + cls).value || "0", 10) || 0; }
  function boardJSON() {
    var perms = Array.prototype.map.call(list.children, function (li) {
      var p = {id: li.getAttribute("data-id"), card: li.querySelector(".name").value.trim(),
               controller: li.querySelector(".ctrl").value};
      var counters = {};
      if (num(li, "plus")) { counters["+1/+1"] = num(li, "plus"); }
      if (num(li, "minus")) { counters["-1/-1"] = num(li, "minus"); }
      if (Object.keys(counters).length) { p.counters = counters; }
      if (num(li, "dmg")) { p.damage = num(li, "dmg"); }
      if (li.querySelector(".dt").checked) { p.deathtouch_damage = true; }
      if (li.querySelector(".tapped").checked) { p.tapped = true; }
      if (li.querySelector(".token").checked) { p.token = true; }
      var att = li.querySelector(".att").value;
      if (att) { p.attached_to = att; }
      return p;
    });
    function player(id) {
      return {id: id, life: parseInt(document.getElementById("life-" + id).value || "0", 10),
              poison: parseInt(document.getElementById("poison-" + id).value || "0", 10)};
    }
    return {players: [player("yo"), player("rival")], permanents: perms,
            turn: {active_player: "yo", step: document.getElementById("turn-step").value}};
  }
  function show(result) {
    var out = document.getElementById("table-result");
    while (out.firstChild) { out.removeChild(out.firstChild); }
    if (result.error) {
      out.appendChild(el("p", {"class": "error", role: "alert"}, T.problems));
      var ul = el("ul", {"class": "problems"});
      (result.error.problems || [{path: "", message: result.error.message}]).forEach(function (p) {
        ul.appendChild(el("li", {}, (p.path ? p.path + ": " : "") + p.message));
      });
      out.appendChild(ul);
      return;
    }
    out.appendChild(el("h3", {}, T.steps));
    if (!result.steps.length) { out.appendChild(el("p", {}, T.nothing)); }
    var ol = el("ol", {"class": "steps"});
    result.steps.forEach(function (s) {
      var li = el("li", {});
      li.appendChild(document.createTextNode((es ? s.description_es : s.description_en) + " "));
      var a = el("a", {href: "/reglas/" + s.rule + (es ? "" : "?lang=en")}, "(" + T.rule + " " + s.rule + ")");
      li.appendChild(a);
      var d = el("details", {});
      d.appendChild(el("summary", {}, s.rule));
      d.appendChild(el("p", {}, (es && s.quote_es) ? s.quote_es : s.quote));
      li.appendChild(d);
      ol.appendChild(li);
    });
    out.appendChild(ol);
    var left = (result.board && result.board.permanents || []).map(function (p) { return p.id; });
    out.appendChild(el("p", {"class": "muted"}, T.bf + ": " + (left.length ? left.join(", ") : T.none)));
  }
  function restore(board) {
    // After asking with a board, the page comes back with it: rebuild the rows from the JSON.
    (board.players || []).forEach(function (p) {
      var life = document.getElementById("life-" + p.id), poison = document.getElementById("poison-" + p.id);
      if (life) { life.value = p.life; }
      if (poison) { poison.value = p.poison || 0; }
    });
    if (board.turn && board.turn.step) { document.getElementById("turn-step").value = board.turn.step; }
    (board.permanents || []).forEach(function (p) {
      addPermanent();
      var li = list.lastChild;
      li.querySelector(".name").value = p.card || "";
      li.querySelector(".ctrl").value = p.controller === "rival" ? "rival" : "yo";
      li.querySelector(".plus").value = (p.counters || {})["+1/+1"] || 0;
      li.querySelector(".minus").value = (p.counters || {})["-1/-1"] || 0;
      li.querySelector(".dmg").value = p.damage || 0;
      li.querySelector(".dt").checked = !!p.deathtouch_damage;
      li.querySelector(".tapped").checked = !!p.tapped;
      li.querySelector(".token").checked = !!p.token;
    });
    (board.permanents || []).forEach(function (p, i) {
      if (p.attached_to) { list.children[i].querySelector(".att").value = p.attached_to; }
    });
  }
  var saved = document.getElementById("board-json").value;
  if (saved) {
    try { restore(JSON.parse(saved)); } catch (e) { /* a hand-edited URL: start with an empty table */ }
  }
  document.getElementById("add-perm").addEventListener("click", addPermanent);
  document.getElementById("check-board").addEventListener("click", function () {
    fetch("/api/table/check", {method: "POST", headers: {"Content-Type": "application/json"},
                               body: JSON.stringify(boardJSON())})
      .then(function (r) { return r.json(); }).then(show)
      .catch(function (e) { show({error: {message: String(e)}}); });
  });
  document.getElementById("ask-form").addEventListener("submit", function () {
    document.getElementById("board-json").value = list.children.length ? JSON.stringify(boardJSON()) : "";
  });
})();
