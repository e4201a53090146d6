"""Domain errors. The CLI maps them to one-line messages and exit codes in one place.

Exit codes (CONTRACT.md §2): 0 success, 1 a --verify expectation did not hold,
2 bad input (unknown ID, invalid scenario, unreadable file, bad option).
"""

from __future__ import annotations


class JudgebotError(Exception):
    """Base class: a problem the user can fix; never shown as a traceback."""

    exit_code = 2


class InputError(JudgebotError):
    """Bad input: exit 2 with a one-line message naming what and where."""


class UnknownIdError(InputError):
    """A citation or section ID that is not in the corpus."""

    def __init__(self, ident: str, suggestions: list[str] | None = None):
        self.ident = ident
        self.suggestions = suggestions or []
        msg = f"unknown ID {ident!r}"
        if self.suggestions:
            msg += "; did you mean: " + ", ".join(self.suggestions)
        super().__init__(msg)


class ScenarioError(InputError):
    """An invalid scenario file: file, line, key path and what was expected."""

    def __init__(self, file: str, line: int | None, path: str, message: str):
        self.file = file
        self.line = line
        self.path = path
        self.detail = message
        where = f"{file}:{line}" if line is not None else file
        key = f" {path}:" if path else ""
        super().__init__(f"{where}:{key} {message}")


class NotModelledError(InputError):
    """The engine does not model this card, key or effect: it refuses to guess."""


class CacheError(InputError):
    """The per-user cache (search index) cannot be read or written."""

