"""Cards from a hand into the deck: the `does` word `hands_to_deck` (玛俐, guide-zh Ⅱ-E-19
FAQ 2) and the action `return_to_deck` (ねこばば, guide-ja Ⅱ-E-36 FAQ 2)."""

from __future__ import annotations

import pytest

from judgebot.engine import rule
from judgebot.errors import ScenarioError
from judgebot.i18n import localized_card_name

from .helpers import load, mon


# -- `does: hands_to_deck` (玛俐, guide-zh Ⅱ-E-19 FAQ 2) ----------------------------------------

def marnie(you_hand, opponent_hand) -> dict:
    data = {"you": {"active": mon("皮卡丘"), "deck": 30},
            "opponent": {"active": mon("杰尼龟"), "deck": 30},
            "ask": {"play": {"card": "玛俐", "kind": "supporter"}}}
    if you_hand is not None:
        data["you"]["hand"] = you_hand
    if opponent_hand is not None:
        data["opponent"]["hand"] = opponent_hand
    return data


@pytest.mark.parametrize("you_hand, opponent_hand, allowed", [
    (["玛俐"], [], False),
    (["玛俐"], ["皮卡丘"], True),
    (["玛俐", "伙星"], [], True),
])
def test_marnie_needs_a_card_in_some_hand_besides_itself(you_hand, opponent_hand, allowed):
    assert rule(load(marnie(you_hand, opponent_hand))).allowed is allowed


def test_marnie_needs_the_opponents_hand_written():
    with pytest.raises(ScenarioError) as caught:
        rule(load(marnie(["玛俐"], None)))
    assert caught.value.path == "opponent.hand"


# -- `return_to_deck` (ねこばば, guide-ja Ⅱ-E-36 FAQ 2) ------------------------------------------

def pilfer(opponent_hand, cards=None) -> dict:
    attack = {"card": "ねこばば", "cost": ["colorless"]}
    if cards is not None:
        attack["do"] = [{"return_to_deck": {"side": "opponent", "count": 1, "cards": cards}}]
    data = {"format": 2, "you": {"active": mon("ロケット団のニャース", energy=["colorless"], attacks=[attack])},
            "opponent": {"active": mon("ヒトカゲ"), "deck": 20}, "ask": {"attack": {"name": "ねこばば"}}}
    if opponent_hand is not None:
        data["opponent"]["hand"] = opponent_hand
    return data


def test_the_card_chosen_goes_back_into_the_deck_and_it_is_shuffled():
    ruling = rule(load(pilfer(["ブースター", "ネストボール"], cards=["ネストボール"])))
    texts = [s["text"] for s in ruling.to_dict()["steps"]]
    nest_ball = localized_card_name("ネストボール", "en")
    assert any(f"{nest_ball} from the hand of the opponent go into the deck, and the deck is shuffled" in t
               for t in texts)
    assert not any("not shuffled" in t for t in texts)


@pytest.mark.parametrize("hand, cards, key", [
    (["ブースター"], None, "cards"),          # a card to choose: the file says which
    (["ブースター"], ["ネストボール"], "cards"),  # not in the hand
    (None, None, "side"),                    # the hand must be written
])
def test_return_to_deck_needs_what_the_board_does_not_give(hand, cards, key):
    data = pilfer(hand, cards=cards if cards is not None else ([] if hand else None))
    if cards is None and hand:
        data["you"]["active"]["attacks"][0]["do"] = [{"return_to_deck": {"side": "opponent", "count": 1}}]
    with pytest.raises(ScenarioError) as caught:
        rule(load(data))
    assert caught.value.path.endswith(key)
