// Progressive enhancement only: every page works without it.
// Scenario editor: Tab indents instead of leaving the field; an error line is selected.
(function () {
  var editor = document.getElementById("scenario");
  if (!editor) return;
  editor.addEventListener("keydown", function (event) {
    if (event.key !== "Tab" || event.shiftKey) return;
    event.preventDefault();
    var start = editor.selectionStart, end = editor.selectionEnd;
    editor.value = editor.value.slice(0, start) + "  " + editor.value.slice(end);
    editor.selectionStart = editor.selectionEnd = start + 2;
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
  var picker = document.getElementById("example");
  if (picker) picker.addEventListener("change", function () { picker.form.submit(); });
})();
