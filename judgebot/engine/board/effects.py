"""Which effects are in force on which Pokémon, and how they combine.

Where an effect applies (SCENARIOS.md "Effects"): an effect on a Pokémon (its
`effects`, Abilities, Tool, attached special Energy) applies to that Pokémon unless
it has `applies_to`; a player's effects apply to that player's Pokémon matching
`applies_to` (side own by default); the Stadium's apply to both sides unless its
filter says otherwise. `side` in a filter is seen from the effect's owner.

An Ability that works only while its Pokémon is in the Active Spot (`active_only`,
"このポケモンがバトル場にいるなら") places nothing from the Bench: its effects are not in
force there, for any question (damage, Ability negation, costs, counters); they are
listed in `silenced` with the reason.

Negation (guide-ja Ⅱ-D-13 "なくなる"): `no_abilities` on a Pokémon removes the
effects of its Abilities, `no_tool_effects` those of its Tool — also when the
negation comes from a Stadium (ロケット団の監視塔, ジャミングタワー).
Combining: "cannot" beats "can" (Ⅱ-A); "more" and "less" add up (Ⅱ-D-11/12);
"none" beats both (Ⅱ-D-13).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from judgebot.carddb.lookup import name_group, same_name
from judgebot.carddb.normalize import name_key
from judgebot.engine.board.model import ALL_ENERGY_TYPES
from judgebot.engine.board.model import TYPES as ALL_TYPE_WORDS
from judgebot.engine.board.model import EFFECT_PER_KINDS, Effect, Filter, Pokemon, Resistance, Scenario, Weakness, other
from judgebot.errors import ScenarioError
from judgebot.i18n import Joined, Msg, Pos, Term, msg

# The rule behind each primitive (SCENARIOS.md's table), for citations.
KIND_CITES: dict[str, tuple[str, ...]] = {
    "damage_dealt": ("guide-ja:I-A-01", "guide-ja:II-B-04"),
    "damage_taken": ("guide-ja:I-A-01", "guide-ja:II-B-05"),
    "prevent_damage": ("guide-ja:II-C-16",),
    "prevent_effects": ("guide-ja:II-C-17",),
    "no_weakness": ("guide-ja:II-D-13",),
    "no_resistance": ("guide-ja:II-D-13",),
    "weakness": ("guide-ja:I-A-01",),
    "retreat_cost": ("guide-ja:II-D-10", "guide-ja:II-D-11", "guide-ja:II-D-12", "guide-ja:II-D-13"),
    "attack_cost": ("guide-ja:II-D-09", "guide-ja:II-D-11", "guide-ja:II-D-12", "guide-ja:II-D-13"),
    "cant_retreat": ("guide-ja:II-C-14",),
    "cant_attack": ("guide-ja:II-C-15",),
    "attack_coin_check": ("guide-ja:I-A-01", "guide-ja:II-D-01"),
    "no_abilities": ("guide-ja:II-D-13",),
    "no_tool_effects": ("guide-ja:II-D-13",),
    "cant_play": ("guide-ja:II-C-19",),
    "poison_counters": ("guide-ja:II-E-16", "guide-ja:II-E-17"),
    "burn_counters": ("guide-ja:II-E-16", "guide-ja:II-E-17"),
    "prizes_reduced": ("guide-ja:II-D-08",),
    "max_hp": ("guide-ja:II-D-15",),
    "provides": ("guide-ja:II-D-08",),
    "energy_units": ("guide-ja:II-E-39",),
    "energy_type": ("guide-ja:II-E-39",),
    "extra_prizes": ("guide-ja:I-D",),
    "survive": ("guide-ja:I-D",),
    "prevent_counters": ("guide-ja:II-C-07",),
    "no_conditions": ("guide-ja:I-F",),
    "usable_first_turn": ("guide-ja:II-E-28",),
    "ignore_defender_effects": ("guide-ja:II-B-07",),
}
# A counter effect either sets the count ("▲▲個になる", Ⅱ-E-16) or adds to it ("▲▲個多くなる", Ⅱ-E-17).
COUNTER_CITES = {"set": "guide-ja:II-E-16", "add": "guide-ja:II-E-17"}
CANNOT_BEATS_CAN = "guide-ja:II-A"
MORE_LESS_NONE = ("guide-ja:II-D-11", "guide-ja:II-D-12", "guide-ja:II-D-13")


def cites_of(effect: Effect) -> tuple[str, ...]:
    """The effect's own rule, then the sections of its card."""
    return tuple(dict.fromkeys(rule_cites(effect) + effect.cites))


def applied_cites(effect: Effect) -> tuple[str, ...]:
    """cites_of an effect that applies: its card's FAQs filed under what its filters are
    defined by are about the Pokémon the filter leaves out (ブレイブバングル on a Pokémon with a
    Rule Box, Ⅱ-D-18 FAQ 1 and 2), not about one it applies to."""
    filters = set(effect_filter_cites(effect))
    return tuple(c for c in cites_of(effect) if not ("/faq-" in c and c.split("/", 1)[0] in filters))


def rule_cites(effect: Effect) -> tuple[str, ...]:
    """The rule of the effect's kind alone (without the sections of its card)."""
    rule = KIND_CITES.get(effect.kind, ())
    amount = effect.get("amount", 0)
    # The guide explains the "other direction" where it lists the exceptions: a "-N" on the
    # attacker (あまえる) under Ⅱ-B-05, a "+N" on the defender (とびこみアッパー) under Ⅱ-B-04.
    if effect.kind == "damage_dealt" and amount < 0:
        rule = ("guide-ja:I-A-01", "guide-ja:II-B-05")
    elif effect.kind == "damage_taken" and amount > 0:
        rule = ("guide-ja:I-A-01", "guide-ja:II-B-04")
    elif effect.kind in ("retreat_cost", "attack_cost"):
        # Only the section of this modifier: more (Ⅱ-D-11), fewer (Ⅱ-D-12) or none (Ⅱ-D-13).
        delta = effect.get("delta", 0)
        rule = rule[:1] + (MORE_LESS_NONE[2] if effect.get("none") or effect.get("no_colorless")
                           else MORE_LESS_NONE[0] if delta > 0 else MORE_LESS_NONE[1],)
    elif effect.kind in ("poison_counters", "burn_counters"):
        rule = tuple(COUNTER_CITES[key] for key in COUNTER_CITES if effect.get(key) is not None)
    return rule + effect_filter_cites(effect)


# What a filter's words are defined by: "ルールを持つポケモン" (Ⅱ-D-18) and an Ability that
# is no longer there (Ⅱ-D-13 なくなる).
FILTER_RULES = {"has_energy_card": "guide-ja:I-C", "has_attack": "guide-ja:II-E-37", "rule": "guide-ja:II-D-18", "has_ability": "guide-ja:II-D-13",
                "evolved_from_this_turn": "guide-ja:II-E-24", "moved_to_active_this_turn": "guide-ja:II-E-25",
                "healed_this_turn": "guide-ja:II-E-27",
                # "has a Tool attached" / "has ● Energy (a Special Energy card) attached" are what is
                # attached (ポケモンのどうぐ Ⅰ-B-02, エネルギー Ⅰ-C), not Ⅱ-D-06's 持つ (the attacks,
                # Weakness … printed on the card).
                "has_tool": "guide-ja:I-B-02", "has_energy": "guide-ja:I-C",
                # "that has 50 HP or less remaining" (Soul Destroyer): 残りHP, Ⅱ-D-16.
                "hp_left_at_most": "guide-ja:II-D-16"}


def filter_cites(filter_: Filter | None) -> tuple[str, ...]:
    """What a filter's words are defined by. `rule` is Ⅱ-D-18's only where it means "a
    Pokémon with (or without) a Rule Box" (any / none): "a Pokémon ex" is the card's own word."""
    if filter_ is None:
        return ()
    found = []
    for key, cite in FILTER_RULES.items():
        value = getattr(filter_, key)
        if value is None or (key == "rule" and not set(value) & {"any", "none"}):
            continue
        found.append(cite)
    return tuple(found)


def effect_filter_cites(effect: Effect) -> tuple[str, ...]:
    filters = [effect.applies_to, effect.from_, effect.get("against"), effect.get("when")]
    return tuple(dict.fromkeys(cite for f in filters if isinstance(f, Filter) for cite in filter_cites(f)))


def matches(filter_: Filter | None, target: Pokemon, viewer: str, default_side: str | None = None,
            board: "Board | None" = None, retyped: dict | None = None) -> bool:
    """Does `target` match the filter, with `side` seen from the player `viewer`?
    `has_ability` counts Abilities still in force when `board` is given; types are those
    effects in force give ("it is {F} and {P} type") when `board` or `retyped` is."""
    side = (filter_.side if filter_ and filter_.side else None) or default_side
    if side == "own" and target.owner != viewer:
        return False
    if side == "opponent" and target.owner != other(viewer):
        return False
    if filter_ is None:
        return True
    types = target.types
    if board is not None or retyped:
        changed = (board.retyped if board is not None else retyped).get(id(target))
        types = changed[0] if changed else types
    if filter_.types is not None and not set(filter_.types) & set(types):
        return False
    if filter_.stage is not None and target.stage not in filter_.stage:
        return False
    if filter_.rule is not None and not _rule_matches(filter_.rule, target.rule):
        return False
    if filter_.position is not None and (filter_.position == "active") != target.is_active:
        return False
    if filter_.name is not None and target.name not in filter_.name \
            and not any(same_name(n, target.name) for n in filter_.name):
        return False
    if filter_.evolved is not None and filter_.evolved != target.evolved:
        return False
    if filter_.evolved_from_this_turn is not None and target.evolved_from_this_turn not in filter_.evolved_from_this_turn:
        return False
    if filter_.name_prefix is not None and not _name_starts(target.name, filter_.name_prefix):
        return False
    if filter_.moved_to_active_this_turn is not None and filter_.moved_to_active_this_turn != target.moved_to_active_this_turn:
        return False
    if filter_.healed_this_turn is not None and filter_.healed_this_turn != target.healed_this_turn:
        return False
    if filter_.has_tool is not None and filter_.has_tool != (target.tool is not None):
        return False
    if filter_.has_energy is not None and not _has_energy(target, filter_.has_energy):
        return False
    if filter_.has_ability is not None:
        has = bool(target.abilities) and not (board is not None and id(target) in board.no_ability)
        if has != filter_.has_ability:
            return False
    if filter_.not_types is not None and set(filter_.not_types) & set(types):
        return False
    if filter_.damaged is not None and filter_.damaged != (target.damage > 0):
        return False
    if filter_.conditions is not None and not (
            set(filter_.conditions) & set(target.conditions) or ("any" in filter_.conditions and target.conditions)):
        return False
    if filter_.has_attack is not None and not any(a.name in filter_.has_attack for a in target.attacks):
        return False
    if filter_.has_energy_card is not None and not any(
            e.name in filter_.has_energy_card or ("special" in filter_.has_energy_card and not e.basic)
            for e in target.energy):
        return False
    if filter_.tag is not None:
        target.need("tags")  # a real card: no card data say whether it is Ancient or Future
        if not set(filter_.tag) & set(target.tags):
            return False
    if filter_.hp_left_at_most is not None:
        hp = board.plain_max_hp(target) if board is not None else target.hp
        if hp - target.damage > filter_.hp_left_at_most:
            return False
    return True


def _name_starts(name: str, prefixes) -> bool:
    """"Hop's Pokémon", 「Nのポケモン」: the name starts so in any of the card's languages (SCENARIOS.md
    "Real cards": names compare in any language), so N's Castle finds a Pokémon written
    Nのゾロアークex. Compared as name keys (case, width, spaces and apostrophes ignored)."""
    if name.startswith(tuple(prefixes)):
        return True
    keys = [name_key(p) for p in prefixes if name_key(p)]
    return any(k.startswith(tuple(keys)) for k in name_group(name)) if keys else False


def unmet(filter_: Filter | None, target: Pokemon, viewer: str, default_side: str | None = None,
          board: "Board | None" = None) -> Filter | None:
    """The part of the filter `target` does not meet (None when it meets all of it): what a
    reason names — "is not a Pokémon with an Ability", not the whole filter, whose other
    parts it meets ("the opponent's Pokémon, in the Active Spot")."""
    from dataclasses import fields, replace

    if filter_ is None:
        return None
    side = filter_.side or default_side
    failed: dict = {}
    if side and not matches(Filter(side=side), target, viewer):
        failed["side"] = side
    for f in fields(Filter):
        value = getattr(filter_, f.name)
        if f.name != "side" and value is not None and not matches(Filter(**{f.name: value}), target, viewer,
                                                                  board=board):
            failed[f.name] = value
    return replace(Filter(), **failed) if failed else None


def provision_of(mon: Pokemon, options):
    """The first option of an attached Energy whose `when` holds for the Pokémon it is on."""
    for option in options:
        if option.when is None or matches(option.when, mon, mon.owner):
            return option
    return None


def _has_energy(mon: Pokemon, types: tuple[str, ...]) -> bool:
    """Has Energy of one of these types attached (an Energy of every type has them all)."""
    for energy in mon.energy:
        option = provision_of(mon, energy.provides)
        if option is not None and ("any" in option.types or set(types) & set(option.types)):
            return True
    return False


def _rule_matches(wanted: tuple[str, ...], rule: str) -> bool:
    for value in wanted:
        if value == "any" and rule != "none":
            return True
        if value == rule:
            return True
    return False


@dataclass(frozen=True)
class Placed:
    """An effect as placed on the board: who carries it and whose it is."""

    effect: Effect
    holder: Pokemon | None  # the Pokémon it is on (None: a player's or the Stadium's)
    owner: str  # the player it belongs to: `side` filters are seen from here
    default_side: str | None  # side when the filter gives none


@dataclass(frozen=True)
class Silenced:
    """An effect that is on the board but does not work now, and why."""

    placed: Placed
    why: Msg
    cites: tuple[str, ...]


class Board:
    """Effects in force on every Pokémon of a scenario (computed once)."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.pokemon = scenario.all_pokemon()
        self.silenced: list[Silenced] = []
        self.retyped: dict[int, tuple[tuple[str, ...], list[Effect]]] = {}
        placed = self._place()
        # Negation first from everything but Abilities, then from the Abilities that survive it.
        plain = [p for p in placed if p.effect.origin != "ability"]
        no_ability = self._negated_holders(plain, "no_abilities")
        surviving_abilities = [p for p in placed if p.effect.origin == "ability" and id(p.holder) not in no_ability]
        no_ability.update(self._negated_holders(surviving_abilities, "no_abilities"))
        live = plain + surviving_abilities
        no_tool = self._negated_holders(live, "no_tool_effects")
        self.placed: list[Placed] = []
        for p in placed:
            because = None
            if p.effect.origin == "ability" and id(p.holder) in no_ability:
                because = no_ability[id(p.holder)]
            elif p.effect.origin == "tool" and id(p.holder) in no_tool:
                because = no_tool[id(p.holder)]
            if because is None:
                self.placed.append(p)
            else:
                # The negation decides that the effect does not work (Ⅱ-D-13): its rule alone;
                # what the negated effect would do, and the cards' own sections, only
                # mention the step's words.
                self.silenced.append(Silenced(p, msg("effect.why.removed", by=source_msg(because) or what_msg(because)),
                                              rule_cites(because)))
        self.no_ability = no_ability
        self.no_tool = no_tool
        self.retyped = self._retyped()
        self._cache: dict[int, list[Effect]] = {}
        self._inactive: dict[int, list[Silenced]] = {}
        # Effects with an `if` or a `per` (card text): worked out when asked about (conditions.py).
        self._conditional: dict[int, Placed] = {}
        self._evaluated: dict[tuple[int, int], Effect | None] = {}

    def _place(self) -> list[Placed]:
        placed: list[Placed] = []
        for mon in self.pokemon:
            carried = list(mon.effects)
            for ability in mon.abilities:
                if ability.active_only and not mon.is_active:
                    for effect in ability.effects:
                        self.silenced.append(Silenced(
                            Placed(effect, mon, mon.owner, None),
                            msg("effect.why.active_only", ability=ability.name, mon=mon.name), cites_of(effect)))
                    continue
                carried += list(ability.effects)
            if mon.tool is not None:
                carried += list(mon.tool.effects)
            for energy in mon.energy:
                carried += list(energy.effects)
            for effect in carried:
                placed.append(Placed(effect, mon, mon.owner, None))
        for side, player in self.scenario.players.items():
            for effect in player.effects:
                placed.append(Placed(effect, None, side, "own"))
        stadium = self.scenario.stadium
        if stadium is not None:
            for effect in stadium.effects:
                placed.append(Placed(effect, None, stadium.owner, "both"))
        return placed

    @property
    def has_triggers(self) -> bool:
        """Is any trigger on the board, working or not? (most boards have none)"""
        found = self.__dict__.get("_has_triggers")
        if found is None:
            found = self.__dict__["_has_triggers"] = any(
                p.effect.kind == "trigger" for p in self.placed) or any(
                s.placed.effect.kind == "trigger" for s in self.silenced)
        return found

    def targets(self, placed: Placed) -> list[Pokemon]:
        return self._targets(placed)

    def _targets(self, placed: Placed) -> list[Pokemon]:
        effect = placed.effect
        if placed.holder is not None and effect.applies_to is None:
            return [placed.holder]
        return [mon for mon in self.pokemon
                if matches(effect.applies_to, mon, placed.owner, placed.default_side or "own", retyped=self.retyped)]

    def _retyped(self) -> dict[int, tuple[tuple[str, ...], list[Effect]]]:
        """"As long as this Pokémon is in play, it is {F} and {P} type": the types an effect in
        force on a Pokémon gives it (the last one, as for Weakness)."""
        found: dict[int, tuple[tuple[str, ...], list[Effect]]] = {}
        for p in self.placed:
            if p.effect.kind != "types" or p.holder is None or p.effect.applies_to is not None:
                continue
            when = p.effect.get("when")
            if when is not None and not matches(when, p.holder, p.holder.owner):
                continue
            found[id(p.holder)] = (tuple(p.effect.get("types")), found.get(id(p.holder), ((), []))[1] + [p.effect])
        return found

    def types_of(self, mon: Pokemon) -> tuple[tuple[str, ...], list[Effect]]:
        """Its types now, and the effects that gave them (none: as printed)."""
        return self.retyped.get(id(mon)) or (mon.types, [])

    def _negated_holders(self, placed: list[Placed], kind: str) -> dict[int, Effect]:
        result: dict[int, Effect] = {}
        for p in placed:
            if p.effect.kind == kind:
                for mon in self._targets(p):
                    result.setdefault(id(mon), p.effect)
        return result

    # -- queries ---------------------------------------------------------------
    def on(self, mon: Pokemon) -> list[Effect]:
        """Every effect in force on this Pokémon (negated ones left out)."""
        key = id(mon)
        if key not in self._cache:
            active, inactive = [], []
            seen_once: set = set()
            for p in self.placed:
                if not any(t is mon for t in self._targets(p)):
                    continue
                when = p.effect.get("when") if p.effect.kind != "provides" else None
                holder = p.effect.get("holder")
                if holder is not None and p.holder is not None and not matches(holder, p.holder, p.holder.owner,
                                                                               None, self):
                    # The Pokémon that carries it is not as the card says ("As long as … is in the
                    # Active Spot"): not in force.
                    inactive.append(Silenced(p, msg("effect.why.when", mon=p.holder.name, filter=filter_msg(holder)),
                                             cites_of(p.effect)))
                    continue
                stack = p.effect.get("no_stack")
                if stack and (stack, p.effect.kind) in seen_once:
                    # Ⅱ-E-15: an Ability whose effect does not stack counts once, however many have it.
                    inactive.append(Silenced(p, msg("effect.why.no_stack", name=stack), ("guide-ja:II-E-15",)))
                elif when is None or matches(when, mon, mon.owner, None, self):
                    active.append(p.effect)
                    if p.effect.get("if") is not None or p.effect.get("per") is not None:
                        self._conditional[id(p.effect)] = p
                    if stack:
                        seen_once.add((stack, p.effect.kind))
                else:
                    inactive.append(Silenced(p, msg("effect.why.when", mon=mon.name,
                                                                 filter=filter_msg(unmet(when, mon, mon.owner, None, self)
                                                                                   or when)),
                                             cites_of(p.effect)))
            self._cache[key], self._inactive[key] = active, inactive
        return self._cache[key]

    def of_kind(self, mon: Pokemon, *kinds: str) -> list[Effect]:
        found = []
        for e in self.on(mon):
            if e.kind not in kinds:
                continue
            if id(e) in self._conditional:
                e = self._worked_out(mon, self._conditional[id(e)])
                if e is None:
                    continue
            found.append(e)
        return found

    def _worked_out(self, mon: Pokemon, p: Placed) -> Effect | None:
        """An effect with an `if` (it works only while the test holds) or a `per` (its amount
        or delta for each of what it counts) on the board as it is now; None when it does not
        work now (listed in `silenced_on` with why)."""
        key = (id(mon), id(p.effect))
        if key in self._evaluated:
            return self._evaluated[key]
        effect, result = p.effect, p.effect
        fields = dict(effect.fields)
        cites: tuple[str, ...] = ()
        test, per = effect.get("if"), effect.get("per")
        if test is not None:
            held, seen = condition_holds(self, test, mon, p.owner, effect.source)
            if not held:
                result = None
                self._inactive[id(mon)].append(Silenced(p, msg("effect.why.if", seen=seen), cites_of(effect)))
            else:
                fields["seen"] = seen
        if result is not None and per is not None:
            n, said, cites = effect_count(self, per, mon, p.owner, effect.source)
            field = EFFECT_PER_KINDS[effect.kind]
            if n == 0:
                result = None
                self._inactive[id(mon)].append(Silenced(p, msg("effect.why.per_none", counted=said), cites_of(effect)))
            else:
                fields.update({field: fields.get(field, 0) * n, "each": fields.get(field, 0), "counted": said})
        if result is not None:
            result = Effect(kind=effect.kind, fields=fields, applies_to=effect.applies_to, from_=effect.from_,
                            source=effect.source, origin=effect.origin,
                            cites=tuple(dict.fromkeys(effect.cites + tuple(cites))), card=effect.card)
        self._evaluated[key] = result
        return result

    def passed_over(self, mon: Pokemon, kind: str) -> list[tuple[Effect, Filter]]:
        """Effects of this kind on the board for this Pokémon's side that leave it out by
        another part of their filter (ビッグネット: the opponent's *evolved* Active Pokémon),
        each with the part it does not meet: a ruling says why it does not count."""
        found = []
        for p in self.placed:
            wanted = p.effect.applies_to
            if p.effect.kind != kind or wanted is None or any(t is mon for t in self._targets(p)):
                continue
            side = p.default_side or "own"
            if not matches(Filter(side=wanted.side), mon, p.owner, side):
                continue
            missing = unmet(wanted, mon, p.owner, side, self)
            if missing is not None:
                found.append((p.effect, missing))
        return found

    def silenced_on(self, mon: Pokemon, *kinds: str) -> list[Silenced]:
        """Effects of these kinds that would be on this Pokémon but do not work now."""
        self.of_kind(mon, *kinds)
        found = [s for s in self.silenced if s.placed.effect.kind in kinds
                 and any(t is mon for t in self._targets(s.placed))]
        return found + [s for s in self._inactive[id(mon)] if s.placed.effect.kind in kinds]

    def player_effects(self, side: str, kind: str) -> list[Effect]:
        """Effects that apply to a player rather than a Pokémon (cant_play)."""
        found = []
        for p in self.placed:
            if p.effect.kind != kind:
                continue
            wanted = (p.effect.applies_to.side if p.effect.applies_to and p.effect.applies_to.side else None) \
                or p.default_side or "own"
            if wanted == "both" or (wanted == "own") == (p.owner == side):
                found.append(p.effect)
        return found

    # -- derived values ----------------------------------------------------------
    def plain_max_hp(self, mon: Pokemon) -> int:
        """Maximum HP with the changes that carry no condition of their own: what a filter on
        remaining HP reads while the effects in force are being worked out (no recursion)."""
        return mon.hp + sum(p.effect.get("amount", 0) for p in self.placed if p.effect.kind == "max_hp"
                            and p.effect.get("when") is None and p.effect.get("holder") is None
                            and p.effect.get("if") is None and p.effect.get("per") is None
                            and any(t is mon for t in self._targets(p)))

    def max_hp(self, mon: Pokemon) -> tuple[int, list[Effect]]:
        """Printed HP plus max_hp changes (Ⅱ-D-15: only Pokémon in play)."""
        changes = self.of_kind(mon, "max_hp")
        return mon.hp + sum(e.get("amount", 0) for e in changes), changes

    def weaknesses(self, mon: Pokemon) -> tuple[tuple[Weakness, ...], list[Effect]]:
        """Weakness after no_weakness (none wins) and weakness changes."""
        gone = self.of_kind(mon, "no_weakness")
        if gone:
            return (), gone
        changed = self.of_kind(mon, "weakness")
        if changed:
            last = changed[-1]
            multiply, add = last.get("value", (2, None))
            return (Weakness(last.get("type"), multiply, add),), changed
        mon.need("weakness")
        return mon.weakness, []

    def resistances(self, mon: Pokemon) -> tuple[tuple[Resistance, ...], list[Effect]]:
        gone = self.of_kind(mon, "no_resistance")
        if gone:
            return (), gone
        mon.need("resistance")
        return mon.resistance, []


@dataclass
class Modifier:
    """Combined "more"/"less"/"none" effects on a number (Ⅱ-D-11…13)."""

    delta: int
    none: bool
    effects: list[Effect]
    no_colorless: bool = False  # "ignore all {C} Energy in the costs" (Ⅱ-D-13 なくなる, of Colorless only)

    @property
    def cites(self) -> tuple[str, ...]:
        """The sections of the changes in play: "none" (Ⅱ-D-13, which also says it beats
        more and fewer), else more (Ⅱ-D-11) and/or fewer (Ⅱ-D-12)."""
        if self.none:
            return MORE_LESS_NONE[2:]
        deltas = [e.get("delta", 0) for e in self.effects]
        return tuple(c for c, used in zip(MORE_LESS_NONE, (any(d > 0 for d in deltas), any(d < 0 for d in deltas),
                                                           self.no_colorless)) if used)


def combine(effects: list[Effect]) -> Modifier:
    """Sum the deltas; a `none` wins over every delta (Ⅱ-D-13)."""
    none = [e for e in effects if e.get("none")]
    if none:
        return Modifier(0, True, effects)
    return Modifier(sum(e.get("delta", 0) for e in effects), False, effects,
                    any(e.get("no_colorless") for e in effects))


def attack_cost_modifier(board: Board, mon: Pokemon, attack_name: str) -> Modifier:
    effects = [e for e in board.of_kind(mon, "attack_cost") if e.get("attack") is None
               or same_attack_name(e.get("attack"), attack_name)]
    return combine(effects)


@lru_cache(maxsize=4096)
def same_attack_name(a: str, b: str) -> bool:
    """An attack named in one language is the same attack named in another (an Ability's
    "Blood Moon used by this Pokémon" is ブラッドムーン in a Japanese file)."""
    from judgebot.carddb.lookup import database

    if a == b or name_key(a) == name_key(b):
        return True
    try:
        db = database()
    except FileNotFoundError:
        return False
    wanted = name_key(b)
    for card_id, part, index in db.by_part(name_key(a)):
        if part == "attack" and wanted in {name_key(n) for n in db.card(card_id)["attacks"][index]["name"].values()}:
            return True
    return False


def retreat_cost_modifier(board: Board, mon: Pokemon) -> Modifier:
    return combine(board.of_kind(mon, "retreat_cost"))


def cant_attack(board: Board, mon: Pokemon, attack_name: str) -> list[Effect]:
    """cant_attack effects that stop this attack (all attacks, or this one by name)."""
    return [e for e in board.of_kind(mon, "cant_attack") if e.get("attack") in (None, attack_name)]


# An effect written in the scenario itself has its key path as its source.
_PLACED = re.compile(r"^(you|opponent)(?:\.(active|bench\[\d+\]))?\.effects\[\d+\]$")


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def source_msg(effect: Effect) -> Msg | str | None:
    """Where an effect comes from, in words: an Ability, an attack, an effect on a
    position of the board, or the card's name as the scenario gives it."""
    source = effect.source
    if not source:
        return None
    if effect.origin == "ability" and source.startswith("Ability "):
        return msg("effect.source.ability", name=source.removeprefix("Ability "))
    if effect.origin == "attack" and source.startswith("attack "):
        return msg("effect.source.attack", name=source.removeprefix("attack "))
    placed = _PLACED.match(source)
    if placed:
        side, spot = placed.groups()
        return msg("effect.source.placed", pos=Pos(f"{side}.{spot}" if spot else side))
    return source


def what_msg(effect: Effect) -> Msg:
    """What an effect does, in the guides' words, without its source."""
    kind, get = effect.kind, effect.get
    attack = get("attack")
    if kind in ("damage_dealt", "damage_taken", "max_hp"):
        key = f"effect.{kind}.attack" if kind == "damage_dealt" and attack else f"effect.{kind}"
        return msg(key, amount=_signed(get("amount", 0)), **({"attack": attack} if key.endswith(".attack") else {}))
    if kind in ("retreat_cost", "attack_cost"):
        key = f"effect.{kind}" + (".none" if get("none") else ".no_colorless" if get("no_colorless") else "") + \
            (".attack" if kind == "attack_cost" and attack else "")
        params = {} if get("none") or get("no_colorless") else {"delta": _signed(get("delta", 0))}
        return msg(key, **params, **({"attack": attack} if attack and kind == "attack_cost" else {}))
    if kind == "cant_attack":
        return msg("effect.cant_attack.attack", attack=attack) if attack else msg("effect.cant_attack")
    if kind == "cant_play":
        return msg("effect.cant_play", card_kind=Term(f"card_kind.{get('card_kind')}"))
    if kind in ("poison_counters", "burn_counters"):
        how = "set" if get("set") is not None else "add"
        return msg(f"effect.{kind}.{how}", n=get(how))
    if kind == "prizes_reduced":
        return msg("effect.prizes_reduced", n=get("amount", 1))
    if kind == "extra_prizes":
        return msg("effect.extra_prizes", n=get("amount", 1))
    if kind == "weakness":
        return msg("effect.weakness", type=Term(f"type.{get('type')}"))
    if kind == "trigger":
        return msg("effect.trigger", name=get("name"))
    if kind == "no_conditions" and get("conditions"):
        return msg("effect.no_conditions.some", conditions=Joined(tuple(Term(f"condition.{c}")
                                                                        for c in get("conditions"))))
    if kind == "types":
        return msg("effect.types", types=Joined(tuple(Term(f"type.{t}") for t in get("types", ()))))
    if kind == "energy_units":
        return msg("effect.energy_units", names=Joined(tuple(Term(f"type.{n}") if n in ALL_TYPE_WORDS else n
                                                             for n in get("name", ()))), n=get("units"))
    if kind == "energy_type":
        return msg("effect.energy_type", types=Joined(tuple(Term(f"type.{t}") for t in get("types", ()))))
    if kind == "provides":
        return msg("effect.provides", types=Joined(tuple(Term(f"type.{t}") for t in get("types", ()))))
    return msg(f"effect.{kind}")


def effect_msg(effect: Effect) -> Msg:
    """An effect in force, said in words with where it comes from: "−30 to the damage it
    takes from attacks (Ability アフロガード)", 「受けるワザのダメージ-30（特性「アフロガード」）」."""
    source = source_msg(effect)
    what = what_msg(effect)
    if effect.get("counted") is not None:
        what = msg("effect.per", what=what, each=_signed(effect.get("each")), counted=effect.get("counted"))
    elif effect.get("seen") is not None:
        what = msg("effect.if", what=what, seen=effect.get("seen"))
    return msg("effect.with_source", what=what, source=source) if source is not None else what


def effects_msg(effects) -> Joined:
    """Several effects in words, each with where it comes from, "; " between them."""
    return Joined(tuple(effect_msg(e) for e in effects), sep="list.separator")


def not_applying_msg(entries) -> Joined:
    """Effects that are there but do not count, each with why: (effect, why) pairs."""
    return Joined(tuple(msg("effect.not_applied", effect=effect_msg(effect), why=why) for effect, why in entries),
                  sep="list.separator")


def sources_msg(effects, unnamed: Msg | Term | None = None) -> Joined:
    """Where effects come from, "; " between them (what they do is said already); for one
    the scenario names no source, `unnamed`, else what it does."""
    return Joined(tuple(source_msg(e) or (unnamed if unnamed is not None else what_msg(e)) for e in effects),
                  sep="list.separator")


def filter_msg(filter_: Filter | None) -> Msg | Joined:
    """Which Pokémon a filter means, in words ("the opponent's Pokémon, Pokémon ex or
    Mega Evolution Pokémon ex, in the Active Spot"); `side` as the filter's owner sees it."""
    if filter_ is None:
        return msg("effect.filter.any")
    parts: list = []
    if filter_.side:
        parts.append(msg(f"effect.filter.side.{filter_.side}"))
    if filter_.types:
        parts.append(msg("effect.filter.types", types=Joined(tuple(Term(f"type.{t}") for t in filter_.types))))
    if filter_.stage:
        parts.append(Joined(tuple(msg(f"effect.filter.stage.{s}") for s in filter_.stage), sep="effect.filter.or"))
    if filter_.rule:
        rules = tuple(msg("effect.filter.rule.any") if r == "any" else Term(f"rule.{r}") for r in filter_.rule)
        parts.append(msg("effect.filter.rule", rules=Joined(rules, sep="effect.filter.or")))
    if filter_.position:
        parts.append(msg(f"effect.filter.position.{filter_.position}"))
    if filter_.name:
        parts.append(msg("effect.filter.name", names=Joined(filter_.name, sep="effect.filter.or")))
    if filter_.evolved is not None:
        parts.append(msg("effect.filter.evolved." + ("yes" if filter_.evolved else "no")))
    if filter_.has_ability is not None:
        parts.append(msg("effect.filter.has_ability." + ("yes" if filter_.has_ability else "no")))
    if filter_.moved_to_active_this_turn is not None:
        parts.append(msg("effect.filter.moved_to_active." + ("yes" if filter_.moved_to_active_this_turn else "no")))
    if filter_.has_tool is not None:
        parts.append(msg("effect.filter.has_tool." + ("yes" if filter_.has_tool else "no")))
    if filter_.has_energy is not None:
        parts.append(msg("effect.filter.has_energy", types=Joined(tuple(Term(f"type.{t}") for t in filter_.has_energy),
                                                                  sep="effect.filter.or")))
    if filter_.healed_this_turn is not None:
        parts.append(msg("effect.filter.healed." + ("yes" if filter_.healed_this_turn else "no")))
    if filter_.name_prefix is not None:
        parts.append(msg("effect.filter.name_prefix", names=Joined(filter_.name_prefix, sep="effect.filter.or")))
    if filter_.evolved_from_this_turn is not None:
        parts.append(msg("effect.filter.evolved_from", names=Joined(filter_.evolved_from_this_turn, sep="effect.filter.or")))
    if filter_.hp_left_at_most is not None:
        parts.append(msg("effect.filter.hp_left_at_most", n=filter_.hp_left_at_most))
    if filter_.has_energy_card is not None:
        parts.append(msg("effect.filter.has_energy_card", names=Joined(tuple(
            msg("effect.filter.special_energy") if n == "special" else n for n in filter_.has_energy_card),
            sep="effect.filter.or")))
    if filter_.tag is not None:
        parts.append(msg("effect.filter.tag", tags=Joined(tuple(Term(f"tag.{t}") for t in filter_.tag),
                                                          sep="effect.filter.or")))
    if filter_.has_attack is not None:
        parts.append(msg("effect.filter.has_attack", names=Joined(filter_.has_attack, sep="effect.filter.or")))
    if filter_.not_types is not None:
        parts.append(msg("effect.filter.not_types", types=Joined(tuple(Term(f"type.{t}") for t in filter_.not_types),
                                                                 sep="effect.filter.or")))
    if filter_.damaged is not None:
        parts.append(msg("effect.filter.damaged." + ("yes" if filter_.damaged else "no")))
    if filter_.conditions is not None:
        parts.append(msg("effect.filter.conditions", conditions=Joined(tuple(
            msg("effect.filter.conditions.any") if c == "any" else Term(f"condition.{c}")
            for c in filter_.conditions), sep="effect.filter.or")))
    return Joined(tuple(parts), sep="effect.filter.and") if parts else msg("effect.filter.any")

# -- Energy units (energy.py re-exports these: the effects' `if` and `per` count them too) ---------------

COLORLESS = "colorless"


@dataclass(frozen=True)
class Unit:
    """One Energy's worth provided by an attached card."""

    card: str
    card_index: int
    types: frozenset[str]
    special: bool = False
    every_type: bool = False  # "すべてのタイプのエネルギー" (Ⅱ-D-08)
    cites: tuple[str, ...] = ()
    changed_by: tuple = ()  # effects that changed what this basic Energy provides (Ⅱ-E-39)

    def pays(self, symbol: str) -> bool:
        return symbol == COLORLESS or symbol in self.types




def units_of(mon: Pokemon, board: Board | None = None) -> list[Unit]:
    """The Energy units attached, one per Energy provided. With the board: effects that
    change what attached Energy provides — `energy_units` for the basic Energy *named* in
    it (Ⅱ-E-39: the card name decides, whatever type it works as), then `energy_type`
    (every attached Energy works as that type)."""
    by_name = board.of_kind(mon, "energy_units") if board is not None else []
    retyped = board.of_kind(mon, "energy_type") if board is not None else []
    units: list[Unit] = []
    for index, energy in enumerate(mon.energy):
        option = provision_of(mon, energy.provides)
        if option is None:
            continue
        count, changed = option.units, []
        named = [e for e in by_name if energy.basic and energy.name in e.get("name", ())]
        if named:
            count, changed = max(e.get("units") for e in named), named[:1]
        every = "any" in option.types
        types = frozenset(ALL_ENERGY_TYPES) if every else frozenset(option.types)
        if retyped:
            types, every, changed = frozenset(retyped[0].get("types")), False, changed + retyped[:1]
        units += [Unit(energy.name, index, types, not energy.basic, every, energy.cites, tuple(changed))
                  for _ in range(count)]
    return units


# -- an effect's `if` and `per` (card text, extension) ------------------------------------------------
# A test and a count on the board as it is whenever the effect is asked about — "If you have any {D}
# Mega Evolution Pokémon ex in play, attacks used by this Pokémon do 120 more damage", "This Pokémon
# gets +50 HP for each Prize card your opponent has taken". `self` is the Pokémon the effect is on;
# sides are seen from the effect's owner. A count the board does not give (a hand or discard pile the
# file leaves out) is an error naming the key, asked for only when the effect is.

def _side(word: str, owner: str) -> str:
    return owner if word == "own" else other(owner)


def _hand(board: Board, side: str, source: str) -> tuple:
    scenario = board.scenario
    player = scenario.players[side]
    if not player.hand_given:
        raise ScenarioError(scenario.file, scenario.line_of(side), f"{side}.hand",
                            f"{source} counts the cards in {side}'s hand: give `hand`")
    return player.hand


def _energy(board: Board, mon: Pokemon, type_: str | None, cards: bool) -> int:
    units = units_of(mon, board)
    if type_ is not None:
        units = [u for u in units if type_ in u.types]
    return len({u.card_index for u in units}) if cards else len(units)


def _pokemon(board: Board, side_word: str, wanted, owner: str) -> list[Pokemon]:
    sides = ("you", "opponent") if side_word == "both" else (_side(side_word, owner),)
    return [m for side in sides for m in board.scenario.players[side].pokemon()
            if matches(wanted, m, owner, None, board)]


def condition_holds(board: Board, test: dict, mon: Pokemon, owner: str, source: str) -> tuple[bool, Msg | int | str]:
    """(does the test hold now, what was seen)."""
    kind = test["kind"]
    players = board.scenario.players
    if kind in ("prizes_vs", "hand_vs"):
        if kind == "prizes_vs":
            own, theirs = players[owner].prizes, players[other(owner)].prizes
        else:
            own, theirs = (len(_hand(board, side, source)) for side in (owner, other(owner)))
        held = {"more": own > theirs, "fewer": own < theirs, "same": own == theirs}[test["want"]]
        return held, msg(f"card_effect.seen.{kind}", own=own, theirs=theirs)
    if kind == "stadium":
        stadium = board.scenario.stadium
        return (stadium is not None) == test["want"], stadium.name if stadium else msg("card_effect.seen.no_stadium")
    if kind == "hand":
        side = _side(test["side"], owner)
        have = len(_hand(board, side, source))
        said = msg("formula.hand", side=Term(f"side.{side}"), n=have)
    elif kind in ("prizes", "deck"):
        side = _side(test["side"], owner)
        have = players[side].prizes if kind == "prizes" else players[side].deck
        said = msg(f"effect.seen.{kind}", side=Term(f"side.{side}"), n=have)
    elif kind == "pokemon":
        have, said, _ = effect_count(board, ("pokemon", test["side"], {"match": test.get("match")}), mon, owner, source)
    elif kind == "counters":
        have = mon.damage // 10
        said = msg("effect.seen.counters", mon=mon.name, n=have)
    elif kind == "energy":
        have, said, _ = effect_count(board, ("energy", "self", {"type": test.get("type"), "cards": test.get("cards", False)}),
                              mon, owner, source)
    else:  # the reader allows only the kinds above (schema.EFFECT_TESTS)
        raise ValueError(f"an effect's `if` cannot test {kind}")
    return ("at_least" not in test or have >= test["at_least"]) and \
        ("at_most" not in test or have <= test["at_most"]), said


def effect_count(board: Board, per: tuple, mon: Pokemon, owner: str, source: str) -> tuple[int, Msg, tuple[str, ...]]:
    """(how many, in words, the rules that decided what counts) of an effect's `per`."""
    what, of, options = per
    if what == "energy":
        n = _energy(board, mon, options.get("type"), bool(options.get("cards")))
        kind = Term(f"type.{options['type']}") if options.get("type") else msg("formula.any_type")
        return n, msg("formula.energy" + (".cards" if options.get("cards") else ""), mon=mon.name, kind=kind, n=n), ()
    if what == "counters":
        n = mon.damage // 10
        return n, msg("effect.seen.counters", mon=mon.name, n=n), ("guide-ja:II-C-07",)
    if what == "pokemon":
        found = _pokemon(board, of, options.get("match"), owner)
        side = Term(f"side.{_side(of, owner)}") if of != "both" else None
        said = msg("formula.pokemon", side=side, n=len(found), filter=filter_msg(options.get("match"))) if side \
            else msg("formula.pokemon.both", n=len(found), filter=filter_msg(options.get("match")))
        return len(found), said, filter_cites(options.get("match"))
    side = _side(of, owner)
    player = board.scenario.players[side]
    if what == "bench":
        n = len(player.bench)
        return n, msg("formula.bench", side=Term(f"side.{side}"), n=n), ()
    if what == "prizes_taken":
        n = 6 - player.prizes
        return n, msg("formula.prizes_taken", side=Term(f"side.{side}"), n=n), ("guide-ja:II-D-17",)
    if what == "hand":
        n = len(_hand(board, side, source))
        return n, msg("formula.hand", side=Term(f"side.{side}"), n=n), ()
    if what == "discard":
        scenario = board.scenario
        if player.discard is None:
            raise ScenarioError(scenario.file, scenario.line_of(side), f"{side}.discard",
                                f"{source} counts cards in {side}'s discard pile: give `discard`")
        if options.get("kind") is not None:
            raise ValueError("an effect's `per` does not count discard piles by kind")
        name = options.get("name")
        # The card's name in any of its languages (a Japanese file's ハッサク is Kofu).
        n = sum(1 for c in player.discard if name is None or c == name or same_name(name, c))
        return n, msg("formula.discard", side=Term(f"side.{side}"), n=n), ()
    raise ValueError(f"an effect's `per` cannot count {what}")
