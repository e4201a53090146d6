"""Standard output as a real machine gives it (issue 28 item 5): closed, full, read by a
reader that stops early, in an encoding that is not UTF-8, with a $COLUMNS that is not a
width. Never a traceback, never exit 3, never a wrong "no hits" (present/streams.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULING = str(ROOT / "rulings" / "rule_I-A-04_bench-full.yaml")
COMMANDS = [
    ("check", RULING), ("check", RULING, "--json"), ("check", RULING, RULING), ("search", "retreat", "--limit", "2"),
    ("search", "retreat", "--json"), ("term", "にげる"), ("show", "guide-ja:II-B-07/faq-1"), ("schema",),
    ("--help",), ("check", "--help"), ("--version",),
]


def _env(cache_dir, **more) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LC_ALL", "PYTHONIOENCODING")}
    return {**env, "JUDGEBOT_CACHE": str(cache_dir), **more}


def _judgebot(cache_dir, *args, redirect: str = "", **env) -> subprocess.CompletedProcess:
    """judgebot through a shell that redirects its stdout (`>&-`, `>/dev/full`)."""
    command = ["sh", "-c", f'exec "$@" {redirect}', "sh", sys.executable, "-m", "judgebot", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, env=_env(cache_dir, **env), timeout=120)


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_closed_stdout_is_one_line_and_exit_2(cache_dir, args):
    proc = _judgebot(cache_dir, *args, redirect=">&-")
    assert proc.returncode == 2
    assert proc.stderr.decode() == "judgebot: error: cannot write the output: standard output is closed\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_full_stdout_is_one_line_and_exit_2(cache_dir, args):
    proc = _judgebot(cache_dir, *args, redirect=">/dev/full")
    assert proc.returncode == 2
    assert proc.stderr.decode() == "judgebot: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("args", [("check", str(ROOT / "rulings")), ("check", "--json", str(ROOT / "rulings")),
                                  ("search", "retreat", "--limit", "200"), ("cards", "--help")], ids=" ".join)
def test_a_reader_that_stops_early_gets_the_sigpipe_exit_and_no_message(cache_dir, args):
    """`judgebot … | head -1`: 141 (128 + SIGPIPE) as for any Unix tool, nothing on stderr;
    rich used to exit 1, a command that had not finished said 0."""
    proc = subprocess.Popen([sys.executable, "-m", "judgebot", *args], cwd=ROOT, env=_env(cache_dir),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()
    stderr = proc.stderr.read()
    code = proc.wait(timeout=300)
    if args == ("cards", "--help"):  # short: written whole before the pipe closed
        assert code == 0
    else:
        assert code == 141
    assert stderr == b""


def test_latin1_stdout_escapes_what_it_cannot_encode(cache_dir):
    human = _judgebot(cache_dir, "check", RULING, PYTHONIOENCODING="latin-1")
    assert human.returncode == 0 and human.stderr == b""
    assert b"Riolu is a Basic Pok\xe9mon" in human.stdout  # é in Latin-1 (リオル named in English)
    assert b"\\u30d9\\u30f3\\u30c1" in human.stdout  # ベンチ (a section's title) escaped
    as_json = _judgebot(cache_dir, "check", RULING, "--json", PYTHONIOENCODING="latin-1")
    plain = _judgebot(cache_dir, "check", RULING, "--json")
    assert as_json.returncode == 0 and as_json.stdout.isascii()
    assert json.loads(as_json.stdout) == json.loads(plain.stdout)


def test_c_locale_searches_what_was_typed(cache_dir):
    """LC_ALL=C PYTHONUTF8=0: the query's bytes reach Python as surrogates; they are read
    as UTF-8, so the hits are those of a UTF-8 locale (it answered "no hits")."""
    c_locale = _judgebot(cache_dir, "search", "逃げる", "--json", LC_ALL="C", PYTHONUTF8="0")
    utf8 = _judgebot(cache_dir, "search", "逃げる", "--json")
    assert c_locale.returncode == 0, c_locale.stderr
    assert json.loads(c_locale.stdout) == json.loads(utf8.stdout) and json.loads(utf8.stdout)["hits"]
    human = _judgebot(cache_dir, "search", "逃げる", "--limit", "1", LC_ALL="C", PYTHONUTF8="0")
    assert human.returncode == 0 and b"guide-ja:I-A-03" in human.stdout and human.stdout.isascii()


def test_a_query_that_is_not_utf8_is_an_error_not_no_hits(cache_dir):
    proc = subprocess.run([sys.executable, "-m", "judgebot", "search", b"\xff\xfe"], cwd=ROOT, capture_output=True,
                          env=_env(cache_dir, LC_ALL="C", PYTHONUTF8="0"), timeout=120)
    assert proc.returncode == 2 and proc.stdout == b""
    assert proc.stderr == b"judgebot: error: the query is not UTF-8 text: b'\\xff\\xfe'\n"


@pytest.mark.parametrize("columns", ["0", "-3", "abc", ""])
def test_a_columns_that_is_not_a_width_is_ignored(cache_dir, columns):
    unset = _judgebot(cache_dir, "check", RULING)
    proc = _judgebot(cache_dir, "check", RULING, COLUMNS=columns)
    assert proc.returncode == 0 and proc.stdout == unset.stdout and proc.stdout.strip()


def test_a_tiny_columns_is_twenty(cache_dir):
    proc = _judgebot(cache_dir, "search", "retreat", "--limit", "1", COLUMNS="3")
    twenty = _judgebot(cache_dir, "search", "retreat", "--limit", "1", COLUMNS="20")
    assert proc.returncode == 0 and proc.stdout == twenty.stdout
