"""`judgebot examples`: the rulings shipped with judgebot — listed, printed, copied and
checked (issue 27: a new user from the wheel has them; tests/test_installed.py runs the same
from an installed wheel)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judgebot import examples
from judgebot.errors import InputError

ROOT = Path(__file__).resolve().parents[1]


def _run(*args, cwd=None):
    env = {k: v for k, v in os.environ.items() if k not in ("JUDGEBOT_LANG", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "C.UTF-8"
    return subprocess.run([sys.executable, "-m", "judgebot", "examples", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=env)


def test_every_ruling_is_an_example():
    names = {e.name for e in examples.all_examples()}
    files = {p.relative_to(ROOT / "rulings").with_suffix("").as_posix() for p in (ROOT / "rulings").rglob("*.yaml")}
    assert names == files and "attack/weakness-x2" in names


def test_find_by_name_by_file_name_and_a_close_match():
    assert [e.name for e in examples.find(["attack/weakness-x2", "weakness-x2.yaml", "rulings/spec-format2-sequence"])] \
        == ["attack/weakness-x2", "attack/weakness-x2", "spec-format2-sequence"]
    with pytest.raises(InputError, match="did you mean attack/weakness-x2"):
        examples.find(["weakness-x3"])


def test_list_print_copy_and_check(tmp_path):
    listed = _run("--json")
    assert listed.returncode == 0
    entries = json.loads(listed.stdout)
    assert len(entries) == len(examples.all_examples())
    assert {"name": "spec-format2-sequence", "file": "rulings/spec-format2-sequence.yaml",
            "title": "attach, then evolve (Rare Candy), then attack in one turn"} in entries
    printed = _run("spec-format2-sequence")
    assert printed.returncode == 0
    assert printed.stdout == (ROOT / "rulings" / "spec-format2-sequence.yaml").read_text(encoding="utf-8")
    copied = _run("spec-format2-sequence", "attack/weakness-x2", "--copy", str(tmp_path / "mine"))
    assert copied.returncode == 0 and "copied 2 examples" in copied.stdout
    assert (tmp_path / "mine" / "attack" / "weakness-x2.yaml").read_bytes() == \
        (ROOT / "rulings" / "attack" / "weakness-x2.yaml").read_bytes()
    again = _run("attack/weakness-x2", "--copy", str(tmp_path / "mine"))
    assert again.returncode == 2 and "already exists" in again.stderr and "Traceback" not in again.stderr
    checked = _run("--check", "--quiet", "spec-format2-sequence", "attack/weakness-x2")
    assert checked.returncode == 0 and "2 ruled · 0 invalid · 0 expectations failed" in checked.stdout
    one = _run("--check", "--json", "spec-format2-sequence")
    assert json.loads(one.stdout)["verified"] is True and json.loads(one.stdout)["file"] == \
        "rulings/spec-format2-sequence.yaml"
    unknown = _run("no-such-example")
    assert unknown.returncode == 2 and "no such example" in unknown.stderr


def test_the_cards_summary_counts_in_words(tmp_path):
    from judgebot.cli import _count

    assert _count(1, "card") == "1 card" and _count(2, "card") == "2 cards" and _count(1, "A4 page") == "1 A4 page"
