"""The launcher's fast search (judgebot.launch) answers exactly as the full command line:
it takes only arguments the full CLI would take with the same values, and prints the
same output, errors and exit codes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import judgebot.search
from judgebot.cli import app
from judgebot.launch import plain_check, plain_search

from .conftest import ROOT

FULL_CLI = "import sys; from judgebot.cli import main; sys.argv[0] = 'judgebot'; main()"
LAUNCHER = "import sys; from judgebot.launch import main; sys.argv[0] = 'judgebot'; main()"


def _run(code_or_module: list[str], args: list[str], cache_dir) -> tuple[int, str, str]:
    env = {**os.environ, "JUDGEBOT_CACHE": str(cache_dir), "COLUMNS": "120"}
    proc = subprocess.run([sys.executable, *code_or_module, *args], cwd=ROOT, capture_output=True,
                          text=True, env=env, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.parametrize("args", [
    ["search", "does weakness apply to benched pokemon", "--json"],
    ["search", "逃げる", "--lang", "ja", "--doc", "guide-ja", "--limit", "2"],
    ["search", "--limit=3", "약점", "--json"],
    ["search", "撤退", "--lang=zh", "--no-pager"],
    ["search", "weakness", "--doc", "no-such-doc"],           # an error from the library
    ["search", "weakness", "--limit", "0"],                   # out of range: the full CLI's words
    ["search", "weakness", "--lang", "fr"],
    ["search", "weakness", "--json", "--json"],
    ["search", "a", "b"],
    ["search", "--help"],
    ["search"],
    ["check", "rulings/guide-ja_II-B-07_faq-1.yaml"],
    ["check", "--json", "--lang", "ja", "rulings/guide-ja_II-B-07_faq-1.yaml"],
    ["check", "--verify", "-q", "rulings/attack", "tests/contract/attack-bench-damage.yaml"],
    ["check", "--lang=ko", "--json", "rulings/attack", "tests/hostile"],
    ["check", "no-such-file.yaml"],
    ["check", "--lang", "fr", "rulings/attack"],
    ["check", "--verify", "--verify", "rulings/attack"],
    ["check"],
])
def test_fast_search_answers_as_the_full_command_line(args, cache_dir):
    fast = _run(["-c", LAUNCHER], args, cache_dir)
    full = _run(["-c", FULL_CLI], args, cache_dir)
    assert fast == full


def test_fast_search_does_not_import_typer(cache_dir):
    code = ("import sys; sys.argv = ['judgebot', 'search', 'weakness', '--json', '--limit', '1']\n"
            "from judgebot.launch import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('typer' in sys.modules, 'rich' in sys.modules, file=sys.stderr)")
    returncode, _, stderr = _run(["-c", code], [], cache_dir)
    assert returncode == 0, stderr
    assert stderr.strip().endswith("False False"), stderr


@pytest.mark.parametrize("args, expected", [
    (["q"], {"query": "q", "lang": None, "doc": None, "limit": 10, "json_": False, "no_pager": False}),
    (["--json", "q", "--limit", "200"], {"query": "q", "lang": None, "doc": None, "limit": 200, "json_": True,
                                         "no_pager": False}),
    (["q", "--limit", "201"], None), (["q", "--limit", "-1"], None), (["q", "--limit", "1e2"], None),
    (["q", "--lang", "JA"], None), (["q", "--", "x"], None), (["-q"], None), (["q", "--doc"], None),
    (["q", "--json=1"], None), ([], None), (["q", "--limit"], None),
])
def test_plain_search(args, expected):
    assert plain_search(args) == expected


TOKENS = st.sampled_from(["q", "逃げる", "two words", "--json", "--no-pager", "--lang", "--lang=ko", "ja", "all",
                          "--doc", "guide-zh", "--limit", "--limit=5", "7", "0", "300", "--help", "--", "-x",
                          "--doc=rules-ko", "--limit=", "=", "-"])


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKENS, max_size=7))
def test_what_the_launcher_takes_the_full_cli_takes_alike(monkeypatch_module, tokens):
    """Whenever the fast path takes a command line, typer parses it to the same values."""
    request = plain_search(tokens)
    if request is None:
        return
    calls = monkeypatch_module
    calls.clear()
    result = CliRunner().invoke(app, ["search", *tokens, *([] if request["json_"] else ["--json"])])
    assert result.exit_code == 0, (tokens, result.output)
    assert calls == [(request["query"], request["lang"], request["doc"], request["limit"])]


@pytest.fixture(scope="module")
def monkeypatch_module():
    calls: list = []

    def fake_search(query, lang=None, doc=None, limit=10):
        calls.append((query, lang, doc, limit))
        return {"query": query, "hits": []}

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(judgebot.search, "search", fake_search)
        yield calls


@pytest.mark.parametrize("args, expected", [
    (["a.yaml"], {"paths": [Path("a.yaml")], "verify": False, "json_": False, "lang": None, "quiet": False}),
    (["-q", "a", "--lang=zh", "b", "--verify", "--json"],
     {"paths": [Path("a"), Path("b")], "verify": True, "json_": True, "lang": "zh", "quiet": True}),
    (["a", "-q", "--quiet"], None), (["a", "--lang", "all"], None), (["a", "--lang"], None),
    (["--verify"], None), (["a", "--help"], None), (["a", "--json=yes"], None),
    (["a", "-"], {"paths": [Path("a"), Path("-")], "verify": False, "json_": False, "lang": None,
                  "quiet": False}),  # `-`: standard input
])
def test_plain_check(args, expected):
    assert plain_check(args) == expected


CHECK_TOKENS = st.sampled_from(["a.yaml", "rulings/", "two words.yaml", "--verify", "--json", "--quiet", "-q",
                                "--lang", "--lang=ko", "ja", "en", "all", "--help", "--", "-", "-x", "", "--lang="])


@settings(max_examples=300, deadline=None)
@given(st.lists(CHECK_TOKENS, max_size=7))
def test_what_the_launcher_checks_the_full_cli_checks_alike(check_calls, tokens):
    request = plain_check(tokens)
    if request is None:
        return
    check_calls.clear()
    result = CliRunner().invoke(app, ["check", *tokens])
    assert result.exit_code == 0, (tokens, result.output)
    assert check_calls == [tuple(request.values())]


@pytest.fixture(scope="module")
def check_calls():
    import judgebot.commands

    calls: list = []

    def fake_check(paths, verify, json_, lang, quiet):
        calls.append((list(paths), verify, json_, lang, quiet))
        return 0

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(judgebot.commands, "check_command", fake_check)
        yield calls
