"""Retrieval quality over a golden set: recall@k and MRR, overall and per query language.

The golden file (tests/golden/search.yaml) is a list of::

    - query: does weakness apply to benched pokemon
      qlang: en                  # the language the query is written in
      lang: all                  # optional: the --lang option (default: none given)
      expect: [guide-ja:II-B-08, guide-zh:II-B-08]   # any one in the top k is a hit

The development set (tests/golden/search-dev.yaml, tests/test_search_dev.py) has the
same keys plus ``source``: the URL of the real question each query was written from.
The golden set's later queries written from real questions have ``source`` too, and
``batch`` (the date of the batch they were written in, reported apart).

Used by tests/test_search_quality.py and benchmarks/bench_search.py, so both measure
the same thing the same way.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import yaml

from judgebot.errors import InputError

GOLDEN_KEYS = {"query", "qlang", "lang", "doc", "expect", "note", "source", "batch"}


@dataclass(frozen=True)
class GoldenQuery:
    query: str
    qlang: str
    lang: str | None
    doc: str | None
    expect: tuple[str, ...]
    source: str | None = None  # the URL (or page) of the real question it was written from
    batch: str | None = None  # the golden set's batches of real questions (2026-11-26, …)


def load_golden(path: Path) -> list[GoldenQuery]:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, list):
        raise InputError(f"{path}: expected a list of golden queries")
    golden = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict) or not item.get("query") or not item.get("expect"):
            raise InputError(f"{path}: item {i}: needs `query` and `expect`")
        unknown = set(item) - GOLDEN_KEYS
        if unknown:
            raise InputError(f"{path}: item {i}: unknown key(s) {', '.join(sorted(unknown))}")
        expect = item["expect"] if isinstance(item["expect"], list) else [item["expect"]]
        golden.append(
            GoldenQuery(
                query=str(item["query"]),
                qlang=str(item.get("qlang", "?")),
                lang=str(item["lang"]) if item.get("lang") else None,
                doc=item.get("doc"),
                expect=tuple(str(e) for e in expect),
                source=str(item["source"]) if item.get("source") else None,
                batch=str(item["batch"]) if item.get("batch") else None,
            )
        )
    return golden


TRANSLATED_KEYS = {"query", "qlang", "of"}


def load_translations(path: Path, golden: list[GoldenQuery]) -> list[GoldenQuery]:
    """The golden set's English and Japanese queries translated into Korean and Chinese by
    readers who saw neither search nor the golden set's own Korean and Chinese queries
    (tests/golden/search-translated.yaml)::

        - query: 벤치 포켓몬도 약점 적용돼요?
          qlang: ko
          of: does weakness apply to benched pokemon   # the golden query it translates

    Each keeps the expected records (and --lang/--doc) of the query it translates, so a
    review of the golden set carries over; a query asked twice there expects either list."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, list):
        raise InputError(f"{path}: expected a list of translated queries")
    originals: dict[str, list[GoldenQuery]] = {}
    for item in golden:
        originals.setdefault(item.query, []).append(item)
    out = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict) or set(item) != TRANSLATED_KEYS:
            raise InputError(f"{path}: item {i}: needs exactly {', '.join(sorted(TRANSLATED_KEYS))}")
        found = originals.get(str(item["of"]))
        if not found:
            raise InputError(f"{path}: item {i}: `of` is not a golden query: {item['of']!r}")
        expect = tuple(dict.fromkeys(c for original in found for c in original.expect))
        out.append(GoldenQuery(query=str(item["query"]), qlang=str(item["qlang"]), lang=found[0].lang,
                               doc=found[0].doc, expect=expect, source=found[0].source, batch=found[0].batch))
    return out


def rule_ranker(search: Callable[..., dict]) -> Callable[[GoldenQuery], list[tuple[str, ...]]]:
    """The ranker the golden and translated sets are judged with: for each rule hit of
    `search` (judgebot.search.search), best first, its citation and its editions' (a
    `kind: card` hit is a card, not a rule record)."""

    def ranked(item: GoldenQuery) -> list[tuple[str, ...]]:
        hits = search(item.query, lang=item.lang, doc=item.doc, limit=10)["hits"]
        return [(hit["id"], *hit["editions"]) for hit in hits if hit["kind"] != "card"]

    return ranked


def first_relevant_rank(ranked_ids: list, expect: tuple[str, ...]) -> int | None:
    """1-based rank of the first expected citation in the ranking, or None. An entry
    of the ranking is a citation, or the citations one hit stands for (its id and its
    equivalents: one rule shown in one edition)."""
    wanted = set(expect)
    for rank, entry in enumerate(ranked_ids, 1):
        if wanted & ({entry} if isinstance(entry, str) else set(entry)):
            return rank
    return None


def evaluate(
    ranker: Callable[[GoldenQuery], list[str]], golden: list[GoldenQuery], k: int = 5
) -> dict:
    """{"recall@k", "hit@1", "mrr", "n", "by_qlang": {...}, "misses": [...]} for a ranker that
    returns the ranked citations for a golden query (at least k of them if it can)."""
    per_lang: dict[str, list[int | None]] = defaultdict(list)
    misses = []
    ranks: list[int | None] = []
    for item in golden:
        ranked = ranker(item)
        rank = first_relevant_rank(ranked, item.expect)
        ranks.append(rank)
        per_lang[item.qlang].append(rank)
        if rank is None or rank > k:
            misses.append({"query": item.query, "expect": list(item.expect), "got": ranked[:k], "rank": rank})
    report = _metrics(ranks, k)
    report["by_qlang"] = {lang: _metrics(r, k) for lang, r in sorted(per_lang.items())}
    report["misses"] = misses
    return report


def _metrics(ranks: list[int | None], k: int) -> dict:
    n = len(ranks) or 1
    hits = sum(1 for r in ranks if r is not None and r <= k)
    firsts = sum(1 for r in ranks if r == 1)
    mrr = sum(1.0 / r for r in ranks if r is not None and r <= 10) / n
    return {
        f"recall@{k}": round(hits / n, 4),
        "hit@1": round(firsts / n, 4),
        "mrr": round(mrr, 4),
        "n": len(ranks),
    }
