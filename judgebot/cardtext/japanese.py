"""Japanese card text → pieces (reading.Piece), by the templates the cards are printed with.

The same pieces as the English templates give (judgebot.cardtext.english), so that the
two prints of one card read the same; the guide's own words decide where a word has a
rule of its own (「その後」 Ⅱ-E-20, 「のぞむなら」 Ⅱ-E-10, 「選び」 Ⅱ-D-04).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable

from judgebot.cardtext import vocab as v
from judgebot.cardtext.reading import NotRead, Piece
from judgebot.cardtext.vocab import Context, act, before_damage, choose, each, filt

KANJI_TYPES = {"草": "grass", "炎": "fire", "水": "water", "雷": "lightning", "超": "psychic", "闘": "fighting",
               "悪": "darkness", "鋼": "metal", "ドラゴン": "dragon", "無色": "colorless"}
TYPE = r"\{(grass|fire|water|lightning|psychic|fighting|darkness|metal|dragon|colorless|fairy)\}"
COND = {"ねむり": "asleep", "やけど": "burned", "こんらん": "confused", "マヒ": "paralyzed", "どく": "poisoned"}
COND_WORD = r"(ねむり|やけど|こんらん|マヒ|どく)"
N = r"(\d+)"


# -- normalising and splitting ---------------------------------------------------------------

def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"\[([GRWLPFDMNCY])\]", lambda m: "{" + v.TYPE_LETTERS[m.group(1)] + "}", text)
    text = re.sub(r"(草|炎|水|雷|超|闘|悪|鋼|無色)(?=エネルギー|ポケモン|タイプ)",
                  lambda m: "{" + KANJI_TYPES[m.group(1)] + "}", text)
    text = re.sub(r"\s+", "", text)
    text = text.replace("この番に、", "この番、")
    return text.strip()


def split(text: str) -> list[str]:
    """Sentences at 「。」 outside brackets; a bracketed note stays with the sentence before it."""
    out: list[str] = []
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch in "[(「『":
            depth += 1
        elif ch in "])」』":
            depth = max(0, depth - 1)
            if depth == 0 and ch in "])" and text[start:i + 1].lstrip().startswith(("[", "(")):
                # a note on its own: keep it with the previous sentence
                note = text[start:i + 1].strip()
                if out:
                    out[-1] += note
                else:
                    out.append(note)
                start = i + 1
                continue
        if depth == 0 and ch == "。":
            piece = text[start:i + 1].strip()
            if piece:
                out.append(piece)
            start = i + 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return _group(out)


def _group(sentences: list[str]) -> list[str]:
    grouped: list[str] = []
    for s in sentences:
        if grouped and s == "トラッシュできないなら、このワザは失敗。" and grouped[-1] == "場に出ているスタジアムをトラッシュする。":
            grouped[-1] += s  # one template: the attack fails if there is none to discard
            continue
        if grouped and s.startswith("はがしたカードは、"):
            grouped[-1] += s  # where the devolved card goes: one template with the devolving
            continue
        if grouped and (re.match(r"^(ウラなら|オモテなら|\d+回でもオモテなら|すべてオモテなら|すべてウラなら)", s)
                        and "コイン" in grouped[-1] or s.startswith(("さらに、", "その後、"))
                        and grouped[-1].startswith("コインを1回投げ") and grouped[-1].count("なら、") == 1):
            grouped[-1] += s
        else:
            grouped.append(s)
    return grouped


# -- Pokémon phrases ---------------------------------------------------------------------------

_QUAL = r"(?:たね|進化|1進化|2進化|" + TYPE + r"|「古代」の|「未来」の|「[^」]+のポケモン」)"
_POKEMON = re.compile(
    r"^(?P<owner>相手の|自分の|おたがいの)?(?P<place>ベンチの|バトル場の|場の)?(?P<quals>(?:" + _QUAL + r")*)"
    r"(?P<core>ベンチポケモン|バトルポケモン|ポケモン|「ポケモンex」|「ポケモンV」|「ポケモンex・V」|「メガシンカex」|"
    r"「[^」]+のポケモン」)"
    r"(?P<quant>\d+匹|全員)?(?:それぞれ)?$")


def _quals(words: str, f: dict) -> None:
    for m in re.finditer(_QUAL, words):
        w = m.group(0)
        if w == "たね":
            f["stage"] = ["basic"]
        elif w == "進化":
            f["stage"] = ["stage1", "stage2"]
        elif w == "1進化":
            f["stage"] = ["stage1"]
        elif w == "2進化":
            f["stage"] = ["stage2"]
        elif w.startswith("{"):
            f.setdefault("types", []).append(m.group(1))
        elif w in ("「古代」の", "「未来」の"):
            f["tag"] = ["ancient" if w == "「古代」の" else "future"]  # the scenario's `tags`
        else:
            f["name_prefix"] = [w[1:-len("のポケモン」")] + "の"]


def pokemon(phrase: str, ctx: Context):
    p = phrase.strip()
    if p == "つけたポケモン" and isinstance(ctx.subject, dict) and "choose" in ctx.subject:
        return "one", "chosen"  # 「…を1枚選び、ベンチポケモンにつける。その後、つけたポケモンの…」: the Pokémon chosen
    if p in ("そのポケモン", "その状態のポケモン"):
        if ctx.subject is None:
            raise NotRead(f"{phrase!r} refers to no Pokémon")
        return "one", ctx.subject
    fixed = {"このポケモン": "self", "ワザを使ったポケモン": "attacker"}
    if p in fixed:
        ctx.subject = fixed[p]
        return "one", fixed[p]
    extra: dict = {}
    for prefix, key in (("ダメカンがのっている", "damaged"),):
        if p.startswith(prefix):
            extra[key], p = True, p[len(prefix):]
    m = re.match(r"^残りHPが「" + N + r"」以下の(.+)$", p)
    if m:
        extra["hp_left_at_most"], p = int(m.group(1)), m.group(2)  # remaining HP, Ⅱ-D-16
    m = re.match(r"^(相手の|自分の|おたがいの)特性を持つ(.+)$", p)
    if m:
        extra["has_ability"], p = True, m.group(1) + m.group(2)
    m = re.match(r"^(.+?)\((.+?)ポケモンをのぞく\)(.*)$", p)
    if m:
        excluded: dict = {}
        _quals(m.group(2), excluded)
        if set(excluded) != {"types"}:
            raise NotRead(f"Pokémon phrase {phrase!r}")
        extra["not_types"], p = excluded["types"], m.group(1) + m.group(3)
    if extra:
        quant, target = pokemon(p, ctx)
        if not (isinstance(target, dict) and ("each" in target or "choose" in target)):
            raise NotRead(f"Pokémon phrase {phrase!r}")
        how = next(iter(target))
        return quant, {how: {**target[how], **extra}}
    if p == "新しく出てきたポケモン":
        return "one", each(filt(side="opponent", position="active"))
    if p in ("相手のバトルポケモン", "このワザを受けたポケモン", "相手のバトル場のポケモン"):
        ctx.subject = v.opponent_active(ctx)
        return "one", ctx.subject
    if p == "自分のバトルポケモン":
        return "one", v.own_active(ctx)
    if p == "おたがいのバトルポケモン":
        return "each", each(filt(side="both", position="active"))
    m = _POKEMON.match(p)
    if not m:
        raise NotRead(f"Pokémon phrase {phrase!r}")
    owner = m.group("owner")
    f: dict = {"side": {"相手の": "opponent", "自分の": "own", "おたがいの": "both"}.get(owner, "own")}
    if owner is None and ctx.part != "attack":
        f["side"] = "both"
    place, core = m.group("place"), m.group("core")
    if core == "ベンチポケモン" or place == "ベンチの":
        f["position"] = "bench"
    elif core == "バトルポケモン" or place == "バトル場の":
        f["position"] = "active"
    _quals(m.group("quals") or "", f)
    if core == "「ポケモンex」":
        f["rule"] = list(v.EX_RULES)
    elif core == "「ポケモンV」":
        f["rule"] = list(v.V_RULES)
    elif core == "「ポケモンex・V」":
        f["rule"] = list(v.EX_RULES) + list(v.V_RULES)
    elif core == "「メガシンカex」":
        f["rule"] = ["mega_ex"]
    elif core.endswith("のポケモン」"):
        f["name_prefix"] = [core[1:-len("のポケモン」")] + "の"]
    quant = m.group("quant")
    if quant == "全員":
        return "each", each(f)
    if quant:
        n = int(quant[:-1])
        return ("one" if n == 1 else n), choose(f)
    if f.get("position") == "active" and f["side"] in ("own", "opponent"):
        plain = set(f) == {"side", "position"}
        return "one", v.opponent_active(ctx) if plain and f["side"] == "opponent" else each(f)
    return "each", each(f)


def one_pokemon(phrase: str, ctx: Context):
    quant, target = pokemon(phrase, ctx)
    if quant != "one":
        raise NotRead(f"{phrase!r} is not one Pokémon")
    return target


def targets(phrase: str, ctx: Context) -> list:
    quant, target = pokemon(phrase, ctx)
    if isinstance(quant, int):
        return [target] * quant
    return [target]


def energy_of(phrase: str, ctx: Context):
    p = phrase.strip()
    try:
        quant, target = pokemon(p, ctx)
        if quant in ("one", "each"):
            return target
    except NotRead:
        pass
    m = re.match(r"^(相手の|自分の|おたがいの)ポケモン全員$", p)
    if m:
        return each(filt(side={"相手の": "opponent", "自分の": "own", "おたがいの": "both"}[m.group(1)]))
    m = re.match(r"^(相手の|自分の|おたがいの)(ベンチ)?(.*?)ポケモン全員$", p)
    if m:
        f = {"side": {"相手の": "opponent", "自分の": "own", "おたがいの": "both"}[m.group(1)]}
        if m.group(2):
            f["position"] = "bench"
        _quals(m.group(3), f)
        return each(f)
    quant, target = pokemon(p, ctx)
    if quant in ("one", "each"):
        return target
    raise NotRead(f"Energy on {phrase!r}")


# -- what is counted (「●●の数×」) ------------------------------------------------------------------

def per(phrase: str, ctx: Context) -> dict:
    p = phrase.strip()
    m = re.match(r"^(.+?)についている(基本)?(?:" + TYPE + r")?(特殊)?エネルギーの(?:数|枚数)$", p)
    if m:
        if m.group(2) or m.group(4):
            raise NotRead("Energy counted by kind (basic / special)")
        out: dict = {"energy": energy_of(m.group(1), ctx)}
        if m.group(3):
            out["type"] = m.group(3)
        return out
    m = re.match(r"^(.+?)にのっているダメカンの数$", p)
    if m:
        return {"counters": energy_of(m.group(1), ctx)}
    m = re.match(r"^(相手|自分)がすでにとったサイドの枚数$", p)
    if m:
        return {"prizes_taken": "opponent" if m.group(1) == "相手" else "own"}
    m = re.match(r"^(相手|自分)のベンチポケモンの数$", p)
    if m:
        return {"bench": "opponent" if m.group(1) == "相手" else "own"}
    if p == "おたがいのベンチポケモンの数":
        return {"pokemon": "both", "match": {"position": "bench"}}
    m = re.match(r"^(相手|自分)の手札の枚数$", p)
    if m:
        return {"hand": "opponent" if m.group(1) == "相手" else "own"}
    m = re.match(r"^(.+?)のにげるためのエネルギーの数$", p)
    if m:
        return {"retreat": one_pokemon(m.group(1), ctx)}
    m = re.match(r"^(.+?)が受けている特殊状態の数$", p)
    if m:
        return {"conditions": one_pokemon(m.group(1), ctx)}
    m = re.match(r"^自分の場の、ワザ「(.+?)」を持つポケモンの数$", p)
    if m:
        return {"pokemon": "own", "match": {"has_attack": [m.group(1)]}}
    if p == "自分の場のダメカンがのっているポケモンの数":
        return {"pokemon": "own", "match": {"damaged": True}}
    m = re.match(r"^(相手|自分)の場の(.*?)(ポケモン|「ポケモンex」|「ポケモンex・V」)の数$", p)
    if m:
        f: dict = {}
        _quals(m.group(2), f)
        if m.group(2) and not f:
            raise NotRead(f"counting {phrase!r}")
        if m.group(3) == "「ポケモンex」":
            f["rule"] = list(v.EX_RULES)
        elif m.group(3) == "「ポケモンex・V」":
            f["rule"] = list(v.EX_RULES) + list(v.V_RULES)
        return {"pokemon": "opponent" if m.group(1) == "相手" else "own", **({"match": f} if f else {})}
    m = re.match(r"^(相手|自分)のトラッシュにある(基本エネルギー|グッズ|サポート|ポケモンのどうぐ)の枚数$", p)
    if m:
        kind = {"基本エネルギー": "basic_energy", "グッズ": "item", "サポート": "supporter", "ポケモンのどうぐ": "tool"}[m.group(2)]
        return {"discard": "opponent" if m.group(1) == "相手" else "own", "kind": kind}
    m = re.match(r"^(相手|自分|おたがい)のポケモン全員についている「ポケモンのどうぐ」の数$", p)
    if m:
        return {"pokemon": {"相手": "opponent", "自分": "own", "おたがい": "both"}[m.group(1)], "match": {"has_tool": True}}
    m = re.match(r"^" + TYPE + r"エネルギーがついている自分の(ベンチ)?ポケモンの数$", p)
    if m:
        return {"pokemon": "own", "match": {**({"position": "bench"} if m.group(2) else {}), "has_energy": [m.group(1)]}}
    m = re.match(r"^自分のベンチの「([^」]+)」の数$", p)
    if m and not m.group(1).endswith("のポケモン") and not m.group(1).startswith(("ポケモン", "メガシンカ")):
        return {"pokemon": "own", "match": {"position": "bench", "name": [m.group(1)]}}
    m = re.match(r"^自分のベンチの((?:たね|進化|1進化|2進化))ポケモンの数$", p)
    if m:
        f = {}
        _quals(m.group(1), f)
        return {"pokemon": "own", "match": {**f, "position": "bench"}}

    m = re.match(r"^(相手|自分)の場の「([^」(]+)(\(『ポケモンex』をふくむ\))?」の数$", p)
    if m and not m.group(2).endswith("のポケモン") and not m.group(2).startswith(("ポケモン", "メガシンカ")):
        names = [m.group(2)] + ([m.group(2) + "ex"] if m.group(3) else [])
        return {"pokemon": "opponent" if m.group(1) == "相手" else "own", "match": {"name": names}}
    m = re.match(r"^(相手|自分)の場の(.+)の数$", p)
    if m:
        quant, target = pokemon(m.group(1) + "の" + m.group(2), ctx)
        if isinstance(target, dict) and "each" in target:
            f = {k: val for k, val in target["each"].items() if k != "side"}
            return {"pokemon": "opponent" if m.group(1) == "相手" else "own", **({"match": f} if f else {})}
    if p == "ダメカンがのっている自分のベンチポケモンの数":
        return {"pokemon": "own", "match": {"position": "bench", "damaged": True}}
    raise NotRead(f"counting {phrase!r}")


# -- conditions (「●●なら」) ----------------------------------------------------------------------

def _is(word: str, ctx: Context) -> dict:
    w = word.strip()
    m = re.match(r"^" + COND_WORD + r"(?:(?:か|または)" + COND_WORD + r")?$", w)
    if m:
        return {"conditions": [COND[x] for x in m.groups() if x]}
    if w == "特殊状態":
        return {"conditions": ["any"]}
    quant, target = pokemon(w, ctx)
    if isinstance(target, dict) and "each" in target:
        f = dict(target["each"])
        f.pop("side", None)
        return f
    raise NotRead(f"is {word!r}")


def test(cond: str, ctx: Context) -> tuple[dict, bool]:
    c = cond.strip()
    m = re.match(r"^前の相手の番に、ワザのダメージで、自分の(.*?)ポケモンがきぜつしていたなら$", c)
    if m:
        if m.group(1):
            raise NotRead("Knocked Out Pokémon of a kind")
        return {"knocked_out_last_turn": True}, False
    if c == "このポケモンと相手のバトルポケモンについているエネルギーの数が同じなら" and ctx.attack:
        return {"energy_vs": "same"}, False
    m = re.match(r"^このポケモンについているエネルギーの数が、相手のバトルポケモンについているエネルギーの数より(多い|少ない)なら$", c)
    if m and ctx.attack:
        return {"energy_vs": "more" if m.group(1) == "多い" else "fewer"}, False
    m = re.match(r"^自分の手札と相手の手札が同じ枚数(でない)?なら$", c)
    if m:
        return {"hand_vs": "same"}, bool(m.group(1))
    m = re.match(r"^(相手のバトルポケモン|このポケモン)のにげるためのエネルギーが(ない|" + N + r"個(以上|以下))なら$", c)
    if m and ctx.attack:
        who = one_pokemon(m.group(1), ctx)
        if m.group(2) == "ない":
            return {"retreat": who, "at_most": 0}, False
        return {"retreat": who, ("at_least" if m.group(4) == "以上" else "at_most"): int(m.group(3))}, False
    m = re.match(r"^自分のサイドの残り枚数が、相手のサイドの残り枚数より(多い|少ない)なら$", c)
    if m:
        return {"prizes_vs": "more" if m.group(1) == "多い" else "fewer"}, False
    m = re.match(r"^(相手|自分)のサイドの残り枚数が" + N + r"枚(以下|以上)?なら$", c)
    if m:
        side, n = ("opponent" if m.group(1) == "相手" else "own"), int(m.group(2))
        if m.group(3) is None:
            return {"prizes": side, "at_least": n, "at_most": n}, False
        return {"prizes": side, ("at_most" if m.group(3) == "以下" else "at_least"): n}, False
    m = re.match(r"^(相手|自分)の手札が" + N + r"枚(以下|以上)?(でない)?なら$", c)
    if m:
        side, n = ("opponent" if m.group(1) == "相手" else "own"), int(m.group(2))
        bounds = {"at_least": n, "at_most": n} if m.group(3) is None else \
            {("at_most" if m.group(3) == "以下" else "at_least"): n}
        return {"hand": side, **bounds}, bool(m.group(4))
    if c in ("自分の手札が0枚なら", "自分の手札がないなら", "自分の手札が1枚もないなら"):
        return {"hand": "own", "at_most": 0}, False
    m = re.match(r"^自分の山札の残り枚数が" + N + r"枚以下なら$", c)
    if m:
        return {"deck": "own", "at_most": int(m.group(1))}, False
    if c in ("場にスタジアムが出ているなら",):
        return {"stadium": True}, False
    if c in ("場にスタジアムが出ていないなら",):
        return {"stadium": False}, False
    if c == "この番、手札からサポートを出して使っていたなら":
        return {"supporter_played": True}, False
    if c == "この番、このポケモンのHPを回復していたなら":
        return {"at": "self", "match": {"healed_this_turn": True}}, False
    if c == "この番、このポケモンがベンチからバトル場に出ていたなら":
        return {"at": "self", "match": {"moved_to_active_this_turn": True}}, False
    m = re.match(r"^この番、このポケモンが「(.+?)」から進化していたなら$", c)
    if m:
        return {"at": "self", "match": {"evolved_from_this_turn": [m.group(1)]}}, False
    m = re.match(r"^このポケモンの残りHPが「?" + N + r"」?以下なら$", c)
    if m:
        return {"hp_left": "self", "at_most": int(m.group(1))}, False
    m = re.match(r"^このワザを使うためのエネルギーより、" + N + r"個多く(?:の)?エネルギーがついているなら$", c)
    if m:
        return {"energy": "self", "at_least": len(ctx.cost) + int(m.group(1))}, False
    m = re.match(r"^自分のベンチの「([^」]+)」にダメカンがのっているなら$", c)
    if m:
        return {"counters": each(filt(side="own", position="bench", name=[m.group(1)])), "at_least": 1}, False
    if c == "自分のベンチポケモンにダメカンがのっているなら":
        return {"counters": each(filt(side="own", position="bench")), "at_least": 1}, False
    m = re.match(r"^自分の場に(?:" + TYPE + r")?エネルギーが" + N + r"個以上あるなら$", c)
    if m:
        t = {"energy": each(filt(side="own")), "at_least": int(m.group(2))}
        if m.group(1):
            t["type"] = m.group(1)
        return t, False
    m = re.match(r"^(相手|自分)の(ベンチ|場)に(.*?)(ポケモン|「ポケモンex」)がいる(?:なら)?$", c.removesuffix("なら") + "なら") \
        if False else None
    m = re.match(r"^(相手|自分)の(ベンチ|場)に(.*?)(ポケモン|「ポケモンex」)が(いる|いない)なら$", c)
    if m:
        f: dict = {}
        _quals(m.group(3), f)
        if m.group(3) and not f:
            raise NotRead(f"condition {cond!r}")
        if m.group(4) == "「ポケモンex」":
            f["rule"] = list(v.EX_RULES)
        if m.group(2) == "ベンチ":
            f["position"] = "bench"
        t = {"pokemon": "opponent" if m.group(1) == "相手" else "own", **({"match": f} if f else {}), "at_least": 1}
        return t, m.group(5) == "いない"
    m = re.match(r"^(相手|自分)のベンチに「([^」]+)」(?:と)?「[^」]+」が(いる|いない)なら$", c)
    if m:
        raise NotRead("two Pokémon on the Bench")
    m = re.match(r"^(相手|自分)のベンチに「([^」]+)」が(いる|いない)なら$", c)
    if m:
        return {"pokemon": "opponent" if m.group(1) == "相手" else "own",
                "match": {"name": [m.group(2)], "position": "bench"}, "at_least": 1}, m.group(3) == "いない"
    m = re.match(r"^相手のベンチポケモンの数が" + N + r"匹以上なら$", c)
    if m:
        return {"pokemon": "opponent", "match": {"position": "bench"}, "at_least": int(m.group(1))}, False
    m = re.match(r"^(相手|自分)のベンチポケモンが" + N + r"匹(以下|以上)なら$", c)
    if m:
        return {"pokemon": "opponent" if m.group(1) == "相手" else "own", "match": {"position": "bench"},
                ("at_most" if m.group(3) == "以下" else "at_least"): int(m.group(2))}, False
    # 「<ポケモン>が●●なら」「<ポケモン>に●●がのっているなら」「<ポケモン>に●●がついているなら」
    m = re.match(r"^(このポケモン|相手のバトルポケモン)(?:が|は)(.+?)(でない)?なら$", c)
    if m and not re.search(r"(ついて|のって)", m.group(2)):
        who = one_pokemon(m.group(1), ctx)
        ctx.subject = who
        return {"at": who, "match": _is(m.group(2), ctx)}, bool(m.group(3))
    m = re.match(r"^(このポケモン|相手のバトルポケモン)に(?:すでに)?ダメカンが(のっている|のっていない)なら$", c)
    if m:
        who = one_pokemon(m.group(1), ctx)
        ctx.subject = who
        return ({"counters": who, "at_least": 1}, False) if m.group(2) == "のっている" else \
            ({"counters": who, "at_most": 0}, False)
    m = re.match(r"^(このポケモン|相手のバトルポケモン)にのっているダメカンが" + N + r"個(以上)?なら$", c) or \
        re.match(r"^(このポケモン|相手のバトルポケモン)にダメカンが" + N + r"個(以上)?のっているなら$", c)
    if m:
        who, n = one_pokemon(m.group(1), ctx), int(m.group(2))
        ctx.subject = who
        return ({"counters": who, "at_least": n} if m.group(3) else {"counters": who, "at_least": n, "at_most": n}), False
    m = re.match(r"^(このポケモン|相手のバトルポケモン)に(特殊エネルギー|「[^」]+エネルギー」)が(ついている|ついていない)なら$", c)
    if m:
        name = "special" if m.group(2) == "特殊エネルギー" else m.group(2)[1:-1]
        return {"at": one_pokemon(m.group(1), ctx), "match": {"has_energy_card": [name]}}, m.group(3) == "ついていない"
    m = re.match(r"^(このポケモン|相手のバトルポケモン)に「ポケモンのどうぐ」が(ついている|ついていない)なら$", c)
    if m:
        return {"at": one_pokemon(m.group(1), ctx), "match": {"has_tool": True}}, m.group(2) == "ついていない"
    m = re.match(r"^(このポケモン|相手のバトルポケモン)に(?:" + TYPE + r")?エネルギーが(?:" + N + r"個以上)?"
                 r"(ついている|ついていない)なら$", c)
    if m:
        who = one_pokemon(m.group(1), ctx)
        t = {"energy": who, "at_least": int(m.group(3)) if m.group(3) else 1}
        if m.group(2):
            t["type"] = m.group(2)
        return t, m.group(4) == "ついていない"
    raise NotRead(f"condition {cond!r}")


# -- templates -----------------------------------------------------------------------------------

Builder = Callable[[re.Match, Context], list[Piece]]
TEMPLATES: list[tuple[str, re.Pattern, Builder]] = []


def template(name: str, pattern: str):
    def register(builder: Builder) -> Builder:
        TEMPLATES.append((name, re.compile("^" + pattern + "$"), builder))
        return builder
    return register


def clause(text: str, ctx: Context) -> list[Piece]:
    s = text.strip()
    if not s.endswith(("。", "]", ")")):
        s += "。"
    return sentence(s, ctx)


def sentence(s: str, ctx: Context) -> list[Piece]:
    first: NotRead | None = None
    for name, pattern, builder in TEMPLATES:
        m = pattern.match(s)
        if m:
            try:
                pieces = builder(m, ctx)
            except NotRead as exc:
                first = first or exc
                continue
            ctx.used(name)
            return pieces
    # 「●●し、▲▲」: two actions in one sentence (not under a condition or a coin).
    if "なら、" not in s and not s.startswith("コイン"):
        for m in re.finditer(r"(トラッシュし|もどして切り|もどし|回復し|にし|のせ|つけ|入れ替え|追加し|与え)、", s):
            left = s[:m.start()] + _JOINED[m.group(1)]
            right = s[m.end():]
            try:
                pieces = sentence(left, ctx) + clause(right, ctx)
            except NotRead:
                continue
            ctx.used("compound.and")
            return pieces
    raise first or NotRead(s)


# The verb before 「、」 in 「●●し、▲▲」 and the sentence it ends.
_JOINED = {"トラッシュし": "トラッシュする。", "もどして切り": "もどして切る。", "もどし": "もどす。", "回復し": "回復する。", "にし": "にする。", "のせ": "のせる。",
           "つけ": "つける。", "入れ替え": "入れ替える。", "追加し": "追加。", "与え": "与える。"}

_NO_WR = r"(?:\[ベンチは弱点・抵抗力を計算しない。\])?"

# damage -------------------------------------------------------------------------------------------


@template("damage.per", r"(.+?)×" + N + r"ダメージ(追加)?。" + _NO_WR)
def _damage_per(m, ctx):
    phrase = m.group(1)
    if phrase.startswith("コイン") or phrase.startswith("ウラが出るまで"):
        raise NotRead("coins")
    counted = per(phrase if phrase.endswith("数") else phrase + "の数", ctx)
    return [("formula", {"op": "plus" if m.group(3) else "times", "amount": int(m.group(2)), "per": counted})]


@template("damage.per_discarded", r"(このポケモンについている(?:" + TYPE + r")?エネルギーを、?すべてトラッシュ)し、その枚数×" + N + r"ダメージ。")
def _per_discarded(m, ctx):
    discard = sentence(m.group(1) + "する。", ctx)
    return discard + [v.per_discarded(discard, int(m.group(3)))]


@template("damage.less", r"(.+?)×" + N + r"ダメージぶん、このワザのダメージは小さくなる。")
def _damage_less(m, ctx):
    return [("formula", {"op": "minus", "amount": int(m.group(2)), "per": per(m.group(1), ctx)})]


@template("damage.bonus", N + r"ダメージ追加。")
def _bonus(m, ctx):
    return [("bonus", int(m.group(1)))]


@template("damage.nothing", r"このワザは失敗。")
def _nothing(m, ctx):
    return [("fail", None)]


@template("damage.self", r"このポケモンにも?" + N + r"ダメージ。")
def _self_damage(m, ctx):
    return [("key", ("self_damage", int(m.group(1))))]


@template("damage.other", r"(.+?)(にも|に)、?(?:それぞれ)?" + N + r"ダメージ。" + _NO_WR)
def _damage_to(m, ctx):
    phrase, also, amount = m.group(1), m.group(2) == "にも", int(m.group(3))
    if phrase == "新しく出てきたポケモン":
        return [("new_active", amount)]
    hits = [("hit", {"target": t, "amount": amount}) for t in targets(phrase, ctx)]
    if not also and ctx.damage not in (None, "", 0):
        raise NotRead("damage to other Pokémon beside a printed damage")
    return hits


_IGNORE = {"弱点・抵抗力": ("ignore_weakness_resistance",), "抵抗力": ("ignore_resistance",), "弱点": ("ignore_weakness",),
           "相手のバトルポケモンにかかっている効果": ("ignore_defender_effects",),
           "弱点・抵抗力と、相手のバトルポケモンにかかっている効果": ("ignore_weakness_resistance", "ignore_defender_effects")}


@template("damage.ignore", r"このワザのダメージは、?(.+?)を計算しない。")
def _ignore(m, ctx):
    keys = _IGNORE.get(m.group(1))
    if keys is None:
        raise NotRead(f"damage not affected by {m.group(1)!r}")
    return [("key", (k, True)) for k in keys]


@template("damage.coins", r"(?:コインを" + N + r"回投げ|ウラが出るまでコインを投げ)、オモテの数×" + N + r"ダメージ(追加)?。")
def _coins(m, ctx):
    n = int(m.group(1)) if m.group(1) else "until_tails"
    return [("formula", {"op": "plus" if m.group(3) else "times", "amount": int(m.group(2)), "per": {"heads": n}})]


@template("damage.coins_per", r"(.+?)の(?:数|枚数)ぶんコインを投げ、オモテの数×" + N + r"ダメージ(追加)?。")
def _coins_per(m, ctx):
    counted = per(m.group(1) + "の数", ctx)
    return [("formula", {"op": "plus" if m.group(3) else "times", "amount": int(m.group(2)), "per": {"heads": counted}})]


# coins and conditions -----------------------------------------------------------------------------

@template("coins.if_all", r"コインを" + N + r"回投げ、(すべてオモテ|すべてウラ|\d+回でもオモテ)なら、(.+?)。")
def _coins_if(m, ctx):
    n = int(m.group(1))
    word = m.group(2)
    bound = {"at_least": n} if word == "すべてオモテ" else {"at_most": 0} if word == "すべてウラ" else \
        {"at_least": int(re.match(r"\d+", word).group(0))}
    return v.conditional({"heads": n, **bound}, clause(m.group(3), ctx), ctx)


@template("coin.if", r"コインを1回投げ(オモテ|ウラ)なら、(.+?)。(?:(?P<how>さらに|その後)、(?P<more>.+?)。)?(?:(オモテ|ウラ)なら、(.+?)。)?")
def _coin(m, ctx):
    first = clause(m.group(2), ctx)
    if m.group("more"):
        more = clause(m.group("more"), ctx)
        if m.group("how") == "その後":
            _then(first, more)  # 「その後」 within the branch: only if what comes before was done (Ⅱ-E-20)
        first = first + more
    second = clause(m.group(6), ctx) if m.group(6) else []
    heads, tails = (first, second) if m.group(1) == "オモテ" else (second, first)
    if m.group(5) and m.group(5) == m.group(1):
        raise NotRead("a coin with the same side twice")
    return v.coin(heads, tails, ctx)


@template("coins.each_heads", r"コインを" + N + r"回投げ、(オモテ|ウラ)の数ぶん、(.+?)を選び、(.+?)。")
def _each_heads(m, ctx):
    once = clause(f"{m.group(3)}を1個選び、{m.group(4)}", ctx)
    heads = m.group(2) == "オモテ"
    return [p for _ in range(int(m.group(1))) for p in v.coin(once if heads else [], [] if heads else once, ctx)]


@template("counters.move", r"(自分の.+?|相手の.+?)を1匹選び、選んだポケモンにのっているダメカンを(すべて|" + N + r"個)、(.+?)にのせ替える。")
def _move_counters(m, ctx):
    """Ⅱ-C-08: damage counters moved, not damage."""
    source = one_pokemon(m.group(1) + "1匹", ctx)
    dest = one_pokemon(m.group(4), ctx)
    count = {"all": True} if m.group(2) == "すべて" else {"count": int(m.group(3))}
    return [("do", {"move_counters": {"from": source, "to": dest, **count}})]


_DEVOLVED_TO = r"はがしたカードは、相手の(手札にもどす|山札にもどして切る)。"


@template("devolve", r"相手の進化している(ポケモンを1匹選び、|ポケモン全員の上から、それぞれ)「進化カード」を1枚(?:ずつ)?はがして退化させる。"
                     + _DEVOLVED_TO)
def _devolve(m, ctx):
    """Ⅱ-C-13: the highest Evolution card comes off (and goes to the hand or the deck)."""
    f = filt(side="opponent", stage=["stage1", "stage2"])
    target = choose(f) if m.group(1).startswith("ポケモンを1匹") else each(f)
    return [("do", act("devolve", target=target, to="hand" if m.group(2) == "手札にもどす" else "deck"))]


@template("devolve.active", r"相手の進化しているバトルポケモンから、「進化カード」を1枚はがして退化させる。" + _DEVOLVED_TO)
def _devolve_active(m, ctx):
    """The Defending Pokémon, if it is evolved (as the English print says: "If your opponent's Active
    Pokémon is an evolved Pokémon, devolve it …")."""
    defending = v.opponent_active(ctx)
    return [("do", v.if_action({"at": defending, "match": {"stage": ["stage1", "stage2"]}},
                               [act("devolve", target=defending, to="hand" if m.group(1) == "手札にもどす" else "deck")]))]


@template("effect.cant_attack_stage", r"次の相手の番、このワザを受けた(たね|1進化|2進化)ポケモンは、ワザが使えない。")
def _cant_attack_stage(m, ctx):
    """Only if the Defending Pokémon is of that stage (the English print: "If the Defending Pokémon is
    a Basic Pokémon, it can't attack during your opponent's next turn")."""
    f: dict = {}
    _quals(m.group(1), f)
    return [("do", v.if_action({"at": "defending", "match": f}, [v.add_effect("defending", [{"kind": "cant_attack"}])]))]


@template("condition.if", r"([^、]+?なら|前の相手の番に、ワザのダメージで、自分の.*?ポケモンがきぜつしていたなら|"
                          r"この番、.+?なら|このワザを使うためのエネルギーより、.+?なら|"
                          r"自分のサイドの残り枚数が、.+?なら|このポケモンについているエネルギーの数が、.+?なら)、(.+?)。")
def _if(m, ctx):
    t, negated = test(m.group(1), ctx)
    return v.conditional(t, clause(m.group(2), ctx), ctx, negated)


# actions ----------------------------------------------------------------------------------------

@template("heal", r"(.+?)のHPを、?(?:それぞれ)?「" + N + r"」回復する。")
def _heal(m, ctx):
    return [("do", act("heal", target=t, amount=int(m.group(2)))) for t in targets(m.group(1), ctx)]


@template("heal.all", r"(.+?)のHPを、?すべて回復する。")
def _heal_all(m, ctx):
    return [("do", act("heal", target=t, all=True)) for t in targets(m.group(1), ctx)]


@template("heal.damage_done", r"相手のバトルポケモンに与えたダメージぶん、このポケモンのHPを回復する。")
def _heal_done(m, ctx):
    return [("do", act("heal", target="self", damage_done=True))]


def _conditions(words: str) -> list[str]:
    parts = re.split(r"と", words)
    if not all(p in COND for p in parts):
        raise NotRead(f"Special Conditions {words!r}")
    return sorted((COND[p] for p in parts), key=v.CONDITIONS.index)


@template("condition.add", r"(.+?)を、?(?:それぞれ)?(" + COND_WORD + r"(?:と" + COND_WORD + r")*)にする。")
def _condition(m, ctx):
    added = _conditions(m.group(2))
    return [("do", act("condition", target=t, add=added)) for t in targets(m.group(1), ctx)]


@template("condition.recover", r"このポケモンの特殊状態を、すべて回復する。")
def _recover(m, ctx):
    return [("do", act("condition", target="self", remove=list(v.CONDITIONS)))]


@template("energy.discard", r"(.+?)についている(基本)?(?:" + TYPE + r")?(特殊)?エネルギーを、?(?:" + N + r"個選び、|" + N + r"個|すべて)"
                            r"トラッシュする。")
def _discard_energy(m, ctx):
    if m.group(2):
        raise NotRead("a discard of basic Energy by kind")
    fields = {"type": m.group(3)} if m.group(3) else {}
    if m.group(4):
        fields["special"] = True
    n = m.group(5) or m.group(6)
    if n:
        fields["count"] = int(n)
    else:
        fields["all"] = True
    return [("do", {"discard_energy": {"from": _one_of_group(t, m.group(1)), **fields}}) for t in targets(m.group(1), ctx)]


def _one_of_group(target, phrase: str):
    """「相手のポケモンについているエネルギーを1個選び」: the Energy is chosen among those Pokémon —
    one Pokémon of the group gives it (not each of them, unless the text says 全員)."""
    if isinstance(target, dict) and "each" in target and "全員" not in phrase and \
            target["each"].get("position") != "active":
        return choose(target["each"])
    return target


@template("energy.to_hand", r"(.+?)についている(?:" + TYPE + r")?エネルギーを、?(?:" + N + r"個選び、|" + r"(?P<n2>\d+)個|すべて)(?:相手の|自分の)?手札にもどす。")
def _energy_to_hand(m, ctx):
    fields = {"type": m.group(2)} if m.group(2) else {}
    if m.group(3) or m.group("n2"):
        fields["count"] = int(m.group(3) or m.group("n2"))
    else:
        fields["all"] = True
    quant, target = pokemon(m.group(1), ctx)
    return [("do", {"discard_energy": {"from": _one_of_group(target, m.group(1)), **fields, "to": "hand"}})]


@template("energy.to_deck", r"(.+?)についている(?:" + TYPE + r")?エネルギーを、?(?:" + N + r"個選び、|(?P<n2>\d+)個|すべて)山札にもどして切る。")
def _energy_to_deck(m, ctx):
    fields = {"type": m.group(2)} if m.group(2) else {}
    if m.group(3) or m.group("n2"):
        fields["count"] = int(m.group(3) or m.group("n2"))
    else:
        fields["all"] = True
    quant, target = pokemon(m.group(1), ctx)
    return [("do", {"discard_energy": {"from": _one_of_group(target, m.group(1)), **fields, "to": "deck"}})]


@template("energy.move", r"(.+?)についている(?:" + TYPE + r")?エネルギーを" + N + r"個選び、(.+?)につけ替える。")
def _move_energy(m, ctx):
    fields = {"type": m.group(2)} if m.group(2) else {}
    fields["count"] = int(m.group(3))
    dest = m.group(4)
    if dest in ("ベンチポケモン", "自分のベンチポケモン"):
        dest = "自分のベンチポケモン1匹"
    elif dest == "相手のベンチポケモン":
        dest = "相手のベンチポケモン1匹"
    return [("do", {"move_energy": {"from": one_pokemon(m.group(1), ctx), "to": one_pokemon(dest, ctx), **fields}})]


@template("switch.self", r"このポケモンを(?:自分の)?(ベンチポケモン|ベンチの.*?ポケモン)と入れ替える。")
def _switch_self(m, ctx):
    bench = m.group(1)
    phrase = "自分のベンチポケモン1匹" if bench in ("ベンチポケモン", "ベンチのポケモン") else "自分の" + bench + "1匹"
    return [("do", act("switch", side="own", to=one_pokemon(phrase, ctx)))]


@template("switch.own_active", r"自分のバトルポケモンをベンチポケモンと入れ替える。")
def _switch_own(m, ctx):
    return [("do", act("switch", side="own", to=one_pokemon("自分のベンチポケモン1匹", ctx)))]


@template("switch.opponent_out", r"(?:相手のバトルポケモンをベンチポケモンと入れ替える。\[バトル場に出すポケモンは相手が選ぶ。\]|"
                                 r"相手のバトルポケモンをベンチポケモンと入れ替える\(バトル場に出すポケモンは相手が選ぶ\)。|"
                                 r"相手は相手自身のバトルポケモンをベンチポケモンと入れ替える。)")
def _switch_out(m, ctx):
    return [("do", act("switch", side="opponent", chosen_by="opponent"))]


@template("switch.gust", r"相手のベンチポケモンを1匹選び、バトルポケモンと入れ替える。")
def _gust(m, ctx):
    return [("do", act("switch", side="opponent", chosen_by="own", to=one_pokemon("相手のベンチポケモン1匹", ctx)))]


@template("tool.discard", r"(ダメージを与える前に、)?(.+?)についている「ポケモンのどうぐ」を(?:すべて)?トラッシュする。")
def _discard_tool(m, ctx):
    acts = [act("discard_tool", target=t) for t in targets(m.group(2), ctx)]
    return [("do", before_damage(a) if m.group(1) else a) for a in acts]


@template("stadium.discard_or_fail", r"場に出ているスタジアムをトラッシュする。トラッシュできないなら、このワザは失敗。")
def _discard_stadium_or_fail(m, ctx):
    return [("do", {"if": {"test": {"stadium": False}, "then": [{"fail": {}}], "at": "before_damage"}}),
            ("do", {"discard_stadium": {}})]


@template("stadium.discard", r"(?:場に出ている|その)スタジアムをトラッシュする。")
def _discard_stadium(m, ctx):
    return [("do", {"discard_stadium": {}})]


@template("pokemon.return_choose", r"(自分のベンチポケモン|自分のポケモン)を1匹選び、そのポケモンと、ついているすべてのカードを、(手札|山札)にもど(?:す|して切る)。")
def _return_choose(m, ctx):
    return [("do", act("return_pokemon", target=one_pokemon(m.group(1) + "1匹", ctx),
                       to="hand" if m.group(2) == "手札" else "deck"))]


@template("pokemon.return", r"このポケモンと、ついているすべてのカードを、(?:自分の)?(手札|山札)にもどす(?:して切る)?。")
def _return(m, ctx):
    return [("do", act("return_pokemon", target="self", to="hand" if m.group(1) == "手札" else "deck"))]


@template("pokemon.return_deck", r"このポケモンと、ついているすべてのカードを、(?:自分の)?山札にもどして切る。")
def _return_deck(m, ctx):
    return [("do", act("return_pokemon", target="self", to="deck"))]


@template("pokemon.discard", r"(このポケモン|このワザを受けたポケモン|相手のバトルポケモン)と、ついているすべてのカードを、トラッシュする。")
def _discard_pokemon(m, ctx):
    return [("do", act("discard_pokemon", target=one_pokemon(m.group(1), ctx)))]


@template("counters.spread", r"ダメカン" + N + r"個を、(.+?)に好きなようにのせる。")
def _spread(m, ctx):
    quant, target = pokemon(m.group(2), ctx)
    if not (isinstance(target, dict) and "each" in target):
        raise NotRead(f"counters spread on {m.group(2)!r}")
    return [("do", act("place_counters", target=choose(target["each"]), count=1)) for _ in range(int(m.group(1)))]


@template("counters.place", r"(.+?)に、?(?:それぞれ)?ダメカンを" + N + r"個(?:ずつ)?のせる。")
def _counters(m, ctx):
    return [("do", act("place_counters", target=t, count=int(m.group(2)))) for t in targets(m.group(1), ctx)]


@template("counters.until_hp", r"(.+?)(?:の|に、それぞれ)残りHPが「" + N + r"」になるように、ダメカンをのせる。")
def _until_hp(m, ctx):
    return [("do", act("place_counters", target=t, until_hp=int(m.group(2)))) for t in targets(m.group(1), ctx)]


@template("knock_out.choose", r"(.+?)を" + N + r"匹選び、きぜつさせる。")
def _knock_out_choose(m, ctx):
    return [("do", act("knock_out", target=t)) for t in targets(m.group(1) + m.group(2) + "匹", ctx)]


@template("knock_out", r"(.+?)(?:を|は)(?:、それぞれ)?きぜつ(?:させる|する)。")
def _knock_out(m, ctx):
    phrase = m.group(1)
    if phrase == "そのポケモン":
        phrase = "相手のバトルポケモン"
    return [("do", act("knock_out", target=t)) for t in targets(phrase, ctx)]


@template("prize.take", r"(?:自分の)?サイドを" + N + r"枚とる。")
def _take_prize(m, ctx):
    return [("do", act("take_prize", count=int(m.group(1))))]


@template("prize.extra", r"このワザのダメージで、相手の(バトル)?ポケモンがきぜつしたなら、サイドを" + N + r"枚多くとる。")
def _extra_prize(m, ctx):
    effect = {"kind": "extra_prizes", "amount": int(m.group(2)), "attack": ctx.name,
              "applies_to": {"side": "own", "position": "active"}}
    if m.group(1):
        effect["against"] = {"position": "active"}
    return [("effect", effect)]


@template("attack.first_turn", r"このワザは、先[行攻]プレイヤーの最初の番でも使える。")
def _first_turn(m, ctx):
    return [("key", ("usable_first_turn", True))]


@template("win", r"この対戦は自分の勝ちになる。")
def _win(m, ctx):
    return [("do", act("win_game", side="own"))]


# effects left in force -------------------------------------------------------------------------

ON_SELF = {"side": "own", "position": "active"}


def _on(who: str, ctx: Context, effect: dict) -> Piece:
    target = one_pokemon(who, ctx)
    if target == "self":
        return ("effect", {**effect, "applies_to": dict(ON_SELF)})
    if target == "defending":
        return ("effect", effect)
    raise NotRead(f"an effect left on {who!r}")


_NEXT = r"次の(自分|相手)の番、"


@template("effect.cant_attack", _NEXT + r"(このポケモン|このワザを受けたポケモン)は、?ワザが使えない。")
def _cant_attack(m, ctx):
    return [_on(m.group(2), ctx, {"kind": "cant_attack"})]


@template("effect.cant_attack_named", _NEXT + r"このポケモンは「(.+?)」が使えない。")
def _cant_use(m, ctx):
    return [_on("このポケモン", ctx, {"kind": "cant_attack", "attack": m.group(2)})]


@template("effect.cant_retreat", _NEXT + r"(このワザを受けたポケモン|このポケモン|そのポケモン)は、?にげられない。")
def _cant_retreat(m, ctx):
    who = "このワザを受けたポケモン" if m.group(2) == "そのポケモン" else m.group(2)
    return [_on(who, ctx, {"kind": "cant_retreat"})]


def _from(phrase: str | None, ctx: Context) -> dict:
    if not phrase:
        return {"side": "opponent"}
    words = phrase.removesuffix("から")
    if words == "特性を持つポケモン":
        return {"side": "opponent", "has_ability": True}
    m = re.fullmatch(COND_WORD + r"のポケモン", words)
    if m:  # 「やけどのポケモン」: affected by that Special Condition
        return {"side": "opponent", "conditions": [COND[m.group(1)]]}
    quant, target = pokemon(words, ctx)
    if not (isinstance(target, dict) and "each" in target):
        raise NotRead(f"attacks from {phrase!r}")
    f = dict(target["each"])
    f["side"] = "opponent"
    return f


@template("effect.damage_taken", _NEXT + r"(このポケモン|このワザを受けたポケモン)が(?:、?(.+?)から)?受けるワザのダメージは「([+-])" + N + r"」される。")
def _taken(m, ctx):
    amount = int(m.group(5)) * (-1 if m.group(4) == "-" else 1)
    effect = {"kind": "damage_taken", "amount": amount, "from": _from(m.group(3), ctx)}
    if m.group(2) == "このワザを受けたポケモン":
        effect["from"] = {"side": "opponent"}
    return [_on(m.group(2), ctx, effect)]


@template("effect.damage_dealt", _NEXT + r"(このワザを受けたポケモン|このポケモン)が使うワザの(?:、相手のバトルポケモンへの)?ダメージは「([+-])" + N + r"」される。")
def _dealt(m, ctx):
    amount = int(m.group(4)) * (-1 if m.group(3) == "-" else 1)
    effect = {"kind": "damage_dealt", "amount": amount}
    if "相手のバトルポケモンへの" not in m.group(0):
        effect["against"] = {"side": "opponent"}  # every damage its attacks do, Benched targets too
    return [_on(m.group(2), ctx, effect)]


@template("effect.damage_dealt_named", r"次の自分の番、このポケモンの「(.+?)」のダメージは「\+" + N + r"」される。")
def _dealt_named(m, ctx):
    return [_on("このポケモン", ctx, {"kind": "damage_dealt", "amount": int(m.group(2)), "attack": m.group(1)})]


@template("effect.prevent_bound", r"次の相手の番、このポケモンは「" + N + r"」(以下|以上)のワザのダメージを受けない。")
def _prevent_bound(m, ctx):
    key = "at_most" if m.group(2) == "以下" else "at_least"
    return [_on("このポケモン", ctx, {"kind": "prevent_damage", "from": {"side": "opponent"}, key: int(m.group(1))})]


@template("energy.attach_discard", r"自分の(?P<src>トラッシュ|手札)から「?基本(?:" + TYPE + r")?エネルギー」?を" + N +
          r"枚(まで)?選び、(.+?)に(好きなように)?つける。")
def _attach_discard(m, ctx):
    n = int(m.group(3))
    fields = {"from": "discard" if m.group("src") == "トラッシュ" else "hand", **({"type": m.group(2)} if m.group(2) else {})}
    if m.group(4):
        fields["up_to"] = n
    dest = m.group(5)
    if dest == "このポケモン":
        return [("do", act("attach_energy", to="self", count=n, **fields))]
    if dest == "自分のポケモン" and not m.group(6):
        dest = "自分のポケモン1匹"
    if m.group(6):
        quant, target = pokemon(dest if dest.startswith(("自分の", "相手の")) else "自分の" + dest, ctx)
        if not (isinstance(target, dict) and "each" in target):
            raise NotRead(f"Energy attached to {dest!r} in any way")
        return [("do", act("attach_energy", to=choose(target["each"]), count=1, **fields)) for _ in range(n)]
    if dest.startswith("ベンチポケモン"):
        dest = "自分の" + dest
    if dest == "自分のベンチポケモン":
        dest = "自分のベンチポケモン1匹"
    quant, target = pokemon(dest, ctx)
    target = _one_of_group(target, dest)
    if isinstance(target, dict) and "choose" in target:
        ctx.subject = target  # 「つけたポケモン」 after it: the Pokémon chosen
    return [("do", act("attach_energy", to=target, count=n, **fields))]


@template("effect.counters_on_attacker", r"次の相手の番、このポケモンがワザのダメージを受けたとき、ワザを使ったポケモンに"
                                         r"ダメカンを" + N + r"個のせる。")
def _counters_on_attacker(m, ctx):
    return [_on("このポケモン", ctx, {"kind": "trigger", "name": ctx.name or "trigger", "on": "damaged",
                                   "do": [act("place_counters", target="attacker", count=int(m.group(1)))]})]


@template("effect.prevent", r"次の相手の番、このポケモンは(?:(.+?)から)?ワザの(ダメージや効果|ダメージ)を受けない。")
def _prevent(m, ctx):
    kinds = ["prevent_damage", "prevent_effects"] if m.group(2) == "ダメージや効果" else ["prevent_damage"]
    f = _from(m.group(1), ctx)
    return [_on("このポケモン", ctx, {"kind": k, "from": f}) for k in kinds]


@template("effect.coin_check", r"次の相手の番、このワザを受けたポケモンがワザを使うとき、相手はコインを1回投げる。ウラならそのワザは失敗。")
def _coin_check(m, ctx):
    return [_on("このワザを受けたポケモン", ctx, {"kind": "attack_coin_check"})]


@template("effect.cant_play", r"次の相手の番、相手は手札から(グッズ|サポート|スタジアム|ポケモンのどうぐ)を出して使えない。")
def _cant_play(m, ctx):
    kind = {"グッズ": "item", "サポート": "supporter", "スタジアム": "stadium", "ポケモンのどうぐ": "tool"}[m.group(1)]
    return [("effect", {"kind": "cant_play", "card_kind": kind, "applies_to": {"side": "opponent"}})]


@template("effect.poison_counters", r"このどくでのせるダメカンの数は" + N + r"個になる。")
def _poison(m, ctx):
    return [_on("このワザを受けたポケモン", ctx, {"kind": "poison_counters", "set": int(m.group(1))})]


@template("effect.no_weakness", r"次の相手の番、このポケモン(?:は弱点がなくなる|の弱点は、すべてなくなる)。")
def _no_weakness(m, ctx):
    return [_on("このポケモン", ctx, {"kind": "no_weakness"})]


# listed: what reads the deck or a hand -------------------------------------------------------------

_DECK = re.compile(r"^(?:のぞむなら、)?(?:自分の山札(?:から|を)|相手の山札(?:から|を)|山札(?:から|を)|おたがいのプレイヤーは、?(?:それぞれ)?山札|そして山札を切る|"
                   r"自分の手札をすべて山札にもどして切る|ウラが出るまでコインを投げ、オモテの数ぶん(?:まで)?、(?:相手の山札|自分の山札)|"
                   r"コインを\d+回投げ、オモテの数ぶん、(?:相手の|自分の)山札)")
_PRIZES = re.compile(r"^(?:ウラになっている)?(?:相手|自分)の(?:ウラになっている)?サイドを\d+枚(?:選び、)?(?:オモテにする|見る|"
                     r"そのカードのオモテを見)")
_HAND = re.compile(r"^(?:相手の手札を見|相手の手札からオモテを見ないで|相手の手札を、オモテを見ないで|相手は相手自身の手札|"
                   r"自分の手札をすべてトラッシュし、山札|"
                   r"自分の手札を\d+枚トラッシュする。|のぞむなら、自分の手札を|自分の手札を好きなだけ|"
                   r"(?:のぞむなら、)?自分の手札から[^。]*?を(?:\d+枚(?:まで)?|好きなだけ)(?:選び、)?トラッシュ)")


def listed(s: str, previous: str | None = None) -> str | None:
    if previous and re.match(r"^(?:その後、(?:山札|自分の山札)|そして山札を切る|残りのカードは山札にもどして切る|残りの山札を切り|"
                             r"のぞむなら、(?:そのカード|その中)|オモテにした|その中から|その中にある|見せたカード|つけた場合|"
                             r"トラッシュした場合|その場合|その後、|そのカード|または、|この番、.*さらに\d+枚トラッシュ|"
                             r"選ばれたプレイヤー|(?:\d+枚)?トラッシュできないなら、このワザは失敗)", s):
        return previous
    if re.search(r"相手の手札からオモテを見ないで", s):
        return "hand"
    if _DECK.match(s) or ("山札を" in s and "引く" in s) or re.search(r"山札から|山札を上から", s):
        return "deck"
    if _HAND.match(s):
        return "hand"
    if _PRIZES.match(s):
        return "prizes"
    if re.match(r"^自分のトラッシュから.+?手札に加える。$", s):
        return "discard_pile"
    return None


def does_of_listed(s: str) -> str | None:
    """The `does` word of a listed sentence (the player's own deck only)."""
    if "相手は" in s or "おたがい" in s or "選ばれたプレイヤー" in s:
        return None
    if "自分の山札から" in s:
        return "search_deck"
    if "引く" in s:
        return "draw"
    return None


def decides_damage(s: str) -> bool:
    return bool(re.search(r"×\d+ダメージ|\d+ダメージ追加|このワザは失敗", s))


_BENCH_NOTE = "[ベンチは弱点・抵抗力を計算しない。]"


# 「自分の山札を上から6枚トラッシュし、その中にある「基本[W]エネルギー」の枚数×60ダメージ。」: the damage
# counts the cards the ask's `found` lists.
_FOUND_DISCARD = re.compile(r"^自分の山札を上から(\d+)枚トラッシュし、その中にある(「基本\{(\w+)\}エネルギー」|エネルギー)"
                            r"の枚数×(\d+)ダメージ。$")


def found_formula(s: str, ctx: Context) -> Piece | None:
    m = _FOUND_DISCARD.match(s)
    if not m or ctx.part != "attack":
        return None
    per = {"found": int(m.group(1)), "kind": "basic_energy" if m.group(3) else "energy", "discarded": True}
    if m.group(3):
        per["type"] = m.group(3)
    ctx.used("found.deck_discard")
    return ("formula", {"op": "times", "amount": int(m.group(4)), "per": per})


def read(text: str, ctx: Context) -> tuple[list[Piece], list[tuple[str, str]]]:
    pieces: list[Piece] = []
    notes: list[tuple[str, str]] = []
    previous = None
    for s in split(normalize(text)):
        got = found_formula(s, ctx)
        if got is not None:
            pieces.append(got)
            previous = None
            continue
        if s.endswith(_BENCH_NOTE) and "ダメージ" not in s[:-len(_BENCH_NOTE)] and "ダメージ" in text:
            # The reminder printed at the end of the text belongs to its bench-damage sentence (and
            # says what the rules already do, Ⅱ-B-08): not to the last sentence it follows.
            s = s[:-len(_BENCH_NOTE)]
        why = listed(s, previous)
        previous = why
        if why:
            notes.append((s, why))
            pieces.append(("listed", why))
            ctx.used(f"listed.{why}")
            continue
        body = s
        then = False
        for word in ("その後、", "その場合、", "回復した場合、", "のせた場合、", "トラッシュした場合、", "つけた場合、",
                     "入れ替えた場合、"):
            if body.startswith(word):
                body, then = body[len(word):], True
        body = body.removeprefix("さらに、")
        may = body.startswith("のぞむなら、")
        body = body.removeprefix("のぞむなら、")
        try:
            got = sentence(body, ctx)
        except NotRead as exc:
            raise NotRead(s) from exc
        if then and pieces and pieces[-1][0] == "formula" and "if" in pieces[-1][1]:
            # 「…なら、30ダメージ追加。その場合、…」: what follows holds under the same test.
            got = v.conditional(pieces[-1][1]["if"], got, ctx)
        elif then:
            _then(pieces, got)
        if may:
            got = v.you_may(got)
        for kind, payload in got:
            if kind == "new_active":
                v.damage_to_new_active(pieces, payload, ctx)
            elif kind == "then_discard_tool":
                _then_discard_tool(pieces)
            elif kind == "instead":
                _instead(pieces, *payload)
            elif kind == "listed":
                notes.append((s, payload))
                pieces.append((kind, payload))
            else:
                pieces.append((kind, payload))
    return pieces, notes


def _instead(pieces: list[Piece], test: dict, amount: int) -> None:
    """「そのポケモンが●●なら、回復するHPは「100」になる。」: one heal or the other, by the test."""
    if not pieces or pieces[-1][0] != "do" or "heal" not in pieces[-1][1]:
        raise NotRead("「回復するHPは」 after what is not a heal")
    heal = pieces[-1][1]
    target = heal["heal"]["target"]
    pieces[-1] = ("do", v.if_action({"at": target, "match": test["match"]},
                                    [{"heal": {**heal["heal"], "amount": amount}}], [heal]))


def _then_discard_tool(pieces: list[Piece]) -> None:
    """「その後、このカードをトラッシュする。」 after a trigger or a `survive` effect."""
    if pieces and pieces[-1][0] == "passive" and pieces[-1][1].get("kind") == "survive":
        pieces[-1] = ("passive", {**pieces[-1][1], "discard_tool": True})
        return
    if not pieces or pieces[-1][0] != "passive" or pieces[-1][1].get("kind") != "trigger":
        raise NotRead("「このカードをトラッシュする」 after what is not a trigger")
    trigger = dict(pieces[-1][1])
    do = list(trigger["do"])
    (kind, fields), = do[-1].items()
    trigger["do"] = do[:-1] + [{kind: {**fields, "first": True}}, act("discard_tool", target="self")]
    pieces[-1] = ("passive", trigger)


def _then(pieces: list[Piece], following: list[Piece]) -> None:
    """「その後」 (Ⅱ-E-20): what follows only if what comes before was done — the action
    before it is marked `first`; what follows must then be actions too (damage is done at
    step 4, before them, and cannot wait for them), and not wait on a step-3 action (its
    `first` would stop the damage too)."""
    if any(kind == "then_discard_tool" for kind, _ in following):
        return
    if not pieces or pieces[-1][0] != "do":
        raise NotRead("「その後」 after what is not an action")
    (name, fields), = pieces[-1][1].items()
    if fields.get("at") == "before_damage" and not all(
            next(iter(p.values())).get("at") == "before_damage" for _, p in following if isinstance(p, dict)):
        raise NotRead("「その後」 after a step-3 action, before the rest of the attack")
    if any(kind not in ("do", "new_active") for kind, _ in following):
        raise NotRead("「その後」 before what is not an action")
    (kind, fields), = pieces[-1][1].items()
    pieces[-1] = ("do", {kind: {**fields, "first": True}})

