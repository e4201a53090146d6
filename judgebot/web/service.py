"""What the web server asks of the library: the same calls as the CLI, bounded.

Nothing here takes a path on disk from a request or writes a file: a scenario is
read from the request body, a card PDF is rendered into memory. A ruling runs in a
worker process with a time limit (a process can be stopped, a thread cannot).
"""

from __future__ import annotations

import io
import json
import os
import select
import subprocess
import sys
import threading
import time
from functools import lru_cache
from importlib import resources

from judgebot.engine.format.yaml_lines import LIMITS
from judgebot.errors import InputError, JudgebotError, ScenarioError

SCENARIO_NAME = "scenario.yaml"
RULING_SECONDS = 10.0
LANGS = ("ja", "zh", "ko", "en")


class RulingTimeout(JudgebotError):
    """A ruling took longer than the server allows."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        super().__init__(f"the ruling took longer than {seconds:g} s and was stopped")


def search(query: str, lang: str = "all", doc: str | None = None, limit: int = 10) -> dict:
    from judgebot.search import search as run_search

    return run_search(query, lang=lang, doc=doc, limit=limit)


def corpus():
    from judgebot.corpus import load_corpus

    return load_corpus()


def show(ident: str, lang: str | None = None):
    """The record of a citation or bare ID (UnknownIdError when there is none)."""
    if lang is not None and lang not in LANGS:
        raise InputError(f"lang: expected one of {', '.join(LANGS)}, got {lang!r}")
    return corpus().resolve(ident, lang)


def term(word: str) -> dict:
    from judgebot.glossary import lookup

    if not word.strip():
        raise InputError("q: expected a game term, got nothing")
    return lookup(word)


def rule_text(text: str | bytes, lang: str | None = None) -> dict:
    """The `check --json` ruling object of one scenario given as text."""
    from judgebot.engine import rule
    from judgebot.engine.format.scenario import load_scenario_text

    if lang is not None:
        if lang not in LANGS:
            raise InputError(f"lang: expected one of {', '.join(LANGS)}, got {lang!r}")
    return rule(load_scenario_text(text, SCENARIO_NAME)).to_dict(lang or "en")


class RulingWorker:
    """One worker process (`judgebot.web.worker`) for rulings, started on first use
    and replaced after a ruling that ran out of time or a worker that died."""

    def __init__(self, seconds: float = RULING_SECONDS):
        self.seconds = seconds
        self._process: subprocess.Popen | None = None
        self._lock = threading.Lock()

    def rule(self, text: str | bytes, lang: str | None = None) -> dict:
        body = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
        if len(body) > LIMITS.file_bytes:
            raise ScenarioError(SCENARIO_NAME, None, "",
                                f"{len(body):,} bytes, over the limit of {LIMITS.file_bytes:,}")
        with self._lock:
            process = self._running()
            try:
                process.stdin.write(json.dumps({"lang": lang, "size": len(body)}).encode() + b"\n" + body)
                process.stdin.flush()
                line = self._read_line(process)
            except (OSError, RulingTimeout):
                self._stop()
                raise
        reply = json.loads(line)
        if "ok" in reply:
            return reply["ok"]
        if "scenario" in reply:
            error = reply["scenario"]
            raise ScenarioError(error["file"], error["line"], error["key"], error["message"],
                                column=error.get("column"))
        raise InputError(reply["input"])

    def _running(self) -> subprocess.Popen:
        if self._process is None or self._process.poll() is not None:
            self._process = subprocess.Popen([sys.executable, "-m", "judgebot.web.worker"],
                                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        return self._process

    def _read_line(self, process: subprocess.Popen) -> bytes:
        deadline = time.monotonic() + self.seconds
        fd, data = process.stdout.fileno(), b""
        while not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise RulingTimeout(self.seconds)
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise OSError("the ruling worker stopped")
            data += chunk
        return data

    def _stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None

    def close(self) -> None:
        with self._lock:
            if self._process is not None:
                self._process.stdin.close()
                try:
                    self._process.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    pass
                self._stop()


def card_pdf(citations: list[str], chapter: str | None, lang: str | None) -> tuple[bytes, dict]:
    """A card PDF of the records or chapter chosen, rendered in memory."""
    from judgebot.cards import Selection, build_cards

    if lang is not None and lang not in ("ja", "zh", "ko"):
        raise InputError(f"lang: expected one of ja, zh, ko, got {lang!r}")
    if not citations and not chapter:
        raise InputError("choose the records (citations) or a chapter to print")
    buffer = io.BytesIO()
    summary = build_cards(Selection(citations=citations, chapter=chapter, lang=lang), buffer,
                          corpus=corpus())
    return buffer.getvalue(), summary


@lru_cache(maxsize=1)
def examples() -> dict[str, dict]:
    """The scenario examples shipped with the web page (copies of rulings/ files):
    file name -> {"title", "text"}."""
    import yaml

    found: dict[str, dict] = {}
    folder = resources.files("judgebot.web") / "examples"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".yaml"):
            text = entry.read_text(encoding="utf-8")
            title = (yaml.safe_load(text) or {}).get("title") or entry.name
            found[entry.name] = {"title": title, "text": text}
    return found
