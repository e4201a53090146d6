"""Where effects apply, negation, and how modifiers combine."""

from __future__ import annotations

from judgebot.i18n import render

from judgebot.engine.board.effects import KIND_CITES, Board, attack_cost_modifier, cites_of, combine, retreat_cost_modifier
from judgebot.engine.board.model import Effect
from tests.engine.helpers import attacker, board, load, mon, ruling

DR = {"kind": "damage_taken", "amount": -30}


def effects_on(data, position):
    scenario = load(data)
    b = Board(scenario)
    return b, [e.kind for e in b.on(scenario.at(position))]


def test_player_effect_filters_side_seen_from_its_owner():
    data = board(opp_active=mon("D", ("metal",), 300))
    data["opponent"]["effects"] = [dict(DR, applies_to={"side": "own", "types": ["metal"]})]
    _, kinds = effects_on(data, "opponent.active")
    assert kinds == ["damage_taken"]
    _, kinds = effects_on(data, "opponent.bench[0]")  # colorless: not metal
    assert kinds == []
    _, kinds = effects_on(data, "you.active")
    assert kinds == []
    data["opponent"]["effects"] = [dict(DR, applies_to={"side": "opponent"})]
    assert effects_on(data, "you.active")[1] == ["damage_taken"]
    assert effects_on(data, "opponent.active")[1] == []


def test_pokemon_effect_with_applies_to_reaches_others():
    bench = mon("シェイミ", abilities=[{"name": "はなのカーテン", "effect": {
        "kind": "prevent_damage", "applies_to": {"side": "own", "position": "bench", "rule": "none"},
        "from": {"side": "opponent"}}}])
    data = board()
    data["opponent"]["bench"] = [bench, mon("ex持ち", rule="ex")]
    assert effects_on(data, "opponent.bench[0]")[1] == ["prevent_damage"]
    assert effects_on(data, "opponent.bench[1]")[1] == []  # has a Rule Box
    assert effects_on(data, "opponent.active")[1] == []  # not on the Bench


def test_stadium_applies_to_both_sides_and_negates_abilities():
    ability = {"name": "アフロガード", "effect": DR}
    data = board(attacker(types=["darkness"], abilities=[dict(ability)]),
                 mon("D", ("darkness",), 300, abilities=[dict(ability)]))
    data["stadium"] = {"name": "監視塔もどき", "effects": [{"kind": "no_abilities",
                                                           "applies_to": {"types": ["darkness"]}}]}
    b, kinds = effects_on(data, "opponent.active")
    assert kinds == ["no_abilities"]
    assert effects_on(data, "you.active")[1] == ["no_abilities"]
    assert [s.placed.effect.kind for s in b.silenced] == ["damage_taken", "damage_taken"]
    result = ruling(data)
    assert result["damage"]["opponent.active"] == 60  # アフロガード is gone


def test_no_tool_effects_removes_the_tool_only():
    data = board(opp_active=mon("D", hp=300, tool={"name": "どうぐ", "effect": DR},
                                effects=[{"kind": "damage_taken", "amount": -10}]))
    data["stadium"] = {"name": "ジャミング", "effects": [{"kind": "no_tool_effects"}], "owner": "opponent"}
    assert ruling(data)["damage"]["opponent.active"] == 50


def test_effect_when_limits_its_holder():
    bangle = {"name": "バングル", "effect": {"kind": "damage_dealt", "amount": 30, "when": {"rule": "none"}}}
    assert ruling(board(attacker(tool=bangle)))["damage"]["opponent.active"] == 90
    assert ruling(board(attacker(tool=bangle, rule="ex")))["damage"]["opponent.active"] == 60


def test_has_ability_filter_sees_negation():
    eyes = {"kind": "damage_dealt", "amount": 50, "against": {"side": "opponent", "position": "active",
                                                              "has_ability": True}}
    opp = mon("D", ("darkness",), 300, abilities=[{"name": "なにか", "does": ["draw"]}])
    assert ruling(board(attacker(effects=[eyes]), opp))["damage"]["opponent.active"] == 110
    data = board(attacker(effects=[eyes]), opp)
    data["stadium"] = {"name": "監視塔もどき", "effects": [{"kind": "no_abilities",
                                                           "applies_to": {"types": ["darkness"]}}]}
    assert ruling(data)["damage"]["opponent.active"] == 60


def test_more_and_less_add_up_and_none_wins():
    more, less = Effect("retreat_cost", {"delta": 1}), Effect("retreat_cost", {"delta": -2})
    none = Effect("retreat_cost", {"none": True})
    assert combine([more, less]).delta == -1 and not combine([more, less]).none
    assert combine([more, none, less]).none
    assert combine([]).delta == 0


def test_cost_modifiers_by_attack_name_and_retreat():
    data = board(attacker(effects=[{"kind": "attack_cost", "delta": 1},
                                   {"kind": "attack_cost", "delta": 2, "attack": "ほか"},
                                   {"kind": "retreat_cost", "delta": -1}, {"kind": "retreat_cost", "delta": 1}]))
    scenario = load(data)
    b = Board(scenario)
    assert attack_cost_modifier(b, scenario.you.active, "テストアタック").delta == 1
    assert attack_cost_modifier(b, scenario.you.active, "ほか").delta == 3
    assert retreat_cost_modifier(b, scenario.you.active).delta == 0


def test_cant_play_applies_to_players():
    data = board()
    data["opponent"]["active"]["abilities"] = [{"name": "ロック", "effect": {
        "kind": "cant_play", "card_kind": "item", "applies_to": {"side": "opponent"}}}]
    data["stadium"] = {"name": "S", "effects": [{"kind": "cant_play", "card_kind": "stadium"}]}
    b = Board(load(data))
    assert [e.get("card_kind") for e in b.player_effects("you", "cant_play")] == ["item", "stadium"]
    assert [e.get("card_kind") for e in b.player_effects("opponent", "cant_play")] == ["stadium"]


# -- an Active-only Ability of a Benched Pokémon is not in force (effects.Board._place) --------

def _active_only(effect):
    return {"name": "バトル場だけ", "declared": False, "active_only": True, "effect": effect}


SHIELD = dict(DR, applies_to={"side": "own"})


def test_an_active_only_damage_reduction_on_the_bench_does_not_reduce_damage_to_the_active():
    data = board(opp_active=mon("D", hp=300))
    data["opponent"]["bench"] = [mon("ベンチ", abilities=[_active_only(SHIELD)])]
    b, kinds = effects_on(data, "opponent.active")
    assert kinds == []
    assert [render(s.why) for s in b.silenced] == ["バトル場だけ works only while ベンチ is in the Active Spot"]
    assert ruling(data)["damage"]["opponent.active"] == 60


def test_the_same_ability_in_the_active_spot_reduces_damage():
    data = board(opp_active=mon("D", hp=300, abilities=[_active_only(SHIELD)]))
    assert effects_on(data, "opponent.active")[1] == ["damage_taken"]
    assert ruling(data)["damage"]["opponent.active"] == 30


def test_an_active_only_negation_on_the_bench_removes_no_abilities():
    data = board(opp_active=mon("D", hp=300, abilities=[{"name": "アフロガード", "effect": DR}]))
    data["you"]["bench"] = [mon("ベンチ", abilities=[_active_only(
        {"kind": "no_abilities", "applies_to": {"side": "opponent"}})])]
    b = Board(load(data))
    assert b.no_ability == {}
    assert ruling(data)["damage"]["opponent.active"] == 30
    data["you"]["active"]["abilities"] = data["you"]["bench"][0]["abilities"]
    data["you"]["bench"] = []
    assert ruling(data)["damage"]["opponent.active"] == 60


def test_counter_effects_cite_the_section_of_what_they_do():
    for kind in ("poison_counters", "burn_counters"):
        assert KIND_CITES[kind] == ("guide-ja:II-E-16", "guide-ja:II-E-17")
        assert cites_of(Effect(kind, {"set": 8}, cites=("guide-ja:II-E-16/ex-1",))) == (
            "guide-ja:II-E-16", "guide-ja:II-E-16/ex-1")
        assert cites_of(Effect(kind, {"add": 3})) == ("guide-ja:II-E-17",)


def test_name_prefix_matches_the_card_name_in_any_language():
    """"N's Pokémon" (N's Castle, name_prefix "N's") is N's Zoroark ex also when the file
    writes it Nのゾロアークex, and 「Nの」 finds N's Zoroark ex written in English (SCENARIOS.md
    "Real cards": names compare in any of the card's languages); a name that only shares the
    letters is not one."""
    from judgebot.engine.board.effects import matches
    from judgebot.engine.board.model import Filter

    def named(name):
        return load(board(opp_active=mon(name, ("darkness",), 280))).at("opponent.active")

    for written in ("Nのゾロアークex", "N's Zoroark ex"):
        assert matches(Filter(name_prefix=("N's",)), named(written), "you")
        assert matches(Filter(name_prefix=("Nの",)), named(written), "you")
    assert not matches(Filter(name_prefix=("N's",)), named("Nosepass"), "you")
    assert not matches(Filter(name_prefix=("Hop's",)), named("Nのゾロアークex"), "you")
