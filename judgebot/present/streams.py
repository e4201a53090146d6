"""Standard output as a real machine gives it: closed, full, not UTF-8, piped into `head`.

`prepare()` runs first in both entry points (judgebot.launch, judgebot.cli):

- stdout closed (`>&-`) or failing (`>/dev/full`, a lost disk): a write that fails is
  `OutputError`, one line `judgebot: error: cannot write the output: …` and exit 2
  (the user can fix where the output goes, as with `-o` to a folder that cannot be
  written) — never a traceback;
- stdout read by a reader that stops early (`| head -1`): `BrokenPipeError` is answered
  the Unix way, exit 141 (128 + SIGPIPE) with nothing on stderr (`PIPE_EXIT`), so
  `set -o pipefail` sees the output was cut short (an exit 0 would say a `check` that
  never finished had passed);
- stdout whose encoding is not UTF-8 (`PYTHONIOENCODING=latin-1`, `LC_ALL=C`): what it
  cannot encode is escaped — `\\u9003` in human text, and JSON written in ASCII with
  `\\uXXXX` escapes (the same JSON document) — never a crash;
- `$COLUMNS` that is not a width (`0`, `abc`) is ignored; a width below 20 is 20.

Text arguments (a query, a term, an ID) that the locale could not decode
(`LC_ALL=C PYTHONUTF8=0`: bytes kept as surrogates) are read as UTF-8 by
`text_argument`, so `search 逃げる` finds what it finds in a UTF-8 locale; bytes that are
not UTF-8 either are an error, never a search for nothing.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import sys

from judgebot.errors import InputError

PIPE_EXIT = 128 + 13  # SIGPIPE, as a shell reports a process it killed
MIN_COLUMNS = 20


class OutputError(InputError):
    """Standard output cannot be written (closed, no space left, an I/O error)."""

    def __init__(self, reason: str):
        super().__init__(f"cannot write the output: {reason}")


class _Guarded:
    """stdout with its write failures as OutputError (a closed pipe stays BrokenPipeError)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        if isinstance(text, str) and not text:
            return 0  # click probes a stream with write(""): no reason to touch a full disk
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _failed(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _failed(exc) from None

    def isatty(self) -> bool:
        try:
            return self._stream.isatty()
        except (OSError, ValueError):
            return False

    def __getattr__(self, name):
        return getattr(self._stream, name)


class _Closed:
    """What stdout is when the shell closed it (`>&-`): Python leaves it None."""

    encoding = "utf-8"
    errors = "strict"

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def _failed(exc: OSError) -> OutputError:
    silence()  # what is left in the buffer must not fail again at exit
    return OutputError(exc.strerror or str(exc))


def prepare() -> None:
    """Make stdout and $COLUMNS safe to use (see the module's docstring)."""
    stream = sys.stdout
    if isinstance(stream, _Guarded):
        return
    if stream is None:
        sys.stdout = _Guarded(_Closed())
    else:
        if not is_utf8(stream) and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
        sys.stdout = _Guarded(stream)
    _columns()


def is_utf8(stream=None) -> bool:
    stream = sys.stdout if stream is None else stream
    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "ascii").name == "utf-8"
    except LookupError:
        return False


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def json_for_stdout(text: str) -> str:
    """JSON text as the stdout can take it: as is in UTF-8, else with every non-ASCII
    character as a JSON escape (outside strings JSON is ASCII, so the document is the
    same)."""
    if is_utf8():
        return text
    return _NON_ASCII.sub(_json_escape, text)


def _json_escape(match: re.Match) -> str:
    code = ord(match.group())
    if code > 0xFFFF:
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def _columns() -> None:
    value = os.environ.get("COLUMNS")
    if value is None:
        return
    if not value.strip().isdigit() or int(value) < 1:
        del os.environ["COLUMNS"]
    elif int(value) < MIN_COLUMNS:
        os.environ["COLUMNS"] = str(MIN_COLUMNS)


def silence() -> None:
    """Point stdout's file descriptor at /dev/null, so the interpreter's last flush of
    what is still buffered succeeds quietly (Python's advice for SIGPIPE)."""
    try:
        stream = sys.stdout._stream if isinstance(sys.stdout, _Guarded) else sys.stdout
        fd = stream.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


_ESCAPED_BYTES = re.compile(r"[\udc80-\udcff]")


def text_argument(value: str, what: str) -> str:
    """A text argument as the user typed it: bytes the locale could not decode (kept as
    surrogates) read as UTF-8; an error when they are not UTF-8 either."""
    if not _ESCAPED_BYTES.search(value):
        return value
    try:
        return os.fsencode(value).decode("utf-8")
    except (UnicodeError, ValueError):
        raise InputError(f"{what} is not UTF-8 text: {os.fsencode(value)!r}") from None
