"""The reference engine: scenario files in, cited rulings out (`judgebot check`).

    check_paths(paths, verify) -> [ruling dict, ...]   # CONTRACT.md `check` objects
    check_file(path, verify)   -> ruling dict
    rule(scenario)             -> Ruling

Each ask kind has one handler in ASK_HANDLERS; a kind without one is refused with
NotModelledError rather than answered by guessing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from judgebot.engine import ability, attach, attack, bench, checkup, evolve, game_end, play, retreat, setup
from judgebot.engine.model import Scenario
from judgebot.engine.ruling import Ruling
from judgebot.engine.scenario import load_scenario
from judgebot.engine.verify import verify_ruling
from judgebot.errors import InputError, NotModelledError

ASK_HANDLERS: dict[str, Callable[[Scenario, Ruling], Ruling]] = {
    "attack": attack.resolve,
    "retreat": retreat.resolve,
    "ability": ability.resolve,
    "evolve": evolve.resolve,
    "bench": bench.resolve,
    "play": play.resolve,
    "attach": attach.resolve,
    "checkup": checkup.resolve,
    "game_end": game_end.resolve,
    "setup": setup.resolve,
}


def rule(scenario: Scenario) -> Ruling:
    kind = scenario.ask.kind
    handler = ASK_HANDLERS.get(kind)
    if handler is None:
        raise NotModelledError(f"{scenario.file}: ask {kind!r} is not modelled yet")
    ruling = Ruling(file=scenario.file, ask=kind, title=scenario.title)
    return handler(scenario, ruling)


def check_file(path: Path, verify: bool = False, display: str | None = None, lang: str = "en") -> dict:
    scenario = load_scenario(path, display)
    ruling = rule(scenario)
    if verify:
        verify_ruling(scenario, ruling)
    return ruling.to_dict(lang)


def scenario_files(paths: list[Path]) -> list[tuple[Path, str]]:
    """Files to check, with the name to show: a directory means every *.yaml in it,
    recursively, sorted."""
    found: list[tuple[Path, str]] = []
    for path in paths:
        path = Path(path)
        if path.is_dir():
            found += [(f, str(f)) for f in sorted(path.rglob("*.yaml")) if f.is_file()]
        elif path.exists():
            found.append((path, str(path)))
        else:
            raise InputError(f"{path}: no such file or directory")
    return found


def check_paths(paths: list[Path], verify: bool = False, lang: str = "en") -> list[dict]:
    files = scenario_files(paths)
    if not files:
        raise InputError(f"no scenario files (*.yaml) in {', '.join(str(p) for p in paths)}")
    return [check_file(path, verify, display, lang) for path, display in files]


__all__ = ["ASK_HANDLERS", "check_file", "check_paths", "rule", "scenario_files"]
