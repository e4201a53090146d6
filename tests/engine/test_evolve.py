"""進化 (guide-ja Ⅰ-A-05, Ⅱ-C-12): from the hand, by an effect, with ふしぎなアメ."""

from __future__ import annotations

import pytest

from judgebot.errors import NotModelledError, ScenarioError
from judgebot.i18n import localized_card_name
from tests.engine.helpers import mon, ruling, steps

LUCARIO = {"name": "ルカリオ", "stage": "stage1", "evolves_from": "リオル"}
CHARIZARD = {"name": "リザードン", "stage": "stage2", "evolves_from": "リザード"}
CHARIZARD_LINE = {**CHARIZARD, "line": ["ヒトカゲ", "リザード"]}


def board(target=None, card=LUCARIO, via="hand", turn=None, you=None):
    data = {
        "you": {"active": target or mon("リオル", ["fighting"], 70), "bench": [mon("ヒトカゲ", ["fire"], 70)],
                **(you or {})},
        "opponent": {"active": mon("ゼニガメ", ["water"], 70)},
        "ask": {"evolve": {"target": "you.active", "card": card, "via": via}},
    }
    if turn:
        data["turn"] = turn
    return data


@pytest.mark.parametrize("via, turn, fields, allowed", [
    ("hand", None, {}, True),
    ("hand", {"number": 1, "first": "you"}, {}, False),
    ("hand", {"number": 2, "first": "opponent"}, {}, False),
    ("hand", {"number": 3, "first": "you"}, {}, True),
    ("hand", None, {"came_into_play_this_turn": True}, False),
    ("effect", {"number": 1, "first": "you"}, {"came_into_play_this_turn": True}, True),
])
def test_timing(via, turn, fields, allowed):
    result = ruling(board(mon("リオル", ["fighting"], 70, **fields), via=via, turn=turn))
    assert result["allowed"] is allowed, result["reasons"]
    assert ("guide-ja:II-C-12" if via == "effect" else "guide-ja:I-A-05") in result["citations"]


def test_a_pokemon_that_evolved_this_turn_does_not_evolve_again():
    target = mon("リザード", ["fire"], 100, stage="stage1", evolves_from="ヒトカゲ", evolved_this_turn=True)
    result = ruling(board(target, CHARIZARD))
    assert result["allowed"] is False and "evolved this turn" in result["reasons"][0]["text"]


def test_an_effect_on_a_pokemon_that_evolved_this_turn_is_not_modelled():
    target = mon("リザード", ["fire"], 100, stage="stage1", evolves_from="ヒトカゲ", evolved_this_turn=True)
    with pytest.raises(NotModelledError, match="guide-ja:II-C-12"):
        ruling(board(target, CHARIZARD, via="effect"))


@pytest.mark.parametrize("target, card, words", [
    (mon("ヒトカゲ", ["fire"], 70), LUCARIO, "evolves from Riolu, not Charmander"),  # the names in English
    (mon("リオル", ["fighting"], 70), {"name": "リオル2", "stage": "basic"}, "Basic Pokémon"),
    (mon("リオル", ["fighting"], 70), {"name": "メガ", "stage": "stage2", "evolves_from": "リオル"}, "one stage"),
    (mon("リオル", ["fighting"], 70), {"name": "ナゾ", "stage": "stage1"}, "names no Pokémon"),
])
def test_the_evolution_line(target, card, words):
    result = ruling(board(target, card))
    assert result["allowed"] is False and words in result["reasons"][0]["text"]


@pytest.mark.parametrize("target, card, turn, you, allowed", [
    (mon("ヒトカゲ", ["fire"], 70), CHARIZARD_LINE, None, None, True),
    (mon("ヒトカゲ", ["fire"], 70), CHARIZARD_LINE, {"number": 2, "first": "opponent"}, None, False),
    (mon("ヒトカゲ", ["fire"], 70, came_into_play_this_turn=True), CHARIZARD_LINE, None, None, False),
    (mon("リザード", ["fire"], 100, stage="stage1"), CHARIZARD_LINE, None, None, False),
    (mon("ヒトカゲ", ["fire"], 70), {"name": "リザード", "stage": "stage1", "evolves_from": "ヒトカゲ"}, None, None,
     False),
    (mon("ヒトカゲ", ["fire"], 70), CHARIZARD_LINE, None, {"effects": [{"kind": "cant_play", "card_kind": "item"}]},
     False),
])
def test_rare_candy(target, card, turn, you, allowed):
    result = ruling(board(target, card, "rare_candy", turn, you))
    assert result["allowed"] is allowed, result["reasons"]
    assert "guide-ja:II-C-12" in result["citations"]


def test_what_evolving_keeps_and_clears():
    target = mon("リオル", ["fighting"], 70, damage=30, energy=["fighting"], tool="ふうせん",
                 conditions=["poisoned", "confused"], effects=[{"kind": "cant_retreat"}])
    result = ruling(board(target))
    kept, cleared = steps(result, "carry_over")
    assert "3 damage counters" in kept["text"] and "Air Balloon" in kept["text"] and "Fighting" in kept["text"]
    assert "Confused, Poisoned" in cleared["text"] and "cannot retreat" in cleared["text"]
    assert result["conditions"] == {"you.active": []}


def test_the_evolution_card_must_be_in_a_given_hand():
    with pytest.raises(ScenarioError, match="ルカリオ is not in you.hand"):
        ruling(board(you={"hand": ["リザードン"]}))
    with pytest.raises(ScenarioError, match="ふしぎなアメ is not in you.hand"):
        ruling(board(mon("ヒトカゲ", ["fire"], 70), CHARIZARD, "rare_candy", you={"hand": ["リザードン"]}))
    assert ruling(board(you={"hand": ["ルカリオ"]}))["allowed"] is True


@pytest.mark.parametrize("turn", [{"number": 2, "first": "you"}, {"number": 3, "first": "opponent"}])
def test_a_turn_number_that_is_not_yours_is_an_error(turn):
    with pytest.raises(ScenarioError, match="turn.first: turn"):
        ruling(board(turn=turn))


def test_rare_candy_is_in_the_catalog_with_its_sections():
    from judgebot.engine.format.catalog import load_catalog
    from judgebot.engine.procedures.evolve import rare_candy_cites

    entry = load_catalog().lookup("Rare Candy")
    assert entry is load_catalog().lookup("ふしぎなアメ") is load_catalog().lookup("神奇糖果")
    assert entry.category == "item" and not entry.modelled
    assert entry.text.endswith("（最初の自分の番や、出したばかりのポケモンには使えない。）")
    assert rare_candy_cites()[:2] == ["guide-ja:II-C-12/ex-1", "guide-ja:II-C-12"]
    assert "guide-ja:II-E-05/faq-1" in rare_candy_cites()


@pytest.mark.parametrize("hand", [["リザードン", "Rare Candy"], ["リザードン", "神奇糖果"]])
def test_rare_candy_in_the_hand_by_any_of_its_names(hand):
    result = ruling(board(mon("ヒトカゲ", ["fire"], 70), CHARIZARD_LINE, "rare_candy", you={"hand": hand}))
    assert result["allowed"] is True
    assert "guide-ja:II-C-12/ex-1" in result["citations"]


def test_rare_candy_onto_a_basic_of_another_line_is_not_allowed():
    result = ruling(board(mon("ゼニガメ", ["water"], 60), CHARIZARD_LINE, "rare_candy"))
    assert result["allowed"] is False
    line = " → ".join(localized_card_name(n, "en") for n in ("ヒトカゲ", "リザード", "リザードン"))
    assert line in result["reasons"][0]["text"]  # Charmander → Charmeleon → Charizard
    assert "guide-ja:II-C-12" in result["citations"]


def test_rare_candy_without_the_line_is_an_error_naming_line():
    with pytest.raises(ScenarioError, match=r"ask\.evolve\.card\.line: .*line: \[<Basic>, リザード\]"):
        ruling(board(mon("ヒトカゲ", ["fire"], 70), CHARIZARD, "rare_candy"))


@pytest.mark.parametrize("card, words", [
    ({**CHARIZARD, "line": ["ヒトカゲ"]}, "2 names"),
    ({**CHARIZARD, "line": ["ヒトカゲ", "リザードX"]}, "is not the card's evolves_from"),
    ({**LUCARIO, "line": ["リオル", "ルカリオ"]}, "only a Stage 2"),
    ({**CHARIZARD, "line": "ヒトカゲ"}, "expected a list"),
])
def test_a_bad_line_is_an_error(card, words):
    with pytest.raises(ScenarioError, match=words):
        ruling(board(mon("ヒトカゲ", ["fire"], 70), card, "rare_candy"))
