"""Hypothesis properties of the damage calculation and the cost assignment."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgebot.engine.board.energy import COLORLESS, Unit, assign
from tests.engine.helpers import attacker, board, mon, ruling

TYPES = ["fire", "water", "grass", "metal"]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DAMAGE_STEPS = ("base", "attacker_effects", "weakness", "resistance", "defender_effects", "final")

# Within the format's bound on damage (990, docs/SCENARIO-LIMITS.md; more is refused): at most
# (200 + 3 × 60) × 2 + 3 × 60 = 940 to one Pokémon.
tens = st.integers(min_value=-6, max_value=6).filter(bool).map(lambda n: n * 10)
base_damage = st.integers(min_value=0, max_value=20).map(lambda n: n * 10)
weakness = st.one_of(st.none(), st.builds(lambda t, v: {"type": t, "value": v}, st.sampled_from(TYPES),
                                          st.sampled_from(["x2", "+20", "+30"])))
resistance = st.one_of(st.none(), st.builds(lambda t, v: {"type": t, "value": v}, st.sampled_from(TYPES),
                                            st.sampled_from([-20, -30, -60])))


@st.composite
def scenarios(draw):
    atk_type = draw(st.sampled_from(TYPES))
    dealt = [{"kind": "damage_dealt", "amount": a} for a in draw(st.lists(tens, max_size=3))]
    you = attacker(damage=draw(base_damage), types=[atk_type], effects=dealt,
                   attack_fields={"bench_damage": [{"target": "opponent.bench[0]", "amount": draw(base_damage)}],
                                  "ignore_weakness_resistance": draw(st.booleans()),
                                  "ignore_defender_effects": draw(st.booleans())})

    def defender(name):
        fields = {"effects": [{"kind": "damage_taken", "amount": a} for a in draw(st.lists(tens, max_size=3))]}
        if draw(st.booleans()):
            fields["effects"].append({"kind": "prevent_damage"})
        w, r = draw(weakness), draw(resistance)
        if w:
            fields["weakness"] = w
        if r:
            fields["resistance"] = r
        return mon(name, [draw(st.sampled_from(TYPES))], 990, **fields)

    data = board(you, defender("ディフェンダー"))
    data["opponent"]["bench"] = [defender("ベンチ相手")]
    return data


def damage_steps(result, target):
    return [s for s in result["steps"] if s.get("target") == target and s["step"] in DAMAGE_STEPS]


@SETTINGS
@given(scenarios())
def test_damage_is_never_negative_and_a_multiple_of_ten(data):
    result = ruling(data)
    for amount in result["damage"].values():
        assert amount >= 0 and amount % 10 == 0


@SETTINGS
@given(scenarios())
def test_weakness_and_resistance_never_change_bench_damage(data):
    result = ruling(data)
    for step in damage_steps(result, "opponent.bench[0]"):
        if step["step"] in ("weakness", "resistance"):
            assert step["change"] is None, step
    bare = dict(data, opponent=dict(data["opponent"], bench=[
        {k: v for k, v in data["opponent"]["bench"][0].items() if k not in ("weakness", "resistance")}]))
    assert ruling(bare)["damage"]["opponent.bench[0]"] == result["damage"]["opponent.bench[0]"]


@SETTINGS
@given(scenarios())
def test_a_step_that_reaches_zero_ends_the_calculation(data):
    result = ruling(data)
    for target in ("opponent.active", "opponent.bench[0]"):
        trail = damage_steps(result, target)
        for index, step in enumerate(trail):
            if step["step"] in ("base", "attacker_effects", "resistance", "defender_effects") \
                    and step["value"] is not None and step["value"] <= 0:
                assert index == len(trail) - 1, trail
                assert "the calculation ends here" in step["text"]
                assert result["damage"][target] == 0


@SETTINGS
@given(scenarios(), st.integers(min_value=1, max_value=10).map(lambda n: -10 * n))
def test_a_defender_side_reduction_never_increases_damage(data, reduction):
    before = ruling(data)["damage"]
    reduced = dict(data, opponent=dict(data["opponent"], effects=[{"kind": "damage_taken", "amount": reduction}]))
    after = ruling(reduced)["damage"]
    for position, amount in after.items():
        assert amount <= before[position]


# -- the cost as an assignment ---------------------------------------------------------------

ENERGY_TYPES = ["fire", "water", "grass"]
symbols = st.lists(st.sampled_from(ENERGY_TYPES + [COLORLESS]), max_size=5)
unit_types = st.one_of(
    st.sets(st.sampled_from(ENERGY_TYPES), min_size=1, max_size=2).map(frozenset),
    st.just(frozenset({COLORLESS})),
    st.just(frozenset(ENERGY_TYPES + ["metal"])),  # every type at once
)


@st.composite
def attached_units(draw):
    units = []
    for card in range(draw(st.integers(min_value=0, max_value=4))):
        types = draw(unit_types)
        for _ in range(draw(st.integers(min_value=1, max_value=3))):
            units.append(Unit(f"card{card}", card, types))
    return units


def brute_force(cost, units) -> bool:
    if len(cost) > len(units):
        return False
    for chosen in itertools.permutations(range(len(units)), len(cost)):
        if all(units[u].pays(symbol) for symbol, u in zip(cost, chosen)):
            return True
    return False


@settings(max_examples=400, deadline=None)
@given(symbols, attached_units())
def test_cost_assignment_matches_brute_force(cost, units):
    result = assign(tuple(cost), units)
    assert (result is not None) == brute_force(cost, units)
    if result is not None:
        assert len(set(result)) == len(cost)  # each unit pays one symbol
        assert all(units[u].pays(symbol) for symbol, u in zip(cost, result))


def test_counting_would_be_wrong_but_assignment_is_right():
    # A fire/water dual unit and a fire unit pay [water, fire]; two dual units cannot pay [fire, fire, water].
    dual = Unit("dual", 0, frozenset({"fire", "water"}))
    fire = Unit("fire", 1, frozenset({"fire"}))
    assert assign(("water", "fire"), [fire, dual]) is not None
    assert assign(("fire", "fire", "water"), [dual, dual]) is None
