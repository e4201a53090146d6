"""ポケモンチェック (guide-ja Ⅰ-F, Ⅱ-E-16, Ⅱ-E-17): conditions in order on both sides,
counter modifiers, coins and their errors, Knock Outs, Prizes and game end."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgebot.engine.procedures.checkup import BASE_COUNTERS, COUNTER_KIND, counters_for
from judgebot.engine.board.effects import Board
from judgebot.engine.procedures.steps import PRIZES_BY_RULE, see_also
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.errors import ScenarioError
from tests.engine.helpers import load, mon, ruling, steps

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def board(you=None, opp=None, coins=None, you_bench=1, opp_bench=1, **top):
    data = {"you": {"active": you or mon("ヒトカゲ", ["fire"], 70),
                    "bench": [mon("ガーディ", ["fire"], 70)] * you_bench},
            "opponent": {"active": opp or mon("カメックス", ["water"], 180),
                         "bench": [mon("ゼニガメ", ["water"], 70)] * opp_bench},
            "ask": {"checkup": {}}, **top}
    if coins is not None:
        data["coins"] = coins
    return data


def cond(*conditions, **fields):
    return mon("カメックス", ["water"], 180, conditions=list(conditions), **fields)


@pytest.mark.parametrize("conditions, coins, counters, after", [
    (["poisoned"], [], 1, ["poisoned"]),
    (["burned"], ["heads"], 2, []),
    (["burned"], ["tails"], 2, ["burned"]),
    (["poisoned", "burned"], ["tails"], 3, ["burned", "poisoned"]),
    (["asleep"], ["heads"], 0, []),
    (["asleep"], ["tails"], 0, ["asleep"]),
    (["burned", "asleep"], ["heads", "tails"], 2, ["asleep"]),
    (["burned", "asleep"], ["tails", "heads"], 2, ["burned"]),
    (["confused"], [], 0, ["confused"]),
])
def test_each_condition(conditions, coins, counters, after):
    result = ruling(board(opp=cond(*conditions), coins=coins))
    assert result["counters"].get("opponent.active", 0) == counters
    got = (result["conditions"] or {}).get("opponent.active", sorted(conditions))
    assert got == sorted(after)
    assert "guide-ja:I-F" in result["citations"]


def test_paralysis_recovers_after_its_owners_turn_only():
    result = ruling(board(you=mon("ヒトカゲ", ["fire"], 70, conditions=["paralyzed"]), opp=cond("paralyzed")))
    assert result["conditions"] == {"you.active": []}
    texts = [s["text"] for s in steps(result, "paralysis")]
    assert "recovers" in texts[0] and "stays Paralyzed" in texts[1]


def test_both_players_at_once_and_the_coin_order():
    you = mon("ヒトカゲ", ["fire"], 70, conditions=["burned", "asleep"])
    opp = cond("burned", "asleep")
    result = ruling(board(you=you, opp=opp, coins=["heads", "tails", "tails", "heads"]))
    # Burn flips first (you, then opponent), then Sleep flips (you, then opponent).
    assert result["conditions"] == {"you.active": ["asleep"], "opponent.active": ["burned"]}


def test_missing_coins_name_every_flip():
    you = mon("ヒトカゲ", ["fire"], 70, conditions=["burned"])
    with pytest.raises(ScenarioError) as err:
        ruling(board(you=you, opp=cond("asleep"), coins=["heads"]))
    message = str(err.value)
    assert "coin flip 1: you.active ヒトカゲ is Burned" in message
    assert "coin flip 2: opponent.active カメックス is Asleep" in message
    assert "`coins` gives 1" in message


def test_extra_coins_are_an_error():
    with pytest.raises(ScenarioError, match="needs 0 coin flip"):
        ruling(board(opp=cond("poisoned"), coins=["heads"]))


@pytest.mark.parametrize("effects, condition, counters", [
    ([{"kind": "poison_counters", "set": 4}], "poisoned", 4),
    ([{"kind": "poison_counters", "set": 4}, {"kind": "poison_counters", "set": 2}], "poisoned", 4),
    ([{"kind": "burn_counters", "set": 4}, {"kind": "burn_counters", "add": 3}], "burned", 7),
    ([{"kind": "burn_counters", "add": 3}, {"kind": "burn_counters", "add": 3}], "burned", 8),
    ([{"kind": "poison_counters", "add": 5}], "poisoned", 6),
])
def test_counter_modifiers(effects, condition, counters):
    coins = ["tails"] if condition == "burned" else []
    result = ruling(board(opp=cond(condition, effects=effects), coins=coins))
    assert result["counters"]["opponent.active"] == counters


@pytest.mark.parametrize("condition", ["poisoned", "burned"])
@pytest.mark.parametrize("field,cited,not_cited", [("set", "guide-ja:II-E-16", "guide-ja:II-E-17"),
                                                   ("add", "guide-ja:II-E-17", "guide-ja:II-E-16")])
def test_a_counter_effect_cites_becomes_n_or_n_more(condition, field, cited, not_cited):
    scenario = load(board(opp=cond(condition, effects=[{"kind": COUNTER_KIND[condition], field: 4}]),
                          coins=["tails"] if condition == "burned" else []))
    mon = scenario.at("opponent.active")
    count, _, cites = counters_for(Board(scenario), mon, condition)
    assert count == (4 if field == "set" else BASE_COUNTERS[condition] + 4)
    assert cited in cites and not_cited not in cites


@pytest.mark.parametrize("key", ["poison", "burn"])
def test_the_checkup_counter_steps_cite_the_counter_sections_only_as_variants(key):
    # Ⅱ-E-16/E-17 decide the count only when an effect changes it (the effect cites them).
    assert procedure_step("checkup", key).cite == ("guide-ja:I-F", "wiki-ja:ポケモンチェックの手順")
    assert see_also("checkup", key) == ("guide-ja:II-E-16", "guide-ja:II-E-17")


def test_an_active_only_ability_does_nothing_from_the_bench():
    momo = mon("モモワロウ", ["psychic"], 110, abilities=["もうどくしはい"])
    active = ruling(board(you=momo, opp=cond("poisoned")))
    benched = board(opp=cond("poisoned"))
    benched["you"]["bench"] = [momo]
    assert active["counters"]["opponent.active"] == 6
    assert ruling(benched)["counters"]["opponent.active"] == 1


def test_a_condition_received_before_protection_stays():
    guard = {"name": "てんねん", "declared": False, "effect": {"kind": "prevent_effects"}}
    result = ruling(board(opp=cond("poisoned", abilities=[guard], effects=[{"kind": "poison_counters", "set": 4}])))
    assert result["counters"]["opponent.active"] == 4
    assert "guide-ja:II-C-17/faq-2" in result["citations"]


def test_knock_outs_on_both_sides_and_the_game_end():
    you = mon("ヒトカゲ", ["fire"], 70, damage=60, conditions=["poisoned"])
    opp = mon("ゼニガメ", ["water"], 70, damage=60, conditions=["poisoned"])
    result = ruling(board(you=you, opp=opp, you_bench=0, opp_bench=0))
    assert sorted(result["knocked_out"]) == ["opponent.active", "you.active"]
    assert result["prizes_taken"] == {"you": 1, "opponent": 1}
    assert result["winner"] == "draw"
    assert "guide-ja:I-A-01" not in result["citations"]


def test_no_knock_out_no_winner():
    result = ruling(board(opp=cond("poisoned")))
    assert result["knocked_out"] == [] and result["winner"] is None


@SETTINGS
@given(rule=st.sampled_from(sorted(PRIZES_BY_RULE)), prizes=st.integers(1, 6), damage=st.integers(0, 9),
       conditions=st.sampled_from([["poisoned"], ["poisoned", "burned"], ["burned"]]),
       set_=st.one_of(st.none(), st.integers(1, 8)), bench=st.integers(0, 2))
def test_a_knock_out_never_gives_more_prizes_than_the_rule_box_says(rule, prizes, damage, conditions, set_, bench):
    effects = [{"kind": "poison_counters", "set": set_}] if set_ else []
    opp = mon("ターゲット", ["water"], 100, rule=rule, damage=damage * 10, conditions=conditions, effects=effects)
    data = board(opp=opp, coins=["tails"] if "burned" in conditions else [], opp_bench=bench)
    data["you"]["prizes"] = prizes
    result = ruling(data)
    taken = result["prizes_taken"]["you"]
    assert taken <= PRIZES_BY_RULE[rule] and taken <= prizes
    assert (taken > 0) is ("opponent.active" in result["knocked_out"])
    if taken:
        assert result["winner"] == ("you" if taken >= prizes or bench == 0 else None)


@SETTINGS
@given(you=st.sampled_from([[], ["poisoned"], ["burned"], ["asleep"], ["poisoned", "asleep"]]),
       opp=st.sampled_from([[], ["poisoned"], ["burned"], ["asleep"], ["burned", "paralyzed"]]),
       data=st.data())
def test_the_checkup_needs_exactly_one_coin_per_burn_and_sleep(you, opp, data):
    needed = sum(c in ("burned", "asleep") for c in you + opp)
    coins = data.draw(st.lists(st.sampled_from(["heads", "tails"]), min_size=needed, max_size=needed))
    result = ruling(board(you=mon("ヒトカゲ", ["fire"], 70, conditions=you), opp=cond(*opp), coins=coins))
    flips = [s for s in result["steps"] if s["step"] in ("burn", "sleep")]
    assert [s["value"] for s in flips] == coins


def test_the_checkup_knock_out_steps_cite_its_own_procedure():
    opp = mon("ゼニガメ", ["water"], 70, damage=60, conditions=["poisoned"])
    result = ruling(board(opp=opp))
    checks = steps(result, "knockout_check")
    assert len(checks) == 2  # the heading step, then ゼニガメ's
    assert all(s["cite"][:2] == ["guide-ja:I-F", "guide-ja:I-D"] for s in checks)
    assert "guide-ja:I-A-01" not in [c for s in checks for c in s["cite"]]


def test_knockout_check_cites_the_procedure_it_is_given():
    from judgebot.engine.procedures import knockout
    from judgebot.engine.ruling.trace import Ruling

    scenario = load(board(opp=mon("ゼニガメ", ["water"], 70)))
    for procedure, first in (("attack", "guide-ja:I-A-01"), ("checkup", "guide-ja:I-F")):
        record = Ruling(file="t", ask=procedure)
        knockout.check(scenario, Board(scenario), record, {"opponent.active": 70}, {}, procedure=procedure)
        assert [s["cite"][0] for s in record.steps if s["step"] == "knockout_check"] == [first]


@pytest.mark.parametrize("turn", [{"number": 2, "first": "you"}, {"number": 5, "first": "opponent"}])
def test_the_loader_checks_turn_first_for_a_checkup_too(turn):
    with pytest.raises(ScenarioError, match=r"turn\.first: turn \d is the turn of the player who went"):
        load(board(opp=cond("poisoned"), turn=turn))
