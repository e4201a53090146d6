"""`per: {discard: SIDE, kind: K}` counts only the cards of that kind (a basic Energy by its type
word, a real card by its printed name), and asks for a name that says no one kind."""

from __future__ import annotations

import pytest

from judgebot.engine import rule
from judgebot.engine.format.scenario import load_scenario_text
from judgebot.engine.procedures.formula import discard_kinds
from judgebot.errors import ScenarioError

BOARD = """
format: 2
you:
  active: {{name: X, types: [colorless], hp: 100, energy: [fire],
           attacks: [{{name: Hit, cost: [colorless], damage: {{times: 20, per: {{discard: own, kind: {kind}}}}}}}]}}
  discard: {discard}
opponent:
  active: {{name: Y, types: [colorless], hp: 300}}
ask: {{attack: Hit}}
"""


@pytest.mark.parametrize("kind,damage", [("supporter", 20), ("item", 40), ("basic_energy", 40), ("energy", 40),
                                         ("pokemon", 0)])
def test_only_the_cards_of_that_kind_count(kind, damage):
    text = BOARD.format(kind=kind, discard="[fire, Arven, Nest Ball, water, Switch]")
    assert rule(load_scenario_text(text)).damage == {"opponent.active": damage}


def test_a_name_of_no_known_kind_is_asked_for():
    with pytest.raises(ScenarioError, match="names no one card whose kind is known"):
        rule(load_scenario_text(BOARD.format(kind="item", discard="[fire, my mystery card]")))


def test_kinds_of_names():
    assert discard_kinds("fire") == {"energy", "basic_energy"}
    assert discard_kinds("Arven") == {"supporter"}
    assert discard_kinds("Air Balloon") == {"tool"}
    assert discard_kinds("Jet Energy") == {"energy"}
    assert discard_kinds("colorless") is None
