"""What a terminal shows of names and places (issue 28 item 9): bidi controls in file and
card names are escaped like control characters, and line numbers count only the line
breaks an editor counts (\\n, \\r\\n, \\r — not NEL, U+2028, U+2029)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judgebot.engine.format.yaml_lines import decode_utf8, load_yaml
from judgebot.errors import ScenarioError
from judgebot.present.safe import visible

ROOT = Path(__file__).resolve().parents[1]
GOOD = ROOT / "rulings" / "rule_I-A-04_bench-full.yaml"
BIDI = "\u202e\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u2028\u2029"


def test_bidi_controls_are_escaped_for_the_terminal():
    assert visible("ok\u202elmay.txt") == "ok\\u202elmay.txt"
    assert visible(BIDI) == "".join(f"\\u{ord(c):04x}" for c in BIDI)
    assert visible("リザードン ex\tタブ\n") == "リザードン ex\tタブ\n"  # text and layout untouched


def test_a_file_name_with_a_right_to_left_override_is_shown_escaped(cli, tmp_path):
    name = tmp_path / "evil\u202elmay.yaml"
    shutil.copy(GOOD, name)
    human = cli("check", str(name))
    assert human.code == 0 and "\u202e" not in human.stdout and "evil\\u202elmay" in human.stdout
    as_json = cli("check", "--json", str(name))
    assert "\u202e" not in as_json.stdout and json.loads(as_json.stdout)["file"] == str(name)
    name.write_text("ask: {retreat: {}}\nyou: 1\n", encoding="utf-8")
    error = cli("check", str(name))
    assert error.code == 2 and "\u202e" not in error.stderr and "evil\\u202elmay.yaml:2:1:" in error.stderr


def test_a_card_name_with_bidi_controls_is_shown_escaped(cli, tmp_path):
    path = tmp_path / "card.yaml"
    text = GOOD.read_text(encoding="utf-8").replace("name: リオル", 'name: "リオ\\u202eル\\u2066"', 1)
    assert text != GOOD.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    human = cli("check", str(path))
    assert human.code == 0, human.stderr
    assert not any(c in human.stdout for c in BIDI) and "リオ\\u202eル\\u2066" in human.stdout
    as_json = cli("check", "--json", str(path))
    assert not any(c in as_json.stdout for c in BIDI)


PROBLEM = "you:\n  active: {name: a, types: [fire], hp: 95}\n"


@pytest.mark.parametrize("before,line,column", [
    ("title: \"a\u2028b\u2029c\x85d\"\n", 3, 36),       # inside a quoted value
    ("title: a\u2028  b\n", 3, 36),                   # inside a plain value
    ("# a comment\u2028# with LS\n# and NEL\x85# NEL\n", 4, 36),
    ("title: x\r\n", 3, 36),                          # CRLF
    ("title: x\r", 3, 36),                            # CR alone ends a line too
])
def test_line_numbers_count_the_breaks_an_editor_counts(before, line, column):
    with pytest.raises(ScenarioError) as caught:
        from judgebot.engine.format.scenario import parse_scenario

        parse_scenario(before + PROBLEM.replace("\n", "\r" if before.endswith("\r") and "\n" not in before else "\n")
                       + "opponent:\n  active: {name: b, types: [water], hp: 100}\nask: {retreat: {}}\n", "f.yaml")
    assert (caught.value.line, caught.value.column) == (line, column), str(caught.value)


def test_lines_of_every_key_are_the_editors():
    data, lines = load_yaml("a: \"x\u2028y\"\nb:\n  c: 1\u2029\n", "f.yaml")
    assert (lines["b"], lines["b"].column, lines["b.c"], lines["b.c"].column) == (2, 1, 3, 3)


def test_a_syntax_error_after_a_line_separator_has_the_editors_line():
    with pytest.raises(ScenarioError) as caught:
        load_yaml("# one\u2028 two\nturn: {number: 1}\n", "f.yaml")
    assert caught.value.line == 2


def test_a_bad_byte_after_cr_line_ends_has_the_editors_line():
    with pytest.raises(ScenarioError) as caught:
        decode_utf8(b"title: a\rb: c\r\ncc: \xff\n", "f.yaml")
    assert (caught.value.line, caught.value.column) == (3, 5)


def test_the_readme_shows_the_error_prefix():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "judgebot: error: FILE:LINE:COL: key.path: what was expected, what was found" in readme
