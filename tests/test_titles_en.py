"""data/titles_en.yaml: an English title for every record of every document, and no
title for a record that does not exist."""

from __future__ import annotations

from judgebot.corpus import load_corpus
from judgebot.corpus.titles import load_titles


def test_every_record_has_an_english_title():
    corpus = load_corpus()
    missing = [record.id for record in corpus if not record.title_en]
    assert not missing, f"{len(missing)} records without an English title: {missing[:10]}"


def test_every_english_title_names_a_record():
    corpus = load_corpus()
    unknown = sorted(set(load_titles()) - set(corpus.by_id))
    assert not unknown, f"titles for records not in the corpus: {unknown[:10]}"


def test_english_titles_are_english():
    """The title's own words are English: CJK appears only in quoted card and move
    names 「…」 and in card names before their set code."""
    import re

    for ident, title in load_titles().items():
        words = re.sub(r"「[^」]*」", "", title)
        if ident.split(":")[0] in ("guide-ja", "guide-zh") and "/" in ident:
            words = re.sub(r"— [^—]*?\([^)]*\),", "—", words)  # the card as printed
        assert re.search(r"[A-Za-z]", words), ident
        assert not re.search(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]", words), (ident, words)
