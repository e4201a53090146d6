"""The `judgebot` console script.

`judgebot search QUERY [--lang L] [--doc DOC] [--limit N] [--json] [--no-pager]` and
`judgebot check PATH... [--verify] [--json] [--quiet] [--lang L]` are the commands judges
and their scripts run most; with plainly valid arguments they are answered here without
importing the command-line framework (typer and its click: a third of a search's
start-up, benchmarks/README.md). Everything else — other commands, --help, a repeated or
unknown option, a value out of range, `--` — goes to the full command line
(judgebot.cli), which answers it or reports the problem in its words. Both run the same
bodies (judgebot.commands), so the answer is the same either way (tests/test_launch.py
compares them).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

SEARCH_LANGS = ("ja", "zh", "ko", "en", "all")
CHECK_LANGS = ("ja", "zh", "ko", "en")
LIMIT_RANGE = (1, 200)
_WHOLE_NUMBER = re.compile(r"[0-9]+")


def main() -> None:
    argv = sys.argv[1:]
    if argv[:1] in (["search"], ["check"]) and "_JUDGEBOT_COMPLETE" not in os.environ:
        request = (plain_search if argv[0] == "search" else plain_check)(argv[1:])
        if request is not None:
            sys.exit(_answer(argv[0], request))
    from judgebot.cli import main as full_command_line

    full_command_line()


def plain_search(args: list[str]) -> dict | None:
    """The search options, when `args` are plainly valid (the full command line would
    accept them with these values); None for anything it should see itself."""
    request: dict = {"query": None, "lang": None, "doc": None, "limit": 10, "json_": False, "no_pager": False}
    seen: set[str] = set()
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("-"):
            if request["query"] is not None:
                return None  # a second argument: the full CLI reports it
            request["query"] = arg
            i += 1
            continue
        name, has_value, value = arg.partition("=")
        if name in seen:
            return None
        seen.add(name)
        if name in ("--json", "--no-pager") and not has_value:
            request["json_" if name == "--json" else "no_pager"] = True
            i += 1
            continue
        if name not in ("--lang", "--doc", "--limit"):
            return None  # --help, `--`, a short or unknown option
        if not has_value:
            if i + 1 >= len(args) or args[i + 1].startswith("-"):
                return None
            value = args[i + 1]
            i += 1
        i += 1
        if name == "--lang":
            if value not in SEARCH_LANGS:
                return None
            request["lang"] = value
        elif name == "--doc":
            request["doc"] = value
        else:
            if not _WHOLE_NUMBER.fullmatch(value) or not LIMIT_RANGE[0] <= int(value) <= LIMIT_RANGE[1]:
                return None
            request["limit"] = int(value)
    return request if request["query"] is not None else None


def plain_check(args: list[str]) -> dict | None:
    """The check options, when `args` are plainly valid; None otherwise."""
    request: dict = {"paths": [], "verify": False, "json_": False, "lang": None, "quiet": False}
    flags = {"--verify": "verify", "--json": "json_", "--quiet": "quiet", "-q": "quiet"}
    seen: set[str] = set()
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if not arg.startswith("-"):
            request["paths"].append(Path(arg))
            continue
        name, has_value, value = arg.partition("=")
        if name in seen or flags.get(name, name) in seen:
            return None
        seen.update((name, flags.get(name, name)))
        if name in flags and not has_value:
            request[flags[name]] = True
        elif name == "--lang":
            if not has_value:
                if i >= len(args):
                    return None
                value = args[i]
                i += 1
            if value not in CHECK_LANGS:
                return None
            request["lang"] = value
        else:
            return None
    return request if request["paths"] else None


def _answer(command: str, request: dict) -> int:
    from judgebot import commands
    from judgebot.present.output import run_action

    if command == "search":
        return run_action(lambda: commands.search_command(**request))
    return run_action(lambda: commands.check_command(**request))
