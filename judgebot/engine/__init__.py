"""The reference engine: scenario files in, cited rulings out (`judgebot check`).

    check_paths(paths, verify) -> [ruling dict, ...]   # CONTRACT.md `check` objects
    iter_rulings(files, verify, errors) -> rulings one at a time (memory flat in the files)
    check_file(path, verify)   -> ruling dict
    rule(scenario)             -> Ruling

Each ask kind has one handler in ASK_HANDLERS; a kind without one is refused with
NotModelledError rather than answered by guessing.
"""

from __future__ import annotations

import os
from importlib import import_module
from pathlib import Path
from typing import Callable, Iterator

from judgebot.engine.format.catalog import one_read
from judgebot.engine.board.model import Scenario
from judgebot.engine.procedures import unread_text
from judgebot.engine.ruling import citations
from judgebot.engine.ruling.trace import Ruling
from judgebot.engine.format.scenario import load_scenario
from judgebot.engine.ruling.verify import verify_ruling
from judgebot.errors import InputError, NotModelledError, ScenarioError


def _handler(module: str) -> Callable[[Scenario, Ruling], Ruling]:
    """The procedure module's `resolve`, imported on first use: a batch of attack
    scenarios never loads the evolve or setup procedures."""

    def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
        return import_module(f"judgebot.engine.procedures.{module}").resolve(scenario, ruling)

    resolve.__qualname__ = f"{module}.resolve"
    return resolve


ASK_HANDLERS: dict[str, Callable[[Scenario, Ruling], Ruling]] = {
    kind: _handler(kind)
    for kind in ("attack", "retreat", "ability", "evolve", "bench", "play", "attach", "checkup", "game_end", "setup",
                 "sequence")
}


def rule(scenario: Scenario) -> Ruling:
    kind = scenario.ask.kind
    handler = ASK_HANDLERS.get(kind)
    if handler is None:
        raise NotModelledError(f"ask {kind!r} is not modelled yet", file=scenario.file,
                               line=scenario.line_of("ask"), path="ask")
    check_no_conditions(scenario)
    unread_text.before(scenario)
    ruling = Ruling(file=scenario.file, ask=kind, title=scenario.title, in_play_of=lambda: cards_in_play(scenario),
                    cards=scenario.cards or None, warnings=scenario.warnings or None)
    ruling = handler(scenario, ruling)
    if ruling.allowed and getattr(scenario.ask, "resolve", False):
        from judgebot.engine.procedures import carry_out

        carry_out.apply(scenario, ruling)
    if kind != "sequence":  # a sequence checks each ask on the board it was ruled on
        unread_text.after(scenario, ruling)
    unread_text.not_reached(scenario)
    return ruling


def check_no_conditions(scenario: Scenario) -> None:
    """A Pokémon that "can't be affected by any Special Conditions" (a card's text in force
    on it) has none: a board that gives it one cannot be (Ⅰ-F) — an error, not a guess."""
    if not any(mon.conditions for mon in scenario.all_pokemon()):
        return
    from judgebot.engine.board.effects import Board, sources_msg
    from judgebot.i18n import render

    board = Board(scenario)
    for mon in scenario.all_pokemon():
        immune = [e for e in board.of_kind(mon, "no_conditions") if set(mon.conditions) & set(
            e.get("conditions") or mon.conditions)] if mon.conditions else []
        if immune:
            path = f"{mon.position}.conditions"
            raise ScenarioError(scenario.file, scenario.line_of(path), path,
                                f"{mon.name} cannot be affected by Special Conditions ({render(sources_msg(immune), 'en')}, "
                                "guide-ja:I-F): it has none; remove `conditions`")


def cards_in_play(scenario: Scenario) -> frozenset[str]:
    """The catalog cards the scenario names (Abilities, attacks, Tools, Energy, the
    Stadium, Abilities used this turn, a card being played), by their catalog names: a
    FAQ about several cards together answers only when all of them are here
    (citations.Mention)."""
    from judgebot.engine.format.catalog import load_catalog

    names: list[str] = []
    for mon in scenario.all_pokemon():
        names += [a.name for a in mon.abilities] + [a.name for a in mon.attacks] + list(mon.abilities_used)
        names += [e.name for e in mon.energy] + ([mon.tool.name] if mon.tool else [])
    names += list(scenario.turn.abilities_used) + ([scenario.stadium.name] if scenario.stadium else [])
    played = getattr(scenario.ask, "card", None) if scenario.ask.kind == "play" else None
    names += [played] if isinstance(played, str) else []
    catalog = load_catalog()
    key = (tuple(name for name in names if isinstance(name, str)), id(catalog))
    known = _IN_PLAY.get(key)
    if known is None or known[0] is not catalog:  # the same boards recur in a batch
        if len(_IN_PLAY) > 4096:
            _IN_PLAY.clear()
        entries = (catalog.lookup(name) for name in key[0])
        known = _IN_PLAY[key] = (catalog, frozenset(entry.name for entry in entries if entry is not None))
    return known[1]


_IN_PLAY: dict[tuple, tuple] = {}


# `judgebot check -`: the scenario read from standard input, shown as <stdin>.
STDIN = Path("-")


def check_file(path: Path, verify: bool = False, display: str | None = None, lang: str = "en") -> dict:
    if path is STDIN:
        scenario = _stdin_scenario(display or "<stdin>")
    else:
        scenario = load_scenario(path, display)
    ruling = rule(scenario)
    if verify:
        verify_ruling(scenario, ruling)
    return ruling.to_dict(lang)


def _stdin_scenario(display: str) -> Scenario:
    """The scenario on standard input, under the limits of a file (size, UTF-8)."""
    from judgebot.engine.format.scenario import load_scenario_text
    from judgebot.engine.format.yaml_lines import LIMITS
    from judgebot.errors import ScenarioError
    from judgebot.files import FileProblem, read_stdin

    try:
        data = read_stdin(LIMITS.file_bytes)
    except FileProblem as exc:
        raise ScenarioError(display, None, "", exc.reason) from None
    return load_scenario_text(data, display)


def _yaml_files_under(folder: Path, problems: list | None = None) -> list[Path]:
    """Every *.yaml entry under `folder` that is not a folder, sorted: regular files, and
    also FIFOs, devices and links to nothing or in a loop, which the reader refuses by
    name (a folder scan never skips them silently). Symlinked folders are not entered
    (a loop of them never ends). A folder that cannot be read is an error, never
    skipped: raised, or added to `problems` as (its name, the error) for a batch to go on."""

    def unreadable(exc: OSError) -> None:
        problem = InputError(f"{exc.filename}: folder cannot be read ({exc.strerror})")
        if problems is None:
            raise problem
        problems.append((str(exc.filename), problem))

    files = []
    for root, _dirs, names in os.walk(folder, onerror=unreadable):
        files += [Path(root, n) for n in names if n.endswith(".yaml")]
    return sorted(files)


def scenario_files(paths: list[Path], problems: list | None = None) -> list[tuple[Path, str]]:
    """Files to check, with the name to show: a directory means every *.yaml in it,
    recursively, sorted; `-` is standard input (STDIN, shown as <stdin>). A path that does not exist or a folder that cannot be read is
    raised, or with a `problems` list added to it as (name, error) and the rest read."""
    found: list[tuple[Path, str]] = []
    for path in paths:
        if str(path) == "-":  # standard input, read once
            if any(p is STDIN for p, _ in found):
                raise InputError("-: standard input can be read only once; give `-` once")
            found.append((STDIN, "<stdin>"))
            continue
        path = Path(path)
        if path.is_dir():
            found += [(f, str(f)) for f in _yaml_files_under(path, problems)]
        elif os.path.lexists(path):
            found.append((path, str(path)))  # a link to nothing or a FIFO: the reader says which
        else:
            problem = InputError(f"{path}: no such file or directory")
            if problems is None:
                raise problem
            problems.append((str(path), problem))
    return found


def error_object(exc: InputError, display: str) -> dict:
    """A file's error in `check --json`'s `errors` list (the file named even when the
    error itself has no place)."""
    error = exc.to_json()
    if error["file"] is None:
        error["file"] = display
    return error


def iter_rulings(files: list[tuple[Path, str]], verify: bool = False,
                 errors: list[dict] | None = None, lang: str = "en", bugs: list[str] | None = None) -> Iterator[dict]:
    """The rulings of `files` (from scenario_files), one at a time. With an `errors`
    list, a file's input error is appended to it and the next file is read; without
    one, the error is raised. With a `bugs` list too, a file that fails judgebot itself
    is one more error (`internal error: …`, its name added to `bugs`) and the batch goes
    on (JUDGEBOT_DEBUG=1 raises it)."""
    with one_read():
        for path, display in files:
            try:
                ruling = check_file(path, verify, display, lang)
            except InputError as exc:
                if errors is None:
                    raise
                errors.append(error_object(exc, display))
                continue
            except Exception as exc:
                if errors is None or bugs is None or os.environ.get("JUDGEBOT_DEBUG"):
                    raise
                bugs.append(display)
                errors.append({"file": display, "line": None, "column": None, "key": "",
                               "message": f"internal error: {type(exc).__name__}: {exc} (set JUDGEBOT_DEBUG=1 "
                                          "for the traceback)"})
                continue
            yield ruling


def checked_files(paths: list[Path], problems: list | None = None) -> list[tuple[Path, str]]:
    files = scenario_files(paths, problems)
    if not files and not problems:
        raise InputError(f"no scenario files (*.yaml) in {', '.join(str(p) for p in paths)}")
    return files


def check_paths(paths: list[Path], verify: bool = False, lang: str = "en") -> list[dict]:
    return list(iter_rulings(checked_files(paths), verify, lang=lang))


__all__ = ["ASK_HANDLERS", "check_file", "check_paths", "checked_files", "error_object", "iter_rulings", "rule",
           "scenario_files"]
