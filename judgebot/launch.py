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
    from judgebot.present.streams import prepare

    prepare()
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
    return _plain(args, {"query": None, "lang": None, "doc": None, "limit": 10, "json_": False, "no_pager": False},
                  flags={"--json": "json_", "--no-pager": "no_pager"},
                  options={"--lang": ("lang", _one_of(SEARCH_LANGS)), "--doc": ("doc", str),
                           "--limit": ("limit", _limit)},
                  positional="query")


def plain_check(args: list[str]) -> dict | None:
    """The check options, when `args` are plainly valid; None otherwise."""
    return _plain(args, {"paths": [], "verify": False, "json_": False, "lang": None, "quiet": False},
                  flags={"--verify": "verify", "--json": "json_", "--quiet": "quiet", "-q": "quiet"},
                  options={"--lang": ("lang", _one_of(CHECK_LANGS))},
                  positional="paths", convert=Path)


def _plain(args: list[str], request: dict, flags: dict[str, str], options: dict[str, tuple],
           positional: str, convert=str) -> dict | None:
    """`request` filled from `args`: flags (no value), options (`--name value` or `--name=value`,
    each value checked), and the positional argument(s) — one, or a list when the request's
    default is a list. None for anything else: --help, `--`, a short or unknown option, one
    given twice, a value the full command line would refuse, or no positional argument."""
    many = isinstance(request[positional], list)
    seen: set[str] = set()
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if not arg.startswith("-") or (arg == "-" and many):  # `check -`: standard input
            if many:
                request[positional].append(convert(arg))
            elif request[positional] is None:
                request[positional] = convert(arg)
            else:
                return None  # a second argument: the full CLI reports it
            continue
        name, has_value, value = arg.partition("=")
        key = flags.get(name) or options.get(name, (None,))[0]
        if key is None or key in seen:
            return None
        seen.add(key)
        if name in flags:
            if has_value:
                return None
            request[key] = True
            continue
        if not has_value:
            if i >= len(args) or args[i].startswith("-"):
                return None
            value = args[i]
            i += 1
        value = options[name][1](value)
        if value is None:
            return None
        request[key] = value
    return request if request[positional] not in (None, []) else None


def _one_of(choices: tuple[str, ...]):
    return lambda value: value if value in choices else None


def _limit(value: str) -> int | None:
    if not _WHOLE_NUMBER.fullmatch(value) or not LIMIT_RANGE[0] <= int(value) <= LIMIT_RANGE[1]:
        return None
    return int(value)


def _answer(command: str, request: dict) -> int:
    from judgebot import commands
    from judgebot.present.output import run_action

    if command == "search":
        return run_action(lambda: commands.search_command(**request))
    return run_action(lambda: commands.check_command(**request))
