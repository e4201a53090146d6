"""The templates read the printed texts into the Format 2 they mean, English and Japanese
alike (tests/cardtext/cases.py), and say what they do not read."""

from __future__ import annotations

import pytest

from judgebot.cardtext import APPLIED, NOT_MODELLED, read
from tests.cardtext.cases import ONE_PRINT, SAME, STATUS


@pytest.mark.parametrize("card,part,kwargs,english,japanese,expected", SAME, ids=[c[0] for c in SAME])
def test_both_prints_read_to_the_same_format2(card, part, kwargs, english, japanese, expected):
    en = read(english, "en", part, name="X", **kwargs)
    ja = read(japanese, "ja", part, name="X", **kwargs)
    assert (en.status, en.format2) == (APPLIED, expected), en.unread
    assert (ja.status, ja.format2) == (APPLIED, expected), ja.unread


@pytest.mark.parametrize("card,part,kwargs,lang,text,expected", ONE_PRINT, ids=[f"{c[0]} ({c[3]})" for c in ONE_PRINT])
def test_a_one_print_text_reads_to_its_format2(card, part, kwargs, lang, text, expected):
    reading = read(text, lang, part, name="X", **kwargs)
    assert (reading.status, reading.format2) == (APPLIED, expected), reading.unread


@pytest.mark.parametrize("part,kwargs,lang,text,status,detail", STATUS, ids=[c[3][:40] for c in STATUS])
def test_what_is_not_applied_says_why(part, kwargs, lang, text, status, detail):
    reading = read(text, lang, part, **kwargs)
    assert reading.status == status
    assert reading.format2 == {}
    if status == NOT_MODELLED:
        assert reading.unread.startswith(detail)
        assert reading.listed == ()
    else:
        assert [item.why for item in reading.listed] == detail
        assert reading.ruled


def test_a_text_is_never_half_applied():
    # The first sentence alone would read (a self-damage); the second does not: nothing is applied.
    reading = read("This Pokémon also does 30 damage to itself. Double the number of damage counters on each of "
                   "your opponent's Pokémon.", "en", "attack", damage=100)
    assert reading.status == NOT_MODELLED and reading.format2 == {}


def test_the_printed_damage_and_the_formula_agree():
    # "180+" needs a "more damage" template; a plain 180 with "for each heads" is no × attack.
    assert read("Draw a card.", "en", "attack", damage="180+").status == NOT_MODELLED
    reading = read("This attack does 30 more damage for each Energy attached to this Pokémon.", "en", "attack",
                   damage="30×")
    assert reading.status == NOT_MODELLED


def test_a_deck_reading_among_applied_sentences_is_listed():
    reading = read("Heal 30 damage from this Pokémon. Draw a card.", "en", "attack", damage=30)
    assert reading.status == APPLIED
    assert reading.format2 == {"do": [{"heal": {"target": "self", "amount": 30}}]}
    assert [(item.text, item.why) for item in reading.listed] == [("Draw a card.", "deck")]


def test_a_trainer_cost_and_deck_reading_gives_its_does_words():
    """Ultra Ball: the cost is read (pay), the search is listed — and, like an Ability's, its
    `does` word is kept for the nothing-would-happen check (Ⅰ-B-01 step 1); both prints alike."""
    en = read("You can use this card only if you discard 2 other cards from your hand. Search your deck for a "
              "Pokémon, reveal it, and put it into your hand. Then, shuffle your deck.", "en", "trainer",
              name="Ultra Ball", kind="item")
    assert en.status == APPLIED
    assert en.format2 == {"pay": [{"discard_hand": 2}], "does": ["search_deck"]}
    ja = read("このカードは、自分の手札を2枚トラッシュしなければ使えない。自分の山札からポケモンを1枚選び、相手に見せて、"
              "手札に加える。そして山札を切る。", "ja", "trainer", name="ハイパーボール", kind="item")
    assert ja.format2 == en.format2


def test_an_ability_used_once_a_turn():
    reading = read("Once during your turn, you may use this Ability. Heal 30 damage from each of your Pokémon.", "en",
                   "ability", name="Healing Wind")
    assert reading.format2 == {"declared": True, "once_per_turn": True,
                               "do": [{"heal": {"target": {"each": {"side": "own"}}, "amount": 30}}]}
    ja = read("自分の番に1回使える。自分のポケモン全員のHPを、それぞれ「30」回復する。", "ja", "ability", name="いやしのかぜ")
    assert ja.format2 == reading.format2


def test_an_ability_on_evolving_is_a_trigger():
    reading = read("When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may "
                   "switch in 1 of your opponent's Benched Pokémon to the Active Spot.", "en", "ability", name="Lure")
    assert reading.format2 == {"declared": False, "effect": [{
        "kind": "trigger", "name": "Lure", "on": "evolved",
        "do": [{"switch": {"side": "opponent", "chosen_by": "own",
                           "to": {"choose": {"side": "opponent", "position": "bench"}}, "you_may": True}}]}]}


def test_a_passive_ability_and_a_damaged_trigger():
    passive = read("This Pokémon takes 30 less damage from attacks (after applying Weakness and Resistance).", "en",
                   "ability", name="Wall")
    assert passive.format2 == {"effect": [{"kind": "damage_taken", "amount": -30}], "declared": False}
    trigger = read("If this Pokémon is in the Active Spot and is damaged by an attack from your opponent's Pokémon "
                   "(even if this Pokémon is Knocked Out), place 3 damage counters on the Attacking Pokémon.", "en",
                   "ability", name="Spikes")
    assert trigger.format2 == {"effect": [{"kind": "trigger", "name": "Spikes", "on": "damaged",
                                           "from": {"side": "opponent"},
                                           "do": [{"place_counters": {"target": "attacker", "count": 3}}],
                                           "when": {"position": "active"}}], "declared": False}


def test_unknown_language_or_part_is_an_error():
    with pytest.raises(ValueError):
        read("Draw a card.", "fr", "attack")
    with pytest.raises(ValueError):
        read("Draw a card.", "en", "spell")


def test_the_reading_as_data():
    out = read("Draw a card.", "en", "attack").to_dict()
    assert out["status"] == "not_applied" and out["listed"][0]["why"] == "deck" and "because" in out["listed"][0]
