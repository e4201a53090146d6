"""The bodies of the commands the launcher can answer itself (judgebot.launch) and the
full command line also runs (judgebot.cli): no CLI framework here, so both print the
same bytes and return the same exit code."""

from __future__ import annotations

import sys
from pathlib import Path

from judgebot.present.output import console, error_line, human, json_text, print_json


def search_command(query: str, lang: str | None, doc: str | None, limit: int, json_: bool, no_pager: bool) -> None:
    from judgebot.present.streams import text_argument
    from judgebot.search import search

    query = text_argument(query, "the query")
    doc = text_argument(doc, "--doc") if doc is not None else None
    result = search(query, lang=lang, doc=doc, limit=limit)
    if json_:
        print_json(result)
    else:
        from judgebot.present.search_view import render_search

        human(lambda terminal: render_search(result, terminal), no_pager)


def check_command(paths: list[Path], verify: bool, json_: bool, lang: str | None, quiet: bool,
                  files: list[tuple[Path, str]] | None = None) -> int:
    """Rule on scenario files (`files`: (path, name shown) pairs already found, as the
    packaged examples are); the exit code: 3 if judgebot failed on a file, else 2 if a
    file was invalid (or missing, or a folder could not be read), else 1 if an
    expectation failed (with --verify), else 0."""
    from judgebot.engine import checked_files, error_object, iter_rulings
    from judgebot.i18n import default_language

    language = default_language(lang)
    problems: list = []  # (name, error): paths that do not exist, folders that cannot be read
    files = files if files is not None else checked_files(paths, problems)
    # One file: its ruling or its error (exit 2). Several: every file answered — its
    # ruling or its error — then the errors, then the summary; rulings are written as
    # they come.
    if len(files) + len(problems) == 1 and problems:
        raise problems[0][1]
    errors: list[dict] | None = [] if len(files) + len(problems) > 1 else None
    if errors is not None:
        errors += [error_object(problem, name) for name, problem in problems]
    bugs: list[str] = []
    failed = []

    def rulings():
        for ruling in iter_rulings(files, verify, errors, language, bugs):
            if ruling.get("verified") is False:
                failed.append(ruling["file"])
            yield ruling

    if json_ and errors is None:
        print_json(next(rulings()))
    elif json_:
        from judgebot.present.json_stream import write_batch

        write_batch(sys.stdout, rulings(), errors, json_text)
    else:
        from judgebot.corpus import load_corpus
        from judgebot.present.ruling_view import render_rulings

        ruled = 0

        def shown():
            nonlocal ruled
            for ruling in rulings():
                ruled += 1
                if not quiet or ruling.get("verified") is False:
                    yield ruling

        terminal = console() if sys.stdout.isatty() else None
        render_rulings(shown(), load_corpus(), sys.stdout, terminal, lang=language)
        if errors is not None or quiet:
            from judgebot.i18n import msg, render

            sys.stdout.write(render(msg("view.tally", ruled=ruled, invalid=len(errors or []), n=len(failed)),
                                    language) + "\n")
    for error in errors or []:
        error_line(_file_error(error))
    if bugs:
        return 3
    if errors:
        return 2
    return 1 if verify and failed else 0


def _file_error(error: dict) -> str:
    """A file's entry of the `errors` list as its one-line message."""
    from judgebot.errors import where

    if error["line"] is None and error["message"].startswith(error["file"]):
        return f"error: {error['message']}"
    key = f" {error['key']}:" if error.get("key") else ""
    return f"error: {where(error['file'], error['line'], error['column'])}:{key} {error['message']}"


def examples_command(names: list[str], copy: Path | None, check: bool, json_: bool, lang: str | None,
                     quiet: bool) -> int:
    """`judgebot examples`: list the packaged rulings, print one, copy them (--copy DIR) or
    check them against their expectations (--check)."""
    from judgebot.examples import copy_to, find

    chosen = find(names)
    if check:
        return check_command([], True, json_, lang, quiet, [(e.path, e.display) for e in chosen])
    if copy is not None:
        written = copy_to(chosen, copy)
        if json_:
            print_json({"copied": [str(p) for p in written]})
        else:
            n = len(written)
            sys.stdout.write(f"copied {n} example{'' if n == 1 else 's'} to {copy}\n")
        return 0
    if names and not json_:
        for index, example in enumerate(chosen):
            header = f"# {example.display}\n" if len(chosen) > 1 else ""
            sys.stdout.write(("\n" if index else "") + header + example.path.read_text(encoding="utf-8"))
        return 0
    if json_:
        print_json([{"name": e.name, "file": e.display, "title": e.title()} for e in chosen])
        return 0
    from judgebot.present.safe import visible

    lines = [f"{e.name} — {e.title()}" if e.title() else e.name for e in chosen]
    n = len(chosen)
    lines.append(f"{n} example{'' if n == 1 else 's'}: `judgebot examples NAME` prints one, "
                 "`--copy DIR` copies them, `--check` checks them against their expectations")
    sys.stdout.write("".join(visible(line) + "\n" for line in lines))
    return 0
