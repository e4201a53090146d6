"""Ⅱ-E-31: text used before a Prize card is put into the hand (`prize_cards`, the trigger
event `taken_as_prize`, the actions `bench_self` and `take_prize`)."""

from __future__ import annotations

import pytest

from judgebot.engine import rule
from judgebot.errors import ScenarioError
from judgebot.i18n import localized_card_name

from .helpers import attacker, load, mon

CHANSEY = {"name": "ラッキー", "types": ["colorless"], "hp": 110, "abilities": ["ラッキーボーナス"]}


def knock_out(prize_cards, bench=(), coins=(), stadium=None, hand=None) -> dict:
    you = {"active": attacker(damage=100), "bench": list(bench), "prize_cards": list(prize_cards)}
    if hand is not None:
        you["hand"] = hand
    data = {"format": 2, "you": you,
            "opponent": {"active": mon("ディフェンダー", hp=100), "bench": [mon("ベンチ相手")]},
            "coins": list(coins), "ask": {"attack": {"name": "テストアタック"}}}
    if stadium:
        data["stadium"] = stadium
    return data


def test_a_card_without_such_text_goes_into_the_hand():
    ruling = rule(load(knock_out(["ネストボール"], hand=[])))
    assert ruling.prizes_taken["you"] == 1
    assert ruling.triggered == []
    texts = [s["text"] for s in ruling.to_dict()["steps"]]
    assert any(f"{localized_card_name('ネストボール', 'en')} goes into the hand" in t for t in texts)


def test_lucky_bonus_benches_the_card_and_heads_takes_another():
    ruling = rule(load(knock_out([CHANSEY, "ネストボール"], coins=["heads"])))
    assert ruling.triggered == ["ラッキーボーナス"]
    assert ruling.prizes_taken["you"] == 2
    board = ruling.to_dict()["board"]
    assert board["you.bench[0]"]["name"] == "ラッキー"


def test_a_full_bench_means_lucky_bonus_does_nothing_and_the_card_goes_into_the_hand():
    full = [mon(f"ベンチ{i}") for i in range(5)]
    ruling = rule(load(knock_out([CHANSEY], bench=full, coins=["heads"])))
    data = ruling.to_dict()
    assert ruling.prizes_taken["you"] == 1  # no coin flipped: nothing after the Bench step
    texts = [s["text"] for s in data["steps"]]
    assert any("the Bench is full" in t for t in texts)
    assert any(f"{localized_card_name('ラッキー', 'en')} goes into the hand" in t for t in texts)


def test_oguchi_swamp_puts_counters_on_a_basic_benched_from_the_hand():
    data = {"format": 2, "stadium": "大口の沼",
            "you": {"active": mon("アクティブ"), "hand": ["ヒトカゲ"]},
            "opponent": {"active": mon("ディフェンダー")},
            "ask": {"bench": {"card": {"name": "ヒトカゲ", "types": ["fire"], "hp": 70}, "resolve": True}}}
    ruling = rule(load(data))
    assert ruling.triggered == ["大口の沼"]
    assert ruling.to_dict()["board"]["you.bench[0]"]["counters"] == 2


def test_oguchi_swamp_does_not_work_on_a_card_benched_from_the_prize_cards():
    ruling = rule(load(knock_out([CHANSEY], coins=["tails"], stadium="大口の沼")))
    assert ruling.triggered == ["ラッキーボーナス"]
    assert ruling.to_dict()["board"]["you.bench[0]"]["counters"] == 0


def test_more_prize_cards_taken_than_listed_is_an_error_naming_prize_cards():
    with pytest.raises(ScenarioError) as caught:
        rule(load(knock_out([CHANSEY], coins=["heads"])))
    assert caught.value.path == "you.prize_cards"
    assert "give every Prize card taken" in str(caught.value)


def test_more_prize_cards_listed_than_left_is_an_error():
    data = knock_out(["a", "b", "c"])
    data["you"]["prizes"] = 2
    with pytest.raises(ScenarioError) as caught:
        load(data)
    assert caught.value.path == "you.prize_cards" and "has 2 left" in str(caught.value)


def test_bench_self_outside_a_prize_card_is_an_error():
    data = knock_out([])
    data["you"]["active"]["attacks"][0]["do"] = [{"bench_self": {}}]
    with pytest.raises(ScenarioError) as caught:
        rule(load(data))
    assert "bench_self means nothing here" in str(caught.value)



def _take_prize_attack(prizes: int) -> dict:
    taker = attacker(damage=None, attack_fields={"do": [{"take_prize": {"count": 1}}]})
    return {"format": 2, "you": {"active": taker, "prizes": prizes},
            "opponent": {"active": mon("ディフェンダー", hp=100), "bench": [mon("ベンチ相手")]},
            "ask": {"attack": {"name": "テストアタック"}}}


def test_taking_the_last_prize_card_by_text_wins_without_a_knock_out():
    """Ⅰ-E: a player who has taken all of their Prize cards wins — also when an attack's
    text ("take a Prize card", Umbreon ex's Onyx) took the last one and nothing was
    Knocked Out."""
    ruling = rule(load(_take_prize_attack(1)))
    assert ruling.knocked_out == [] and ruling.prizes_taken["you"] == 1
    assert ruling.winner == "you"
    assert "guide-ja:I-E" in ruling.to_dict()["citations"]
    ruling = rule(load(_take_prize_attack(2)))
    assert ruling.prizes_taken["you"] == 1 and ruling.winner is None


def test_knock_out_each_with_hp_left_at_most_says_which_and_cites_remaining_hp():
    """"Knock Out each of your opponent's Pokémon that has 50 HP or less remaining" (Yveltal
    ex's Soul Destroyer): remaining HP (Ⅱ-D-16) decides which — 50 left is Knocked Out, 60
    left is not — and the step naming them cites it."""
    ko = attacker(damage=None, attack_fields={"do": [
        {"knock_out": {"target": {"each": {"side": "opponent", "hp_left_at_most": 50}}}}]})
    data = {"format": 2, "you": {"active": ko},
            "opponent": {"active": mon("ディフェンダー", hp=100, damage=50),
                         "bench": [mon("ベンチ相手", hp=100, damage=40), mon("ベンチ二", hp=100, damage=60)]},
            "ask": {"attack": {"name": "テストアタック"}}}
    ruling = rule(load(data))
    assert ruling.knocked_out == ["opponent.active", "opponent.bench[1]"]
    said = [s for s in ruling.to_dict()["steps"] if "with 50 HP left or less" in s["text"]]
    assert len(said) == 1 and "guide-ja:II-D-16" in said[0]["cite"]
