"""Hypothesis properties of Format 2 (the board as state, actions, triggers, sequences):

- `move_counters` conserves damage counters (what leaves one Pokémon arrives on the other,
  unless the receiver takes no effects of attacks, when they are removed);
- `heal` never takes a Pokémon below no damage, and removes exactly min(amount, damage);
- no Pokémon ever has negative damage, whatever actions run;
- a trigger whose source is negated (Ability removed) never fires;
- a `sequence` of one ask rules as that ask with `resolve: true`.
"""

from __future__ import annotations

import json

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgebot.engine import rule
from judgebot.engine.format.scenario import parse_scenario

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
counters = st.integers(min_value=0, max_value=15)
SPOTS = ["you.active", "you.bench[0]", "opponent.active", "opponent.bench[0]"]


def _mon(name, damage=0, **fields):
    return {"name": name, "types": ["colorless"], "hp": 200, "damage": damage * 10, **fields}


def _attack_scenario(actions, damages, protected=False, attack_damage=None):
    opponent_active = _mon("B", damages[2])
    if protected:
        opponent_active["abilities"] = [{"name": "まもり", "declared": False,
                                         "effect": {"kind": "prevent_effects", "from": {"side": "opponent"}}}]
    attack = {"name": "テスト", "cost": [], "do": actions}
    if attack_damage is not None:
        attack["damage"] = attack_damage
    return {
        "format": 2,
        "you": {"active": _mon("A", damages[0], attacks=[attack]), "bench": [_mon("A2", damages[1])]},
        "opponent": {"active": opponent_active, "bench": [_mon("B2", damages[3])]},
        "ask": {"attack": {"name": "テスト"}},
    }


def _rule(data):
    return rule(parse_scenario(yaml.safe_dump(data, allow_unicode=True), "<property>"))


def _after(ruling, spot):
    return ruling.counters_after.get(spot)


@SETTINGS
@given(st.lists(counters, min_size=4, max_size=4), st.integers(min_value=1, max_value=20),
       st.sampled_from(SPOTS), st.sampled_from(SPOTS), st.booleans())
def test_move_counters_conserves_counters(damages, count, source, dest, protected):
    if source == dest:
        return
    ruling = _rule(_attack_scenario([{"move_counters": {"from": source, "to": dest, "count": count}}], damages,
                                    protected))
    before = dict(zip(SPOTS, damages))
    moved = min(count, before[source])
    assert _after(ruling, source) == before[source] - moved
    shielded = protected and dest == "opponent.active"
    assert _after(ruling, dest) == before[dest] + (0 if shielded else moved)
    others = [s for s in SPOTS if s not in (source, dest)]
    assert all(_after(ruling, s) == before[s] for s in others)


@SETTINGS
@given(st.lists(counters, min_size=4, max_size=4), st.integers(min_value=1, max_value=25).map(lambda n: n * 10),
       st.sampled_from(SPOTS))
def test_heal_never_goes_below_no_damage(damages, amount, spot):
    ruling = _rule(_attack_scenario([{"heal": {"target": spot, "amount": amount}}], damages))
    before = dict(zip(SPOTS, damages))
    assert _after(ruling, spot) == max(before[spot] - amount // 10, 0)


action = st.one_of(
    st.builds(lambda t, n: {"place_counters": {"target": t, "count": n}}, st.sampled_from(SPOTS),
              st.integers(1, 5)),
    st.builds(lambda f, t, n: {"move_counters": {"from": f, "to": t, "count": n}}, st.sampled_from(SPOTS),
              st.sampled_from(SPOTS), st.integers(1, 5)),
    st.builds(lambda t, n: {"heal": {"target": t, "amount": n * 10}}, st.sampled_from(SPOTS), st.integers(1, 8)),
    st.builds(lambda side: {"switch": {"side": side}}, st.sampled_from(["own", "opponent"])),
)


@SETTINGS
@given(st.lists(action, max_size=6), st.lists(counters, min_size=4, max_size=4), st.booleans(),
       st.sampled_from([None, 30, 120]))
def test_damage_and_counters_are_never_negative(actions, damages, protected, attack_damage):
    actions = [a for a in actions if not ("move_counters" in a and a["move_counters"]["from"] ==
                                          a["move_counters"]["to"])]
    ruling = _rule(_attack_scenario(actions, damages, protected, attack_damage))
    assert all(n >= 0 for n in ruling.counters_after.values())
    assert all(n >= 0 for n in (ruling.damage or {}).values())
    for spot in ruling.board or {}:
        assert ruling.board[spot] is None or ruling.board[spot]["counters"] >= 0


@SETTINGS
@given(st.sampled_from(["damaged", "knocked_out"]), st.integers(min_value=1, max_value=30).map(lambda n: n * 10))
def test_a_negated_source_never_triggers(event, damage):
    """The Defending Pokémon's Ability is removed by an effect on it: its trigger never fires."""
    data = _attack_scenario([], [0, 0, 0, 0], attack_damage=damage)
    data["opponent"]["active"]["abilities"] = [{
        "name": "はんげき", "declared": False,
        "effect": {"kind": "trigger", "name": "はんげき", "on": event,
                   "do": [{"place_counters": {"target": "attacker", "count": 1}}]}}]
    data["opponent"]["active"]["effects"] = [{"kind": "no_abilities"}]
    ruling = _rule(data)
    assert ruling.triggered == []
    assert ruling.counters_after["you.active"] == 0


def _outcome(result: dict) -> dict:
    keys = ("allowed", "knocked_out", "prizes_taken", "triggered", "discarded", "board", "winner")
    return {k: result.get(k) for k in keys}


@SETTINGS
@given(st.sampled_from(["attach", "bench", "retreat"]), st.booleans(), st.integers(0, 3))
def test_a_sequence_of_one_ask_is_that_ask_carried_out(kind, attached, energy):
    you = {"active": {"name": "A", "types": ["water"], "hp": 100, "retreat": 1,
                      "energy": ["water"] * energy},
           "bench": [{"name": "A2", "types": ["water"], "hp": 60}]}
    ask = {"attach": {"energy": "water", "to": "you.active"},
           "bench": {"card": {"name": "C", "types": ["fire"], "hp": 60}},
           "retreat": {"to": "you.bench[0]"}}[kind]
    base = {"format": 2, "turn": {"energy_attached": attached}, "you": you,
            "opponent": {"active": {"name": "B", "types": ["fire"], "hp": 70}}}
    single = _rule({**base, "ask": {kind: {**ask, "resolve": True}}}).to_dict()
    sequence = _rule({**base, "ask": {"sequence": [{kind: ask}]}}).to_dict()
    assert _outcome(sequence) == _outcome(single)
    entry = sequence["sequence"][0]
    assert json.dumps(entry["steps"], ensure_ascii=False) == json.dumps(single["steps"], ensure_ascii=False)


def test_position_keys_name_the_spot_at_the_end_of_the_ruling():
    """SCENARIOS.md "Positions": a Pokémon damaged at step 4 and switched to the Bench at
    step 5 is named by the Bench spot it ends in; the spot it left holds the one switched in."""
    data = {"format": 2,
            "you": {"active": {"name": "A", "types": ["water"], "hp": 100,
                               "attacks": [{"name": "X", "cost": [], "damage": 30,
                                            "do": [{"switch": {"side": "opponent"}}]}]}},
            "opponent": {"active": {"name": "B", "types": ["fire"], "hp": 70},
                         "bench": [{"name": "C", "types": ["fire"], "hp": 70}]},
            "ask": {"attack": {"name": "X"}}}
    result = _rule(data).to_dict()
    assert result["damage"] == {"opponent.bench[0]": 30}
    assert result["counters"] == {"opponent.bench[0]": 3}
    assert result["board"]["opponent.active"]["name"] == "C"
    assert result["board"]["opponent.bench[0]"] == {"name": "B", "counters": 3, "energy": [], "conditions": [],
                                                    "tool": None}
