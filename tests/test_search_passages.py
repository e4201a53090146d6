"""The passage table (judgebot.search.passages), English analysis, and the plain-string
matchers that replaced per-form regular expressions (judgebot.search.expand)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from judgebot.search.analysis import english_term, english_terms
from judgebot.search.expand import GAP_CHARS, Inflected, Literal, Pieces, expand, form_regex
from judgebot.search.passages import TABLE_FILE, load_table, record_passages, write_table


def _section(ident, blocks, english, title="見出し", title_en="Heading"):
    text = "\n".join(b["text"] for b in blocks)
    return SimpleNamespace(id=ident, doc="guide-ja", kind="section", lang="ja", title=title, title_en=title_en,
                           text=text, blocks=blocks, blocks_en=english, text_en="\n".join(english),
                           superseded_by=None, order=0)


BLOCKS = [
    {"type": "para", "text": "ポケモンチェックは番が終わるたびに行います。ここは六十文字を超える長さの段落にするために言葉を足しています。"},
    {"type": "example", "text": "【文例】カード", "ref": "guide-ja:X/ex-1"},
    {"type": "heading", "text": "手順", "level": 0},
    {"type": "step", "text": "1. どく", "level": 1},
    {"type": "para", "text": "ダメカンを1個のせる。", "level": 2},
    {"type": "step", "text": "2. やけど", "level": 1},
    {"type": "para", "text": "ダメカンを2個のせてからコインを投げる。", "level": 2},
]
ENGLISH = ["Pokémon Checkup happens each time a turn ends. (A paragraph long enough to stand alone.)",
           "[Example] Card", "Procedure", "1. Poisoned", "Put 1 damage counter.", "2. Burned",
           "Put 2 damage counters, then flip a coin."]


def test_passages_are_blocks_under_their_headings_without_the_quoted_records():
    record = _section("guide-ja:X", BLOCKS, ENGLISH)
    passages = record_passages(record)
    texts = [p.text for p in passages]
    assert not any("【文例】" in t for t in texts)  # a quoted example is a record of its own
    burn = next(p for p in passages if "やけど" in p.text)
    assert burn.text.startswith("手順\n")  # the heading it sits under counts in it
    assert "コインを投げる" in burn.text and "Burned" in burn.text_en and "flip a coin" in burn.text_en
    for passage in passages:  # the spans point at the passage's own text, in both languages
        own = record.text[passage.span[0]:passage.span[1]]
        assert own and own in passage.text
        assert record.text_en[passage.span_en[0]:passage.span_en[1]] in passage.text_en


def test_a_faq_is_one_passage_and_a_record_without_text_has_none():
    faq = SimpleNamespace(id="guide-ja:X/faq-1", kind="faq", title="【FAQ】カード", text="【FAQ】カード\n質問と答え",
                          text_en="[FAQ] Card\nQ and A", blocks=[{"type": "para", "text": "x"}], blocks_en=None)
    (passage,) = record_passages(faq)
    assert passage.span == (0, len(faq.text)) and passage.text_en == faq.text_en
    empty = SimpleNamespace(id="guide-ja:II", kind="section", title="Ⅱ", text="", text_en="", blocks=[], blocks_en=None)
    assert record_passages(empty) == []


def test_the_table_round_trips(tmp_path):
    records = [_section("guide-ja:X", BLOCKS, ENGLISH), _section("guide-ja:Y", BLOCKS[:1], ENGLISH[:1], title="やけど",
                                                                 title_en="Burned")]
    write_table(tmp_path, records, lambda record: record.id)
    table = load_table(str(tmp_path))
    assert table.ids == ["guide-ja:X", "guide-ja:Y"] and table.number_of["guide-ja:Y"] == 1
    ids, tfs = table.postings("h", "やけ")  # headings are indexed per record
    assert list(ids) == [1] and list(tfs) == [1]
    units, _ = table.postings("e", "burn")  # English renderings per passage, stemmed
    assert {table.passage_record[u] for u in units} == {0}
    assert table.has_english("coin") and not table.has_english("sleev")
    assert table.postings("p", "存在しない") is None
    assert load_table(str(tmp_path)) is table  # kept per process while the file is unchanged


def test_a_damaged_table_is_an_error(tmp_path):
    write_table(tmp_path, [_section("guide-ja:X", BLOCKS, ENGLISH)], lambda record: record.id)
    path = tmp_path / TABLE_FILE
    path.write_bytes(path.read_bytes()[:-40])
    with pytest.raises(ValueError):
        load_table(str(tmp_path))


# -- English analysis ------------------------------------------------------------------


@pytest.mark.parametrize("text,terms", [
    ("Benched Pokémon", ["bench", "pokemon"]),
    ("can I attach one energy per turn", ["attach", "1", "energi", "per", "turn"]),
    ("the opponent's Prize cards", ["oppon", "prize", "card"]),
    ("sleeving", ["sleev"]),
])
def test_english_terms(text, terms):
    assert english_terms(text) == terms


def test_a_word_the_renderings_use_is_not_corrected_into_a_glossary_word():
    known = {"sleev"}.__contains__
    assert "sleeving" not in expand("is double sleeving allowed", in_corpus=known).corrections
    assert expand("weaknes on the bench", in_corpus=known).corrections == {"weaknes": "weakness"}


def test_an_english_term_of_one_word_matches_the_index():
    assert english_term("Benched".lower()) == "bench" and english_term("one") == "1" and english_term("the") is None


# -- plain-string matchers: the same matches as the regular expressions they replaced ----

_GAP = rf"[^。．.!?！？\n]{{0,{GAP_CHARS}}}?"


def _regex(form_pieces: list[str]) -> re.Pattern:
    parts = [rf"(?<![0-9a-z]){re.escape(p)}(?![0-9a-z])" if p.isascii() else re.escape(p) for p in form_pieces]
    return re.compile(_GAP.join(parts))


def _spans(matcher, text):
    return [m.span() for m in matcher.finditer(text)]


TEXT = st.text(alphabet="ab ベンチ벤치.。x", max_size=40)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_literal_finds_what_the_escaped_regex_finds(text):
    for piece in ("ベンチ", "ab", "벤치"):
        assert _spans(Literal(piece), text) == _spans(_regex([piece]), text)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_pieces_find_what_the_gapped_regex_finds(text):
    for pieces in (["ベンチ", "벤치"], ["ab", "ベンチ"]):
        assert _spans(Pieces(pieces), text) == _spans(_regex(pieces), text)


def test_form_regex_is_a_literal_for_one_piece_and_pieces_for_several():
    assert isinstance(form_regex("べんち"), Literal) and isinstance(form_regex("벤치 포켓몬"), Pieces)


@pytest.mark.parametrize("piece,text,found", [
    ("bench", "benched pokemon", (0, 7)),
    ("energy", "two energies", (4, 12)),
    ("evolve", "evolving now", (0, 8)),
    ("bench", "workbench", None),
    ("bench", "benchmarking", None),
])
def test_inflected_finds_english_inflections_as_whole_words(piece, text, found):
    match = Inflected(piece).search(text)
    assert (match.span() if match else None) == found
