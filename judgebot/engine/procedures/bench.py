"""ベンチに出す (guide-ja Ⅰ-A-04): may this Pokémon go from the hand onto the Bench
(`ask: bench`). Only a Basic Pokémon, one at a time, while the Bench has fewer than 5;
on any turn, the first turn of either player included.
"""

from __future__ import annotations

from judgebot.engine.procedures.ability import hand_of, same_card
from judgebot.engine.board.model import MAX_BENCH, BenchAsk, Scenario
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Term, msg
from judgebot.errors import ScenarioError


def _cite(key: str) -> list[str]:
    return list(procedure_step("bench", key).cite)


def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
    ask: BenchAsk = scenario.ask
    in_hand(scenario, ask)
    basic(ask, ruling)
    space(scenario, ask, ruling)
    ruling.allowed = not ruling.reasons
    ruling.counters_after = {m.position: m.damage // 10 for m in scenario.all_pokemon()}
    ruling.conditions_after = {m.position: sorted(m.conditions) for m in scenario.all_pokemon()}
    return ruling


def in_hand(scenario: Scenario, ask: BenchAsk) -> None:
    """When the scenario lists the hand, the card must be in it."""
    if "you.hand" in scenario.lines and not any(same_card(c, ask.card.name)
                                                for c in hand_of(scenario, "you", "the card to bench")):
        raise ScenarioError(scenario.file, scenario.line_of(f"{scenario.ask.path}.card"), f"{scenario.ask.path}.card",
                            f"{ask.card.name} is not in you.hand ({', '.join(scenario.you.hand) or 'empty'})")


def basic(ask: BenchAsk, ruling: Ruling) -> None:
    card = ask.card
    if card.stage != "basic":
        ruling.reason(msg("bench.not_basic", card=card.name, stage=Term(f"evolve.stage.{card.stage}")), _cite("basic"))
    else:
        ruling.step("basic", msg("bench.basic", card=card.name), _cite("basic"))


def space(scenario: Scenario, ask: BenchAsk, ruling: Ruling) -> None:
    count = len(scenario.you.bench)
    if count >= MAX_BENCH:
        ruling.reason(msg("bench.full", n=count, max=MAX_BENCH), _cite("space"))
    else:
        ruling.step("space", msg("bench.space", n=count, room=MAX_BENCH - count),
                    _cite("space"), value=count)
