"""Search quality on the real corpus over tests/golden/search.yaml: hit@5, hit@1 and
MRR@10, overall and per query language (issue 12's targets), one hit per rule, and an
English title on every hit."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgebot.corpus import load_corpus
from judgebot.search import search
from judgebot.search.evaluate import evaluate, load_golden, rule_ranker

GOLDEN = Path(__file__).resolve().parent / "golden" / "search.yaml"
MIN_RECALL_AT_5 = 0.95
MIN_RECALL_AT_5_PER_LANGUAGE = 0.90
MIN_MRR = 0.85
MIN_ENGLISH_HIT_AT_1 = 0.75
MIN_QUERIES = 150
MIN_PER_LANGUAGE = 30


@pytest.fixture(scope="module")
def golden():
    return load_golden(GOLDEN)


pytestmark = pytest.mark.usefixtures("private_cache")  # a cache of its own (tests/conftest.py)


def test_golden_set_is_large_and_multilingual(golden):
    assert len(golden) >= MIN_QUERIES
    for lang in ("en", "ja", "zh", "ko"):
        assert sum(item.qlang == lang for item in golden) >= MIN_PER_LANGUAGE, lang


def test_golden_citations_exist(golden):
    corpus = load_corpus()
    missing = sorted({c for item in golden for c in item.expect if c not in corpus})
    assert not missing, f"golden citations not in the corpus: {missing}"


def test_recall_at_5_and_mrr(golden, capsys):
    report = evaluate(rule_ranker(search), golden, k=5)
    def figures_line(figures):
        return f"hit@5 {figures['recall@5']:.3f}  hit@1 {figures['hit@1']:.3f}  MRR {figures['mrr']:.3f}  (n={figures['n']})"

    lines = [f"search quality: {figures_line(report)}"]
    for lang, figures in report["by_qlang"].items():
        lines.append(f"  {lang}: {figures_line(figures)}")
    for miss in report["misses"]:
        lines.append(f"  miss: {miss['query']!r} expected {miss['expect']} got {miss['got']}")
    with capsys.disabled():  # the figures are the point of this test: always show them
        print("\n" + "\n".join(lines))
    assert report["recall@5"] >= MIN_RECALL_AT_5
    assert report["mrr"] >= MIN_MRR
    for lang, figures in report["by_qlang"].items():
        assert figures["recall@5"] >= MIN_RECALL_AT_5_PER_LANGUAGE, lang
    assert report["by_qlang"]["en"]["hit@1"] >= MIN_ENGLISH_HIT_AT_1


def test_one_rule_one_hit_and_english_titles(golden):
    """No two editions of one rule in a top 5, and every hit says what it is in English
    and where its other editions are."""
    corpus = load_corpus()
    for item in golden:
        hits = [h for h in search(item.query, lang=item.lang, doc=item.doc, limit=5)["hits"] if h["kind"] != "card"]
        shown: set[str] = set()
        for hit in hits:
            assert hit["title_en"] == corpus.get(hit["id"]).title_en and hit["title_en"], hit["id"]
            assert hit["equivalents"] == corpus.get(hit["id"]).equivalents
            editions = {hit["id"], *hit["editions"]}
            assert not editions & shown, f"{item.query!r}: {hit['id']} is an edition of a hit above it"
            shown |= editions