"""Shared fixtures: run the CLI as a user would (a separate process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "data" / "sources"


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory) -> Path:
    """One per-user cache for the whole test session (the index is built once)."""
    return tmp_path_factory.mktemp("judgebot-cache")


@pytest.fixture(scope="session", autouse=True)
def _tests_never_write_the_real_user_cache(cache_dir):
    """In-process tests (cards, search, engine) use the session cache too, never the
    user's own ~/.cache/judgebot; a test that needs another cache sets its own."""
    saved = os.environ.get("JUDGEBOT_CACHE")
    os.environ["JUDGEBOT_CACHE"] = str(cache_dir)
    yield
    if saved is None:
        os.environ.pop("JUDGEBOT_CACHE", None)
    else:
        os.environ["JUDGEBOT_CACHE"] = saved


@pytest.fixture(scope="module")
def private_cache(tmp_path_factory):
    """A cache of the module's own (the search index built there, not shared): for modules
    that measure or rank search (`pytestmark = pytest.mark.usefixtures("private_cache")`)."""
    patch = pytest.MonkeyPatch()
    patch.setenv("JUDGEBOT_CACHE", str(tmp_path_factory.mktemp("cache")))
    yield
    patch.undo()


class CliResult:
    def __init__(self, proc: subprocess.CompletedProcess):
        self.code = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr

    def json(self):
        return json.loads(self.stdout)


@pytest.fixture
def cli(cache_dir):
    def run(*args: str, env: dict | None = None) -> CliResult:
        full_env = {**os.environ, "JUDGEBOT_CACHE": str(cache_dir), "COLUMNS": "120"}
        full_env.update(env or {})
        proc = subprocess.run(
            [sys.executable, "-m", "judgebot", *args],
            cwd=ROOT, capture_output=True, text=True, env=full_env, timeout=300,
        )
        return CliResult(proc)

    return run


def linked_data(tmp_path: Path, leave_out: tuple[str, ...] = ()) -> Path:
    """A data folder for JUDGEBOT_DATA: the repository's data/, entry by entry as links,
    but for `leave_out` (a test then writes its own in their place) and the index."""
    data = tmp_path / "data"
    data.mkdir()
    for entry in (ROOT / "data").iterdir():
        if entry.name not in (*leave_out, "index", "__pycache__"):
            (data / entry.name).symlink_to(entry)
    return data


@pytest.fixture
def with_data(monkeypatch):
    """`with_data(folder)`: the corpus loaded from that data folder (JUDGEBOT_DATA), the
    corpus cache cleared before and after."""
    from judgebot.corpus.model import _load, load_corpus

    def use(data):
        monkeypatch.setenv("JUDGEBOT_DATA", str(data))
        _load.cache_clear()
        return load_corpus()

    yield use
    monkeypatch.undo()
    _load.cache_clear()
