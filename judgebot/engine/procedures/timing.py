"""When card text works (guide-ja Ⅱ-E): triggers of Format 2 (SCENARIOS.md "Triggers").

An event (Energy attached, a Pokémon damaged by an attack, Knocked Out …) is offered to
the triggers in force on the Pokémon it happened to, on the board as it is at that
moment: a trigger whose source is negated, discarded or gone does not work, and the
ruling says why (its Ability removed, Ⅱ-D-13; a `when` that no longer holds). The
qualifiers `cause`, `from`, `energy` and `once` narrow it. Triggers of one event work
in list order, the turn player's first; each that works is listed in `triggered` and
its actions are carried out (procedures.card_effects).

Ⅱ-E-03: "when damaged" is step 6 of Ⅰ-A-01, for 10 damage or more from the opponent's
attack; Ⅱ-E-04: "when Knocked Out" is step 2 of Ⅰ-D, before the Pokémon is discarded;
Ⅱ-E-07: "each time Energy is attached" works once per card attached from the hand;
Ⅱ-E-09: "before doing damage" is step 3.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judgebot.engine.board.effects import Placed, cites_of, filter_msg, matches
from judgebot.engine.procedures import card_effects
from judgebot.engine.procedures.card_effects import Context
from judgebot.errors import ScenarioError
from judgebot.i18n import Joined, Msg, Pos, Term, msg

EVENT_RULES = {
    "damaged": "guide-ja:II-E-03", "knocked_out": "guide-ja:II-E-04", "evolved": "guide-ja:II-E-05",
    "benched": "guide-ja:II-E-06", "attached": "guide-ja:II-E-07", "checkup": "guide-ja:II-E-08",
    "before_damage": "guide-ja:II-E-09", "end_of_turn": "guide-ja:II-E-21", "prize_taken": "guide-ja:I-D",  # Ⅰ-D step 4: taking Prize cards
    "taken_as_prize": "guide-ja:II-E-31",
}
DEFAULT_CAUSE = {"damaged": "attack_damage"}
RARE_CANDY_FROM_HAND = "guide-ja:II-E-05/faq-1"
ONE_AT_A_TIME = "guide-ja:II-E-31/faq-1"  # Prize cards taken together: their texts one after another


@dataclass
class Event:
    kind: str
    uid: str  # the Pokémon it happened to
    cause: str = "any"  # attack_damage | attack | effect
    attacker_uid: str | None = None
    hit: str | None = None  # attack (the Defending Pokémon) | bench | self
    details: dict = field(default_factory=dict)


def _placed_on(state, mon) -> list[Placed]:
    """The triggers in force on this Pokémon, with whose they are."""
    board = state.board()
    in_force = {id(e) for e in board.of_kind(mon, "trigger")}
    return [p for p in board.placed if id(p.effect) in in_force and any(t is mon for t in board.targets(p))]


def mismatch(placed: Placed, event: Event, mon, state) -> Msg | None:
    """Why this trigger does not work for this event, or None when it does."""
    effect = placed.effect
    cause = effect.get("cause") or DEFAULT_CAUSE.get(event.kind, "any")
    if cause == "attack_damage" and event.cause != "attack_damage":
        return msg("trigger.why.not_attack_damage")
    if cause == "attack" and event.cause not in ("attack_damage", "attack"):
        return msg("trigger.why.not_attack")
    attacker = state.last_known(event.attacker_uid) if event.attacker_uid else None
    if effect.from_ is not None:
        if attacker is None or not matches(effect.from_, attacker, mon.owner):
            return msg("trigger.why.from", filter=filter_msg(effect.from_))
    elif event.kind == "damaged" and effect.get("cause") is None:
        # Unless a qualifier widens it: the Defending Pokémon, damaged by the opponent's attack.
        if event.hit != "attack" or attacker is None or attacker.owner == mon.owner:
            return msg("trigger.why.not_defending", mon=mon.name)
    least = effect.get("damage_at_least")
    if least is not None and event.details.get("damage", 0) < least:
        return msg("trigger.why.damage_at_least", n=least, damage=event.details.get("damage", 0))
    if event.kind == "benched" and event.details.get("from", "hand") != "hand":
        # Ⅱ-E-06 / Ⅱ-E-31 FAQ: put onto the Bench from the Prize cards is not from the hand.
        return msg("trigger.why.bench_not_from_hand", mon=mon.name,
                   zone=Term(f"card_effect.zone.{event.details.get('from')}"))
    if event.kind == "evolved" and event.details.get("from", "hand") != "hand":
        # Ⅱ-E-05: "when you play this card from your hand to evolve": evolving by an effect is not.
        return msg("trigger.why.evolve_not_from_hand", mon=mon.name)
    if event.kind == "attached":
        if event.details.get("from") != "hand":
            return msg("trigger.why.not_from_hand", zone=Term(f"card_effect.zone.{event.details.get('from')}"))
        wanted = effect.get("energy")
        if wanted and event.details.get("energy") not in wanted:
            return msg("trigger.why.energy", energy=event.details.get("energy"))
    once = effect.get("once")
    if once and (effect.get("name"), placed.effect.source) in state.fired:
        return msg(f"trigger.why.once.{once}")
    return None


def fire(ctx: Context, event: Event) -> None:
    """Offer the event to the triggers in force on its Pokémon now; carry out those that work."""
    state = ctx.state
    if not state.board().has_triggers:
        return
    mon = state.by_uid(event.uid)
    if mon is None:
        return
    rule = EVENT_RULES[event.kind]
    # Energy attached by an attack's or an Ability's effect (Ⅱ-C-09) sets it off as from the hand.
    rules = [rule] + (["guide-ja:II-C-09"] if event.kind == "attached" and event.cause in ("attack", "effect") else [])
    rules += list(event.details.get("cites", ()))  # the card that was attached: its FAQ on how often it counts
    rare_candy = event.kind == "evolved" and event.details.get("via") == "rare_candy"
    board = state.board()
    for silenced in board.silenced_on(mon, "trigger"):
        effect = silenced.placed.effect
        if effect.get("on") != event.kind:
            continue
        ctx.record(msg("trigger.silenced", name=effect.get("name"), why=silenced.why),
                   list(silenced.cites) + [rule], target=mon.position)
    candidates = [p for p in _placed_on(state, mon) if p.effect.get("on") == event.kind]
    turn_side = "you"
    candidates.sort(key=lambda p: p.owner != turn_side)
    for placed in candidates:
        effect = placed.effect
        why = mismatch(placed, event, mon, state)
        if why is not None:
            # Put onto the Bench from the Prize cards (Ⅱ-E-31): its FAQ says this is not from the hand.
            from_prizes = ["guide-ja:II-E-31"] if event.details.get("from") == "prizes" else []
            ctx.record(msg("trigger.not_fired", name=effect.get("name"), why=why),
                       [rule] + from_prizes + list(cites_of(effect)), target=mon.position)
            continue
        state.last_trigger = effect
        state.trigger_runs += 1
        if state.trigger_runs > MAX_TRIGGERS:
            _never_settles(ctx)
        if effect.get("once"):
            state.fired.add((effect.get("name"), effect.source))
        state.triggered.append(effect.get("name"))
        # Ⅱ-E-05 FAQ: evolving with ふしぎなアメ is evolving from the hand (in the card's edition).
        faq = list(card_effects.in_their_edition((RARE_CANDY_FROM_HAND,), effect.cites)) if rare_candy else []
        ctx.record(msg(f"trigger.fires.{event.kind}", name=effect.get("name"), mon=mon.name, pos=Pos(mon.position)),
                   faq + rules + list(effect.cites), target=mon.position)
        inner = Context(state=state, ruling=ctx.ruling, step=ctx.step, side=placed.owner,
                        source=effect.get("name"), self_uid=mon.uid, attacker_uid=event.attacker_uid,
                        defending_uid=ctx.defending_uid, by_attack=False, cites=tuple(effect.cites),
                        coins=ctx.coins, step_cites=ctx.step_cites, scenario_file=ctx.scenario_file,
                        events=ctx.events, ability=effect.origin == "ability" and placed.holder is mon)
        card_effects.run(inner, effect.get("do") or ())


def offer(ctx: Context, event: Event) -> None:
    """An event and everything its triggers set off, settled before the procedure goes on."""
    fire(ctx, event)
    drain(ctx)


# Triggers that worked during one action: more means they keep setting each other off —
# an error, never a hang. Firings are counted, not events: an action may attach many
# Energy with no trigger in force, which is no loop.
MAX_TRIGGERS = 200


def _never_settles(ctx: Context) -> None:
    last = ctx.state.last_trigger
    where = last.source if last is not None and "." in last.source else "ask"
    raise ScenarioError(ctx.scenario_file, ctx.state.original.line_of(where), where,
                        f"triggers set each other off more than {MAX_TRIGGERS} times (a loop"
                        f"{': ' + last.get('name') if last is not None else ''}): the board as given "
                        "never settles")


def drain(ctx: Context) -> None:
    """Fire the events the actions of `ctx` left (Energy attached …), in order, until none are left."""
    while ctx.events:
        kind, uid, details = ctx.events.pop(0)
        if kind == "prize_cards":
            take_prize_cards(ctx, details["side"], details["n"])
            continue
        cause = details.get("cause") or ("attack" if ctx.by_attack else "effect")
        fire(ctx, Event(kind, uid, cause=cause, attacker_uid=ctx.attacker_uid, details=details))


# -- Ⅱ-E-31: text used before a Prize card is put into the hand ---------------------------------

def take_prize_cards(ctx: Context, side: str, n: int) -> None:
    """The `prize_cards` a player takes, one at a time: each card's text that works "before
    putting it into the hand" is used, and everything it sets off settled, before the next
    card is taken (Ⅱ-E-31 FAQ: the first ラッキーボーナス ends before the second's begins). A
    card whose text did not put it into play goes into the hand."""
    state = ctx.state
    player = state.scenario.players[side]
    cards = player.prize_cards
    if cards is None:
        return
    first = state.prizes_drawn[side]
    if first + n > len(cards):
        where = f"{side}.prize_cards"
        raise ScenarioError(ctx.scenario_file, state.original.line_of(where), where,
                            f"{side} takes {first + n} Prize cards, but prize_cards lists {len(cards)}: "
                            "give every Prize card taken, in the order taken")
    # The n cards are taken together; their texts are then used one card at a time.
    state.prizes_drawn[side] = first + n
    ctx.record(msg("prizes.cards_taken", taker=Term(f"side.{side}"), takes=Term(f"takes.{side}"), n=n,
                   cards=Joined(tuple(card.name for card in cards[first:first + n]))), ["guide-ja:I-D"])
    for index in range(first, first + n):
        path = f"{side}.prize_cards[{index}]"
        card = cards[index]
        inner = Context(state=state, ruling=ctx.ruling, step=ctx.step, side=side, source=card.name,
                        coins=ctx.coins, step_cites=(EVENT_RULES["taken_as_prize"],),
                        scenario_file=ctx.scenario_file, events=ctx.events, taken_card=card, taken_path=path)
        for effect in _taken_triggers(card):
            state.triggered.append(effect.get("name"))
            # Ⅱ-E-31 FAQ 1: of cards taken together, each one's text after the one before has ended.
            after = [ONE_AT_A_TIME] if index > first else []
            ctx.record(msg("trigger.fires.taken_as_prize", name=effect.get("name"), card=card.name),
                       after + [EVENT_RULES["taken_as_prize"]] + list(effect.cites))
            inner.source, inner.cites = effect.get("name"), tuple(effect.cites)
            try:
                card_effects.run(inner, effect.get("do") or ())
            except card_effects.NothingFollows:
                pass
            drain(inner)
        if not inner.taken_placed:
            player.hand = player.hand + (card.name,)
            ctx.record(msg("prizes.card_to_hand", card=card.name), ["guide-ja:I-D"])


def _taken_triggers(card) -> list:
    """The card's text that works when it is taken as a Prize card (its Abilities' triggers
    on `taken_as_prize`)."""
    return [effect for ability in card.abilities for effect in ability.effects
            if effect.kind == "trigger" and effect.get("on") == "taken_as_prize"]
