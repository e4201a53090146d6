"""特性 (guide-ja Ⅰ-A-02, Ⅱ-E-12, Ⅱ-E-14, Ⅱ-E-30, Ⅱ-D-13, Ⅱ-D-19): may the Ability be
declared now; the board questions behind `does` and `pay`; their errors."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgebot.engine.procedures.ability import card_cites, is_energy_card
from judgebot.errors import NotModelledError, ScenarioError
from tests.engine.helpers import mon, ruling, steps

DRAW = {"name": "ドロー", "does": ["draw"]}


def board(ability=None, holder=None, you=None, opponent=None, turn=None, by="you.active", stadium=None):
    holder = holder or mon("ホルダー", ["colorless"], 100, abilities=[ability or DRAW])
    data = {
        "you": {"active": holder, "bench": [mon("ベンチ", ["colorless"], 70)], **(you or {})},
        "opponent": {"active": mon("相手", ["water"], 70), **(opponent or {})},
        "ask": {"ability": {"by": by, "name": (ability or DRAW)["name"]}},
    }
    if by != "you.active":
        data["you"]["bench"] = [holder]
        data["you"]["active"] = mon("アクティブ", ["fire"], 70)
    if turn:
        data["turn"] = turn
    if stadium:
        data["stadium"] = stadium
    return data


def text(result) -> str:
    return " | ".join(r["text"] for r in result["reasons"])


def test_a_declared_ability_may_be_used_from_the_bench():
    result = ruling(board(by="you.bench[0]"))
    assert result["allowed"] is True
    assert "guide-ja:I-A-02" in result["citations"]


def test_an_ability_that_works_by_itself_is_not_declared():
    result = ruling(board({"name": "オート", "declared": False}))
    assert result["allowed"] is False and "works by itself" in text(result)


def test_active_only_from_the_bench():
    result = ruling(board({**DRAW, "active_only": True}, by="you.bench[0]"))
    assert result["allowed"] is False and "Active Spot" in text(result)


@pytest.mark.parametrize("ability, used, turn_used, allowed, cite", [
    (DRAW, [], [], True, "guide-ja:II-E-12"),
    (DRAW, ["ドロー"], ["ドロー"], False, "guide-ja:II-E-12"),
    (DRAW, [], ["ドロー"], True, "guide-ja:II-E-12"),               # another Pokémon's use does not count
    ({**DRAW, "once_per_turn": False}, ["ドロー", "ドロー"], ["ドロー"], True, "guide-ja:II-E-12"),
    ({**DRAW, "exclusive": True}, [], ["ドロー"], False, "guide-ja:II-E-14"),   # also after the user left play
    ({**DRAW, "exclusive": True}, [], [], True, "guide-ja:II-E-14"),
    (DRAW, ["ほかの特性"], ["ほかの特性"], True, "guide-ja:II-D-19"),  # an inherited record of another Ability
])
def test_times_per_turn(ability, used, turn_used, allowed, cite):
    holder = mon("ホルダー", ["colorless"], 100, abilities=[ability], abilities_used=used)
    result = ruling(board(ability, holder, turn={"abilities_used": turn_used}))
    assert result["allowed"] is allowed, result["reasons"]
    assert cite in result["citations"]


def test_abilities_removed_by_a_stadium():
    # ロケット団の監視塔 as printed (SV10 096, DRI 180): Colorless Pokémon have no Abilities
    # (the guide's text reads 悪ポケモン; the print wins, data/carddb/catalog.yaml).
    holder = mon("ピジョットex", ["colorless"], 280, abilities=[DRAW])
    result = ruling(board(DRAW, holder, stadium={"card": "ロケット団の監視塔", "owner": "opponent"}))
    assert result["allowed"] is False and "guide-ja:II-D-13" in result["citations"]


@pytest.mark.parametrize("does, you, opponent, allowed", [
    (["draw"], {"deck": 0}, {}, False),
    (["search_deck"], {"deck": 0}, {}, False),
    (["heal"], {}, {}, False),
    (["heal"], {"bench": [mon("ケガ", ["fire"], 70, damage=10)]}, {}, True),
    (["bench_from_deck"], {"bench": [mon(f"b{i}", ["fire"], 70) for i in range(5)]}, {}, False),
    (["bench_from_discard"], {"bench": []}, {}, True),
    (["switch_own"], {"bench": []}, {}, False),
    (["switch_opponent"], {}, {}, False),
    (["switch_opponent"], {}, {"bench": [mon("相手ベンチ", ["water"], 70)]}, True),
    (["move_energy"], {}, {}, False),
    (["move_damage"], {}, {}, False),
    (["discard"], {"hand": []}, {}, False),
    (["discard"], {"hand": ["なにか"]}, {}, True),
    (["switch_own", "draw"], {"bench": [], "deck": 30}, {}, False),   # the first part decides (Ⅱ-E-20)
    (["draw", "attach_energy"], {"deck": 30}, {}, True),
])
def test_nothing_would_happen(does, you, opponent, allowed):
    ability = {"name": "テスト", "does": does}
    result = ruling(board(ability, you=you, opponent=opponent))
    assert result["allowed"] is allowed, result["reasons"]


@pytest.mark.parametrize("pay, hand, allowed", [
    ([{"discard_hand": 1}], [], False),
    ([{"discard_hand": 1}], ["なにか"], True),
    ([{"discard_hand": 2}], ["なにか"], False),
    ([{"discard_energy_from_hand": 1}], ["ポケモンいれかえ"], False),
    ([{"discard_energy_from_hand": 1}], ["基本炎エネルギー"], True),
    ([{"discard_energy_from_hand": 2}], ["fire", "イグニッションエネルギー"], True),
])
def test_cannot_pay(pay, hand, allowed):
    result = ruling(board({"name": "テスト", "does": ["draw"], "pay": pay}, you={"hand": hand}))
    assert result["allowed"] is allowed
    if not allowed:
        assert "guide-ja:II-E-30" in result["citations"]


def test_the_hand_must_be_given_when_the_ruling_needs_it():
    with pytest.raises(ScenarioError) as err:
        ruling(board({"name": "テスト", "does": ["draw"], "pay": [{"discard_hand": 1}]}))
    assert "you.hand" in str(err.value) and "give `you.hand`" in str(err.value)


def test_without_does_the_nothing_happens_check_is_not_made_and_says_so():
    result = ruling(board({"name": "テスト"}, you={"deck": 0}))
    assert result["allowed"] is True
    assert "not part of the question" in steps(result, "nothing_happens")[0]["text"]


def test_a_first_word_the_board_cannot_answer_is_not_modelled():
    with pytest.raises(NotModelledError, match="`attach_energy`"):
        ruling(board({"name": "テスト", "does": ["attach_energy"]}))


def test_faq_citations_bring_their_section_in_guide_ja_numbering():
    assert card_cites(["guide-zh:II-E-36/faq-1"]) == ["guide-zh:II-E-36/faq-1", "guide-zh:II-E-36",
                                                      "guide-ja:II-E-36"]
    assert card_cites(["guide-zh:II-E-19/faq-1"])[-1] == "guide-ja:II-E-20"
    assert card_cites(["guide-ja:I-B-02"]) == ["guide-ja:I-B-02"]


@pytest.mark.parametrize("name, energy", [("fire", True), ("炎", True), ("基本草エネルギー", True),
                                          ("双重涡轮能量", True), ("ポケモンいれかえ", False)])
def test_energy_cards_in_hand(name, energy):
    assert is_energy_card(name) is energy


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(used_here=st.booleans(), used_elsewhere=st.booleans(), once=st.booleans(), exclusive=st.booleans(),
       negated=st.booleans())
def test_allowed_exactly_when_no_rule_forbids(used_here, used_elsewhere, once, exclusive, negated):
    ability = {**DRAW, "once_per_turn": once, "exclusive": exclusive}
    holder = mon("ホルダー", ["colorless"], 100, abilities=[ability], abilities_used=["ドロー"] if used_here else [],
                 effects=[{"kind": "no_abilities"}] if negated else [])
    turn = {"abilities_used": ["ドロー"] if used_here or used_elsewhere else []}
    result = ruling(board(ability, holder, turn=turn))
    forbidden = negated or (once and used_here) or (exclusive and (used_here or used_elsewhere))
    assert result["allowed"] is (not forbidden)
    assert bool(result["reasons"]) is forbidden
    assert steps(result) and all(s["cite"] for s in result["steps"])
