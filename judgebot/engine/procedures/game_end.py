"""勝ち負け (guide-ja Ⅰ-E; rules-ko B-13): who wins when end conditions are met.

A player loses when the opponent has taken all their Prize cards, when they have no
Pokémon to put into the Active Spot, or when they cannot draw at the start of their
turn. When both players meet conditions at once, the player who meets more of the
two conditions "took all my Prize cards" and "my opponent cannot put a Pokémon into
the Active Spot" wins; equal counts are a draw (tie-break / sudden death). The table
in guide-ja's copy is garbled (seeds README); rules-ko B-13 gives the same rule.
"""

from __future__ import annotations

from judgebot.engine.board.model import EndConditions, other
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Msg, Term, msg

CITES_CONDITIONS = list(procedure_step("game_end", "conditions").cite)
CITES_BOTH = list(procedure_step("game_end", "both").cite)


def loses(side: str, met: dict[str, EndConditions]) -> list[Msg]:
    """The loss conditions `side` meets, as messages."""
    reasons = []

    def said(key: str, who: str) -> Msg:
        return msg(f"game_end.reason.{key}", side=Term(f"side.{who}"), their=Term(f"their.{who}"))

    if met[other(side)].took_all_prizes:
        reasons.append(said("took_all_prizes", other(side)))
    if met[side].no_active:
        reasons.append(said("no_active", side))
    if met[side].cannot_draw:
        reasons.append(said("cannot_draw", side))
    return reasons


def decide(met: dict[str, EndConditions], ruling: Ruling) -> str | None:
    """The winner (`you`, `opponent`, `draw`) or None when the game goes on."""
    losing = {side: loses(side, met) for side in ("you", "opponent")}
    if not any(losing.values()):
        ruling.step("game_end", msg("game_end.goes_on"), CITES_CONDITIONS)
        return None
    if losing["you"] and not losing["opponent"]:
        ruling.step("game_end", msg("game_end.opponent_wins", reasons=losing["you"]), CITES_CONDITIONS, value="opponent")
        return "opponent"
    if losing["opponent"] and not losing["you"]:
        ruling.step("game_end", msg("game_end.you_win", reasons=losing["opponent"]), CITES_CONDITIONS, value="you")
        return "you"
    score = {side: int(met[side].took_all_prizes) + int(met[other(side)].no_active) for side in ("you", "opponent")}
    detail = msg("game_end.both", you=score["you"], opponent=score["opponent"])
    if score["you"] == score["opponent"]:
        ruling.step("game_end", [detail, msg("game_end.equal")], CITES_BOTH, value="draw")
        return "draw"
    winner = "you" if score["you"] > score["opponent"] else "opponent"
    ruling.step("game_end", [detail, msg(f"game_end.more.{winner}")], CITES_BOTH, value=winner)
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
        said = [Term(f"game_end.condition.{key}") for key in conditions] or [Term("game_end.condition.none")]
        ruling.step("conditions", msg("game_end.conditions", side=Term(f"side.{side}"), conditions=said),
                    CITES_CONDITIONS, target=side)
    ruling.winner = decide(met, ruling)
    return ruling
