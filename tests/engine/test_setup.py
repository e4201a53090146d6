"""対戦準備 (guide-ja Ⅰ-G): extra draws for the other player's mulligans."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judgebot.errors import ScenarioError
from tests.engine.helpers import ruling


def ask(you, opponent):
    return {"ask": {"setup": {"you": {"mulligans": you}, "opponent": {"mulligans": opponent}}}}


@pytest.mark.parametrize("you, opponent", [(0, 0), (0, 2), (1, 3), (4, 0)])
def test_extra_draws(you, opponent):
    result = ruling(ask(you, opponent))
    assert result["extra_draws"] == {"you": opponent, "opponent": you}
    assert result["citations"] == ["guide-ja:I-G"]


def test_mulligans_are_validated():
    with pytest.raises(ScenarioError, match="ask.setup.you.mulligans"):
        ruling(ask(-1, 0))


@settings(deadline=None)
@given(you=st.integers(0, 20), opponent=st.integers(0, 20))
def test_swapping_the_players_swaps_the_draws(you, opponent):
    a, b = ruling(ask(you, opponent))["extra_draws"], ruling(ask(opponent, you))["extra_draws"]
    assert a == {"you": b["opponent"], "opponent": b["you"]}
