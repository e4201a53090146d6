"""What the web server asks of the library: the same calls as the CLI, bounded.

Nothing here takes a path on disk from a request or writes a file: a scenario is
read from the request body, a card PDF is rendered into memory. Rulings run in a pool
of worker processes (a process can be stopped, a thread cannot) with a deadline that
counts from the request's arrival, the wait for a free worker included; searches run
on a few threads of their own, each with its own reader of the index.
"""

from __future__ import annotations

import asyncio
import io
import json
import math
import os
import sys
import time
from functools import lru_cache
from importlib import resources

from judgebot.engine.format.yaml_lines import LIMITS
from judgebot.errors import InputError, JudgebotError, ScenarioError, shorten

SCENARIO_NAME = "scenario.yaml"
RULING_SECONDS = 10.0
RULING_WORKERS = 2
SEARCH_WORKERS = max(1, min(4, os.cpu_count() or 1))
SEARCH_SECONDS = 10.0
# Requests that may wait for a ruling worker, per worker, before the next is turned
# away at once (each holds its scenario, up to 1 MB, while it waits); a search holds
# only its query (at most 1,000 characters).
WAITING_PER_WORKER = 16
SEARCHES_WAITING_PER_WORKER = 64
LANGS = ("ja", "zh", "ko", "en")


class Unavailable(JudgebotError):
    """The server cannot answer this request now (HTTP 503); `retry_after` seconds is
    when it likely can."""

    def __init__(self, message: str, retry_after: int):
        self.retry_after = max(1, int(retry_after))
        super().__init__(message)


class TimedOut(Unavailable):
    """A ruling (or a search) took longer than the server allows."""

    def __init__(self, what: str, seconds: float, retry_after: int = 1):
        self.seconds = seconds
        super().__init__(f"the {what} took longer than {seconds:g} s and was stopped", retry_after)


class Busy(Unavailable):
    """Every worker stayed busy past the request's deadline, or too many requests
    already wait for one."""


def search(query: str, lang: str = "all", doc: str | None = None, limit: int = 10) -> dict:
    from judgebot.search import search as run_search

    return run_search(query, lang=lang, doc=doc, limit=limit)


def check_query(query: str) -> None:
    """The library's bounds on a query (length, words), checked before the request waits
    for a search thread."""
    from judgebot.search.limits import check_query as check

    check(query)


def corpus():
    from judgebot.corpus import load_corpus

    return load_corpus()


def show(ident: str, lang: str | None = None):
    """The record of a citation or bare ID (UnknownIdError when there is none)."""
    if lang is not None and lang not in LANGS:
        raise InputError(f"lang: expected one of {', '.join(LANGS)}, got {shorten(lang, 20)!r}")
    return corpus().resolve(ident, lang)


def term(word: str) -> dict:
    from judgebot.glossary import lookup

    if not word.strip():
        raise InputError("q: expected a game term, got nothing")
    check_query(word)
    return lookup(word)


def term_or_suggestions(word: str) -> tuple[dict, list[dict]]:
    """(the `term --json` document, []) for a word the glossary has; for one it has
    not, (a document with no entries, the closest terms)."""
    if not word.strip():
        raise InputError("q: expected a game term, got nothing")
    check_query(word)
    try:
        return term(word), []
    except InputError:
        return {"query": word, "entries": []}, term_suggestions(word)


def term_suggestions(word: str, n: int = 5) -> list[dict]:
    """Glossary terms spelled close to `word` in any language, for a word with no
    entry: [{"term", "lang", "en"}], each term in the language whose spelling is closest
    to the word (a Korean typo is offered Korean terms)."""
    from difflib import SequenceMatcher

    from judgebot.glossary import glossary

    out = []
    for entry in glossary().close(word, cutoff=0.5, langs=LANGS, n=n + 3)[:n]:
        forms = [(lang, getattr(entry, lang)) for lang in LANGS if getattr(entry, lang, None)]
        lang, form = max(forms, key=lambda lf: SequenceMatcher(None, word.lower(), lf[1].lower()).ratio())
        if all(form != seen["term"] for seen in out):
            out.append({"term": form, "lang": lang, "en": entry.en})
    return out


def rule_text(text: str | bytes, lang: str | None = None) -> dict:
    """The `check --json` ruling object of one scenario given as text."""
    from judgebot.engine import rule
    from judgebot.engine.format.scenario import load_scenario_text

    if lang is not None:
        if lang not in LANGS:
            raise InputError(f"lang: expected one of {', '.join(LANGS)}, got {shorten(lang, 20)!r}")
    return rule(load_scenario_text(text, SCENARIO_NAME)).to_dict(lang or "en")


class _Worker:
    """One worker process (`python -m judgebot.web.worker ROLE`), started on first use
    and started again after it was stopped."""

    def __init__(self, role: str):
        self.role = role
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        if self.process is None or self.process.returncode is not None:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "judgebot.web.worker", self.role,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)

    async def ask(self, message: bytes) -> bytes:
        await self.start()
        self.process.stdin.write(message)
        await self.process.stdin.drain()
        line = await self.process.stdout.readline()
        if not line.endswith(b"\n"):
            raise OSError(f"the {self.role} worker stopped")
        return line

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.wait()
        self.process = None

    async def close(self, seconds: float = 2.0) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.stdin.close()
            try:
                await asyncio.wait_for(self.process.wait(), seconds)
            except asyncio.TimeoutError:
                pass
        await self.stop()


class WorkerPool:
    """`workers` processes of one role (judgebot.web.worker) shared by every request. A
    request waits, in order of arrival, for a free worker; its deadline (`seconds`)
    counts from its arrival, so the wait and the work together are bounded: past it the
    answer is Busy (no worker came free) or TimedOut (the work itself ran too long: its
    worker is stopped and started again). Both are HTTP 503 with Retry-After. Requests
    beyond `waiting_per_worker` per worker are turned away at once.

    Processes, not threads: a ruling can be stopped, and searches (Python work) use
    every core instead of taking turns on one. A worker reads its requests on stdin, so
    it ends with the server however the server ends.

    Created outside any event loop; used from one (the server's)."""

    role = ""
    what, whats = "request", "requests"

    def __init__(self, workers: int, seconds: float, waiting_per_worker: int):
        if workers < 1:
            raise InputError(f"workers: expected at least 1, got {workers}")
        self.size = workers
        self.seconds = seconds
        self.max_waiting = waiting_per_worker * workers
        self.waiting = 0
        self._workers = [_Worker(self.role) for _ in range(workers)]
        self._idle: asyncio.Queue | None = None
        self._mean = 0.2  # seconds one request takes, averaged: the Retry-After estimate

    def _queue(self) -> asyncio.Queue:
        if self._idle is None:
            self._idle = asyncio.Queue()
            for worker in self._workers:
                self._idle.put_nowait(worker)
        return self._idle

    async def start(self) -> None:
        """Start every worker now, so that the first requests do not wait for one."""
        self._queue()
        await asyncio.gather(*(worker.start() for worker in self._workers))

    def retry_after(self) -> int:
        """Seconds until a request sent now would likely find a worker."""
        return min(math.ceil(self.seconds), math.ceil(self._mean * (self.waiting + 1) / self.size))

    async def ask(self, header: dict, body: bytes) -> dict:
        """The worker's reply to one request (header and body), within the deadline."""
        arrived = time.monotonic()
        idle = self._queue()
        if idle.empty() and self.waiting >= self.max_waiting:
            raise Busy(f"{self.waiting} {self.whats} are already waiting for the {self.size} {self.what} "
                       "worker(s); try again shortly", self.retry_after())
        self.waiting += 1
        try:
            worker = await asyncio.wait_for(idle.get(), self.seconds)
        except asyncio.TimeoutError:
            raise Busy(f"every {self.what} worker stayed busy for {self.seconds:g} s; try again shortly",
                       self.retry_after()) from None
        finally:
            self.waiting -= 1
        try:
            left = self.seconds - (time.monotonic() - arrived)
            started = time.monotonic()
            message = json.dumps({**header, "size": len(body)}).encode() + b"\n" + body
            try:
                if left <= 0:
                    raise asyncio.TimeoutError
                line = await asyncio.wait_for(worker.ask(message), left)
            except (asyncio.TimeoutError, asyncio.CancelledError, OSError, ValueError):
                await worker.stop()  # stopped in the middle of an exchange: start afresh
                raise
            self._mean = 0.8 * self._mean + 0.2 * (time.monotonic() - started)
        except asyncio.TimeoutError:
            raise TimedOut(self.what, self.seconds, self.retry_after()) from None
        finally:
            idle.put_nowait(worker)
        return json.loads(line)

    async def close(self) -> None:
        await asyncio.gather(*(worker.close() for worker in self._workers))


def _raise_worker_error(reply: dict) -> None:
    if "scenario" in reply:
        error = reply["scenario"]
        raise ScenarioError(error["file"], error["line"], error["key"], error["message"],
                            column=error.get("column"))
    raise InputError(reply["input"])


class RulingPool(WorkerPool):
    """Rulings (`check --json` objects) from `workers` processes (see WorkerPool)."""

    role = "rule"
    what, whats = "ruling", "rulings"

    def __init__(self, workers: int = RULING_WORKERS, seconds: float = RULING_SECONDS,
                 waiting_per_worker: int = WAITING_PER_WORKER):
        super().__init__(workers, seconds, waiting_per_worker)

    async def rule(self, text: str | bytes, lang: str | None = None) -> dict:
        body = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
        if len(body) > LIMITS.file_bytes:
            raise ScenarioError(SCENARIO_NAME, None, "",
                                f"{len(body):,} bytes, over the limit of {LIMITS.file_bytes:,}")
        reply = await self.ask({"lang": lang}, body)
        if "ok" not in reply:
            _raise_worker_error(reply)
        return reply["ok"]


class SearchPool(WorkerPool):
    """Searches (`search --json` documents) from `workers` processes, each with the
    corpus, the glossary and its own reader of the index loaded once (see WorkerPool)."""

    role = "search"
    what, whats = "search", "searches"

    def __init__(self, workers: int = SEARCH_WORKERS, seconds: float = SEARCH_SECONDS,
                 waiting_per_worker: int = SEARCHES_WAITING_PER_WORKER):
        super().__init__(workers, seconds, waiting_per_worker)

    async def search(self, query: str, lang: str = "all", doc: str | None = None, limit: int = 10) -> dict:
        check_query(query)  # refused here, before it waits for a worker
        request = {"query": query, "lang": lang, "doc": doc, "limit": limit}
        reply = await self.ask({}, json.dumps(request, ensure_ascii=False).encode("utf-8", "surrogatepass"))
        if "ok" not in reply:
            _raise_worker_error(reply)
        return reply["ok"]


def card_pdf(citations: list[str], chapter: str | None, lang: str | None) -> tuple[bytes, dict]:
    """A card PDF of the records or chapter chosen, rendered in memory."""
    from judgebot.cards import Selection, build_cards

    if lang is not None and lang not in ("ja", "zh", "ko", "en"):
        raise InputError(f"lang: expected one of ja, zh, ko, en, got {shorten(lang, 20)!r}")
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
