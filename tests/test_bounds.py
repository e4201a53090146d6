"""Bounded input, linear work (issue 28 items 1–3): numbers are plain decimal, every
list has a bound, a long sequence costs in proportion to its length, and the figures a
ruling states stay within the documented ones. The one-line errors of the hostile files
are in tests/test_hostile.py; here, what holds on valid files."""

from __future__ import annotations

import pytest

from judgebot.engine.format.schema import MAX_CARDS, MAX_LIST, MAX_SEQUENCE
from judgebot.engine.format.scenario import parse_scenario
from judgebot.engine.format.yaml_lines import load_yaml
from judgebot.errors import ScenarioError

from tests.engine.helpers import ruling


def _sequence(uses: int) -> str:
    return ("format: 2\nyou:\n  active:\n    name: A\n    types: [grass]\n    hp: 90\n    abilities:\n"
            "      - {name: Up, once_per_turn: false}\nopponent:\n  active: {name: B, types: [fire], hp: 70}\n"
            "ask:\n  sequence:\n" + "    - ability: {name: Up}\n" * uses)


def _record_steps(result: dict) -> list[str]:
    return [s["text"] for s in result["steps"] if s["step"] == "once_per_turn"]


def test_the_record_of_use_does_not_grow_with_the_turn():
    """Every use of an Ability used any number of times says the same record: each
    step's text stays as long whatever the length of the turn (it was the whole list,
    so N uses cost N² — 15,000 took minutes and gigabytes)."""
    result = ruling(_sequence(60))
    records = _record_steps(result)
    assert len(records) == 60 and result["allowed"] is True
    assert records[1] == records[-1] and records[-1].count("Up") == 2  # the Ability's name, then the record's one entry


def test_a_sequence_at_the_bound_is_ruled_and_one_past_it_is_refused():
    at_bound = parse_scenario(_sequence(MAX_SEQUENCE), "long.yaml")
    assert len(at_bound.ask.asks) == MAX_SEQUENCE
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(_sequence(MAX_SEQUENCE + 1), "long.yaml")
    assert str(caught.value) == (f"long.yaml:12:3: ask.sequence: expected at most {MAX_SEQUENCE:,} items (a turn), "
                                 f"got {MAX_SEQUENCE + 1:,}")


@pytest.mark.parametrize("key,bound", [("hand", MAX_CARDS), ("discard", MAX_CARDS)])
def test_piles_of_cards_hold_at_most_a_deck(key, bound):
    def text(n):
        return (f"you:\n  {key}: [{', '.join(['water'] * n)}]\n  active: {{name: A, types: [water], hp: 90}}\n"
                "opponent:\n  active: {name: B, types: [fire], hp: 70}\nask: {retreat: {}}\n")

    parse_scenario(text(bound), "pile.yaml")
    with pytest.raises(ScenarioError, match=rf"you\.{key}: expected at most {bound} items \(a deck has 60 cards\), "
                                            rf"got {bound + 1}"):
        parse_scenario(text(bound + 1), "pile.yaml")


def test_any_other_list_holds_at_most_the_general_bound():
    def text(n):
        return (f"coins: [{', '.join(['heads'] * n)}]\nyou:\n  active: {{name: A, types: [water], hp: 90}}\n"
                "opponent:\n  active: {name: B, types: [fire], hp: 70}\nask: {retreat: {}}\n")

    parse_scenario(text(MAX_LIST), "coins.yaml")
    with pytest.raises(ScenarioError, match=f"coins: expected at most {MAX_LIST} items, got {MAX_LIST + 1}"):
        parse_scenario(text(MAX_LIST + 1), "coins.yaml")


ENERGY_50 = "[" + ", ".join(["water"] * 50) + "]"


def test_many_energy_attached_with_no_trigger_that_works_is_no_loop():
    """240 Energy attached by one attack, a trigger in force that none of them sets off:
    no trigger worked, so nothing loops (the events were counted: a false 'loop' error
    with no line)."""
    do = "".join(f"          - attach_energy: {{to: self, energy: {ENERGY_50}, from: discard}}\n" for _ in range(5))
    text = ("format: 2\nyou:\n  active:\n    name: A\n    types: [water]\n    hp: 100\n    attacks:\n"
            "      - name: X\n        cost: []\n        do:\n" + do +
            "  bench:\n    - name: C\n      types: [water]\n      hp: 60\n      effects:\n"
            "        - {kind: trigger, name: Nothing, on: attached, energy: [fire], do: []}\n"
            "opponent:\n  active: {name: B, types: [fire], hp: 70}\nask:\n  attack: {name: X}\n")
    result = ruling(text)
    assert result["allowed"] is True and result["board"]["you.active"]["energy"] == ["water"] * 250


@pytest.mark.parametrize("text,value", [
    ("hp: 120", 120), ("hp: -0", 0), ("hp: +120", 120), ("hp: 1.5", 1.5),
    ("hp: 0120", "0120"), ("hp: 1:30", "1:30"), ("hp: 0x78", "0x78"), ("hp: 0b11", "0b11"), ("hp: 1_000", "1_000"),
    ("hp: 1_0.5", "1_0.5"), ("hp: 1:30.5", "1:30.5"),
    ("name: 0x10", "0x10"), ("name: '0120'", "0120"), ("title: 12:30", "12:30"),
    ("flag: yes", True), ("flag: off", False), ("flag: ~", None),  # YAML 1.1 booleans and null stay as they were
])
def test_only_plain_decimal_digits_are_a_number(text, value):
    data, _ = load_yaml(text + "\n", "n.yaml")
    assert list(data.values()) == [value]


def test_a_key_yaml_11_reads_as_a_boolean_reads_as_written():
    data, _ = load_yaml("on: damaged\nyes: 1\n", "k.yaml")
    assert data == {"on": "damaged", "yes": 1}
