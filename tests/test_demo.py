"""`python3 dev.py demo` is a short tour (issue 9): under 100 lines, every command it
runs succeeds, and its exit code says so."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest

from .conftest import ROOT

STAMP = ROOT / ".venv" / ".judgebot-installed"


def test_demo_is_short_and_succeeds():
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text() != wanted:
        pytest.skip("no current .venv made by dev.py (run the suite through `python3 dev.py test`)")
    done = subprocess.run([sys.executable, str(ROOT / "dev.py"), "demo"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-3000:]
    assert len(output.splitlines()) < 100, output
    for language_sample in ("逃げる", "撤退", "후퇴", "weakness"):
        assert language_sample in output
    assert "expectations failed" in output
    assert "wrote build/judgebot-card.pdf" in output
