"""`found: [card names]` on an attack ask (SCENARIOS.md "Real cards", Text): the cards an
attack's text finds in the deck, counted by kind from their names and discarded where the
text says so; without it such an attack is refused asking for it; where no deck is read it
is an error."""

from __future__ import annotations

import pytest

from judgebot.cardtext import APPLIED, read
from judgebot.engine import rule
from judgebot.engine.format.scenario import load_scenario_text
from judgebot.errors import ScenarioError

HAMMER_EN = ("Discard the top 6 cards of your deck, and this attack does 100 damage for each Basic {W} Energy card "
             "that you discarded in this way.")
HAMMER_JA = "自分の山札を上から6枚トラッシュし、その中にある「基本水エネルギー」の枚数×100ダメージ。"
HEADBUTT_EN = ("Discard the top 3 cards of your deck, and this attack does 80 damage for each Energy card you "
               "discarded in this way.")
HEADBUTT_JA = "自分の山札を上から3枚トラッシュし、その中にあるエネルギーの枚数×80ダメージ。"


@pytest.mark.parametrize("text,lang", [(HAMMER_EN, "en"), (HAMMER_JA, "ja")])
def test_both_prints_of_hammer_lanche_read_the_same(text, lang):
    got = read(text, lang, "attack", name="Hammer-lanche", damage="100×", cost=("water", "water"))
    assert got.status == APPLIED
    assert got.format2 == {"damage": {"times": 100, "per": {"found": 6, "kind": "basic_energy", "type": "water",
                                                              "discarded": True}}}


@pytest.mark.parametrize("text,lang", [(HEADBUTT_EN, "en"), (HEADBUTT_JA, "ja")])
def test_any_energy_card_counts(text, lang):
    got = read(text, lang, "attack", name="Drenched Headbutt", damage="80×", cost=("water",))
    assert got.format2 == {"damage": {"times": 80, "per": {"found": 3, "kind": "energy", "discarded": True}}}


BOARD = """
format: 2
you:
  active: {{card: me01-036, energy: [water, water]}}
  {deck}
  discard: []
opponent:
  active: {{name: Target, types: [colorless], hp: 340}}
ask:
  attack: {{name: {name}{found}}}
"""


def scenario(found=None, deck="", name="Hammer-lanche"):
    return load_scenario_text(BOARD.format(deck=deck, name=name,
                                           found="" if found is None else f", found: [{', '.join(found)}]"))


def test_hammer_lanche_counts_the_basic_water_energy_found_and_discards_them_all():
    found = ["Water Energy", "Water Energy", "Potion", "Nest Ball", "Lightning Energy", "Arven"]
    ruling = rule(scenario(found))
    assert ruling.damage == {"opponent.active": 200}
    assert sorted(ruling.discarded["you"]) == sorted(found)


def test_in_japanese_and_by_type_word():
    ruling = rule(scenario(["water", "基本水エネルギー", "water", "Switch", "fire", "Potion"], name="アバランチハンマー"))
    assert ruling.damage == {"opponent.active": 300}


def test_without_found_the_file_asks_for_it_or_the_damage_by_hand():
    with pytest.raises(ScenarioError, match=r"found: \[6 card names\].*damage by hand") as err:
        rule(scenario())
    assert err.value.path == "ask.attack"


def test_the_damage_given_by_hand_is_still_accepted():
    text = BOARD.format(deck="", name="Hammer-lanche", found="").replace(
        "energy: [water, water]}", "energy: [water, water], attacks: [{name: Hammer-lanche, damage: 300}]}")
    assert rule(load_scenario_text(text)).damage == {"opponent.active": 300}


def test_found_lists_the_top_n_cards_fewer_only_when_the_deck_had_fewer():
    with pytest.raises(ScenarioError, match="expected 6 card names"):
        rule(scenario(["water"]))
    ruling = rule(scenario(["water", "Potion"], deck="deck: 2"))
    assert ruling.damage == {"opponent.active": 100}
    with pytest.raises(ScenarioError, match="the deck has 2 cards"):
        rule(scenario(["water"], deck="deck: 2"))


def test_a_name_of_no_known_kind_is_asked_for():
    with pytest.raises(ScenarioError, match="names no one card whose kind is known"):
        rule(scenario(["water", "my mystery card", "water", "water", "water", "water"]))


def test_found_where_the_text_reads_no_deck_is_an_error():
    text = """
format: 2
you: {active: {card: Charizard ex OBF 125, energy: [fire, fire]}}
opponent: {active: {name: Target, types: [colorless], hp: 340}}
ask: {attack: {name: Burning Darkness, found: [Potion]}}
"""
    with pytest.raises(ScenarioError, match="`found` has no use here") as err:
        rule(load_scenario_text(text))
    assert err.value.path == "ask.attack.found"
