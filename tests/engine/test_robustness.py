"""Whatever a judge writes, the loader answers with a ruling or a one-line InputError —
never another exception (which the CLI would report as an internal error)."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgebot.engine import rule
from judgebot.errors import InputError
from tests.engine.helpers import attacker, board, dump, load, mon

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-500, 500), st.text(max_size=8),
                 st.lists(st.integers(-50, 50), max_size=3), st.dictionaries(st.text(max_size=5),
                                                                              st.integers(), max_size=2),
                 st.sampled_from(["opponent.bench[9]", "you.active", "x2", "+20", "any", "heads", "ex"]))


def base() -> dict:
    data = board(attacker(attack_fields={"bench_damage": [{"target": "opponent.bench[0]", "amount": 20}]},
                          weakness={"type": "water"}, tool={"name": "T", "effect": {"kind": "max_hp", "amount": 20}}),
                 mon("D", ("metal",), 200, effects=[{"kind": "damage_taken", "amount": -30,
                                                     "from": {"side": "opponent"}}]),
                 coins=["heads"], expect={"damage": {"opponent.active": 30}})
    return data


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, prefix + (index,))


ALL_PATHS = [p for p in paths(base()) if p]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(ALL_PATHS), JUNK), min_size=1, max_size=3))
def test_mutated_scenarios_rule_or_fail_cleanly(mutations):
    data = copy.deepcopy(base())
    for path, junk in mutations:
        node = data
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = junk
        except (KeyError, IndexError, TypeError):
            continue
    try:
        rule(load(dump(data)))
    except InputError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_fails_cleanly(text):
    try:
        rule(load(text))
    except InputError as exc:
        assert "\n" not in str(exc)
