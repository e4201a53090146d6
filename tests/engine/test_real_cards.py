"""Scenarios that name real cards (SCENARIOS.md "Real cards"): printed keys filled in,
written keys winning, the texts met applied or refused, values no print gives asked for
where needed, and every bad input one line `file:line:col: key: …`."""

from __future__ import annotations

import re

import pytest

from judgebot.engine import rule
from judgebot.engine.format.scenario import parse_scenario
from judgebot.errors import NotModelledError, ScenarioError

PLACE = re.compile(r"^x\.yaml:\d+:\d+: [\w.\[\]]+: ")


def ruling(text: str) -> dict:
    return rule(parse_scenario(text, "x.yaml")).to_dict()


def refused(text: str, error=ScenarioError) -> str:
    with pytest.raises(error) as info:
        ruling(text)
    message = str(info.value)
    assert "\n" not in message and PLACE.match(message), message
    return message


ATTACK = """format: 2
you:
  active: {card: Lucario ex SCR 082, energy: [fighting, fighting, colorless]}
opponent:
  active: %s
ask:
  attack: Aura Knuckle
"""


def test_printed_keys_are_filled_in():
    result = ruling(ATTACK % "{card: Pikachu ex ASC 276}")
    assert result["damage"] == {"opponent.active": 240}  # 120, × 2: Pikachu ex is weak to Fighting
    assert result["cards"][0] == {"at": "you.active", "card": "sv07-082", "name": "Lucario ex SCR 082",
                                  "print": "SCR 082",
                                  "text": [{"part": "attack", "name": "Aura Knuckle", "applied": True,
                                            "why": "it prints no text", "quote": ""}]}
    assert result["cards"][1]["card"] == "me02.5-276" and result["cards"][1]["print"] == "ASC 276"


def test_keys_written_beside_card_win():
    scenario = parse_scenario(ATTACK % "{card: Pikachu ex ASC 276, hp: 250, weakness: null}", "x.yaml")
    mon = scenario.at("opponent.active")
    assert mon.hp == 250 and mon.weakness == () and mon.types == ("lightning",) and mon.rule == "ex"
    assert rule(scenario).to_dict()["damage"] == {"opponent.active": 120}


def test_a_name_in_any_language_and_a_bare_name():
    text = """format: 2
you:
  active: {card: ルカリオex, energy: [fighting, fighting, colorless]}
  bench: [Dreepy, 드래펄트ex]
opponent:
  active: 피카츄ex ASC 276
ask:
  attack: はどうナックル
"""
    scenario = parse_scenario(text, "x.yaml")
    assert scenario.at("you.bench[1]").real == "sv06-130" and scenario.at("you.bench[1]").name == "드래펄트ex"
    assert rule(scenario).to_dict()["damage"] == {"opponent.active": 240}


def test_the_asked_attack_narrows_the_candidates():
    text = """format: 2
you:
  active: {card: Charizard ex, energy: [fire, fire, fire, fire]}
opponent:
  active: {card: Pikachu ex ASC 276}
ask:
  attack: Explosive Vortex
"""
    result = ruling(text)  # MEW 006 (Fire), the Charizard ex that has Explosive Vortex
    assert result["cards"][0]["card"] == "sv03.5-006" and result["damage"] == {"opponent.active": 330}
    assert result["cards"][0]["text"] == [{"part": "attack", "name": "Explosive Vortex", "applied": True,
                                           "why": "read from its printed text",
                                           "quote": "Discard 3 Energy from this Pokémon."}]
    assert result["discarded"]["you"] == ["fire", "fire", "fire"]  # its text, applied


def test_an_ambiguous_name_lists_every_card_and_how_to_pin_one():
    message = refused(ATTACK.replace("Aura Knuckle", "Low Kick") % "{card: Charizard ex}")
    assert message.startswith("x.yaml:5:12: opponent.active.card: 'Charizard ex' names 2 different cards: ")
    assert "OBF 125" in message and "MEW 006" in message and "Darkness" in message and "Fire" in message
    assert "pin one" in message


def test_an_unknown_name_gives_the_nearest_names():
    message = refused(ATTACK % "{card: Pikachuu ex}")
    assert "unknown card 'Pikachuu ex'; did you mean: Pikachu ex (en)" in message


def test_a_pinned_print_that_does_not_exist():
    message = refused(ATTACK % "{card: Pikachu ex OBF 999}")
    assert "unknown card 'Pikachu ex OBF 999'" in message
    message = refused(ATTACK % "{card: Pikachu ex OBF 125}")
    assert message.endswith("OBF 125 is Charizard ex, not 'Pikachu ex'")


def test_a_trainer_is_not_a_pokemon():
    message = refused(ATTACK % "Rare Candy")
    assert message == ("x.yaml:5:3: opponent.active: 'Rare Candy' is a Trainer card (item), not a Pokémon: "
                       "it cannot be the Active Pokémon")
    message = refused(ATTACK.replace("  active: %s", "  active: {card: Pikachu ex ASC 276}\n  bench: [Jamming Tower]")
                      .replace("%s", ""))
    assert "'Jamming Tower' is a Trainer card (stadium), not a Pokémon: it cannot be a Benched Pokémon" in message


def test_an_attack_text_is_read_from_the_card_and_applied():
    text = """format: 2
you:
  active: {card: Dragapult ex, energy: [fire, psychic]}
opponent:
  active: {card: Pikachu ex ASC 276}
  bench: [{card: Budew, damage: 20}]
ask:
  attack: {name: Phantom Dive}
"""
    result = ruling(text)  # "Put 6 damage counters on your opponent's Benched Pokémon in any way you like."
    assert result["damage"] == {"opponent.active": 200}
    assert result["counters"]["opponent.bench[0]"] == 8  # 2 + 6: Budew (30 HP) is Knocked Out too
    assert result["knocked_out"] == ["opponent.active", "opponent.bench[0]"]
    assert result["cards"][0]["text"][0]["why"] == "read from its printed text"


def test_an_attack_text_the_engine_has_no_meaning_for_is_refused_when_asked():
    text = """format: 2
you:
  active: {card: me03-059, energy: [metal]}
opponent:
  active: {card: Pikachu ex ASC 276}
ask:
  attack: Memory Lock
"""
    message = refused(text, NotModelledError)
    assert message.startswith("x.yaml:3:12: you.active.card: me03-059: the text of its attack Memory Lock is "
                              "not modelled: \"Choose 1 of your opponent's Active Pokémon's attacks.")
    assert "give it by hand: attacks: [{name: Memory Lock, do: [...]}]" in message
    assert "(no template reads \"Choose 1 of your opponent's Active Pokémon's attacks." in message
    # Given by hand, it is applied (the printed cost and damage kept).
    given = text.replace("energy: [metal]}", "energy: [metal], attacks: [{name: Memory Lock, do: []}]}")
    result = ruling(given)
    assert result["damage"] == {"opponent.active": 30}
    assert result["cards"][0]["text"][0] == {"part": "attack", "name": "Memory Lock", "applied": True,
                                             "why": "given by hand in the file",
                                             "quote": "Choose 1 of your opponent's Active Pokémon's attacks. During "
                                                      "your opponent's next turn, that Pokémon can't use that attack."}


def test_a_printed_damage_with_a_sign_needs_its_formula_by_hand():
    text = """format: 2
you:
  active: {card: Togedemaru ex, energy: [lightning, lightning], attacks: [{name: Spiky Rolling, do: []}]}
opponent:
  active: {card: Pikachu ex ASC 276}
ask:
  attack: Spiky Rolling
"""
    message = refused(text)  # "If this Pokémon used Spiky Rolling during your last turn …": no template reads it
    assert "Spiky Rolling: the card prints 80+ damage, which its text completes: give `damage:` as a formula" in message


def test_an_ability_in_force_is_read_from_the_card():
    result = ruling(ATTACK % "{card: Crustle DRI 012}")  # Lucario ex attacks: a Pokémon ex
    assert result["damage"] == {"opponent.active": 0}
    assert result["cards"][1]["text"][0]["name"] == "Mysterious Rock Inn" and result["cards"][1]["text"][0]["applied"]


def test_an_ability_in_force_without_a_meaning_is_refused_where_the_card_is_named():
    message = refused(ATTACK % "{card: Shedinja}", NotModelledError)
    assert message.startswith("x.yaml:5:12: opponent.active.card: Shedinja: its Ability Fragile Husk "
                              "is not modelled: \"If this Pokémon is Knocked Out by damage from an attack from your "
                              "opponent's Pokémon ex, your opponent can't take any Prize cards for it.\"")


def test_an_ability_used_by_the_player_is_refused_only_when_used():
    board = """format: 2
you:
  active: {card: Lucario ex SCR 082, energy: [fighting, fighting, colorless]}
  bench: [Pidgeot ex]
opponent:
  active: {card: Pikachu ex ASC 276}
ask:
  %s
"""
    assert ruling(board % "attack: Aura Knuckle")["allowed"] is True  # Quick Search is not met
    result = ruling(board % "ability: {by: you.bench[0], name: Quick Search}")  # its deck search: listed
    assert result["allowed"] is True
    why = next(u["text"][0]["why"] for u in result["cards"] if u["at"] == "you.bench[0]")
    assert why.startswith("read from its printed text; not applied: what it reads of the deck")
    board = board.replace("bench: [Pidgeot ex]", "bench: [Azumarill ex]")
    assert ruling(board % "attack: Aura Knuckle")["allowed"] is True  # Bubble Gathering is not met
    message = refused(board % "ability: {by: you.bench[0], name: Bubble Gathering}", NotModelledError)
    assert "its Ability Bubble Gathering is not modelled" in message


def test_a_value_no_print_gives_is_asked_for_only_when_needed():
    text = ATTACK.replace("Lucario ex SCR 082, energy: [fighting, fighting, colorless]",
                          "Oricorio ex, energy: [fire, fire, colorless]").replace("Aura Knuckle", "Fire Wing")
    message = refused(text % "{card: Charmeleon MFB 10}")
    assert message == ("x.yaml:5:12: opponent.active.weakness: Charmeleon MFB 10: the card data give no "
                       "weakness (MFB 10): write `weakness:` beside `card:` (null for none)")
    message = refused(text % "{card: Charmeleon MFB 10, weakness: {type: water}}")
    assert "opponent.active.resistance: Charmeleon MFB 10: the card data give no resistance" in message
    given = "{card: Charmeleon MFB 10, weakness: {type: water}, resistance: null}"
    assert ruling(text % given)["damage"] == {"opponent.active": 110}
    no_weakness = "{card: Charmeleon MFB 10, resistance: null, effects: [{kind: no_weakness}]}"
    assert ruling(text % no_weakness)["damage"] == {"opponent.active": 110}  # Weakness not needed: not asked


def test_tools_stadiums_and_effects_by_real_name():
    result = ruling(ATTACK % "{card: Pikachu ex ASC 276, tool: Hero's Cape}")
    assert result["knocked_out"] == []
    assert any(u["at"] == "opponent.active" and u["card"] == "me02.5-276" for u in result["cards"])
    assert any(u["card"] == "sv05-152" and u["text"][0]["applied"] for u in result["cards"])
    result = ruling(ATTACK % "{card: Pikachu ex ASC 276, tool: Rocky Helmet}")  # read from the card
    assert result["counters"]["you.active"] == 2
    message = refused(ATTACK % "{card: Pikachu ex ASC 276, tool: Backtrack Badge}", NotModelledError)
    assert "Backtrack Badge: its text is not modelled" in message and "(no template reads" in message
    message = refused(ATTACK % "{card: Pikachu ex ASC 276, tool: Rocky Helmett}", NotModelledError)
    assert "no real card has that name or number; did you mean: Rocky Helmet (en)" in message


def test_the_old_informational_set_code_is_kept_with_a_warning():
    text = """you:
  active: {name: ルカリオ, card: SV8, types: [fighting], hp: 130, attacks: [{name: x, cost: [], damage: 10}]}
opponent:
  active: {name: ゼニガメ, types: [water], hp: 70}
ask:
  attack: {name: x}
"""
    result = ruling(text)
    assert result["warnings"] == ["x.yaml:2:24: you.active.card: `card: SV8` beside `name:` is read as the set "
                                  "the card is from; write `set: SV8` (`card:` names a real card)"]
    assert result["cards"] is None


def test_a_bare_name_on_an_evolve_ask_is_a_plain_name_in_format_1():
    text = """you:
  active: {name: リオル, types: [fighting], hp: 70}
opponent:
  active: {name: ゼニガメ, types: [water], hp: 70}
ask:
  evolve: {target: you.active, card: ルカリオex}
"""
    scenario = parse_scenario(text, "x.yaml")
    assert scenario.ask.card.real is None and scenario.ask.card.stage == "basic"
    # In Format 2 it is a real card — here three Lucario ex: pin one.
    message = refused("format: 2\n" + text)
    assert "'ルカリオex' names 3 different cards" in message
    pinned = parse_scenario("format: 2\n" + text.replace("card: ルカリオex}", "card: ルカリオex SCR 082}"), "x.yaml")
    assert pinned.ask.card.real == "sv07-082" and pinned.ask.card.stage == "stage1"


def test_a_played_real_trainer_needs_what_it_does_unless_the_catalog_models_it():
    board = """format: 2
turn: {number: 3}
you:
  hand: [Ultra Ball, Premium Power Pro, Boss's Orders]
  active: {card: Dreepy}
opponent:
  active: {card: Pikachu ex ASC 276}
ask:
  play: %s
"""
    result = ruling(board % "{card: Ultra Ball}")  # its cost read, its deck search listed
    assert result["allowed"] is True
    assert next(u for u in result["cards"] if u["at"] == "ask")["text"][0]["why"].startswith(
        "read from its printed text; not applied: what it reads of the deck")
    message = refused(board.replace("Ultra Ball,", "Strange Timepiece,") % "{card: Strange Timepiece}",
                      NotModelledError)
    assert "Strange Timepiece: its text is not modelled" in message and "`does` and `pay` on the ask" in message
    result = ruling(board % "{card: Ultra Ball, does: [search_deck], pay: [{discard_hand: 2}]}")
    assert result["allowed"] is True
    assert any(u["at"] == "ask" and u["card"] == "sv01-196" for u in result["cards"])
    result = ruling(board % "{card: Premium Power Pro}")  # パワープロテイン in the catalog
    assert result["allowed"] is True and any(u["card"] == "me01-124" for u in result["cards"])


def test_the_ancient_and_future_mark_is_asked_where_a_text_reads_it():
    # Future Booster Energy Capsule: "The Future Pokémon this card is attached to has no Retreat
    # Cost, and the attacks it uses do 20 more damage …": no card data give the mark.
    text = """format: 2
you:
  active: {card: Iron Hands ex, energy: [lightning, lightning, colorless], tool: Future Booster Energy Capsule%s}
opponent:
  active: {name: Opp, types: [colorless], hp: 300}
ask:
  attack: Arm Press
"""
    message = refused(text % "")
    assert message.startswith("x.yaml:3:12: you.active.tags: Iron Hands ex: the card data do not say whether it is "
                              "an Ancient or a Future Pokémon")
    assert ruling(text % ", tags: [future]")["damage"] == {"opponent.active": 180}  # 160 + 20
    assert ruling(text % ", tags: []")["damage"] == {"opponent.active": 160}


def test_a_pokemon_that_cannot_be_affected_by_special_conditions():
    # Ancient Booster Energy Capsule: "+60 HP, recovers from all Special Conditions, and can't be
    # affected by any Special Conditions."
    text = """format: 2
you:
  active: {name: Me, types: [psychic], hp: 100, energy: [psychic],
           attacks: [{name: Hypno, cost: [psychic], damage: 10, do: [{condition: {target: defending, add: [asleep]}}]}]}
opponent:
  active: {card: Roaring Moon ex, tags: [ancient], tool: Ancient Booster Energy Capsule%s}
ask:
  attack: Hypno
"""
    result = ruling(text % "")
    assert not (result.get("conditions") or {}).get("opponent.active")  # Asleep is not given
    assert any("cannot be affected by Special Conditions" in step["text"] for step in result["steps"])
    message = refused(text % ", conditions: [poisoned]")
    assert "opponent.active.conditions: Roaring Moon ex cannot be affected by Special Conditions (Ancient Booster " \
           "Energy Capsule, guide-ja:I-F): it has none; remove `conditions`" in message


def test_a_played_trainer_carried_out_changes_the_board_or_is_refused():
    # Switch is in the catalog with `does: [switch_own]` and no actions: carried out, its
    # actions are read from the printed text of the real card it is linked to.
    text = """format: 2
you:
  hand: [%s]
  active: {card: Pikachu ex ASC 276}
  bench: [Budew]
opponent:
  active: {card: Pikachu ex ASC 276}
  bench: [Budew]
ask:
  play: {card: %s%s}
"""
    assert ruling(text % ("Switch", "Switch", ""))["allowed"] is True  # whether it may be played needs no actions
    carried = ruling(text % ("Switch", "Switch", ", resolve: true"))
    assert carried["board"]["you.active"]["name"] == "Budew"
    assert carried["cards"][-1]["card"] == "sv01-194" and carried["cards"][-1]["text"][0]["applied"] is True
    # Guzma (古兹马): the catalog says what it does, no actions, and no template reads its card
    # text: carried out, it would say "carried out" with nothing switched — refused.
    message = refused(text % ("古兹马", "古兹马", ", resolve: true"), NotModelledError)
    assert "ask.play.card: 古兹马: what it does on the board (switch_opponent, switch_own) is not given as actions" \
        in message
    text = text.replace("hand: [%s]", "hand: [Switch]").replace("card: %s%s", "card: Switch%s")
    result = ruling(text % ", resolve: true, do: [{switch: {side: own, to: you.bench[0]}}]")
    assert result["board"]["you.active"]["name"] == "Budew"


def test_a_catalog_item_in_a_sequence_is_carried_out_from_its_card_text_and_listed():
    text = """format: 2
you:
  active: {name: Mover, types: [colorless], hp: 100, damage: 30, attacks: [{name: Hit, cost: [], damage: 10}]}
  hand: [Potion, Potion]
opponent:
  active: {name: Opp, types: [colorless], hp: 100}
ask:
  sequence:
    - play: {card: Potion}
    - play: {card: Potion}
"""
    result = ruling(text)
    first, second = result["sequence"]
    assert first["allowed"] is True and second["allowed"] is False  # healed 30: nothing left to heal (Ⅱ-C-06)
    assert result["board"]["you.active"]["counters"] == 0
    assert [(use["card"], use["text"][0]["applied"]) for use in result["cards"]] == [("sv01-188", True)]
