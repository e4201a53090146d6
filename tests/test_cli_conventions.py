"""A pager only on a terminal, and judgebot's own notes kept apart from the rule text
(help, completion, NO_COLOR and piped width: tests/test_cli_terminal.py)."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys


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

