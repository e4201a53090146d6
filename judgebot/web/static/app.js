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
