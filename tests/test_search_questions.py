"""What players ask (data/questions/; judgebot.corpus.questions): checked at load, indexed
as passages of their record, and kept apart from the search sets they would flatter."""

from __future__ import annotations

import json
import re
import unicodedata
from types import SimpleNamespace

import pytest
import yaml

from judgebot.corpus import load_corpus
from judgebot.corpus.questions import QUESTION_LANGS, load_questions
from judgebot.errors import InputError
from judgebot.search.evaluate import load_golden
from judgebot.search.passages import QUESTIONS_PER_PASSAGE, record_passages

from .conftest import ROOT, linked_data


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_every_entry_is_a_record_with_questions_in_the_four_languages(corpus):
    questions = load_questions()
    for ident, asked in questions.items():
        record = corpus.get(ident)
        assert record is not None and record.questions == asked, ident
        assert set(asked) == set(QUESTION_LANGS), ident
        assert all(asked[lang] for lang in QUESTION_LANGS), ident


def _plain(text: str) -> str:
    return re.sub(r"[\s?？!！.。,、，]+", "", unicodedata.normalize("NFKC", text).lower())


def test_no_question_is_a_query_of_the_search_sets(corpus):
    """The questions were written from the records, not from the golden or development
    set: none of them is one of those queries (which it would answer by rote)."""
    queries = {_plain(item.query) for name in ("search.yaml", "search-dev.yaml")
               for item in load_golden(ROOT / "tests/golden" / name)}
    queries |= {_plain(item["query"]) for item in
                yaml.safe_load((ROOT / "tests/golden/search-translated.yaml").read_text(encoding="utf-8"))}
    same = sorted({q for asked in load_questions().values() for qs in asked.values() for q in qs
                   if _plain(q) in queries})
    assert not same, f"{len(same)} questions are queries of the search sets"


def test_questions_are_passages_after_the_text():
    record = SimpleNamespace(id="guide-ja:X", kind="faq", title="", text="質問と答え", text_en="Q and A",
                             blocks=[], blocks_en=None,
                             questions={"en": ["can I?"], "ja": ["できますか"], "ko": ["되나요"], "zh": ["可以吗"]})
    text, ja, ko, zh, en = record_passages(record)
    assert text.text == "質問と答え" and not text.asked
    assert [(p.text, p.text_en) for p in (ja, ko, zh, en)] == [("できますか", ""), ("되나요", ""), ("可以吗", ""),
                                                              ("", "can I?")]
    assert all(p.asked and p.span == p.span_en == (0, 0) for p in (ja, ko, zh, en))
    record.text = ""  # a record without text has no passages, questions or not
    assert record_passages(record) == []


def test_questions_are_grouped_a_few_to_a_passage():
    """A question matches with the few beside it, not with every question of its record."""
    asked = [f"質問{i}ですか" for i in range(QUESTIONS_PER_PASSAGE * 2 + 1)]
    record = SimpleNamespace(id="guide-ja:X", kind="section", title="", text="本文", text_en="Text",
                             blocks=[], blocks_en=None, questions={"ja": asked})
    groups = [p.text.split("\n") for p in record_passages(record)[1:]]
    assert groups == [asked[:QUESTIONS_PER_PASSAGE], asked[QUESTIONS_PER_PASSAGE:2 * QUESTIONS_PER_PASSAGE],
                      asked[2 * QUESTIONS_PER_PASSAGE:]]


def _data_with(tmp_path, questions: dict | None):
    data = linked_data(tmp_path, ("questions",))
    (data / "questions").mkdir()
    if questions is not None:
        (data / "questions" / "part.yaml").write_text(json.dumps(questions, ensure_ascii=False), encoding="utf-8")
    return data


@pytest.mark.parametrize("bad, message", [
    ({"guide-ja:NOPE": {"en": ["a question"]}}, "not in the corpus"),
    ({"guide-ja:I-A-03": {"fr": ["une question"]}}, "expected a mapping"),
    ({"guide-ja:I-A-03": {"en": "not a list"}}, "one-line questions"),
    ({"guide-ja:I-A-03": {"en": ["two\nlines"]}}, "one-line questions"),
])
def test_a_bad_entry_is_refused_naming_it(tmp_path, with_data, bad, message):
    with pytest.raises(InputError, match=message):
        with_data(_data_with(tmp_path, bad))


def test_a_question_finds_its_record(tmp_path, with_data, monkeypatch):
    """Words only in a record's questions find it; without them, nothing does."""
    from judgebot.search import search
    from judgebot.search.index import close_searchers

    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path / "cache"))
    target = "guide-ja:I-A-03"
    asked = "zyzzyva quokka"
    try:
        with_data(_data_with(tmp_path, {target: {"en": [f"can my {asked} run away"]}}))
        hit = next(h for h in search(asked, limit=5)["hits"] if h["id"] == target)
        assert "quokka" not in hit["snippet"] + hit.get("snippet_original", "")  # never shown
        # the snippet is the record's passage of text that the query's other words find
        hit = next(h for h in search(f"{asked} open space", limit=5)["hits"] if h["id"] == target)
        assert "no open space" in hit["snippet"]
        close_searchers()
        other = tmp_path / "other"
        other.mkdir()
        with_data(_data_with(other, None))
        assert target not in [h["id"] for h in search(asked, limit=5)["hits"]]
    finally:
        close_searchers()
