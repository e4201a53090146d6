"""The effective cost of an attack and whether the attached Energy pays it.

Effective cost (guide-ja Ⅰ-A-01, Ⅱ-D-09, Ⅱ-D-11…13, Ⅱ-E-32): the printed cost,
plus or minus Colorless Energy from `attack_cost` effects (they add up; "none"
wins), or the attack's own alternative cost (Ⅱ-E-32), which those effects do not
change.

Paying is an assignment of cost symbols to the Energy units attached, solved as a
bipartite matching (not by counting): a basic Energy is one unit of its type; a
special Energy provides `units` units, each of any one of its types (`any`: every
type at once, Ⅱ-D-08); a Colorless symbol is paid by any unit, a typed symbol only
by a unit of that type.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judgebot.engine.ruling import citations
from judgebot.engine.board.effects import (COLORLESS, Board, Modifier, Unit, attack_cost_modifier, matches,  # noqa: F401
                                           provision_of, same_attack_name, units_of)
from judgebot.engine.board.model import ALL_ENERGY_TYPES, Attack, Pokemon, Provision
from judgebot.i18n import Joined, Msg, Term, msg



def assign(cost: tuple[str, ...], units: list[Unit]) -> list[int] | None:
    """An assignment symbol index -> unit index paying the whole cost, or None.

    Kuhn's augmenting paths; typed symbols are placed first so that the result
    reads naturally (any maximum matching would do for the yes/no answer)."""
    order = sorted(range(len(cost)), key=lambda i: cost[i] == COLORLESS)
    unit_of_symbol: dict[int, int] = {}
    symbol_of_unit: dict[int, int] = {}

    def augment(symbol: int, seen: set[int]) -> bool:
        for u, unit in enumerate(units):
            if u in seen or not unit.pays(cost[symbol]):
                continue
            seen.add(u)
            if u not in symbol_of_unit or augment(symbol_of_unit[u], seen):
                symbol_of_unit[u] = symbol
                unit_of_symbol[symbol] = u
                return True
        return False

    for symbol in order:
        if not augment(symbol, set()):
            return None
    return [unit_of_symbol[i] for i in range(len(cost))]


@dataclass
class CostCheck:
    cost: tuple[str, ...]  # the effective cost to pay
    printed: tuple[str, ...]
    modifier: Modifier
    alternative: bool  # the Ⅱ-E-32 alternative cost is the one used
    payable: bool
    assignment: list[int] | None
    units: list[Unit] = field(default_factory=list)
    cites: list[str] = field(default_factory=list)
    silenced: list[tuple] = field(default_factory=list)  # (effect, why): cost changes that do not work now

    def payment_msg(self) -> Msg | Joined:
        """Which attached card pays each symbol of the cost ("Fire←イグニッションエネルギー")."""
        if not self.cost:
            return msg("energy.payment.nothing")
        if not self.assignment:
            return msg("energy.payment.cannot")
        return Joined(tuple(msg("energy.payment.unit", symbol=Term(f"type.{symbol}"), card=_card(self.units[u].card))
                            for symbol, u in zip(self.cost, self.assignment)))


def modified_cost(printed: tuple[str, ...], modifier: Modifier) -> tuple[str, ...]:
    if modifier.none:
        return ()
    cost = list(printed)
    if modifier.delta > 0:
        cost += [COLORLESS] * modifier.delta
    for _ in range(-modifier.delta):
        if COLORLESS not in cost:
            break  # "(無色)エネルギー1個ぶん少なくなる" removes Colorless only
        cost.remove(COLORLESS)
    if modifier.no_colorless:
        cost = [c for c in cost if c != COLORLESS]  # "ignore all {C} Energy in the costs" (Ⅱ-D-13)
    return tuple(cost)


def check_cost(board: Board, mon: Pokemon, attack: Attack) -> CostCheck:
    units = units_of(mon, board)
    modifier = attack_cost_modifier(board, mon, attack.name)
    cost = modified_cost(attack.cost, modifier)
    cites = ["guide-ja:I-A-01", "guide-ja:II-D-09"]
    if modifier.effects:
        cites += list(modifier.cites)
        for effect in modifier.effects:
            cites += list(effect.cites)
    silenced = [s for s in board.silenced_on(mon, "attack_cost") if s.placed.effect.get("attack") is None
                or same_attack_name(s.placed.effect.get("attack"), attack.name)]
    for s in silenced:
        cites += list(s.cites)
    main = assign(cost, units)
    result = CostCheck(cost, attack.cost, modifier, False, main is not None, main, units, cites)
    result.silenced = [(s.placed.effect, s.why) for s in silenced]
    if attack.alt_cost is not None:
        result.cites.append("guide-ja:II-E-32")
        alt = assign(attack.alt_cost, units)
        if alt is not None or main is None:
            # The alternative cost (not changed by cost modifiers, Ⅱ-E-32) when it is paid, and
            # also when neither is: it is the requirement the text allows now, so the cost
            # changes in play decide nothing (their rules are not cited).
            result.cost, result.alternative, result.payable, result.assignment = \
                attack.alt_cost, True, alt is not None, alt
            changes = {str(c) for c in modifier.cites} | {str(c) for e in modifier.effects for c in e.cites}
            result.cites = [c for c in result.cites if str(c) not in changes or "/faq-" in str(c)]
            result.cites.append("guide-ja:II-E-32")
    # The special Energy that paid (or, when nothing can pay, every one attached): one that
    # works as Energy of every type rests on Ⅱ-D-08; one card that works as several Energy
    # counts as that many (Ⅱ-C-01 FAQ 1, イグニッションエネルギー); either with the card's own sections.
    counted = sorted(set(result.assignment)) if result.assignment is not None else range(len(units))
    for u in counted:
        if units[u].special:
            options = mon.energy[units[u].card_index].provides
            if any("any" in option.types for option in options):  # プリズムエネルギー: every type on a Basic
                result.cites.append("guide-ja:II-D-08")
            if any(option.units > 1 for option in options):  # イグニッションエネルギー: 3 on an evolved Pokémon
                result.cites.append("guide-ja:II-C-01/faq-1")
            result.cites += list(units[u].cites)
        for effect in units[u].changed_by:
            result.cites += ["guide-ja:II-E-39"] + list(effect.cites)
    result.cites = citations.unique(result.cites)
    return result


def _card(name: str) -> Term | str:
    """A basic Energy is written as its type; a special Energy by its name."""
    return Term(f"type.{name}") if name in ALL_ENERGY_TYPES or name == "colorless" else name


def attached_msg(mon: Pokemon) -> Msg | Joined:
    """The attached Energy and what each provides now, e.g. `プリズムエネルギー (1 Colorless)`."""
    if not mon.energy:
        return msg("energy.none")
    parts = []
    for energy in mon.energy:
        if energy.basic:
            parts.append(_card(energy.name))
            continue
        option = provision_of(mon, energy.provides)
        if option is None:
            parts.append(msg("energy.special.nothing", card=energy.name))
        else:
            kinds = Term("type.any") if "any" in option.types else Joined(tuple(Term(f"type.{t}") for t in option.types),
                                                                          sep="effect.filter.or")
            parts.append(msg("energy.special", card=energy.name, n=option.units, types=kinds))
    return Joined(tuple(parts))
