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
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from importlib import resources

from judgebot.engine.format.yaml_lines import LIMITS
from judgebot.errors import InputError, JudgebotError, ScenarioError, shorten

SCENARIO_NAME = "scenario.yaml"
RULING_SECONDS = 10.0
RULING_WORKERS = 2
SEARCH_THREADS = 4
# Requests that may wait for a ruling worker, per worker, before the next is turned
# away at once (each holds its scenario, up to 1 MB, while it waits).
WAITING_PER_WORKER = 16
LANGS = ("ja", "zh", "ko", "en")


class Unavailable(JudgebotError):
    """The server cannot answer this request now (HTTP 503); `retry_after` seconds is
    when it likely can."""

    def __init__(self, message: str, retry_after: int):
        self.retry_after = max(1, int(retry_after))
        super().__init__(message)


class RulingTimeout(Unavailable):
    """A ruling took longer than the server allows."""

    def __init__(self, seconds: float, retry_after: int = 1):
        self.seconds = seconds
        super().__init__(f"the ruling took longer than {seconds:g} s and was stopped", retry_after)


class Busy(Unavailable):
    """Every ruling worker stayed busy past the request's deadline, or too many
    requests already wait for one."""


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


class SearchPool:
    """A few long-lived threads for searches: each opens its own index reader once
    (judgebot.search.index.open_searcher), and requests beyond them wait in order."""

    def __init__(self, threads: int = SEARCH_THREADS):
        self._executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="judgebot-search")

    async def run(self, function, *args):
        return await asyncio.get_running_loop().run_in_executor(self._executor, function, *args)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


class _Worker:
    """One ruling process (`judgebot.web.worker`), started on first use and started
    again after it was stopped."""

    def __init__(self):
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        if self.process is None or self.process.returncode is not None:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "judgebot.web.worker",
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)

    async def ask(self, message: bytes) -> bytes:
        await self.start()
        self.process.stdin.write(message)
        await self.process.stdin.drain()
        line = await self.process.stdout.readline()
        if not line.endswith(b"\n"):
            raise OSError("the ruling worker stopped")
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


class RulingPool:
    """`workers` ruling processes shared by every request. A request waits, in order
    of arrival, for a free worker; its deadline (`seconds`) counts from its arrival,
    so the wait and the ruling together are bounded: past it the answer is Busy (no
    worker came free) or RulingTimeout (the ruling itself ran too long: its worker is
    stopped and started again). Both are HTTP 503 with Retry-After. Requests beyond
    WAITING_PER_WORKER per worker are turned away at once.

    Created outside any event loop; used from one (the server's)."""

    def __init__(self, workers: int = RULING_WORKERS, seconds: float = RULING_SECONDS,
                 waiting_per_worker: int = WAITING_PER_WORKER):
        if workers < 1:
            raise InputError(f"workers: expected at least 1, got {workers}")
        self.size = workers
        self.seconds = seconds
        self.max_waiting = waiting_per_worker * workers
        self.waiting = 0
        self._workers = [_Worker() for _ in range(workers)]
        self._idle: asyncio.Queue | None = None
        self._mean = 0.2  # seconds a ruling takes, averaged: the Retry-After estimate

    def _queue(self) -> asyncio.Queue:
        if self._idle is None:
            self._idle = asyncio.Queue()
            for worker in self._workers:
                self._idle.put_nowait(worker)
        return self._idle

    async def start(self) -> None:
        """Start every worker now, so that the first rulings do not wait for one."""
        self._queue()
        await asyncio.gather(*(worker.start() for worker in self._workers))

    def retry_after(self) -> int:
        """Seconds until a request sent now would likely find a worker."""
        return min(math.ceil(self.seconds), math.ceil(self._mean * (self.waiting + 1) / self.size))

    async def rule(self, text: str | bytes, lang: str | None = None) -> dict:
        arrived = time.monotonic()
        body = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
        if len(body) > LIMITS.file_bytes:
            raise ScenarioError(SCENARIO_NAME, None, "",
                                f"{len(body):,} bytes, over the limit of {LIMITS.file_bytes:,}")
        idle = self._queue()
        if idle.empty() and self.waiting >= self.max_waiting:
            raise Busy(f"{self.waiting} rulings are already waiting for the {self.size} ruling "
                       f"worker(s); try again shortly", self.retry_after())
        self.waiting += 1
        try:
            worker = await asyncio.wait_for(idle.get(), self.seconds)
        except asyncio.TimeoutError:
            raise Busy(f"every ruling worker stayed busy for {self.seconds:g} s; try again shortly",
                       self.retry_after()) from None
        finally:
            self.waiting -= 1
        try:
            left = self.seconds - (time.monotonic() - arrived)
            started = time.monotonic()
            message = json.dumps({"lang": lang, "size": len(body)}).encode() + b"\n" + body
            try:
                if left <= 0:
                    raise asyncio.TimeoutError
                line = await asyncio.wait_for(worker.ask(message), left)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                await worker.stop()
                raise
            except (OSError, ValueError):
                await worker.stop()
                raise
            self._mean = 0.8 * self._mean + 0.2 * (time.monotonic() - started)
        except asyncio.TimeoutError:
            raise RulingTimeout(self.seconds, self.retry_after()) from None
        finally:
            idle.put_nowait(worker)
        reply = json.loads(line)
        if "ok" in reply:
            return reply["ok"]
        if "scenario" in reply:
            error = reply["scenario"]
            raise ScenarioError(error["file"], error["line"], error["key"], error["message"],
                                column=error.get("column"))
        raise InputError(reply["input"])

    async def close(self) -> None:
        await asyncio.gather(*(worker.close() for worker in self._workers))


def card_pdf(citations: list[str], chapter: str | None, lang: str | None) -> tuple[bytes, dict]:
    """A card PDF of the records or chapter chosen, rendered in memory."""
    from judgebot.cards import Selection, build_cards

    if lang is not None and lang not in ("ja", "zh", "ko"):
        raise InputError(f"lang: expected one of ja, zh, ko, got {shorten(lang, 20)!r}")
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
