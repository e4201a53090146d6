"""judgebot behaves like a command-line tool: help with examples, 80 columns and no
trailing blanks when piped, NO_COLOR, a pager only on a terminal, shell completion,
and judgebot's own notes kept apart from the rule text."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import unicodedata

import pytest


COMMANDS = ("search", "show", "term", "index", "check", "ingest", "cards", "serve")
SGR = re.compile(r"\x1b\[[0-9;]*m")


def _width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


@pytest.mark.parametrize("command", COMMANDS)
def test_help_has_examples_of_this_command_and_no_type_noise(cli, command):
    result = cli(command, "--help")
    assert result.code == 0
    examples = result.stdout.split("Examples:", 1)
    assert len(examples) == 2, result.stdout
    lines = [line.strip() for line in examples[1].splitlines() if line.strip()]
    assert 2 <= len(lines) <= 3
    assert all(line.startswith(f"judgebot {command}") for line in lines), lines
    assert "<bool>" not in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("show", "guide-ja:I-E"),
        ("show", "guide-zh:II-B-07"),
        ("search", "does weakness apply to benched pokemon", "--limit", "3"),
        ("search", "弱点 ベンチ", "--limit", "3"),
        ("term", "damage counter"),
    ],
)
def test_piped_output_fits_80_columns_without_trailing_blanks(cli, args):
    result = cli(*args)
    assert result.code == 0
    lines = result.stdout.splitlines()
    assert lines
    assert max(_width(line) for line in lines) <= 80
    assert not [line for line in lines if line != line.rstrip()]
    assert "\x1b[" not in result.stdout


def _on_terminal(args, cache_dir, tmp_path, extra_env=None, rows=24):
    """Run judgebot with stdout on a pseudo-terminal of `rows` lines; return its output."""
    master, slave = pty.openpty()
    env = {**os.environ, "JUDGEBOT_CACHE": str(cache_dir), "LINES": str(rows), "COLUMNS": "100",
           "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    env.update(extra_env or {})
    proc = subprocess.Popen([sys.executable, "-m", "judgebot", *args], cwd=tmp_path,
                            stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env)
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            break
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=120)
    os.close(master)
    assert proc.returncode == 0, proc.stderr.read()
    return b"".join(chunks).decode("utf-8", "replace")


def test_colour_on_a_terminal_and_none_with_no_color(cache_dir, tmp_path):
    coloured = _on_terminal(["show", "guide-ja:II-B-07", "--no-pager"], cache_dir, tmp_path)
    assert SGR.search(coloured)
    plain = _on_terminal(["show", "guide-ja:II-B-07", "--no-pager"], cache_dir, tmp_path, {"NO_COLOR": "1"})
    assert "guide-ja:II-B-07" in plain
    assert not re.search(r"\x1b\[[0-9;]*3[0-9]m|\x1b\[[0-9;]*38;", plain)  # no colour codes


def test_pager_only_on_a_terminal_for_long_output(cache_dir, tmp_path, cli):
    paged = tmp_path / "paged.txt"
    pager = {"PAGER": f"cat > {paged}"}
    _on_terminal(["show", "guide-ja:I-E"], cache_dir, tmp_path, pager)  # ~50 lines on a 24-line screen
    assert paged.exists() and "guide-ja:I-E" in paged.read_text(encoding="utf-8")
    paged.unlink()

    _on_terminal(["show", "guide-ja:I-E", "--no-pager"], cache_dir, tmp_path, pager)
    assert not paged.exists()
    short = _on_terminal(["term", "にげる"], cache_dir, tmp_path, pager, rows=200)
    assert not paged.exists() and "にげる" in short
    result = cli("show", "guide-ja:I-E", env=pager)  # piped: never paged
    assert result.code == 0 and not paged.exists()


def test_shell_completion_script(cli):
    result = cli("--show-completion", "bash")
    assert result.code == 0
    assert "complete" in result.stdout and "judgebot" in result.stdout


def test_notes_are_apart_from_the_rule_text(cli):
    data = cli("show", "guide-ja:I-E", "--json").json()
    assert data["notes"] and "修復注記" in data["notes"][0]
    assert "修復注記" not in data["text"]
    plain = cli("show", "guide-ja:II-B-07", "--json").json()
    assert plain["notes"] == []

    human = cli("show", "guide-ja:I-E").stdout
    label = "[judgebotの注記（ルールの原文ではありません）]"
    assert label in human
    body, _, after = human.partition(label)
    assert "修復注記" not in body and "修復注記" in after


def test_notes_on_cards_and_the_web_page():
    from judgebot.cards.select import record_item
    from judgebot.corpus import load_corpus
    from judgebot.web.views import record_page

    corpus = load_corpus()
    record = corpus.get("guide-ja:I-E")
    item = record_item(record, corpus)
    notes = [b for b in item.blocks if b.type == "note" and "修復注記" in b.text]
    assert len(notes) == 1 and notes[0].label.startswith("judgebotの注記")
    assert not [b for b in item.blocks if b.type != "note" and "修復注記" in b.text]

    page = record_page(record, corpus)
    assert page["notes"] == record.notes and page["notes_label"].startswith("judgebotの注記")
    assert not [b for b in page["body"] if "修復注記" in b["text"]]

