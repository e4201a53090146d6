"""エネルギーをつける (guide-ja Ⅰ-C): may this Energy be attached from the hand
(`ask: attach`). One Energy card from the hand per turn, to any one of your Pokémon in
play (Active or Bench), on any turn including the first; no limit per Pokémon.
Attaching by a card effect is not this question (the format has no such ask).
"""

from __future__ import annotations

from judgebot.engine.board.model import ALL_ENERGY_TYPES, AttachAsk, Scenario
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Pos, Term, msg


def _cite(key: str) -> list[str]:
    return list(procedure_step("attach", key).cite)


def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
    ask: AttachAsk = scenario.ask
    once_per_turn(scenario, ask, ruling)
    target(scenario, ask, ruling)
    ruling.allowed = not ruling.reasons
    ruling.counters_after = {m.position: m.damage // 10 for m in scenario.all_pokemon()}
    ruling.conditions_after = {m.position: sorted(m.conditions) for m in scenario.all_pokemon()}
    return ruling


def once_per_turn(scenario: Scenario, ask: AttachAsk, ruling: Ruling) -> None:
    if scenario.turn.energy_attached:
        ruling.reason(msg("attach.once_per_turn.no"),
                      _cite("once_per_turn"))
    else:
        ruling.step("once_per_turn", msg("attach.once_per_turn.ok"), _cite("once_per_turn"))


def target(scenario: Scenario, ask: AttachAsk, ruling: Ruling) -> None:
    mon = scenario.at(ask.to)
    energy = Term(f"type.{ask.energy.name}") if ask.energy.name in ALL_ENERGY_TYPES else ask.energy.name
    ruling.step("target", msg("attach.target", energy=energy, pos=Pos(ask.to), mon=mon.name, n=len(mon.energy)),
                _cite("target"), target=ask.to)
