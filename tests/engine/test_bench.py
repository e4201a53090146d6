"""ベンチに出す (guide-ja Ⅰ-A-04)."""

from __future__ import annotations

import pytest

from judgebot.errors import ScenarioError
from tests.engine.helpers import mon, ruling


def board(card, bench=0, turn=None, hand=None):
    data = {"you": {"active": mon("ヒトカゲ", ["fire"], 70), "bench": [mon(f"b{i}", ["fire"], 70) for i in range(bench)]},
            "opponent": {"active": mon("ゼニガメ", ["water"], 70)},
            "ask": {"bench": {"card": card}}}
    if turn:
        data["turn"] = turn
    if hand is not None:
        data["you"]["hand"] = hand
    return data


@pytest.mark.parametrize("card, bench, turn, allowed", [
    ("リオル", 0, None, True),
    ({"name": "リオル"}, 4, None, True),
    ("リオル", 5, None, False),
    ("リオル", 0, {"number": 1, "first": "you"}, True),
    ({"name": "ルカリオ", "stage": "stage1", "evolves_from": "リオル"}, 0, None, False),
])
def test_bench(card, bench, turn, allowed):
    result = ruling(board(card, bench, turn))
    assert result["allowed"] is allowed
    assert result["citations"] == ["guide-ja:I-A-04"]
    assert all(r["cite"] == ["guide-ja:I-A-04"] for r in result["reasons"])


def test_the_card_must_be_in_a_given_hand():
    with pytest.raises(ScenarioError, match="リオル is not in you.hand"):
        ruling(board("リオル", hand=[]))
    assert ruling(board("リオル", hand=["リオル"]))["allowed"] is True
