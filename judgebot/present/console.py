"""The rich console every human view prints to: terminal-safe.

Text from scenarios, the corpus or the command line may hold control characters
(an ESC starting an ANSI sequence, BEL, C1 controls). Every piece of text rich is
about to print goes through `safe.visible` first, so it is shown as `\\x1b` and never
interpreted; rich's own styling (control segments and styles) is untouched.
"""

from __future__ import annotations

import io

from rich.console import Console
from rich.segment import Segment

from judgebot.present.safe import visible


class SafeConsole(Console):
    def render(self, renderable, options=None):
        for segment in super().render(renderable, options):
            if segment.control is None and segment.text and visible(segment.text) != segment.text:
                yield Segment(visible(segment.text), segment.style)
            else:
                yield segment


def safe_console(**options) -> Console:
    return SafeConsole(**options)


class TrimmedLines(io.TextIOBase):
    """A text stream that drops the spaces rich pads lines with (output piped to a file
    or another program: no trailing blanks, no line longer than the text needs)."""

    def __init__(self, out):
        self._out = out
        self._tail = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        *lines, self._tail = (self._tail + text).split("\n")
        for line in lines:
            self._out.write(line.rstrip(" ") + "\n")
        return len(text)

    def flush(self) -> None:
        if self._tail:
            self._out.write(self._tail.rstrip(" "))
            self._tail = ""
        self._out.flush()
