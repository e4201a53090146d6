"""Declaration, cost, coin checks, Knock Outs, Prizes and game end of `ask: attack`."""

from __future__ import annotations

import pytest

from judgebot.errors import ScenarioError
from tests.engine.helpers import attacker, board, load, mon, ruling


def reasons(result):
    return " | ".join(r["text"] for r in result["reasons"])


# -- declaration ---------------------------------------------------------------------------

@pytest.mark.parametrize("condition", ["asleep", "paralyzed"])
def test_asleep_or_paralyzed_cannot_declare(condition):
    result = ruling(board(attacker(conditions=[condition])))
    assert result["allowed"] is False and result["failed"] is None
    assert condition.capitalize() in reasons(result)
    assert result["damage"] is None and result["knocked_out"] is None


def test_cant_attack_all_or_named():
    assert ruling(board(attacker(effects=[{"kind": "cant_attack"}])))["allowed"] is False
    assert ruling(board(attacker(effects=[{"kind": "cant_attack", "attack": "テストアタック"}])))["allowed"] is False
    assert ruling(board(attacker(effects=[{"kind": "cant_attack", "attack": "ほかのワザ"}])))["allowed"] is True


def test_first_turn_of_player_going_first():
    result = ruling(board(turn={"number": 1, "first": "you"}))
    assert result["allowed"] is False
    assert "guide-zh:I-A-01" in result["reasons"][0]["cite"]
    assert ruling(board(turn={"number": 2, "first": "opponent"}))["allowed"] is True
    usable = board(attacker(attack_fields={"usable_first_turn": True}), turn={"number": 1, "first": "you"})
    assert ruling(usable)["allowed"] is True


def test_cannot_beats_can():
    data = board(attacker(attack_fields={"usable_first_turn": True}, effects=[{"kind": "cant_attack"}]),
                 turn={"number": 1, "first": "you"})
    result = ruling(data)
    assert result["allowed"] is False
    assert "guide-ja:II-A" in result["citations"]


def test_only_the_active_attacks_unless_stated():
    data = board()
    data["you"]["bench"] = [attacker()]
    data["ask"]["attack"]["by"] = "you.bench[0]"
    assert ruling(data)["allowed"] is False
    data["you"]["bench"] = [attacker(attack_fields={"usable_from_bench": True})]
    result = ruling(data)
    assert result["allowed"] is True and result["damage"]["opponent.active"] == 60


def test_all_reasons_are_given():
    result = ruling(board(attacker(conditions=["asleep"], energy=[]), turn={"number": 1, "first": "you"}))
    assert len(result["reasons"]) == 3  # first turn, Asleep, not enough Energy


# -- cost -------------------------------------------------------------------------------------

COST_CASES = [
    # (cost, energy, effects on attacker, alt_cost, allowed, effective cost)
    (["fire", "colorless"], ["fire", "water"], [], None, True, ["fire", "colorless"]),
    (["fire", "fire"], ["fire", "water"], [], None, False, ["fire", "fire"]),
    (["fire", "colorless"], ["fire"], [{"kind": "attack_cost", "delta": -1}], None, True, ["fire"]),
    (["fire"], ["fire"], [{"kind": "attack_cost", "delta": 1}], None, False, ["fire", "colorless"]),
    (["fire"], ["fire"], [{"kind": "attack_cost", "delta": 1}, {"kind": "attack_cost", "delta": -1}], None, True,
     ["fire"]),
    (["fire", "fire"], [], [{"kind": "attack_cost", "none": True}, {"kind": "attack_cost", "delta": 2}], None, True,
     []),
    (["fire", "fire", "colorless"], ["darkness"], [{"kind": "attack_cost", "delta": 1}], ["darkness"], True,
     ["darkness"]),
    (["fire"], [{"name": "ブレンド", "provides": ["fire", "water"]}], [], None, True, ["fire"]),
    (["fire", "fire", "fire"], [{"name": "トリプル炎", "provides": ["fire"], "units": 3}], [], None, True,
     ["fire", "fire", "fire"]),
    (["fire", "water"], [{"name": "すべて", "provides": ["any"]}], [], None, False, ["fire", "water"]),
    (["fire", "water"], [{"name": "すべて", "provides": ["any"]}, "water"], [], None, True, ["fire", "water"]),
    (["colorless", "water"], ["colorless", "fire"], [], None, False, ["colorless", "water"]),
]


@pytest.mark.parametrize("cost,energy,effects,alt,allowed,effective", COST_CASES)
def test_cost(cost, energy, effects, alt, allowed, effective):
    fields = {"alt_cost": alt} if alt else {}
    result = ruling(board(attacker(cost=cost, energy=energy, effects=effects, attack_fields=fields)))
    assert result["allowed"] is allowed, result["steps"]
    assert result["cost"] == effective


def test_cost_modifier_for_another_attack_does_not_apply():
    result = ruling(board(attacker(cost=["fire"], energy=["fire"],
                                   effects=[{"kind": "attack_cost", "delta": 1, "attack": "ほか"}])))
    assert result["cost"] == ["fire"] and result["allowed"] is True


# -- coin checks ----------------------------------------------------------------------------------

def test_confused_tails_puts_three_counters_and_fails():
    result = ruling(board(attacker(conditions=["confused"], damage=60), coins=["tails"]))
    assert result["allowed"] is True and result["failed"] is True
    assert result["damage"] == {"opponent.active": 0}
    assert result["counters"] == {"you.active": 3}


def test_confused_heads_attacks():
    result = ruling(board(attacker(conditions=["confused"]), coins=["heads"]))
    assert result["failed"] is False and result["damage"]["opponent.active"] == 60


def test_coin_check_effect_tails_fails_before_confusion():
    result = ruling(board(attacker(conditions=["confused"], effects=[{"kind": "attack_coin_check"}]),
                          coins=["tails"]))
    assert result["failed"] is True and result["counters"] == {}


def test_fails_on_tails_adds_nothing():
    result = ruling(board(attacker(effects=[{"kind": "damage_dealt", "amount": 30}],
                                   attack_fields={"fails_on_tails": True}), coins=["tails"]))
    assert result["failed"] is True and result["damage"] == {"opponent.active": 0}


def test_missing_coins_name_each_flip():
    data = board(attacker(conditions=["confused"], effects=[{"kind": "attack_coin_check"}],
                          attack_fields={"fails_on_tails": True}), coins=["heads"])
    with pytest.raises(ScenarioError) as info:
        ruling(data)
    message = str(info.value)
    assert message.startswith("test.yaml:")
    assert "coin flip 2 needed: アタッカー is Confused (guide-ja:I-A-01 step 2b)" in message
    assert "coin flip 3 needed: テストアタック: if tails, this attack does nothing (guide-ja:II-D-01)" in message
    assert "coin flip 1" not in message


# -- Knock Outs, Prizes, game end ---------------------------------------------------------------

@pytest.mark.parametrize("rule,prizes", [("none", 1), ("radiant", 1), ("ex", 2), ("v", 2), ("vstar", 2),
                                         ("gx", 2), ("mega_ex", 3), ("vmax", 3), ("tag_team", 3)])
def test_prizes_by_rule_box(rule, prizes):
    result = ruling(board(attacker(damage=100), mon("D", hp=100, rule=rule)))
    assert result["knocked_out"] == ["opponent.active"]
    assert result["prizes_taken"] == {"you": prizes, "opponent": 0}
    assert result["winner"] is None


def test_legacy_energy_reduces_prizes_only_for_attack_damage_from_the_opponent():
    legacy = {"name": "レガシー", "provides": ["any"],
              "effects": [{"kind": "prizes_reduced", "amount": 1, "once_per_game": True}]}
    result = ruling(board(attacker(damage=200), mon("D", hp=200, rule="ex", energy=[legacy])))
    assert result["prizes_taken"]["you"] == 1
    # Confusion counters are not attack damage from the opponent: no reduction for the attacker.
    you = attacker(damage=60, hp=30, conditions=["confused"], energy=[legacy], rule="ex", cost=[])
    result = ruling(board(you, coins=["tails"]))
    assert result["knocked_out"] == ["you.active"] and result["prizes_taken"]["opponent"] == 2


def test_taking_the_last_prizes_wins():
    data = board(attacker(damage=100), mon("D", hp=100, rule="ex"))
    data["you"]["prizes"] = 2
    result = ruling(data)
    assert result["winner"] == "you"
    data["you"]["prizes"] = 1
    result = ruling(data)
    assert result["prizes_taken"]["you"] == 1 and result["winner"] == "you"


def test_no_pokemon_left_to_promote_loses():
    data = board(attacker(damage=100), mon("D", hp=100))
    data["opponent"]["bench"] = []
    assert ruling(data)["winner"] == "you"


def test_both_meet_conditions_equal_is_a_draw():
    # You take your last Prize; the self damage Knocks Out your only Pokémon as well.
    data = board(attacker(damage=100, hp=30, attack_fields={"self_damage": 30}), mon("D", hp=100))
    data["you"]["bench"] = []
    data["you"]["prizes"] = 1
    result = ruling(data)
    assert sorted(result["knocked_out"]) == ["opponent.active", "you.active"]
    # you: took all Prizes (1); opponent: you cannot promote (1), took all? no → 1 : 1
    assert result["winner"] == "draw"
    assert {"guide-ja:I-E", "rules-ko:B-13"} <= set(result["citations"])


def test_both_meet_conditions_more_wins():
    data = board(attacker(damage=100, hp=30, attack_fields={"self_damage": 30}), mon("D", hp=100))
    data["you"]["bench"] = []
    data["you"]["prizes"] = 1
    data["opponent"]["bench"] = []
    result = ruling(data)
    # you: took all Prizes + opponent cannot promote = 2; opponent: you cannot promote = 1.
    assert result["winner"] == "you"


def test_damage_already_on_counts():
    result = ruling(board(attacker(damage=60), mon("D", hp=100, damage=40)))
    assert result["knocked_out"] == ["opponent.active"]
    assert result["counters"] == {"opponent.active": 10}


def test_spec_example_gives_210_ko_one_prize():
    from pathlib import Path

    from judgebot.engine import check_file

    for name in ("spec-example.yaml", "spec-example-catalog.yaml"):  # inline, and {card: アイアンディフェンダー}
        result = check_file(Path(__file__).parent / "scenarios" / name, verify=True)
        assert result["damage"] == {"opponent.active": 210}
        assert result["knocked_out"] == ["opponent.active"]
        assert result["prizes_taken"]["you"] == 1
        assert result["verified"] is True


def test_scenario_model_positions():
    scenario = load(board())
    assert [m.position for m in scenario.all_pokemon()] == ["you.active", "you.bench[0]", "opponent.active",
                                                            "opponent.bench[0]"]
