"""The `judgebot` console script.

`judgebot search QUERY [--lang L] [--doc DOC] [--limit N] [--json] [--no-pager]` is the
command judges run most, often from a script or a phone shortcut; with plainly valid
arguments it is answered here without importing the command-line framework (typer and
its click, about a third of the start-up: benchmarks/README.md). Everything else — other
commands, --help, a repeated or unknown option, a value out of range, `--` — goes to the
full command line (judgebot.cli), which answers it or reports the problem in its words.
Both print through present.output, so the answer is the same either way
(tests/test_launch.py compares them).
"""

from __future__ import annotations

import os
import re
import sys

SEARCH_LANGS = ("ja", "zh", "ko", "en", "all")
LIMIT_RANGE = (1, 200)
_WHOLE_NUMBER = re.compile(r"[0-9]+")


def main() -> None:
    argv = sys.argv[1:]
    if argv[:1] == ["search"] and "_JUDGEBOT_COMPLETE" not in os.environ:
        request = plain_search(argv[1:])
        if request is not None:
            sys.exit(_search(**request))
    from judgebot.cli import main as full_command_line

    full_command_line()


def plain_search(args: list[str]) -> dict | None:
    """The search options, when `args` are plainly valid (the full command line would
    accept them with these values); None for anything it should see itself."""
    request: dict = {"query": None, "lang": None, "doc": None, "limit": 10, "json": False, "no_pager": False}
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
            request[name[2:].replace("-", "_")] = True
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


def _search(query: str, lang: str | None, doc: str | None, limit: int, json: bool, no_pager: bool) -> int:
    from judgebot.present import output

    def body():
        from judgebot.search import search

        result = search(query, lang=lang, doc=doc, limit=limit)
        if json:
            output.print_json(result)
        else:
            from judgebot.present.search_view import render_search

            output.human(lambda console: render_search(result, console), no_pager)

    return output.run_action(body)
