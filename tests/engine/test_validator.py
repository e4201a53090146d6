"""The scenario validator: every problem is one line with file, line, key path and
what was expected. The messages are pinned word for word."""

from __future__ import annotations

import pytest

from judgebot.engine.format.scenario import load_scenario, parse_scenario
from judgebot.errors import NotModelledError, ScenarioError

BASE = """\
title: base
you:
  active:
    name: リザードン
    types: [fire]
    hp: 180
    energy: [fire, fire, fire]
    attacks: [{name: バーニングダーク, cost: [fire, fire, colorless], damage: 120}]
  bench:
    - {name: ヒトカゲ, types: [fire], hp: 70}
opponent:
  active:
    name: ハガネール
    types: [metal]
    hp: 200
    weakness: {type: fire}
  effects:
    - {kind: damage_taken, amount: -30, applies_to: {side: own, types: [metal]}, from: {side: opponent}}
ask:
  attack: {name: バーニングダーク}
expect:
  damage: {opponent.active: 210}
"""

# (replace this, with that) -> the exact error line.
CASES = [
    ("hp: 180", "hp: 185",
     "rulings/x.yaml:6:5: you.active.hp: expected a positive multiple of 10 up to 990, got 185"),
    ("hp: 180", "hp: 0",
     "rulings/x.yaml:6:5: you.active.hp: expected a positive multiple of 10 up to 990, got 0"),
    ("hp: 180", "hp: '180'",
     "rulings/x.yaml:6:5: you.active.hp: expected a whole number, got '180'"),
    ("{name: ヒトカゲ, types: [fire], hp: 70}", "{name: ヒトカゲ, types: [fire], hp: 95}",
     "rulings/x.yaml:10:35: you.bench[0].hp: expected a positive multiple of 10 up to 990, got 95"),
    ("{name: ヒトカゲ, types: [fire], hp: 70}", "{name: ヒトカゲ, types: [fire], hp: 70, damage: 15}",
     "rulings/x.yaml:10:43: you.bench[0].damage: expected a multiple of 10 from 0 to 990, got 15"),
    ("    hp: 180\n", "    hp: 180\n    hpp: 1\n",
     "rulings/x.yaml:7:5: you.active.hpp: unknown key 'hpp'; did you mean 'hp'?"),
    ("    hp: 180\n", "    hp: 180\n    type: [fire]\n",
     "rulings/x.yaml:7:5: you.active.type: unknown key 'type'; did you mean 'types'?"),
    ("types: [fire]\n    hp: 180", "types: [fyre]\n    hp: 180",
     "rulings/x.yaml:5:13: you.active.types[0]: unknown type 'fyre'; expected one of grass, fire, water, "
     "lightning, psychic, fighting, darkness, metal, dragon, colorless, fairy (or their Japanese, Chinese or "
     "Korean names)"),
    ("{name: ヒトカゲ, types: [fire], hp: 70}", "{name: ヒトカゲ, types: [fire], hp: 70, damage: 70}",
     "rulings/x.yaml:10:43: you.bench[0].damage: 70 damage on ヒトカゲ with maximum HP 70: it would already be "
     "Knocked Out (guide-ja:I-D)"),
    ("types: [metal]", "types: [metal, fire, water]",
     "rulings/x.yaml:14:5: opponent.active.types: expected 1 to 2 types, got 3"),
    ("    - {name: ヒトカゲ, types: [fire], hp: 70}\n",
     "    - {name: ヒトカゲ, types: [fire], hp: 70}\n" * 6,
     "rulings/x.yaml:9:3: you.bench: at most 5 Benched Pokémon, got 6"),
    ("weakness: {type: fire}", "weakness: {type: fire, value: x3.5}",
     "rulings/x.yaml:16:28: opponent.active.weakness.value: expected x2 or +N (a multiple of 10 up to 990), got 'x3.5'"),
    ("weakness: {type: fire}", "weakness: {type: fire}\n    conditions: [asleep, paralyzed]",
     "rulings/x.yaml:17:5: opponent.active.conditions: asleep and paralyzed cannot be together: asleep, "
     "confused and paralyzed replace one another (guide-ja:I-F)"),
    ("weakness: {type: fire}", "weakness: {type: fire}\n    conditions: [sleepy]",
     "rulings/x.yaml:17:18: opponent.active.conditions[0]: unknown Special Condition 'sleepy'; expected one of "
     "asleep, burned, confused, paralyzed, poisoned"),
    ("{name: ヒトカゲ, types: [fire], hp: 70}", "{name: ヒトカゲ, types: [fire], hp: 70, conditions: [poisoned]}",
     "rulings/x.yaml:10:43: you.bench[0].conditions: a Benched Pokémon has no Special Conditions (guide-ja:I-F)"),
    ("    types: [metal]", "    types: [metal]\n    stage: stage4",
     "rulings/x.yaml:15:5: opponent.active.stage: unknown stage 'stage4'; expected one of basic, stage1, stage2"),
    ("    types: [metal]", "    types: [metal]\n    rule: ex-mega",
     "rulings/x.yaml:15:5: opponent.active.rule: unknown rule 'ex-mega'; expected one of none, ex, mega_ex, v, "
     "vstar, vmax, gx, tag_team, radiant"),
    ("attack: {name: バーニングダーク}", "attack: {name: かえんほうしゃ}",
     "rulings/x.yaml:20:12: ask.attack.name: リザードン at you.active has no attack 'かえんほうしゃ'; its attacks: "
     "バーニングダーク"),
    ("attack: {name: バーニングダーク}", "attack: {name: バーニングダーク}\n  retreat: {}",
     "rulings/x.yaml:19:1: ask: expected exactly one of attack, retreat, ability, evolve, bench, play, attach, "
     "checkup, game_end, setup, sequence; got 2 keys: attack, retreat"),
    ("attack: {name: バーニングダーク}", "fight: {name: バーニングダーク}",
     "rulings/x.yaml:20:3: ask.fight: unknown ask 'fight'; expected one of attack, retreat, ability, evolve, "
     "bench, play, attach, checkup, game_end, setup, sequence"),
    ("attack: {name: バーニングダーク}", "attack: {name: バーニングダーク, targets: [opponent.bench[0]]}",
     "rulings/x.yaml:20:38: ask.attack.targets[0]: no Pokémon at opponent.bench[0]: opponent has 0 Benched "
     "Pokémon"),
    ("attack: {name: バーニングダーク}", "attack: {name: バーニングダーク, targets: [opponent.bench]}",
     "rulings/x.yaml:20:38: ask.attack.targets[0]: expected a position such as you.active or opponent.bench[0], "
     "got 'opponent.bench'"),
    ("attack: {name: バーニングダーク}", "attack: {name: バーニングダーク, by: opponent.active}",
     "rulings/x.yaml:20:28: ask.attack.by: expected a position of you (you.active or you.bench[N]), got "
     "'opponent.active'"),
    ("attack: {name: バーニングダーク}", "retreat: {to: you.active}",
     "rulings/x.yaml:20:13: ask.retreat.to: expected a Bench position (you.bench[N]), got 'you.active'"),
    ("attack: {name: バーニングダーク}", "checkup: {now: true}",
     "rulings/x.yaml:20:13: ask.checkup.now: unknown key 'now'; allowed keys: "),
    ("attack: {name: バーニングダーク}", "setup: {you: {mulligans: -1}}",
     "rulings/x.yaml:20:17: ask.setup.you.mulligans: expected a whole number from 0 to 60, got -1"),
    ("attack: {name: バーニングダーク}", "game_end: {you: {took_all_prizes: yes please}}",
     "rulings/x.yaml:20:20: ask.game_end.you.took_all_prizes: expected true or false, got 'yes please'"),
    ("attack: {name: バーニングダーク}", "play: {card: ナゾのグッズ}",
     "rulings/x.yaml:20:3: ask.play: missing required key 'kind' (ナゾのグッズ is not an item, supporter, stadium "
     "or tool in the card catalog)"),
    ("attack: {name: バーニングダーク}", "evolve: {target: you.active, card: {name: メガリザードンex}, via: candy}",
     "rulings/x.yaml:20:57: ask.evolve.via: unknown way to evolve 'candy'; expected one of hand, rare_candy, "
     "effect"),
    ("attacks: [{name: バーニングダーク, cost: [fire, fire, colorless], damage: 120}]",
     "attacks: [{name: バーニングダーク, damage: 120}]",
     "rulings/x.yaml:8:15: you.active.attacks[0]: missing required key 'cost' for バーニングダーク ([] for an attack "
     "that needs no Energy)"),
    ("damage: 120}]", "damage: 120, bench_damage: [{target: opponent.bench[2], amount: 20}]}]",
     "rulings/x.yaml:8:92: you.active.attacks[0].bench_damage[0].target: no Pokémon at opponent.bench[2]: "
     "opponent has 0 Benched Pokémon"),
    ("damage: {opponent.active: 210}", "damage: {opponent.active: 210}\n  winner: me",
     "rulings/x.yaml:23:3: expect.winner: unknown winner 'me'; expected one of you, opponent, draw"),
    ("damage: {opponent.active: 210}", "damage: {opponent.active: 210}\n  verdict: ok",
     "rulings/x.yaml:23:3: expect.verdict: unknown key 'verdict'; allowed keys: allowed, failed, cost, damage, "
     "counters, conditions, knocked_out, prizes_taken, winner, extra_draws, board, discarded, triggered, sequence, cites"),
    ("damage: {opponent.active: 210}", "knocked_out: [opponent.bench[1]]",
     "rulings/x.yaml:22:17: expect.knocked_out[0]: no Pokémon at opponent.bench[1]: opponent has 0 Benched "
     "Pokémon"),
    ("damage: {opponent.active: 210}", "cites: [I-A-01]",
     "rulings/x.yaml:22:11: expect.cites[0]: expected a citation such as guide-ja:I-A-01, got 'I-A-01'"),
    ("title: base\n", "title: base\ncoins: [heads, edge]\n",
     "rulings/x.yaml:2:16: coins[1]: expected heads or tails, got 'edge'"),
    ("title: base\n", "title: base\nturn: {number: 0}\n",
     "rulings/x.yaml:2:8: turn.number: expected a whole number from 1 to 120, got 0"),
    ("title: base\n", "title: base\nturn: {first: me}\n",
     "rulings/x.yaml:2:8: turn.first: unknown player 'me'; expected one of you, opponent"),
    # turn.first against the turn number, for every ask (here an attack; evolve and play rely on it too).
    ("title: base\n", "title: base\nturn: {number: 4, first: you}\n",
     "rulings/x.yaml:2:19: turn.first: turn 4 is the turn of the player who went second, and it is your turn, so "
     "`first` must be opponent, not you"),
    ("title: base\n", "title: base\nturn:\n  number: 1\n  first: opponent\n",
     "rulings/x.yaml:4:3: turn.first: turn 1 is the turn of the player who went first, and it is your turn, so "
     "`first` must be you, not opponent"),
    ("title: base\n", "title: base\nturn: {first: opponent}\n",
     "rulings/x.yaml:2:8: turn.first: turn 3 is the turn of the player who went first, and it is your turn, so "
     "`first` must be you, not opponent"),
    ("title: base\n", "title: base\nstadium: {card: ロケット団の監視塔, owner: nobody}\n",
     "rulings/x.yaml:2:28: stadium.owner: unknown player 'nobody'; expected one of you, opponent"),
    ("{kind: damage_taken, amount: -30,", "{kind: damage_taken, amount: -35,",
     "rulings/x.yaml:18:28: opponent.effects[0].amount: expected a non-zero multiple of 10 (+N or -N) up to 990, got -35"),
    ("{kind: damage_taken, amount: -30,", "{kind: damage_tkn, amount: -30,",
     "rulings/x.yaml:18:8: opponent.effects[0].kind: unknown effect kind 'damage_tkn'; expected one of "
     "damage_dealt, damage_taken, prevent_damage, prevent_effects, no_weakness, no_resistance, weakness, "
     "retreat_cost, attack_cost, cant_retreat, cant_attack, attack_coin_check, no_abilities, no_tool_effects, "
     "cant_play, poison_counters, burn_counters, prizes_reduced, max_hp, provides, energy_units, energy_type, "
     "trigger, extra_prizes, survive, prevent_counters, no_conditions, types, usable_first_turn, "
     "ignore_defender_effects"),
    ("{kind: damage_taken, amount: -30,", "{kind: damage_taken, amount: -30, against: {side: own},",
     "rulings/x.yaml:18:41: opponent.effects[0].against: unknown key 'against'; allowed keys: kind, amount, from, "
     "discard_tool, applies_to, when, holder, if, per"),
    ("applies_to: {side: own, types: [metal]}", "applies_to: {side: mine, types: [metal]}",
     "rulings/x.yaml:18:54: opponent.effects[0].applies_to.side: unknown side 'mine'; expected one of own, "
     "opponent, both"),
    ("{kind: damage_taken, amount: -30, applies_to: {side: own, types: [metal]}, from: {side: opponent}}",
     "{kind: retreat_cost, delta: -1, none: true}",
     "rulings/x.yaml:18:7: opponent.effects[0]: kind retreat_cost needs exactly one of delta or none"),
    ("{kind: damage_taken, amount: -30, applies_to: {side: own, types: [metal]}, from: {side: opponent}}",
     "{kind: cant_play}",
     "rulings/x.yaml:18:7: opponent.effects[0]: missing required key 'card_kind' for kind cant_play"),
    ("ask:\n", "ask:\n  attack: {name: バーニングダーク}\nask:\n",
     "rulings/x.yaml:21:1: ask: duplicate key 'ask'"),
    ("title: base\n", "title: [base\n",
     "rulings/x.yaml:1:8: invalid YAML: this '[' is not closed (line 2: expected ',' or ']', but got ':')"),
    ("  effects:\n", "  effects: !!python/object/apply:os.system\n",
     "rulings/x.yaml:17:12: opponent.effects: YAML tag !!python/object/apply:os.system is not "
     "allowed (plain data only)"),
    ("opponent:\n  active:\n", "opponent:\n  actve:\n",
     "rulings/x.yaml:12:3: opponent.actve: unknown key 'actve'; did you mean 'active'?"),
    ("you:\n  active:\n    name: リザードン\n", "you:\n  active:\n    nom: リザードン\n",
     "rulings/x.yaml:4:5: you.active.nom: unknown key 'nom'; allowed keys: name, card, set, stage, evolves_from, rule, "
     "types, hp, weakness, resistance, retreat, damage, energy, tool, conditions, abilities, attacks, effects, "
     "came_into_play_this_turn, evolved_this_turn, evolved_from_this_turn, moved_to_active_this_turn, "
     "healed_this_turn, abilities_used, tags, under, line"),
]


@pytest.mark.parametrize("old,new,message", CASES, ids=[c[2].split(": ", 1)[1][:60] for c in CASES])
def test_bad_scenario_message(old, new, message):
    assert old in BASE, old
    text = BASE.replace(old, new, 1)
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "rulings/x.yaml")
    assert str(info.value) == message


def test_the_base_scenario_is_valid():
    scenario = parse_scenario(BASE, "rulings/x.yaml")
    assert scenario.you.bench[0].position == "you.bench[0]"
    assert scenario.opponent.effects[0].kind == "damage_taken"


def test_missing_ask_and_empty_file():
    with pytest.raises(ScenarioError) as info:
        parse_scenario(BASE.replace("ask:\n  attack: {name: バーニングダーク}\n", ""), "x.yaml")
    assert str(info.value) == "x.yaml:1:1: missing required key 'ask'"
    with pytest.raises(ScenarioError) as info:
        parse_scenario("", "x.yaml")
    assert str(info.value) == "x.yaml:1:1: the file is empty; expected a scenario mapping with an `ask`"


def test_unknown_catalog_card_is_not_modelled():
    text = BASE.replace("    - {kind: damage_taken", "    - {card: アイアンディフェンダーX}\n    - {kind: damage_taken")
    with pytest.raises(NotModelledError) as info:
        parse_scenario(text, "rulings/x.yaml")
    assert str(info.value) == ("rulings/x.yaml:18:8: opponent.effects[0].card: アイアンディフェンダーX: not in the "
                               "card catalog — not modelled: give its effect inline ({kind: …}); no real card has that "
                               "name or number; did you mean: アイアンディフェンダー (ja)")


def test_playing_rare_candy_is_asked_as_evolving():
    text = BASE.replace("attack: {name: バーニングダーク}", "play: {card: ふしぎなアメ}")
    with pytest.raises(NotModelledError) as info:
        parse_scenario(text, "rulings/x.yaml")
    assert str(info.value).startswith("rulings/x.yaml:20:10: ask.play.card: ふしぎなアメ: not modelled: playing it is "
                                      "evolving, and `play` does not check evolving: ask `evolve` with `via: "
                                      "rare_candy`")


def test_unreadable_and_non_utf8_files(tmp_path):
    with pytest.raises(ScenarioError) as info:
        load_scenario(tmp_path / "missing.yaml", "missing.yaml")
    assert str(info.value).startswith("missing.yaml: cannot read the file: ")
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes("title: caf\xe9\n".encode("latin-1"))
    with pytest.raises(ScenarioError) as info:
        load_scenario(bad, "latin1.yaml")
    assert str(info.value) == "latin1.yaml:1:11: not UTF-8 text: byte 0xe9 (invalid continuation byte)"


def test_aliases_and_defaults():
    text = BASE.replace("types: [metal]", "types: [鋼]").replace("types: [fire]\n    hp: 180", "types: [불꽃]\n    hp: 180")
    scenario = parse_scenario(text + "coins: [オモテ, ウラ]\n", "x.yaml")
    assert scenario.opponent.active.types == ("metal",)
    assert scenario.you.active.types == ("fire",)
    assert scenario.coins == ("heads", "tails")
    assert scenario.turn.number == 3 and scenario.turn.first == "you"
    assert scenario.you.prizes == 6 and scenario.you.deck == 30
    assert scenario.opponent.active.weakness[0].multiply == 2
    even = parse_scenario(BASE.replace("title: base\n", "title: base\nturn: {number: 2}\n"), "x.yaml")
    assert even.turn.first == "opponent"


def test_position_index_in_flow_collections():
    text = BASE.replace("attacks: [{name: バーニングダーク, cost: [fire, fire, colorless], damage: 120}]",
                        "attacks: [{name: バーニングダーク, cost: [fire, fire, colorless], damage: 120, "
                        "bench_damage: [{target: you.bench[0], amount: 10}]}]")
    scenario = parse_scenario(text, "x.yaml")
    assert scenario.you.active.attacks[0].bench_damage[0].target == "you.bench[0]"


def test_boardless_asks_need_no_boards():
    scenario = parse_scenario("ask:\n  game_end: {you: {took_all_prizes: true}}\n", "x.yaml")
    assert scenario.ask.you.took_all_prizes is True
    scenario = parse_scenario("ask:\n  setup: {opponent: {mulligans: 2}}\n", "x.yaml")
    assert scenario.ask.mulligans == {"you": 0, "opponent": 2}
    with pytest.raises(ScenarioError) as info:
        parse_scenario("ask:\n  checkup: {}\n", "x.yaml")
    assert str(info.value) == "x.yaml:1:1: missing required key 'you'"


def test_every_ask_kind_is_validated():
    asks = {
        "retreat": "retreat: {to: you.bench[0]}",
        "ability": "ability: {name: とりひき}",
        "evolve": "evolve: {target: you.bench[0], card: {name: リザード, stage: stage1, evolves_from: ヒトカゲ}}",
        "bench": "bench: {card: ヒトカゲ}",
        "play": "play: {card: ポケモンいれかえ, kind: item, does: [switch_own]}",
        "attach": "attach: {energy: fire, to: you.active}",
        "checkup": "checkup: {}",
    }
    for kind, ask in asks.items():
        text = BASE.replace("attack: {name: バーニングダーク}", ask)
        if kind == "ability":
            text = text.replace("    energy: [fire, fire, fire]\n",
                                "    energy: [fire, fire, fire]\n    abilities: [{name: とりひき, does: [draw], "
                                "pay: [{discard_hand: 1}]}]\n")
        assert parse_scenario(text, "x.yaml").ask.kind == kind


def test_the_nearest_line_of_a_key_path():
    from judgebot.engine.board.model import line_of

    lines = {"you": 2, "you.bench": 9, "you.bench[1]": 11}
    assert line_of(lines, "you.bench[1].hp") == 11
    assert line_of(lines, "you.bench[0].hp") == 9
    assert line_of(lines, "you.active.hp") == 2
    assert line_of(lines, "opponent.active") is None
    scenario = parse_scenario(BASE, "rulings/x.yaml")
    assert scenario.line_of("you.bench[0].hp") == 10 and scenario.line_of("opponent.active.hpp") == 12
