// Autocomplete for the search box: card names and glossary terms from /api/autocomplete.
(function () {
  var input = document.getElementById("q");
  var list = document.getElementById("q-suggestions");
  if (!input || !list || !window.fetch) { return; }
  var timer = null;
  var last = "";
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var q = input.value.trim();
      if (q.length < 2 || q === last) { return; }
      last = q;
      fetch("/api/autocomplete?q=" + encodeURIComponent(q))
        .then(function (r) { return r.ok ? r.json() : { suggestions: [] }; })
        .then(function (data) {
          while (list.firstChild) { list.removeChild(list.firstChild); }
          data.suggestions.forEach(function (s) {
            var opt = document.createElement("option");
            opt.value = s.label;
            list.appendChild(opt);
          });
        })
        .catch(function () {});
    }, 150);
  });
})();
