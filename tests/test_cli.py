"""The public contract of the CLI (CONTRACT.md §2): commands, JSON, exit codes.

Run as separate processes, as users and outside test suites do.
"""

from __future__ import annotations

import json
import re

import pytest

from judgebot.cli import app

from .conftest import ROOT

COMMANDS = sorted(c.name or c.callback.__name__ for c in app.registered_commands)


def test_every_command_is_documented_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [c for c in COMMANDS if not re.search(rf"judgebot {c}\b", readme)]
    assert not missing, f"commands not documented in README.md: {missing}"


def test_contract_commands_exist():
    for name in ("search", "show", "term", "check", "cards", "index"):
        assert name in COMMANDS


def test_show_json_has_the_contract_keys(cli):
    result = cli("show", "guide-ja:I-A-03", "--json")
    assert result.code == 0, result.stderr
    record = result.json()
    for key in ("id", "doc", "section", "lang", "title", "text", "parent",
                "children", "faqs", "refs", "equivalents"):
        assert key in record, key
    assert record["id"] == "guide-ja:I-A-03"
    assert record["section"] == "I-A-03"
    assert record["lang"] == "ja"
    assert record["parent"] == "guide-ja:I-A"
    assert "guide-zh:I-A-03" in record["equivalents"]


def test_show_bare_id_follows_lang(cli):
    result = cli("show", "I-A-03", "--lang", "zh", "--json")
    assert result.code == 0, result.stderr
    assert result.json()["id"] == "guide-zh:I-A-03"


def test_show_faq_sub_record(cli):
    result = cli("show", "guide-ja:II-B-07/faq-1", "--json")
    assert result.code == 0, result.stderr
    record = result.json()
    assert record["section"] == "II-B-07"
    assert record["parent"] == "guide-ja:II-B-07"


def test_show_human_output_names_the_section(cli):
    result = cli("show", "II-B-08")
    assert result.code == 0, result.stderr
    assert "guide-ja:II-B-08" in result.stdout
    assert "ベンチ" in result.stdout


@pytest.mark.parametrize("ident", ["guide-ja:I-A-09", "I-Z-01", "guide-xx:I-A-01", "guide-ja:II-B-07/faq-9"])
def test_unknown_id_is_exit_2_with_suggestions(cli, ident):
    result = cli("show", ident)
    assert result.code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "unknown ID" in lines[0]
    assert "Traceback" not in result.stderr


def test_unknown_id_suggests_the_closest(cli):
    result = cli("show", "guide-ja:I-A-09")
    assert "did you mean" in result.stderr
    assert "guide-ja:I-A-0" in result.stderr


def test_bad_option_is_exit_2(cli):
    result = cli("search", "弱点", "--lang", "fr")
    assert result.code == 2
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("query", ["", "   "])
def test_empty_query_is_a_clear_error(cli, query):
    result = cli("search", query)
    assert result.code == 2
    assert "empty" in result.stderr
    assert "Traceback" not in result.stderr


def test_search_json_is_one_document(cli):
    result = cli("search", "にげる", "--json", "--limit", "3")
    assert result.code == 0, result.stderr
    doc = json.loads(result.stdout)  # the whole stdout is one JSON document
    assert doc["query"] == "にげる"
    assert 1 <= len(doc["hits"]) <= 3
    for hit in doc["hits"]:
        assert set(hit) >= {"id", "doc", "section", "lang", "kind", "title", "score", "snippet"}
        assert hit["kind"] in ("section", "faq", "example")


def test_term_json(cli):
    result = cli("term", "Weakness", "--json")
    assert result.code == 0, result.stderr
    entries = result.json()["entries"]
    assert any(e["ja"] == "弱点" for e in entries)


def test_unreadable_scenario_is_exit_2(cli, tmp_path):
    missing = tmp_path / "nope.yaml"
    result = cli("check", str(missing))
    assert result.code == 2
    assert str(missing) in result.stderr or "nope.yaml" in result.stderr
    assert "Traceback" not in result.stderr


def test_unwritable_cache_is_a_clear_error_for_index_and_search_reads_the_shipped_one(cli, tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a directory")
    env = {"JUDGEBOT_CACHE": str(blocker / "cache")}
    result = cli("index", env=env)
    assert result.code == 2
    assert str(blocker) in result.stderr
    assert "Traceback" not in result.stderr
    result = cli("search", "弱点", "--json", env=env)  # issue 28: falls back to the wheel's index, read-only
    assert result.code == 0, result.stderr
    assert result.json()["hits"]


@pytest.mark.parametrize("typed, expected", [
    ("ⅱ-b-07 / FAQ-1", "guide-ja:II-B-07/faq-1"),
    ("Ⅰ-D", "guide-ja:I-D"),
    ("rules-ko:b-11", "rules-ko:B-11"),
    ("rules-ko:기술의 데미지 계산의 순서", "rules-ko:기술의 데미지 계산의 순서"),
    ("wiki-ja:勝敗の判定", "wiki-ja:勝敗の判定"),
])
def test_show_accepts_ids_as_judges_type_them(cli, typed, expected):
    result = cli("show", typed, "--json")
    assert result.code == 0, result.stderr
    assert result.json()["id"] == expected


@pytest.mark.parametrize("args", [
    ("search", "弱点", "--lang", "fr"),
    ("search", "弱点", "--bogus"),
    ("show",),
    ("frobnicate",),
    ("check", "rulings/", "--verfy"),
])
def test_usage_errors_are_one_line_exit_2(cli, args):
    result = cli(*args)
    assert result.code == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("judgebot: error: ")
    assert result.stdout == ""


def test_bare_command_prints_help(cli):
    result = cli()
    assert result.code == 0
    assert "Usage" in result.stdout
    for name in COMMANDS:
        assert name in result.stdout


def test_version_names_the_program_and_every_document():
    from typer.testing import CliRunner

    from judgebot.cli import app
    from judgebot.corpus.model import DOCS

    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.startswith("judgebot ")
    for doc in DOCS:
        assert f"  {doc}: " in result.stdout


def test_check_batch_ends_with_a_summary_and_quiet_shows_only_failures(cli, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("you:\n  active: {name: A, types: [fire], hp: 105}\nask: {retreat: {}}\n")
    good = "tests/contract/example.yaml"
    wrong = "tests/contract/example-wrong-damage.yaml"

    result = cli("check", "--verify", good, wrong)
    assert result.code == 1
    assert result.stdout.rstrip().splitlines()[-1] == "2 ruled · 0 invalid · 1 expectation failed"
    assert "example.yaml —" in result.stdout and "example-wrong-damage.yaml —" in result.stdout

    quiet = cli("check", "--verify", "--quiet", good, wrong, str(bad))
    assert quiet.code == 2  # the worst: a file was invalid
    assert "example-wrong-damage.yaml —" in quiet.stdout
    assert "example.yaml —" not in quiet.stdout.replace("example-wrong-damage.yaml —", "")
    assert quiet.stdout.rstrip().splitlines()[-1] == "2 ruled · 1 invalid · 1 expectation failed"
    assert "bad.yaml:2:" in quiet.stderr and "you.active.hp" in quiet.stderr
