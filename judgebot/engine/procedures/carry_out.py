"""Carrying out an allowed action (Format 2 `resolve: true`, and every entry of a
`sequence`): after its procedure ruled that it may be taken, the action changes the board
— Energy attached (Ⅰ-C), a Pokémon evolved (Ⅰ-A-05) or put onto the Bench (Ⅰ-A-04), the
Active Pokémon retreated (Ⅰ-A-03), a Trainer played (Ⅰ-B) or an Ability used (Ⅰ-A-02) with
its `do` — the triggers of what happened work (Ⅱ-E-05, Ⅱ-E-06, Ⅱ-E-07), and Knock Outs,
Prizes and the end of the game are checked (procedures.aftermath).

`apply(scenario, ruling)` leaves the board after it in `ruling.state` (a sequence goes on
from there) and fills the ruling's board keys.
"""

from __future__ import annotations

from dataclasses import replace

from judgebot.engine.board.effects import cites_of, effects_msg
from judgebot.engine.board.model import Pokemon, Scenario, Stadium, Tool
from judgebot.engine.board.state import State
from judgebot.engine.format.catalog import load_catalog
from judgebot.engine.procedures import aftermath, card_effects, timing
from judgebot.engine.procedures.card_effects import Coins, Context, GameWon
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Joined, Pos, Term, msg

STEP = "carry_out"


def _context(state: State, ruling: Ruling, scenario: Scenario, source: str, self_uid: str | None = None) -> Context:
    return Context(state=state, ruling=ruling, step=STEP, side="you", source=source, self_uid=self_uid,
                   coins=Coins(tuple(scenario.coins), file=scenario.file, line=scenario.line_of("coins")),
                   scenario_file=scenario.file)


def apply(scenario: Scenario, ruling: Ruling) -> State:
    state = State(scenario)
    before = {m.uid: m.damage for m in scenario.all_pokemon()}
    ask = scenario.ask
    try:
        ctx = CARRY[ask.kind](state, ruling, scenario, ask)
    except (card_effects.NothingFollows, card_effects.AttackFails):
        ctx = _context(state, ruling, scenario, ask.kind)
    try:
        timing.drain(ctx)
    except GameWon as won:
        ruling.winner = won.args[0]
    outcome = aftermath.knockouts(state, ruling, before, {}, lambda step: _context(state, ruling, scenario, ctx.source),
                                  ask.kind) if ruling.winner is None else aftermath.knockout.Outcome()
    aftermath.report(state, ruling, before, outcome)
    aftermath.winner(state, ruling, outcome)
    ruling.state = state
    return state


def _take_from_hand(state: State, name: str) -> None:
    """The card the action plays (its procedure already ruled that it is in the hand)."""
    state.take("you", "hand", name)


# -- Ⅰ-C: attaching Energy from the hand ----------------------------------------------

def attach(state: State, ruling: Ruling, scenario: Scenario, ask) -> Context:
    mon = state.at(ask.to)
    mon.energy = mon.energy + (ask.energy,)
    _take_from_hand(state, ask.energy.name)
    state.scenario.turn.energy_attached = True
    state.changed()
    ruling.step(STEP, msg("carry.attach", energy=card_effects.energy_word(ask.energy.name), mon=mon.name),
                ["guide-ja:I-C"], target=mon.position)
    ctx = _context(state, ruling, scenario, ask.energy.name)
    ctx.events.append(("attached", mon.uid, {"energy": ask.energy.name, "from": "hand", "cause": "any",
                                             "cites": tuple(ask.energy.cites)}))
    return ctx


# -- Ⅰ-A-05: evolving ------------------------------------------------------------------------

def evolve(state: State, ruling: Ruling, scenario: Scenario, ask) -> Context:
    old = state.at(ask.target)
    new = card_effects.in_play(scenario, f"{ask.path}.card", ask.card, damage=old.damage, energy=old.energy,
                               tool=old.tool, position=old.position, owner=old.owner, uid=old.uid,
                               under=tuple(old.under) + (old,), evolved_this_turn=True,
                               evolved_from_this_turn=old.name)
    player = state.scenario.players[old.owner]
    if player.active is old:
        player.active = new
    else:
        player.bench = tuple(new if m is old else m for m in player.bench)
    _take_from_hand(state, ask.card.name)
    state.changed()
    ruling.step(STEP, msg("carry.evolve", mon=old.name, into=new.name, counters=msg("counters", n=new.damage // 10)),
                ["guide-ja:I-A-05"], target=new.position)
    ctx = _context(state, ruling, scenario, new.name, new.uid)
    # Evolving with ふしぎなアメ is evolving from the hand (Ⅱ-E-05 FAQ); by another effect it is
    # not, and a "when you play this from your hand to evolve" text says so (timing.mismatch).
    ctx.events.append(("evolved", new.uid, {"from": "hand" if ask.via in ("hand", "rare_candy") else "effect",
                                            "via": ask.via}))
    return ctx


# -- Ⅰ-A-04: putting a Basic Pokémon onto the Bench -----------------------------------------

def bench(state: State, ruling: Ruling, scenario: Scenario, ask) -> Context:
    player = state.scenario.players["you"]
    spot = state.free_bench_spot("you")
    mon = card_effects.in_play(scenario, f"{ask.path}.card", ask.card, position=spot, owner="you", uid=spot,
                               came_into_play_this_turn=True)
    player.bench = player.bench + (mon,)
    _take_from_hand(state, ask.card.name)
    state.changed()
    ruling.step(STEP, msg("carry.bench", mon=mon.name, pos=Pos(spot)), ["guide-ja:I-A-04"], target=spot)
    ctx = _context(state, ruling, scenario, mon.name, mon.uid)
    ctx.events.append(("benched", mon.uid, {"from": "hand"}))
    return ctx


# -- Ⅰ-A-03: retreating ------------------------------------------------------------------------

def retreat(state: State, ruling: Ruling, scenario: Scenario, ask) -> Context:
    player = state.scenario.players["you"]
    active = player.active
    benched = state.at(ask.to) if ask.to else player.bench[0]
    paid = _pay_retreat(active, ruling.cost or 0, state.board())
    gone = [active.energy[i] for i in paid]
    active.energy = tuple(e for i, e in enumerate(active.energy) if i not in paid)
    state.discard("you", [e.name for e in gone])
    state.swap(active, benched)
    active.conditions = ()
    active.effects = tuple(e for e in active.effects if e.origin != "attack")
    state.scenario.turn.retreated = True
    state.changed()
    discarded = Joined(tuple(card_effects.energy_word(e.name) for e in gone)) if gone else msg("carry.nothing")
    ruling.step(STEP, [msg("carry.retreat", out=active.name, into=benched.name, discarded=discarded)]
                + ([msg("card_effect.first_chosen", name=benched.name)] if not ask.to else []),
                ["guide-ja:I-A-03"], target=benched.position)
    return _context(state, ruling, scenario, active.name)


def _pay_retreat(mon: Pokemon, cost: int, board=None) -> list[int]:
    """The Energy cards discarded to retreat, first in list order, until their units pay the cost."""
    from judgebot.engine.board.energy import units_of

    per_card: dict[int, int] = {}
    for unit in units_of(mon, board):
        per_card[unit.card_index] = per_card.get(unit.card_index, 0) + 1
    chosen, paid = [], 0
    for index in range(len(mon.energy)):
        if paid >= cost:
            break
        chosen.append(index)
        paid += per_card.get(index, 0)
    return chosen


# -- Ⅰ-B: playing a Trainer ---------------------------------------------------------------------

def play(state: State, ruling: Ruling, scenario: Scenario, ask) -> Context:
    turn = state.scenario.turn
    _take_from_hand(state, ask.card)
    ctx = _context(state, ruling, scenario, ask.card)
    entry = load_catalog().lookup(ask.card)
    ctx.cites = tuple(entry.sections) if entry is not None else ()
    if ask.card_kind == "tool":
        mon = state.at(ask.target)
        mon.tool = entry.tool if entry is not None and entry.tool is not None else Tool(name=ask.card)
        ruling.step(STEP, msg("carry.tool", tool=ask.card, mon=mon.name), ["guide-ja:I-B-02"], target=mon.position)
    elif ask.card_kind == "stadium":
        old = state.scenario.stadium
        if old is not None:
            state.discard(old.owner, [old.name])
        state.scenario.stadium = _stadium_of(ask.card, entry)
        turn.stadium_played = True
        ruling.step(STEP, msg("carry.stadium", card=ask.card), ["guide-ja:I-B-04"])
    else:
        if ask.card_kind == "supporter":
            turn.supporter_played = True
        ruling.step(STEP, msg("carry.trainer", card=ask.card, kind=Term(f"card_kind.{ask.card_kind}")),
                    ["guide-ja:I-B-01" if ask.card_kind == "item" else "guide-ja:I-B-03"])
        try:
            card_effects.run(ctx, ask.do)
        except (card_effects.NothingFollows, card_effects.AttackFails):
            pass  # the text ended early (Ⅱ-C-10 FAQ 2); the card is still used and discarded
        if ask.effects:
            # "During this turn, …" / "During your opponent's next turn, …": in force on its
            # player from now on (this ruling's turn, and the next asks of a sequence).
            player = state.scenario.players["you"]
            player.effects = player.effects + tuple(ask.effects)
            ruling.step(STEP, msg("carry.trainer.effects", card=ask.card, effects=effects_msg(ask.effects)),
                        ["guide-ja:I-B-01" if ask.card_kind == "item" else "guide-ja:I-B-03"]
                        + [c for e in ask.effects for c in cites_of(e)])
        state.discard("you", [ask.card])
    state.changed()
    return ctx


def _stadium_of(name: str, entry) -> Stadium:
    if entry is None:
        return Stadium(name=name, owner="you")
    return Stadium(name=entry.name, owner="you", effects=tuple(replace(e, origin="stadium") for e in entry.effects),
                   cites=entry.sections)


# -- Ⅰ-A-02: using an Ability --------------------------------------------------------------------

def ability(state: State, ruling: Ruling, scenario: Scenario, ask) -> Context:
    mon = state.at(ask.by)
    used = next(a for a in mon.abilities if a.name == ask.name)
    # The record of use says which Abilities were used this turn: each name once, so it
    # stays as long as the Pokémon's list of Abilities however often one is used.
    if used.name not in mon.abilities_used:
        mon.abilities_used = mon.abilities_used + (used.name,)
    if used.name not in state.scenario.turn.abilities_used:
        state.scenario.turn.abilities_used = state.scenario.turn.abilities_used + (used.name,)
    ruling.step(STEP, msg("carry.ability", ability=used.name, mon=mon.name), ["guide-ja:I-A-02"],
                target=mon.position)
    ctx = _context(state, ruling, scenario, used.name, mon.uid)
    ctx.cites = tuple(used.cites)
    ctx.ability = True
    try:
        card_effects.run(ctx, used.do)
    except (card_effects.NothingFollows, card_effects.AttackFails):
        pass
    return ctx


CARRY = {"attach": attach, "evolve": evolve, "bench": bench, "retreat": retreat, "play": play, "ability": ability}
