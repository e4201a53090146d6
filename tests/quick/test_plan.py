"""From the quick form to the scenario a judge would type: cards looked up in any
language, the attack's cost filled in, what a text needs shown, nothing guessed."""

from __future__ import annotations

import json

import pytest

from judgebot.engine import check_file
from judgebot.errors import InputError
from judgebot.quick import answer, asked_for, plan, read_form, text_needs
from judgebot.quick.plan import energy_words


def planned(**fields):
    return plan(read_form([(k, v) for k, vs in fields.items() for v in (vs if isinstance(vs, list) else [vs])]))


def test_the_charizard_question_is_four_short_lines():
    result = planned(you="charizard ex", attack="Burning Darkness", opp="iron hands ex", opp_prizes="3")
    assert result.yaml == ("format: 2\n"
                           "you: {active: {card: Charizard ex, energy: [fire, fire]}}\n"
                           "opponent: {active: Iron Hands ex, prizes: 3}\n"
                           "ask: {attack: Burning Darkness}\n")
    assert [o.value for o in result.attacks] == ["Burning Darkness"]  # the attack told the two cards apart


def test_cards_named_in_japanese_make_the_same_ruling_as_in_english(tmp_path):
    ja = planned(lang="ja", you="テツノカイナex", attack="アームプレス", opp="リザードンex OBF 125", opp_prizes="3")
    en = planned(you="Iron Hands ex", attack="Arm Press", opp="Charizard ex OBF 125", opp_prizes="3")
    assert "テツノカイナex" in ja.yaml and "アームプレス" in ja.yaml and "energy: [lightning, lightning, lightning]" in ja.yaml
    rulings = []
    for name, result in (("ja", ja), ("en", en)):
        path = tmp_path / f"{name}.yaml"
        path.write_text(result.yaml, encoding="utf-8")
        ruling = check_file(path)
        for spot in (ruling.get("board") or {}).values():
            spot and spot.pop("name")  # named as the file names it
        rulings.append({k: v for k, v in ruling.items() if k not in ("file", "steps", "cards", "reasons")})
    assert rulings[0] == rulings[1] and rulings[0]["damage"] == {"opponent.active": 160}


def test_the_attack_is_named_in_the_page_language():
    result = planned(lang="ja", you="Iron Hands ex", attack="Arm Press", opp="Charizard ex OBF 125")
    assert result.form.attack == "アームプレス" and "ask: {attack: アームプレス}" in result.yaml
    assert [o.value for o in result.attacks] == ["アームプレス", "ごっつあんプリファイ"]


def test_the_energy_is_the_attack_cost_until_the_judge_changes_it():
    first = planned(you="Iron Hands ex", attack="Arm Press", opp="Budew")
    assert first.form.you.energy == first.energy_prefill == "Lightning, Lightning, Lightning"  # {C} paid with {L}
    again = planned(you="Iron Hands ex", attack="Amp You Very Much", opp="Budew",
                    you_energy=first.energy_prefill, energy_auto=first.energy_prefill)
    assert again.form.you.energy == "Lightning, Lightning, Lightning, Lightning"  # unchanged: the new cost
    edited = planned(you="Iron Hands ex", attack="Amp You Very Much", opp="Budew", you_energy="L, L",
                     energy_auto=first.energy_prefill)
    assert "energy: [lightning, lightning]" in edited.yaml  # the judge's own
    none = planned(you="Iron Hands ex", attack="Amp You Very Much", opp="Budew", you_energy="",
                   energy_auto=first.energy_prefill)
    assert "energy" not in none.yaml  # emptied: no Energy attached


def test_a_name_several_cards_bear_offers_each_pinned():
    result = planned(you="Iron Hands ex", attack="Arm Press", opp="Charizard ex")
    assert result.yaml is None and result.opp.card is None
    values = [o.value for o in result.opp.candidates]
    assert values == ["Charizard ex OBF 125", "Charizard ex MEW 006"]
    pinned = planned(you="Iron Hands ex", attack="Arm Press", opp=values[1])
    assert pinned.opp.card["id"] != planned(you="Iron Hands ex", attack="Arm Press", opp=values[0]).opp.card["id"]


def test_an_unknown_name_offers_the_nearest_pokemon_and_a_trainer_is_no_pokemon():
    result = planned(you="Iron Defendr", opp="Budew")
    assert result.yaml is None
    assert "Iron Defender" not in [o.value for o in result.you.nearest]  # a Trainer: not for a Pokémon spot
    assert result.you.nearest and all(o.value for o in result.you.nearest)
    trainer = planned(you="Iron Defender", opp="Budew")
    assert trainer.you.card is None and trainer.yaml is None


def test_what_is_missing_is_said_in_the_page_language():
    from judgebot.i18n import render

    result = planned(lang="ko", you="Iron Hands ex")
    assert [render(m, "ko") for m in result.missing] == ["상대의 배틀 포켓몬 이름을 넣는다.", "기술을 고른다."]


@pytest.mark.parametrize("fields, shown", [
    ({"you": "Iron Hands ex", "opp": "Budew", "ask": "retreat"}, {"you_bench"}),
    ({"you": "Iron Hands ex", "opp": "Budew", "ask": "checkup", "you_cond": "burned"}, {"coins"}),
    ({"you": "Iron Hands ex", "opp": "Budew", "ask": "checkup", "you_cond": "poisoned"}, set()),
    ({"you": "Iron Hands ex", "opp": "Budew", "ask": "play", "trainer": "Boss's Orders"}, {"you_bench", "opp_bench"}),
    ({"you": "Iron Hands ex", "opp": "Budew", "ask": "play", "trainer": "Boss's Orders", "opp_bench": "Pidgey OBF 162"},
     {"you_bench", "opp_bench", "choose"}),
])
def test_the_fields_a_question_needs_are_shown(fields, shown):
    assert set(planned(**fields).fields) == shown


def test_text_needs_reads_english_and_japanese_wording():
    assert text_needs({"en": "Flip 2 coins. This attack does 30 damage for each heads."}) == ["coins"]
    assert text_needs({"ja": "相手のベンチポケモン1匹にも、20ダメージ。"}) == ["bench"]
    # A deck search is listed as not applied by the engine: no field asks for what it found.
    assert text_needs({"en": "Search your deck for up to 2 cards and put them into your hand."}) == []
    assert text_needs({"en": "", "ja": ""}) == []


def test_what_the_engine_asks_for_becomes_a_field():
    assert asked_for("coins") == "coins"
    assert asked_for("ask.attack.choose") == "choose" and asked_for("ask.attack.found") is None  # no such field
    assert asked_for("you.active.weakness") is None and asked_for(None) is None
    result = answer(read_form([("ask", "checkup"), ("you", "Iron Hands ex"), ("opp", "Budew"),
                               ("you_cond", "burned")]))
    assert result.ruling is None and result.need == "coins" and "coin flip 1" in result.error.detail
    ruled = answer(read_form([("ask", "checkup"), ("you", "Iron Hands ex"), ("opp", "Budew"),
                              ("you_cond", "burned"), ("coins", "t")]))
    assert ruled.error is None and ruled.ruling["counters"] == {"you.active": 2}
    json.dumps(ruled.to_json())


@pytest.mark.parametrize("text, expected", [
    ("fire, fire", ["fire", "fire"]), ("炎、炎", ["fire", "fire"]), ("2 fire", ["fire", "fire"]),
    ("fire ×2", ["fire", "fire"]), ("R R C", ["fire", "fire", "colorless"]), ("RRC", ["fire", "fire", "colorless"]),
    ("불꽃, 번개", ["fire", "lightning"]), ("Fire Energy, Jet Energy", ["fire", "Jet Energy"]), ("", []),
])
def test_energy_as_people_type_it(text, expected):
    assert energy_words(text) == expected


def test_more_energy_than_the_page_takes_is_refused():
    with pytest.raises(InputError):
        energy_words("20 fire")


def test_an_ability_asks_for_the_hand_it_discards_from_and_once_per_turn_holds():
    fields = [("ask", "ability"), ("you", "N's Zoroark ex"), ("ability", "Trade"), ("opp", "Budew")]
    asked = answer(read_form(fields))
    assert asked.need == "you_hand" and asked.error.path == "you.hand"
    allowed = answer(read_form(fields + [("you_hand", "Budew")]))
    assert allowed.ruling["allowed"] is True and "hand: [Budew]" in allowed.plan.yaml
    used = answer(read_form(fields + [("you_hand", "Budew"), ("done", "ability_used")]))
    assert "abilities_used: [Trade]" in used.plan.yaml  # written as the file's language names it …
    assert used.ruling["allowed"] is False  # … and it is the Ability とりひき all the same
    empty = answer(read_form(fields + [("you_hand", "0")]))
    assert "hand: []" in empty.plan.yaml and empty.ruling["allowed"] is False
