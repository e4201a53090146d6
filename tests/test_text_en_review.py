"""The second reading of the English renderings (issue 26 item 1) is on file.

docs/review/text_en-<doc>.yaml lists each record a reviewer read against the original,
with its verdict; docs/review/superseded.yaml does the same for the superseded marks.
guide-ja must be covered in full for Part I-II sections and FAQs; the other documents
are samples, so only their entries are checked."""

from __future__ import annotations

import re

import pytest
import yaml

from judgebot.corpus.model import load_corpus

from .conftest import ROOT

REVIEW = ROOT / "docs" / "review"
VERDICTS = {"ok", "fixed"}
TEXT_EN_REVIEWS = sorted(REVIEW.glob("text_en-*.yaml"))


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def _entries(path):
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(entries, list) and entries, f"{path.name}: expected a list of entries"
    return entries


def _marked() -> set[str]:
    marked: set[str] = set()
    for path in sorted((ROOT / "data" / "superseded").glob("*.yaml")):
        marked |= set(yaml.safe_load(path.read_text(encoding="utf-8")) or {})
    return marked


def test_the_review_files_are_there():
    names = {p.name for p in TEXT_EN_REVIEWS}
    assert "text_en-guide-ja.yaml" in names
    assert (REVIEW / "superseded.yaml").is_file()


def test_every_guide_ja_part_i_ii_section_and_faq_has_a_review_entry(corpus):
    wanted = {r.id for r in corpus.documents["guide-ja"].records
              if r.kind in ("section", "faq") and re.match(r"(I|II)(-|$)", r.section)}
    faqs = {i for i in wanted if "/faq-" in i}
    assert faqs and len(wanted) > len(faqs), "the corpus should have Part I-II sections and FAQs"
    reviewed = {e["id"] for e in _entries(REVIEW / "text_en-guide-ja.yaml")}
    assert sorted(wanted - reviewed) == []


@pytest.mark.parametrize("path", TEXT_EN_REVIEWS, ids=lambda p: p.name)
def test_each_review_entry_names_a_record_of_its_document_once(path, corpus):
    doc = path.stem.removeprefix("text_en-")
    assert doc in corpus.documents, f"{path.name}: no document {doc}"
    ids = [e.get("id") for e in _entries(path)]
    assert [i for i in ids if i not in corpus.by_id] == []
    assert [i for i in ids if corpus.by_id[i].doc != doc] == []
    assert len(ids) == len(set(ids)), f"{path.name}: an id is listed twice"


@pytest.mark.parametrize("path", [*TEXT_EN_REVIEWS, REVIEW / "superseded.yaml"], ids=lambda p: p.name)
def test_verdicts_are_ok_or_fixed_and_a_fix_says_what_changed(path):
    for entry in _entries(path):
        assert set(entry) <= {"id", "verdict", "note"}, f"{path.name}: {entry.get('id')}: unknown keys"
        assert entry.get("verdict") in VERDICTS, f"{path.name}: {entry.get('id')}: verdict {entry.get('verdict')!r}"
        if entry["verdict"] == "fixed":
            assert str(entry.get("note") or "").strip(), f"{path.name}: {entry['id']}: a fix needs a note"


@pytest.mark.parametrize("path", TEXT_EN_REVIEWS, ids=lambda p: p.name)
def test_the_header_counts_match_the_entries(path):
    text = path.read_text(encoding="utf-8")
    entries = _entries(path)
    read = re.search(r"^# Records read: (\d+)", text, re.M)
    fixed = re.search(r"Fixed: (\d+)\.", text)
    assert read and fixed, f"{path.name}: the header should say how many records were read and fixed"
    assert int(read.group(1)) == len(entries)
    assert int(fixed.group(1)) == sum(e["verdict"] == "fixed" for e in entries)


@pytest.mark.parametrize("path", TEXT_EN_REVIEWS, ids=lambda p: p.name)
def test_a_fixed_record_still_has_its_english(path, corpus):
    for entry in _entries(path):
        if entry["verdict"] == "fixed":
            assert corpus.by_id[entry["id"]].text_en, f"{entry['id']}: fixed, but has no text_en now"


def test_the_superseded_review_covers_exactly_the_marks():
    reviewed = [e["id"] for e in _entries(REVIEW / "superseded.yaml")]
    assert len(reviewed) == len(set(reviewed))
    marked = _marked()
    assert marked, "data/superseded/ should mark some records"
    assert sorted(marked - set(reviewed)) == [], "marks nobody reviewed"
    assert sorted(set(reviewed) - marked) == [], "reviews of records that are not marked"
