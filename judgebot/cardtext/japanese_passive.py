"""Japanese templates of the texts that are not attacks: Abilities, Pokémon Tools,
Stadiums, Items and Supporters (see english_passive). They register into
japanese.TEMPLATES and give the same pieces as the English ones.
"""

from __future__ import annotations

import re

from judgebot.cardtext import japanese as ja
from judgebot.cardtext import vocab as v
from judgebot.cardtext.japanese import N, TYPE, template
from judgebot.cardtext.reading import NotRead, Piece
from judgebot.cardtext.vocab import Context, act

ALL_RULES_BUT_MEGA = ["none", "ex", "v", "vstar", "vmax", "gx", "tag_team", "radiant"]
HOLDER = "このカードをつけている"
TAG_WORDS = {"「古代」の": "ancient", "「未来」の": "future"}


# -- subjects -------------------------------------------------------------------------------------

def _holder_words(words: str) -> dict:
    """What comes between 「このカードをつけている」 and the end of the subject."""
    w = words.strip()
    f: dict = {}
    m = re.match(r"^(.*?)ポケモン(?:\((.+?)をのぞく\))?$", w) or re.match(r"^(「[^」]+」)(?:\((.+?)をのぞく\))?$", w)
    if not m:
        raise NotRead(f"the {words} this card is attached to")
    head, excluded = m.group(1), m.group(2)
    if head in TAG_WORDS:
        f["tag"] = [TAG_WORDS[head]]  # the mark printed on the card (the scenario's `tags`)
    elif head.removesuffix("の") in ja.COND:
        f["conditions"] = [ja.COND[head.removesuffix("の")]]
    elif head.startswith("「") and head.endswith("」") and not head.endswith("のポケモン」"):
        inner = head[1:-1]
        if inner == "ポケモンex":
            f["rule"] = list(v.EX_RULES)
        elif inner == "メガシンカex":
            f["rule"] = ["mega_ex"]
        else:
            f["name"] = [inner]
    elif head:
        if not re.fullmatch(r"(?:" + ja._QUAL + r")+", head):
            raise NotRead(f"the {words} this card is attached to")
        ja._quals(head, f)
    if excluded == "「ルールを持つポケモン」":
        f["rule"] = ["none"]
    elif excluded == "「メガシンカex」":
        f["rule"] = list(ALL_RULES_BUT_MEGA)
    elif excluded:
        raise NotRead(f"except {excluded}")
    return f


def subject(phrase: str, ctx: Context) -> tuple[str, dict]:
    p = phrase.strip()
    if p in ("このポケモン", "そのポケモン"):
        return "holder", {}
    if p.startswith(HOLDER):
        return "holder", _holder_words(p[len(HOLDER):])
    if p == "相手のバトルポケモン":
        return "applies", {"side": "opponent", "position": "active"}
    m = re.match(r"^(?:" + TYPE + r"エネルギー|(「ポケモンのどうぐ」))がついている(.+)$", p)
    if m:  # "{M}エネルギーがついている自分のポケモン全員", "「ポケモンのどうぐ」がついている相手のバトルポケモン"
        kind, f = subject(m.group(3), ctx)
        if kind != "applies":
            raise NotRead(f"subject {phrase!r}")
        return kind, {**f, **({"has_tool": True} if m.group(2) else {"has_energy": [m.group(1)]})}
    both = p.startswith("おたがいの")
    m = re.match(r"^(相手の|自分の|おたがいの)(場の)?(.*?)(?:全員)?$", p)
    if not m:
        raise NotRead(f"subject {phrase!r}")
    rest = m.group(3)
    f: dict = {"side": {"相手の": "opponent", "自分の": "own", "おたがいの": "both"}[m.group(1)]}
    excluded = re.search(r"\((.+?)をのぞく\)", rest)
    if excluded:
        rest = rest[:excluded.start()] + rest[excluded.end():]
        if excluded.group(1) == "「ルールを持つポケモン」":
            f["rule"] = ["none"]
        else:
            raise NotRead(f"except {excluded.group(1)}")
    if rest.endswith("全員"):
        rest = rest[:-2]
    mm = re.match(r"^(ベンチの|ベンチ|バトル場の)?(.*?)(ポケモン|「ポケモンex」|「[^」]+のポケモン」|「[^」]+」)$", rest)
    if not mm:
        raise NotRead(f"subject {phrase!r}")
    if mm.group(1) in ("ベンチ", "ベンチの"):
        f["position"] = "bench"
    elif mm.group(1) == "バトル場の":
        f["position"] = "active"
    if mm.group(2):
        if not re.fullmatch(r"(?:" + ja._QUAL + r")+", mm.group(2)):
            raise NotRead(f"subject {phrase!r}")
        ja._quals(mm.group(2), f)
    core = mm.group(3)
    if core == "「ポケモンex」":
        f["rule"] = list(v.EX_RULES)
    elif core.endswith("のポケモン」"):
        f["name_prefix"] = [core[1:-len("のポケモン」")] + "の"]
    elif core.startswith("「"):
        f["name"] = [core[1:-1]]
    if both:
        f["side"] = "both"
    return "applies", f


def attackers(phrase: str | None) -> dict:
    """「相手の[G][R][W][L]ポケモン」「相手の特性を持つポケモン」 → a `from` filter."""
    if not phrase:
        return {"side": "opponent"}
    p = phrase.removesuffix("から").strip()
    m = re.fullmatch(r"相手の((?:" + TYPE + r")+)ポケモン", p)
    if m:
        return {"side": "opponent", "types": re.findall(r"\{(\w+)\}", m.group(1))}
    if p == "相手の特性を持つポケモン":
        return {"side": "opponent", "has_ability": True}
    if p == "相手の「メガシンカex」":
        return {"side": "opponent", "rule": ["mega_ex"]}
    if p == "相手の「ポケモンex・V」":
        return {"side": "opponent", "rule": list(v.EX_RULES) + list(v.V_RULES)}
    if p in ("相手のポケモン", "相手"):
        return {"side": "opponent"}
    m = re.fullmatch(r"相手の(.+)", p)
    if m:
        quant, target = ja.pokemon("相手の" + m.group(1), ctx_dummy())
        if isinstance(target, dict) and "each" in target:
            return {**target["each"], "side": "opponent"}
    raise NotRead(f"attacks from {phrase!r}")


def ctx_dummy() -> Context:
    return Context(part="ability", lang="ja")


def against(phrase: str) -> dict:
    p = phrase.strip()
    if p == "相手のバトルポケモン":
        return {"side": "opponent", "position": "active"}
    if p == "相手のバトル場の「ポケモンex」":
        return {"side": "opponent", "position": "active", "rule": list(v.EX_RULES)}
    if p == "相手のバトル場の進化ポケモン":
        return {"side": "opponent", "position": "active", "stage": ["stage1", "stage2"]}
    if p == "相手のバトル場の特性を持つポケモン":
        return {"side": "opponent", "position": "active", "has_ability": True}
    raise NotRead(f"damage to {phrase!r}")


def _signed(sign: str, n: str) -> int:
    return int(n) * (-1 if sign in ("-", "−") else 1)


# -- passive effects ----------------------------------------------------------------------------------

@template("passive.damage_taken", r"(.+)が、?(?:([^、]+?)から)?受けるワザのダメージは「([+-])" + N + r"」される。")
def _taken(m, ctx):
    v.not_attack(ctx)
    effect = {"kind": "damage_taken", "amount": _signed(m.group(3), m.group(4))}
    if m.group(2):
        effect["from"] = attackers(m.group(2))
    return [v.passive(subject(m.group(1), ctx), effect)]


@template("passive.damage_dealt", r"(.+)が使うワザの、(.+?)へのダメージは「([+-])" + N + r"」される。")
def _dealt(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "damage_dealt", "amount": _signed(m.group(3), m.group(4)),
                                                "against": against(m.group(2))})]


@template("passive.max_hp", r"(.+?)(?:の最大HPは、?(?:それぞれ)?|は、?(?:それぞれ)?最大HPが)「([+-])" + N + r"」される。")
def _hp(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "max_hp", "amount": _signed(m.group(2), m.group(3))})]


@template("passive.retreat", r"(.+?)(?:は、?にげるためのエネルギーが|のにげるためのエネルギーは、?(?:それぞれ)?)" + N +
          r"個ぶん(少なく|多く)なる。")
def _retreat(m, ctx):
    v.not_attack(ctx)
    delta = int(m.group(2)) * (-1 if m.group(3) == "少なく" else 1)
    return [v.passive(subject(m.group(1), ctx), {"kind": "retreat_cost", "delta": delta})]


@template("passive.no_retreat", r"(.+?)(?:のにげるためのエネルギーは、|は、?にげるためのエネルギーが、?)すべてなくなる。")
def _no_retreat(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "retreat_cost", "none": True})]


@template("passive.no_retreat_and_damage", r"(.+?)は、にげるためのエネルギーがすべてなくなり、そのポケモンが使うワザの、"
                                           r"(.+?)へのダメージは「([+-])" + N + r"」される。")
def _no_retreat_and_damage(m, ctx):
    v.not_attack(ctx)
    where = subject(m.group(1), ctx)
    return [v.passive(where, {"kind": "retreat_cost", "none": True}),
            v.passive(where, {"kind": "damage_dealt", "amount": _signed(m.group(3), m.group(4)),
                            "against": against(m.group(2))})]


@template("passive.max_hp_no_conditions", r"(.+?)は、最大HPが「([+-])" + N + r"」され、そのポケモンは、特殊状態にならず、"
                                          r"受けている特殊状態は、すべて回復する。")
def _hp_no_conditions(m, ctx):
    v.not_attack(ctx)
    where = subject(m.group(1), ctx)
    return [v.passive(where, {"kind": "max_hp", "amount": _signed(m.group(2), m.group(3))}),
            v.passive(where, {"kind": "no_conditions"})]


@template("passive.no_retreat_if_hp", r"そのポケモンの残りHPが「" + N + r"」以下なら、にげるためのエネルギーは、すべてなくなる。")
def _no_retreat_hp(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "retreat_cost", "none": True, "when": {"hp_left_at_most": int(m.group(1))}})]


@template("passive.retreat_both_active", r"このカードをつけているポケモンがバトル場にいるかぎり、おたがいのバトルポケモンの"
          r"にげるためのエネルギーは、それぞれ" + N + r"個ぶん(多く|少なく)なる。")
def _retreat_both(m, ctx):
    v.not_attack(ctx)
    delta = int(m.group(1)) * (1 if m.group(2) == "多く" else -1)
    return [("passive", {"kind": "retreat_cost", "delta": delta, "applies_to": {"side": "both", "position": "active"},
                         "holder": {"position": "active"}})]


@template("passive.attack_cost", r"(.+?)は、?(?:それぞれ)?ワザを使うためのエネルギーが、?(?:それぞれ)?(?:\{colorless\})?エネルギー" + N +
          r"個ぶん(少なく|多く)な(?:る|り)(?:、そのポケモンが使うワザの、(.+?)へのダメージは「([+-])" + N + r"」される)?。")
def _cost(m, ctx):
    v.not_attack(ctx)
    where = subject(m.group(1), ctx)
    delta = int(m.group(2)) * (-1 if m.group(3) == "少なく" else 1)
    pieces = [v.passive(where, {"kind": "attack_cost", "delta": delta})]
    if m.group(4):
        pieces.append(v.passive(where, {"kind": "damage_dealt", "amount": _signed(m.group(5), m.group(6)),
                                      "against": against(m.group(4))}))
    return pieces


@template("passive.prevent", r"(.+?)は、?(?:(.+?)から)?(?:ワザの)?(ダメージや効果|ダメージ)を受けない。")
def _prevent(m, ctx):
    v.not_attack(ctx)
    source = m.group(2)
    if source and source.endswith("ワザの"):
        source = source[:-3]
    f = attackers(source) if source else {"side": "opponent"}
    kinds = ["prevent_damage", "prevent_effects"] if m.group(3) == "ダメージや効果" else ["prevent_damage"]
    return [v.passive(subject(m.group(1), ctx), {"kind": k, "from": f}) for k in kinds]


@template("passive.prevent_at_least", r"(.+?)は、相手のポケモンから「" + N + r"」以上のワザのダメージを受けない。")
def _prevent_big(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "prevent_damage", "from": {"side": "opponent"},
                                                "at_least": int(m.group(2))})]


@template("passive.prevent_effects", r"(.+?)は、相手のポケモンが使うワザの効果を受けない。")
def _prevent_effects(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "prevent_effects", "from": {"side": "opponent"}})]


@template("passive.damage_dealt_any", r"(.+)が使うワザのダメージは「([+-])" + N + r"」される。")
def _dealt_any(m, ctx):
    """Every damage its attacks do to the other side's Pokémon (english_passive's reading)."""
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "damage_dealt", "amount": _signed(m.group(2), m.group(3)),
                                                "against": {"side": "opponent"}})]


@template("passive.prevent_stadium", r"(.+?)は、相手の(「ポケモンex・V」)からワザのダメージを受けない。")
def _prevent_from(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "prevent_damage", "from": attackers("相手の" + m.group(2))})]


@template("passive.no_abilities", r"(.+?)の特性は、すべてなくなる。|(.+?)は、特性がなくなる。")
def _no_abilities(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1) or m.group(2), ctx), {"kind": "no_abilities"})]


@template("passive.no_tool_effects", r"(.+?)についている「ポケモンのどうぐ」の効果は、すべてなくなる。")
def _no_tools(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "no_tool_effects"})]


@template("passive.prizes_reduced", r"(.+)が、相手のポケモンからワザのダメージを受けてきぜつしたとき、とられるサイドは" + N +
          r"枚少なくなる。")
def _prizes(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "prizes_reduced", "amount": int(m.group(2))})]


@template("passive.poison_counters", r"ポケモンチェックのとき、(.+?)にのせるダメカンを" + N + r"個多くする。|"
          r"(.+?)にのせるどくのダメカンの数は" + N + r"個多くなる。")
def _poison(m, ctx):
    v.not_attack(ctx)
    kind, f = subject(m.group(1) or m.group(3), ctx)
    if kind != "applies":
        raise NotRead("poison counters on one Pokémon")
    return [("passive", {"kind": "poison_counters", "add": int(m.group(2) or m.group(4)), "applies_to": f})]


@template("passive.cant_play", r"相手は手札から(グッズ|サポート|スタジアム|ポケモンのどうぐ)を出して使えない。")
def _cant_play(m, ctx):
    v.not_attack(ctx)
    kind = {"グッズ": "item", "サポート": "supporter", "スタジアム": "stadium", "ポケモンのどうぐ": "tool"}[m.group(1)]
    return [("passive", {"kind": "cant_play", "card_kind": kind, "applies_to": {"side": "opponent"}})]


@template("passive.survive", r"(.+?)のHPがまんたんの状態で、(相手のポケモンから)?ワザのダメージを受けてきぜつするとき、"
          r"そのポケモンはきぜつせず、残りHPが「" + N + r"」の状態で場に残る。")
def _survive(m, ctx):
    v.not_attack(ctx)
    effect = {"kind": "survive", "hp": int(m.group(3)), "full_hp": True}
    if m.group(2):
        effect["from"] = {"side": "opponent"}
    return [v.passive(subject(m.group(1), ctx), effect)]


@template("passive.prevent_counters", r"(.+?)は、相手のワザや特性の効果で、ダメカンがのらない。(?:\[ワザのダメージは受ける。\])?")
def _prevent_counters(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "prevent_counters", "from": {"side": "opponent"}})]


@template("passive.berry", r"(.+)が、相手の" + TYPE + r"ポケモンからワザのダメージを受けるとき、そのダメージは「-" + N +
          r"」され、このカードをトラッシュする。")
def _berry(m, ctx):
    v.not_attack(ctx)
    return [v.passive(subject(m.group(1), ctx), {"kind": "damage_taken", "amount": -int(m.group(3)),
                                                "from": {"side": "opponent", "types": [m.group(2)]},
                                                "discard_tool": True})]


# -- conditions and durations ---------------------------------------------------------------------------

@template("passive.as_long_as", r"このポケモンがいるかぎり、(.+)")
def _as_long(m, ctx):
    v.not_attack(ctx)
    return ja.clause(m.group(1), ctx)


@template("passive.as_long_as_bench", r"このポケモンがベンチにいるかぎり、(.+)")
def _while_benched_as_long(m, ctx):
    v.not_attack(ctx)
    if ctx.part != "ability":
        raise NotRead("on the Bench, outside an Ability")
    inner = ja.clause(m.group(1), ctx)
    if not inner or any(kind != "passive" for kind, _ in inner):
        raise NotRead("a condition on what is not in force")
    return [("passive", {**payload, "holder": {"position": "bench"}}) for _, payload in inner]


@template("passive.as_long_as_active", r"このポケモンがバトル場にいるかぎり、(.+)")
def _while_active(m, ctx):
    v.not_attack(ctx)
    inner = ja.clause(m.group(1), ctx)
    return [("ability", ("active_only", True))] + inner


@template("passive.turn", r"(この番|次の相手の番)、(.+?)(?:\(新しく場に出したポケモンもふくむ。\))?")
def _during(m, ctx):
    if ctx.part != "trainer":
        raise NotRead("a duration outside a Trainer")
    return ja.clause(m.group(2), ctx)


@template("passive.if_holder", r"このポケモンに(?:" + TYPE + r"|(特殊))エネルギーがついているなら、(.+)")
def _if_holder(m, ctx):
    v.not_attack(ctx)
    pieces = []
    rest = m.group(3)
    rest = re.sub(r"^このポケモンの最大HPは「([+-]\d+)」され、(?:このポケモンが)?", r"このポケモンの最大HPは「\1」される。このポケモンが",
                  rest)
    when = {"has_energy_card": ["special"]} if m.group(2) else {"has_energy": [m.group(1)]}
    for part in [x + "。" for x in rest.split("。") if x]:
        for kind, payload in ja.clause(part, ctx):
            if kind != "passive":
                raise NotRead("a condition on what is not in force")
            pieces.append(("passive", {**payload, "when": {**payload.get("when", {}), **when}}))
    return pieces


@template("passive.if_full_hp", r"このポケモンのHPがまんたんの状態なら、(.+)")
def _if_full_hp(m, ctx):
    """「HPがまんたん」: no damage counters on it (its remaining HP is its maximum HP)."""
    v.not_attack(ctx)
    pieces = []
    for kind, payload in ja.clause(m.group(1), ctx):
        if kind != "passive" or "applies_to" in payload:
            raise NotRead("a condition on what is not in force on this Pokémon")
        pieces.append(("passive", {**payload, "when": {**payload.get("when", {}), "damaged": False}}))
    return pieces


@template("passive.on_bench", r"このポケモンは、ベンチにいるかぎり、(.+)")
def _while_benched(m, ctx):
    v.not_attack(ctx)
    if ctx.part != "ability":
        raise NotRead("on the Bench, outside an Ability")
    inner = ja.clause("このポケモンは、" + m.group(1), ctx)
    if not inner or any(kind != "passive" for kind, _ in inner):
        raise NotRead("a condition on what is not in force")
    return [("passive", {**payload, "holder": {"position": "bench"}}) for _, payload in inner]


@template("ability.no_stack", r"この効果は、この特性を持つポケモンが何匹いても、重ならない。|この特性の効果は重ならない。")
def _no_stack(m, ctx):
    """Ⅱ-E-15: however many Pokémon have the Ability, its effect counts once."""
    if ctx.part != "ability":
        raise NotRead("an Ability's \"doesn't stack\" outside an Ability")
    return [("ability", ("stacks", False))]


# -- triggers ----------------------------------------------------------------------------------------------

def _actions(text: str, ctx: Context) -> list[dict]:
    pieces = ja.clause(text, ctx)
    if not pieces or any(kind != "do" for kind, _ in pieces):
        raise NotRead("a trigger that does what is not an action")
    return [payload for _, payload in pieces]


@template("trigger.damaged", r"(.+)が、バトル場で([^、]+?)からワザのダメージを受けたとき、(.+?)。")
def _damaged(m, ctx):
    v.not_attack(ctx)
    where = subject(m.group(1), ctx)
    saved = ctx.subject
    ctx.subject = "attacker"
    try:
        actions = _actions(m.group(3), ctx)
    finally:
        ctx.subject = saved
    kind, f = where
    trigger = {"kind": "trigger", "name": ctx.name or "trigger", "on": "damaged", "from": attackers(m.group(2)),
               "do": actions, "when": {**(f if kind == "holder" else {}), "position": "active"}}
    if kind == "applies":
        trigger["applies_to"] = f
    return [("passive", trigger)]


@template("trigger.big_damage", r"(.+)が、バトル場で相手の「メガシンカex」から「" + N + r"」以上のワザのダメージを受けたとき、(.+?)。")
def _big_damage(m, ctx):
    v.not_attack(ctx)
    kind, f = subject(m.group(1), ctx)
    ctx.subject = "attacker"
    actions = _actions(m.group(3), ctx)
    return [("passive", {"kind": "trigger", "name": ctx.name or "trigger", "on": "damaged",
                         "from": {"side": "opponent", "rule": ["mega_ex"]}, "damage_at_least": int(m.group(2)),
                         "when": {**f, "position": "active"}, "do": actions})]


@template("trigger.then_discard_tool", r"このカードをトラッシュする。")
def _then_discard(m, ctx):
    v.not_attack(ctx)
    return [("then_discard_tool", None)]


@template("trigger.benched_any", r"おたがいのプレイヤーが、自分の番に、(.+?)をベンチに出すたび、そのポケモンにダメカンを" + N + r"個のせる。")
def _risky(m, ctx):
    v.not_attack(ctx)
    phrase = m.group(1)
    f: dict = {"side": "both"}
    excluded = re.search(r"\((.+?)ポケモンをのぞく\)", phrase)
    if excluded:
        ex: dict = {}
        ja._quals(excluded.group(1), ex)
        f["not_types"] = ex.get("types", [])
        phrase = phrase[:excluded.start()] + phrase[excluded.end():]
    ja._quals(phrase.removesuffix("ポケモン"), f)
    return [("passive", {"kind": "trigger", "name": ctx.name or "trigger", "on": "benched", "applies_to": f,
                         "do": [act("place_counters", target="self", count=int(m.group(2)))]})]


# -- Trainers: what they do when played -------------------------------------------------------------------

@template("heal.if_energy", r"エネルギーが" + N + r"個以上ついている自分のバトルポケモンのHPを「" + N + r"」回復する。")
def _heal_if(m, ctx):
    v.not_attack(ctx)
    active = v.own_active(ctx)
    return [("do", v.if_action({"energy": active, "at_least": int(m.group(1))},
                               [act("heal", target=active, amount=int(m.group(2)))]))]


@template("heal.instead", r"そのポケモンが(.+?)なら、回復するHPは「" + N + r"」になる。")
def _instead(m, ctx):
    return [("instead", ({"match": ja._is(m.group(1), ctx)}, int(m.group(2))))]


@template("heal.choose", r"自分のポケモンを1匹選び、HPを「" + N + r"」回復する。")
def _heal_choose(m, ctx):
    target = ja.one_pokemon("自分のポケモン1匹", ctx)
    return [("do", act("heal", target=target, amount=int(m.group(1))))]


@template("pokemon.return_chosen", r"(自分のポケモン1匹)と、ついているすべてのカードを、(手札|山札)にもどす(?:して切る)?。")
def _return_chosen(m, ctx):
    return [("do", act("return_pokemon", target=ja.one_pokemon(m.group(1), ctx),
                       to="hand" if m.group(2) == "手札" else "deck"))]


@template("discard.tools_and_special", r"(.+?)についている「ポケモンのどうぐ」と「特殊エネルギー」を、すべてトラッシュする。")
def _tools_special(m, ctx):
    pieces = []
    for t in ja.targets(m.group(1), ctx):
        pieces += [("do", act("discard_tool", target=t)), ("do", {"discard_energy": {"from": t, "special": True,
                                                                                      "all": True}})]
    return pieces


@template("trainer.pay", r"このカードは、自分の手札を" + N + r"枚トラッシュしなければ使えない。")
def _pay(m, ctx):
    if ctx.part != "trainer":
        raise NotRead("a cost of a Trainer elsewhere")
    return [("trainer", ("pay", [{"discard_hand": int(m.group(1))}]))]


@template("trainer.play_condition", r"このカードは、.+?(?:使えない|出せず|出せない|しか使えない).*")
def _play_condition(m, ctx):
    if ctx.part != "trainer":
        raise NotRead("a condition on playing a card elsewhere")
    return [("listed", "play_condition")]


@template("note", r"このカードは、トラッシュにあるかぎり、手札に加えられず、山札にもどせない。|"
                  r"スタジアムは、自分の番に1枚、バトル場の横に出せる。|別のスタジアムが場に出たなら、このカードをトラッシュする。|"
                  r"同じ名前のスタジアムは場に出せない。|グッズは、自分の番に何枚でも使える。|"
                  r"ポケモンのどうぐは、自分の番に何枚でも、自分のポケモンにつけられる。.*|サポートは、自分の番に1枚しか使えない。")
def _note(m, ctx):
    return [("note", None)]


# -- Abilities: how they are used --------------------------------------------------------------------------

_USE = [
    (r"自分の番に1回使える。", {"once_per_turn": True}),
    (r"このポケモンがバトル場にいるなら、自分の番に1回使える。", {"once_per_turn": True, "active_only": True}),
    (r"自分の番に何回でも使える。", {"once_per_turn": False}),
]
_TRIGGERED = [
    (r"自分の番に、このカードを手札から出して進化させたとき、1回使える。", "evolved"),
    (r"自分の番に、このカードを手札からベンチに出したとき、1回使える。", "benched"),
]
_EXCLUSIVE = re.compile(r"この番、すでに別の「(.+?)」を使っていたなら、この特性は使えない。$|この特性は、この番、すでに別の「(.+?)」を"
                        r"使っていたなら、使えない。$")


def ability(text: str, ctx: Context):
    pieces: list[Piece] = []
    m = _EXCLUSIVE.search(text)
    if m:
        if (m.group(1) or m.group(2)) != ctx.name:
            raise NotRead("an exclusive Ability of another name")
        pieces.append(("ability", ("exclusive", True)))
        text = text[:m.start()]
    m = re.match(r"自分の番に、自分の手札を(\d+)枚トラッシュするなら、1回使える。", text)
    if m:  # a cost the ask's hand pays (pay: discard_hand)
        return pieces + [("ability", ("declared", True)), ("ability", ("once_per_turn", True)),
                         ("ability", ("pay", [{"discard_hand": int(m.group(1))}]))], text[m.end():]
    for pattern, keys in _USE:
        m = re.match(pattern, text)
        if m:
            return pieces + [("ability", ("declared", True))] + [("ability", item) for item in keys.items()], \
                text[m.end():]
    for pattern, event in _TRIGGERED:
        m = re.match(pattern, text)
        if m:
            return pieces + [("trigger", event)], text[m.end():]
    return (pieces, text) if pieces else None


# -- Abilities in force on their own Pokémon: conditions on the board, counts, kinds (issue 24) ----------

def passive_test(cond: str, ctx: Context) -> tuple[dict, bool]:
    """(test, negated) of a passive text's 「…なら」 (vocab.passive_if makes it the effect's `if`)."""
    c = cond.strip()
    m = re.fullmatch(r"このポケモンにエネルギーが(ついている|ついていない)なら", c)
    if m:  # Energy cards attached (english_passive.passive_test)
        return {"energy": "self", "cards": True,
                **({"at_least": 1} if m.group(1) == "ついている" else {"at_most": 0})}, False
    if c == "自分の手札と相手の手札が同じ枚数なら":
        return {"hand_vs": "same"}, False
    m = re.fullmatch(r"(相手|自分)の場に「ポケモンex・V」が(いる|いない)なら", c)
    if m:
        return {"pokemon": "opponent" if m.group(1) == "相手" else "own",
                "match": {"rule": list(v.EX_RULES) + list(v.V_RULES)},
                **({"at_least": 1} if m.group(2) == "いる" else {"at_most": 0})}, False
    m = re.fullmatch(r"(相手|自分)の場に(?:" + TYPE + r"タイプの)?「メガシンカex」が(いる|いない)なら", c)
    if m:
        return {"pokemon": "opponent" if m.group(1) == "相手" else "own",
                "match": {**({"types": [m.group(2)]} if m.group(2) else {}), "rule": ["mega_ex"]},
                **({"at_least": 1} if m.group(3) == "いる" else {"at_most": 0})}, False
    return ja.test(c, ctx)


@template("passive.if_board", r"([^、]+?なら)、(.+)")
def _if_board(m, ctx):
    v.not_attack(ctx)
    if ctx.part != "ability":
        raise NotRead("a condition on the board outside an Ability")
    test, negated = passive_test(m.group(1), ctx)
    return v.passive_if(test, negated, ja.clause(m.group(2), ctx))


@template("passive.cant_attack", r"このポケモンは、?ワザが使えない。")
def _cant_attack(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "cant_attack"})]


@template("passive.cant_attack_unless", r"(自分の手札が" + N + r"枚以上|自分の場の(「[^」]+のポケモン」)が" + N +
          r"匹以上)のときにしか、このポケモンはワザが使えない。")
def _cant_attack_unless(m, ctx):
    """「自分の手札が10枚以上のときにしか、このポケモンはワザが使えない」: it cannot attack while fewer."""
    v.not_attack(ctx)
    if m.group(2):
        test = {"hand": "own", "at_most": int(m.group(2)) - 1}
    else:
        test = {"pokemon": "own", "match": {"name_prefix": [m.group(3)[1:-len("のポケモン」")] + "の"]},
                "at_most": int(m.group(4)) - 1}
    return [("passive", {"kind": "cant_attack", "if": test})]


@template("passive.first_turn", r"このポケモンは、先攻プレイヤーの最初の番でも、ワザが使える。")
def _first_turn(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "usable_first_turn"})]


def _passive_per(phrase: str) -> dict:
    """What 「…1枚につき」「…の数ぶん」 count, as english_passive._passive_per reads them."""
    p = phrase.strip()
    if p in ("相手がすでにとったサイド", "相手がすでにとったサイドの枚数"):
        return {"prizes_taken": "opponent"}
    if p in ("自分がすでにとったサイド", "自分がすでにとったサイドの枚数"):
        return {"prizes_taken": "own"}
    if p in ("相手のベンチポケモンの数",):
        return {"bench": "opponent"}
    if p in ("自分のベンチポケモンの数",):
        return {"bench": "own"}
    m = re.fullmatch(r"自分のトラッシュにある「([^」]+)」の枚数", p)
    if m:
        return {"discard": "own", "name": m.group(1)}
    m = re.fullmatch(r"このポケモンについている(?:" + TYPE + r")?エネルギー", p)
    if m:
        return {"energy": "self", **({"type": m.group(1)} if m.group(1) else {})}
    raise NotRead(f"counting {phrase!r}")


@template("passive.damage_dealt_per", r"このポケモンが使うワザの、(.+?)へのダメージは、(.+?)1枚につき「\+" + N + r"」される。")
def _dealt_per(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "damage_dealt", "amount": int(m.group(3)), "against": against(m.group(1)),
                         "per": _passive_per(m.group(2))})]


@template("passive.attack_cost_per", r"(.+?ぶん)、このポケモンが(?:ワザ|「([^」]+)」)を使うための\{colorless\}エネルギーは"
          r"少なくなる。")
def _cost_per(m, ctx):
    v.not_attack(ctx)
    effect = {"kind": "attack_cost", "delta": -1, "per": _passive_per(m.group(1).removesuffix("ぶん"))}
    if m.group(2):
        effect["attack"] = m.group(2)
    return [("passive", effect)]


@template("passive.max_hp_per", r"(.+?)1(?:枚|個)につき、このポケモンの最大HPは「\+" + N + r"」される。")
def _hp_per(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "max_hp", "amount": int(m.group(2)), "per": _passive_per(m.group(1))})]


@template("passive.types", r"このポケモンは、場にいるかぎり" + TYPE + r"と" + TYPE + r"の2つのタイプになる。")
def _types(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "types", "types": [m.group(1), m.group(2)]})]


@template("passive.ignore_defender_effects", r"このポケモンが使うワザのダメージは、相手のバトルポケモンにかかっている効果を"
          r"計算しない。")
def _azure(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "ignore_defender_effects"})]


@template("passive.no_condition", r"このポケモンは(ねむり|マヒ|こんらん|どく|やけど)にならない。")
def _no_condition(m, ctx):
    v.not_attack(ctx)
    return [("passive", {"kind": "no_conditions", "conditions": [ja.COND[m.group(1)]]})]
