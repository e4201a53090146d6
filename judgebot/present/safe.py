"""Text shown on a terminal: control characters made visible, never interpreted.

Besides the C0 and C1 controls (ESC starts an ANSI sequence), the bidirectional
formatting characters (U+202E RIGHT-TO-LEFT OVERRIDE and its kin, U+061C, U+200E/F,
U+2066–2069) are escaped: in a file or card name they would make the terminal show the
text in another order than it is (`txt.yaml` shown for `lmay.txt`). So are U+2028 and
U+2029, which some terminals take as line breaks (an error must stay one line)."""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def visible(text: str) -> str:
    """Control and bidi characters (ESC, BEL, C1, U+202E …) as \\xNN or \\uNNNN escapes;
    newlines and tabs kept."""
    return _CONTROL.sub(_escape, text)
