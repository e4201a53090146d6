"""The Format 2 words both languages' templates build with, so that an English and a
Japanese print of one card give the same structure.

Targets are Format 2 targets: `self`, `defending`, `attacker`, or a choice the text
gives — `{choose: FILTER}` (a Pokémon the player picks; the ask's `choose` list says
which) or `{each: FILTER}` (every Pokémon that matches). Filter sides are seen from the
card (own / opponent / both).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.cardtext.assemble import printed_damage
from judgebot.cardtext.reading import NotRead, Piece

TYPE_LETTERS = {"G": "grass", "R": "fire", "W": "water", "L": "lightning", "P": "psychic", "F": "fighting",
                "D": "darkness", "M": "metal", "N": "dragon", "C": "colorless", "Y": "fairy"}
TYPES = tuple(TYPE_LETTERS.values())
CONDITIONS = ("asleep", "burned", "confused", "paralyzed", "poisoned")
EX_RULES = ["ex", "mega_ex"]  # "Pokémon ex": a Mega Evolution Pokémon ex is one too (Ⅱ-D-18)
V_RULES = ["v", "vstar", "vmax"]


@dataclass
class Context:
    """What the reader knows of the text besides its words."""

    part: str  # attack | ability | trainer | energy
    lang: str
    name: str = ""
    damage: Any = None  # an attack's printed damage ("180+", 60, None)
    cost: tuple[str, ...] = ()  # an attack's printed cost (types)
    kind: str | None = None  # a Trainer's kind: item | supporter | stadium | tool
    templates: list[str] = field(default_factory=list)
    subject: Any = None  # the Pokémon "it" / "that Pokémon" / 「そのポケモン」 refers to

    @property
    def attack(self) -> bool:
        return self.part == "attack"

    def used(self, template: str) -> None:
        if template not in self.templates:
            self.templates.append(template)


def filt(**fields: Any) -> dict:
    """A filter with the fields given (None left out; lists kept as lists)."""
    return {k: v for k, v in fields.items() if v is not None and v != []}


def choose(f: dict) -> dict:
    return {"choose": f}


def each(f: dict) -> dict:
    return {"each": f}


def opponent_active(ctx: Context):
    """"Your opponent's Active Pokémon": in an attack, the Defending Pokémon."""
    return "defending" if ctx.attack else each(filt(side="opponent", position="active"))


def own_active(ctx: Context):
    return each(filt(side="own", position="active"))


# -- actions ---------------------------------------------------------------------------

def act(kind: str, **fields: Any) -> dict:
    return {kind: {k: v for k, v in fields.items() if v is not None}}


def before_damage(action: dict) -> dict:
    (kind, fields), = action.items()
    return {kind: {**fields, "at": "before_damage"}}


def coin_action(heads: list[dict], tails: list[dict]) -> dict:
    fields = {}
    if heads:
        fields["heads"] = heads
    if tails:
        fields["tails"] = tails
    return {"coin": fields}


def if_action(test: dict, then: list[dict], otherwise: list[dict] | None = None) -> dict:
    fields: dict[str, Any] = {"test": test}
    if then:
        fields["then"] = then
    if otherwise:
        fields["else"] = otherwise
    return {"if": fields}


def add_effect(target, effects: list[dict]) -> dict:
    return {"add_effect": {"target": target, "effects": effects}}


# -- conditional pieces ------------------------------------------------------------------

def as_actions(pieces: list[Piece], ctx: Context, where: str) -> list[dict]:
    """Pieces inside a branch (a coin's heads, an `if`'s then) as actions: effects left in
    force become `add_effect` on whom they apply to."""
    actions = []
    for kind, payload in pieces:
        if kind == "do":
            actions.append(payload)
        elif kind == "effect":
            target, effect = effect_target(payload)
            last = actions[-1].get("add_effect") if actions else None
            if last is not None and last["target"] == target:
                last["effects"].append(effect)  # effects of one sentence on one Pokémon: one action
            else:
                actions.append(add_effect(target, [effect]))
        elif kind == "note":
            continue
        elif kind == "hit" and ctx.attack:
            raise NotRead(f"damage to a Pokémon only {where}")
        else:
            raise NotRead(f"{kind} only {where}")
    return actions


def effect_target(effect: dict):
    """An attack's effect carries where it goes: on its user (`applies_to` own Active, the
    catalog's convention), on a player (`applies_to` side only), else on the Defending Pokémon."""
    applies = effect.get("applies_to")
    rest = {k: v for k, v in effect.items() if k != "applies_to"}
    if applies == {"side": "own", "position": "active"}:
        return "self", rest
    if applies is None:
        return "defending", rest
    raise NotRead("a conditional effect on a player")


def coin(heads: list[Piece], tails: list[Piece], ctx: Context) -> list[Piece]:
    """"Flip a coin. If heads, … If tails, …" as pieces: a bonus on heads is a formula
    counting heads of one coin; "if tails, this attack does nothing" is `fails_on_tails`."""
    if ctx.attack and not tails and len(heads) == 1 and heads[0][0] == "bonus":
        return [("formula", {"op": "plus", "amount": heads[0][1], "per": {"heads": 1}})]
    if ctx.attack and not heads and tails == [("fail", None)]:
        return [("key", ("fails_on_tails", True))]
    if ctx.attack and tails and tails[0] == ("fail", None) and not any(k in ("bonus", "fail") for k, _ in heads):
        return [("key", ("fails_on_tails", True))] + coin(heads, tails[1:], ctx)
    if any(k in ("bonus", "fail") for k, _ in heads + tails):
        raise NotRead("a coin that changes the damage in another way")
    return [("do", coin_action(as_actions(heads, ctx, "on heads"), as_actions(tails, ctx, "on tails")))]


def conditional(test: dict, then: list[Piece], ctx: Context, negated: bool = False) -> list[Piece]:
    """"If …, …" as pieces: a bonus is a formula's `if` (the test must hold), "this attack
    does nothing" fails it before damage, the rest is an `if` action (`negated`: the text
    says "isn't", "doesn't": the actions go to `else`)."""
    kinds = [k for k, _ in then]
    if ctx.attack and kinds == ["bonus"]:
        if negated:
            test = negate(test)
        return [("formula", {"op": "plus", "amount": then[0][1], "if": test})]
    if ctx.attack and then == [("fail", None)]:
        return [("do", before_damage(if_action(test, [] if negated else [{"fail": {}}],
                                               [{"fail": {}}] if negated else None)))]
    if ctx.attack and kinds and kinds[0] == "bonus" and "bonus" not in kinds[1:] and "fail" not in kinds \
            and not negated and all(k in ("do", "effect") for k in kinds[1:]):
        # "If …, this attack does N more damage, and …": the same test decides both (it reads
        # the board before damage and nothing in between changes what it reads).
        formula = ("formula", {"op": "plus", "amount": then[0][1], "if": test})
        return [formula, ("do", if_action(test, as_actions(then[1:], ctx, "under a condition")))]
    if "bonus" in kinds or "fail" in kinds:
        raise NotRead("a conditional damage change with more to it")
    if any(k in ("passive", "hit", "formula", "key") for k in kinds):
        raise NotRead("a condition on what is not an action")
    actions = as_actions(then, ctx, "under a condition")
    return [("do", if_action(test, [] if negated else actions, actions if negated else None))]


def negate(test: dict) -> dict:
    """The opposite of a counting test ("has no damage counters" of "has any")."""
    if test.get("at_least") == 1 and "at_most" not in test:
        return {**{k: v for k, v in test.items() if k != "at_least"}, "at_most": 0}
    if test.get("at_most") == 0 and "at_least" not in test:
        return {**{k: v for k, v in test.items() if k != "at_most"}, "at_least": 1}
    for key in ("supporter_played", "knocked_out_last_turn"):
        if isinstance(test.get(key), bool):
            return {key: not test[key]}
    if isinstance(test.get("stadium"), bool):
        return {"stadium": not test["stadium"]}
    raise NotRead("a negated condition")


# -- how an Ability is used ------------------------------------------------------------------------

def use_ability(head: list[Piece], pieces: list[Piece], listed_does: list[str | None], ctx: Context) -> list[Piece]:
    """An Ability's text after its "Once during your turn, you may …" / "When you play this
    Pokémon … to evolve …": a declared Ability's actions are its `do` (its deck readings its
    `does` words, for the nothing-would-happen check); a triggered one's are a trigger."""
    events = [payload for kind, payload in head if kind == "trigger"]
    keys = [p for p in head if p[0] == "ability"]
    actions = [payload for kind, payload in pieces if kind == "do"]
    other = [kind for kind, _ in pieces if kind not in ("do", "listed", "note", "ability")]
    if other:
        raise NotRead("an Ability used by its player that does what is not an action")
    does = [w for w in listed_does if w]
    if events:
        if not actions:
            return keys + [p for p in pieces if p[0] in ("listed", "note")]
        actions = [{kind: {**fields, "you_may": True}} for action in actions for kind, fields in action.items()]
        trigger = {"kind": "trigger", "name": ctx.name or "Ability", "on": events[0], "do": actions}
        return keys + [("ability", ("declared", False)), ("passive", trigger)] + \
            [p for p in pieces if p[0] in ("listed", "note")]
    out = keys + [p for p in pieces if p[0] != "ability"] + [p for p in pieces if p[0] == "ability"]
    if does:
        out.append(("ability", ("does", sorted(set(does)))))
    return out


def you_may(pieces: list[Piece]) -> list[Piece]:
    """"You may …" / 「のぞむなら」 (Ⅱ-E-10): the player's choice, which the ask states (`you_may`,
    default: the player does) — actions carry `you_may: true`; a damage bonus is a formula
    whose test is that choice."""
    if not pieces or any(kind not in ("do", "bonus") for kind, _ in pieces):
        raise NotRead("\"You may\" before what is neither an action nor a bonus")
    out: list[Piece] = []
    for kind, payload in pieces:
        if kind == "bonus":
            out.append(("formula", {"op": "plus", "amount": payload, "if": {"you_may": True}}))
            continue
        (name, fields), = payload.items()
        out.append(("do", {name: {**fields, "you_may": True}}))
    return out


# -- pieces shared by the languages' templates ----------------------------------------------------

def damage_to_new_active(pieces: list[Piece], amount: int, ctx: "Context") -> None:
    """"… to the Active Spot. This attack does N damage to the new Active Pokémon." (「…バトル
    場に出す。新しいバトルポケモンにNダメージ。」): the switch comes before damage (step 3), and
    the damage only if it was done (Ⅱ-E-20)."""
    number, _ = printed_damage(ctx.damage)
    for i in range(len(pieces) - 1, -1, -1):
        kind, payload = pieces[i]
        if kind == "do" and "switch" in payload and payload["switch"].get("side") == "opponent" \
                and number in (amount, None):
            pieces[i] = ("do", {"switch": {**payload["switch"], "at": "before_damage", "first": True}})
            if number is None:
                pieces.append(("key", ("damage", amount)))
            return
    raise NotRead("damage to the new Active Pokémon")


def passive(where: tuple[str, dict], effect: dict) -> Piece:
    """A passive effect where a subject put it: on the card's own Pokémon (`holder`, with a
    `when` for what the card asks of it) or on the Pokémon a filter names (`applies_to`)."""
    kind, f = where
    if kind == "holder":
        return ("passive", {**effect, **({"when": f} if f else {})})
    return ("passive", {**effect, "applies_to": f})


def not_attack(ctx: "Context") -> None:
    """A passive text (an Ability's, a Trainer's) is no attack's."""
    if ctx.attack:
        raise NotRead("a passive text in an attack")


def per_discarded(pieces: list[Piece], amount: int) -> Piece:
    """"Discard all {L} Energy from this Pokémon. This attack does 50 damage for each card you
    discarded in this way." (「このポケモンについている[L]エネルギーをすべてトラッシュし、その枚数×50
    ダメージ」): as many as the Energy cards of that type on this Pokémon — counted at step 1, and all
    of them discarded at step 5, so the count is what is discarded (Ⅱ-B-02). Only "all" of this
    Pokémon's: a discard the player chooses ("up to", "any amount") is not this."""
    if not pieces or pieces[-1][0] != "do" or "discard_energy" not in pieces[-1][1]:
        raise NotRead("damage for each card discarded, after what is not a discard")
    fields = pieces[-1][1]["discard_energy"]
    if fields.get("from") != "self" or not fields.get("all") or set(fields) - {"from", "all", "type"}:
        raise NotRead("damage for each card discarded, after a discard the player chooses")
    counted = {"energy": "self", **({"type": fields["type"]} if "type" in fields else {}), "cards": True}
    return ("formula", {"op": "times", "amount": amount, "per": counted})


# -- Abilities in force under a condition on the board (an effect's `if`) -------------------------

EFFECT_TESTS = ("counters", "energy", "prizes", "stadium", "hand", "deck", "pokemon", "prizes_vs", "hand_vs")


def passive_if(test: dict, negated: bool, pieces: list[Piece]) -> list[Piece]:
    """"If <a condition on the board>, <an effect in force>" (an Ability's): the effect's `if` (it works only
    while the test holds, the engine's schema.EFFECT_TESTS), or — a test of this Pokémon's
    own kind ("if this Pokémon is …") — its `when`."""
    if negated:
        test = negate(test)
    if not pieces or any(kind != "passive" for kind, _ in pieces):
        raise NotRead("a condition on what is not in force")
    kind = next((k for k in EFFECT_TESTS if k in test), None)
    when = None
    if kind is None and test.get("at") == "self" and set(test) == {"at", "match"}:
        when = test["match"]
    elif kind is None or (kind in ("counters", "energy") and test[kind] != "self"):
        raise NotRead("a condition an effect in force cannot test")
    out: list[Piece] = []
    for _, payload in pieces:
        if payload.get("kind") in ("types", "trigger", "provides"):
            raise NotRead("a condition on what is not in force")
        if "applies_to" in payload and (kind in ("counters", "energy") or when is not None):
            # `self` of an effect's `if` is the Pokémon it is on, not the card's own Pokémon.
            raise NotRead("a condition on this Pokémon for an effect on others")
        if when is not None:
            out.append(("passive", {**payload, "when": {**payload.get("when", {}), **when}}))
        elif "if" in payload:
            raise NotRead("two conditions on one effect")
        else:
            out.append(("passive", {**payload, "if": test}))
    return out
