"""The six steps of ダメージ計算の手順 (guide-ja Ⅰ-A-01), one behaviour per case."""

from __future__ import annotations

import pytest

from tests.engine.helpers import attacker, board, mon, ruling, steps

DEF = "opponent.active"


def dealt(amount, **fields):
    return {"kind": "damage_dealt", "amount": amount, **fields}


def taken(amount, **fields):
    return {"kind": "damage_taken", "amount": amount, **fields}


# (id, attacker fields, defender fields, attack fields, expected damage, steps that must appear, must not)
CASES = [
    ("base only", {}, {}, {}, 60, ["base", "final"], ["weakness", "resistance"]),
    ("step 1 zero ends", {}, {}, {"damage": 0}, 0, ["base"], ["final"]),
    ("step 2 sums", {"effects": [dealt(30), dealt(-10)]}, {}, {}, 80, ["attacker_effects"], []),
    ("step 2 to zero ends", {"effects": [dealt(-60)]}, {"weakness": {"type": "fire"}}, {}, 0,
     ["attacker_effects"], ["weakness", "final"]),
    ("weakness x2 after step 2", {"effects": [dealt(30)]}, {"weakness": {"type": "fire"}}, {}, 180,
     ["weakness"], []),
    ("weakness +N", {}, {"weakness": {"type": "fire", "value": "+20"}}, {}, 80, ["weakness"], []),
    ("weakness other type", {}, {"weakness": {"type": "water"}}, {}, 60, [], ["weakness"]),
    ("resistance", {}, {"resistance": {"type": "fire"}}, {}, 30, ["resistance"], []),
    ("resistance to zero ends", {}, {"resistance": {"type": "fire", "value": -60},
                                     "effects": [taken(50)]}, {}, 0, ["resistance"], ["defender_effects", "final"]),
    ("step 5 sums after weakness", {}, {"weakness": {"type": "fire"}, "effects": [taken(-30), taken(-10)]}, {},
     80, ["weakness", "defender_effects"], []),
    ("step 5 plus", {}, {"effects": [taken(50)]}, {}, 110, ["defender_effects"], []),
    ("step 5 to zero ends", {}, {"effects": [taken(-60)]}, {}, 0, ["defender_effects"], ["final"]),
    ("takes no damage", {}, {"effects": [{"kind": "prevent_damage"}]}, {}, 0, ["final"], []),
    ("takes no damage only from basic: attacker is stage1", {"stage": "stage1", "evolves_from": "x"},
     {"effects": [{"kind": "prevent_damage", "from": {"stage": "basic"}}]}, {}, 60, ["final"], []),
    ("ignore W/R", {}, {"weakness": {"type": "fire"}}, {"ignore_weakness_resistance": True}, 60, ["weakness"],
     []),
    ("ignore defender effects keeps weakness", {}, {"weakness": {"type": "fire"}, "effects": [taken(-30)]},
     {"ignore_defender_effects": True}, 120, ["weakness", "defender_effects"], []),
    ("ignore defender effects beats takes-no-damage", {},
     {"effects": [{"kind": "prevent_damage"}]}, {"ignore_defender_effects": True}, 60, ["final"], []),
    ("ignore defender effects keeps no_weakness", {},
     {"weakness": {"type": "fire"}, "effects": [{"kind": "no_weakness"}]}, {"ignore_defender_effects": True}, 60,
     ["weakness"], []),
    ("weakness changed by effect", {}, {"weakness": {"type": "water"},
                                        "effects": [{"kind": "weakness", "type": "fire"}]}, {}, 120, ["weakness"], []),
    ("no_resistance", {}, {"resistance": {"type": "fire"}, "effects": [{"kind": "no_resistance"}]}, {}, 60,
     ["resistance"], []),
    ("from opponent filter applies to attacks from the opponent", {},
     {"effects": [taken(-20, **{"from": {"side": "opponent"}})]}, {}, 40, ["defender_effects"], []),
    ("damage_dealt against ex only", {"effects": [dealt(30, against={"side": "opponent", "rule": "ex"})]},
     {}, {}, 60, [], ["attacker_effects"]),
    ("damage_dealt against ex: target is ex", {"effects": [dealt(30, against={"side": "opponent", "rule": "ex"})]},
     {"rule": "ex"}, {}, 90, ["attacker_effects"], []),
    ("damage_dealt for another attack", {"effects": [dealt(80, attack="エコーボイス")]}, {}, {}, 60, [],
     ["attacker_effects"]),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_damage_step(case):
    _, atk_fields, def_fields, attack_fields, expected, present, absent = case
    you = attacker(damage=attack_fields.pop("damage", 60), attack_fields=attack_fields, **atk_fields)
    opp = mon("ディフェンダー", ("metal",), 300, **def_fields)
    result = ruling(board(you, opp))
    assert result["damage"][DEF] == expected
    trail = steps(result, target=DEF)
    applied = {s["step"] for s in trail if "does not apply" not in s["text"]}
    for key in present:
        assert key in applied, (key, result["steps"])
    for key in absent:  # not applied (an entry saying why an effect does not apply is fine)
        assert key not in applied, (key, result["steps"])
    for step in result["steps"]:
        assert step["cite"] and set(step["cite"]) <= set(result["citations"])


def test_zero_stop_text_names_the_step():
    result = ruling(board(attacker(effects=[dealt(-60)]), mon("D", hp=300)))
    (entry,) = steps(result, "attacker_effects")
    assert entry["text"].endswith("0 or less: the calculation ends here (step 2)")
    assert entry["value"] == 0


def test_bench_takes_no_weakness_or_resistance_unless_stated():
    bench = mon("ベンチ相手", ("metal",), 100, weakness={"type": "fire"}, resistance={"type": "fire"})
    opp = mon("ディフェンダー", ("metal",), 300, weakness={"type": "fire"})
    data = board(attacker(damage=60, attack_fields={"bench_damage": [{"target": "opponent.bench[0]", "amount": 20}]}),
                 opp)
    data["opponent"]["bench"] = [bench]
    result = ruling(data)
    assert result["damage"] == {"opponent.active": 120, "opponent.bench[0]": 20}
    assert "guide-ja:II-B-08" in result["citations"]
    stated = board(attacker(damage=60, attack_fields={"bench_damage": [
        {"target": "opponent.bench[0]", "amount": 20, "weakness_resistance": True}]}), opp)
    stated["opponent"]["bench"] = [bench]
    assert ruling(stated)["damage"]["opponent.bench[0]"] == 10  # ×2 then -30


def test_bench_target_gets_no_active_only_bonus():
    data = board(attacker(damage=40, effects=[dealt(30)]), mon("D", hp=300))
    data["ask"]["attack"]["targets"] = ["opponent.bench[0]"]
    assert ruling(data)["damage"] == {"opponent.bench[0]": 40}


def test_self_damage_from_own_pokemon_ignores_from_opponent_reductions():
    # Ⅱ-B-09 FAQ 2: ギアコーティング-like "from the opponent's Pokémon" -20 does not apply to self damage.
    you = attacker(damage=60, attack_fields={"self_damage": 30},
                   effects=[taken(-20, **{"from": {"side": "opponent"}})])
    result = ruling(board(you, mon("D", hp=300)))
    assert result["damage"]["you.active"] == 30
    assert "guide-ja:II-B-09/faq-2" in result["citations"]


def test_self_damage_takes_other_reductions():
    # Ⅱ-B-09 FAQ 1: しんかのきせき (-20 on the Basic holder) applies to self damage.
    you = attacker(damage=60, attack_fields={"self_damage": 10}, tool={"name": "しんかのきせき",
                                                                      "effect": taken(-20, when={"stage": "basic"})})
    result = ruling(board(you, mon("D", hp=300)))
    assert result["damage"]["you.active"] == 0
    assert "guide-ja:II-B-09/faq-1" in result["citations"]


def test_self_damage_applies_weakness_on_the_active_attacker():
    you = attacker(damage=60, attack_fields={"self_damage": 20}, weakness={"type": "fire"})
    assert ruling(board(you, mon("D", hp=300)))["damage"]["you.active"] == 40


def test_prevent_effects_does_not_stop_damage():
    result = ruling(board(attacker(), mon("D", hp=300, effects=[{"kind": "prevent_effects"}])))
    assert result["damage"][DEF] == 60


def test_max_hp_increase_survives():
    opp = mon("D", hp=100, damage=0, effects=[{"kind": "max_hp", "amount": 70}])
    result = ruling(board(attacker(damage=50), opp))
    assert result["knocked_out"] == []
    assert "guide-ja:II-D-15" not in result["citations"]  # the printed HP alone leaves HP: nothing rests on it
    result = ruling(board(attacker(damage=150), opp))
    assert result["knocked_out"] == []
    assert "guide-ja:II-D-15" in result["citations"]  # survives only by the raised maximum HP
    result = ruling(board(attacker(damage=170), opp))
    assert result["knocked_out"] == [DEF]
    assert "guide-ja:II-D-15" in result["citations"]


# Steps 3 and 4 share one "is it applied at all?" check (damage._applies).
@pytest.mark.parametrize("step, field, gone, faq", [
    ("weakness", {"weakness": {"type": "fire"}}, "no_weakness", "guide-ja:II-B-07/faq-1"),
    ("resistance", {"resistance": {"type": "fire"}}, "no_resistance", "guide-ja:II-B-07/faq-2"),
])
def test_weakness_and_resistance_removed_by_an_effect_stay_removed_under_ignore_effects(step, field, gone, faq):
    data = board(attacker(damage=60, attack_fields={"ignore_defender_effects": True}),
                 mon("D", hp=300, effects=[{"kind": gone}], **field))
    result = ruling(data)
    assert result["damage"][DEF] == 60
    [entry] = steps(result, step)
    assert entry["text"] == (f"D has no {step.capitalize()} now (an effect on the opponent's Active Pokémon) — not an "
                             "effect the attack's 'ignore effects' text removes")
    assert faq in entry["cite"] and "guide-ja:II-D-13" in entry["cite"]


@pytest.mark.parametrize("step, field", [("weakness", {"weakness": {"type": "fire"}}),
                                         ("resistance", {"resistance": {"type": "fire"}})])
def test_weakness_and_resistance_are_not_applied_on_the_bench(step, field):
    data = board(attacker(damage=40), mon("D", hp=300))
    data["opponent"]["bench"] = [mon("ベンチ相手", **field)]
    data["ask"]["attack"]["targets"] = ["opponent.bench[0]"]
    result = ruling(data)
    assert result["damage"] == {"opponent.bench[0]": 40}
    [entry] = steps(result, step, "opponent.bench[0]")
    assert entry["text"].startswith(f"ベンチ相手: {step.capitalize()} not applied — ")


def test_survive_with_full_hp_cites_full_hp_and_needs_it():
    """"If this Pokémon has full HP and would be Knocked Out …" (Resolute Heart, Survival
    Brace): full HP is decided by Ⅱ-D-14, cited both when it keeps the Pokémon in play and
    when a damage counter already on it stops the effect."""
    survive = {"kind": "survive", "hp": 10, "full_hp": True}
    result = ruling(board(attacker(damage=150), mon("D", hp=100, effects=[survive])))
    assert result["knocked_out"] == [] and result["damage"][DEF] == 90
    assert "guide-ja:II-D-14" in result["citations"]
    result = ruling(board(attacker(damage=150), mon("D", hp=100, damage=10, effects=[survive])))
    assert result["knocked_out"] == [DEF]
    [entry] = [s for s in steps(result, "final") if "not full" in s["text"]]
    assert entry["text"].startswith("D has 1 damage counter(s) on it: its HP is not full")
    assert "guide-ja:II-D-14" in entry["cite"]
    result = ruling(board(attacker(damage=150), mon("D", hp=100, effects=[{"kind": "survive", "hp": 10}])))
    assert result["knocked_out"] == [] and "guide-ja:II-D-14" not in result["citations"]
