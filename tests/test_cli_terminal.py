"""Terminal conventions (issue 9): plain 80-column text when piped, NO_COLOR, completion."""

from __future__ import annotations

import io
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from judgebot.cli import COMMAND_EXAMPLES, app
from judgebot.present.console import _TrailingSpacesDropped

PIPED = {"COLUMNS": ""}  # the fixture's COLUMNS=120 removed: a plain pipe
SGR = re.compile(r"\x1b\[([0-9;]*)m")
HUMAN_VIEWS = [
    ("search", "weakness", "--limit", "3"),
    ("search", "弱点", "--limit", "3"),
    ("search", "逃跑", "--limit", "3"),
    ("search", "후퇴", "--limit", "3"),
    ("show", "guide-ja:I-E"),
    ("show", "guide-ja:II-B-07/faq-1"),
    ("term", "약점"),
]


@pytest.mark.parametrize("args", HUMAN_VIEWS, ids=" ".join)
def test_piped_output_is_plain_and_fits_80_columns(cli, args):
    result = cli(*args, env=PIPED)
    assert result.code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines
    assert "\x1b" not in result.stdout
    assert [line for line in lines if line != line.rstrip()] == []
    assert max(cell_len(line) for line in lines) <= 80


def _colours(stdout: str) -> list[str]:
    """The colour parameters (30–37, 38;…, 90–97) of the SGR sequences."""
    found = []
    for params in SGR.findall(stdout):
        for p in params.split(";"):
            if p.isdigit() and (30 <= int(p) <= 38 or 90 <= int(p) <= 97):
                found.append(p)
    return found


def test_no_color_removes_colour_from_a_terminal(cli):
    coloured = cli("search", "weakness", "--limit", "2", env={"FORCE_COLOR": "1"})
    assert coloured.code == 0, coloured.stderr
    assert _colours(coloured.stdout), "a terminal gets colour"
    plain = cli("search", "weakness", "--limit", "2", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert plain.code == 0, plain.stderr
    assert _colours(plain.stdout) == []


JUDGEBOT = Path(sys.executable).with_name("judgebot")  # the console script: completion keys on its name


def _complete(env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(JUDGEBOT)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **env}, cwd=Path(sys.executable).parent)


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_script_for_each_shell(shell):
    result = _complete({"_JUDGEBOT_COMPLETE": f"source_{shell}"})
    assert result.returncode == 0, result.stderr
    assert "_JUDGEBOT_COMPLETE" in result.stdout and "judgebot" in result.stdout


@pytest.mark.parametrize("words, cword, expected", [
    ("judgebot se", 1, {"search", "serve"}),
    ("judgebot search --la", 2, {"--lang"}),
])
def test_completion_completes_commands_and_options(words, cword, expected):
    result = _complete({"_JUDGEBOT_COMPLETE": "complete_bash", "COMP_WORDS": words,
                        "COMP_CWORD": str(cword)})
    assert result.returncode == 0, result.stderr
    assert set(result.stdout.split()) == expected


def test_root_help_offers_completion(cli):
    result = cli("--help")
    assert "--install-completion" in result.stdout and "--show-completion" in result.stdout


@given(st.lists(st.text(alphabet=" ab\n", max_size=12), max_size=8))
def test_trailing_spaces_are_dropped_however_the_text_is_split(chunks):
    out = io.StringIO()
    stream = _TrailingSpacesDropped(out)
    for chunk in chunks:
        stream.write(chunk)
    whole = "".join(chunks)
    assert out.getvalue() == "\n".join(line.rstrip(" ") for line in whole.split("\n"))


COMMANDS = sorted(c.name or c.callback.__name__ for c in app.registered_commands)
WRITES_NOTHING = ("search", "show", "term", "check", "card")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_help_has_two_or_three_examples(cli, command):
    examples = COMMAND_EXAMPLES.get(command, [])
    assert 2 <= len(examples) <= 3, command
    assert all(e.startswith(f"judgebot {command} ") or e == f"judgebot {command}" for e in examples)
    result = cli(command, "--help")
    assert result.code == 0, result.stderr
    assert all(e in result.stdout for e in examples)
    assert re.findall(r"<(?:str|path|int|bool|float|file)[^>]*>", result.stdout) == []


@pytest.mark.parametrize("example", [e for c in WRITES_NOTHING for e in COMMAND_EXAMPLES[c]])
def test_help_examples_run(cli, example):
    result = cli(*shlex.split(example)[1:])
    assert result.code == 0, (example, result.stderr)
    assert result.stdout.strip()
