"""The shipped English renderings (data/text_en/) and superseded marks (data/superseded/):
every record of the five documents has its English text, no file names a record that is
not there, and every mark resolves (judgebot.corpus.superseded checks them at load)."""

from __future__ import annotations

import pytest

from judgebot.corpus import load_corpus
from judgebot.corpus.english import load_renderings
from judgebot.corpus.model import DOCS


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_every_record_has_its_english_rendering(corpus):
    missing = [r.id for r in corpus if r.text_en is None]
    assert not missing, f"{len(missing)} records without text_en, e.g. {missing[:5]}"
    for doc in DOCS:
        assert any(r.doc == doc for r in corpus)


def test_a_section_reads_block_by_block(corpus):
    for record in corpus:
        if record.kind == "section" and record.blocks:
            assert record.blocks_en is not None and len(record.blocks_en) == len(record.blocks), record.id
            for block, english in zip(record.blocks, record.blocks_en):
                if block.get("ref"):
                    assert english == corpus.get(block["ref"]).text_en, record.id
                assert bool(english.strip()) == bool(block.get("text", "").strip()), record.id


def test_no_rendering_names_a_record_that_is_not_there(corpus):
    unknown = [ident for ident in load_renderings() if ident not in corpus.by_id]
    assert not unknown


def test_renderings_are_english(corpus):
    """Japanese, Chinese or Korean outside 「」 is only a card name as printed or a
    footnote mark: at most a few characters a record, never a sentence left as it was."""
    import re

    outside = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]{12,}")
    quoted = re.compile(r"「[^」]*」|『[^』]*』|\([^)]*\)")
    bad = [r.id for r in corpus if outside.search(quoted.sub("", r.text_en or ""))]
    assert not bad, bad[:10]


def test_the_older_documents_marks(corpus):
    marked = [r for r in corpus if r.superseded_by]
    assert len(marked) >= 10
    for record in marked:
        assert record.doc in ("rules-ja", "rules-ko", "wiki-ja")
        assert any(c.split(":", 1)[0] in ("guide-ja", "guide-zh") for c in record.superseded_by)
        assert record.differs and "\n" not in record.differs
    burn = corpus.get("rules-ja:やけど")
    assert burn.superseded_by and "guide-ja:I-F" in burn.superseded_by
