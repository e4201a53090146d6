"""What search keeps between queries (the passages of a form, each record's prior) changes
no answer and stays within its bound."""
from __future__ import annotations

import pytest

import judgebot.search.score as score
from judgebot.search import search
from judgebot.search.index import open_searcher
from judgebot.search.query import _table

pytestmark = pytest.mark.usefixtures("private_cache")

QUERIES = [
    "does weakness apply to benched pokemon",
    "ベンチポケモンへのダメージに弱点は計算する？",
    "후퇴는 한 턴에 몇 번",
    "备战宝可梦 弱点",
    "can I retreat after I already attacked",
    "やけど",
]


def _ranked(query: str) -> list[tuple[str, float]]:
    return [(hit["id"], hit["score"]) for hit in search(query, limit=10)["hits"]]


def test_the_form_cache_changes_no_answer(monkeypatch):
    search(QUERIES[0])
    cache = _table(open_searcher()).all_of_cache
    cache.clear()
    cold = [_ranked(q) for q in QUERIES]
    warm = [_ranked(q) for q in QUERIES]  # every form now from the cache
    assert cache and warm == cold
    monkeypatch.setattr(score, "ALL_OF_CACHE_UNITS", 0)  # emptied before every form
    assert [_ranked(q) for q in QUERIES] == cold


def test_the_form_cache_stays_within_its_bound(monkeypatch):
    search(QUERIES[0])
    cache = _table(open_searcher()).all_of_cache
    cache.clear()
    monkeypatch.setattr(score, "ALL_OF_CACHE_UNITS", 500)
    for query in QUERIES:
        search(query)
        held = sum(len(found) for key, found in cache.items() if key != "units")
        assert held == cache["units"]
        assert held <= 500 or len(cache) == 2  # one form larger than the bound is kept alone
