"""Questions worded like the query (judgebot.search.asked): the pieces a question is
compared by, the similarity over the written questions, and how it reorders the hits."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from judgebot.corpus.questions import load_questions
from judgebot.search import asked, search
from judgebot.search.index import open_searcher
from judgebot.search.query import _table

pytestmark = pytest.mark.usefixtures("private_cache")


@pytest.fixture(scope="module")
def table():
    search("ポケモンチェック")  # builds or opens the index
    return _table(open_searcher())


def test_pieces_are_english_words_and_pairs_and_cjk_bigrams():
    pieces = asked.features("Can I retreat two Pokémon?")
    assert {"w:can", "w:retreat", "w:pokemon", "b:can_i", "b:two_pokemon"} <= set(pieces)
    assert asked.features("ベンチ0匹") == asked.features("ﾍﾞﾝﾁ0匹")  # NFKC
    assert {"2:ベン", "2:ンチ", "w:0"} <= set(asked.features("ベンチ0匹"))
    assert "2:포켓" in asked.features("포켓몬 체크")


def test_latin_accents_go_and_kana_voicing_stays():
    assert asked.features("Pokémon") == asked.features("pokemon")
    assert asked.features("ガード") != asked.features("カード")


def test_the_table_holds_every_written_question(table):
    written = sum(len(qs) for by_lang in load_questions().values() for qs in by_lang.values())
    assert table.questions == written == len(table.question_length)
    assert all(length > 0 for length in table.question_length)


def test_a_written_question_finds_its_own_record_first(table):
    """Asked verbatim, a written question is most like its own record's questions (its
    own among them): on a sample of 200, nearly always first, always in the first three."""
    questions = load_questions()
    sample = random.Random(35).sample(
        [(ident, q) for ident, by_lang in questions.items() for qs in by_lang.values() for q in qs], 200)
    first = 0
    for ident, question in sample:
        ranked = sorted(asked.similar(question, table).items(), key=lambda kv: -kv[1])
        ids = [table.ids[number] for number, _ in ranked[:3]]
        assert ident in ids, (question, ids)
        first += ids[0] == ident
    assert first >= 150


def test_similarity_is_between_0_and_1_and_empty_for_unknown_pieces(table):
    found = asked.similar("can I retreat after I attack", table)
    assert found and all(0 < value <= 1.0 + 1e-6 for value in found.values())
    assert asked.similar("zzqx", table) == {}
    assert asked.similar("???", table) == {}


@pytest.mark.parametrize("query", ["can I retreat after I attack", "ベンチが5匹のときネストボールは使える？",
                                   "상대 벤치가 없으면 보스의 지령 쓸 수 있어요?", "对手没有备战宝可梦还能用老大的指令吗"])
def test_similarity_kept_to_some_records_is_the_same_for_them(table, query):
    """Kept to some records, only their questions are read (their runs of numbers), and
    each gets the similarity it has among all."""
    every = asked.similar(query, table)
    for seed in range(5):
        some = set(random.Random(seed).sample(range(len(table.ids)), 40))
        kept = asked.similar(query, table, some)
        assert kept.keys() == every.keys() & some
        assert all(abs(kept[n] - every[n]) < 1e-9 for n in kept)


def _groups(table, numbers_scores):
    return [SimpleNamespace(score=score, shown=SimpleNamespace(number=number))
            for number, score in numbers_scores]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0.01, 50), min_size=1, max_size=40), st.randoms(use_true_random=False))
def test_fusing_keeps_every_hit_in_score_order_and_only_raises_scores(table, scores, rng):
    scores = sorted(scores, reverse=True)
    numbers = rng.sample(range(len(table.ids)), len(scores))
    groups = _groups(table, zip(numbers, scores))
    before = {id(g): g.score for g in groups}
    fused = asked.fuse(list(groups), "can I retreat after I attack", table)
    assert sorted(map(id, fused)) == sorted(map(id, groups))
    assert [g.score for g in fused] == sorted((g.score for g in fused), reverse=True)
    assert all(before[id(g)] <= g.score <= before[id(g)] + asked.ASKED_SHARE * scores[0] + 1e-9 for g in fused)
    assert fused[asked.FUSED:] == groups[asked.FUSED:]  # past the first FUSED, untouched


def test_a_question_worded_like_a_written_one_lifts_its_rule():
    """"Can I play Nest Ball with my deck at 0?" is decided by the rule on playing a card
    whose effect cannot all happen (guide-ja Ⅰ-B-01), whose written questions ask just
    that (山札0枚でネストボール使える？); the passage scores alone put it below the rule
    on losing by an empty deck (Ⅰ-E), which names the deck more often."""
    query = "山札が0枚でもネストボールは使える？"
    with_it = [h["id"] for h in search(query, limit=10)["hits"]]
    keep = asked.ASKED_SHARE
    try:
        asked.ASKED_SHARE = 0.0
        without = [h["id"] for h in search(query, limit=10)["hits"]]
    finally:
        asked.ASKED_SHARE = keep
    assert with_it[0] == "guide-ja:I-B-01"
    assert "guide-ja:I-B-01" in without and without[0] != "guide-ja:I-B-01"
