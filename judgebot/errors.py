"""Domain errors. The CLI maps them to one-line messages and exit codes in one place.

Exit codes (CONTRACT.md §2): 0 success, 1 a --verify expectation did not hold,
2 bad input (unknown ID, invalid scenario, unreadable file, bad option).
"""

from __future__ import annotations

import re

_LONG_QUOTED = re.compile(r"""(['"])([^'"]{60,}?)\1""")
SHOWN_CHARS = 60


def shorten(text: str, limit: int = SHOWN_CHARS) -> str:
    """A value as quoted in a message: at most `limit` characters, cut with "…"."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


class JudgebotError(Exception):
    """Base class: a problem the user can fix; never shown as a traceback."""

    exit_code = 2


class InputError(JudgebotError):
    """Bad input: exit 2 with a one-line message naming what and where."""

    file: str | None = None
    line: int | None = None
    column: int | None = None
    path: str = ""
    detail: str | None = None

    def to_json(self) -> dict:
        """The error as in `check --json`: {"file", "line", "column", "key", "message"}
        (file, line, column and key are null/empty when the error has no place)."""
        return {"file": self.file, "line": self.line, "column": self.column,
                "key": self.path, "message": self.detail if self.detail is not None else str(self)}


class UnknownIdError(InputError):
    """A citation or section ID that is not in the corpus."""

    def __init__(self, ident: str, suggestions: list[str] | None = None):
        self.ident = ident
        self.suggestions = suggestions or []
        msg = f"unknown ID {shorten(ident)!r}"  # an ID pasted by mistake may be 100 KB
        if self.suggestions:
            msg += "; did you mean: " + ", ".join(self.suggestions)
        super().__init__(msg)


def where(file: str, line: int | None, column: int | None = None) -> str:
    """`FILE:LINE:COL`, `FILE:LINE` or `FILE`: the place an error message starts with."""
    if line is None:
        return file
    return f"{file}:{int(line)}:{column}" if column is not None else f"{file}:{int(line)}"


class ScenarioError(InputError):
    """An invalid scenario file: `FILE:LINE:COL: key.path: what was expected, what was found`.

    `line` may be a `yaml_lines.Line`, which carries its column; `column` overrides it."""

    def __init__(self, file: str, line: int | None, path: str, message: str,
                 column: int | None = None):
        self.file = file
        self.line = int(line) if line is not None else None
        self.column = column if column is not None else getattr(line, "column", None)
        self.path = shorten(path, 200)
        # A safety net for messages that quote a value without describe(): cut it.
        self.detail = _LONG_QUOTED.sub(lambda m: m[1] + shorten(m[2]) + m[1], message)
        key = f" {self.path}:" if path else ""
        super().__init__(f"{where(file, self.line, self.column)}:{key} {self.detail}")


class NotModelledError(InputError):
    """The engine does not model this card, key or effect: it refuses to guess.

    Given a place (`file`, and `line`/`path` when known), the message starts with it
    as a ScenarioError's does."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 path: str = "", column: int | None = None):
        if file is None:
            super().__init__(message)
            return
        self.file, self.path, self.detail = file, path, message
        self.line = int(line) if line is not None else None
        self.column = column if column is not None else getattr(line, "column", None)
        key = f" {path}:" if path else ""
        super().__init__(f"{where(file, self.line, self.column)}:{key} {message}")


class CacheError(InputError):
    """The per-user cache (search index) cannot be read or written."""

