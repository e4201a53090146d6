"""The human ruling view (80 columns, verdict first, terminal-safe) and the streamed
`check --json` batch."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from judgebot.corpus import load_corpus
from judgebot.engine import check_paths
from judgebot.present.fixed_width import cells, wrap
from judgebot.present.json_stream import write_batch
from judgebot.present.ruling_view import WIDTH, render_rulings, ruling_lines
from tests.engine.helpers import board, dump

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "rulings").rglob("*.yaml")) + sorted((ROOT / "tests" / "engine" / "scenarios").glob("*.yaml"))

text_chars = st.text(st.sampled_from(list("ab cdeXY  -/") + list("リザードン弱点ワザ") + list("한국어") + ["\u0301"]), max_size=300)


@given(text=text_chars, width=st.integers(20, 100), indent=st.sampled_from(["", "  ", "      "]))
@settings(max_examples=300, deadline=None)
def test_wrap_fits_the_width_and_keeps_every_character(text, width, indent):
    lines = wrap(text, width, indent, "")
    assert all(cells(line) <= width for line in lines)
    assert all(line.startswith(indent) for line in lines[1:])
    assert "".join("".join(lines).split()) == "".join(text.split())


@given(text=st.text(max_size=200))
@settings(max_examples=200, deadline=None)
def test_wrap_of_any_text_keeps_its_non_space_characters(text):
    assert "".join("".join(wrap(text, 40, "  ")).split()) == "".join(text.split())


def test_cells_counts_wide_characters_twice():
    assert cells("abc") == 3 and cells("リザードン") == 10 and cells("e\u0301") == 1


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_every_ruling_fits_80_columns_verdict_first(path, corpus):
    (ruling,) = check_paths([path], verify=True)
    lines = [text for text, _ in ruling_lines(ruling, corpus)]
    assert all(cells(line) <= WIDTH for line in lines), max(lines, key=cells)
    assert lines[0].split()[1] in ("ALLOWED", "NOT", "RULING")
    # the file comes first after the verdict; a path longer than the line wraps inside it
    assert "".join(line.strip() for line in lines[1:4]).startswith(str(ruling["file"]))
    shown = "\n".join(lines)
    for step in ruling["steps"]:
        for citation in step["cite"]:
            assert citation in shown


def test_control_characters_in_the_scenario_are_shown_not_interpreted(tmp_path, corpus):
    path = tmp_path / "evil.yaml"
    path.write_text(dump(board(title="bell\x07 and \x1b[31mred"), ), encoding="utf-8")
    out = io.StringIO()
    render_rulings(check_paths([path]), corpus, out)
    assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue()
    assert "\\x1b[31mred" in out.getvalue() and "bell\\x07" in out.getvalue()


def test_terminal_output_is_the_plain_text_styled(corpus):
    rulings = check_paths(SCENARIOS[:5], verify=True)
    plain, styled = io.StringIO(), io.StringIO()
    render_rulings(rulings, corpus, plain)
    render_rulings(rulings, corpus, console=Console(file=styled, width=200, color_system=None))
    assert styled.getvalue() == plain.getvalue()
    assert plain.getvalue().rstrip().endswith("rulings match their expectations")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


@given(rulings=st.lists(st.dictionaries(st.text(max_size=8), json_values, max_size=5), max_size=5),
       errors=st.lists(st.dictionaries(st.text(max_size=8), json_values, max_size=5), max_size=3))
@settings(max_examples=200, deadline=None)
def test_streamed_batch_is_the_same_json_text(rulings, errors):
    out = io.StringIO()
    write_batch(out, iter(rulings), errors)
    expected = json.dumps({"rulings": rulings, "errors": errors}, ensure_ascii=False, indent=2) + "\n"
    assert out.getvalue() == expected


def test_check_json_several_files_answers_every_file(cli, tmp_path):
    (tmp_path / "a.yaml").write_text(dump(board()), encoding="utf-8")
    (tmp_path / "b.yaml").write_text("ask: {attack: {name: x}}\nyou: {active: {name: a, types: [fire], hp: 95}}\n",
                                     encoding="utf-8")
    (tmp_path / "c.yaml").write_text(dump(board()), encoding="utf-8")
    result = cli("check", "--json", str(tmp_path))
    assert result.code == 2
    data = result.json()
    assert [Path(r["file"]).name for r in data["rulings"]] == ["a.yaml", "c.yaml"]
    (error,) = data["errors"]
    assert Path(error["file"]).name == "b.yaml" and error["line"] == 2 and error["key"] == "you.active.hp"
    alone = cli("check", "--json", str(tmp_path / "b.yaml"))  # the same one line as for the file alone
    assert alone.code == 2 and result.stderr.strip().splitlines() == alone.stderr.strip().splitlines()
