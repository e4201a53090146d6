"""勝ち負け (guide-ja Ⅰ-E): `ask: game_end`, the simultaneous-conditions rule, symmetry."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judgebot.errors import ScenarioError
from tests.engine.helpers import ruling

SWAP = {"you": "opponent", "opponent": "you", "draw": "draw", None: None}


def ask(you, opponent):
    return {"ask": {"game_end": {"you": you, "opponent": opponent}}}


@pytest.mark.parametrize("you, opponent, winner", [
    ({}, {}, None),
    ({"took_all_prizes": True}, {}, "you"),
    ({"no_active": True}, {}, "opponent"),
    ({}, {"cannot_draw": True}, "you"),
    ({"took_all_prizes": True}, {"took_all_prizes": True}, "draw"),
    ({"took_all_prizes": True}, {"no_active": True}, "you"),
    ({"took_all_prizes": True}, {"took_all_prizes": True, "no_active": True}, "you"),
    ({"took_all_prizes": True, "no_active": True}, {}, "draw"),
])
def test_winner(you, opponent, winner):
    result = ruling(ask(you, opponent))
    assert result["winner"] == winner
    assert "guide-ja:I-E" in result["citations"]


@pytest.mark.parametrize("you, opponent", [
    ({"cannot_draw": True}, {"cannot_draw": True}),
    ({"cannot_draw": True}, {"took_all_prizes": True}),
])
def test_cannot_draw_is_never_simultaneous(you, opponent):
    with pytest.raises(ScenarioError, match="cannot_draw"):
        ruling(ask(you, opponent))


conditions = st.fixed_dictionaries({}, optional={"took_all_prizes": st.booleans(), "no_active": st.booleans()})


@settings(max_examples=100, deadline=None)
@given(you=conditions, opponent=conditions)
def test_game_end_is_symmetric_when_the_players_swap(you, opponent):
    assert ruling(ask(opponent, you))["winner"] == SWAP[ruling(ask(you, opponent))["winner"]]


@settings(max_examples=100, deadline=None)
@given(you=conditions, opponent=conditions)
def test_the_player_who_meets_more_of_the_two_conditions_wins(you, opponent):
    score_you = you.get("took_all_prizes", False) + opponent.get("no_active", False)
    score_opp = opponent.get("took_all_prizes", False) + you.get("no_active", False)
    result = ruling(ask(you, opponent))
    if not (score_you or score_opp or you.get("no_active") or opponent.get("no_active")):
        assert result["winner"] is None
    elif score_you == score_opp:
        assert result["winner"] == "draw"
    else:
        assert result["winner"] == ("you" if score_you > score_opp else "opponent")
