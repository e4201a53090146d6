"""The figures a ruling states stay within the documented bounds (docs/SCENARIO-LIMITS.md).

The file's own numbers are bounded (HP and damage 990, counts 60, Weakness ×2 or +N),
but what an action makes of them could still go past what a ruling states: an attack of
990 with Weakness ×2, or many `place_counters` on one Pokémon. Past those bounds every
Pokémon within the HP limit is Knocked Out anyway, so no real board needs them; the
board is refused, naming the action, rather than a figure stated beyond the documented
range.
"""

from __future__ import annotations

from judgebot.engine.format.schema import MAX_DAMAGE, MAX_HP
from judgebot.errors import ScenarioError

# A Pokémon in play has fewer damage counters than its HP allows (990 HP: at most 98);
# one Knocked Out keeps what it had plus what Knocked it Out (at most 990 damage).
MAX_COUNTERS_STATED = MAX_HP // 10 + MAX_DAMAGE // 10


def damage_done(amount: int, file: str, line, path: str, target: str) -> None:
    """One hit's damage to one Pokémon, at most MAX_DAMAGE."""
    if amount > MAX_DAMAGE:
        raise ScenarioError(file, line, path, f"the damage to {target} comes to {amount:,}, over the limit of "
                                              f"{MAX_DAMAGE} (more Knocks Out any Pokémon of up to {MAX_HP} HP)")


def counters_on(counters: dict[str, int], file: str, line_of, path: str) -> None:
    """Damage counters on each Pokémon after an action, at most MAX_COUNTERS_STATED."""
    for spot, count in counters.items():
        if count > MAX_COUNTERS_STATED:
            raise ScenarioError(file, line_of(path), path,
                                f"{spot} would have {count:,} damage counters, over the limit of "
                                f"{MAX_COUNTERS_STATED} (98 on a Pokémon in play and {MAX_DAMAGE} damage)")
