"""Fixed-width text without a layout library: the width of a string in terminal
cells (East Asian wide characters count two) and greedy word wrapping that may break
inside a run of CJK text (which has no spaces) or a word longer than the line."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_TOKENS = re.compile(r"\s+|\S+")


@lru_cache(maxsize=4096)
def char_cells(char: str) -> int:
    if unicodedata.combining(char) or char in "\u200b\u200d":
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def cells(text: str) -> int:
    if text.isascii():
        return len(text)
    return sum(char_cells(c) for c in text)


def _wide(token: str) -> bool:
    """CJK text may be broken between any two characters."""
    return not token.isascii() and any(char_cells(c) == 2 for c in token)


def wrap(text: str, width: int, indent: str = "", first: str = "") -> list[str]:
    """`first` + text, continued on lines starting with `indent`, none wider than
    `width` cells (unless an indent alone is that wide)."""
    lines: list[str] = []
    line, used = first, cells(first)
    for token in _TOKENS.findall(" ".join(text.split())):
        size = cells(token)
        if token.isspace():
            if not line.strip():
                continue
            if used + size < width:
                line, used = line + token, used + size
            else:  # no room for the space: the next word starts the next line, never glued on
                lines.append(line.rstrip())
                line, used = indent, cells(indent)
            continue
        if used + size <= width:
            line, used = line + token, used + size
            continue
        fresh = width - cells(indent)
        if size <= fresh and not _wide(token) and line.strip():
            lines.append(line.rstrip())
            line, used = indent + token, cells(indent) + size
            continue
        for char in token:  # break inside the token
            size = char_cells(char)
            if used + size > width and line.strip():
                lines.append(line.rstrip())
                line, used = indent, cells(indent)
            line, used = line + char, used + size
    lines.append(line.rstrip())
    return lines
