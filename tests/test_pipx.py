"""judgebot installed the way its README says a judge can: `pipx install .`, then run
from an empty directory (issue 9). pipx itself comes from the package index into a
throw-away venv; its home and bin directory are temporary too."""

from __future__ import annotations

import os
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def test_pipx_install_gives_a_working_judgebot(tmp_path):
    tools = tmp_path / "pipx-venv"
    venv.create(tools, with_pip=True)
    subprocess.run([str(tools / "bin" / "python"), "-m", "pip", "install", "--quiet", "pipx"],
                   check=True, cwd=tmp_path)
    home, bin_dir = tmp_path / "pipx-home", tmp_path / "pipx-bin"
    env = {**os.environ, "PIPX_HOME": str(home), "PIPX_BIN_DIR": str(bin_dir),
           "PIPX_MAN_DIR": str(tmp_path / "pipx-man"), "JUDGEBOT_CACHE": str(tmp_path / "cache")}
    env.pop("JUDGEBOT_DATA", None)
    installed = subprocess.run([str(tools / "bin" / "pipx"), "install", str(ROOT)], cwd=tmp_path,
                               env=env, capture_output=True, text=True, timeout=900)
    assert installed.returncode == 0, installed.stderr[-2000:]

    work = tmp_path / "empty"
    work.mkdir()

    def run(*args: str) -> str:
        done = subprocess.run([str(bin_dir / "judgebot"), *args], cwd=work, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (args, done.stderr[-2000:])
        return done.stdout

    assert "guide-ja" in run("--version")
    assert "guide-ja:II-B-08" in run("search", "does weakness apply to benched pokemon", "--json")
    assert '"id": "guide-ja:I-A-03"' in run("show", "I-A-03", "--json")
    assert list(work.iterdir()) == []
