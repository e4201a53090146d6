"""An unread Ability in force that speaks only of some events (cardtext.ability_events) is met
when the ruling reaches one — the ruling is then refused, quoting the text — and is
otherwise listed in `cards` as not applied, naming what it waits for
(procedures.unread_text)."""

from __future__ import annotations

import pytest

from judgebot.engine import rule
from judgebot.cardtext.ability_events import events
from judgebot.engine.format.scenario import parse_scenario
from judgebot.errors import NotModelledError


def ruling(text: str) -> dict:
    return rule(parse_scenario(text, "x.yaml")).to_dict()


def refused(text: str, quoted: str) -> str:
    with pytest.raises(NotModelledError) as info:
        ruling(text)
    assert quoted in str(info.value)
    return str(info.value)


def ability_entry(result: dict, name: str) -> dict:
    return next(t for use in result["cards"] for t in use["text"] if t["part"] == "ability" and t["name"] == name)


# -- which events a text speaks of -------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ({"en": "If this Pokémon would be Knocked Out by damage from an attack, flip a coin. If heads, this Pokémon is "
            "not Knocked Out, and its remaining HP becomes 10."}, ("attacked",)),
    ({"ja": "このポケモンが、相手の「ポケモンex」からワザのダメージを受けてきぜつしても、相手はサイドをとれない。"}, ("attacked",)),
    ({"en": "During Pokémon Checkup, put 1 damage counter on each Pokémon that has an Ability (both yours and your "
            "opponent's), except any Froslass."}, ("checkup",)),
    ({"ja": "このポケモンがいるかぎり、相手の番に、相手のバトルポケモンがベンチにもどるたび、そのポケモンにダメカンを2個のせる。"},
     ("opponent_moved",)),
    ({"en": "If this Pokémon is in your hand when you are setting up to play, you may put it face down in the Active "
            "Spot."}, ("setup",)),
    ({"en": "Whenever your opponent plays an Item or Supporter card from their hand, prevent all effects of that card "
            "done to this Pokémon."}, ("cards_played",)),
    ({"en": "Prevent all effects of your opponent's Pokémon's attacks and Abilities done to this Pokémon. (Damage is "
            "not an effect.)"}, ("attacked", "abilities")),
    ({"en": "This Pokémon can't be Confused."}, ("conditions",)),
    ({"ja": "このポケモンはねむりにならない。"}, ("conditions",)),
    ({"en": "Each of your evolved Pokémon can use any attack from its previous Evolutions."}, ("other_attacks",)),
])
def test_the_events_a_text_speaks_of(text, expected):
    assert events(text) == expected


@pytest.mark.parametrize("text", [
    # about this Pokémon's own attacks: in force whenever it attacks
    {"en": "Damage from attacks used by this Pokémon isn't affected by any effects on your opponent's Active Pokémon."},
    {"ja": "このポケモンが使うワザのダメージは、相手のバトルポケモンにかかっている効果を計算しない。"},
    {"en": "Attacks used by this Pokémon cost {C} less for each of your opponent's Benched Pokémon."},
    {"en": "This Pokémon gets +50 HP for each Prize card your opponent has taken."},
    {"en": "As long as this Pokémon is in play, it is {F} and {P} type."},
    # the event is only in a later sentence: the first one is in force
    {"en": "This Pokémon gets +30 HP. During Pokémon Checkup, put 1 damage counter on it."},
])
def test_a_text_in_force_in_every_ruling_has_no_event(text):
    assert events(text) == ()


# -- met, or listed as not reached -------------------------------------------------------------

TENACIOUS = """format: 2
you:
  active: {card: me02.5-116, energy: [fighting, fighting, fighting]}
opponent:
  active: %s
ask:
  attack: Somersault Dive
"""


def test_not_reached_the_ruling_is_given_and_says_what_the_text_waits_for():
    result = ruling(TENACIOUS % "{name: Opp, types: [colorless], hp: 300}")
    assert result["damage"] == {"opponent.active": 120}
    entry = ability_entry(result, "Tenacious Body")
    assert entry["applied"] is False
    assert "not read" in entry["why"] and "attacks on a Pokémon" in entry["why"]
    assert entry["quote"].startswith("If this Pokémon would be Knocked Out")


def test_the_reason_is_given_in_every_language():
    scenario = parse_scenario(TENACIOUS % "{name: Opp, types: [colorless], hp: 300}", "x.yaml")
    made = rule(scenario)
    whys = {lang: ability_entry(made.to_dict(lang=lang), "Tenacious Body")["why"] for lang in ("ja", "zh", "ko")}
    assert "ワザのダメージや効果" in whys["ja"]
    assert "招式的伤害或效果" in whys["zh"]
    assert "기술의 데미지나 효과" in whys["ko"]


def test_attacked_by_the_other_side_is_refused():
    text = """format: 2
you:
  active: {name: Hitter, types: [colorless], hp: 100, attacks: [{name: Hit, cost: [], damage: 30}]}
opponent:
  active: {card: me02.5-116}
ask:
  attack: Hit
"""
    refused(text, "Tenacious Body")


def test_its_own_attack_damaging_it_is_refused():
    text = """format: 2
you:
  active: {card: me05-028, energy: [lightning, lightning]}
opponent:
  active: {name: Opp, types: [colorless], hp: 300}
ask:
  attack: Thunder
"""
    refused(text, "Photon Cord")  # Thunder does 30 damage to itself: "damaged by an attack" is reached


def test_a_knock_out_meets_a_text_about_knock_outs():
    text = """format: 2
you:
  active: {card: sv08-072, energy: [colorless, colorless, colorless]}
opponent:
  active: {name: Opp, types: [colorless], hp: %d}
ask:
  attack: Speed Wing
"""
    assert ruling(text % 300)["damage"] == {"opponent.active": 140}
    refused(text % 100, "Wonder Kiss")


def test_the_checkup_meets_a_checkup_text():
    board = """format: 2
you:
  active: {card: sv06-053, energy: [water, colorless]}
opponent:
  active: {name: Opp, types: [colorless], hp: 300}
ask:
  %s
"""
    assert ruling(board % "attack: Frost Smash")["damage"] == {"opponent.active": 60}
    refused(board % "checkup: {}", "Freezing Shroud")


def test_a_retreat_meets_a_text_about_moving_to_the_bench():
    text = """format: 2
you:
  active: {name: Mover, types: [colorless], hp: 100, retreat: 0}
  bench: [{name: Other, types: [colorless], hp: 100}]
opponent:
  active: {card: me04-068}
ask:
  retreat: {to: you.bench[0]}
"""
    refused(text, "Slimy Sliding")


def test_a_card_played_meets_a_text_about_cards_played():
    text = """format: 2
you:
  active: {name: Mover, types: [colorless], hp: 100, damage: 30}
opponent:
  active: {card: sv06.5-045}
ask:
  play: {card: きずぐすり, kind: item}
"""
    refused(text, "Unnerve")


def test_a_special_condition_on_the_board_or_given_meets_a_text_about_it():
    # Today's texts of this kind ("This Pokémon can't be Confused") are read; the class stays
    # for one that is not: an unread text waiting for `conditions`, put on a made-up Pokémon.
    from dataclasses import replace

    from judgebot.engine.board.model import Ability
    from judgebot.engine.procedures import unread_text
    from judgebot.errors import NotModelledError as Refused

    class Unread:
        def error(self):
            return Refused("Calm Mind is not modelled", "x.yaml", 1, "you.active")

    board = """format: 2
you:
  active: {name: Calm, types: [colorless], hp: 100%s, attacks: [{name: Hit, cost: [], damage: 10}]}
opponent:
  active: {name: Opp, types: [colorless], hp: 300}
ask:
  attack: Hit
"""
    waiting = Ability(name="Calm Mind", unapplied=Unread(), met_on=("conditions",))
    for conditions, met in (("", False), (", conditions: [confused]", True)):
        scenario = parse_scenario(board % conditions, "x.yaml")
        mon = scenario.at("you.active")
        scenario.players["you"].active = replace(mon, abilities=(waiting,))
        if met:
            with pytest.raises(Refused):
                unread_text.before(scenario)
        else:
            unread_text.before(scenario)


def test_an_attack_it_does_not_print_meets_a_text_that_lends_attacks():
    text = """format: 2
you:
  active: {card: sv05-084, energy: [fighting, colorless]}
opponent:
  active: {name: Opp, types: [colorless], hp: 300}
ask:
  attack: Not Its Attack
"""
    refused(text, "Memory Dive")


def test_a_sequence_checks_what_each_ask_did():
    text = """format: 2
you:
  active: {card: sv08-072, energy: [colorless, colorless, colorless]}
  hand: [きずぐすり]
opponent:
  active: {name: Opp, types: [colorless], hp: 100}
  prizes: 3
ask:
  sequence:
    - attack: Speed Wing
"""
    refused(text, "Wonder Kiss")


def test_judgebot_card_says_what_an_unread_ability_waits_for():
    from judgebot.card_answer import card_document, verdict_key, waits_for

    doc = card_document("me02.5-116")
    ability = doc["abilities"][0]
    assert ability["reading"] == "not_modelled" and ability["waits_for"] == ["attacked"]
    assert verdict_key(ability) == "card.show.waits_for"
    # an unread text in force in every ruling waits for nothing: refused at once, as before
    in_force = {"en": "Attacks used by this Pokémon cost {C} less for each of your opponent's Benched Pokémon."}
    assert waits_for(in_force, "not_modelled") == []
    assert verdict_key({"reading": "not_modelled", "waits_for": []}) == "card.show.not_modelled"
    assert waits_for({"en": "This Pokémon can't be Confused."}, "applied") == []  # read: nothing to wait for
