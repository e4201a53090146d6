"""にげる (guide-ja Ⅰ-A-03): each check of the retreat procedure, the cost with its
modifiers, Energy counted in units, and the property that the cost is never negative."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.helpers import mon, ruling, steps


def board(active=None, bench=1, turn=None, opp_active=None, stadium=None, **ask):
    data = {
        "you": {"active": active or mon("ヒトカゲ", ["fire"], 70, retreat=1, energy=["fire"]),
                "bench": [mon(f"ベンチ{i}", ["fire"], 70) for i in range(bench)]},
        "opponent": {"active": opp_active or mon("ゼニガメ", ["water"], 70)},
        "ask": {"retreat": ask or {}},
    }
    if turn:
        data["turn"] = turn
    if stadium:
        data["stadium"] = stadium
    return data


def reasons(result) -> str:
    return " | ".join(r["text"] for r in result["reasons"])


@pytest.mark.parametrize("fields, turn, bench, allowed, words", [
    ({}, None, 1, True, ""),
    ({}, {"retreated": True}, 1, False, "already retreated"),
    ({"conditions": ["asleep"]}, None, 1, False, "Asleep"),
    ({"conditions": ["paralyzed"]}, None, 1, False, "Paralyzed"),
    ({"conditions": ["confused", "poisoned", "burned"]}, None, 1, True, ""),
    ({"effects": [{"kind": "cant_retreat"}]}, None, 1, False, "cannot retreat"),
    ({}, None, 0, False, "no Benched Pokémon"),
    ({}, None, 5, True, ""),
    ({"retreat": 2}, None, 1, False, "needs 2 Energy"),
])
def test_checks(fields, turn, bench, allowed, words):
    active = mon("ヒトカゲ", ["fire"], 70, **{"retreat": 1, "energy": ["fire"], **fields})
    result = ruling(board(active, bench=bench, turn=turn))
    assert result["allowed"] is allowed, result["reasons"]
    assert words in reasons(result)
    assert "guide-ja:I-A-03" in result["citations"]
    if not allowed:
        assert all(r["cite"] for r in result["reasons"])


@pytest.mark.parametrize("retreat, effects, tool, expected", [
    (2, [], None, 2),
    (0, [], None, 0),
    (1, [], "ふうせん", 0),                                      # 1 - 2: never below 0 (Ⅱ-D-12)
    (3, [{"kind": "retreat_cost", "delta": -1}] * 2, None, 1),     # fewer adds up
    (1, [{"kind": "retreat_cost", "delta": 1}] * 2, None, 3),      # more adds up (Ⅱ-D-11)
    (2, [{"kind": "retreat_cost", "delta": 1}, {"kind": "retreat_cost", "delta": -2}], None, 1),
    (3, [{"kind": "retreat_cost", "delta": 2}, {"kind": "retreat_cost", "none": True}], None, 0),  # none wins
])
def test_effective_cost(retreat, effects, tool, expected):
    fields = {"retreat": retreat, "energy": ["fire"] * 5, "effects": effects}
    if tool:
        fields["tool"] = tool
    result = ruling(board(mon("リザード", ["fire"], 100, **fields)))
    assert result["cost"] == expected
    assert steps(result, "cost")[0]["value"] == expected


def test_a_tool_whose_effects_are_gone_does_nothing():
    active = mon("ヒトカゲ", ["fire"], 70, retreat=2, energy=["fire", "fire"], tool="ふうせん",
                 effects=[{"kind": "no_tool_effects"}])
    assert ruling(board(active))["cost"] == 2


def test_a_special_energy_counts_as_the_energy_it_provides():
    energy = [{"name": "トリプル", "provides": ["colorless"], "units": 3}]
    result = ruling(board(mon("カビゴン", ["colorless"], 150, retreat=3, energy=energy)))
    assert result["allowed"] is True and result["cost"] == 3
    assert "guide-ja:II-C-01" in result["citations"]
    result = ruling(board(mon("カビゴン", ["colorless"], 150, retreat=4, energy=energy)))
    assert result["allowed"] is False and "has 3" in reasons(result)


def test_cannot_retreat_received_before_protection_stays():
    active = mon("ラウドボーン", ["fire"], 180, retreat=1, energy=["fire"],
                 abilities=[{"name": "てんねん", "declared": False,
                             "effect": {"kind": "prevent_effects", "from": {"side": "opponent"}}}],
                 effects=[{"kind": "cant_retreat"}])
    result = ruling(board(active))
    assert result["allowed"] is False
    assert "guide-ja:II-C-17/faq-1" in result["citations"]


def test_the_switch_step_clears_conditions_and_names_the_new_active():
    active = mon("ヒトカゲ", ["fire"], 70, retreat=0, conditions=["confused"])
    result = ruling(board(active, to="you.bench[0]"))
    assert result["allowed"] is True and result["conditions"] == {"you.active": []}
    assert "ベンチ0" in steps(result, "switch")[0]["text"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(retreat=st.integers(0, 4),
       deltas=st.lists(st.integers(-3, 3).filter(bool), max_size=4),
       none=st.booleans(), balloon=st.booleans(), energy=st.integers(0, 5))
def test_retreat_cost_is_never_negative(retreat, deltas, none, balloon, energy):
    effects = [{"kind": "retreat_cost", "delta": d} for d in deltas]
    if none:
        effects.append({"kind": "retreat_cost", "none": True})
    fields = {"retreat": retreat, "energy": ["fire"] * energy, "effects": effects}
    if balloon:
        fields["tool"] = "ふうせん"
    result = ruling(board(mon("リザード", ["fire"], 100, **fields)))
    expected = 0 if none else max(0, retreat + sum(deltas) - (2 if balloon else 0))
    assert result["cost"] == expected >= 0
    assert result["allowed"] is (energy >= expected)


@pytest.mark.parametrize("position, allowed", [("active", False), ("bench", True)])
def test_an_active_only_ability_works_only_from_the_active_spot(position, allowed):
    tentacles = {"name": "しょくしゅ", "declared": False, "active_only": True,
                 "effect": {"kind": "cant_retreat", "applies_to": {"side": "opponent", "position": "active"}}}
    holder = mon("オムスター", ["water"], 140, abilities=[tentacles])
    data = board()
    if position == "active":
        data["opponent"]["active"] = holder
    else:
        data["opponent"]["bench"] = [holder]
    assert ruling(data)["allowed"] is allowed
