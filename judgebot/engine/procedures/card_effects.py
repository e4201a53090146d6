"""効果 (guide-ja Ⅱ-C): what card text does to the board — the `do` actions of Format 2
(SCENARIOS.md "Actions"), each a function that changes the State and records its step
with the rule that governs it.

Ⅱ-C-01 discarding, Ⅱ-C-03/04/05 switching (who chooses decides whose protection is
asked), Ⅱ-C-06 healing, Ⅱ-C-07 placing and Ⅱ-C-08 moving damage counters (not damage:
no Weakness, Resistance or damage effects), Ⅱ-C-09 attaching and Ⅱ-C-10 moving Energy,
Ⅱ-C-13 devolving, Ⅱ-C-18 using another attack (attack.py resolves it), Ⅱ-D-01 "the
attack fails", Ⅱ-E-38 "this game is won". A Pokémon that takes no effects of the
opponent's attacks (Ⅱ-C-17) is not changed by them. An action whose spot is empty does
nothing, and the step says so; a spot the file never named is an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Iterable

from judgebot.engine.board.effects import cites_of, effects_msg, filter_msg, matches, retreat_cost_modifier, sources_msg
from judgebot.engine.board.model import CONDITIONS, Action, Choice, Effect, Pokemon, other
from judgebot.engine.board.state import State
from judgebot.engine.procedures.formula import energy_units, filter_rules, provides_type
from judgebot.engine.ruling.citations import guide_ja_of, item_of
from judgebot.engine.ruling.trace import Ruling
from judgebot.errors import ScenarioError
from judgebot.i18n import Joined, Pos, Term, msg

ROTATION = ("asleep", "confused", "paralyzed")
PROTECTION = "guide-ja:II-C-17"


# Damage, counters and Special Conditions change no effect in force (no filter reads them), so
# the actions that change only those leave effects.Board as it is; every other change
# calls State.changed() and the board is rebuilt.


class AttackFails(Exception):
    """`fail`: the attack fails here and does nothing more (Ⅱ-D-01)."""


class NothingFollows(Exception):
    """An action marked `first` was not done: what follows its 「その後」 is not done (Ⅱ-E-20)."""


class GameWon(Exception):
    """`win_game`: the game ends now (Ⅱ-E-38)."""


@dataclass
class Coins:
    """The scenario's coins, used in the order the rules flip them."""

    outcomes: tuple[str, ...]
    used: int = 0
    file: str = ""
    line: int | None = None

    def flip(self, why: str) -> str:
        if self.used >= len(self.outcomes):
            raise ScenarioError(self.file, self.line, "coins",
                                f"coin flip {self.used + 1} needed: {why} — give the outcomes in `coins` "
                                "(heads or tails, in order)")
        self.used += 1
        return self.outcomes[self.used - 1]


@dataclass
class Context:
    """Who the text belongs to and where it is carried out."""

    state: State
    ruling: Ruling
    step: str  # the procedure step the entries are recorded under
    side: str  # the player the text belongs to (you / opponent)
    source: str  # the attack's, Ability's or trigger's name
    self_uid: str | None = None
    attacker_uid: str | None = None
    defending_uid: str | None = None
    by_attack: bool = False  # an attack's effect: Ⅱ-C-17 protection applies
    cites: tuple[str, ...] = ()  # the sections of the source's card
    coins: Coins | None = None
    step_cites: tuple[str, ...] = ()  # the procedure step that carries the text out (Ⅰ-A-01 step 5 …)
    scenario_file: str = ""
    events: list = field(default_factory=list)  # (event kind, Pokémon uid, details) for triggers
    taken_card: object = None  # the Prize card being taken, whose text this is (Ⅱ-E-31)
    taken_path: str = ""  # where the scenario gives it (`you.prize_cards[0]`)
    taken_placed: bool = False  # its text put it into play: it does not go into the hand
    dealt: dict = field(default_factory=dict)  # uid -> damage this attack did (heal `damage_done`)
    ability: bool = False  # an Ability's text (prevent_counters reads attacks' and Abilities')

    @property
    def source_pokemon_uid(self) -> str | None:
        """The Pokémon whose attack or Ability this text is, if it is one."""
        return self.self_uid if (self.by_attack or self.ability) else None

    def record(self, text, cites: Iterable[str], target: str | None = None, value=None) -> None:
        # The source card's sections first: a FAQ of its guide's edition is the one kept
        # (citations.decide); one the step names itself is a rule here, not a card's mention.
        cites = list(cites)
        named = {str(c) for c in cites}
        cards = [c for c in self.cites if str(c) not in named]
        self.ruling.step(self.step, text, cards + cites, value=value, target=target)


# -- cards put into play ------------------------------------------------------------

def _need(scenario, path: str, card, key: str) -> None:
    if getattr(card, key) in (None, ()):
        raise ScenarioError(scenario.file, scenario.line_of(path), f"{path}.{key}",
                            f"carrying out the action puts {card.name} into play: give its `{key}`")


def in_play(scenario, path: str, card, **fields) -> Pokemon:
    """The Pokémon a card (from the hand, or a Prize card) becomes in play: what the file gives of it."""
    _need(scenario, path, card, "hp")
    _need(scenario, path, card, "types")
    return Pokemon(name=card.name, types=card.types, hp=card.hp, stage=card.stage, card=None,
                   evolves_from=card.evolves_from, rule=card.rule, weakness=card.weakness,
                   resistance=card.resistance, retreat=card.retreat, abilities=card.abilities,
                   attacks=card.attacks, effects=card.effects, line=card.line, real=card.real,
                   unknown=card.unknown, **fields)


# -- targets -----------------------------------------------------------------------

def _fail(ctx: Context, action: Action, key: str, message: str) -> None:
    path = f"{action.path}.{key}" if key else action.path
    raise ScenarioError(ctx.scenario_file, ctx.state.original.line_of(path), path, message)


def target(ctx: Context, action: Action, key: str) -> Pokemon | None:
    """The Pokémon a target or source names, as the board is now; None for an empty spot
    (recorded: nothing happens there)."""
    where = action.get(key)
    state = ctx.state
    if where == "chosen":
        # "that Pokémon" after a choice: the Pokémon this text chose last.
        if state.last_chosen is None:
            _fail(ctx, action, key, "`chosen` means nothing here (the text has chosen no Pokémon yet)")
        mon = state.by_uid(state.last_chosen)
        if mon is None:
            ctx.record(msg("card_effect.gone", where=Term("card_effect.target.chosen")), ["guide-ja:II-C-04"])
        return mon
    if where in ("self", "attacker", "defending"):
        uid = {"self": ctx.self_uid, "attacker": ctx.attacker_uid, "defending": ctx.defending_uid}[where]
        if uid is None:
            _fail(ctx, action, key, f"`{where}` means nothing here (no such Pokémon for this text)")
        mon = state.by_uid(uid)
        if mon is None:
            ctx.record(msg("card_effect.gone", where=Term(f"card_effect.target.{where}")), ["guide-ja:II-C-04"])
        return mon
    if not state.existed(where):
        _fail(ctx, action, key, f"no Pokémon at {where} on this board")
    mon = state.at(where)
    if mon is None:
        ctx.record(msg("card_effect.empty", pos=Pos(where)), ["guide-ja:II-C-04"], target=where)
    return mon


def protected(ctx: Context, mon: Pokemon) -> list[Effect]:
    """The effects that keep this Pokémon from the effects of the opponent's attacks (Ⅱ-C-17)."""
    if not ctx.by_attack or mon.owner == ctx.side:
        return []
    attacker = ctx.state.last_known(ctx.attacker_uid) if ctx.attacker_uid else None
    return [e for e in ctx.state.board().of_kind(mon, "prevent_effects")
            if e.from_ is None or attacker is None or matches(e.from_, attacker, mon.owner)]


def in_their_edition(faq: Iterable[str], cards: Iterable[str]) -> tuple[str, ...]:
    """The FAQs that answer a step, in the edition of the cards here: a guide-zh card files
    the same FAQ under guide-zh (one edition per FAQ)."""
    def key(cite: str) -> tuple[str, str]:  # the guide-ja item (guide-zh numbers Ⅱ-E differently) and the FAQ
        return guide_ja_of(item_of(cite)), cite.rsplit("/", 1)[-1]

    editions = {key(str(c)): str(c) for c in cards if "/faq-" in str(c)}
    return tuple(editions.get(key(f), f) for f in faq)


def _cards_of(mon: Pokemon) -> list[str]:
    """The sections of the cards a Pokémon carries (Abilities, attacks, Tool)."""
    return [c for a in mon.abilities for c in a.cites] + [c for a in mon.attacks for c in a.cites] + \
        (list(mon.tool.cites) if mon.tool else [])


def _protected_step(ctx: Context, mon: Pokemon, what, faq: tuple[str, ...], rule: str) -> bool:
    shields = protected(ctx, mon)
    if shields:
        faq = in_their_edition(faq, list(ctx.cites) + [c for e in shields for c in cites_of(e)])
        shielding = [c for e in shields for c in cites_of(e) if str(c) not in faq]
        ctx.record(msg("card_effect.protected", mon=mon.name, what=what, effects=effects_msg(shields)),
                   list(faq) + [rule, PROTECTION] + shielding, target=mon.position)
    return bool(shields)


def _receiver(ctx: Context, action: Action, key: str, what, rule: str, faq: tuple[str, ...] = ()) -> Pokemon | None:
    """The Pokémon an action changes, or None when nothing happens to it: its spot is empty,
    or it takes no effects of the opponent's attacks (each recorded with its rule)."""
    mon = target(ctx, action, key)
    if mon is None or _protected_step(ctx, mon, what, faq, rule):
        return None
    return mon


def _side(ctx: Context, relative: str) -> str:
    return ctx.side if relative == "own" else other(ctx.side)


# -- Ⅱ-C-07, Ⅱ-C-08: damage counters ----------------------------------------------------

def place_counters(ctx: Context, action: Action) -> None:
    count = action.get("count")
    if count is None:
        # "until its remaining HP is N" (Ⅱ-D-16): as many counters as that takes, none if it has less.
        spot = target(ctx, action, "target")
        if spot is None:
            return
        left = ctx.state.board().max_hp(spot)[0] - spot.damage
        count = max(0, (left - action.get("until_hp")) // 10)
        ctx.record(msg("card_effect.until_hp", mon=spot.name, left=left, hp=action.get("until_hp"), n=count),
                   ["guide-ja:II-D-16", "guide-ja:II-C-07"], target=spot.position)
        if count == 0:
            return
    what = msg("counters", n=count)
    mon = _receiver(ctx, action, "target", what, "guide-ja:II-C-07", ("guide-ja:II-C-07/faq-1",))
    if mon is None:
        return
    if _counters_prevented(ctx, mon, what):
        return
    mon.damage += count * 10
    ctx.record(msg("card_effect.place_counters", mon=mon.name, counters=what, total=mon.damage // 10),
               ["guide-ja:II-C-07"], target=mon.position, value=mon.damage // 10)


def _counters_prevented(ctx: Context, mon: Pokemon, what) -> bool:
    """`prevent_counters` ("Prevent all damage counters from being placed on … by effects of
    attacks and Abilities from the opponent's Pokémon"): only for an attack's or an Ability's
    text, from a Pokémon the filter names."""
    if ctx.source_pokemon_uid is None:
        return False
    source = ctx.state.last_known(ctx.source_pokemon_uid)
    shields = [e for e in ctx.state.board().of_kind(mon, "prevent_counters")
               if source is None or e.from_ is None or matches(e.from_, source, mon.owner)]
    if shields:
        ctx.record(msg("card_effect.counters_prevented", mon=mon.name, what=what, effects=effects_msg(shields)),
                   ["guide-ja:II-C-07"] + [c for e in shields for c in cites_of(e)], target=mon.position)
    return bool(shields)


def move_counters(ctx: Context, action: Action) -> None:
    source = target(ctx, action, "from")
    dest = target(ctx, action, "to")
    if source is None or dest is None:
        return
    # `all` (extension): "Move all damage counters from …" — as many as are on it now.
    count = source.damage // 10 if action.get("all") else min(action.get("count"), source.damage // 10)
    if count == 0:
        ctx.record(msg("card_effect.move_counters.none", mon=source.name), ["guide-ja:II-C-08"],
                   target=source.position)
        return
    source.damage -= count * 10
    what = msg("counters", n=count)
    if _protected_step(ctx, dest, what, ("guide-ja:II-C-08/faq-1",), "guide-ja:II-C-08"):
        ctx.record(msg("card_effect.move_counters.removed", mon=source.name, counters=what),
                   ["guide-ja:II-C-08/faq-1", "guide-ja:II-C-08"], target=source.position)
        return
    dest.damage += count * 10
    ctx.record(msg("card_effect.move_counters", source=source.name, dest=dest.name, counters=what),
               ["guide-ja:II-C-08"], target=dest.position, value=dest.damage // 10)


# -- Ⅱ-C-06: healing ------------------------------------------------------------------------

def heal(ctx: Context, action: Action) -> None:
    mon = _receiver(ctx, action, "target", msg("card_effect.what.heal"), "guide-ja:II-C-06")
    if mon is None:
        return
    if action.get("damage_done"):
        # "the same amount of damage you did to your opponent's Active Pokémon" (this attack's).
        wanted = ctx.dealt.get(ctx.defending_uid, 0) if ctx.defending_uid else 0
        amount = min(wanted, mon.damage)
    else:
        amount = mon.damage if action.get("all") else min(action.get("amount"), mon.damage)
    mon.damage -= amount
    if amount:
        mon.healed_this_turn = True
    ctx.record(msg("card_effect.heal", mon=mon.name, amount=amount, n=mon.damage // 10),
               ["guide-ja:II-C-06"] + (["guide-ja:II-D-03"] if action.get("all") else []), target=mon.position,
               value=amount)
    return amount > 0


# -- Ⅰ-F: Special Conditions ------------------------------------------------------------------

def condition(ctx: Context, action: Action) -> None:
    mon = target(ctx, action, "target")
    if mon is None:
        return
    if not mon.is_active and action.get("add"):
        ctx.record(msg("card_effect.condition.bench", mon=mon.name), ["guide-ja:I-F"], target=mon.position)
        return
    if _protected_step(ctx, mon, msg("card_effect.what.condition"), (), "guide-ja:I-F"):
        return
    added = tuple(action.get("add") or ())
    immune = [e for e in ctx.state.board().of_kind(mon, "no_conditions") if set(added) & set(e.get("conditions") or added)]
    if immune and added:
        # "… can't be affected by any Special Conditions" (a card's text, e.g. a Tool): none is given (Ⅰ-F);
        # "This Pokémon can't be Confused": that one is not.
        blocked = set().union(*(set(e.get("conditions") or added) for e in immune))
        some = all(e.get("conditions") for e in immune)
        ctx.record(msg("card_effect.condition.immune.some", mon=mon.name, source=sources_msg(immune), conditions=Joined(
            tuple(Term(f"condition.{c}") for c in added if c in blocked))) if some
                   else msg("card_effect.condition.immune", mon=mon.name, source=sources_msg(immune)),
                   list(dict.fromkeys(["guide-ja:I-F"] + [c for e in immune for c in cites_of(e)])), target=mon.position)
        if blocked >= set(added):
            return
        action = Action(action.kind, {**action.args, "add": tuple(c for c in added if c not in blocked)}, action.path,
                        action.at)
    now = [c for c in mon.conditions if c not in (action.get("remove") or ())]
    for added in action.get("add") or ():
        if added in ROTATION:
            now = [c for c in now if c not in ROTATION]
        if added not in now:
            now.append(added)
    mon.conditions = tuple(c for c in CONDITIONS if c in now)
    said = Joined(tuple(Term(f"condition.{c}") for c in mon.conditions)) if mon.conditions \
        else msg("card_effect.condition.none")
    ctx.record(msg("card_effect.condition", mon=mon.name, conditions=said), ["guide-ja:I-F"], target=mon.position,
               value=list(mon.conditions))


# -- Ⅱ-C-03, Ⅱ-C-04, Ⅱ-C-05: switching ------------------------------------------------------------

def switch(ctx: Context, action: Action) -> None:
    side = _side(ctx, action.get("side"))
    chooser = _side(ctx, action.get("chosen_by") or ("own" if side == ctx.side else "opponent"))
    rule = "guide-ja:II-C-03" if side == ctx.side else ("guide-ja:II-C-04" if chooser == side
                                                         else "guide-ja:II-C-05")
    player = ctx.state.scenario.players[side]
    active = player.active
    if active is None or not player.bench:
        ctx.record(msg("card_effect.switch.no_bench", side=Term(f"side.{side}")), [rule])
        return False
    if action.get("to") is not None:
        benched = target(ctx, action, "to")
        if benched is None:
            return False
        if benched.owner != side or benched.is_active:
            _fail(ctx, action, "to", f"expected a Benched Pokémon of {side}, got {benched.position}")
        chosen = False
    else:
        benched, chosen = player.bench[0], True
    # Ⅱ-C-04: the Active Pokémon takes the effect; Ⅱ-C-05: the chosen Benched Pokémon does.
    receiver = active if rule == "guide-ja:II-C-04" else benched
    faq = {"guide-ja:II-C-04": ("guide-ja:II-C-04/faq-1",), "guide-ja:II-C-05": ("guide-ja:II-C-05/faq-1",)}.get(rule, ())
    if _protected_step(ctx, receiver, msg("card_effect.what.switch"), faq, rule):
        return False
    # Ⅱ-C-04/05 FAQ: a protected Pokémon that does not receive the switch does not stop it.
    others = [m for m in ([active] + list(player.bench)) if m is not receiver and (m is active or m is benched
                                                                                   or rule == "guide-ja:II-C-04")]
    unaffected = [m for m in others if protected(ctx, m)]
    ended = [e for e in active.effects if e.origin == "attack"]
    lost = list(active.conditions)
    ctx.state.swap(active, benched)
    active.conditions = ()
    active.effects = tuple(e for e in active.effects if e.origin != "attack")
    ctx.state.changed()
    text = [msg("card_effect.switch", out=active.name, into=benched.name, side=Term(f"side.{side}"))]
    if chosen:
        text.append(msg("card_effect.first_chosen", name=benched.name))
    if lost or ended:
        text.append(msg("card_effect.switch.ends"))
    cites = [rule]
    if unaffected:
        text.append(msg("card_effect.switch.receiver", receiver=receiver.name,
                        others=Joined(tuple(m.name for m in unaffected))))
        cites = list(in_their_edition(faq, list(ctx.cites) + [c for m in unaffected for c in _cards_of(m)])) + cites
    ctx.record(text, cites, target=benched.position)
    return True


# -- Ⅱ-C-09, Ⅱ-C-10, Ⅱ-C-01: Energy -----------------------------------------------------------------

def attach_energy(ctx: Context, action: Action) -> None:
    mon = target(ctx, action, "to")
    if mon is None:
        return
    if mon.owner != ctx.side:
        ctx.record(msg("card_effect.attach.not_own", mon=mon.name), ["guide-ja:II-C-09"], target=mon.position)
        return
    allowed = action.get("match")
    if allowed is not None and not matches(allowed, mon, ctx.side, None, ctx.state.board()):
        # The text names which Pokémon it attaches to (extension `match`): another is not one of them.
        ctx.record(msg("card_effect.attach.not_allowed", mon=mon.name, filter=filter_msg(allowed)),
                   list(filter_rules(allowed)) + ["guide-ja:II-C-09"], target=mon.position)
        return
    zone = action.get("from") or "hand"
    up_to = action.get("up_to")
    if action.get("any_number"):
        # Ⅱ-D-02 好きなだけ: any number, even none (the file states the choice).
        ctx.record(msg("card_effect.any_number", n=len(action.get("energy"))), ["guide-ja:II-D-02"])
    if up_to is not None and action.get("energy") is not None:
        # "Up to N" (the file states the choice). From the hand, Ⅱ-E-33: fewer may be chosen, even
        # none. Elsewhere, Ⅱ-D-05: 1 to N for a Trainer or an Ability (none only for an attack).
        chosen = len(action.get("energy"))
        rule = "guide-ja:II-E-33" if zone == "hand" else "guide-ja:II-D-05"
        at_least = 0 if zone == "hand" or ctx.by_attack else 1
        allowed_choice = at_least <= chosen <= up_to
        said = "ok" if allowed_choice else "over" if chosen > up_to else "none"
        form = ".hand" if zone == "hand" else ".attack" if ctx.by_attack else ""
        ctx.record(msg(f"card_effect.up_to.{said}" + (form if said == "ok" else ""), n=chosen, up_to=up_to), [rule])
        if not allowed_choice:
            _fail(ctx, action, "energy", f"{chosen} Energy chosen where the text allows {at_least} to {up_to} ({rule})")
    for energy in action.get("energy") if action.get("energy") is not None else _basic_from(ctx, action, zone):
        if not ctx.state.take(ctx.side, zone, energy.name):
            where = "hand" if zone == "hand" else "discard pile"
            _fail(ctx, action, "energy", f"{energy.name} is not in {ctx.side}'s {where}")
        mon.energy = mon.energy + (energy,)
        ctx.state.changed()
        ctx.record(msg("card_effect.attach", energy=energy_word(energy.name), mon=mon.name,
                       zone=Term(f"card_effect.zone.{zone}")),
                   list(filter_rules(allowed)) + ["guide-ja:II-C-09"], target=mon.position)
        ctx.events.append(("attached", mon.uid, {"energy": energy.name, "from": zone, "cites": tuple(energy.cites)}))


def _basic_from(ctx: Context, action: Action, zone: str) -> list:
    """`count` without `energy`: the first basic Energy cards (of `type`) the place holds, in the
    order the file lists them (SCENARIOS.md settled points: an unstated choice takes the first)."""
    from judgebot.engine.board.model import TYPES, Energy, Provision

    player = ctx.state.scenario.players[ctx.side]
    pile = player.discard if zone == "discard" else (player.hand if player.hand_given else None) if zone == "hand" \
        else None
    if pile is None:
        key = f"{ctx.side}.{ 'discard' if zone == 'discard' else zone}"
        raise ScenarioError(ctx.scenario_file, ctx.state.original.line_of(ctx.side), key,
                            f"{ctx.source} attaches basic Energy from {ctx.side}'s {zone}: give `{zone}` (the cards "
                            "in it, basic Energy by type word)")
    wanted = action.get("type")
    names = [c for c in pile if c in TYPES and c != "colorless" and wanted in (None, c)][:action.get("count")]
    ctx.record(msg("card_effect.attach.first", n=len(names), wanted=action.get("count"),
                   zone=Term(f"card_effect.zone.{zone}")), ["guide-ja:II-D-04"] +
               (["guide-ja:II-D-05"] if action.get("up_to") is not None else []))
    return [Energy(name=n, basic=True, provides=(Provision((n,), 1),)) for n in names]


def energy_word(name: str):
    from judgebot.engine.board.model import TYPES

    return msg("card_effect.basic_energy", type=Term(f"type.{name}")) if name in TYPES else name


def _chosen_energy(ctx: Context, mon: Pokemon, action: Action) -> tuple[list[int], list[str]]:
    """Indexes of the Energy an action takes from `mon`, first matching in list order, and
    the rules that decided a match (Ⅱ-D-08 when an every-type Energy counts as a type)."""
    board = ctx.state.board()
    names = action.get("energy")
    wanted_type = action.get("type")
    picked, rules = [], []
    if names is not None:
        left = list(names)
        for index, energy in enumerate(mon.energy):
            if energy.name in left:
                left.remove(energy.name)
                picked.append(index)
        if left:
            _fail(ctx, action, "energy", f"{mon.name} has no {', '.join(left)} attached")
        return picked, rules
    for index, energy in enumerate(mon.energy):
        if action.get("special") and energy.basic:
            continue
        if wanted_type is not None:
            matched, every = provides_type(board, mon, energy, wanted_type)
            if not matched:
                continue
            if every:
                rules.append("guide-ja:II-D-08")
        picked.append(index)
    count = action.get("count")
    return (picked[:count] if count else picked), rules


def move_energy(ctx: Context, action: Action) -> None:
    source = target(ctx, action, "from")
    dest = target(ctx, action, "to")
    if source is None or dest is None:
        return
    if dest.owner != source.owner:
        ctx.record(msg("card_effect.attach.not_own", mon=dest.name), ["guide-ja:II-C-10"], target=dest.position)
        return
    picked, rules = _chosen_energy(ctx, source, action)
    if not picked:
        ctx.record(msg("card_effect.energy.none", mon=source.name), ["guide-ja:II-C-10"], target=source.position)
        return
    moved = [source.energy[i] for i in picked]
    # Ⅱ-C-10 FAQ 1: "N Energy" counted in cards — a card working as several moves as one.
    several = [e for e in moved if _units(source, e, ctx.state.board()) > 1] if action.get("count") else []
    faq = list(in_their_edition(("guide-ja:II-C-10/faq-1",), [c for e in several for c in e.cites])) if several else []
    source.energy = tuple(e for i, e in enumerate(source.energy) if i not in picked)
    # Ⅱ-C-10 FAQ 2: a special Energy moved to a Pokémon it cannot be attached to is discarded,
    # and the text ends there.
    refused = [e for e in moved if e.only_on is not None and not matches(e.only_on, dest, dest.owner)]
    kept = [e for e in moved if e not in refused]
    dest.energy = dest.energy + tuple(kept)
    ctx.state.changed()
    if kept:
        ctx.record(msg("card_effect.move_energy", energy=Joined(tuple(energy_word(e.name) for e in kept)),
                       source=source.name, dest=dest.name), faq + ["guide-ja:II-C-10"] + rules, target=dest.position)
    if refused:
        ctx.state.discard(source.owner, [e.name for e in refused])
        said = Joined(tuple(e.name for e in refused))
        own = list(in_their_edition(("guide-ja:II-C-10/faq-2",), [c for e in refused for c in e.cites]))
        ctx.record(msg("card_effect.move_energy.refused", energy=said, dest=dest.name,
                       filter=filter_msg(refused[0].only_on)), own + ["guide-ja:II-C-10", "guide-ja:II-C-01"],
                   target=dest.position)
        raise NothingFollows()


def _units(mon: Pokemon, energy, board=None) -> int:
    from judgebot.engine.board.energy import units_of

    index = next(i for i, e in enumerate(mon.energy) if e is energy)
    return sum(1 for u in units_of(mon, board) if u.card_index == index)


def discard_energy(ctx: Context, action: Action) -> None:
    mon = _receiver(ctx, action, "from", msg("card_effect.what.discard_energy"), "guide-ja:II-C-01")
    if mon is None:
        return
    picked, rules = _chosen_energy(ctx, mon, action)
    if not picked:
        ctx.record(msg("card_effect.energy.none", mon=mon.name), ["guide-ja:II-C-01"], target=mon.position)
        return
    gone = [mon.energy[i] for i in picked]
    mon.energy = tuple(e for i, e in enumerate(mon.energy) if i not in picked)
    zone = action.get("to")
    if zone is not None:
        # Ⅱ-C-02: "put … into your hand / shuffle … into your deck" — the Energy leaves play, not discarded.
        player = ctx.state.scenario.players[mon.owner]
        if zone == "hand":
            player.hand = tuple(player.hand) + tuple(e.name for e in gone)
        else:
            player.deck += len(gone)
        ctx.state.changed()
        ctx.record(msg("card_effect.return_energy", energy=Joined(tuple(energy_word(e.name) for e in gone)),
                       mon=mon.name, zone=Term(f"card_effect.zone.{zone}")), rules + ["guide-ja:II-C-02"],
                   target=mon.position)
        return
    ctx.state.discard(mon.owner, [e.name for e in gone])
    ctx.state.changed()
    ctx.record(msg("card_effect.discard_energy", energy=Joined(tuple(energy_word(e.name) for e in gone)),
                   mon=mon.name), rules + ["guide-ja:II-C-01"] + (["guide-ja:II-D-03"] if action.get("all") else []),
               target=mon.position)


def discard_tool(ctx: Context, action: Action) -> None:
    mon = target(ctx, action, "target")
    if mon is None:
        return
    if mon.tool is None:
        ctx.record(msg("card_effect.discard_tool.none", mon=mon.name), ["guide-ja:II-C-01"], target=mon.position)
        return
    if _protected_step(ctx, mon, msg("card_effect.what.discard_tool"), (), "guide-ja:II-C-01"):
        return
    tool, mon.tool = mon.tool, None
    ctx.state.discard(mon.owner, [tool.name])
    ctx.state.changed()
    ctx.record(msg("card_effect.discard_tool", tool=tool.name, mon=mon.name), ["guide-ja:II-C-01"],
               target=mon.position)


def discard_hand(ctx: Context, action: Action) -> None:
    """Discard exactly N cards from the hand; choosing none lets the attack fail (Ⅱ-E-33 FAQ 3)."""
    cards, exactly = list(action.get("cards")), action.get("exactly")
    if not cards:
        # Ⅱ-E-33: cards chosen from the hand — choosing none ends the choosing; the text is not followed.
        ctx.record(msg("card_effect.discard_hand.none", n=exactly), ["guide-ja:II-E-33", "guide-ja:II-D-01"])
        raise AttackFails()
    if len(cards) != exactly:
        _fail(ctx, action, "cards", f"the text discards exactly {exactly} cards from the hand (or none, and the "
                                    f"attack fails: Ⅱ-E-33), not {len(cards)}")
    for card in cards:
        if not ctx.state.take(ctx.side, "hand", card):
            _fail(ctx, action, "cards", f"{card} is not in {ctx.side}'s hand")
    ctx.state.discard(ctx.side, cards)
    ctx.record(msg("card_effect.discard_hand", cards=Joined(tuple(energy_word(c) for c in cards))),
               ["guide-ja:II-C-01"])


def return_pokemon(ctx: Context, action: Action) -> None:
    """Ⅱ-C-02: the Pokémon and every card attached go back to its owner's hand or deck."""
    mon = _receiver(ctx, action, "target", msg("card_effect.what.return"), "guide-ja:II-C-02")
    if mon is None:
        return
    zone = action.get("to")
    cards = cards_of(mon)
    ctx.state.leave_play(mon)
    player = ctx.state.scenario.players[mon.owner]
    if zone == "hand":
        player.hand = tuple(player.hand) + tuple(cards)
    else:
        player.deck += len(cards)
    ctx.record(msg("card_effect.return_pokemon", mon=mon.name, cards=Joined(tuple(energy_word(c) for c in cards)),
                   zone=Term(f"card_effect.zone.{zone}")), ["guide-ja:II-C-02"], target=mon.position)


def cards_of(mon: Pokemon) -> list[str]:
    """The cards a Pokémon in play is: itself, the cards under it, its attachments."""
    under = [c if isinstance(c, str) else c.name for c in mon.under]
    return [mon.name] + under + [e.name for e in mon.energy] + ([mon.tool.name] if mon.tool else [])


def discard_pokemon(ctx: Context, action: Action) -> None:
    mon = _receiver(ctx, action, "target", msg("card_effect.what.discard_pokemon"), "guide-ja:II-C-01")
    if mon is None:
        return
    ctx.state.leave_play(mon)
    ctx.state.discard(mon.owner, cards_of(mon))
    ctx.record(msg("card_effect.discard_pokemon", mon=mon.name, pos=Pos(mon.position)), ["guide-ja:II-C-01"],
               target=mon.position)


# -- Ⅱ-C-13: devolving ---------------------------------------------------------------------------

def devolve(ctx: Context, action: Action) -> None:
    mon = target(ctx, action, "target")
    if mon is None:
        return
    if mon.stage == "basic":
        ctx.record(msg("card_effect.devolve.basic", mon=mon.name), ["guide-ja:II-C-13"], target=mon.position)
        return
    lines = ctx.state.original.lines
    if f"{mon.uid}.under" not in lines:
        raise ScenarioError(ctx.scenario_file, ctx.state.original.line_of(mon.uid), f"{mon.uid}.under",
                            f"devolving {mon.name} needs the cards it evolved from: give `under` "
                            "(the Pokémon it evolved from, Basic first; [] if it was put into play directly)")
    if not mon.under:
        faq = in_their_edition(("guide-ja:II-C-13/faq-1",), list(ctx.cites) + _cards_of(mon))
        ctx.record(msg("card_effect.devolve.direct", mon=mon.name), list(faq) + ["guide-ja:II-C-13"],
                   target=mon.position)
        return
    if _protected_step(ctx, mon, msg("card_effect.what.devolve"), (), "guide-ja:II-C-13"):
        return
    below = mon.under[-1]
    if isinstance(below, str):
        raise ScenarioError(ctx.scenario_file, ctx.state.original.line_of(f"{mon.uid}.under"), f"{mon.uid}.under",
                            f"devolving {mon.name} leaves {below}: give it as a Pokémon (name, types, hp) in "
                            "`under`, so that its HP is known")
    zone = action.get("to") or "hand"
    devolved = replace(below, damage=mon.damage, energy=mon.energy, tool=mon.tool, conditions=(),
                       effects=tuple(e for e in below.effects), under=mon.under[:-1], position=mon.position,
                       owner=mon.owner, uid=mon.uid, came_into_play_this_turn=True, evolved_this_turn=False)
    player = ctx.state.scenario.players[mon.owner]
    if player.active is mon:
        player.active = devolved
    else:
        player.bench = tuple(devolved if m is mon else m for m in player.bench)
    if zone == "deck":
        player.deck += 1
    ctx.state.changed()
    ctx.record(msg("card_effect.devolve", mon=mon.name, into=devolved.name, zone=Term(f"card_effect.zone.{zone}"),
                   counters=msg("counters", n=devolved.damage // 10)), ["guide-ja:II-C-13"], target=mon.position)


# -- drawing, winning, coins, failing, tests -------------------------------------------------------------

def draw(ctx: Context, action: Action) -> None:
    side = _side(ctx, action.get("side"))
    player = ctx.state.scenario.players[side]
    count = min(action.get("count"), player.deck)
    player.deck -= count
    ctx.record(msg("card_effect.draw", side=Term(f"side.{side}"), n=count, wanted=action.get("count")),
               ["guide-ja:I-H"])


def win_game(ctx: Context, action: Action) -> None:
    side = _side(ctx, action.get("side"))
    ctx.record(msg("card_effect.win_game", side=Term(f"side.{side}")), ["guide-ja:II-E-38"])
    raise GameWon(side)


def return_to_deck(ctx: Context, action: Action) -> bool:
    """Ⅱ-E-36: cards chosen from a hand go into the deck, then the deck is shuffled; with
    nothing to choose nothing goes back and the deck is not shuffled (Ⅱ-E-36 FAQ 2)."""
    side = _side(ctx, action.get("side"))
    player = ctx.state.scenario.players[side]
    if not player.hand_given:
        _fail(ctx, action, "side", f"the ruling needs the cards in {side}'s hand: give `{side}.hand` "
                                   "(a list, [] for none)")
    if not player.hand:
        ctx.record(msg("card_effect.return_to_deck.none", side=Term(f"side.{side}")), ["guide-ja:II-E-36"])
        return False
    chosen = list(action.get("cards") or ())
    wanted = min(action.get("count"), len(player.hand))
    if len(chosen) != wanted:
        _fail(ctx, action, "cards", f"{side}'s hand has {len(player.hand)} card(s): give the {wanted} chosen "
                                    f"in `cards` (got {len(chosen)})")
    for name in chosen:
        if not ctx.state.take(side, "hand", name):
            _fail(ctx, action, "cards", f"{name} is not in {side}'s hand")
    player.deck += len(chosen)
    ctx.record(msg("card_effect.return_to_deck", side=Term(f"side.{side}"), cards=Joined(tuple(chosen))),
               ["guide-ja:II-E-36"])
    return True


def bench_self(ctx: Context, action: Action) -> bool:
    """Ⅱ-E-31: a Prize card's text puts the card itself onto the Bench before it reaches the
    hand — played from the Prize cards, not from the hand."""
    card = ctx.taken_card
    if card is None:
        _fail(ctx, action, "", "bench_self means nothing here: only a card being taken as a Prize card puts "
                               "itself onto the Bench (Ⅱ-E-31)")
    spot = ctx.state.free_bench_spot(ctx.side)
    if spot is None:
        ctx.record(msg("card_effect.bench_self.full", card=card.name), ["guide-ja:II-E-31"])
        return False
    mon = in_play(ctx.state.original, ctx.taken_path, card, position=spot, owner=ctx.side, uid=spot,
                  came_into_play_this_turn=True)
    player = ctx.state.scenario.players[ctx.side]
    player.bench = player.bench + (mon,)
    ctx.state.changed()
    ctx.taken_placed = True
    ctx.record(msg("card_effect.bench_self", card=card.name, pos=Pos(spot)), ["guide-ja:II-E-31"], target=spot)
    ctx.events.append(("benched", mon.uid, {"from": "prizes"}))
    return True


def take_prize(ctx: Context, action: Action) -> bool:
    """Take more Prize cards (text such as ラッキーボーナス's "さらにサイドを1枚とる"); each is
    taken, its own text used, before the next (Ⅱ-E-31)."""
    player = ctx.state.scenario.players[ctx.side]
    n = min(action.get("count"), player.prizes)
    if n <= 0:
        ctx.record(msg("card_effect.take_prize.none"), ["guide-ja:I-D"])
        return False
    player.prizes -= n
    ctx.state.extra_prizes[ctx.side] += n
    ctx.record(msg("card_effect.take_prize", n=n), ["guide-ja:I-D"])
    ctx.events.append(("prize_cards", None, {"side": ctx.side, "n": n}))
    return True


def fail(ctx: Context, action: Action) -> None:
    ctx.record(msg("card_effect.fail", source=ctx.source), ["guide-ja:II-D-01"])
    raise AttackFails()


def coin(ctx: Context, action: Action) -> None:
    outcome = ctx.coins.flip(f"{ctx.source}: {action.path}")
    ctx.record(msg(f"card_effect.coin.{outcome}", n=ctx.coins.used, source=ctx.source), ctx.step_cites, value=outcome)
    run(ctx, action.get(outcome) or ())


def test_holds(ctx: Context, test: dict, path: str) -> tuple[bool, object, list[str]]:
    """An `if` test on the board as it is now: (holds, what was counted or matched, the
    rules that decided what counts)."""
    if test["kind"] == "heads":
        flips = [ctx.coins.flip(f"{ctx.source}: {path}: coin {i + 1} of {test['flips']}") for i in range(test["flips"])]
        n = flips.count("heads")
        return _within(n, test), msg("formula.heads", flips=test["flips"], n=n), []
    if test["kind"] == "prizes_vs":
        own = ctx.state.scenario.players[ctx.side].prizes
        theirs = ctx.state.scenario.players[other(ctx.side)].prizes
        holds = {"more": own > theirs, "fewer": own < theirs, "same": own == theirs}[test["want"]]
        return holds, msg("card_effect.seen.prizes_vs", own=own, theirs=theirs), []
    if test["kind"] == "energy_vs":
        # "If this Pokémon and your opponent's Active Pokémon have the same amount of Energy
        # attached": Energy counted by what it provides (Ⅱ-D-08), on the board as it is now.
        board = ctx.state.board()
        mine = target(ctx, Action("if", {"of": "self"}, path), "of")
        theirs = ctx.state.scenario.players[other(ctx.side)].active
        own_n = energy_units(board, mine, None, cards=False)[0] if mine is not None else 0
        their_n = energy_units(board, theirs, None, cards=False)[0] if theirs is not None else 0
        holds = {"more": own_n > their_n, "fewer": own_n < their_n, "same": own_n == their_n}[test["want"]]
        return holds, msg("card_effect.seen.energy_vs", own=own_n, theirs=their_n), ["guide-ja:II-D-08"]
    if test["kind"] == "hand_vs":
        own_n, their_n = (len(_hand(ctx, side)) for side in (ctx.side, other(ctx.side)))
        holds = {"more": own_n > their_n, "fewer": own_n < their_n, "same": own_n == their_n}[test["want"]]
        return holds, msg("card_effect.seen.hand_vs", own=own_n, theirs=their_n), []
    if test["kind"] == "retreat":
        mon = target(ctx, Action("if", {"of": test["of"]}, path), "of")
        if mon is None:
            return False, 0, []
        mon.need("retreat")
        modifier = retreat_cost_modifier(ctx.state.board(), mon)
        n = 0 if modifier.none else max(0, mon.retreat + modifier.delta)
        return _within(n, test), msg("formula.retreat", mon=mon.name, n=n), ["guide-ja:II-D-10"]
    if test["kind"] == "you_may":
        does = ctx.state.you_may
        return does, msg("card_effect.seen.you_may." + ("yes" if does else "no")), ["guide-ja:II-E-10"]
    if test["kind"] == "knocked_out_last_turn":
        happened = ctx.state.scenario.turn.knocked_out_last_turn
        return happened == test["want"], msg("card_effect.seen.knocked_out." + ("yes" if happened else "no")), \
            ["guide-ja:II-E-11"]
    if test["kind"] == "supporter_played":
        played = ctx.state.scenario.turn.supporter_played
        return played == test["want"], msg("card_effect.seen.supporter." + ("yes" if played else "no")), \
            ["guide-ja:II-E-26"]
    if test["kind"] == "hp_left":
        mon = target(ctx, Action("if", {"of": test["of"]}, path), "of")
        if mon is None:
            return False, 0, []
        left = ctx.state.board().max_hp(mon)[0] - mon.damage
        return _within(left, test), left, ["guide-ja:II-D-16"]
    if test["kind"] == "prizes":
        left = ctx.state.scenario.players[_side(ctx, test["side"])].prizes
        return _within(left, test), left, []
    if test["kind"] == "stadium":
        stadium = ctx.state.scenario.stadium
        return (stadium is not None) == test["want"], stadium.name if stadium else msg("card_effect.seen.no_stadium"), \
            ["guide-ja:I-B-04"]
    if test["kind"] == "hand":
        have = len(_hand(ctx, _side(ctx, test["side"])))
        return _within(have, test), have, []
    if test["kind"] == "deck":
        left = ctx.state.scenario.players[_side(ctx, test["side"])].deck
        return _within(left, test), left, ["guide-ja:I-H"]
    if test["kind"] == "pokemon":
        wanted, board = test.get("match"), ctx.state.board()
        sides = ("you", "opponent") if test["side"] == "both" else (_side(ctx, test["side"]),)
        found = [m for side in sides for m in ctx.state.scenario.players[side].pokemon()
                 if matches(wanted, m, ctx.side, None, board)]
        return _within(len(found), test), len(found), list(filter_rules(wanted))
    of = test.get("of") or test.get("at")
    if isinstance(of, Choice):
        # "If your Benched Pokémon have any damage counters on them": counted over each that matches.
        mons = chosen(ctx, of)
        if test["kind"] == "counters":
            have = sum(m.damage // 10 for m in mons)
            return _within(have, test), have, []
        if test["kind"] == "energy":
            have, cards = 0, []
            for m in mons:
                got, every, own = energy_units(ctx.state.board(), m, test.get("type"), cards=False, with_cites=True)
                have, cards = have + got, cards + (["guide-ja:II-D-08"] + own if every else [])
            return _within(have, test), have, cards
        if test["kind"] == "at":
            board = ctx.state.board()
            hit = [m for m in mons if matches(test["match"], m, ctx.side, None, board)]
            return bool(hit), Joined(tuple(m.name for m in mons)) if mons else "—", list(filter_rules(test["match"]))
    fake = Action("if", {"of": of}, path)
    mon = target(ctx, fake, "of")
    if test["kind"] == "at":
        return (mon is not None and matches(test["match"], mon, ctx.side, None, ctx.state.board())), \
            (mon.name if mon else "—"), list(filter_rules(test["match"]))
    if mon is None:
        return False, 0, []
    if test["kind"] == "counters":
        have = mon.damage // 10
        # No damage counters at all is "HP full" (Ⅱ-D-14).
        rules = ["guide-ja:II-D-14"] if test.get("at_most") == 0 else []
        return _within(have, test), have, rules
    have, every, cards = energy_units(ctx.state.board(), mon, test.get("type"), cards=test.get("cards", False),
                                      with_cites=True)
    return _within(have, test), have, (["guide-ja:II-D-08"] + cards if every else [])


def _hand(ctx: Context, side: str) -> tuple:
    player = ctx.state.scenario.players[side]
    if not player.hand_given:
        raise ScenarioError(ctx.scenario_file, ctx.state.original.line_of(side), f"{side}.hand",
                            f"{ctx.source} counts the cards in {side}'s hand: give `hand`")
    return player.hand


def _within(have: int, test: dict) -> bool:
    return ("at_least" not in test or have >= test["at_least"]) and ("at_most" not in test or have <= test["at_most"])


# The rule of what a conditional text would do, cited where the condition decides it.
ACTION_RULES = {"place_counters": "guide-ja:II-C-07", "move_counters": "guide-ja:II-C-08", "heal": "guide-ja:II-C-06",
                "attach_energy": "guide-ja:II-C-09", "move_energy": "guide-ja:II-C-10", "devolve": "guide-ja:II-C-13",
                "win_game": "guide-ja:II-E-38", "fail": "guide-ja:II-D-01", "discard_energy": "guide-ja:II-C-01",
                "discard_tool": "guide-ja:II-C-01", "discard_pokemon": "guide-ja:II-C-01"}


def if_(ctx: Context, action: Action) -> None:
    holds, seen, counted = test_holds(ctx, action.get("test"), action.path + ".test")
    decided = [ACTION_RULES[a.kind] for key in ("then", "else") for a in action.get(key) or () if a.kind in ACTION_RULES]
    ctx.record(msg("card_effect.if." + ("yes" if holds else "no"), seen=seen),
               counted + decided + list(ctx.step_cites))
    run(ctx, action.get("then" if holds else "else") or ())


# -- extensions for card text (judgebot.cardtext) --------------------------------------------

def knock_out(ctx: Context, action: Action) -> bool:
    """"… is Knocked Out" by an effect: it is Knocked Out at the Knock Out check (Ⅰ-D) with the
    others, whatever its HP."""
    mon = _receiver(ctx, action, "target", msg("card_effect.what.knock_out"), "guide-ja:I-D")
    if mon is None:
        return False
    ctx.state.knocked_out.add(mon.uid)
    ctx.record(msg("card_effect.knock_out", mon=mon.name), ["guide-ja:I-D"], target=mon.position)
    return True


def discard_stadium(ctx: Context, action: Action) -> bool:
    """"Discard a Stadium in play" (Ⅱ-C-01): to its owner's discard pile; none in play, nothing happens."""
    stadium = ctx.state.scenario.stadium
    if stadium is None:
        ctx.record(msg("card_effect.discard_stadium.none"), ["guide-ja:II-C-01"])
        return False
    ctx.state.scenario.stadium = None
    ctx.state.discard(stadium.owner, [stadium.name])
    ctx.state.changed()
    ctx.record(msg("card_effect.discard_stadium", stadium=stadium.name), ["guide-ja:II-C-01"])
    return True


def add_effect(ctx: Context, action: Action) -> bool:
    """Effects the text puts in force on a Pokémon ("If heads, during your opponent's next turn,
    prevent all damage …"): as an attack's effects, ended when it leaves the Active Spot."""
    mon = _receiver(ctx, action, "target", msg("card_effect.what.effect"), "guide-ja:II-C-17")
    if mon is None:
        return False
    origin = "attack" if ctx.by_attack else "effect"
    source = f"attack {ctx.source}" if ctx.by_attack else ctx.source
    added = tuple(replace(e, source=source, origin=origin, cites=tuple(ctx.cites) + tuple(e.cites))
                  for e in action.get("effects"))
    mon.effects = mon.effects + added
    ctx.state.changed()
    ctx.record(msg("card_effect.add_effect", mon=mon.name, effects=effects_msg(added)),
               [c for e in added for c in cites_of(e)], target=mon.position)
    return True


ACTIONS: dict[str, Callable[[Context, Action], None]] = {
    "place_counters": place_counters, "move_counters": move_counters, "heal": heal, "condition": condition,
    "switch": switch, "attach_energy": attach_energy, "move_energy": move_energy,
    "discard_energy": discard_energy, "discard_tool": discard_tool, "discard_hand": discard_hand,
    "discard_pokemon": discard_pokemon, "return_pokemon": return_pokemon,
    "devolve": devolve, "draw": draw, "win_game": win_game, "fail": fail, "coin": coin, "if": if_,
    "bench_self": bench_self, "take_prize": take_prize, "return_to_deck": return_to_deck,
    "knock_out": knock_out, "discard_stadium": discard_stadium, "add_effect": add_effect,
}


# -- choices the text gives (Real cards: the ask's `choose`) ----------------------------------------

def candidates(ctx: Context, choice: Choice) -> list[Pokemon]:
    """The Pokémon in play a choice may take, in list order (yours first, Active first)."""
    board = ctx.state.board()
    return [m for m in ctx.state.scenario.all_pokemon() if matches(choice.filter, m, ctx.side, None, board)]


def chosen(ctx: Context, choice: Choice) -> list[Pokemon]:
    """`{each: F}`: every Pokémon that matches; `{choose: F}`: the next position of the ask's
    `choose` list (which must match), else the first that matches (the trace says so);
    none to choose from, nothing happens (Ⅱ-D-04)."""
    found = candidates(ctx, choice)
    words = filter_msg(choice.filter)
    if choice.how == "each":
        if not found:
            ctx.record(msg("card_effect.each.none", filter=words), ["guide-ja:II-D-04"])
        elif filter_rules(choice.filter):
            # Which Pokémon "each of … that has 50 HP or less remaining" means is decided by
            # the rule that defines the words (Ⅱ-D-16 残りHP …): said, with it, before the action.
            ctx.record(msg("card_effect.each", filter=words, mons=Joined(tuple(m.name for m in found))),
                       list(filter_rules(choice.filter)))
        return found
    state = ctx.state
    if state.chosen < len(state.choices):
        index = state.chosen
        spot = state.choices[index]
        state.chosen += 1
        mon = state.at(spot)
        path = f"{state.choice_path}[{index}]"
        if mon is None or not any(m is mon for m in found):
            from judgebot.i18n import render

            raise ScenarioError(ctx.scenario_file, state.original.line_of(path), path,
                                f"{spot} cannot be chosen for {ctx.source}: its text chooses among "
                                f"{render(words)} ({', '.join(m.position for m in found) or 'none in play'})")
        ctx.record(msg("card_effect.chosen", mon=mon.name, pos=Pos(spot), filter=words), ["guide-ja:II-D-04"],
                   target=spot)
        state.last_chosen = mon.uid
        state.chosen_uids.append(mon.uid)
        return [mon]
    if not found:
        ctx.record(msg("card_effect.choose.none", filter=words), ["guide-ja:II-D-04"])
        return []
    # "2 of your opponent's Benched Pokémon" are two different ones: an unstated choice takes the
    # first that the text has not chosen already, in list order.
    first = next((m for m in found if m.uid not in state.chosen_uids), found[0])
    ctx.record(msg("card_effect.chosen.first", mon=first.name, pos=Pos(first.position), filter=words),
               ["guide-ja:II-D-04"], target=first.position)
    state.last_chosen = first.uid
    state.chosen_uids.append(first.uid)
    return [first]


CHOICE_KEYS = ("target", "from", "to")


def expand(ctx: Context, action: Action) -> list[Action]:
    """The action with every choice it names made: one action per Pokémon an `each` means."""
    keys = [k for k in CHOICE_KEYS if isinstance(action.get(k), Choice)]
    if not keys:
        return [action]
    combos = [dict(action.args)]
    for key in keys:
        mons = chosen(ctx, action.get(key))
        combos = [{**c, key: m.position} for c in combos for m in mons]
    return [Action(action.kind, c, action.path, action.at) for c in combos]


def run(ctx: Context, actions: Iterable[Action]) -> None:
    """Carry out actions in printed order (copy_attack is resolved by the attack itself)."""
    for listed in actions:
        made = expand(ctx, listed)
        if not made and listed.get("first"):
            ctx.record(msg("card_effect.nothing_follows"), ["guide-ja:II-E-20"])
            raise NothingFollows()
        for action in made:
            _run_one(ctx, action)


def _run_one(ctx: Context, action: Action) -> None:
    if action.kind == "copy_attack":
        raise ScenarioError(ctx.scenario_file, ctx.state.original.line_of(action.path), action.path,
                            "copy_attack is the whole of an attack's text (Ⅱ-C-18): it cannot be nested or "
                            "follow other actions")
    if action.get("you_may") is not None:
        does = bool(action.get("you_may")) and ctx.state.you_may
        ctx.record(msg("card_effect.you_may." + ("yes" if does else "no")), ["guide-ja:II-E-10"])
        if not does:
            if action.get("first"):
                raise NothingFollows()
            return
    done = ACTIONS[action.kind](ctx, action)
    if action.get("first") and done is False:
        ctx.record(msg("card_effect.nothing_follows"), ["guide-ja:II-E-20"])
        raise NothingFollows()
