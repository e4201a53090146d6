"""A turn as a sequence of actions (Format 2 `sequence`): each ask is read and ruled on
the board the previous one left (what it names — a position, an Ability, an attack — is
checked there: format.scenario.sequence_entry) and, when allowed, carried out
(procedures.carry_out; an attack changes the board by its own procedure). An attack ends
the turn (Ⅰ-A-01): an ask after it is not allowed, for that reason first and alone. The
sequence stops at the first ask that is not allowed, or when the game ends. The ruling's
`sequence` holds the per-ask rulings; `knocked_out`,
`prizes_taken`, `triggered` and `discarded` accumulate over them; `board` is the board
at the end, against the board the sequence started from.
"""

from __future__ import annotations

from dataclasses import replace
from importlib import import_module

from judgebot.engine.board.model import Scenario
from judgebot.engine.board.state import State
from judgebot.engine.format.scenario import sequence_entry
from judgebot.engine.procedures import unread_text
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import msg


def rule_entry(scenario: Scenario, ruling: Ruling) -> Ruling:
    """One ask of the sequence: its procedure, then carried out when allowed."""
    from judgebot.engine.procedures import carry_out

    kind = scenario.ask.kind
    entry = Ruling(file=scenario.file, ask=kind, in_play_of=ruling.in_play_of)
    entry = import_module(f"judgebot.engine.procedures.{kind}").resolve(scenario, entry)
    if entry.allowed and kind != "attack":
        carry_out.apply(scenario, entry)
    unread_text.after(scenario, entry)
    return entry


def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
    board = scenario
    done: list[Ruling] = []
    attack = None
    for index, ask in enumerate(scenario.ask.asks):
        if attack is not None:
            done.append(_after_the_attack(scenario, ruling, ask, attack, done[-1]))
            break
        if index and scenario.ask.entries:
            ask = sequence_entry(scenario, index, board)
        attack = ask if ask.kind == "attack" else None
        entry = rule_entry(replace(board, ask=ask), ruling)
        done.append(entry)
        if not entry.allowed or entry.winner is not None:
            break  # not allowed: the turn stops there; a winner: the game is over (Ⅰ-E)
        if entry.state is not None:
            board = _settled(entry.state)
    ruling.sequence = done
    ruling.allowed = all(entry.allowed for entry in done)
    for entry in done:
        ruling.steps += entry.steps
        ruling.reasons += entry.reasons
        for cite in entry.citations:
            if cite not in ruling.citations:
                ruling.citations.append(cite)
    carried = [entry for entry in done if entry.allowed]
    if not carried:  # nothing was done: the board keys do not apply (as for a single ask)
        ruling.counters_after, ruling.conditions_after = dict(done[-1].counters_after), dict(done[-1].conditions_after)
        return ruling
    _accumulate(ruling, carried)
    before = State(scenario).whole_board()
    after = State(board).whole_board()
    spots = list(before) + [spot for spot in after if spot not in before]
    whole = {spot: after.get(spot) for spot in spots}  # a spot left empty is None
    ruling.board = {spot: now for spot, now in whole.items() if now != before.get(spot)}
    ruling.board_after = whole
    return ruling


def _after_the_attack(scenario: Scenario, ruling: Ruling, ask, attack, attacked: Ruling) -> Ruling:
    """An ask after an attack: the attack ended the turn (Ⅰ-A-01, "ワザを使い終えると自分の
    番は終わります"), so nothing after it is done this turn — the first rule that stops it,
    whatever else would."""
    entry = Ruling(file=scenario.file, ask=ask.kind, in_play_of=ruling.in_play_of)
    entry.reason(msg("sequence.turn_over", ask=msg(f"view.ask.{ask.kind}"), attack=attack.name), ["guide-ja:I-A-01"])
    entry.allowed = False
    entry.counters_after, entry.conditions_after = dict(attacked.counters_after), dict(attacked.conditions_after)
    return entry


def _settled(state: State) -> Scenario:
    """The board an action left, as the scenario the next ask is ruled on: the Pokémon
    keep their spots; one that left play is gone."""
    after = state.scenario
    for mon in after.all_pokemon():
        mon.uid = mon.position
    return after


def _accumulate(ruling: Ruling, done: list[Ruling]) -> None:
    knocked: list[str] = []
    prizes = {"you": 0, "opponent": 0}
    triggered: list[str] = []
    discarded: dict[str, list[str]] = {}
    winner = None
    for entry in done:
        knocked += entry.knocked_out or []
        for side, n in (entry.prizes_taken or {}).items():
            prizes[side] += n
        triggered += entry.triggered or []
        for side, cards in (entry.discarded or {}).items():
            discarded.setdefault(side, []).extend(cards)
        winner = winner or entry.winner
    ruling.knocked_out = knocked
    ruling.prizes_taken = prizes
    ruling.triggered = triggered
    ruling.discarded = discarded or None
    ruling.winner = winner
    last = done[-1]
    ruling.counters_after = dict(last.counters_after)
    ruling.conditions_after = dict(last.conditions_after)
