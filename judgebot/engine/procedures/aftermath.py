"""After an action changed the board (an attack, or an ask carried out with `resolve:
true`): 【きぜつ】 (guide-ja Ⅰ-D) on the board as it is — "when Knocked Out" effects before
the Pokémon are discarded (Ⅱ-E-04), then the discards and Prizes, again while effects
Knock Out more — then 勝ち負け (Ⅰ-E), and the ruling's keys of the board after it
(`counters`, `conditions`, `board`, `discarded`, `triggered`).
"""

from __future__ import annotations

from typing import Callable

from judgebot.engine.board.model import EndConditions
from judgebot.engine.board.state import State
from judgebot.engine.procedures import card_effects, figures, game_end, knockout, timing
from judgebot.engine.procedures.card_effects import Context
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Joined, msg

MAX_KNOCKOUT_ROUNDS = 4
DISCARD_CITES = ("guide-ja:I-D",)


def knockouts(state: State, ruling: Ruling, before: dict[str, int], attack_damage_from: dict[str, str],
              context: Callable[[str], Context], procedure: str, attacker_uid: str | None = None,
              attack_name: str | None = None) -> knockout.Outcome:
    """Ⅰ-D on the board as it is now; `attack_damage_from`: uid -> side of the attacker for
    Pokémon that took attack damage; `context(step)` gives the context triggers run in."""
    total = knockout.Outcome()
    for round_ in range(MAX_KNOCKOUT_ROUNDS):
        board = state.board()
        if round_ and not state.knocked_out and all(board.max_hp(m)[0] > m.damage
                                                    for m in state.scenario.all_pokemon()):
            break
        damage_after = {m.position: m.damage for m in state.scenario.all_pokemon()}
        from_ = {state.spot_of(uid): side for uid, side in attack_damage_from.items()}
        forced = frozenset(state.knocked_out)
        state.knocked_out.clear()
        attacker = state.last_known(attacker_uid) if attacker_uid else None
        outcome = knockout.check(state.scenario, board, ruling, damage_after, from_, procedure=procedure,
                                 before=before, forced=forced, attacker=attacker, attack_name=attack_name)
        for side in ("you", "opponent"):
            total.prizes_taken[side] += outcome.prizes_taken[side]
            state.scenario.players[side].prizes -= outcome.prizes_taken[side]
        _prizes_taken(state, outcome, context)
        if not outcome.knocked_out:
            break
        for mon in outcome.knocked_out if board.has_triggers else ():
            ctx = context("on_knockout")
            cause = "attack_damage" if mon.uid in attack_damage_from else ("attack" if attacker_uid else "effect")
            timing.offer(ctx, timing.Event("knocked_out", mon.uid, cause=cause, attacker_uid=attacker_uid))
        for mon in outcome.knocked_out:
            if state.by_uid(mon.uid) is None:
                continue
            cards = card_effects.cards_of(mon)
            state.leave_play(mon)
            state.discard(mon.owner, cards)
            ruling.step("discard", msg("knockout.discard", mon=mon.name,
                                                   cards=Joined(tuple(card_effects.energy_word(c) for c in cards))),
                        list(DISCARD_CITES), target=mon.position)
        total.knocked_out += outcome.knocked_out
        _prize_cards(state, outcome, context)
    for side, extra in state.extra_prizes.items():  # taken by card text (Ⅱ-E-31): counted once
        total.prizes_taken[side] += extra
        state.extra_prizes[side] = 0
    return total


def _prize_cards(state: State, outcome: knockout.Outcome, context: Callable[[str], Context]) -> None:
    """Ⅰ-D step 4 with the Prize cards given (`prize_cards`): each taken card's text that works
    before it goes into the hand (Ⅱ-E-31)."""
    for side in ("you", "opponent"):
        if outcome.prizes_taken[side] and state.scenario.players[side].prize_cards is not None:
            ctx = context("prizes")
            timing.take_prize_cards(ctx, side, outcome.prizes_taken[side])
            timing.drain(ctx)


def _prizes_taken(state: State, outcome: knockout.Outcome, context: Callable[[str], Context]) -> None:
    """Format 2 `prize_taken`: offered, for each player who took Prize cards, to the
    triggers in force on that player's Active Pokémon (a player's own effects apply there)."""
    if not state.board().has_triggers:
        return
    for side, n in outcome.prizes_taken.items():
        active = state.scenario.players[side].active
        if n and active is not None:
            ctx = context("prizes")
            timing.offer(ctx, timing.Event("prize_taken", active.uid, details={"n": n}))


def report(state: State, ruling: Ruling, before: dict[str, int], outcome: knockout.Outcome,
           conditions_set: dict[str, list[str]] | None = None) -> None:
    """The ruling's keys of the board after it, by the spots the Pokémon are in (or left)."""
    original = state.original
    now = {m.uid: m for m in state.scenario.all_pokemon()} | {m.uid: m for m in outcome.knocked_out}
    ruling.counters = {state.spot_of(uid): m.damage // 10 for uid, m in now.items() if m.damage != before.get(uid)}
    ruling.counters_after = {state.spot_of(uid): m.damage // 10 for uid, m in now.items()}
    figures.counters_on(ruling.counters_after, original.file, original.line_of, getattr(original.ask, "path", "ask"))
    ruling.conditions_after = {state.spot_of(uid): sorted(m.conditions) for uid, m in now.items()}
    conditions_set = conditions_set or {}
    originals = {m.uid: sorted(m.conditions) for m in original.all_pokemon()}
    changed = {state.spot_of(uid): conds for uid, conds in conditions_set.items()}
    changed |= {state.spot_of(uid): sorted(m.conditions) for uid, m in now.items()
                if sorted(m.conditions) != originals.get(uid, []) and uid not in conditions_set}
    ruling.knocked_out = [mon.position for mon in outcome.knocked_out]
    ruling.prizes_taken = outcome.prizes_taken
    had_changes = bool(changed)
    for mon in outcome.knocked_out:
        ruling.conditions_after[mon.position] = []
        changed.pop(mon.position, None)
    ruling.conditions = changed if had_changes else None
    ruling.board = state.board_changes()  # the whole board (board_after) is read from state by --verify
    ruling.discarded = state.discarded_cards()
    ruling.triggered = list(state.triggered)


def winner(state: State, ruling: Ruling, outcome: knockout.Outcome) -> None:
    """Ⅰ-E after Knock Outs, or after Prize cards taken by a card's text (Umbreon ex's Onyx:
    "take a Prize card"): all Prizes taken, or no Pokémon left in play."""
    if ruling.winner is not None or not (outcome.knocked_out or any(outcome.prizes_taken.values())):
        return
    met = {}
    for side in ("you", "opponent"):
        player = state.scenario.players[side]
        met[side] = EndConditions(
            took_all_prizes=outcome.prizes_taken[side] > 0 and player.prizes <= 0,
            no_active=bool(state.original.players[side].pokemon()) and not player.pokemon(),
        )
    ruling.winner = game_end.decide(met, ruling)
