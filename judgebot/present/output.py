"""What the commands write: JSON documents, human text (paged on a terminal when long),
one-line errors, and the mapping of domain errors to exit codes — shared by the full
command line (judgebot.cli) and the launcher's fast search (judgebot.launch), which must
answer exactly alike. No CLI framework is imported here."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable

from judgebot.errors import JudgebotError

# JSON escapes C0 controls itself; DEL, C1 controls, the bidi formatting characters,
# U+2028/2029 (present.safe) and lone surrogates (from argv bytes that are not UTF-8)
# are escaped here, so no terminal interprets them (the decoded JSON is the same).
_JSON_UNSAFE = re.compile(r"[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")


def json_text(obj) -> str:
    """A JSON document for stdout (in ASCII with escapes when stdout is not UTF-8)."""
    from judgebot.present.json_indent import dumps_indented
    from judgebot.present.streams import json_for_stdout

    text = dumps_indented(obj)
    return json_for_stdout(_JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text))


def print_json(obj) -> None:
    sys.stdout.write(json_text(obj) + "\n")


def console():
    from judgebot.present.console import safe_console

    return safe_console(highlight=False, soft_wrap=False)


def human(render: Callable, no_pager: bool = False) -> None:
    """Human output; on a terminal, through the pager ($PAGER, else less) only when it is
    longer than the screen and --no-pager was not given. Never paged when piped."""
    console_ = console()
    if no_pager or not sys.stdout.isatty():
        render(console_)
        return
    with console_.capture() as capture:
        render(console_)
    text = capture.get()
    if text.count("\n") < console_.size.height:
        sys.stdout.write(text)
        return
    import pydoc

    os.environ.setdefault("LESS", "-FRX")  # -R: keep colours; -F: quit when it fits
    pydoc.pager(text)


def error_line(message: str) -> None:
    """One line on stderr, control characters made visible (nothing when stderr is closed)."""
    from judgebot.present.safe import visible

    if sys.stderr is None:
        return
    text = visible(" ".join(str(message).split("\n")))
    try:
        sys.stderr.write(f"judgebot: {text.encode('utf-8', 'backslashreplace').decode('utf-8')}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass  # stderr itself cannot be written: the exit code still says it


def run_action(action: Callable[[], int | None]) -> int:
    """Run a command body; map errors to one-line messages and return the exit code:
    0 success, 1 a --verify expectation did not hold, 2 bad input (an output that cannot
    be written included), 3 a bug in judgebot, 141 the reader of stdout stopped reading
    (present.streams)."""
    from judgebot.present.streams import PIPE_EXIT, silence

    try:
        code = action() or 0
        sys.stdout.flush()  # a full disk or a closed pipe is reported here, not at exit
        return code
    except JudgebotError as exc:
        error_line(f"error: {exc}")
        return exc.exit_code
    except KeyboardInterrupt:
        error_line("interrupted")
        return 130
    except BrokenPipeError:
        silence()
        return PIPE_EXIT
    except Exception as exc:  # a bug in judgebot: still one line, no traceback
        if os.environ.get("JUDGEBOT_DEBUG"):
            raise
        error_line(f"internal error: {type(exc).__name__}: {exc} (set JUDGEBOT_DEBUG=1 for the traceback)")
        return 3
