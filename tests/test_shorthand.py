"""Shorthand for people typing YAML (issue 25): bare strings for real cards and asks, and
`judgebot check -` reading the scenario from standard input under a file's limits."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from judgebot.engine import rule
from judgebot.engine.format.scenario import parse_scenario
from judgebot.errors import NotModelledError, ScenarioError

from .conftest import ROOT

LAUNCHER = "import sys; from judgebot.launch import main; sys.argv[0] = 'judgebot'; main()"
FULL_CLI = "import sys; from judgebot.cli import main; sys.argv[0] = 'judgebot'; main()"

# The Charizard ex vs Iron Hands ex question of the README, in five short lines.
FIVE_LINES = """format: 2
you: {active: {card: Charizard ex, energy: [fire, fire]}}
opponent: {active: Iron Hands ex, prizes: 3}
ask: {attack: Burning Darkness}
"""


def ruling(text: str) -> dict:
    return rule(parse_scenario(text, "x.yaml")).to_dict()


def same(short: str, long: str) -> None:
    a, b = ruling(short), ruling(long)
    a.pop("file"), b.pop("file")
    assert a == b


BOARD = """format: 2
you:
  active: {card: Iron Hands ex, energy: [lightning, lightning, colorless, lightning]}
  bench: [Pikachu ex ASC 276]
opponent:
  active: {card: Charizard ex OBF 125, conditions: [burned]}
  bench: [Budew]
"""


@pytest.mark.parametrize("short, long", [
    ("ask: {play: Boss's Orders}", "ask: {play: {card: Boss's Orders}}"),
    ("ask: {bench: Budew}", "ask: {bench: {card: Budew}}"),
    ("ask: {attack: Arm Press}", "ask: {attack: {name: Arm Press}}"),
    ("ask: retreat", "ask: {retreat: {}}"),
    ("ask: checkup\ncoins: [heads]", "ask: {checkup: {}}\ncoins: [heads]"),
])
def test_a_bare_string_is_short_for_the_mapping(short, long):
    same(BOARD + short, BOARD + long)


def test_a_bare_ability_name_is_short_for_name():
    board = """format: 2
you:
  active: {name: A, types: [fire], hp: 100, abilities: [{name: Quick Look, does: [draw]}]}
opponent:
  active: {name: B, types: [water], hp: 100}
"""
    same(board + "ask: {ability: Quick Look}", board + "ask: {ability: {name: Quick Look}}")


def test_a_bare_effect_name_is_short_for_card():
    board = """format: 2
you: {active: {card: Iron Hands ex, energy: [lightning, lightning, colorless]}}
opponent:
  active: {card: Charizard ex OBF 125}
  effects: [%s]
ask: {attack: Arm Press}
"""
    same(board % "Iron Defender", board % "{card: Iron Defender}")
    same(board % "アイアンディフェンダー", board % "{card: アイアンディフェンダー}")


def test_a_bare_ask_that_needs_something_is_an_error_at_its_line():
    with pytest.raises(ScenarioError) as info:
        ruling(BOARD + "ask: attack")
    assert str(info.value).startswith("x.yaml:8:1: ask: expected a mapping with exactly one of")
    assert "or just checkup or retreat" in str(info.value)


def test_the_five_line_question_names_both_cards_and_the_attack():
    # Burning Darkness's "30 more damage for each Prize card your opponent has taken" is
    # read from the card (judgebot.cardtext) and applied.
    result = ruling(FIVE_LINES)
    assert result["damage"] == {"opponent.active": 270}  # 180 + 3 × 30; Iron Hands ex is weak to Fighting
    assert result["knocked_out"] == ["opponent.active"] and result["prizes_taken"]["you"] == 2


# -- judgebot check - -------------------------------------------------------------------------------

SIMPLE = BOARD + "ask: {attack: Arm Press}\n"


def _run(code: str, args: list[str], stdin: bytes, cache_dir) -> subprocess.CompletedProcess:
    env = {**os.environ, "JUDGEBOT_CACHE": str(cache_dir), "COLUMNS": "120"}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, input=stdin, capture_output=True,
                          env=env, timeout=300)


@pytest.mark.parametrize("code", [LAUNCHER, FULL_CLI], ids=["launcher", "full"])
def test_check_dash_reads_standard_input(code, cache_dir, tmp_path):
    proc = _run(code, ["check", "-", "--json"], SIMPLE.encode(), cache_dir)
    assert proc.returncode == 0, proc.stderr
    from_stdin = json.loads(proc.stdout)
    path = tmp_path / "same.yaml"
    path.write_text(SIMPLE, encoding="utf-8")
    from_file = json.loads(_run(code, ["check", str(path), "--json"], b"", cache_dir).stdout)
    assert from_stdin["file"] == "<stdin>"
    from_stdin.pop("file"), from_file.pop("file")
    assert from_stdin == from_file


@pytest.mark.parametrize("stdin, message", [
    (b"format: 2\nyou: {active: Iron Hands ex\n", "judgebot: error: <stdin>:2:6: invalid YAML: this '{' is not closed"),
    (b"\xff\xfe", "judgebot: error: <stdin>:1:1:"),
    (b"a" * 1_000_001, "judgebot: error: <stdin>: is over the limit of 1,000,000 bytes"),
    (SIMPLE.replace("Iron Hands ex,", "Iron Handz ex,").encode(), "judgebot: error: <stdin>:3:"),
])
def test_check_dash_has_the_limits_and_errors_of_a_file(stdin, message, cache_dir):
    proc = _run(LAUNCHER, ["check", "-"], stdin, cache_dir)
    assert proc.returncode == 2
    lines = proc.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), lines


def test_check_dash_among_files_and_only_once(cache_dir):
    proc = _run(LAUNCHER, ["check", "-", "rulings/guide-ja_II-B-07_faq-1.yaml", "--json"], SIMPLE.encode(),
                cache_dir)
    assert proc.returncode == 0, proc.stderr
    files = [r["file"] for r in json.loads(proc.stdout)["rulings"]]
    assert files == ["<stdin>", "rulings/guide-ja_II-B-07_faq-1.yaml"]
    proc = _run(LAUNCHER, ["check", "-", "-"], SIMPLE.encode(), cache_dir)
    assert proc.returncode == 2
    assert proc.stderr.decode().strip() == "judgebot: error: -: standard input can be read only once; give `-` once"
