"""エネルギーをつける (guide-ja Ⅰ-C)."""

from __future__ import annotations

import pytest

from tests.engine.helpers import mon, ruling


def board(to="you.active", turn=None, energy="fire"):
    data = {"you": {"active": mon("ヒトカゲ", ["fire"], 70), "bench": [mon("ガーディ", ["fire"], 70)]},
            "opponent": {"active": mon("ゼニガメ", ["water"], 70)},
            "ask": {"attach": {"energy": energy, "to": to}}}
    if turn:
        data["turn"] = turn
    return data


@pytest.mark.parametrize("to, turn, energy, allowed", [
    ("you.active", None, "fire", True),
    ("you.bench[0]", None, "炎", True),
    ("you.active", {"number": 1, "first": "you"}, "fire", True),
    ("you.active", {"energy_attached": True}, "fire", False),
    ("you.bench[0]", None, "イグニッションエネルギー", True),
])
def test_attach(to, turn, energy, allowed):
    result = ruling(board(to, turn, energy))
    assert result["allowed"] is allowed
    assert result["citations"] == ["guide-ja:I-C"]
