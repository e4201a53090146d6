"""トレーナーズ (guide-ja Ⅰ-B-01…04, Ⅱ-C-19, Ⅱ-E-20, Ⅱ-E-29): may the Trainer be played."""

from __future__ import annotations

import pytest

from judgebot.errors import NotModelledError, ScenarioError
from tests.engine.helpers import mon, ruling, steps


def board(play, you=None, opponent=None, turn=None, stadium=None):
    data = {
        "you": {"active": mon("ヒトカゲ", ["fire"], 70), "bench": [mon("ガーディ", ["fire"], 70)], **(you or {})},
        "opponent": {"active": mon("ゼニガメ", ["water"], 70), "bench": [mon("フシギダネ", ["grass"], 70)],
                     **(opponent or {})},
        "ask": {"play": play},
    }
    if turn:
        data["turn"] = turn
    if stadium:
        data["stadium"] = stadium
    return data


SWITCH = {"card": "ポケモンいれかえ"}
SUPPORTER = {"card": "リーリエの決心"}
STADIUM = {"card": "ジャミングタワー"}
WATCHTOWER = {"card": "ロケット団の監視塔", "owner": "opponent"}


@pytest.mark.parametrize("play, turn, stadium, allowed, cite", [
    (SWITCH, {"supporter_played": True, "number": 1, "first": "you"}, None, True, "guide-ja:I-B-01"),
    (SUPPORTER, {"number": 1, "first": "you"}, None, False, "guide-zh:I-B-03"),
    (SUPPORTER, {"number": 2, "first": "opponent"}, None, True, "guide-ja:I-B-03"),
    (SUPPORTER, {"supporter_played": True}, None, False, "guide-ja:I-B-03"),
    (STADIUM, {"stadium_played": True}, None, False, "guide-ja:I-B-04"),
    (STADIUM, None, WATCHTOWER, True, "guide-ja:I-B-04"),
    ({"card": "ロケット団の監視塔"}, None, WATCHTOWER, False, "guide-ja:I-B-04"),
])
def test_per_kind(play, turn, stadium, allowed, cite):
    result = ruling(board(play, turn=turn, stadium=stadium))
    assert result["allowed"] is allowed, result["reasons"]
    assert cite in result["citations"]


def test_stadium_replacing_another_says_so():
    result = ruling(board(STADIUM, stadium=WATCHTOWER))
    assert "replaces Team Rocket's Watchtower" in steps(result, "stadium")[0]["text"]


@pytest.mark.parametrize("target, you, allowed, words", [
    ("you.bench[0]", {"active": mon("ヒトカゲ", ["fire"], 70, tool="ふうせん")}, True, ""),
    ("you.active", {"active": mon("ヒトカゲ", ["fire"], 70, tool="ふうせん")}, False, "one Tool per Pokémon"),
    ("opponent.active", {}, False, "the opponent's"),
])
def test_tools(target, you, allowed, words):
    result = ruling(board({"card": "しんかのきせき", "kind": "tool", "target": target}, you=you))
    assert result["allowed"] is allowed
    assert words in " ".join(r["text"] for r in result["reasons"])


@pytest.mark.parametrize("kind, card, lock, allowed", [
    ("item", SWITCH, "item", False),
    ("supporter", SUPPORTER, "item", True),
    ("tool", {"card": "しんかのきせき", "kind": "tool", "target": "you.bench[0]"}, "tool", False),
    ("stadium", STADIUM, "stadium", False),
])
def test_cant_play_locks(kind, card, lock, allowed):
    result = ruling(board(card, you={"effects": [{"kind": "cant_play", "card_kind": lock}]}))
    assert result["allowed"] is allowed
    if not allowed:
        assert "guide-ja:II-C-19" in result["citations"]


def test_a_lock_from_the_opponents_ability_binds_you():
    umino = {"name": "うみののろい", "declared": False,
             "effect": {"kind": "cant_play", "card_kind": "item", "applies_to": {"side": "opponent"}}}
    result = ruling(board(SWITCH, opponent={"active": mon("ブルンゲルex", ["psychic"], 270, abilities=[umino])}))
    assert result["allowed"] is False


def test_protection_from_attack_effects_does_not_lift_a_lock_on_the_player():
    guard = {"name": "てんねん", "declared": False, "effect": {"kind": "prevent_effects"}}
    you = {"active": mon("ラウドボーン", ["fire"], 180, abilities=[guard]),
           "effects": [{"kind": "cant_play", "card_kind": "item"}]}
    result = ruling(board(SWITCH, you=you))
    assert result["allowed"] is False and "guide-ja:II-C-19/faq-1" in result["citations"]


@pytest.mark.parametrize("play, you, opponent, allowed", [
    (SWITCH, {"bench": []}, {}, False),
    ({"card": "むしよけスプレー"}, {}, {"bench": []}, False),
    ({"card": "きずぐすり"}, {}, {}, False),
    ({"card": "きずぐすり"}, {"bench": [mon("ガーディ", ["fire"], 70, damage=20)]}, {}, True),
    ({"card": "ネストボール", "kind": "item", "does": ["bench_from_deck"]},
     {"bench": [mon(f"b{i}", ["fire"], 70) for i in range(5)]}, {}, False),
    ({"card": "リーリエの決心"}, {"deck": 0}, {}, False),
    ({"card": "ロケット団のサカキ"}, {"bench": []}, {}, False),      # the first part cannot be done (Ⅱ-E-20)
    ({"card": "プライムキャッチャー"}, {"bench": []}, {}, True),     # the first part can
])
def test_nothing_would_happen(play, you, opponent, allowed):
    result = ruling(board(play, you=you, opponent=opponent))
    assert result["allowed"] is allowed, result["reasons"]
    # Ⅱ-E-20 ("●●する。その後、▲▲する") decides only for a card whose text has a "then" part.
    then = play["card"] in ("リーリエの決心", "ロケット団のサカキ", "プライムキャッチャー")
    assert ("guide-ja:II-E-20" in result["citations"]) is then, result["citations"]


def test_pay_counts_the_hand_without_the_card_played():
    play = {"card": "トラッシュドロー", "kind": "item", "does": ["draw"], "pay": [{"discard_hand": 1}]}
    assert ruling(board(play, you={"hand": ["トラッシュドロー"]}))["allowed"] is False
    assert ruling(board(play, you={"hand": ["トラッシュドロー", "なにか"]}))["allowed"] is True


def test_the_only_card_in_hand_may_be_played():
    assert ruling(board(SUPPORTER, you={"hand": ["リーリエの決心"]}))["allowed"] is True


def test_a_card_not_in_the_given_hand_is_an_error():
    with pytest.raises(ScenarioError, match="ポケモンいれかえ is not in you.hand"):
        ruling(board(SWITCH, you={"hand": ["きずぐすり"]}))


def test_an_alias_in_hand_is_the_same_card():
    assert ruling(board({"card": "宝可梦交替"}, you={"hand": ["ポケモンいれかえ"]}))["allowed"] is True


@pytest.mark.parametrize("play, turn, you, allowed", [
    ({"card": "なぞのグッズ", "kind": "item"}, None, {"bench": [], "deck": 0}, True),
    ({"card": "なぞのグッズ", "kind": "item"}, None, {"effects": [{"kind": "cant_play", "card_kind": "item"}]}, False),
    ({"card": "なぞのサポート", "kind": "supporter"}, {"supporter_played": True}, None, False),
])
def test_without_does_only_the_play_rules_are_asked(play, turn, you, allowed):
    result = ruling(board(play, you=you, turn=turn))
    assert result["allowed"] is allowed
    assert "not part of the question" in steps(result, "nothing_happens")[0]["text"]


@pytest.mark.parametrize("play, words", [
    ({"card": "ポケモンいれかえ", "kind": "supporter"}, "ポケモンいれかえ is a card of category Item"),
    ({"card": "とりひき", "kind": "item"}, "とりひき is a card of category ability"),
])
def test_a_kind_that_contradicts_the_catalog_is_an_error(play, words):
    with pytest.raises(ScenarioError, match=words):
        ruling(board(play))
