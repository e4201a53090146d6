"""Hostile input never crashes judgebot (issue 13): every file of tests/hostile/ and a
few made on the fly is refused with exit 2 and one line that names the file, the line
and column, and what was expected; nothing runs away with time or memory."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_contract import one_line_error

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = ROOT / "tests" / "hostile"

# file -> a fragment its one-line error must contain
EXPECTED = {
    "absurd-hp.yaml": "you.active.hp: a number of 41 characters, over the limit of 40",
    "ansi-escapes.yaml": "character U+001B is not allowed",
    "ansi-in-key.yaml": "'\\x1b[31mred\\x07': unknown key",
    "ansi-in-value.yaml": "you.active: missing required key",
    "bad-number.yaml": "turn.number: expected a whole number, got '0x_': write numbers in plain decimal digits",
    # YAML 1.1 would read these as other numbers than the digits say (issue 28): refused at the line.
    **{f"{kind}-hp.yaml": f"you.active.hp: expected a whole number, got '{value}': write numbers in plain decimal "
       "digits (no leading 0, 0x, 0b, _ or :)"
       for kind, value in (("octal", "0120"), ("base60", "1:30"), ("hex", "0x78"), ("binary", "0b1111000"),
                           ("underscore", "01_20"))},
    # Bounds on lists and on the figures a ruling states (issue 28).
    "weakness-x1000.yaml": "opponent.active.weakness.value: expected x2 or +N (a multiple of 10 up to 990), got 'x1000'",
    "weakness-plus-huge.yaml": "opponent.active.weakness.value: expected x2 or +N (a multiple of 10 up to 990), got 10000",
    "damage-over-990.yaml": "ask.attack: the damage to opponent.active comes to 1,200, over the limit of 990",
    "counters-over-bound.yaml": "ask.attack: opponent.active would have 240 damage counters, over the limit of 198",
    "energy-61.yaml": "you.active.energy: expected at most 60 items (a deck has 60 cards), got 61",
    "hand-61.yaml": "you.hand: expected at most 60 items (a deck has 60 cards), got 61",
    "list-over-bound.yaml": "coins: expected at most 100 items, got 101",
    "not-modelled-has-line.yaml": "ask.ability: Ability Look: whether it can be done depends on cards",
    "not-modelled-evolve-twice.yaml": "ask.evolve.via: A2 evolved this turn; the guide lets a card effect evolve",
    "copy-attack-nested.yaml": "you.active.attacks[0].do[1].copy_attack: copy_attack is the whole of an attack's text",
    "base60-turn.yaml": "turn.number: expected a whole number, got '1:30': write numbers",
    "billion-laughs.yaml": "more than 100,000 values once aliases are expanded",
    "complex-key.yaml": "unknown key \"['a', 'b']\"",
    "cyclic-anchor-mapping.yaml": "you.active: alias *me refers to a value that contains it (a cycle)",
    "cyclic-anchor.yaml": "you[0]: alias *x refers to a value that contains it (a cycle)",
    "deep-block.yaml": "nested deeper than 40 levels",
    "deep-nesting.yaml": "nested deeper than 40 levels",
    "empty.yaml": "the file is empty",
    "huge-count.yaml": "you.deck: expected a whole number from 0 to 60, got 1000000",
    "huge-float.yaml": "turn.number: a number of 402 characters, over the limit of 40",
    "huge-integer.yaml": "you.active.hp: a number of 5,000 characters, over the limit of 40",
    "implicit-timestamp.yaml": "turn.number: expected a whole number, got '2026-01-01'",
    "infinite-damage.yaml": "you.active.damage: expected a whole number, got inf",
    "invalid-utf8.yaml": "not UTF-8 text: byte 0xe9",
    "lone-surrogate-key.yaml": "a lone surrogate",
    "lone-surrogate.yaml": "title: a lone surrogate",
    "long-key.yaml": "invalid YAML",
    "long-scalar.yaml": "title: a value of 20,000 characters, over the limit of 10,000",
    "many-aliases.yaml": "more than 100 aliases",
    "many-documents.yaml": "invalid YAML: but found another document",
    "merge-key-scalar.yaml": "invalid YAML: expected a mapping or list of mappings for merging",
    "nan-damage.yaml": "you.active.damage: expected a whole number, got nan",
    "trigger-loop.yaml": "you.active.effects[0]: triggers set each other off more than 200 times",
    "nul-bytes.yaml": "character U+0000 is not allowed",
    "only-tag.yaml": "YAML tag !!binary is not allowed",
    "utf16.yaml": "not UTF-8 text: byte 0xff",
    **{f"tag-{tag}.yaml": f"you: YAML tag !!{tag.replace('-', '/')} is not allowed"
       for tag in ("binary", "bool", "float", "int", "null", "omap", "pairs", "python-tuple", "set",
                   "timestamp")},
}
PLACE = re.compile(r"^judgebot: error: (?P<file>.+?):(?P<line>\d+):(?P<column>\d+): ")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def check(cache_dir: Path, *args: str, timeout: float = 20):
    """`judgebot check` in a process limited to 3 GB and `timeout` seconds."""
    env = {**os.environ, "JUDGEBOT_CACHE": str(cache_dir), "COLUMNS": "120"}
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)); "
    code = limit + "import sys; from judgebot.cli import main; sys.argv[0] = 'judgebot'; main()"
    proc = subprocess.run([sys.executable, "-c", code, "check", *args], cwd=ROOT, capture_output=True,
                          text=True, env=env, timeout=timeout, errors="backslashreplace")
    from tests.conftest import CliResult

    return CliResult(proc)


def test_every_hostile_file_has_an_expectation():
    assert sorted(p.name for p in HOSTILE.glob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hostile_file_is_one_line_exit_2(cache_dir, name):
    path = HOSTILE / name
    line = one_line_error(check(cache_dir, str(path)))
    place = PLACE.match(line)
    assert place and place["file"] == str(path), f"no FILE:LINE:COL: {line}"
    assert EXPECTED[name] in line
    assert not CONTROL.search(line), "a control character reached the terminal"
    assert len(line) < 400, "a value was echoed whole"
    as_json = check(cache_dir, str(path), "--json")
    assert as_json.code == 2 and as_json.stdout == "" and one_line_error(as_json) == line


@pytest.mark.parametrize("make,expected", [
    (lambda d: _write(d / "huge-value.yaml", "title: " + "x" * 10_000_000 + "\nask: {game_end: {}}\n"),
     "is 10,000,028 bytes, over the limit of 1,000,000"),
    (lambda d: _fifo(d / "fifo.yaml"), "is a FIFO (named pipe), expected a regular file"),
    (lambda d: Path("/dev/zero"), "is a device, expected a regular file"),
])
def test_files_over_the_limit_or_not_regular_are_refused_unread(cache_dir, tmp_path, make, expected):
    path = make(tmp_path)
    line = one_line_error(check(cache_dir, str(path), timeout=20))
    assert line == f"judgebot: error: {path}: {expected}"


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_control_characters_are_visible_in_the_human_view_and_escaped_in_json(cache_dir, tmp_path):
    ruling = next((ROOT / "rulings").rglob("*.yaml"))
    text = ruling.read_text(encoding="utf-8")
    path = tmp_path / "ansi.yaml"
    path.write_text('title: "\\e]0;pwned\\a\\e[2J\\x9b31m"\n' + re.sub(r"(?m)^title:.*\n", "", text),
                    encoding="utf-8")
    human = check(cache_dir, str(path), "--json")
    assert human.code == 0, human.stderr
    assert not CONTROL.search(human.stdout)
    assert json.loads(human.stdout)["title"] == "\x1b]0;pwned\x07\x1b[2J\x9b31m"
    shown = check(cache_dir, str(path))
    assert shown.code == 0 and not CONTROL.search(shown.stdout)


def test_errors_carry_their_place_for_json():
    from judgebot.engine.format.scenario import load_scenario_text
    from judgebot.errors import InputError

    cases = [((HOSTILE / "huge-count.yaml").read_bytes(),
              {"file": "x.yaml", "line": 3, "column": 3, "key": "you.deck",
               "message": "expected a whole number from 0 to 60, got 1000000"}),
             (b"ask: {attack: {name: a}}\nyou: {active: {name: a, types: [fire], hp: 100, tool: NoSuchTool}}\n"
              b"opponent: {active: {name: b, types: [fire], hp: 100}}\n",
              {"file": "x.yaml", "line": 2, "column": 49, "key": "you.active.tool"}),
             (b"title: caf\xe9\n", {"file": "x.yaml", "line": 1, "column": 11, "key": ""})]
    for data, expected in cases:
        with pytest.raises(InputError) as info:
            load_scenario_text(data, "x.yaml")
        got = info.value.to_json()
        assert {k: got[k] for k in expected} == expected
        place = f"x.yaml:{got['line']}:{got['column']}: " + (f"{got['key']}: " if got["key"] else "")
        assert str(info.value) == place + got["message"]


def test_argv_bytes_that_are_not_utf8_are_escaped_in_json(cache_dir):
    env = {**os.environ, "JUDGEBOT_CACHE": str(cache_dir)}
    proc = subprocess.run([sys.executable, "-m", "judgebot", "term", b"\xff\x1b[31m\xc2\x9b", "--json"],
                          cwd=ROOT, capture_output=True, env=env, timeout=120)
    assert proc.returncode in (0, 2), proc.stderr
    shown = proc.stdout if proc.returncode == 0 else proc.stderr
    text = shown.decode("utf-8")  # valid UTF-8: no lone surrogate written
    assert not CONTROL.search(text)
