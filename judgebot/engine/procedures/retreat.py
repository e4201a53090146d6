"""にげる (guide-ja Ⅰ-A-03): may the Active Pokémon retreat now, and how many Energy
it discards (`ask: retreat`; the ruling's `cost`).

Checks, each a step with its rule: once per turn; not while Asleep or Paralyzed
(step 1b) or under a "cannot retreat" effect (step 1c, Ⅱ-C-14 — an effect received
before the Pokémon became protected from attack effects stays, Ⅱ-C-17 FAQ); a Benched
Pokémon to switch in (a full Bench is fine); the effective Retreat Cost: the printed
cost, "more" and "fewer" effects added up (Ⅱ-D-11, Ⅱ-D-12), "none" over both
(Ⅱ-D-13), never below 0, Tools and Abilities whose effects are gone doing nothing
(effects.Board); paid by the attached Energy counted in units — a card that provides
several Energy counts as several, and may also be discarded for fewer (Ⅱ-C-01 FAQ).
"""

from __future__ import annotations

from judgebot.engine.procedures.ability import card_cites
from judgebot.engine.board.effects import Board, cites_of, combine, effect_msg, effects_msg, filter_msg, sources_msg
from judgebot.engine.board.energy import attached_msg, units_of
from judgebot.engine.board.model import Pokemon, RetreatAsk, Scenario
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Joined, Pos, Term, msg

# Ⅱ-C-17 FAQ 1 in both guides: an effect received earlier stays when the protection starts.
EARLIER_EFFECT_STAYS = ("guide-ja:II-C-17/faq-1", "guide-zh:II-C-17/faq-1")


def _by(effects) -> Joined:
    """Where effects of one kind come from (the kind is said by the template): 「特性「みかいのしょくしゅ」」,
    "an effect" when the scenario gives no source."""
    return sources_msg(effects, Term("retreat.status.an_effect"))


def _cite(key: str, *extra: str) -> list[str]:
    return list(procedure_step("retreat", key).cite) + list(extra)


def effective_cost(board: Board, mon: Pokemon) -> tuple[int, list, list[str]]:
    """(Energy to discard, how it was found, citations)."""
    modifier = combine(board.of_kind(mon, "retreat_cost"))
    cites = _cite("cost")
    silenced = board.silenced_on(mon, "retreat_cost")
    for s in silenced:
        cites += list(s.cites)
    passed = board.passed_over(mon, "retreat_cost")  # on the board, but not for this Pokémon (ビッグネット)
    for effect, _ in passed:
        cites += list(cites_of(effect)) + card_cites(effect.cites)
    if not modifier.none:
        mon.need("retreat")
    if not modifier.effects:
        not_working = [msg("retreat.cost.not_counting", effect=effect_msg(s.placed.effect), why=s.why) for s in silenced]
        not_working += [msg("retreat.cost.not_counting", effect=effect_msg(effect),
                            why=msg("damage.why.not_target", target=mon.name, pos=Pos(mon.position),
                                    filter=filter_msg(missing))) for effect, missing in passed]
        return mon.retreat, [msg("retreat.cost.printed", n=mon.retreat), *not_working], cites
    for effect in modifier.effects:
        cites += list(cites_of(effect)) + card_cites(effect.cites)
    listed = effects_msg(modifier.effects)
    if modifier.none:
        return 0, [msg("retreat.cost.none", n=mon.retreat, effects=listed)], cites
    raw = mon.retreat + modifier.delta
    cost = max(raw, 0)
    text = [msg("retreat.cost.modified", n=mon.retreat, delta=f"{modifier.delta:+d}", effects=listed, raw=raw)]
    if raw < 0:
        text.append(msg("retreat.cost.not_below_zero"))
    return cost, text, cites


def resolve(scenario: Scenario, ruling: Ruling) -> Ruling:
    ask: RetreatAsk = scenario.ask
    mon = scenario.you.active
    board = Board(scenario)
    once_per_turn(scenario, ruling)
    status(board, mon, ruling)
    bench(scenario, ruling)
    cost(board, mon, ruling)
    ruling.allowed = not ruling.reasons
    if ruling.allowed:
        switch(scenario, mon, ask, ruling)
    else:
        ruling.counters_after = {m.position: m.damage // 10 for m in scenario.all_pokemon()}
        ruling.conditions_after = {m.position: sorted(m.conditions) for m in scenario.all_pokemon()}
    return ruling


def once_per_turn(scenario: Scenario, ruling: Ruling) -> None:
    if scenario.turn.retreated:
        ruling.reason(msg("retreat.once_per_turn.no"), _cite("once_per_turn"))
    else:
        ruling.step("once_per_turn", msg("retreat.once_per_turn.ok"), _cite("once_per_turn"))


def status(board: Board, mon: Pokemon, ruling: Ruling) -> None:
    blocked = False
    for condition in ("asleep", "paralyzed"):
        if condition in mon.conditions:
            blocked = True
            ruling.reason(msg("retreat.status.cannot", mon=mon.name, condition=Term(f"condition.{condition}")),
                          _cite("status"))
    stopping = board.of_kind(mon, "cant_retreat")
    if stopping:
        blocked = True
        cites = _cite("status", "guide-ja:II-C-14")
        for effect in stopping:
            cites += list(cites_of(effect)) + card_cites(effect.cites)
        text = [msg("retreat.status.cant", mon=mon.name, by=_by(stopping))]
        protection = board.of_kind(mon, "prevent_effects")
        if protection:
            text.append(msg("retreat.status.protection_late", by=_by(protection)))
            cites += list(EARLIER_EFFECT_STAYS) + ["guide-ja:II-C-17"]
        ruling.reason(text, cites)
    if not blocked:
        others = [c for c in mon.conditions if c not in ("asleep", "paralyzed")]
        text = [msg("retreat.status.ok", mon=mon.name)]
        if others:
            text.append(msg("retreat.status.others", conditions=[Term(f"condition.{c}") for c in others]))
        ruling.step("status", text,
                    _cite("status"))


def bench(scenario: Scenario, ruling: Ruling) -> None:
    benched = scenario.you.bench
    if not benched:
        ruling.reason(msg("retreat.bench.none"), _cite("bench"))
        return
    text = [msg("retreat.bench.some", n=len(benched))] + ([msg("retreat.bench.full")] if len(benched) >= 5 else [])
    ruling.step("bench", text, _cite("bench"))


def cost(board: Board, mon: Pokemon, ruling: Ruling) -> None:
    amount, how, cites = effective_cost(board, mon)
    ruling.cost = amount
    units = units_of(mon, board)
    several = [u for u in units if u.special]
    if several:
        cites += ["guide-ja:II-C-01"] + [c for u in several for c in card_cites(u.cites)]
    attached = attached_msg(mon)
    how = msg("list.items", items=Joined(tuple(how), sep="list.none"))
    if len(units) >= amount:
        text = [msg("retreat.cost.free", how=how) if amount == 0 else
                msg("retreat.cost.pays", how=how, n=len(units), attached=attached)]
        if amount and any(u.special for u in units):
            text.append(msg("retreat.cost.several"))
        ruling.step("cost", text, cites, value=amount)
    else:
        ruling.step("cost", msg("retreat.cost.short", how=how, attached=attached, n=len(units)), cites, value=amount)
        ruling.reason(msg("retreat.cost.reason", mon=mon.name, cost=amount, n=len(units), attached=attached), cites)


def switch(scenario: Scenario, mon: Pokemon, ask: RetreatAsk, ruling: Ruling) -> None:
    new = scenario.at(ask.to).name if ask.to else Term("retreat.switch.any")
    ends = sorted(mon.conditions)
    text = [msg("retreat.switch", n=ruling.cost, mon=mon.name, new=new) if ruling.cost else
            msg("retreat.switch.free", mon=mon.name, new=new)]
    if ends:
        text.append(msg("retreat.switch.conditions_end", conditions=[Term(f"condition.{c}") for c in ends]))
    if mon.effects:
        text.append(msg("retreat.switch.effects_end"))
    ruling.step("switch", text, _cite("switch"), target=mon.position)
    ruling.counters_after = {m.position: m.damage // 10 for m in scenario.all_pokemon()}
    ruling.conditions_after = {m.position: sorted(m.conditions) for m in scenario.all_pokemon()}
    ruling.conditions_after[mon.position] = []
    if ends:
        ruling.conditions = {mon.position: []}
