"""The rich console every human view prints to: terminal-safe.

Text from scenarios, the corpus or the command line may hold control characters
(an ESC starting an ANSI sequence, BEL, C1 controls). Every piece of text rich is
about to print goes through `safe.visible` first, so it is shown as `\\x1b` and never
interpreted; rich's own styling (control segments and styles) is untouched.

When stdout is not a terminal (piped, redirected) output is 80 columns wide (or
$COLUMNS) and the spaces rich pads lines with are dropped: plain text that fits. Colour follows rich: none when piped or when NO_COLOR is set.
"""

from __future__ import annotations

import os
import sys

from rich.console import Console
from rich.segment import Segment

from judgebot.present.safe import visible


class SafeConsole(Console):
    def on_broken_pipe(self) -> None:
        """A reader that stopped reading (`| head -1`): rich would exit 1 here; the error
        goes up to present.output.run_action, which answers it the Unix way (141)."""
        self.quiet = True
        raise BrokenPipeError(32, "Broken pipe")

    def render(self, renderable, options=None):
        for segment in super().render(renderable, options):
            if segment.control is None and segment.text and visible(segment.text) != segment.text:
                yield Segment(visible(segment.text), segment.style)
            else:
                yield segment


class _TrailingSpacesDropped:
    """A text stream that drops the spaces before each line end (and at the end)."""

    def __init__(self, stream):
        self._stream = stream
        self._spaces = ""

    def write(self, text: str) -> int:
        *ended, last = (self._spaces + text).split("\n")
        kept = last.rstrip(" ")
        self._spaces = last[len(kept):]
        self._stream.write("".join(line.rstrip(" ") + "\n" for line in ended) + kept)
        return len(text)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def safe_console(**options) -> Console:
    if "file" not in options and not sys.stdout.isatty():
        options["file"] = _TrailingSpacesDropped(sys.stdout)
        # rich would take the width of a terminal on stdin or stderr: piped means 80.
        if "width" not in options and not os.environ.get("COLUMNS"):
            options["width"] = 80
    return SafeConsole(**options)
