"""Search quality on the real corpus: recall@5 and MRR over tests/golden/search.yaml,
overall and per query language. Fails below recall@5 = 0.90."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgebot.corpus import load_corpus
from judgebot.search import search
from judgebot.search.evaluate import evaluate, load_golden

GOLDEN = Path(__file__).resolve().parent / "golden" / "search.yaml"
MIN_RECALL_AT_5 = 0.90
MIN_QUERIES = 60


@pytest.fixture(scope="module")
def golden():
    return load_golden(GOLDEN)


@pytest.fixture(scope="module", autouse=True)
def private_cache(tmp_path_factory):
    """Build the index in a temporary cache, not the user's."""
    patch = pytest.MonkeyPatch()
    patch.setenv("JUDGEBOT_CACHE", str(tmp_path_factory.mktemp("cache")))
    yield
    patch.undo()


def test_golden_set_is_large_and_multilingual(golden):
    assert len(golden) >= MIN_QUERIES
    assert {item.qlang for item in golden} >= {"en", "ja", "zh", "ko"}


def test_golden_citations_exist(golden):
    corpus = load_corpus()
    missing = sorted({c for item in golden for c in item.expect if c not in corpus})
    assert not missing, f"golden citations not in the corpus: {missing}"


def test_recall_at_5_and_mrr(golden, capsys):
    def ranker(item):
        hits = search(item.query, lang=item.lang, doc=item.doc, limit=10)["hits"]
        return [(hit["id"], *hit["equivalents"]) for hit in hits]

    report = evaluate(ranker, golden, k=5)
    lines = [f"search quality: recall@5 {report['recall@5']:.3f}  MRR {report['mrr']:.3f}  (n={report['n']})"]
    for lang, figures in report["by_qlang"].items():
        lines.append(f"  {lang}: recall@5 {figures['recall@5']:.3f}  MRR {figures['mrr']:.3f}  (n={figures['n']})")
    for miss in report["misses"]:
        lines.append(f"  miss: {miss['query']!r} expected {miss['expect']} got {miss['got']}")
    with capsys.disabled():  # the figures are the point of this test: always show them
        print("\n" + "\n".join(lines))
    assert report["recall@5"] >= MIN_RECALL_AT_5
