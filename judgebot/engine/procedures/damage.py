"""ダメージ計算の手順 (guide-ja Ⅰ-A-01): the six steps, each a function that records
its trace entry with its citation when it applies.

1 base (0 or less: the calculation ends), 2 effects on the attacking Pokémon (summed,
Ⅱ-B-04; 0 or less: ends), 3 Weakness (×2 or +N), 4 Resistance (0 or less: ends),
5 effects on the defending Pokémon (summed, Ⅱ-B-05; 0 or less: ends), 6 final damage
("takes no damage", Ⅱ-C-16). Weakness and Resistance apply to the Active Pokémon
only unless stated (Ⅱ-B-06, Ⅱ-B-08). An attack that ignores the defender's effects
(Ⅱ-B-07) skips step 5 and "takes no damage" but not Weakness/Resistance changes.
Self damage (Ⅱ-B-09) is from your own Pokémon: "from the opponent's Pokémon"
reductions do not apply to it, other effects do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from judgebot.engine.board.effects import (Board, applied_cites, cites_of, effect_filter_cites, effects_msg, filter_cites, filter_msg, matches,
                                           not_applying_msg, rule_cites, sources_msg, unmet)
from judgebot.engine.board.model import Filter, Pokemon
from judgebot.engine.procedures.steps import step as procedure_step
from judgebot.engine.ruling.trace import Ruling
from judgebot.i18n import Joined, Msg, Pos, Term, msg

# Default `against` of damage_dealt: the opponent's Active Pokémon (SCENARIOS.md).
DEFAULT_AGAINST = Filter(side="opponent", position="active")


@dataclass
class Hit:
    """One damage calculation: `attacker` does `base` damage to `target`."""

    attacker: Pokemon
    target: Pokemon
    base: int
    attack_name: str
    weakness_resistance: bool = True  # False: ignored (Ⅱ-B-06) or a Benched target (Ⅱ-B-08)
    wr_note: Msg | None = None  # why Weakness/Resistance are not applied
    wr_cite: tuple[str, ...] = ()
    ignore_defender_effects: bool = False  # Ⅱ-B-07
    kind: str = "attack"  # attack | bench | self
    attack_cites: tuple[str, ...] = ()  # the sections of the attack's card (catalog)
    base_text: Msg | None = None  # step 1 of a "+", "×" or "-" attack: what was counted
    base_cites: tuple[str, ...] = ()
    ignore_only: str | None = None  # "weakness" or "resistance": the attack ignores only that one (Ⅱ-B-06)
    spent: list = field(default_factory=list)  # damage_taken effects whose Tool is discarded once used
    retyped: tuple = ()  # (types, effects) when an effect in force changes the attacker's types

    @property
    def types(self) -> tuple[str, ...]:
        """The attacker's types now (Weakness and Resistance are of these)."""
        return self.retyped[0] if self.retyped else self.attacker.types

    @property
    def type_cites(self) -> list[str]:
        return [c for e in self.retyped[1] for c in cites_of(e)] if self.retyped else []


@dataclass
class Calc:
    hit: Hit
    value: int
    ended: bool = False  # the calculation ended early (0 or less, or no damage)


def _cite(key: str, *extra: str) -> list[str]:
    return list(procedure_step("damage", key).cite) + list(extra)


def _record(ruling: Ruling, calc: Calc, key: str, text: str, cite: list[str], change: str | None = None):
    ruling.step(key, text, cite, value=calc.value, change=change, target=calc.hit.target.position)


def _ends_if_not_positive(ruling: Ruling, calc: Calc, step_no: int) -> None:
    if calc.value <= 0:
        calc.value = 0
        calc.ended = True
        ruling.append_text(ruling.steps[-1], msg("damage.ends", step=step_no))


def base(board: Board, ruling: Ruling, calc: Calc) -> None:
    hit = calc.hit
    key = {"attack": "damage.base", "bench": "damage.base.bench", "self": "damage.base.self"}[hit.kind]
    # Damage to the opponent's Bench is Ⅱ-B-08's; to the attacker itself or its own Bench,
    # Ⅱ-B-09's (「自分のベンチポケモン全員にも」 is its example).
    extra = ("guide-ja:II-B-09",) if hit.kind == "self" or _own(hit) else \
        {"bench": ("guide-ja:II-B-08",)}.get(hit.kind, ())
    text = msg(key, attack=hit.attack_name, n=hit.base, target=hit.target.name)
    if hit.base_text is not None:
        text = [hit.base_text, msg("damage.base.counted"), text]
    _record(ruling, calc, "base", text, [*hit.base_cites, *_cite("base", *extra, *hit.attack_cites)])
    _ends_if_not_positive(ruling, calc, 1)


def _not_applied(ruling: Ruling, calc: Calc, key: str, entries: list[tuple]) -> None:
    """Record the effects that are there but do not count here, and why (with their rules)."""
    if not entries:
        return
    # Why they do not count decides the step: their rules first, then the step's procedure.
    cites = [c for _, _, effect_cites in entries for c in effect_cites] + _cite(key)
    text = msg("list.items", items=not_applying_msg((effect, why) for effect, why, _ in entries))
    _record(ruling, calc, key, text, cites)


def _silenced(board: Board, mon: Pokemon, kind: str) -> list[tuple]:
    return [(s.placed.effect, s.why, s.cites) for s in board.silenced_on(mon, kind)]


def attacker_effects(board: Board, ruling: Ruling, calc: Calc) -> None:
    hit = calc.hit
    effects, excluded = [], _silenced(board, hit.attacker, "damage_dealt")
    for effect in board.of_kind(hit.attacker, "damage_dealt"):
        against = effect.get("against") or DEFAULT_AGAINST
        if effect.get("attack") not in (None, hit.attack_name):
            excluded.append((effect, msg("damage.why.other_attack", attack=effect.get("attack")), cites_of(effect)))
        elif not matches(against, hit.target, hit.attacker.owner, None, board):
            missing = unmet(against, hit.target, hit.attacker.owner, None, board) or against
            # Cited: the effect's own rule and what the unmet part of its filter is defined by
            # (not its other filters: a holder's "no Rule Box" does not decide a target that is not ex).
            excluded.append((effect, msg("damage.why.not_target", target=hit.target.name, pos=Pos(hit.target.position),
                                         filter=filter_msg(missing)),
                             tuple(dict.fromkeys(_own_rule(effect) + filter_cites(missing) + tuple(effect.cites)))))
        else:
            effects.append(effect)
    _not_applied(ruling, calc, "attacker_effects", excluded)
    if not effects:
        return
    total = sum(e.get("amount", 0) for e in effects)
    calc.value += total
    cites = _cite("attacker_effects")
    for effect in effects:
        cites += list(applied_cites(effect))
    _record(ruling, calc, "attacker_effects", msg("damage.effects_on", mon=hit.attacker.name, effects=effects_msg(effects)),
            cites, _signed(total))
    _ends_if_not_positive(ruling, calc, 2)


# Ⅱ-B-07 FAQ 1 (Weakness) and FAQ 2 (Resistance): an effect that removed it is not one the
# attack's "ignore effects on the defender" text removes.
NOT_IGNORED_FAQ = {"weakness": "guide-ja:II-B-07/faq-1", "resistance": "guide-ja:II-B-07/faq-2"}


def _applies(ruling: Ruling, calc: Calc, step: str, found: tuple, changes: list) -> bool:
    """Steps 3 and 4 alike: is the target's Weakness / Resistance applied at all? Not to a
    Benched Pokémon unless the attack says so (the step is recorded only when it would have
    mattered), and not when an effect has taken it away."""
    hit = calc.hit
    if hit.ignore_only == step:
        if any(x.type in hit.types for x in found):
            _record(ruling, calc, step, msg(f"damage.ignored.{step}", target=hit.target.name, attack=hit.attack_name),
                    _cite(step, *hit.wr_cite))
        return False
    if not hit.weakness_resistance:
        if any(x.type in hit.types for x in found):
            _record(ruling, calc, step, msg(f"damage.wr.{step}", target=hit.target.name, why=hit.wr_note),
                    _cite(step, *hit.wr_cite))
        return False
    if changes and not found:
        _record(ruling, calc, step,
                [msg(f"damage.removed.{step}", target=hit.target.name, effects=sources_msg(changes))]
                + ([msg("damage.removed.not_ignored")] if hit.ignore_defender_effects else []),
                _cite(step, *[c for e in changes for c in cites_of(e)],
                      *((NOT_IGNORED_FAQ[step],) if hit.ignore_defender_effects else ())))
        return False
    return True


def weakness(board: Board, ruling: Ruling, calc: Calc) -> None:
    hit = calc.hit
    weaknesses, changes = board.weaknesses(hit.target)
    if not _applies(ruling, calc, "weakness", weaknesses, changes):
        return
    for w in weaknesses:
        if w.type not in hit.types:
            continue
        if w.multiply:
            calc.value *= w.multiply
            change = f"×{w.multiply}"
        else:
            calc.value += w.add
            change = f"+{w.add}"
        _record(ruling, calc, "weakness", msg("damage.weakness", target=hit.target.name, type=Term(f"type.{w.type}"),
                                              how=change, attacker=hit.attacker.name,
                                              types=Joined(tuple(Term(f"type.{t}") for t in hit.types))),
                _cite("weakness", *[c for e in changes for c in cites_of(e)], *hit.type_cites), change)


def resistance(board: Board, ruling: Ruling, calc: Calc) -> None:
    hit = calc.hit
    resistances, changes = board.resistances(hit.target)
    if not _applies(ruling, calc, "resistance", resistances, changes):
        return
    for r in resistances:
        if r.type not in hit.types:
            continue
        calc.value += r.value
        _record(ruling, calc, "resistance", msg("damage.resistance", target=hit.target.name,
                                                type=Term(f"type.{r.type}"), value=r.value),
                _cite("resistance", *hit.type_cites), _signed(r.value))
        _ends_if_not_positive(ruling, calc, 4)
        if calc.ended:
            return


def _other_attacker(hit: Hit, effects: list) -> list[tuple]:
    """Effects on the target that are about other attackers (their `from` does not match)."""
    return [(e, msg("damage.why.not_attacker", attacker=hit.attacker.name,
                    filter=filter_msg(unmet(e.from_, hit.attacker, hit.target.owner) or e.from_),
                    target=hit.target.name), cites_of(e)) for e in effects]


def _own_rule(effect) -> tuple[str, ...]:
    """The rule of the effect's kind, without what its filters are defined by."""
    filters = set(effect_filter_cites(effect))
    return tuple(c for c in rule_cites(effect) if c not in filters)


def _own(hit: Hit) -> bool:
    """The attack damages one of its own player's Pokémon (itself or its Bench): Ⅱ-B-09."""
    return hit.target.owner == hit.attacker.owner


def _not_from_opponent(ruling: Ruling, calc: Calc, key: str, skipped: list) -> list:
    """Effects against the opponent's attacks on a Pokémon its own side's attack damages:
    Ⅱ-B-09 decides (the damage comes from its own Pokémon), and its FAQ 2 answers it."""
    hit = calc.hit
    own_side = [e for e in skipped if _own(hit) and e.from_ is not None and e.from_.side == "opponent"]
    if own_side:
        said = "damage.self.not_from_opponent" if hit.kind == "self" else "damage.own.not_from_opponent"
        _record(ruling, calc, key, msg(said, effects=effects_msg(own_side)),
                _cite(key, "guide-ja:II-B-09", "guide-ja:II-B-09/faq-2", *[c for e in own_side for c in e.cites]))
    return own_side


def _from_matches(effect, hit: Hit) -> bool:
    return matches(effect.from_, hit.attacker, hit.target.owner) if effect.from_ else True


def defender_effects(board: Board, ruling: Ruling, calc: Calc) -> None:
    hit = calc.hit
    on_target = board.of_kind(hit.target, "damage_taken")
    effects = [e for e in on_target if _from_matches(e, hit)]
    skipped = [e for e in on_target if not _from_matches(e, hit)]
    if not hit.ignore_defender_effects:
        _not_applied(ruling, calc, "defender_effects", _silenced(board, hit.target, "damage_taken"))
    if hit.ignore_defender_effects:
        if on_target:
            _record(ruling, calc, "defender_effects",
                    msg("damage.ignores_effects", attack=hit.attack_name, target=hit.target.name, effects=effects_msg(on_target)),
                    _cite("defender_effects", "guide-ja:II-B-07", *hit.attack_cites))
        return
    own_side = _not_from_opponent(ruling, calc, "defender_effects", skipped)
    _not_applied(ruling, calc, "defender_effects", _other_attacker(hit, [e for e in skipped if e not in own_side]))
    if not effects:
        return
    total = sum(e.get("amount", 0) for e in effects)
    calc.value += total
    hit.spent += [e for e in effects if e.get("discard_tool")]
    cites = _cite("defender_effects")
    if hit.kind == "self":
        cites += ["guide-ja:II-B-09/faq-1"]
    for effect in effects:
        cites += list(cites_of(effect))
    _record(ruling, calc, "defender_effects", msg("damage.effects_on", mon=hit.target.name, effects=effects_msg(effects)),
            cites, _signed(total))
    _ends_if_not_positive(ruling, calc, 5)


def _in_bounds(effect, value: int) -> bool:
    """prevent_damage "if that damage is 30 or less" / "200 or more" (extension `at_most`/`at_least`)."""
    return (effect.get("at_most") is None or value <= effect.get("at_most")) and \
        (effect.get("at_least") is None or value >= effect.get("at_least"))


def final(board: Board, ruling: Ruling, calc: Calc) -> None:
    hit = calc.hit
    on_target = board.of_kind(hit.target, "prevent_damage")
    prevent = [e for e in on_target if _from_matches(e, hit) and _in_bounds(e, calc.value)]
    if not hit.ignore_defender_effects:
        others = [e for e in on_target if e not in prevent]
        own_side = _not_from_opponent(ruling, calc, "final", others)
        _not_applied(ruling, calc, "final", _silenced(board, hit.target, "prevent_damage")
                     + _other_attacker(hit, [e for e in others if e not in own_side]))
    if prevent and hit.ignore_defender_effects:
        _record(ruling, calc, "final",
                msg("damage.prevented.ignored", target=hit.target.name, effects=effects_msg(prevent), attack=hit.attack_name,
                    n=calc.value),
                _cite("final", "guide-ja:II-B-07", "guide-ja:II-C-16", "guide-ja:II-C-16/faq-1", *hit.attack_cites))
        return
    if prevent:
        calc.value = 0
        calc.ended = True
        cites = _cite("final")
        for effect in prevent:
            cites += list(cites_of(effect))
        _record(ruling, calc, "final", msg("damage.prevented", target=hit.target.name, effects=effects_msg(prevent)), cites)
        return
    _record(ruling, calc, "final", msg("damage.final", damage=calc.value, target=hit.target.name, n=calc.value // 10),
            _cite("final"))


STEPS: tuple[Callable[[Board, Ruling, Calc], None], ...] = (
    base, attacker_effects, weakness, resistance, defender_effects, final)


def calculate(board: Board, ruling: Ruling, hit: Hit) -> int:
    """Run the six steps; the damage the target takes (a multiple of 10, 0 or more)."""
    calc = Calc(hit, hit.base)
    for step_fn in STEPS:
        step_fn(board, ruling, calc)
        if calc.ended:
            return max(calc.value, 0)
    return max(calc.value, 0)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)
