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

# JSON escapes C0 controls itself; DEL, C1 controls and lone surrogates (from argv
# bytes that are not UTF-8) are escaped here, so no terminal interprets them.
_JSON_UNSAFE = re.compile(r"[\x7f-\x9f\ud800-\udfff]")


def json_text(obj) -> str:
    from judgebot.present.json_indent import dumps_indented

    text = dumps_indented(obj)
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


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
    """One line on stderr, control characters made visible."""
    from judgebot.present.safe import visible

    text = visible(" ".join(str(message).split("\n")))
    sys.stderr.write(f"judgebot: {text.encode('utf-8', 'backslashreplace').decode('utf-8')}\n")


def run_action(action: Callable[[], int | None]) -> int:
    """Run a command body; map errors to one-line messages and return the exit code:
    0 success, 1 a --verify expectation did not hold, 2 bad input, 3 a bug in judgebot."""
    try:
        return action() or 0
    except JudgebotError as exc:
        error_line(f"error: {exc}")
        return exc.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("judgebot: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug in judgebot: still one line, no traceback
        if os.environ.get("JUDGEBOT_DEBUG"):
            raise
        error_line(f"internal error: {type(exc).__name__}: {exc} (set JUDGEBOT_DEBUG=1 for the traceback)")
        return 3
