"""What search keeps between queries (the passages of a form) changes no answer and stays
within its bound."""
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


def _emptied_table():
    search(QUERIES[0])
    table = _table(open_searcher())
    table.form_cache, table.form_cache_units = {}, 0
    return table


def test_the_form_cache_changes_no_answer(monkeypatch):
    table = _emptied_table()
    cold = [_ranked(q) for q in QUERIES]
    warm = [_ranked(q) for q in QUERIES]  # every form now from the cache
    assert table.form_cache and warm == cold
    monkeypatch.setattr(score, "ALL_OF_CACHE_UNITS", 0)  # emptied before every form
    assert [_ranked(q) for q in QUERIES] == cold


def test_the_form_cache_stays_within_its_bound(monkeypatch):
    table = _emptied_table()
    monkeypatch.setattr(score, "ALL_OF_CACHE_UNITS", 500)
    for query in QUERIES:
        search(query)
        held = sum(len(found) for found in table.form_cache.values())
        assert held == table.form_cache_units
        assert held <= 500 or len(table.form_cache) == 1  # a form larger than the bound is kept alone
