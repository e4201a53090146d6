"""English templates of the texts that are not attacks: Abilities, Pokémon Tools,
Stadiums, Items and Supporters, special Energy. They register into english.TEMPLATES
(the attack templates' actions serve Trainers and Abilities too: heal, switch …).

A passive text's subject says where its effect is: on the card's own Pokémon ("this
Pokémon", "the Pokémon this card is attached to": the effect with a `when` for what
the card asks of it), or on the Pokémon a filter names ("your {F} Pokémon", "each Basic
Pokémon in play (both yours and your opponent's)": `applies_to`).
"""

from __future__ import annotations

import re

from judgebot.cardtext import english as en
from judgebot.cardtext import vocab as v
from judgebot.cardtext.english import TYPE, template
from judgebot.cardtext.reading import NotRead, Piece
from judgebot.cardtext.vocab import Context, act

WR_AFTER = r"(?: \(after applying Weakness and Resistance\))?"
WR_BEFORE = r"(?: \(before applying Weakness and Resistance\))?"
RULE_BOX_NOTE = r"(?: \(Pokémon ex, Pokémon V, etc\. have Rule Boxes\.\))?"
ALL_RULES_BUT_MEGA = ["none", "ex", "v", "vstar", "vmax", "gx", "tag_team", "radiant"]


# -- subjects -----------------------------------------------------------------------------------

def _holder_quals(words: str) -> dict:
    """"{N}", "Hop's", "Poisoned", "Pikachu ex" before "… this card is attached to"."""
    w = words.strip()
    if not w:
        return {}
    if w in en.COND:
        return {"conditions": [en.COND[w]]}
    f: dict = {}
    try:
        en._qualifiers(w, f)
        return f
    except NotRead:
        pass
    if w in ("Ancient", "Future"):
        return {"tag": [w.lower()]}  # the mark printed on the card (the scenario's `tags`)
    if re.fullmatch(r"[A-Z][\w' .-]*", w):
        return {"name": [w]}
    raise NotRead(f"the {words} this card is attached to")


def subject(phrase: str, ctx: Context) -> tuple[str, dict]:
    """("holder", when) for the card's own Pokémon, ("applies", applies_to) for others."""
    p = phrase.strip()
    if p[:1].isupper() and not p.startswith(("Pokémon", "Psyduck")) and p.split(" ")[0] in (
            "Your", "This", "The", "All", "Each", "Both", "It"):
        p = p[0].lower() + p[1:]
    if p in ("this Pokémon", "it", "that Pokémon", "the Pokémon this card is attached to"):
        return "holder", {}
    m = re.fullmatch(r"the (.+?)(?: Pokémon)? this card is attached to", p)
    if m:
        return "holder", _holder_quals(m.group(1))
    if p in ("your opponent's Active Pokémon",):
        return "applies", {"side": "opponent", "position": "active"}
    m = re.fullmatch(r"your opponent's Active (.+?)Pokémon", p)
    if m:
        f = {"side": "opponent", "position": "active"}
        en._qualifiers(m.group(1), f)
        return "applies", f
    both = re.search(r" ?\(both yours and your opponent's\)$", p)
    if both:
        p = p[:both.start()]
    tail: dict = {}
    m = re.search(r" that ha(?:s|ve) (?:any )?" + TYPE + r" Energy attached$", p)
    if m:  # "All of your Pokémon that have any {W} Energy attached"
        tail["has_energy"], p = [m.group(1)], p[:m.start()]
    m = re.search(r" that has a Pokémon Tool attached$", p)
    if m:  # "your opponent's Active Pokémon that has a Pokémon Tool attached"
        tail["has_tool"], p = True, p[:m.start()]
    m = re.fullmatch(r"(your |your opponent's )?((?:" + TYPE + r" Pokémon(?:, | and |, and ))+" + TYPE + r" Pokémon)", p)
    if m:  # "your {G} Pokémon and {R} Pokémon": Pokémon of either type
        side = {"your ": "own", "your opponent's ": "opponent"}.get(m.group(1) or "", "both")
        return "applies", {"side": side, "types": re.findall(r"\{(\w+)\}", m.group(2)), **tail}
    if tail:
        kind, f = subject(p, ctx)
        if kind == "holder":
            raise NotRead(f"subject {phrase!r}")
        return kind, {**f, **tail, **({"side": "both"} if both else {})}
    p = re.sub(r"^(?:all of |each of |each )", "", p)
    p = re.sub(r" in play$", "", p)
    m = re.fullmatch(r"(your opponent's |your )?(.*?)(Pokémon ex|Pokémon V|Pokémon)", p)
    if m:
        f = {"side": "both" if both else {"your opponent's ": "opponent", "your ": "own"}.get(m.group(1) or "", "both")}
        quals = m.group(2).strip()
        if quals:
            try:
                en._qualifiers(quals, f)
            except NotRead:
                if quals in en.COND:
                    f["conditions"] = [en.COND[quals]]
                else:
                    raise
        if m.group(3) == "Pokémon ex":
            f["rule"] = list(v.EX_RULES)
        elif m.group(3) == "Pokémon V":
            f["rule"] = list(v.V_RULES)
        return "applies", f
    if p == "Pokémon that don't have a Rule Box":
        return "applies", {"side": "both" if both else "own", "rule": ["none"]}
    m = re.fullmatch(r"(?:your opponent's |your )?([A-Z][\w' .-]*?)", p)
    if m and both and "Pokémon" not in m.group(1):
        return "applies", {"side": "both", "name": [m.group(1)]}
    raise NotRead(f"subject {phrase!r}")


def attackers(phrase: str | None, ctx: Context) -> dict:
    """"from your opponent's {G}, {R}, {W}, or {L} Pokémon", "… that have an Ability" → a `from` filter."""
    if not phrase:
        return {}
    p = phrase.strip()
    m = re.fullmatch(r"(?:your |the )?opponent's ((?:" + TYPE + r"(?:, | or |, or ))*" + TYPE + r") Pokémon", p)
    if m:
        return {"side": "opponent", "types": re.findall(r"\{(\w+)\}", m.group(1))}
    p = re.sub(r"^(?:your |the )?opponent's ", "", p)
    f = {"side": "opponent"}
    tail = re.search(r" that ha(?:s|ve) an Ability$", p)
    if tail:
        f["has_ability"] = True
        p = p[:tail.start()]
    m = re.fullmatch(r"(.*?)(Pokémon ex and Pokémon V|Pokémon ex|Pokémon V|Pokémon)", p)
    if not m:
        raise NotRead(f"attacks from {phrase!r}")
    if m.group(1).strip():
        en._qualifiers(m.group(1), f)
    if m.group(2) == "Pokémon ex":
        f["rule"] = list(v.EX_RULES)
    elif m.group(2) == "Pokémon V":
        f["rule"] = list(v.V_RULES)
    elif m.group(2) == "Pokémon ex and Pokémon V":
        f["rule"] = list(v.EX_RULES) + list(v.V_RULES)
    return f


def against(phrase: str, ctx: Context) -> dict:
    """"your opponent's Active Pokémon ex" → a damage_dealt `against` filter."""
    p = phrase.strip()
    m = re.fullmatch(r"(?:your|the) opponent's Active (.*?)(Pokémon ex|Pokémon)(?: that has an Ability)?", p)
    if not m:
        raise NotRead(f"damage to {phrase!r}")
    f = {"side": "opponent", "position": "active"}
    if m.group(1).strip():
        en._qualifiers(m.group(1), f)
    if m.group(2) == "Pokémon ex":
        f["rule"] = list(v.EX_RULES)
    if p.endswith("that has an Ability"):
        f["has_ability"] = True
    return f


# -- passive effects ------------------------------------------------------------------------------

@template("passive.damage_taken", r"(.+?) takes? (\d+) (less|more) damage from attacks(?: from (.+?))?" + WR_AFTER + r"\.")
def _taken(m, ctx):
    v.not_attack(ctx)
    amount = int(m.group(2)) * (-1 if m.group(3) == "less" else 1)
    effect = {"kind": "damage_taken", "amount": amount}
    if m.group(4):
        effect["from"] = attackers(m.group(4), ctx)
    return [v.passive(subject(m.group(1), ctx), effect)]


@template("passive.damage_dealt", r"(?:Attacks used by (.+?)|(?:[Tt]he )?attacks (it) uses) do (\d+) (more|less) damage to "
                                  r"(.+?)" + WR_BEFORE + r"\." + RULE_BOX_NOTE)
def _dealt(m, ctx):
    v.not_attack(ctx)
    amount = int(m.group(3)) * (-1 if m.group(4) == "less" else 1)
    return [v.passive(subject(m.group(1) or m.group(2), ctx),
                    {"kind": "damage_dealt", "amount": amount, "against": against(m.group(5), ctx)})]


@template("passive.max_hp_no_conditions", r"(.+?) gets ([+-]\d+) HP, recovers from all Special Conditions, and can't "
                                          r"be affected by any Special Conditions\.")
def _hp_no_conditions(m, ctx):
    v.not_attack(ctx)
    where = subject(m.group(1), ctx)
    return [v.passive(where, {"kind": "max_hp", "amount": int(m.group(2))}), v.passive(where, {"kind": "no_conditions"})]


@template("passive.damage_dealt_any", r"Attacks used by (.+?) do (\d+) (more|less) damage" + WR_BEFORE + r"\.")
def _dealt_any(m, ctx):
    """"Attacks used by your opponent's Active Pokémon that has a Pokémon Tool attached do 20 less
    damage": every damage its attacks do to the other side's Pokémon (`against` is seen from the
    attacker's player), as the attack template "attacks used by the Defending Pokémon do …" reads."""
    v.not_attack(ctx)
    amount = int(m.group(2)) * (-1 if m.group(3) == "less" else 1)
    return [v.passive(subject(m.group(1), ctx), {"kind": "damage_dealt", "amount": amount,
                                                "against": {"side": "opponent"}})]


@template("passive.max_hp", r"(.+?) gets? ([+-]\d+) HP\.")
def _hp(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "max_hp", "amount": int(m.group(2))})]


def _colorless(symbols: str) -> int:
    return len(re.findall(r"\{colorless\}", symbols))


@template("passive.retreat", r"(?:The Retreat Cost of (.+?) is|(.+?)'s Retreat Cost is) ((?:\{colorless\})+) (less|more)\.")
def _retreat(m, ctx):
    v.not_attack(ctx)
    delta = _colorless(m.group(3)) * (-1 if m.group(4) == "less" else 1)
    return [v.passive(subject(m.group(1) or m.group(2), ctx), {"kind": "retreat_cost", "delta": delta})]


@template("passive.retreat_both_active", r"As long as (.+?) is in the Active Spot, the Retreat Cost of both Active Pokémon "
                                         r"is ((?:\{colorless\})+) (less|more)\.")
def _retreat_both(m, ctx):
    v.not_attack(ctx)
    if subject(m.group(1), ctx) != ("holder", {}):
        raise NotRead("a condition on another Pokémon")
    delta = _colorless(m.group(2)) * (-1 if m.group(3) == "less" else 1)
    return [("passive", {"kind": "retreat_cost", "delta": delta, "applies_to": {"side": "both", "position": "active"},
                         "holder": {"position": "active"}})]


@template("passive.no_retreat", r"(.+?) (?:has|have) no Retreat Cost\.")
def _no_retreat(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "retreat_cost", "none": True})]


@template("passive.no_retreat_if_hp", r"If that Pokémon's remaining HP is (\d+) or less, it has no Retreat Cost\.")
def _no_retreat_hp(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "retreat_cost", "none": True, "when": {"hp_left_at_most": int(m.group(1))}})]


@template("passive.attack_cost", r"Attacks used by (.+?) cost ((?:\{colorless\})+) (less|more)(?: and (.+))?\.")
def _cost(m, ctx):
    v.not_attack(ctx)
    where = subject(m.group(1), ctx)
    delta = _colorless(m.group(2)) * (-1 if m.group(3) == "less" else 1)
    pieces = [v.passive(where, {"kind": "attack_cost", "delta": delta})]
    if m.group(4):
        rest = re.fullmatch(r"do (\d+) more damage to (.+?)" + WR_BEFORE, m.group(4))
        if not rest:
            raise NotRead(m.group(4))
        pieces.append(v.passive(where, {"kind": "damage_dealt", "amount": int(rest.group(1)),
                                      "against": against(rest.group(2), ctx)}))
    return pieces


@template("passive.prevent_at_least", r"Prevent all damage done to (.+?) by attacks from (.+?) if that damage is (\d+) or more\.")
def _prevent_big(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "prevent_damage", "from": attackers(m.group(2), ctx),
                                                "at_least": int(m.group(3))})]


@template("passive.prevent_effects", r"Prevent all effects of attacks used by (.+?) done to (.+?)\. \(Damage is not an effect\.\)")
def _prevent_effects(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(2), ctx), {"kind": "prevent_effects", "from": attackers(m.group(1), ctx)})]


@template("passive.prevent", r"Prevent all damage (?:(from and effects of) )?(?:from attacks )?done to (.+?) by attacks(?: from (.+?))?\."
                             r"|Prevent all damage (from and effects of |from )attacks from (.+?) done to (.+?)\.")
def _prevent(m, ctx):
    v.not_attack(ctx)
    both = bool(m.group(1)) or (m.group(4) or "").startswith("from and effects")
    target = m.group(2) or m.group(6)
    source = m.group(3) or m.group(5)
    f = attackers(source, ctx) if source else {"side": "opponent"}
    where = subject(target, ctx)
    kinds = ["prevent_damage", "prevent_effects"] if both else ["prevent_damage"]
    return [v.passive(where, {"kind": k, "from": f}) for k in kinds]


@template("passive.no_abilities", r"(.+?) have no Abilities\.")
def _no_abilities(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "no_abilities"})]


@template("passive.no_tool_effects", r"Pokémon Tools attached to (.+?) have no effect\.")
def _no_tools(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "no_tool_effects"})]


@template("passive.prizes_reduced", r"If (.+?) is Knocked Out by damage from an attack from your opponent's Pokémon, "
                                    r"that player takes (\d+) fewer Prize cards?\.")
def _prizes(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "prizes_reduced", "amount": int(m.group(2))})]


@template("passive.extra_prizes", r"If your opponent's (.*?)Pokémon is Knocked Out by damage from an attack used by this Pokémon, "
                                  r"take (\d+) more Prize cards?\.")
def _extra_prizes(m, ctx):
    v.not_attack(ctx)
    f: dict = {}
    en._qualifiers(m.group(1), f)
    return [("passive", {"kind": "extra_prizes", "amount": int(m.group(2)), **({"against": f} if f else {})})]


@template("passive.poison_counters", r"During Pokémon Checkup, put (\d+) more damage counters on each Poisoned (.+?)\.")
def _poison(m, ctx):
    v.not_attack(ctx)
    kind, f = subject(m.group(2), ctx)
    if kind != "applies":
        raise NotRead("poison counters on one Pokémon")
    return [("passive", {"kind": "poison_counters", "add": int(m.group(1)), "applies_to": f})]


@template("passive.weakness", r"The Weakness of (.+?) is now " + TYPE + r"\.(?: \(Apply Weakness as ×2\.\))?")
def _weakness(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "weakness", "type": m.group(2)})]


@template("passive.cant_play", r"(?:[Yy]our opponent|[Tt]hey) can't play any (Item|Supporter|Stadium|Pokémon Tool) cards from their hand\.")
def _cant_play(m, ctx):
    v.not_attack(ctx)
    kind = {"Item": "item", "Supporter": "supporter", "Stadium": "stadium", "Pokémon Tool": "tool"}[m.group(1)]
    return [("passive", {"kind": "cant_play", "card_kind": kind, "applies_to": {"side": "opponent"}})]


@template("passive.survive", r"If (.+?) has full HP and would be Knocked Out by damage from an attack(?: from your opponent's "
                             r"Pokémon)?, it is not Knocked Out, and its remaining HP becomes (\d+)\.(?: Then, discard this card\.)?")
def _survive(m, ctx):
    v.not_attack(ctx)
    effect = {"kind": "survive", "hp": int(m.group(2)), "full_hp": True}
    if "from your opponent's Pokémon" in m.group(0):
        effect["from"] = {"side": "opponent"}
    if "discard this card" in m.group(0):
        effect["discard_tool"] = True
    return [v.passive(subject(m.group(1), ctx), effect)]


@template("passive.prevent_counters", r"Prevent all damage counters from being placed on (.+?) by effects of attacks and "
                                      r"Abilities from the opponent's Pokémon\.(?: \(Damage from attacks is still taken\.\))?")
def _prevent_counters(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "prevent_counters", "from": {"side": "opponent"}})]


# -- passive with a condition on the card's Pokémon ----------------------------------------------------

@template("passive.as_long_as_active", r"As long as (this Pokémon|the Pokémon this card is attached to) is in the Active Spot, (.+)")
def _while_active(m, ctx):
    v.not_attack(ctx)
    inner = en.clause(m.group(2), ctx)
    if ctx.part == "ability":
        return [("ability", ("active_only", True))] + inner
    out = []
    for kind, payload in inner:
        if kind != "passive":
            raise NotRead("a condition on what is not in force")
        out.append(("passive", {**payload, "holder": {"position": "active"}}))
    return out


@template("passive.as_long_as_bench", r"As long as this Pokémon is on your Bench, (.+)")
def _while_benched(m, ctx):
    """An Ability in force only while its Pokémon is on the Bench: each effect's `holder`."""
    v.not_attack(ctx)
    if ctx.part != "ability":
        raise NotRead("on the Bench, outside an Ability")
    inner = en.clause(m.group(1), ctx)
    if not inner or any(kind != "passive" for kind, _ in inner):
        raise NotRead("a condition on what is not in force")
    return [("passive", {**payload, "holder": {"position": "bench"}}) for _, payload in inner]


@template("ability.no_stack", r"The effect of (.+?) doesn't stack\.")
def _no_stack(m, ctx):
    """Ⅱ-E-15: however many Pokémon have the Ability, its effect counts once. (The sentence
    names the Ability it is printed in; the name a scenario writes may be another print's.)"""
    if ctx.part != "ability":
        raise NotRead("\"doesn't stack\" outside an Ability")
    return [("ability", ("stacks", False))]


_HOLDER_IF = {"doesn't have a Rule Box": {"rule": ["none"]}, "has full HP": None}


@template("passive.if_holder", r"If (this Pokémon|the Pokémon this card is attached to) (doesn't have a Rule Box|has any " + TYPE +
                               r" Energy attached|is in the Active Spot|has any Special Energy attached), (.+)")
def _if_holder(m, ctx):
    v.not_attack(ctx)
    cond = m.group(2)
    if cond == "doesn't have a Rule Box":
        f = {"rule": ["none"]}
    elif cond == "has any Special Energy attached":
        f = {"has_energy_card": ["special"]}
    elif cond == "is in the Active Spot":
        f = {"position": "active"}
    else:
        f = {"has_energy": [m.group(3)]}
    rest = m.group(4)
    rest = re.sub(r"^it gets ([+-]\d+) HP, and the attacks it uses", r"it gets \1 HP. The attacks it uses", rest)
    pieces: list[Piece] = []
    for part in re.split(r"(?<=\.) (?=[A-Z])", rest):
        for kind, payload in en.clause(part, ctx):
            if kind != "passive":
                raise NotRead("a condition on what is not in force")
            when = {**payload.get("when", {}), **f}
            pieces.append(("passive", {**payload, "when": when}))
    return pieces


@template("passive.turn", r"(During this turn|During your opponent's next turn), (.+)")
def _during(m, ctx):
    if ctx.part != "trainer":
        raise NotRead("a duration outside a Trainer")
    return en.clause(m.group(2), ctx)


# -- triggers -----------------------------------------------------------------------------------------

def _trigger_actions(text: str, ctx: Context) -> list[dict]:
    pieces = en.clause(text, ctx)
    if not pieces or any(kind != "do" for kind, _ in pieces):
        raise NotRead("a trigger that does what is not an action")
    return [payload for _, payload in pieces]


@template("trigger.damaged", r"If (.+?) is (?:in the Active Spot and is )?damaged by an attack from your opponent's (.+?) "
                             r"\(even if [^)]*? is Knocked Out\), (.+?)\.(?: If you placed any damage "
                             r"counters in this way, discard this card\.)?")
def _damaged(m, ctx):
    v.not_attack(ctx)
    where = subject(m.group(1), ctx) if not m.group(1).startswith("your Active") else \
        ("applies", en.pokemon(m.group(1), ctx)[1]["each"])
    saved = ctx.subject
    ctx.subject = "attacker"
    try:
        actions = _trigger_actions(m.group(3).replace("the Attacking Pokémon", "the Attacking Pokémon"), ctx)
    finally:
        ctx.subject = saved
    if "discard this card" in m.group(0):
        (kind, fields), = actions[-1].items()
        actions = actions[:-1] + [{kind: {**fields, "first": True}}, act("discard_tool", target="self")]
    trigger = {"kind": "trigger", "name": ctx.name or "trigger", "on": "damaged", "from": attackers(
        "your opponent's " + m.group(2), ctx), "do": actions}
    kind, f = where
    when = dict(f) if kind == "holder" else {}
    if "in the Active Spot" in m.group(0):
        when["position"] = "active"
    if when:
        trigger["when"] = when
    if kind == "applies":
        trigger["applies_to"] = f
    return [("passive", trigger)]


@template("trigger.big_damage", r"If (.+?) isn't a Mega Evolution Pokémon ex, is in the Active Spot, and takes (\d+) or more damage "
                                r"from an attack from your opponent's Mega Evolution Pokémon ex \(even if this Pokémon is Knocked Out\), "
                                r"(.+?)\.")
def _big_damage(m, ctx):
    v.not_attack(ctx)
    ctx.subject = "attacker"
    actions = _trigger_actions(m.group(3), ctx)
    return [("passive", {"kind": "trigger", "name": ctx.name or "trigger", "on": "damaged",
                         "from": {"side": "opponent", "rule": ["mega_ex"]}, "damage_at_least": int(m.group(2)),
                         "when": {"position": "active", "rule": list(ALL_RULES_BUT_MEGA)}, "do": actions})]


@template("passive.berry", r"If (.+?) is damaged by an attack from your opponent's " + TYPE + r" Pokémon, it takes (\d+) less "
                           r"damage" + WR_AFTER + r", and discard this card\.")
def _berry(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "damage_taken", "amount": -int(m.group(3)),
                                                "from": {"side": "opponent", "types": [m.group(2)]},
                                                "discard_tool": True})]


@template("trigger.benched_any", r"Whenever any player puts (.+?) onto their Bench during their turn, (?:place|put) (\d+) "
                                 r"damage counters? on that Pokémon\.")
def _risky(m, ctx):
    v.not_attack(ctx)
    f: dict = {"side": "both"}
    words = re.sub(r"^an? ", "", m.group(1)).removesuffix(" Pokémon")
    en._qualifiers(words, f)
    return [("passive", {"kind": "trigger", "name": ctx.name or "trigger", "on": "benched", "applies_to": f,
                         "do": [act("place_counters", target="self", count=int(m.group(2)))]})]


@template("trigger.then_discard_tool", r"(?:If you placed any damage counters in this way, d|Then, d|D)iscard this card\.")
def _then_discard(m, ctx):
    v.not_attack(ctx)
    return [("then_discard_tool", None)]


@template("heal.if_energy", r"Heal (\d+) damage from your Active Pokémon that has (\d+) or more Energy attached\.")
def _heal_if(m, ctx):
    v.not_attack(ctx)
    active = v.own_active(ctx)
    return [("do", v.if_action({"energy": active, "at_least": int(m.group(2))},
                               [act("heal", target=active, amount=int(m.group(1)))]))]


@template("pokemon.return_chosen", r"(Put|Shuffle) (1 of your (?:.+ )?Pokémon) and all attached cards into your (hand|deck)\.")
def _return_chosen(m, ctx):
    return [("do", act("return_pokemon", target=en.one_pokemon(m.group(2), ctx), to=m.group(3)))]


@template("discard.tools_and_special", r"Discard all Pokémon Tools and Special Energy from (.+?)\.")
def _tools_special(m, ctx):
    pieces = []
    for t in en.targets(m.group(1), ctx):
        pieces += [("do", act("discard_tool", target=t)), ("do", {"discard_energy": {"from": t, "special": True,
                                                                                      "all": True}})]
    return pieces


@template("trainer.pay", r"You can use this card only if you discard (\d+|a|an|another) (?:other )?cards? from your hand\.")
def _pay(m, ctx):
    if ctx.part != "trainer":
        raise NotRead("a cost of a Trainer elsewhere")
    n = 1 if m.group(1) == "another" else en.num(m.group(1))
    return [("trainer", ("pay", [{"discard_hand": n}]))]


@template("trainer.play_condition", r"You can (?:put this card into play|use this card) only if .+")
def _play_condition(m, ctx):
    if ctx.part != "trainer":
        raise NotRead("a condition on playing a card elsewhere")
    return [("listed", "play_condition")]


@template("heal.instead", r"If that Pokémon is (.+?), heal (\d+) damage from it instead\.")
def _instead(m, ctx):
    f = en._is(m.group(1), ctx)
    return [("instead", ({"at": "chosen_or_subject", "match": f}, int(m.group(2))))]


# -- notes that change nothing ------------------------------------------------------------------------

@template("note", r"\((?:This includes new Pokémon that come into play|Pokémon ex, Pokémon V, etc\. have Rule Boxes|"
                  r"Damage from attacks is still taken|Apply Weakness as ×2)\.\)|This card can't be put into your hand "
                  r"or deck from the discard pile\.")
def _note(m, ctx):
    return [("note", None)]


# -- Abilities: how they are used ------------------------------------------------------------------------

_USE = [
    (r"Once during your turn, you may use this Ability\. ", {"once_per_turn": True}),
    (r"Once during your turn, if this Pokémon is in the Active Spot, you may use this Ability\. ",
     {"once_per_turn": True, "active_only": True}),
    (r"As often as you like during your turn, you may use this Ability\. ", {"once_per_turn": False}),
    (r"Once during your turn, if this Pokémon is in the Active Spot, you may ", {"once_per_turn": True, "active_only": True}),
    (r"Once during your turn, you may ", {"once_per_turn": True}),
    (r"As often as you like during your turn, you may ", {"once_per_turn": False}),
]
_TRIGGERED = [
    (r"(?:Once during your turn, when you play this Pokémon from your hand to evolve 1 of your Pokémon, you may use this "
     r"Ability\. |When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may )", "evolved"),
    (r"(?:Once during your turn, when you play this Pokémon from your hand onto your Bench, you may use this Ability\. |"
     r"When you play this Pokémon from your hand onto your Bench during your turn, you may )", "benched"),
]
# "discard a card / 2 cards from your hand in order to use this Ability": a cost the ask's
# hand pays (pay: discard_hand); a cost that names the cards is not read.
_MUST_PAY = r"You must discard (a|\d+) cards? from your hand in order to use this Ability\. "
_MAY_PAY = r"Discard (a|\d+) cards? from your hand in order to use this Ability\. "


def _pay(m) -> Piece:
    return ("ability", ("pay", [{"discard_hand": 1 if m.group(1) == "a" else int(m.group(1))}]))


_EXCLUSIVE = re.compile(r" You can't use more than 1 (.+?) Ability (?:each|during your) turn\.$")


def ability(text: str, ctx: Context) -> tuple[list[Piece], str] | None:
    """(pieces of how the Ability is used, the rest of its text), for a declared or triggered one."""
    pieces: list[Piece] = []
    m = _EXCLUSIVE.search(text)
    if m:
        if m.group(1) != ctx.name:
            raise NotRead("an exclusive Ability of another name")
        pieces.append(("ability", ("exclusive", True)))
        text = text[:m.start()]
    m = re.match(_MUST_PAY, text)
    if m:
        pieces.append(_pay(m))
        text = text[m.end():]
    for pattern, keys in _USE:
        m = re.match(pattern, text)
        if m:
            pieces += [("ability", ("declared", True))] + [("ability", item) for item in keys.items()]
            rest = text[m.end():]
            if pattern.endswith("you may "):
                rest = rest[0].upper() + rest[1:]
            m = re.match(_MAY_PAY, rest)
            if m:
                pieces.append(_pay(m))
                rest = rest[m.end():]
            if "in order to use this Ability" in rest:
                raise NotRead("a cost of using the Ability that names the cards or where they go")
            return pieces, rest
    for pattern, event in _TRIGGERED:
        m = re.match(pattern, text)
        if m:
            rest = text[m.end():]
            rest = rest[0].upper() + rest[1:]
            return pieces + [("trigger", event)], rest
    return (pieces, text) if pieces else None


# -- Abilities in force on their own Pokémon: conditions on the board, counts, kinds (issue 24) ----------

def passive_test(cond: str, ctx: Context) -> tuple[dict, bool]:
    """(test, negated) of a passive text's "If …" (vocab.passive_if makes it the effect's `if`)."""
    c = cond.strip()
    m = re.fullmatch(r"this Pokémon has (any|no) Energy attached", c)
    if m:  # Energy cards attached (an Energy card that provides nothing now is still attached)
        return {"energy": "self", "cards": True, **({"at_least": 1} if m.group(1) == "any" else {"at_most": 0})}, False
    if c == "you have the same number of cards in your hand as your opponent":
        return {"hand_vs": "same"}, False
    m = re.fullmatch(r"your opponent has exactly (\d+) cards in their hand", c)
    if m:
        n = int(m.group(1))
        return {"hand": "opponent", "at_least": n, "at_most": n}, False
    m = re.fullmatch(r"(your opponent|you) ha(?:s|ve) (any|no) (.*?)(Mega Evolution Pokémon ex|Pokémon ex or Pokémon V|"
                     r"Pokémon ex|Pokémon V) in play", c)
    if m:
        f: dict = {}
        if m.group(3).strip():
            en._qualifiers(m.group(3), f)
        f["rule"] = {"Mega Evolution Pokémon ex": ["mega_ex"], "Pokémon ex": list(v.EX_RULES),
                     "Pokémon V": list(v.V_RULES)}.get(m.group(4), list(v.EX_RULES) + list(v.V_RULES))
        side = "opponent" if m.group(1) == "your opponent" else "own"
        return {"pokemon": side, "match": f, **({"at_least": 1} if m.group(2) == "any" else {"at_most": 0})}, False
    return en.test(c, ctx)


@template("passive.if_board", r"If ([^,]+?), (.+)")
def _if_board(m, ctx):
    v.not_attack(ctx)
    if ctx.part != "ability":
        raise NotRead("a condition on the board outside an Ability")
    test, negated = passive_test(m.group(1), ctx)
    return v.passive_if(test, negated, en.clause(m.group(2), ctx))


@template("passive.cant_attack", r"(This Pokémon|this Pokémon|it) can't attack\.")
def _cant_attack(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "cant_attack"})]


@template("passive.cant_attack_unless", r"This Pokémon can't attack unless you have (\d+) or more (.+?) in play\.")
def _cant_attack_unless(m, ctx):
    """"This Pokémon can't attack unless you have 4 or more Team Rocket's Pokémon in play"."""
    v.not_attack(ctx)
    counted = en.per(f"of your {m.group(2)} in play", ctx)
    if "pokemon" not in counted:
        raise NotRead(f"counting {m.group(2)!r}")
    test = {"pokemon": "own", **({"match": counted["match"]} if "match" in counted else {}),
            "at_most": int(m.group(1)) - 1}
    return [("passive", {"kind": "cant_attack", "if": test})]


@template("passive.first_turn", r"If you go first, this Pokémon can use attacks during your first turn\.")
def _first_turn(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "usable_first_turn"})]


@template("passive.no_colorless", r"[Ii]gnore all \{colorless\} Energy in the costs of attacks used by this Pokémon\.")
def _no_colorless(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "attack_cost", "no_colorless": True})]


def _passive_per(phrase: str, ctx: Context) -> dict:
    m = re.fullmatch(r"([A-Z][\w' .-]*?) cards? in your discard pile", phrase.strip())
    if m and "Pokémon" not in m.group(1) and m.group(1) not in ("Energy", "Item", "Supporter", "Basic Energy"):
        return {"discard": "own", "name": m.group(1)}
    m = re.fullmatch(r"(" + TYPE + r" )?Energy attached to (?:it|this Pokémon)", phrase.strip())
    if m:
        return {"energy": "self", **({"type": m.group(2)} if m.group(2) else {})}
    counted = en.per(phrase, ctx)
    if any(k in counted for k in ("energy", "counters")) and counted.get("energy", counted.get("counters")) != "self":
        raise NotRead(f"counting {phrase!r} on another Pokémon")
    return counted


@template("passive.damage_dealt_per", r"Attacks used by this Pokémon do (\d+) more damage to (.+?) for each (.+?)" + WR_BEFORE
          + r"\.")
def _dealt_per(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "damage_dealt", "amount": int(m.group(1)), "against": against(m.group(2), ctx),
                         "per": _passive_per(m.group(3), ctx)})]


@template("passive.attack_cost_per", r"(?:Attacks used by this Pokémon cost|(.+?) used by this Pokémon costs) ((?:\{colorless\})+) "
          r"less for each (.+?)\.")
def _cost_per(m, ctx):
    v.not_attack(ctx)
    effect = {"kind": "attack_cost", "delta": -_colorless(m.group(2)), "per": _passive_per(m.group(3), ctx)}
    if m.group(1):
        effect["attack"] = m.group(1)
    return [("passive", effect)]


@template("passive.max_hp_per", r"This Pokémon gets \+(\d+) HP for each (.+?)\.")
def _hp_per(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "max_hp", "amount": int(m.group(1)), "per": _passive_per(m.group(2), ctx)})]


@template("passive.types", r"As long as this Pokémon is in play, it is " + TYPE + r" and " + TYPE + r" type\.")
def _types(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "types", "types": [m.group(1), m.group(2)]})]


@template("passive.ignore_defender_effects", r"Damage from attacks used by this Pokémon isn't affected by any effects on "
          r"your opponent's Active Pokémon\.")
def _azure(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "ignore_defender_effects"})]


@template("passive.no_condition", r"This Pokémon can't be (" + en.COND_WORD + r")\.")
def _no_condition(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "no_conditions", "conditions": [en.COND[m.group(1)]]})]
