"""進化 (guide-ja Ⅰ-A-05; Ⅱ-C-12): may this Pokémon evolve now (`ask: evolve`).

`via: hand` (Ⅰ-A-05): not on either player's own first turn, not a Pokémon put into
play or evolved this turn, and the evolution mark must name the Pokémon (a Stage 1
on a Basic, a Stage 2 on a Stage 1). `via: effect` (Ⅱ-C-12, e.g. ダブラン's
さいぼうしんか): the same line, but "unless stated" also on the first turn and on a
Pokémon put into play this turn. `via: rare_candy` (ふしぎなアメ, Ⅱ-C-12's example):
an Item that puts a Stage 2 on a Basic, skipping Stage 1 — not on your first turn nor
on a Pokémon put into play this turn, and not while you cannot play Items (Ⅱ-C-19).

The ruling lists what evolving keeps (attached cards, damage counters) and clears
(Special Conditions, effects of attacks) as steps.
"""

from __future__ import annotations

from judgebot.carddb.lookup import same_name
from judgebot.engine.procedures.ability import card_cites, hand_of, same_card
from judgebot.engine.format.catalog import load_catalog
from judgebot.engine.board.effects import Board, cites_of, effects_msg
from judgebot.engine.board.model import ALL_ENERGY_TYPES, EvolveAsk, Pokemon, Scenario, other
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Joined, Term, msg
from judgebot.errors import NotModelledError, ScenarioError

RARE_CANDY = "ふしぎなアメ"
NEXT_STAGE = {"basic": "stage1", "stage1": "stage2"}
def _stage(stage: str) -> Term:
    return Term(f"evolve.stage.{stage}")


def _cite(key: str, *extra: str) -> list[str]:
    return list(procedure_step("evolve", key).cite) + list(extra)


def first_turn_of(scenario: Scenario, side: str) -> bool:
    """Is this turn `side`'s own first turn? Turn 1 is the first player's, turn 2 the second's
    (the loader has checked that `turn.first` agrees with the turn number)."""
    turn = scenario.turn
    return (turn.number == 1 and turn.first == side) or (turn.number == 2 and turn.first == other(side))


def rare_candy_cites() -> list[str]:
    entry = load_catalog().lookup(RARE_CANDY)
    return card_cites(entry.sections) if entry is not None else ["guide-ja:II-C-12/ex-1"]


def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
    ask: EvolveAsk = scenario.ask
    target = scenario.at(ask.target)
    in_hand(scenario, ask)
    timing(scenario, ask, target, ruling)
    if ask.via == "rare_candy":
        rare_candy(scenario, ask, target, ruling)
    else:
        line(ask, target, ruling)
    ruling.allowed = not ruling.reasons
    ruling.counters_after = {m.position: m.damage // 10 for m in scenario.all_pokemon()}
    ruling.conditions_after = {m.position: sorted(m.conditions) for m in scenario.all_pokemon()}
    if ruling.allowed:
        carry_over(ask, target, ruling)
    return ruling


def in_hand(scenario: Scenario, ask: EvolveAsk) -> None:
    """When the scenario lists the hand, the cards the evolution takes from it must be there."""
    if "you.hand" not in scenario.lines or ask.via == "effect":
        return
    hand = hand_of(scenario, "you", "the Evolution card")
    needed = [ask.card.name] + ([RARE_CANDY] if ask.via == "rare_candy" else [])
    for name in needed:
        if not any(same_card(card, name) for card in hand):
            raise ScenarioError(scenario.file, scenario.line_of(f"{scenario.ask.path}.card"), f"{scenario.ask.path}.card",
                                f"{name} is not in you.hand ({', '.join(scenario.you.hand) or 'empty'})")


def timing(scenario: Scenario, ask: EvolveAsk, target: Pokemon, ruling: Ruling) -> None:
    """Your first turn, and Pokémon put into play or evolved this turn."""
    first = first_turn_of(scenario, "you")
    if ask.via == "effect":
        if target.evolved_this_turn:
            raise NotModelledError(
                f"{target.name} evolved this turn; the guide lets a card effect evolve "
                "a Pokémon on the first turn or one just put into play (guide-ja:II-C-12) but does not say whether it "
                "may evolve one that already evolved this turn — not modelled",
                file=scenario.file, line=scenario.line_of("ask.evolve.via"), path="ask.evolve.via")
        notes = []
        if first:
            notes.append(msg("evolve.note.first_turn"))
        if target.came_into_play_this_turn:
            notes.append(msg("evolve.note.just_played", mon=target.name))
        text = [msg("evolve.via_effect")] + (
            [msg("evolve.via_effect.notes", notes=Joined(tuple(notes), sep="list.separator"))] if notes else [])
        ruling.step("via_effect", text, _cite("via_effect"))
        return
    candy = _cite("rare_candy") + rare_candy_cites() if ask.via == "rare_candy" else []
    if first:
        ruling.reason(msg("evolve.first_turn.candy" if candy else "evolve.first_turn", turn=scenario.turn.number,
                          first=Term(f"side.{scenario.turn.first}")), _cite("first_turn") + candy)
    else:
        ruling.step("first_turn", msg("evolve.not_first_turn", turn=scenario.turn.number), _cite("first_turn"))
    if target.came_into_play_this_turn:
        ruling.reason(msg("evolve.just_played.candy" if candy else "evolve.just_played", mon=target.name),
                      _cite("this_turn") + candy)
    elif target.evolved_this_turn:
        ruling.reason(msg("evolve.evolved_this_turn.from", mon=target.name, before=target.evolved_from_this_turn)
                      if target.evolved_from_this_turn else msg("evolve.evolved_this_turn", mon=target.name),
                      _cite("this_turn"))
    else:
        ruling.step("this_turn", msg("evolve.in_play_before", mon=target.name),
                    _cite("this_turn"))


def line(ask: EvolveAsk, target: Pokemon, ruling: Ruling) -> None:
    card = ask.card
    cites = _cite("line") + (_cite("via_effect") if ask.via == "effect" else [])
    if card.stage == "basic":
        ruling.reason(msg("evolve.basic_card", card=card.name), cites)
        return
    card.need("evolves_from")
    if not same_name(card.evolves_from, target.name):
        ruling.reason(msg("evolve.mark.other", card=card.name, from_=card.evolves_from, mon=target.name)
                      if card.evolves_from else msg("evolve.mark.none", card=card.name, mon=target.name), cites)
        return
    if NEXT_STAGE.get(target.stage) != card.stage:
        ruling.reason(msg("evolve.one_stage", card=card.name, stage=_stage(card.stage), mon=target.name,
                          target_stage=_stage(target.stage)), cites)
        return
    ruling.step("line", msg("evolve.line.ok", card=card.name, stage=_stage(card.stage), mon=target.name,
                            target_stage=_stage(target.stage)), cites)


def rare_candy(scenario: Scenario, ask: EvolveAsk, target: Pokemon, ruling: Ruling) -> None:
    card = ask.card
    cites = _cite("rare_candy") + rare_candy_cites()
    locks = [e for e in Board(scenario).player_effects("you", "cant_play") if e.get("card_kind") == "item"]
    if locks:
        ruling.reason(msg("evolve.candy.locked", effects=effects_msg(locks)),
                      cites + ["guide-ja:II-C-19"] + [c for e in locks for c in list(cites_of(e)) + card_cites(e.cites)])
    if target.stage != "basic":
        ruling.reason(msg("evolve.candy.not_basic", mon=target.name, stage=_stage(target.stage)), cites)
    if card.stage != "stage2":
        ruling.reason(msg("evolve.candy.not_stage2", card=card.name, stage=_stage(card.stage)), cites)
    if target.stage == "basic" and card.stage == "stage2":
        basic, stage1 = evolution_line(scenario, card)
        if not same_name(basic, target.name):
            ruling.reason(msg("evolve.rare_candy.other_line", card=card.name, stage1=stage1, basic=basic,
                              mon=target.name), cites)
        else:
            ruling.step("rare_candy", msg("evolve.rare_candy.line", card=card.name, stage1=stage1, basic=basic),
                        cites)


def evolution_line(scenario: Scenario, card) -> tuple[str, str]:
    """The Basic and Stage 1 a Stage 2 evolves through: the scenario must say (`line`);
    the Stage 2's own mark names only the Stage 1, so nothing is assumed."""
    if card.line:
        return card.line[0], card.line[1]
    raise ScenarioError(scenario.file, scenario.line_of(f"{scenario.ask.path}.card"), f"{scenario.ask.path}.card.line",
                        f"ふしぎなアメ: which Basic Pokémon {card.name}'s line starts from is not given; "
                        f"add line: [<Basic>, {card.evolves_from or '<Stage 1>'}] to the card")


def carry_over(ask: EvolveAsk, target: Pokemon, ruling: Ruling) -> None:
    cites = _cite("carry_over") + (_cite("via_effect") if ask.via != "hand" else [])
    kept = [msg("counters", n=target.damage // 10) if target.damage else msg("evolve.kept.no_counters")]
    if target.energy:
        kept.append(msg("evolve.kept.energy", energy=Joined(tuple(
            Term(f"type.{e.name}") if e.basic and e.name in ALL_ENERGY_TYPES else e.name for e in target.energy))))
    if target.tool:
        kept.append(msg("evolve.kept.tool", tool=target.tool.name))
    ruling.step("carry_over", msg("evolve.keeps", card=ask.card.name, mon=target.name,
                                  kept=Joined(tuple(kept), sep="list.separator")), cites, target=target.position)
    if target.conditions:
        text = [msg("evolve.conditions_end",
                    conditions=Joined(tuple(Term(f"condition.{c}") for c in sorted(target.conditions))))]
        ruling.conditions = {target.position: []}
        ruling.conditions_after[target.position] = []
    else:
        text = [msg("evolve.no_conditions")]
    if target.effects:
        text.append(msg("evolve.effects_end",
                        effects=effects_msg(target.effects)))
    text.append(msg("evolve.old_moves", mon=target.name))
    ruling.step("carry_over", text, cites, target=target.position)
