"""The rich console every human view prints to: terminal-safe.

Text from scenarios, the corpus or the command line may hold control characters
(an ESC starting an ANSI sequence, BEL, C1 controls). Every piece of text rich is
about to print goes through `safe.visible` first, so it is shown as `\\x1b` and never
interpreted; rich's own styling (control segments and styles) is untouched.
"""

from __future__ import annotations

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
