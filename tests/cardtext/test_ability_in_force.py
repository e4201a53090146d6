"""Abilities in force that change what their own Pokémon's attacks do or cost, or its HP, type
or Retreat Cost (issue 24): English and Japanese prints read to the same Format 2 (an effect's
`if` and `per`, and the kinds added for them), and what is not read exactly is refused."""

from __future__ import annotations

import pytest

from judgebot.cardtext import APPLIED, NOT_MODELLED, read

ACTIVE = {"side": "opponent", "position": "active"}
EX_OR_V = ["ex", "mega_ex", "v", "vstar", "vmax"]


def _effect(*effects):
    return {"effect": list(effects), "declared": False}


# (card, English, Japanese, expected) — both prints read to it.
SAME = [
    ("me02-062 Excited Power",
     "If you have any {D} Mega Evolution Pokémon ex in play, attacks used by this Pokémon do 120 more damage to your "
     "opponent's Active Pokémon (before applying Weakness and Resistance).",
     "自分の場に[D]タイプの「メガシンカex」がいるなら、このポケモンが使うワザの、相手のバトルポケモンへのダメージは「+120」される。",
     None),  # the Japanese test below (its data lost the {D}); the English reading is checked alone
    ("sv10-092 Lose Cool",
     "If this Pokémon has 2 or more damage counters on it, attacks used by this Pokémon do 120 more damage to your "
     "opponent's Active Pokémon (before applying Weakness and Resistance).",
     "このポケモンにダメカンが2個以上のっているなら、このポケモンが使うワザの、相手のバトルポケモンへのダメージは「+120」される。",
     _effect({"kind": "damage_dealt", "amount": 120, "against": ACTIVE, "if": {"counters": "self", "at_least": 2}})),
    ("me04-029 Synchro Pulse",
     "If you have the same number of cards in your hand as your opponent, attacks used by this Pokémon do 80 more "
     "damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
     "自分の手札と相手の手札が同じ枚数なら、このポケモンが使うワザの、相手のバトルポケモンへのダメージは「+80」される。",
     _effect({"kind": "damage_dealt", "amount": 80, "against": ACTIVE, "if": {"hand_vs": "same"}})),
    ("me02.5-148 Supreme Overlord",
     "Attacks used by this Pokémon do 30 more damage to your opponent's Active Pokémon for each Prize card your "
     "opponent has taken (before applying Weakness and Resistance).",
     "このポケモンが使うワザの、相手のバトルポケモンへのダメージは、相手がすでにとったサイド1枚につき「+30」される。",
     _effect({"kind": "damage_dealt", "amount": 30, "against": ACTIVE, "per": {"prizes_taken": "opponent"}})),
    ("sv05-034 Hustle Play",
     "Attacks used by this Pokémon cost {C} less for each of your opponent's Benched Pokémon.",
     "相手のベンチポケモンの数ぶん、このポケモンがワザを使うための[C]エネルギーは少なくなる。",
     _effect({"kind": "attack_cost", "delta": -1, "per": {"bench": "opponent"}})),
    ("sv08-147 Born to Slack",
     "If your opponent has no Pokémon ex or Pokémon V in play, this Pokémon can't attack.",
     "相手の場に「ポケモンex・V」がいないなら、このポケモンはワザが使えない。",
     _effect({"kind": "cant_attack", "if": {"pokemon": "opponent", "match": {"rule": EX_OR_V}, "at_most": 0}})),
    ("sv10-081 Power Saver",
     "This Pokémon can't attack unless you have 4 or more Team Rocket's Pokémon in play.",
     "自分の場の「ロケット団のポケモン」が4匹以上のときにしか、このポケモンはワザが使えない。",
     None),  # the name prefix is each print's own words: checked below
    ("sv10.5b-044 Debut Performance",
     "If you go first, this Pokémon can use attacks during your first turn.",
     "このポケモンは、先攻プレイヤーの最初の番でも、ワザが使える。",
     _effect({"kind": "usable_first_turn"})),
    ("sv05-021 Resilient Soul",
     "This Pokémon gets +50 HP for each Prize card your opponent has taken.",
     "相手がすでにとったサイド1枚につき、このポケモンの最大HPは「＋50」される。",
     _effect({"kind": "max_hp", "amount": 50, "per": {"prizes_taken": "opponent"}})),
    ("sv10.5b-049 Craftsmanship",
     "This Pokémon gets +40 HP for each {F} Energy attached to it.",
     "このポケモンについている[F]エネルギー1個につき、このポケモンの最大HPは「＋40」される。",
     _effect({"kind": "max_hp", "amount": 40, "per": {"energy": "self", "type": "fighting"}})),
    ("me02.5-117 Double Type",
     "As long as this Pokémon is in play, it is {F} and {P} type.",
     "このポケモンは、場にいるかぎり[F]と[P]の2つのタイプになる。",
     _effect({"kind": "types", "types": ["fighting", "psychic"]})),
    ("me02-011 Agile",
     "If this Pokémon has no Energy attached, it has no Retreat Cost.",
     "このポケモンにエネルギーがついていないなら、このポケモンはにげるためのエネルギーが、すべてなくなる。",
     _effect({"kind": "retreat_cost", "none": True, "if": {"energy": "self", "cards": True, "at_most": 0}})),
    ("sv05-050 Azure Seas",
     "Damage from attacks used by this Pokémon isn't affected by any effects on your opponent's Active Pokémon.",
     "このポケモンが使うワザのダメージは、相手のバトルポケモンにかかっている効果を計算しない。",
     _effect({"kind": "ignore_defender_effects"})),
    ("mep-086 Dopey Face",
     "This Pokémon can't be Confused.",
     "このポケモンはこんらんにならない。",
     _effect({"kind": "no_conditions", "conditions": ["confused"]})),
    ("sv09-082 Rock Armor",
     "If this Pokémon has any Energy attached, it takes 30 less damage from attacks (after applying Weakness and "
     "Resistance).",
     "このポケモンにエネルギーがついているなら、このポケモンが受けるワザのダメージは「-30」される。",
     _effect({"kind": "damage_taken", "amount": -30, "if": {"energy": "self", "cards": True, "at_least": 1}})),
]


@pytest.mark.parametrize("card,english,japanese,expected", [c for c in SAME if c[3] is not None],
                         ids=[c[0] for c in SAME if c[3] is not None])
def test_both_prints_read_alike(card, english, japanese, expected):
    en = read(english, "en", "ability", name="X")
    ja = read(japanese, "ja", "ability", name="X")
    assert (en.status, en.format2) == (APPLIED, expected), en.unread
    assert (ja.status, ja.format2) == (APPLIED, expected), ja.unread


def test_excited_power_is_a_darkness_mega_evolution_pokemon_ex_in_play():
    en = read(SAME[0][1], "en", "ability", name="X")
    assert en.format2 == _effect({"kind": "damage_dealt", "amount": 120, "against": ACTIVE, "if": {
        "pokemon": "own", "match": {"types": ["darkness"], "rule": ["mega_ex"]}, "at_least": 1}})
    ja = read(SAME[0][2], "ja", "ability", name="X")
    assert ja.status == APPLIED and ja.format2 == en.format2


def test_excited_power_without_its_type_symbol_is_refused():
    # The card data's Japanese text lost the {D} (タイプの「メガシンカex」): never read as any Mega ex.
    reading = read("自分の場にタイプの「メガシンカex」がいるなら、このポケモンが使うワザの、相手のバトルポケモンへの"
                   "ダメージは「+120」される。", "ja", "ability", name="X")
    assert reading.status == NOT_MODELLED


def test_power_saver_cannot_attack_with_3_or_fewer():
    en = read(SAME[6][1], "en", "ability", name="X")
    ja = read(SAME[6][2], "ja", "ability", name="X")
    assert en.format2 == _effect({"kind": "cant_attack", "if": {
        "pokemon": "own", "match": {"name_prefix": ["Team Rocket's"]}, "at_most": 3}})
    assert ja.format2 == _effect({"kind": "cant_attack", "if": {
        "pokemon": "own", "match": {"name_prefix": ["ロケット団の"]}, "at_most": 3}})


def test_kidou_seigen_cannot_attack_with_9_or_fewer_cards_in_hand():
    reading = read("自分の手札が10枚以上のときにしか、このポケモンはワザが使えない。", "ja", "ability", name="X")
    assert reading.format2 == _effect({"kind": "cant_attack", "if": {"hand": "own", "at_most": 9}})


def test_yowagoshi_no_retreat_cost_against_a_pokemon_ex():
    reading = read("相手の場に「ポケモンex」がいるなら、このポケモンはにげるためのエネルギーが、すべてなくなる。", "ja", "ability",
                   name="X")
    assert reading.format2 == _effect({"kind": "retreat_cost", "none": True, "if": {
        "pokemon": "opponent", "match": {"rule": ["ex", "mega_ex"]}, "at_least": 1}})


def test_a_named_attack_and_a_named_card_are_each_prints_own_words():
    en = read("Blood Moon used by this Pokémon costs {C} less for each Prize card your opponent has taken.", "en",
              "ability", name="X")
    ja = read("相手がすでにとったサイドの枚数ぶん、このポケモンが「ブラッドムーン」を使うための[C]エネルギーは少なくなる。", "ja",
              "ability", name="X")
    assert en.format2 == _effect({"kind": "attack_cost", "delta": -1, "per": {"prizes_taken": "opponent"},
                                  "attack": "Blood Moon"})
    assert ja.format2 == _effect({"kind": "attack_cost", "delta": -1, "per": {"prizes_taken": "opponent"},
                                  "attack": "ブラッドムーン"})
    en = read("Attacks used by this Pokémon cost {C} less for each Kofu card in your discard pile.", "en", "ability",
              name="X")
    ja = read("自分のトラッシュにある「ハイダイ」の枚数ぶん、このポケモンがワザを使うための[C]エネルギーは少なくなる。", "ja",
              "ability", name="X")
    assert en.format2 == _effect({"kind": "attack_cost", "delta": -1, "per": {"discard": "own", "name": "Kofu"}})
    assert ja.format2 == _effect({"kind": "attack_cost", "delta": -1, "per": {"discard": "own", "name": "ハイダイ"}})


def test_snipers_eye_ignores_colorless_only():
    en = read("If your opponent has exactly 4 cards in their hand, ignore all {C} Energy in the costs of attacks used "
              "by this Pokémon.", "en", "ability", name="X")
    assert en.format2 == _effect({"kind": "attack_cost", "no_colorless": True,
                                  "if": {"hand": "opponent", "at_least": 4, "at_most": 4}})
    # The Japanese data lost the [C]: 「エネルギーが、すべてなくなる」 would be every Energy — refused, not read so.
    ja = read("相手の手札が4枚なら、このポケモンはワザを使うためのエネルギーが、すべてなくなる。", "ja", "ability", name="X")
    assert ja.status == NOT_MODELLED


@pytest.mark.parametrize("lang,text", [
    ("en", "Prevent all effects of your opponent's Pokémon's attacks and Abilities done to this Pokémon. "
           "(Damage is not an effect.)"),
    ("ja", "このポケモンは、相手のワザや特性の効果を受けない。"),
    # All four or any one of them? Not read on a guess.
    ("ja", "自分の場に「トルネロス」「ボルトロス」「ランドロス」「ラブトロス」がいるなら、このポケモンはワザを使うための[C]エネルギーが、"
           "すべてなくなる。"),
    ("en", "Attacks used by your Future Pokémon, except any Iron Crown ex, do 20 more damage to your opponent's Active "
           "Pokémon (before applying Weakness and Resistance)."),
])
def test_what_cannot_be_applied_exactly_is_refused(lang, text):
    assert read(text, lang, "ability", name="X").status == NOT_MODELLED


def test_a_condition_on_the_board_is_read_only_in_an_ability():
    # A Trainer's "If …" is not an Ability in force on its own Pokémon.
    reading = read("If this Pokémon has 2 or more damage counters on it, attacks used by this Pokémon do 120 more "
                   "damage to your opponent's Active Pokémon.", "en", "trainer", name="X", kind="tool")
    assert reading.status == NOT_MODELLED
    # An attack's own "this Pokémon can't attack" is not an Ability's.
    assert read("This Pokémon can't attack.", "en", "attack", damage=30).status == NOT_MODELLED
