// Progressive enhancement only: every page works without it.
// Scenario editor: Tab leaves the field as everywhere else (a keyboard user must be able
// to reach the controls after it); Enter keeps the indentation of the line, which is
// what YAML needs most; the line an error points at is selected.
(function () {
  var editor = document.getElementById("scenario");
  if (!editor) return;
  editor.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
    var start = editor.selectionStart;
    var lineStart = editor.value.lastIndexOf("\n", start - 1) + 1;
    var indent = /^[ ]*(?:- )?/.exec(editor.value.slice(lineStart, start))[0].replace("- ", "  ");
    if (!indent) return;
    event.preventDefault();
    // insertText keeps the browser's undo history; setRangeText where it is missing.
    if (!document.execCommand || !document.execCommand("insertText", false, "\n" + indent)) {
      editor.setRangeText("\n" + indent, start, editor.selectionEnd, "end");
    }
  });
  var line = parseInt(editor.getAttribute("data-error-line") || "0", 10);
  if (line > 0) {
    var lines = editor.value.split("\n"), start = 0;
    for (var i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
    var end = start + (lines[line - 1] || "").length;
    editor.setSelectionRange(start, end);
    var bad = document.getElementById("bad-line");
    if (bad) bad.scrollIntoView({ block: "center" });
  }
})();

// Quick ruling page (/quick): card suggestions and live updates. Without this script the
// page is a plain form (GET /quick) that the server answers whole; with it, inputs marked
// data-suggest are comboboxes (GET /api/cards?prefix=) and the page is asked again as the
// judge changes it, the answer's form and ruling swapped in (the focused field kept as it
// is: its caret, its suggestions, an IME's composition).
(function () {
  var form = document.getElementById("quick");
  if (!form || !window.fetch || !window.DOMParser || !window.URLSearchParams) return;
  var LIVE = ["quick-title", "quick-intro", "quick-fields", "quick-rule", "quick-result"];
  var seq = 0, timer = null, suggestTimer = null, asked = params();

  function params() {
    return new URLSearchParams(new FormData(form)).toString();
  }

  function update(delay) {
    clearTimeout(timer);
    timer = setTimeout(load, delay || 0);
  }

  function load() {
    var query = params();
    if (query === asked) return; // the page already shows (or is getting) the answer to this
    asked = query;
    var mine = ++seq;
    fetch("/quick?" + query, { headers: { "Accept": "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        if (mine !== seq) return; // a newer answer is on its way
        swap(new DOMParser().parseFromString(html, "text/html"));
        if (window.history && history.replaceState) history.replaceState(null, "", "/quick?" + query);
      })
      .catch(function () { /* offline or stopped: the form still submits itself */ });
  }

  // The answer's regions replace the page's. A text field being typed in is never
  // replaced (its caret, suggestions and an IME's composition would be lost): its block
  // (the region's child that holds it) stays, the other blocks are replaced around it.
  // A select or checkbox is replaced and focused again.
  function swap(doc) {
    var active = document.activeElement, activeId = active && active.id;
    var typing = active && active.tagName === "INPUT" && /^(text|number|search)$/.test(active.type);
    var opened = {};
    Array.prototype.forEach.call(document.querySelectorAll("details[id]"), function (d) { opened[d.id] = d.open; });
    LIVE.forEach(function (id) {
      var now = document.getElementById(id), next = doc.getElementById(id);
      if (!now || !next) return;
      var block = typing && now.contains(active) ? blockOf(now, active) : null;
      if (!block) { now.replaceWith(document.adoptNode(next)); return; }
      var kids = Array.prototype.slice.call(next.children), at = -1;
      for (var i = 0; i < kids.length; i++) if (kids[i].id && kids[i].id === block.id) at = i;
      if (at < 0) return; // the block is gone from the answer: leave the region until the next one
      var twin = kids[at].querySelector("#" + CSS.escape(active.id));
      if (twin) ["aria-describedby", "aria-invalid"].forEach(function (a) {
        if (twin.hasAttribute(a)) active.setAttribute(a, twin.getAttribute(a)); else active.removeAttribute(a);
      });
      Array.prototype.slice.call(now.children).forEach(function (k) { if (k !== block) k.remove(); });
      kids.slice(0, at).forEach(function (k) { now.insertBefore(document.adoptNode(k), block); });
      kids.slice(at + 1).forEach(function (k) { now.appendChild(document.adoptNode(k)); });
    });
    Array.prototype.forEach.call(document.querySelectorAll("details[id]"), function (d) {
      if (opened[d.id]) d.open = true;
    });
    document.documentElement.lang = doc.documentElement.lang;
    document.title = doc.title;
    if (activeId && document.activeElement !== document.getElementById(activeId)) {
      var again = document.getElementById(activeId);
      if (again) again.focus();
    }
    copyButton();
  }

  function blockOf(region, element) {
    while (element && element.parentNode !== region) element = element.parentNode;
    return element && element.id ? element : null;
  }

  // -- live updates: selects and checkboxes at once; typed text after a pause; card names when chosen
  // (or after a longer pause)
  form.addEventListener("change", function () { update(0); });
  form.addEventListener("input", function (e) {
    if (e.isComposing || e.target.tagName === "SELECT" || e.target.type === "checkbox") return;
    update(e.target.matches("[data-suggest]") ? 800 : 500); // a card name: a longer pause (choosing)
  });
  form.addEventListener("submit", function (e) { e.preventDefault(); update(0); });
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a.pick[data-field]");
    if (!link || !form.contains(link)) return;
    var input = document.getElementById(link.getAttribute("data-field"));
    if (!input) return;
    e.preventDefault();
    input.value = link.getAttribute("data-value");
    input.focus();
    update(0);
  });

  // -- suggestions: a combobox (ARIA 1.2) over GET /api/cards?prefix=
  function listOf(input) { return document.getElementById(input.getAttribute("aria-controls")); }
  function term(input) {
    var v = input.value;
    if (input.getAttribute("data-suggest") === "list") v = v.split(/[,，、;；]/).pop();
    return v.trim();
  }
  function close(input) {
    var list = listOf(input);
    if (list) { list.hidden = true; list.innerHTML = ""; }
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
  }
  function show(input, cards) {
    var list = listOf(input), seen = {}, n = 0;
    list.innerHTML = "";
    cards.forEach(function (c) {
      if (seen[c.name.toLowerCase()] || n >= 8) return;
      seen[c.name.toLowerCase()] = true;
      var li = document.createElement("li");
      li.id = input.id + "-opt-" + n++;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      li.lang = c.lang === "zh-tw" ? "zh-Hant" : c.lang;
      li.textContent = c.name;
      list.appendChild(li);
    });
    list.hidden = n === 0;
    input.setAttribute("aria-expanded", n ? "true" : "false");
    input.removeAttribute("aria-activedescendant");
  }
  function choose(input, li) {
    var name = li.textContent;
    if (input.getAttribute("data-suggest") === "list") {
      var parts = input.value.split(/([,，、;；]\s*)/);
      parts[parts.length - 1] = name;
      input.value = parts.join("");
    } else {
      input.value = name;
    }
    close(input);
    update(0);
  }
  function move(input, step) {
    var list = listOf(input), items = list ? list.querySelectorAll("[role=option]") : [];
    if (!items.length) return;
    var at = -1;
    for (var i = 0; i < items.length; i++) if (items[i].getAttribute("aria-selected") === "true") at = i;
    if (at >= 0) items[at].setAttribute("aria-selected", "false");
    at = (at + step + items.length) % items.length;
    items[at].setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", items[at].id);
    items[at].scrollIntoView({ block: "nearest" });
  }
  form.addEventListener("input", function (e) {
    var input = e.target;
    if (!input.matches("[data-suggest]") || e.isComposing) return;
    clearTimeout(suggestTimer);
    var text = term(input);
    if (!text) { close(input); return; }
    suggestTimer = setTimeout(function () {
      fetch("/api/cards?limit=24&prefix=" + encodeURIComponent(text))
        .then(function (r) { return r.ok ? r.json() : { cards: [] }; })
        .then(function (data) { if (document.activeElement === input && term(input) === text) show(input, data.cards); })
        .catch(function () {});
    }, 120);
  });
  form.addEventListener("compositionend", function (e) {
    if (e.target.matches("[data-suggest]")) e.target.dispatchEvent(new Event("input", { bubbles: true }));
  });
  form.addEventListener("keydown", function (e) {
    var input = e.target;
    if (!input.matches || !input.matches("[data-suggest]") || e.isComposing) return;
    var open = input.getAttribute("aria-expanded") === "true";
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!open) return;
      e.preventDefault();
      move(input, e.key === "ArrowDown" ? 1 : -1);
    } else if (e.key === "Enter" && open && input.getAttribute("aria-activedescendant")) {
      e.preventDefault();
      choose(input, document.getElementById(input.getAttribute("aria-activedescendant")));
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      close(input);
    } else if (e.key === "Tab" && open) {
      close(input);
    }
  });
  form.addEventListener("mousedown", function (e) {
    var li = e.target.closest && e.target.closest("[role=option]");
    if (!li) return;
    e.preventDefault(); // the input keeps the focus
    var input = form.querySelector("[aria-controls='" + li.parentNode.id + "']");
    if (input) choose(input, li);
  });
  form.addEventListener("focusout", function (e) {
    if (e.target.matches && e.target.matches("[data-suggest]")) {
      var input = e.target;
      setTimeout(function () { if (document.activeElement !== input) close(input); }, 150);
    }
  });

  // -- the scenario: copy it
  function copyButton() {
    var button = document.getElementById("quick-copy"), yaml = document.getElementById("quick-yaml");
    if (!button || !yaml) return;
    button.hidden = false;
    button.onclick = function () {
      var done = function () { button.textContent = button.getAttribute("data-copied"); };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(yaml.value).then(done, function () { yaml.select(); });
      } else {
        yaml.select();
        if (document.execCommand && document.execCommand("copy")) done();
      }
    };
  }
  copyButton();
})();
