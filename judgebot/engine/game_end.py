"""勝ち負け (guide-ja Ⅰ-E; rules-ko B-13): who wins when end conditions are met.

A player loses when the opponent has taken all their Prize cards, when they have no
Pokémon to put into the Active Spot, or when they cannot draw at the start of their
turn. When both players meet conditions at once, the player who meets more of the
two conditions "took all my Prize cards" and "my opponent cannot put a Pokémon into
the Active Spot" wins; equal counts are a draw (tie-break / sudden death). The table
in guide-ja's copy is garbled (seeds README); rules-ko B-13 gives the same rule.
"""

from __future__ import annotations

from judgebot.engine.model import EndConditions, other
from judgebot.engine.procedures import step as procedure_step
from judgebot.engine.ruling import Ruling

CITES_CONDITIONS = list(procedure_step("game_end", "conditions").cite)
CITES_BOTH = list(procedure_step("game_end", "both").cite)


def loses(side: str, met: dict[str, EndConditions]) -> list[str]:
    """The loss conditions `side` meets, in words."""
    reasons = []
    if met[other(side)].took_all_prizes:
        reasons.append(f"{other(side)} took all their Prize cards")
    if met[side].no_active:
        reasons.append(f"{side} cannot put a Pokémon into the Active Spot")
    if met[side].cannot_draw:
        reasons.append(f"{side} cannot draw at the start of their turn")
    return reasons


def decide(met: dict[str, EndConditions], ruling: Ruling) -> str | None:
    """The winner (`you`, `opponent`, `draw`) or None when the game goes on."""
    losing = {side: loses(side, met) for side in ("you", "opponent")}
    if not any(losing.values()):
        ruling.step("game_end", "no end condition is met: the game goes on", CITES_CONDITIONS)
        return None
    if losing["you"] and not losing["opponent"]:
        ruling.step("game_end", f"opponent wins: {'; '.join(losing['you'])}", CITES_CONDITIONS, value="opponent")
        return "opponent"
    if losing["opponent"] and not losing["you"]:
        ruling.step("game_end", f"you win: {'; '.join(losing['opponent'])}", CITES_CONDITIONS, value="you")
        return "you"
    score = {side: int(met[side].took_all_prizes) + int(met[other(side)].no_active) for side in ("you", "opponent")}
    detail = (f"both players meet end conditions: you {score['you']} of the two (took all Prizes, opponent "
              f"cannot put out an Active Pokémon), opponent {score['opponent']}")
    if score["you"] == score["opponent"]:
        ruling.step("game_end", f"{detail} — equal: a draw (tie-break / sudden death)", CITES_BOTH, value="draw")
        return "draw"
    winner = "you" if score["you"] > score["opponent"] else "opponent"
    ruling.step("game_end", f"{detail} — {winner} meets more and wins", CITES_BOTH, value=winner)
    return winner


def resolve(scenario, ruling: Ruling) -> Ruling:
    """`ask: game_end`: who wins when these end conditions are met at the same moment.

    `cannot_draw` happens at the start of a turn, when no Pokémon is Knocked Out: it
    is never met together with another condition. Winning by a card's own text
    (Ⅱ-E-38) is not an end condition of Ⅰ-E and is not asked here."""
    from judgebot.errors import ScenarioError

    ask = scenario.ask
    met = {"you": ask.you, "opponent": ask.opponent}
    drawing = [side for side in met if met[side].cannot_draw]
    others = [f"{side}.{key}" for side in met for key in ("took_all_prizes", "no_active") if getattr(met[side], key)]
    if drawing and (len(drawing) > 1 or others):
        raise ScenarioError(scenario.file, scenario.line_of("ask.game_end"), "ask.game_end",
                            f"cannot_draw ({', '.join(drawing)}) happens at the start of that player's own turn and "
                            f"cannot be met at the same moment as {', '.join(others) or 'the other player cannot_draw'}"
                            " (guide-ja:I-E)")
    for side in met:
        conditions = [key for key in ("took_all_prizes", "no_active", "cannot_draw") if getattr(met[side], key)]
        ruling.step("conditions", f"{side}: {', '.join(conditions) or 'no end condition'}", CITES_CONDITIONS,
                    target=side)
    ruling.winner = decide(met, ruling)
    return ruling
