"""The quick ruling form read from a request's fields: limits, choices, numbers, lists."""

from __future__ import annotations

import pytest

from judgebot.errors import InputError
from judgebot.quick.form import MAX_FIELDS, MAX_TEXT, coin_words, names, read_form


def test_an_empty_form_is_a_form_of_defaults():
    form = read_form({})
    assert (form.lang, form.ask, form.turn, form.you.prizes, form.opp.prizes) == ("en", "attack", "later", 6, 6)
    assert not form.you.energy_given


def test_fields_are_read_with_their_types():
    form = read_form([("lang", "ja"), ("ask", "checkup"), ("you", "  リザードンex  "), ("you_damage", "3"),
                      ("you_cond", "burned"), ("you_cond", "asleep"), ("you_cond", "burned"), ("opp_prizes", "3"),
                      ("opp_bench", "Budew, ピジョットex、Pikachu ex ASC 276"), ("coins", "h t"), ("done", "retreated"),
                      ("you_energy", "")])
    assert form.you.name == "リザードンex" and form.you.counters == 3
    assert form.you.conditions == ("burned", "asleep")  # given twice: once
    assert form.opp.prizes == 3 and form.opp.bench == ("Budew", "ピジョットex", "Pikachu ex ASC 276")
    assert form.coins == ("heads", "tails") and form.done == ("retreated",)
    assert form.you.energy_given and form.you.energy == ""


@pytest.mark.parametrize("pairs, message", [
    ([("nope", "1")], "nope: not a field of the quick ruling form"),
    ([("you", "x" * (MAX_TEXT + 1))], f"you: at most {MAX_TEXT} characters"),
    ([("you", "a"), ("you", "b")], "you: given 2 times, expected once"),
    ([("lang", "fr")], "lang: expected one of en, ja, zh, ko, got 'fr'"),
    ([("ask", "evolve")], "ask: expected one of attack, retreat, ability, play, checkup"),
    ([("you_damage", "-1")], "you_damage: expected a whole number from 0 to 99, got '-1'"),
    ([("opp_prizes", "0")], "opp_prizes: expected a whole number from 1 to 6, got '0'"),
    ([("you_damage", "１")], "you_damage: expected a whole number"),
    ([("you_cond", "frozen")], "you_cond: expected one of asleep, burned"),
    ([("coins", "heads maybe")], "coins: expected heads or tails (h, t), got 'maybe'"),
    ([("you_bench", ",".join("abcdefghi"))], "you_bench: at most 8 names, got 9"),
    ([("done", "x")] * (MAX_FIELDS + 1), f"the form has {MAX_FIELDS + 1} values, over the limit of {MAX_FIELDS}"),
])
def test_what_the_form_cannot_take_is_refused_naming_the_field(pairs, message):
    with pytest.raises(InputError) as info:
        read_form(pairs)
    assert str(info.value).startswith(message), str(info.value)


@pytest.mark.parametrize("text, expected", [
    ("h t", ["heads", "tails"]), ("HTT", ["heads", "tails", "tails"]), ("heads, tails", ["heads", "tails"]),
    ("オモテ ウラ", ["heads", "tails"]), ("表、裏", ["heads", "tails"]), ("正面 反面", ["heads", "tails"]),
    ("앞면 뒷면", ["heads", "tails"]), ("", []),
])
def test_coin_results_as_people_write_them(text, expected):
    assert coin_words(text) == expected


def test_names_are_split_on_commas_of_every_script():
    assert names("Budew，ピジョットex、 Pikachu ex ; Iron Hands") == ["Budew", "ピジョットex", "Pikachu ex", "Iron Hands"]
