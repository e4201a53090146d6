"""対戦準備 (guide-ja Ⅰ-G): extra cards drawn for the other player's mulligans
(`ask: setup`; the ruling's `extra_draws`).

Step 5: a player who alone has no Basic Pokémon reveals the hand, shuffles it back
and draws again (5.c–d); when both have none, both redraw and that does not count.
Step 7: after the Prize cards are set, each player may draw up to as many cards as
the times the other player redrew alone (declaring the number first; Basic Pokémon
drawn may go onto the Bench). `mulligans` in the scenario counts those times only.
"""

from __future__ import annotations

from judgebot.engine.board.model import SIDES, Scenario, SetupAsk, other
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import msg


def _cite(key: str) -> list[str]:
    return list(procedure_step("setup", key).cite)


def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
    ask: SetupAsk = scenario.ask
    ruling.step("active", msg("setup.mulligans", you=ask.mulligans["you"], opponent=ask.mulligans["opponent"]),
                _cite("active"))
    ruling.extra_draws = extra_draws(ask.mulligans)
    for side in SIDES:
        n = ruling.extra_draws[side]
        text = msg(f"setup.extra.{side}", n=n) if n else msg(f"setup.no_extra.{side}")
        ruling.step("extra_draws", text, _cite("extra_draws"), value=n, target=side)
    return ruling


def extra_draws(mulligans: dict[str, int]) -> dict[str, int]:
    """Each player may draw up to the other player's mulligans."""
    return {side: mulligans.get(other(side), 0) for side in SIDES}
