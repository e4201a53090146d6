"""ポケモンチェック (guide-ja Ⅰ-F): the Pokémon Checkup after the turn of `you`
(`ask: checkup`): counters placed, Special Conditions after, Knock Outs, Prizes, game end.

Both players' Pokémon are checked at once, condition by condition, in the order
Poison, Burn, Sleep, Paralysis (Ⅰ-F step 1; rules-ko "포켓몬 체크의 순서"):

- Poisoned: 1 damage counter (rules-ko 독, rules-ja どく).
- Burned: 2 damage counters, then a flip — heads, it recovers. This is the current
  rule: guide-ja's Ⅱ-E-16/E-17 FAQs count Burn counters whatever the coin, and wiki-ja
  describes counters-then-flip; the older play rules (rules-ko 화상, rules-ja やけど)
  flipped first and placed the counters on tails. The engine follows guide-ja.
- Asleep: a flip — heads, it wakes up (rules-ko 잠듦).
- Paralyzed: recovers at the Checkup after its owner's turn, so a Paralyzed Pokémon of
  `you` (whose turn just ended) recovers and one of `opponent` does not (rules-ko 마비).

Counter modifiers (Ⅱ-E-16, Ⅱ-E-17): of several "becomes N" the largest applies once,
then every "N more" is added. Special Conditions received before the Pokémon became
protected from attack effects stay (Ⅱ-C-17 FAQ 2). Checkup effects of Abilities and
Trainers (Ⅰ-F step 2, Ⅱ-E-08) are Format 2 `checkup` triggers, and effects "at the end of
the turn" (Ⅱ-E-21) `end_of_turn` triggers, which work before the Checkup. Then Knock Outs for both sides (Ⅰ-F step 3, Ⅰ-D), Prizes, and game end (Ⅰ-E).

Coins, from `coins` in this fixed order: every Burn flip, then every Sleep flip; within
one condition `you` before `opponent` (only Active Pokémon have Special Conditions).
"""

from __future__ import annotations

from dataclasses import dataclass

from judgebot.engine.procedures import figures, game_end, knockout
from judgebot.engine.procedures.ability import card_cites
from judgebot.engine.board.effects import Board, cites_of, effects_msg
from judgebot.engine.board.model import SIDES, EndConditions, Pokemon, Scenario
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Joined, Msg, Pos, Term, msg
from judgebot.errors import ScenarioError

BASE_COUNTERS = {"poisoned": 1, "burned": 2}
COUNTER_KIND = {"poisoned": "poison_counters", "burned": "burn_counters"}
LABEL = {"poisoned": "Poisoned", "burned": "Burned", "asleep": "Asleep", "paralyzed": "Paralyzed"}
CONDITION_CITES = {
    "poisoned": ["rules-ja:どく", "rules-ko:독"],
    # rules-ko 화상 / rules-ja やけど state the older procedure (flip first): not cited.
    "burned": [],
    "asleep": ["rules-ko:잠듦", "rules-ja:ねむり"],
    "paralyzed": ["rules-ko:마비", "rules-ja:マヒ"],
}
STEP_OF = {"poisoned": "poison", "burned": "burn", "asleep": "sleep", "paralyzed": "paralysis"}
# Ⅱ-C-17 FAQ 2 in both guides: a Special Condition received earlier stays under protection.
EARLIER_CONDITION_STAYS = ("guide-ja:II-C-17/faq-2", "guide-zh:II-C-17/faq-2", "guide-ja:II-C-17")
ORDER_CITES = ["guide-ja:I-F", "rules-ko:포켓몬 체크의 순서"]


def _cite(key: str, *extra: str) -> list[str]:
    return list(procedure_step("checkup", key).cite) + list(extra)


@dataclass
class Flip:
    condition: str
    mon: Pokemon

    def why(self) -> str:
        what = "Burned: heads, it recovers" if self.condition == "burned" else "Asleep: heads, it wakes up"
        return f"{self.mon.position} {self.mon.name} is {what} (guide-ja:I-F)"


class Checkup:
    def __init__(self, scenario: Scenario, ruling: Ruling):
        self.scenario, self.ruling = scenario, ruling
        self.board = Board(scenario)
        self.damage_after = {m.position: m.damage for m in scenario.all_pokemon()}
        self.conditions_after = {m.position: list(m.conditions) for m in scenario.all_pokemon()}
        self.actives = [scenario.players[side].active for side in SIDES if scenario.players[side].active]
        self.flips = planned_flips(self.actives)
        self.coins = list(scenario.coins)

    def with_condition(self, condition: str) -> list[Pokemon]:
        return [m for m in self.actives if condition in self.conditions_after[m.position]]

    def coin_for(self, condition: str, mon: Pokemon) -> tuple[int, str]:
        index = next(i for i, f in enumerate(self.flips) if f.condition == condition and f.mon is mon)
        return index + 1, self.coins[index]


def planned_flips(actives: list[Pokemon]) -> list[Flip]:
    """Every flip of this Checkup, in the documented order (Burn, then Sleep; you first)."""
    flips = []
    for condition in ("burned", "asleep"):
        flips += [Flip(condition, m) for m in actives if condition in m.conditions]
    return flips


def check_coins(scenario: Scenario, flips: list[Flip]) -> None:
    given = len(scenario.coins)
    if given == len(flips):
        return
    needed = "; ".join(f"coin flip {i + 1}: {f.why()}" for i, f in enumerate(flips)) or "no coin flips"
    if given < len(flips):
        message = (f"{needed} — `coins` gives {given}; give the outcomes (heads or tails) in this order: Burn flips, "
                   "then Sleep flips, you before opponent")
    else:
        message = f"the Checkup needs {len(flips)} coin flip(s) ({needed}) but `coins` gives {given}"
    raise ScenarioError(scenario.file, scenario.line_of("coins"), "coins", message)


def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
    c = Checkup(scenario, ruling)
    check_coins(scenario, c.flips)
    ruling.step("order", msg("checkup.order"),
                ORDER_CITES + ["guide-ja:II-E-21"])
    end_of_turn(c)
    poison(c)
    burn(c)
    sleep(c)
    paralysis(c)
    card_effects(c)
    finish(c)
    return ruling


# -- counters -------------------------------------------------------------------------

def counters_for(board: Board, mon: Pokemon, condition: str) -> tuple[int, list, list[str]]:
    """(damage counters, how — messages, empty for the plain count —, citations) that
    `condition` places on `mon` now."""
    base = BASE_COUNTERS[condition]
    effects = board.of_kind(mon, COUNTER_KIND[condition])
    sets = [e for e in effects if e.get("set") is not None]
    adds = [e for e in effects if e.get("add") is not None]
    cites: list[str] = []
    count, how = base, []
    if sets:
        count = max(e.get("set") for e in sets)
        said = effects_msg(sets)
        how.append(msg("checkup.how.set.largest", n=count, values=Joined(tuple(str(e.get("set")) for e in sets)),
                       effects=said) if len(sets) > 1 else msg("checkup.how.set", n=count, effects=said))
        cites += [c for e in sets for c in list(cites_of(e)) + card_cites(e.cites)]
    if adds:
        extra = sum(e.get("add") for e in adds)
        how += ([msg("checkup.how.then")] if how else []) + [
            msg("checkup.how.add", n=extra, effects=effects_msg(adds))]
        count += extra
        cites += [c for e in adds for c in list(cites_of(e)) + card_cites(e.cites)]
    return count, how, cites


def _place(c: Checkup, mon: Pokemon, condition: str) -> tuple[int, list, list[str]]:
    count, how, cites = counters_for(c.board, mon, condition)
    c.damage_after[mon.position] += count * 10
    if c.board.of_kind(mon, "prevent_effects"):
        how += ([msg("checkup.how.sep")] if how else []) + [
            msg("checkup.how.stays", condition=Term(f"condition.{condition}"))]
        cites += list(EARLIER_CONDITION_STAYS)
    return count, how, cites


def _how(parts: list) -> Msg:
    return msg("list.items", items=Joined(tuple(parts), sep="list.none"))


def poison(c: Checkup) -> None:
    for mon in c.with_condition("poisoned"):
        count, how, cites = _place(c, mon, "poisoned")
        counters = msg("counters", n=count)
        text = (msg("checkup.poison.how", mon=mon.name, pos=Pos(mon.position), counters=counters, how=_how(how)) if how
                else msg("checkup.poison", mon=mon.name, pos=Pos(mon.position), counters=counters))
        c.ruling.step("poison", text, _cite("poison") + CONDITION_CITES["poisoned"] + cites, value=count,
                      change=f"+{count * 10}", target=mon.position)


def burn(c: Checkup) -> None:
    for mon in c.with_condition("burned"):
        count, how, cites = _place(c, mon, "burned")
        number, coin = c.coin_for("burned", mon)
        params = dict(mon=mon.name, pos=Pos(mon.position), counters=msg("counters", n=count), number=number,
                      coin=Term(f"coin.{coin}"),
                      after=Term("checkup.burn.recovers" if coin == "heads" else "checkup.burn.stays"))
        if coin == "heads":
            c.conditions_after[mon.position].remove("burned")
        said = msg("checkup.burn.how", how=_how(how), **params) if how else msg("checkup.burn", **params)
        c.ruling.step("burn", said, _cite("burn") + CONDITION_CITES["burned"] + cites, value=coin,
                      change=f"+{count * 10}", target=mon.position)


def sleep(c: Checkup) -> None:
    for mon in c.with_condition("asleep"):
        number, coin = c.coin_for("asleep", mon)
        if coin == "heads":
            c.conditions_after[mon.position].remove("asleep")
        c.ruling.step("sleep", msg("checkup.sleep", mon=mon.name, pos=Pos(mon.position), number=number,
                                   coin=Term(f"coin.{coin}"),
                                   after=Term("checkup.sleep.wakes" if coin == "heads" else "checkup.sleep.stays")),
                      _cite("sleep") + CONDITION_CITES["asleep"], value=coin, target=mon.position)


def paralysis(c: Checkup) -> None:
    for mon in c.with_condition("paralyzed"):
        if mon.owner == "you":
            c.conditions_after[mon.position].remove("paralyzed")
            text = msg("checkup.paralysis.recovers", mon=mon.name, pos=Pos(mon.position))
        else:
            text = msg("checkup.paralysis.stays", mon=mon.name, pos=Pos(mon.position))
        c.ruling.step("paralysis", text, _cite("paralysis") + CONDITION_CITES["paralyzed"], target=mon.position)


def card_effects(c: Checkup) -> None:
    """Ⅰ-F step 2, Ⅱ-E-08: effects that work at every Pokémon Checkup (Format 2 `checkup`
    triggers), on the board as the Special Conditions left it; the turn player's first."""
    if not c.board.has_triggers:
        c.ruling.step("card_effects", msg("checkup.card_effects"), _cite("card_effects"))
        return
    _fire_all(c, "checkup", "card_effects")


def end_of_turn(c: Checkup) -> None:
    """Ⅱ-E-21: effects that work at the end of the turn come before the Checkup (Format 2
    `end_of_turn` triggers)."""
    if c.board.has_triggers:
        _fire_all(c, "end_of_turn", "end_of_turn")


def _fire_all(c: Checkup, event: str, step: str) -> None:
    """Offer `event` to every Pokémon in play on a board as state that starts from the
    Checkup's counts so far; what the triggers change is carried back."""
    from judgebot.engine.board.state import State
    from judgebot.engine.procedures import timing
    from judgebot.engine.procedures.card_effects import Coins, Context

    state = State(c.scenario)
    for mon in state.scenario.all_pokemon():
        mon.damage = c.damage_after[mon.position]
        mon.conditions = tuple(c.conditions_after[mon.position])
    ctx = Context(state=state, ruling=c.ruling, step=step, side="you", source=event,
                  coins=Coins(tuple(c.scenario.coins), used=len(c.flips), file=c.scenario.file,
                              line=c.scenario.line_of("coins")),
                  step_cites=tuple(_cite("card_effects")), scenario_file=c.scenario.file)
    for mon in list(state.scenario.all_pokemon()):  # you first (the turn player), then opponent
        timing.offer(ctx, timing.Event(event, mon.uid))
    for mon in state.scenario.all_pokemon():
        c.damage_after[mon.uid] = mon.damage
        c.conditions_after[mon.uid] = list(mon.conditions)
    c.ruling.triggered = (c.ruling.triggered or []) + state.triggered


# -- Knock Outs, Prizes, game end ---------------------------------------------------------

def finish(c: Checkup) -> None:
    scenario, ruling = c.scenario, c.ruling
    ruling.step("knockout_check", msg("checkup.knockout_all"),
                _cite("knockout_check"))
    outcome = knockout.check(scenario, c.board, ruling, c.damage_after, {}, procedure="checkup")
    gone = {id(m) for m in outcome.knocked_out}
    ruling.counters = {pos: dmg // 10 for pos, dmg in c.damage_after.items() if dmg != scenario.at(pos).damage}
    ruling.counters_after = {pos: dmg // 10 for pos, dmg in c.damage_after.items()}
    figures.counters_on(ruling.counters_after, scenario.file, scenario.line_of, "ask.checkup")
    changed = {m.position: sorted(c.conditions_after[m.position]) for m in c.actives
               if sorted(c.conditions_after[m.position]) != sorted(m.conditions) and id(m) not in gone}
    ruling.conditions = changed or None
    ruling.conditions_after = {pos: sorted(v) for pos, v in c.conditions_after.items()}
    for mon in outcome.knocked_out:
        ruling.conditions_after[mon.position] = []
    ruling.knocked_out = [m.position for m in outcome.knocked_out]
    ruling.prizes_taken = outcome.prizes_taken
    if not outcome.knocked_out:
        return
    met = {}
    for side in SIDES:
        player = scenario.players[side]
        left = [m for m in player.pokemon() if id(m) not in gone]
        taken = outcome.prizes_taken[side]
        met[side] = EndConditions(took_all_prizes=0 < player.prizes <= taken,
                                  no_active=player.active is not None and id(player.active) in gone and not left)
    ruling.winner = game_end.decide(met, ruling)
