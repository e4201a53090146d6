"""The reviews of the search-only data (docs/review/search-renderings-ko.yaml,
search-renderings-zh.yaml, questions.yaml, questions-seq.yaml, questions-futile.yaml): samples read against the
originals, whose verdicts the data still agrees with."""

from __future__ import annotations

import pytest
import yaml

from judgebot.corpus import load_corpus

from .conftest import ROOT

REVIEW = ROOT / "docs" / "review"
VERDICTS = {"ok", "fixed", "note"}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def _entries(name: str) -> list[dict]:
    entries = yaml.safe_load((REVIEW / name).read_text(encoding="utf-8"))
    assert isinstance(entries, list) and all(e.get("verdict") in VERDICTS for e in entries), name
    return entries


@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_a_sample_of_each_search_rendering_language_was_read(corpus, lang):
    entries = _entries(f"search-renderings-{lang}.yaml")
    assert len(entries) >= 40
    for entry in entries:
        record = corpus.get(entry["id"])
        assert record is not None and lang in record.search_renderings, entry["id"]
        rendering = record.search_renderings[lang]
        if entry.get("block") is None:
            assert isinstance(rendering, str), entry["id"]
        else:  # the block-th own block (blocks quoting a FAQ or example are skipped)
            own = [text for text, block in zip(rendering, record.blocks) if not block.get("ref")]
            assert 0 <= entry["block"] < len(own) and own[entry["block"]].strip(), entry["id"]
        if entry["verdict"] != "ok":
            assert entry.get("note"), entry["id"]


@pytest.mark.parametrize("name, sampled", [("questions.yaml", 60), ("questions-seq.yaml", 40), ("questions-futile.yaml", 40)])
def test_the_reviewed_questions_are_where_the_review_left_them(corpus, name, sampled):
    entries = _entries(name)
    sample = [e for e in entries if not e.get("extra")]
    assert len(sample) >= sampled and {e["lang"] for e in sample} == {"en", "ja", "ko", "zh"}
    for entry in entries:
        asked = corpus.get(entry["id"]).questions.get(entry["lang"], [])
        if entry["verdict"] == "fixed":  # removed, or moved to the record that answers it
            assert entry["question"] not in asked and entry.get("note"), entry
        else:
            assert entry["question"] in asked, entry
