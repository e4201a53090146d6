"""An effect's `if` (a test on the board) and `per` (a count), and the kinds added for Abilities in
force on their own Pokémon (issue 24): each works on the board as it is when it is asked about, and
a fact the board does not give is asked for, never guessed."""

from __future__ import annotations

import pytest

from judgebot.errors import ScenarioError
from tests.engine.helpers import attacker, board, load, mon, ruling


def _ability(*effects):
    return [{"name": "Test Ability", "effect": list(effects)}]


def test_a_bonus_per_prize_card_taken():
    you = attacker(damage=100, abilities=_ability({"kind": "damage_dealt", "amount": 30,
                                                   "per": {"prizes_taken": "opponent"}}))
    data = board(you, mon("D", hp=400))
    data["opponent"]["prizes"] = 2
    assert ruling(data)["damage"] == {"opponent.active": 220}


def test_a_count_of_none_does_not_apply():
    you = attacker(damage=100, abilities=_ability({"kind": "damage_dealt", "amount": 30,
                                                   "per": {"prizes_taken": "opponent"}}))
    result = ruling(board(you))
    assert result["damage"] == {"opponent.active": 100}


def test_a_condition_that_does_not_hold_is_said_and_does_not_apply():
    you = attacker(damage=100, abilities=_ability({"kind": "damage_dealt", "amount": 120,
                                                   "if": {"counters": "self", "at_least": 2}}))
    result = ruling(board(you | {"damage": 10}))
    assert result["damage"] == {"opponent.active": 100}
    result = ruling(board(you | {"damage": 20}))
    assert result["damage"] == {"opponent.active": 220}


def test_a_hand_the_condition_reads_must_be_given():
    you = attacker(damage=100, abilities=_ability({"kind": "damage_dealt", "amount": 80, "if": {"hand_vs": "same"}}))
    with pytest.raises(ScenarioError, match="hand"):
        ruling(board(you))
    data = board(you)
    data["you"]["hand"] = ["a", "b"]
    data["opponent"]["hand"] = ["x", "y"]
    assert ruling(data)["damage"] == {"opponent.active": 180}
    data["opponent"]["hand"] = ["x"]
    assert ruling(data)["damage"] == {"opponent.active": 100}


def test_cost_less_per_benched_pokemon_removes_colorless_only():
    you = attacker(damage=100, cost=("fire", "colorless", "colorless"), energy=["fire"],
                   abilities=_ability({"kind": "attack_cost", "delta": -1, "per": {"bench": "opponent"}}))
    data = board(you)
    data["opponent"]["bench"] = [mon("B1"), mon("B2"), mon("B3")]
    result = ruling(data)
    assert result["allowed"] and result["cost"] == ["fire"]


def test_no_colorless_in_the_costs():
    you = attacker(damage=100, cost=("fire", "colorless", "colorless"), energy=["fire"],
                   abilities=_ability({"kind": "attack_cost", "no_colorless": True}))
    result = ruling(board(you))
    assert result["allowed"] and result["cost"] == ["fire"]


def test_cant_attack_unless_enough_pokemon():
    you = attacker(abilities=_ability({"kind": "cant_attack", "if": {"pokemon": "own", "at_most": 3}}))
    assert not ruling(board(you))["allowed"]  # 2 Pokémon of its own in play
    data = board(you)
    data["you"]["bench"] = [mon("A"), mon("B"), mon("C")]
    assert ruling(data)["allowed"]


def test_max_hp_per_energy_of_a_type():
    defender = mon("D", types=("fighting",), hp=140, energy=["fighting", "fighting", "water"],
                   abilities=_ability({"kind": "max_hp", "amount": 40, "per": {"energy": "self", "type": "fighting"}}))
    result = ruling(board(attacker(damage=210), defender))
    assert result["knocked_out"] == []
    result = ruling(board(attacker(damage=220), defender))
    assert result["knocked_out"] == ["opponent.active"]


def test_types_decide_weakness():
    you = attacker(damage=50, types=("fighting",), abilities=_ability({"kind": "types", "types": ["fighting",
                                                                                                  "psychic"]}))
    defender = mon("D", hp=300, weakness={"type": "psychic"})
    assert ruling(board(you, defender))["damage"] == {"opponent.active": 100}


def test_types_decide_filters():
    # "your {P} Pokémon take 30 less damage" reaches a Pokémon that is Psychic by its Ability.
    defender = mon("D", types=("fighting",), hp=300, abilities=[
        {"name": "Double", "effect": {"kind": "types", "types": ["fighting", "psychic"]}},
        {"name": "Guard", "effect": {"kind": "damage_taken", "amount": -30, "applies_to": {"types": ["psychic"]}}}])
    assert ruling(board(attacker(damage=100), defender))["damage"] == {"opponent.active": 70}


def test_usable_first_turn():
    you = attacker(abilities=_ability({"kind": "usable_first_turn"}))
    assert ruling(board(you, turn={"number": 1, "first": "you"}))["allowed"]
    assert not ruling(board(attacker(), turn={"number": 1, "first": "you"}))["allowed"]


def test_ignore_defender_effects_from_an_ability():
    you = attacker(damage=100, abilities=_ability({"kind": "ignore_defender_effects"}))
    defender = mon("D", hp=300, effects=[{"kind": "damage_taken", "amount": -30}])
    assert ruling(board(you, defender))["damage"] == {"opponent.active": 100}
    assert ruling(board(attacker(damage=100), defender))["damage"] == {"opponent.active": 70}


def test_cannot_be_confused_only():
    you = attacker(damage=10, attack_fields={"do": [{"condition": {"target": "defending",
                                                                    "add": ["confused", "poisoned"]}}]})
    defender = mon("D", hp=300, abilities=_ability({"kind": "no_conditions", "conditions": ["confused"]}))
    result = ruling(board(you, defender) | {"format": 2})
    assert result["board"]["opponent.active"]["conditions"] == ["poisoned"]
    with pytest.raises(ScenarioError, match="cannot be affected"):
        ruling(board(attacker(), defender | {"conditions": ["confused"]}))
    assert ruling(board(attacker(), defender | {"conditions": ["asleep"]}))["allowed"]


@pytest.mark.parametrize("effect,error", [
    ({"kind": "damage_dealt", "amount": 30, "per": {"heads": 2}}, "per"),
    ({"kind": "cant_attack", "per": {"bench": "own"}}, "per"),
    ({"kind": "damage_dealt", "amount": 30, "if": {"you_may": True}}, "if"),
    ({"kind": "damage_dealt", "amount": 30, "if": {"counters": "opponent.active", "at_least": 1}}, "self"),
    ({"kind": "types", "types": ["fire"], "if": {"stadium": True}}, "if"),
    ({"kind": "attack_cost", "delta": -1, "no_colorless": True}, "exactly one"),
])
def test_what_an_effect_cannot_say_is_an_error(effect, error):
    with pytest.raises(ScenarioError, match=error):
        load(board(attacker(abilities=_ability(effect))))
