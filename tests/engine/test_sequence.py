"""A `sequence` follows the turn (issue 27): each entry is read and ruled on the board the
entry before it left, and an attack ends the turn (Ⅰ-A-01) — an entry after it is
refused for that reason first and alone."""

from __future__ import annotations

import re

import pytest

from judgebot.errors import ScenarioError
from judgebot.i18n import localized_card_name
from tests.engine.helpers import load, ruling

ZOROARK = {"name": "Nのゾロアークex", "card": "SV9", "stage": "stage1", "evolves_from": "Nのゾロア", "rule": "ex",
           "types": ["darkness"], "hp": 280, "abilities": ["とりひき"]}


def _turn(*asks, you=None, **top) -> dict:
    data = {
        "format": 2,
        "turn": {"number": 3},
        "you": you or {
            "deck": 30,
            "hand": ["Nのゾロアークex", "リーリエの決心", "ガーディ", "fire", "ポケモンいれかえ"],
            "active": {"name": "ヒトカゲ", "types": ["fire"], "hp": 70, "retreat": 1, "energy": ["fire", "fire"],
                       "attacks": [{"name": "ひのこ", "cost": ["fire"], "damage": 30}]},
            "bench": [{"name": "Nのゾロア", "types": ["darkness"], "hp": 70}],
        },
        "opponent": {"active": {"name": "ゼニガメ", "types": ["water"], "hp": 70}},
        "ask": {"sequence": list(asks)},
    }
    data.update(top)
    return data


def test_an_evolved_pokemon_is_what_the_next_entry_sees():
    """At the start you.bench[0] (Nのゾロア) has no Ability; after the first entry it is
    Nのゾロアークex, whose とりひき the second entry uses."""
    result = ruling(_turn({"evolve": {"target": "you.bench[0]", "card": ZOROARK}},
                          {"ability": {"by": "you.bench[0]", "name": "とりひき"}}))
    assert [entry["allowed"] for entry in result["sequence"]] == [True, True]


def test_a_spot_filled_by_an_entry_can_be_named_by_the_next():
    result = ruling(_turn({"bench": {"card": {"name": "ガーディ", "types": ["fire"], "hp": 70}}},
                          {"attach": {"energy": "fire", "to": "you.bench[1]"}}))
    assert result["allowed"] is True
    assert result["board"]["you.bench[1]"]["energy"] == ["fire"]


def test_what_is_not_there_when_the_entry_is_ruled_is_the_usual_error_at_that_entry():
    with pytest.raises(ScenarioError) as error:
        ruling(_turn({"attach": {"energy": "fire", "to": "you.active"}},
                     {"ability": {"by": "you.bench[0]", "name": "とりひき"}}))
    assert error.value.path == "ask.sequence[1].ability.name"
    assert "Nのゾロア at you.bench[0] has no Ability 'とりひき'" in str(error.value)
    assert re.match(r"test\.yaml:\d+:\d+: ask\.sequence\[1\]\.ability\.name: ", str(error.value))
    with pytest.raises(ScenarioError) as error:
        ruling(_turn({"attach": {"energy": "fire", "to": "you.active"}},
                     {"attach": {"energy": "fire", "to": "you.bench[3]"}}))
    assert error.value.path == "ask.sequence[1].attach.to"
    assert "no Pokémon at you.bench[3]" in str(error.value)


def test_the_first_entry_is_still_checked_when_the_file_is_read():
    with pytest.raises(ScenarioError) as error:
        load(_turn({"ability": {"by": "you.bench[0]", "name": "とりひき"}}))
    assert error.value.path == "ask.sequence[0].ability.name"


def test_an_entry_error_names_the_entry_not_a_single_ask():
    card = dict(ZOROARK, name="ゾロアーク")  # not in the hand
    with pytest.raises(ScenarioError) as error:
        ruling(_turn({"attach": {"energy": "fire", "to": "you.active"}},
                     {"evolve": {"target": "you.bench[0]", "card": card}}))
    assert error.value.path.startswith("ask.sequence[1].evolve.card")


AFTER = {
    "attach": {"energy": "fire", "to": "you.active"},
    "retreat": {"to": "you.bench[0]"},
    "bench": {"card": {"name": "ガーディ", "types": ["fire"], "hp": 70}},
    "evolve": {"target": "you.bench[0]", "card": ZOROARK},
    "play": {"card": "リーリエの決心"},
    "attack": {"name": "ひのこ"},
}


@pytest.mark.parametrize("kind", sorted(AFTER))
def test_after_an_attack_the_turn_is_over(kind):
    result = ruling(_turn({"attack": {"name": "ひのこ"}}, {kind: AFTER[kind]}))
    attack, after = result["sequence"]
    assert attack["allowed"] is True and after["allowed"] is False
    assert after["steps"] == []
    assert [r["cite"] for r in after["reasons"]] == [["guide-ja:I-A-01"]]
    # the attack named as the ruling's language names it (Ember in English)
    assert localized_card_name("ひのこ", "en") in after["reasons"][0]["text"] and "turn" in after["reasons"][0]["text"]
    assert result["allowed"] is False


def test_after_an_attack_the_turn_is_over_even_when_another_rule_would_refuse_too():
    """Energy was attached already this turn: still, the reason is the turn's end (the
    first rule that stops it), not "already attached"."""
    result = ruling(_turn({"attach": {"energy": "fire", "to": "you.active"}}, {"attack": {"name": "ひのこ"}},
                          {"attach": {"energy": "fire", "to": "you.bench[0]"}}))
    assert [r["cite"] for r in result["sequence"][2]["reasons"]] == [["guide-ja:I-A-01"]]


def test_nothing_after_the_refused_entry_is_ruled():
    result = ruling(_turn({"attack": {"name": "ひのこ"}}, {"attach": AFTER["attach"]}, {"retreat": AFTER["retreat"]}))
    assert len(result["sequence"]) == 2


@pytest.mark.parametrize("lang", ["en", "ja", "zh", "ko"])
def test_the_reason_is_said_in_every_language(lang):
    from judgebot.engine import rule

    shown = rule(load(_turn({"attack": {"name": "ひのこ"}}, {"retreat": AFTER["retreat"]}))).to_dict(lang)
    text = shown["sequence"][1]["reasons"][0]["text"]
    assert localized_card_name("ひのこ", lang) in text and "{" not in text


def test_a_played_item_puts_its_effect_in_force_for_the_next_entries():
    """パワープロテイン ("During this turn, attacks used by your {F} Pokémon do 30 more damage to
    your opponent's Active Pokémon"): carried out (resolve: true), its effect is on its player
    from then on — the attack after it in the sequence does 30 more; the same attack without
    the Item does not."""
    fighter = {"name": "ルカリオ", "types": ["fighting"], "hp": 130, "energy": ["fighting"],
               "attacks": [{"name": "はどうだん", "cost": ["fighting"], "damage": 60}]}
    you = {"hand": ["パワープロテイン"], "active": fighter}
    with_item = ruling(_turn({"play": {"card": "パワープロテイン", "resolve": True}},
                             {"attack": {"name": "はどうだん"}}, you=you))
    assert with_item["sequence"][1]["damage"] == {"opponent.active": 90}
    said = [s for s in with_item["sequence"][0]["steps"] if "its effect is now in force" in s["text"]]
    assert len(said) == 1 and "guide-ja:II-B-04" in said[0]["cite"]
    happens = [s for s in with_item["sequence"][0]["steps"] if s["step"] == "nothing_happens"]
    assert len(happens) == 1 and "its effect is put in force" in happens[0]["text"]  # not "no `does` words"
    without = ruling(_turn({"attack": {"name": "はどうだん"}}, you=you))
    assert without["sequence"][0]["damage"] == {"opponent.active": 60}
