"""English card text → pieces (reading.Piece), by the templates the cards are printed with.

Sentences are read one at a time (a coin flip with its "If heads, …" is one unit); each
template is a regular expression over the normalised sentence and a builder. Phrases
shared by many templates — which Pokémon ("1 of your opponent's Benched Pokémon"),
what is counted ("for each Energy attached to this Pokémon"), conditions ("If your
opponent's Active Pokémon is a Pokémon ex") — are read by the functions below them.
"""

from __future__ import annotations

import re
from typing import Callable

from judgebot.cardtext import vocab as v
from judgebot.cardtext.reading import NotRead, Piece
from judgebot.cardtext.vocab import Context, act, before_damage, choose, each, filt

TYPE = r"\{(grass|fire|water|lightning|psychic|fighting|darkness|metal|dragon|colorless|fairy)\}"
WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "both": 2}
NUM = r"(\d+|a|an|one|two|three|four|five|six)"
COND = {"Asleep": "asleep", "Burned": "burned", "Confused": "confused", "Paralyzed": "paralyzed",
        "Poisoned": "poisoned"}
COND_WORD = r"(Asleep|Burned|Confused|Paralyzed|Poisoned)"


def num(word: str) -> int:
    word = word.strip().lower()
    return WORDS[word] if word in WORDS else int(word)


# -- normalising and splitting ---------------------------------------------------------------

def normalize(text: str) -> str:
    text = text.replace("Pokemon", "Pokémon").replace("’", "'").replace("“", '"').replace("”", '"')
    text = re.sub(r"\[([GRWLPFDMNCY])\]", r"{\1}", text)
    text = re.sub(r"\{([GRWLPFDMNCY])\}", lambda m: "{" + v.TYPE_LETTERS[m.group(1)] + "}", text)
    text = re.sub(r"[ \t]+", " ", text)
    return text.strip()


def split(text: str) -> list[str]:
    """Sentences, a parenthesised sentence kept with the one before it."""
    out: list[str] = []
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
            if depth == 0 and text[i - 1:i] == "." and text[i + 1:i + 2] == " ":
                # "… Pokémon. (Don't apply … Pokémon.) Your opponent's …": the note ends its sentence
                piece = text[start:i + 1].strip()
                if piece:
                    out.append(piece)
                start = i + 1
                continue
        if depth:
            continue
        end = i + 1
        if ch in ".!" and (end == len(text) or text[end] in " \n"):
            nxt = text[end:].lstrip(" \n")
            if nxt.startswith("("):
                continue
            piece = text[start:end].strip()
            if piece:
                out.append(piece)
            start = end
        elif ch == "\n":
            piece = text[start:i].strip()
            if piece:
                out.append(piece)
            start = i + 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return _group_coins(out)


_FOLLOWS_FLIP = re.compile(r"^(If (heads|tails|both|all|either|any|at least|none|\d+ of them)|For each (heads|tails)|"
                           r"Search your deck .*the number of heads|Attach .*the number of heads|"
                           r"This attack does \d+ (more )?damage (for each heads|to \w+ .* for each heads)|"
                           r"This attack does \d+ damage for each heads)")


def _group_coins(sentences: list[str]) -> list[str]:
    grouped: list[str] = []
    for s in sentences:
        if grouped and s == "If you can't, this attack does nothing." and grouped[-1] == "Discard a Stadium in play.":
            grouped[-1] = grouped[-1] + " " + s  # one template: the attack fails if there is none to discard
            continue
        if grouped and s.startswith("For each of those Pokémon, ") and grouped[-1].startswith("Choose "):
            grouped[-1] = grouped[-1] + " " + s  # "Choose up to 2 of your {D} Pokémon. For each of those Pokémon, …"
            continue
        if grouped and (grouped[-1].startswith(("Flip ", "Your opponent flips")) or
                        re.search(r"flips (?:a coin|\d+ coins)\.$", grouped[-1])) and _FOLLOWS_FLIP.match(s):
            grouped[-1] = grouped[-1] + " " + s
        else:
            grouped.append(s)
    return grouped


# -- Pokémon phrases ------------------------------------------------------------------------------

OWNER = r"(?:your opponent's|their|your|the opponent's|each player's)"


def _qualifiers(words: str, f: dict) -> None:
    """"Benched Basic {fire}", "Evolution", "Team Rocket's" … into filter fields."""
    rest = words.strip()
    while rest:
        m = re.match(r"(Active|Benched|Basic|Stage 1|Stage 2|Evolution|evolved|Ancient|Future|non-" + TYPE + "|" + TYPE +
                     r"|" + COND_WORD + r"|(?:[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*)'s)\s*", rest)
        if not m:
            raise NotRead(f"Pokémon described as {words!r}")
        w = m.group(1)
        if w == "Active":
            f["position"] = "active"
        elif w == "Benched":
            f["position"] = "bench"
        elif w == "Basic":
            f["stage"] = ["basic"]
        elif w == "Stage 1":
            f["stage"] = ["stage1"]
        elif w == "Stage 2":
            f["stage"] = ["stage2"]
        elif w in ("Evolution", "evolved"):
            f["stage"] = ["stage1", "stage2"]
        elif w in ("Ancient", "Future"):
            f["tag"] = [w.lower()]  # the mark printed above the name (the scenario's `tags`)
        elif w.startswith("non-"):
            f.setdefault("not_types", []).append(m.group(2))
        elif w.startswith("{"):
            f.setdefault("types", []).append(m.group(3))
        elif w in COND:  # "Burned Pokémon": affected by that Special Condition
            f["conditions"] = [COND[w]]
        elif w.endswith("'s"):
            f["name_prefix"] = [w]
        rest = rest[m.end():]


_POKEMON = re.compile(
    r"^(?P<quant>each of |all of |1 of |a |an |(?P<n>\d+) of |up to (?P<upto>\d+) of |each |any of |both )?"
    r"(?P<owner>" + OWNER + r" )?(?P<quals>(?:[\w{}'-]+ )*?)"
    r"(?P<core>Pokémon ex or (?:Benched )?Pokémon V|Pokémon ex and Pokémon V|Mega Evolution Pokémon ex|Pokémon ex|"
    r"Pokémon V|Pokémon)"
    r"(?P<tail>(?: that has any damage counters on it| that have any damage counters on them| that ha(?:s|ve) an Ability|"
    r" in play| on your Bench| that ha(?:s|ve) \d+ HP or less remaining|"
    r" \(both yours and your opponent's\)| \(yours or your opponent's\))*)$")


def pokemon(phrase: str, ctx: Context):
    """(quantity, target) of a Pokémon phrase: quantity is "one" (a target), "each" or a
    number of choices. Raises NotRead for what it cannot say."""
    p = phrase.strip()
    if p.startswith(("Your ", "This ", "The ", "Both ", "Each ", "It ", "Its ", "That ")) or p == "It":
        p = p[0].lower() + p[1:]
    if p in ("it", "that Pokémon"):
        if ctx.subject is None:
            raise NotRead(f"{phrase!r} refers to no Pokémon")
        if isinstance(ctx.subject, dict) and "choose" in ctx.subject:
            return "one", "chosen"
        return "one", ctx.subject
    fixed = {"this Pokémon": "self", "itself": "self", "the Attacking Pokémon": "attacker"}
    if p in fixed:
        ctx.subject = fixed[p]
        return "one", fixed[p]
    if p == "the new Active Pokémon":
        return "one", each(filt(side="opponent", position="active"))
    if p in ("your opponent's Active Pokémon", "the Defending Pokémon",
             "their Active Pokémon", "the opponent's Active Pokémon"):
        ctx.subject = v.opponent_active(ctx)
        return "one", ctx.subject
    if p == "your Active Pokémon":
        return "one", v.own_active(ctx)
    if p == "both Active Pokémon":
        return "each", each(filt(side="both", position="active"))
    m = _POKEMON.match(p)
    if not m:
        raise NotRead(f"Pokémon phrase {phrase!r}")
    f: dict = {}
    owner = (m.group("owner") or "").strip()
    tail = m.group("tail") or ""
    if "both yours and your opponent's" in tail or "yours or your opponent's" in tail or owner == "each player's":
        f["side"] = "both"
    elif owner in ("your opponent's", "their", "the opponent's"):
        f["side"] = "opponent"
    elif owner == "your":
        f["side"] = "own"
    elif ctx.part in ("trainer", "ability") and not owner:
        f["side"] = "both"
    else:
        f["side"] = "both"
    _qualifiers(m.group("quals") or "", f)
    core = m.group("core")
    if core == "Pokémon ex":
        f["rule"] = list(v.EX_RULES)
    elif core == "Mega Evolution Pokémon ex":
        f["rule"] = ["mega_ex"]
    elif core == "Pokémon V":
        f["rule"] = list(v.V_RULES)
    elif core.startswith("Pokémon ex"):
        f["rule"] = list(v.EX_RULES) + list(v.V_RULES)
    if "damage counters on" in tail:
        f["damaged"] = True
    if "an Ability" in tail:
        f["has_ability"] = True
    if "on your Bench" in tail:
        f["position"] = "bench"
    hp = re.search(r"(\d+) HP or less remaining", tail)
    if hp:
        f["hp_left_at_most"] = int(hp.group(1))  # remaining HP, Ⅱ-D-16
    quant = (m.group("quant") or "").strip()
    if quant in ("each of", "all of", "each", "both") or (quant == "" and "position" in f and ctx.part != "attack"):
        return "each", each(f)
    if quant in ("1 of", "a", "an"):
        ctx.subject = choose(f)
        return "one", ctx.subject
    if m.group("n"):
        return int(m.group("n")), choose(f)
    if quant == "":
        return "each", each(f)
    raise NotRead(f"Pokémon phrase {phrase!r}")


def one_pokemon(phrase: str, ctx: Context):
    quant, target = pokemon(phrase, ctx)
    if quant != "one":
        raise NotRead(f"{phrase!r} is not one Pokémon")
    return target


def targets(phrase: str, ctx: Context) -> list:
    """Every target a phrase names: one, each (as one `each` target) or N chosen."""
    quant, target = pokemon(phrase, ctx)
    if isinstance(quant, int):
        return [target] * quant
    return [target]


# -- what is counted ("for each …") ---------------------------------------------------------------

def energy_of(phrase: str, ctx: Context):
    """"this Pokémon", "all of your opponent's Pokémon", "both Active Pokémon" → an energy target."""
    p = phrase.strip()
    m = re.match(r"^all (?:of )?(" + OWNER + r" )?(.*)$", p)
    if m:
        owner = (m.group(1) or "").strip()
        f = {"side": {"your opponent's": "opponent", "your": "own"}.get(owner, "both")}
        _qualifiers(re.sub(r"Pokémon$", "", m.group(2)).strip(), f)
        if not m.group(2).endswith("Pokémon"):
            raise NotRead(f"Energy on {phrase!r}")
        return each(f)
    quant, target = pokemon(p, ctx)
    if quant == "one" and not isinstance(target, dict):
        return target
    if quant == "each":
        return target
    if quant == "one" and "each" in target:
        return target
    raise NotRead(f"Energy on {phrase!r}")


_ENERGY_KIND = r"(?:(?P<basic>Basic )?(?:" + TYPE + r" )?(?P<special>Special )?Energy)"


def per(phrase: str, ctx: Context) -> dict:
    """What "for each …" counts, as a Format 2 `per`."""
    p = phrase.strip()
    m = re.match(r"^(?P<basic>Basic )?(?:" + TYPE + r" )?(?P<special>Special )?Energy(?: card)? attached to (?P<who>.+)$", p)
    if m:
        if m.group("basic") or m.group("special"):
            raise NotRead("Energy counted by kind (Basic / Special)")
        out: dict = {"energy": energy_of(m.group("who"), ctx)}
        if m.group(2):
            out["type"] = m.group(2)
        return out
    m = re.match(r"^damage counter on (?P<who>.+)$", p)
    if m:
        return {"counters": energy_of(m.group("who"), ctx)}
    m = re.match(r"^Prize card (your opponent has|you have) taken$", p)
    if m:
        return {"prizes_taken": "opponent" if m.group(1).startswith("your opponent") else "own"}
    m = re.match(r"^of (your opponent's|your) Benched Pokémon$", p)
    if m:
        return {"bench": "opponent" if "opponent" in m.group(1) else "own"}
    m = re.match(r"^card in (your opponent's|your) hand$", p)
    if m:
        return {"hand": "opponent" if "opponent" in m.group(1) else "own"}
    m = re.match(r"^\{colorless\} in (.+?)'s Retreat Cost$", p)
    if m:
        return {"retreat": one_pokemon(m.group(1), ctx)}
    m = re.match(r"^Special Condition affecting (.+)$", p)
    if m:
        return {"conditions": one_pokemon(m.group(1), ctx)}
    m = re.match(r"^(?:of )?(your opponent's |your )(.*?)(Pokémon(?: ex| V)?(?: and Pokémon V)?) in play$", p)
    if m:
        side = "opponent" if "opponent" in m.group(1) else "own"
        f: dict = {}
        _qualifiers(m.group(2), f)
        if m.group(3) == "Pokémon ex":
            f["rule"] = list(v.EX_RULES)
        elif m.group(3) == "Pokémon ex and Pokémon V":
            f["rule"] = list(v.EX_RULES) + list(v.V_RULES)
        elif m.group(3) != "Pokémon":
            raise NotRead(f"counting {phrase!r}")
        return {"pokemon": side, **({"match": f} if f else {})}
    if p in ("Benched Pokémon (both yours and your opponent's)", "Benched Pokémon (yours and your opponent's)"):
        return {"pokemon": "both", "match": {"position": "bench"}}
    m = re.match(r"^(Basic )?(?:Energy|Item|Supporter|Pokémon Tool) cards? in (your opponent's|your) discard pile$", p)
    if m and p.startswith(("Basic Energy", "Item", "Supporter", "Pokémon Tool")):
        kind = {"Basic Energy": "basic_energy", "Item": "item", "Supporter": "supporter", "Pokémon Tool": "tool"}[
            re.match(r"^(Basic Energy|Item|Supporter|Pokémon Tool)", p).group(1)]
        return {"discard": "opponent" if "opponent" in m.group(2) else "own", "kind": kind}
    m = re.match(r"^Pokémon Tool attached to all of (your opponent's|your) Pokémon$", p)
    if m:
        return {"pokemon": "opponent" if "opponent" in m.group(1) else "own", "match": {"has_tool": True}}
    m = re.match(r"^of (your opponent's|your) ((?:[A-Z][\w'.-]*(?: [A-Z][\w'.-]*| ex)*)(?: and [A-Z][\w'.-]*(?: [A-Z][\w'.-]*| ex)*)*) in play$", p)
    if m and "Pokémon" not in m.group(2):
        return {"pokemon": "opponent" if "opponent" in m.group(1) else "own", "match": {"name": m.group(2).split(" and ")}}
    m = re.match(r"^(.*?)Pokémon you have in play$", p)
    if m:
        f = {}
        _qualifiers(m.group(1), f)
        return {"pokemon": "own", **({"match": f} if f else {})}
    m = re.match(r"^of your Pokémon in play that has the (.+?) attack$", p)
    if m:
        return {"pokemon": "own", "match": {"has_attack": [m.group(1)]}}
    m = re.match(r"^of your Benched ([A-Z][\w'.-]*(?: [A-Z][\w'.-]*)*)$", p)
    if m and "Pokémon" not in m.group(1):  # "for each of your Benched Charjabug"
        return {"pokemon": "own", "match": {"position": "bench", "name": [m.group(1)]}}
    m = re.match(r"^(Basic|Stage 1|Stage 2|Evolution) Pokémon on your Bench$", p)
    if m:
        f = {}
        _qualifiers(m.group(1), f)
        return {"pokemon": "own", "match": {**f, "position": "bench"}}
    m = re.match(r"^of your (Benched )?Pokémon that has any damage counters on it$", p)
    if m:
        return {"pokemon": "own", "match": {**({"position": "bench"} if m.group(1) else {}), "damaged": True}}
    m = re.match(r"^of your (Benched )?Pokémon that has any " + TYPE + r" Energy attached$", p)
    if m:
        return {"pokemon": "own", "match": {**({"position": "bench"} if m.group(1) else {}), "has_energy": [m.group(2)]}}
    if p == "Pokémon Tool attached to all Pokémon":  # in play, both sides (a Pokémon has one Tool: Ⅰ-B-02)
        return {"pokemon": "both", "match": {"has_tool": True}}
    m = re.match(r"^of your Benched Pokémon that has any damage counters on it$", p)
    if m:
        return {"pokemon": "own", "match": {"position": "bench", "damaged": True}}
    raise NotRead(f"counting {phrase!r}")


# -- conditions ("If …") ------------------------------------------------------------------------

def _is(phrase: str, ctx: Context) -> dict:
    """"a Pokémon ex", "an Evolution Pokémon", "Poisoned", "affected by a Special Condition" → a filter."""
    p = phrase.strip()
    m = re.match(r"^(?:" + COND_WORD + r")(?: or " + COND_WORD + r")?$", p)
    if m:
        return {"conditions": [COND[w] for w in m.groups() if w]}
    if p == "affected by a Special Condition":
        return {"conditions": ["any"]}
    m = re.match(r"^an? (.+)$", p)
    if m:
        quant, target = pokemon(m.group(1), ctx)
        f = dict(target["each"]) if isinstance(target, dict) and "each" in target else None
        if f is None:
            raise NotRead(f"is {phrase!r}")
        f.pop("side", None)
        return f
    raise NotRead(f"is {phrase!r}")


def _has(phrase: str, ctx: Context, who) -> dict:
    p = phrase.strip()
    m = re.match(r"^(any|no|at least (\d+)|(\d+) or more|exactly (\d+)) damage counters? on (?:it|them)$", p)
    if m:
        if m.group(1) == "any":
            return {"counters": who, "at_least": 1}
        if m.group(1) == "no":
            return {"counters": who, "at_most": 0}
        if m.group(4):
            n = int(m.group(4))
            return {"counters": who, "at_least": n, "at_most": n}
        return {"counters": who, "at_least": int(m.group(2) or m.group(3))}
    m = re.match(r"^at least (\d+) extra Energy attached \(in addition to this attack's cost\)$", p)
    if m and who == "self":
        return {"energy": who, "at_least": len(ctx.cost) + int(m.group(1))}
    m = re.match(r"^(\d+) or more (?:" + TYPE + r" )?Energy attached$", p)
    if m:
        test = {"energy": who, "at_least": int(m.group(1))}
        if m.group(2):
            test["type"] = m.group(2)
        return test
    m = re.match(r"^any (?:" + TYPE + r" )?Energy attached$", p)
    if m:
        test = {"energy": who, "at_least": 1}
        if m.group(1):
            test["type"] = m.group(1)
        return test
    if p in ("a Pokémon Tool attached", "any Pokémon Tool attached"):
        return {"at": who, "match": {"has_tool": True}}
    m = re.match(r"^(?:any|no) (Special Energy|[A-Z][\w' ]*? (?:" + TYPE + r" )?Energy) attached$", p)
    if m:
        name = "special" if m.group(1) == "Special Energy" else re.sub(r"\{(\w+)\}", lambda t: "{" + t.group(1) + "}",
                                                                         m.group(1))
        return {"at": who, "match": {"has_energy_card": [name]}}
    raise NotRead(f"has {phrase!r}")


def test(cond: str, ctx: Context) -> tuple[dict, bool]:
    """(Format 2 test, negated) of an "If …" condition."""
    c = cond.strip().removesuffix(" before this attack does damage")
    m = re.match(r"^any of your (.*?)Pokémon were Knocked Out by damage from an attack during your opponent's last turn$", c)
    if m:
        if m.group(1).strip():
            raise NotRead("Knocked Out Pokémon of a kind")
        return {"knocked_out_last_turn": True}, False
    m = re.match(r"^(your opponent|you) ha(?:s|ve) (\d+) or (fewer|more) Prize cards? remaining$", c)
    if m:
        bound = "at_most" if m.group(3) == "fewer" else "at_least"
        return {"prizes": "opponent" if m.group(1) == "your opponent" else "own", bound: int(m.group(2))}, False
    m = re.match(r"^this Pokémon and your opponent's Active Pokémon have the same amount of Energy attached$", c)
    if m and ctx.attack:
        return {"energy_vs": "same"}, False
    m = re.match(r"^this Pokémon has (more|less) Energy attached than your opponent's Active Pokémon$", c)
    if m and ctx.attack:
        return {"energy_vs": "more" if m.group(1) == "more" else "fewer"}, False
    m = re.match(r"^you (don't )?have the same number of cards in your hand as your opponent$", c)
    if m:
        return {"hand_vs": "same"}, bool(m.group(1))
    m = re.match(r"^(your opponent's Active Pokémon|this Pokémon) has no Retreat Cost$", c)
    if m and ctx.attack:
        return {"retreat": one_pokemon(m.group(1), ctx), "at_most": 0}, False
    m = re.match(r"^the Retreat Cost of (your opponent's Active Pokémon|this Pokémon) is ((?:\{colorless\})+) or (more|less)$", c)
    if m and ctx.attack:
        n = m.group(2).count("{colorless}")
        return {"retreat": one_pokemon(m.group(1), ctx), ("at_least" if m.group(3) == "more" else "at_most"): n}, False
    m = re.match(r"^you have (more|fewer) Prize cards remaining than your opponent$", c)
    if m:
        return {"prizes_vs": m.group(1)}, False
    m = re.match(r"^(your opponent|you) ha(?:s|ve) exactly (\d+) Prize cards? remaining$", c)
    if m:
        n = int(m.group(2))
        return {"prizes": "opponent" if m.group(1) == "your opponent" else "own", "at_least": n, "at_most": n}, False
    m = re.match(r"^(your opponent|you) ha(?:s|ve) (\d+) or (fewer|more) cards in (?:your|their) hand$", c)
    if m:
        bound = "at_most" if m.group(3) == "fewer" else "at_least"
        return {"hand": "opponent" if m.group(1) == "your opponent" else "own", bound: int(m.group(2))}, False
    m = re.match(r"^you (don't )?have exactly (\d+) cards in your hand$", c)
    if m:
        n = int(m.group(2))
        return {"hand": "own", "at_least": n, "at_most": n}, bool(m.group(1))
    if c in ("you have no cards in your hand",):
        return {"hand": "own", "at_most": 0}, False
    m = re.match(r"^there are (\d+) or fewer cards in your deck$", c)
    if m:
        return {"deck": "own", "at_most": int(m.group(1))}, False
    if c in ("a Stadium is in play", "there is a Stadium in play"):
        return {"stadium": True}, False
    if c == "there is no Stadium in play":
        return {"stadium": False}, False
    if c == "you played a Supporter card from your hand during this turn":
        return {"supporter_played": True}, False
    m = re.match(r"^this Pokémon (moved from your Bench to the Active Spot|was healed) (?:during )?this turn$", c)
    if m:
        key = "moved_to_active_this_turn" if m.group(1).startswith("moved") else "healed_this_turn"
        return {"at": "self", "match": {key: True}}, False
    m = re.match(r"^this Pokémon evolved from ([\w' .-]+) during this turn$", c)
    if m:
        return {"at": "self", "match": {"evolved_from_this_turn": [m.group(1)]}}, False
    m = re.match(r"^this Pokémon's remaining HP is (\d+) or less$", c)
    if m:
        return {"hp_left": "self", "at_most": int(m.group(1))}, False
    m = re.match(r"^(your Benched Pokémon|any of your Benched Pokémon) ha(?:ve|s) any damage counters on them$", c)
    if m:
        return {"counters": each(filt(side="own", position="bench")), "at_least": 1}, False
    m = re.match(r"^any of your Benched ([A-Z][\w'.-]*) have any damage counters on them$", c)
    if m:
        return {"counters": each(filt(side="own", position="bench", name=[m.group(1)])), "at_least": 1}, False
    m = re.match(r"^you have (?:at least (\d+)|(\d+) or more) (?:" + TYPE + r" )?Energy in play$", c)
    if m:
        t = {"energy": each(filt(side="own")), "at_least": int(m.group(1) or m.group(2))}
        if m.group(3):
            t["type"] = m.group(3)
        return t, False
    m = re.match(r"^(your opponent|you) ha(?:s|ve) (\d+) or (more|fewer) Benched Pokémon$", c)
    if m:
        bound = "at_least" if m.group(3) == "more" else "at_most"
        return {"pokemon": "opponent" if m.group(1) == "your opponent" else "own", "match": {"position": "bench"},
                bound: int(m.group(2))}, False
    m = re.match(r"^you have at least (\d+) (?:" + TYPE + r" )?Energy in play$", c)
    if m:
        t = {"energy": each(filt(side="own")), "at_least": int(m.group(1))}
        if m.group(2):
            t["type"] = m.group(2)
        return t, False
    m = re.match(r"^(your opponent|you) ha(?:s|ve) (any|no|(\d+) or more) (.*?)(Pokémon(?: ex)?) (?:in play|on your Bench)$", c)
    if m:
        f: dict = {}
        _qualifiers(m.group(4), f)
        if m.group(5) == "Pokémon ex":
            f["rule"] = list(v.EX_RULES)
        if "on your Bench" in c:
            f["position"] = "bench"
        side = "opponent" if m.group(1) == "your opponent" else "own"
        t = {"pokemon": side, **({"match": f} if f else {})}
        if m.group(2) == "no":
            return {**t, "at_most": 0}, False
        return {**t, "at_least": int(m.group(3)) if m.group(3) else 1}, False
    m = re.match(r"^([A-Z][\w' .-]*?) is on your Bench$", c)
    if m and " and " not in m.group(1):
        return {"pokemon": "own", "match": {"name": [m.group(1)], "position": "bench"}, "at_least": 1}, False
    m = re.match(r"^you don't have ([A-Z][\w' .-]*?) on your Bench$", c)
    if m and " and " not in m.group(1):
        return {"pokemon": "own", "match": {"name": [m.group(1)], "position": "bench"}, "at_least": 1}, True
    # "<Pokémon> is / isn't / has / doesn't have …"
    m = re.match(r"^(this Pokémon|your opponent's Active Pokémon|the Defending Pokémon) (already )?"
                 r"(is|isn't|has|doesn't have) (.+)$", c)
    if m:
        who = one_pokemon(m.group(1), ctx)
        ctx.subject = who
        verb, rest = m.group(3), m.group(4)
        if verb in ("is", "isn't"):
            return {"at": who, "match": _is(rest, ctx)}, verb == "isn't"
        if verb == "doesn't have":
            rest = "any " + rest if not rest.startswith(("any ", "a ")) else rest
        t = _has(rest, ctx, who)
        negated = verb == "doesn't have" or (rest.startswith("no ") and "at" in t)
        return t, negated
    raise NotRead(f"condition {cond!r}")


# -- templates ---------------------------------------------------------------------------------------

Builder = Callable[[re.Match, Context], list[Piece]]
TEMPLATES: list[tuple[str, re.Pattern, Builder]] = []


def template(name: str, pattern: str):
    def register(builder: Builder) -> Builder:
        TEMPLATES.append((name, re.compile("^" + pattern + "$"), builder))
        return builder
    return register


def clause(text: str, ctx: Context) -> list[Piece]:
    """A clause inside a sentence ("this attack does 30 more damage") read as a sentence."""
    s = text.strip()
    if not s.endswith(")"):
        s = s.rstrip(".") + "."
    return sentence(s[0].upper() + s[1:], ctx)


def sentence(s: str, ctx: Context) -> list[Piece]:
    """The pieces of the first template that matches the sentence and can read it."""
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
    for joint in (", and ", " and ", " to have this attack"):
        if joint in s and not s.startswith(("If ", "Flip ", "For each ")):
            left, right = s.split(joint, 1)
            if joint == " to have this attack":
                right = "have this attack" + right
            try:
                first_half = sentence(left + ".", ctx)
                pieces = first_half + _same_holder(first_half, clause(right, ctx))
            except NotRead:
                continue
            ctx.used("compound.and")
            return pieces
    raise first or NotRead(s)


def _same_holder(left: list[Piece], right: list[Piece]) -> list[Piece]:
    """"The {F} Pokémon this card is attached to gets +30 HP, and it …": the second half's
    "it" is the same Pokémon, with the same condition (`when`) on what it is."""
    whens = [p[1]["when"] for p in left if p[0] == "passive" and "applies_to" not in p[1] and "when" in p[1]]
    if not whens or any(w != whens[0] for w in whens):
        return right
    return [("passive", {**p[1], "when": dict(whens[0])})
            if p[0] == "passive" and "applies_to" not in p[1] and "when" not in p[1] else p for p in right]


# damage ---------------------------------------------------------------------------------------------

@template("damage.per", r"This attack does (\d+) (more |less )?damage for each (.+?)\.")
def _damage_per(m, ctx):
    op = {"more ": "plus", "less ": "minus", None: "times"}[m.group(2)]
    return [("formula", {"op": op, "amount": int(m.group(1)), "per": per(m.group(3), ctx)})]


@template("damage.per_discarded", r"This attack does (\d+) damage for each card you discarded in this way\.")
def _per_discarded(m, ctx):
    return [("per_discarded", int(m.group(1)))]


@template("damage.bonus", r"(?:[Tt]his attack does|[Hh]ave this attack do|[Dd]o) (\d+) more damage\.")
def _bonus(m, ctx):
    return [("bonus", int(m.group(1)))]


@template("damage.nothing", r"[Tt]his attack does nothing\.")
def _nothing(m, ctx):
    return [("fail", None)]


@template("damage.self", r"This Pokémon (?:also )?does (\d+) damage to itself\.")
def _self_damage(m, ctx):
    return [("key", ("self_damage", int(m.group(1))))]


_NO_WR = r"(?: \(Don't apply Weakness and Resistance for Benched Pokémon\.\))?"


@template("damage.other", r"This attack (also )?does (\d+) damage to (.+?)\." + _NO_WR)
def _damage_to(m, ctx):
    also, amount, phrase = m.group(1), int(m.group(2)), m.group(3)
    if phrase == "the new Active Pokémon":
        return [("new_active", amount)]
    hits = [("hit", {"target": t, "amount": amount}) for t in targets(phrase, ctx)]
    if not also and ctx.damage not in (None, "", 0):
        raise NotRead("damage to other Pokémon beside a printed damage")
    return hits


@template("damage.other_each_of", r"This attack does (\d+) damage to each of (\d+) of (.+?)\." + _NO_WR)
def _damage_each_of(m, ctx):
    return [("hit", {"target": t, "amount": int(m.group(1))})
            for t in targets(f"{m.group(2)} of {m.group(3)}", ctx)]


_IGNORE = {"Weakness or Resistance": ("ignore_weakness_resistance",), "Resistance": ("ignore_resistance",),
           "Weakness": ("ignore_weakness",), "any effects on your opponent's Active Pokémon": ("ignore_defender_effects",),
           "Weakness or Resistance, or by any effects on your opponent's Active Pokémon":
               ("ignore_weakness_resistance", "ignore_defender_effects")}


@template("damage.ignore", r"This attack's damage isn't affected by (.+?)\.")
def _ignore(m, ctx):
    keys = _IGNORE.get(m.group(1))
    if keys is None:
        raise NotRead(f"damage not affected by {m.group(1)!r}")
    return [("key", (k, True)) for k in keys]


@template("damage.coins", r"Flip (\d+|a) coins?(?: until you get tails)?\. This attack does (\d+) (more )?damage for each heads\.")
def _coins(m, ctx):
    n = "until_tails" if "until you get tails" in m.group(0) else num(m.group(1))
    return [("formula", {"op": "plus" if m.group(3) else "times", "amount": int(m.group(2)), "per": {"heads": n}})]


@template("damage.coins_per", r"Flip a coin for each (.+?)\. This attack does (\d+) (more )?damage for each heads\.")
def _coins_per(m, ctx):
    counted = per(m.group(1), ctx)
    return [("formula", {"op": "plus" if m.group(3) else "times", "amount": int(m.group(2)),
                         "per": {"heads": counted}})]


# coins and conditions ----------------------------------------------------------------------------------

_HEADS_IF = {"both of them are heads": {"at_least": 2}, "all of them are heads": "all", "both of them are tails": {"at_most": 0},
             "either of them is heads": {"at_least": 1}, "any of them are heads": {"at_least": 1},
             "none of them are heads": {"at_most": 0}}


@template("coins.if_all", r"Flip (\d+) coins\. If (both of them are heads|all of them are heads|both of them are tails|"
                          r"either of them is heads|any of them are heads|none of them are heads), (.+?)\.")
def _coins_if(m, ctx):
    n = int(m.group(1))
    bound = _HEADS_IF[m.group(2)]
    if bound == "all":
        bound = {"at_least": n}
    return v.conditional({"heads": n, **bound}, clause(m.group(3), ctx), ctx)


@template("coin.if", r"Flip a coin\. If heads, (.+?)\.(?: If tails, (.+?)\.)?")
def _coin(m, ctx):
    heads = clause(m.group(1), ctx)
    tails = clause(m.group(2), ctx) if m.group(2) else []
    return v.coin(heads, tails, ctx)


@template("coin.if_tails", r"Flip a coin\. If tails, (.+?)\.(?: If heads, (.+?)\.)?")
def _coin_tails(m, ctx):
    tails = clause(m.group(1), ctx)
    heads = clause(m.group(2), ctx) if m.group(2) else []
    return v.coin(heads, tails, ctx)


@template("condition.if", r"If ([^,]+?), (.+?)\.")
def _if(m, ctx):
    t, negated = test(m.group(1), ctx)
    return v.conditional(t, clause(m.group(2), ctx), ctx, negated)


# actions -------------------------------------------------------------------------------------------

@template("heal", r"Heal (\d+|all) damage from (.+?)\.")
def _heal(m, ctx):
    amount = None if m.group(1) == "all" else int(m.group(1))
    return [("do", act("heal", target=t, amount=amount, all=True if amount is None else None))
            for t in targets(m.group(2), ctx)]


@template("heal.damage_done", r"Heal from this Pokémon the same amount of damage you did to your opponent's Active Pokémon\.")
def _heal_done(m, ctx):
    return [("do", act("heal", target="self", damage_done=True))]


def _conditions(words: str) -> list[str]:
    parts = re.split(r", and |, | and ", words.strip())
    if not all(p in COND for p in parts):
        raise NotRead(f"Special Conditions {words!r}")
    return sorted((COND[p] for p in parts), key=v.CONDITIONS.index)


@template("condition.add", r"(.+?) (?:is|are) now ((?:" + COND_WORD + r")(?:(?:, and |, | and )" + COND_WORD + r")*)\.")
def _condition(m, ctx):
    added = _conditions(m.group(2))
    return [("do", act("condition", target=t, add=added)) for t in targets(m.group(1), ctx)]


@template("condition.make", r"[Mm]ake (.+?) ((?:" + COND_WORD + r")(?:(?:, and |, | and )" + COND_WORD + r")*)\.")
def _make(m, ctx):
    added = _conditions(m.group(2))
    return [("do", act("condition", target=t, add=added)) for t in targets(m.group(1), ctx)]


@template("condition.recover", r"This Pokémon recovers from all Special Conditions\.")
def _recover(m, ctx):
    return [("do", act("condition", target="self", remove=list(v.CONDITIONS)))]


@template("energy.discard", r"Discard (an|a|all|\d+|up to \d+) (?:(Basic |Special )?" + TYPE + r" |Basic |Special )?Energy(?: cards?)? from (.+?)\.")
def _discard_energy(m, ctx):
    how = m.group(1)
    kind = m.group(0).split(" from ")[0]
    if "up to" in how or "Basic " in kind:
        raise NotRead("a discard of Energy by kind or up to")
    fields = {"type": m.group(3)} if m.group(3) else {}
    if "Special " in kind:
        fields["special"] = True
    if how == "all":
        fields["all"] = True
    else:
        fields["count"] = num(how)
    return [("do", {"discard_energy": {"from": t, **fields}}) for t in targets(m.group(4), ctx)]


@template("energy.move", r"Move (an|a|all|\d+) (?:Basic )?(?:" + TYPE + r" )?Energy from (.+?) to (.+?)\.")
def _move_energy(m, ctx):
    if "Basic " in m.group(0).split(" from ")[0]:
        raise NotRead("Basic Energy moved")
    fields = {"type": m.group(2)} if m.group(2) else {}
    if m.group(1) == "all":
        raise NotRead("all Energy moved")
    fields["count"] = num(m.group(1))
    return [("do", {"move_energy": {"from": one_pokemon(m.group(3), ctx), "to": one_pokemon(m.group(4), ctx), **fields}})]


@template("switch.self", r"(You may )?[Ss]witch this Pokémon with (1 of your Benched (?:.+ )?Pokémon)\.")
def _switch_self(m, ctx):
    if m.group(1):
        raise NotRead("a switch the player may decline (read by the \"You may\" prefix)")
    return [("do", act("switch", side="own", to=one_pokemon(m.group(2), ctx)))]


@template("switch.own_active", r"Switch your Active Pokémon with (1 of your Benched Pokémon)\.")
def _switch_own(m, ctx):
    return [("do", act("switch", side="own", to=one_pokemon(m.group(1), ctx)))]


@template("switch.opponent_out", r"(You may )?[Ss]witch out your opponent's Active Pokémon to the Bench\. "
                                 r"\(Your opponent chooses the new Active Pokémon\.\)")
def _switch_out(m, ctx):
    if m.group(1):
        raise NotRead("a switch the player may decline")
    return [("do", act("switch", side="opponent", chosen_by="opponent"))]


@template("switch.gust", r"[Ss]witch (?:in (1 of your opponent's Benched Pokémon) to the Active Spot|"
                        r"(1 of your opponent's Benched Pokémon) with their Active Pokémon)\.")
def _gust(m, ctx):
    return [("do", act("switch", side="opponent", chosen_by="own", to=one_pokemon(m.group(1) or m.group(2), ctx)))]


@template("tool.discard", r"(Before doing damage, )?[Dd]iscard all Pokémon Tools from (.+?)\.")
def _discard_tool(m, ctx):
    acts = [act("discard_tool", target=t) for t in targets(m.group(2), ctx)]
    return [("do", before_damage(a) if m.group(1) else a) for a in acts]


@template("stadium.discard_or_fail", r"Discard a Stadium in play\. If you can't, this attack does nothing\.")
def _discard_stadium_or_fail(m, ctx):
    return [("do", {"if": {"test": {"stadium": False}, "then": [{"fail": {}}], "at": "before_damage"}}),
            ("do", {"discard_stadium": {}})]


@template("stadium.discard", r"(You may )?[Dd]iscard (?:a|that) Stadium(?: in play)?\.")
def _discard_stadium(m, ctx):
    if m.group(1):
        raise NotRead("a Stadium discard the player may decline")
    return [("do", {"discard_stadium": {}})]


@template("pokemon.return", r"(Put|Shuffle) (this Pokémon) and all attached cards into your (hand|deck)\.")
def _return(m, ctx):
    return [("do", act("return_pokemon", target="self", to=m.group(3)))]


@template("pokemon.discard", r"Discard (this Pokémon|the Defending Pokémon|your opponent's Active Pokémon) and all attached cards\.")
def _discard_pokemon(m, ctx):
    return [("do", act("discard_pokemon", target=one_pokemon(m.group(1), ctx)))]


@template("counters.spread", r"(?:Put|Place) (\d+) damage counters? on (.+?) in any way you like\.")
def _spread(m, ctx):
    quant, target = pokemon(m.group(2), ctx)
    if not (isinstance(target, dict) and "each" in target):
        raise NotRead(f"counters spread on {m.group(2)!r}")
    # Each counter on a Pokémon the player chooses (the ask's `choose`, one position per counter).
    return [("do", act("place_counters", target=choose(target["each"]), count=1)) for _ in range(int(m.group(1)))]


@template("counters.place", r"(?:Put|Place) (\d+) damage counters? on (.+?)\.")
def _counters(m, ctx):
    if "in any way you like" in m.group(2):
        raise NotRead("damage counters spread as the player likes")
    return [("do", act("place_counters", target=t, count=int(m.group(1)))) for t in targets(m.group(2), ctx)]


@template("counters.move", r"Move (all|\d+) damage counters? from (.+?) to (.+?)\.")
def _move_counters(m, ctx):
    """Ⅱ-C-08: damage counters moved, not damage (no Weakness, Resistance or damage effects)."""
    source = one_pokemon(m.group(2), ctx)
    dest = one_pokemon(m.group(3), ctx)
    count = {"all": True} if m.group(1) == "all" else {"count": int(m.group(1))}
    return [("do", {"move_counters": {"from": source, "to": dest, **count}})]


@template("counters.until_hp", r"Put damage counters on (.+?) until its remaining HP is (\d+)\.")
def _until_hp(m, ctx):
    return [("do", act("place_counters", target=t, until_hp=int(m.group(2)))) for t in targets(m.group(1), ctx)]


@template("knock_out", r"(?:Knock Out (.+?)|(.+?) (?:is|are) Knocked Out)\.")
def _knock_out(m, ctx):
    phrase = m.group(1) or m.group(2)
    return [("do", act("knock_out", target=t)) for t in targets(phrase, ctx)]


@template("prize.take", r"(?:and )?[Tt]ake (a|\d+) (?:more )?Prize cards?\.")
def _take_prize(m, ctx):
    return [("do", act("take_prize", count=num(m.group(1))))]


@template("prize.extra", r"If your opponent's (Active )?Pokémon is Knocked Out by damage from this attack, take (\d+|a|an) more Prize cards?\.")
def _extra_prize(m, ctx):
    effect = {"kind": "extra_prizes", "amount": num(m.group(2)), "attack": ctx.name,
              "applies_to": {"side": "own", "position": "active"}}
    if m.group(1):
        effect["against"] = {"position": "active"}
    return [("effect", effect)]


@template("attack.first_turn", r"If you go first, you can use this attack during your first turn\.")
def _first_turn(m, ctx):
    return [("key", ("usable_first_turn", True))]


@template("energy.to_hand", r"Put (an|a|all|\d+) (?:" + TYPE + r" )?Energy attached to (.+?) into (?:your|their) hand\.")
def _energy_to_hand(m, ctx):
    fields = {"type": m.group(2)} if m.group(2) else {}
    if m.group(1) == "all":
        fields["all"] = True
    else:
        fields["count"] = num(m.group(1))
    return [("do", {"discard_energy": {"from": t, **fields, "to": "hand"}}) for t in targets(m.group(3), ctx)]


@template("energy.to_deck", r"Shuffle (an|a|all|\d+) (?:" + TYPE + r" )?Energy attached to (.+?) into (?:your|their) deck\.")
def _energy_to_deck(m, ctx):
    fields = {"type": m.group(2)} if m.group(2) else {}
    if m.group(1) == "all":
        fields["all"] = True
    else:
        fields["count"] = num(m.group(1))
    return [("do", {"discard_energy": {"from": t, **fields, "to": "deck"}}) for t in targets(m.group(3), ctx)]


@template("coins.each_heads", r"Flip (\d+) coins\. For each heads, (.+?)\.")
def _each_heads(m, ctx):
    once = clause(m.group(2), ctx)
    return [p for _ in range(int(m.group(1))) for p in v.coin(once, [], ctx)]


@template("coins.each_tails", r"Flip (\d+) coins\. For each tails, (.+?)\.")
def _each_tails(m, ctx):
    once = clause(m.group(2), ctx)
    return [p for _ in range(int(m.group(1))) for p in v.coin([], once, ctx)]


@template("devolve", r"[Dd]evolve (.+?) by (putting|shuffling) the highest Stage Evolution card on (?:it|each of them) "
                     r"into your opponent's (hand|deck)\.")
def _devolve(m, ctx):
    """Ⅱ-C-13: the highest Evolution card goes to the hand (or is shuffled into the deck)."""
    if (m.group(2) == "shuffling") != (m.group(3) == "deck"):
        raise NotRead("a devolved card put where the verb does not say")
    return [("do", act("devolve", target=t, to=m.group(3))) for t in targets(m.group(1), ctx)]


@template("effect.cant_attack_after", r"(It|it|the Defending Pokémon|The Defending Pokémon) can't attack during your opponent's next turn\.")
def _cant_attack_after(m, ctx):
    who = m.group(1)
    return [_on(who[0].lower() + who[1:], ctx, {"kind": "cant_attack"})]


@template("win", r"you win this game\.")
def _win(m, ctx):
    return [("do", act("win_game", side="own"))]


# effects left in force --------------------------------------------------------------------------------

ON_SELF = {"side": "own", "position": "active"}
NEXT = r"During (your|your opponent's) next turn, "


def _on(who: str, ctx: Context, effect: dict) -> Piece:
    """An effect the attack leaves on a Pokémon: its user (applies_to own Active) or the Defending Pokémon."""
    target = one_pokemon(who, ctx)
    if target == "self":
        return ("effect", {**effect, "applies_to": dict(ON_SELF)})
    if target == "defending":
        return ("effect", effect)
    raise NotRead(f"an effect left on {who!r}")


@template("effect.cant_attack", NEXT + r"(this Pokémon|the Defending Pokémon) can't (?:attack|use attacks)\.")
def _cant_attack(m, ctx):
    return [_on(m.group(2), ctx, {"kind": "cant_attack"})]


@template("effect.cant_attack_named", NEXT + r"this Pokémon can't use (.+?)\.")
def _cant_use(m, ctx):
    return [_on("this Pokémon", ctx, {"kind": "cant_attack", "attack": m.group(2)})]


@template("effect.cant_retreat", NEXT + r"(the Defending Pokémon|this Pokémon|that Pokémon) can't retreat\.")
def _cant_retreat(m, ctx):
    who = "the Defending Pokémon" if m.group(2) == "that Pokémon" else m.group(2)
    return [_on(who, ctx, {"kind": "cant_retreat"})]


_FROM_ATTACKS = r"from attacks(?: from (?P<from>.+?))?"
_AFTER_WR = r" \(after applying Weakness and Resistance\)"
_BEFORE_WR = r" \(before applying Weakness and Resistance\)"


def _from(phrase: str | None, ctx: Context) -> dict:
    if not phrase:
        return {"side": "opponent"}
    quant, target = pokemon(phrase, ctx)
    f = dict(target["each"]) if isinstance(target, dict) and "each" in target else None
    if f is None:
        raise NotRead(f"attacks from {phrase!r}")
    f["side"] = "opponent"
    return f


@template("effect.counters_on_attacker", r"During your opponent's next turn, if this Pokémon is damaged by an attack "
                                         r"\(even if (?:this Pokémon|it) is Knocked Out\), (?:put|place) (\d+) damage "
                                         r"counters? on the Attacking Pokémon\.")
def _counters_on_attacker(m, ctx):
    return [_on("this Pokémon", ctx, {"kind": "trigger", "name": ctx.name or "trigger", "on": "damaged",
                                      "do": [act("place_counters", target="attacker", count=int(m.group(1)))]})]


@template("effect.damage_taken", NEXT + r"(this Pokémon|the Defending Pokémon) takes (\d+) (less|more) damage "
                                 + _FROM_ATTACKS + _AFTER_WR + r"\.")
def _taken(m, ctx):
    amount = int(m.group(3)) * (-1 if m.group(4) == "less" else 1)
    effect = {"kind": "damage_taken", "amount": amount, "from": _from(m.group("from"), ctx)}
    if m.group(2) == "the Defending Pokémon":
        effect["from"] = {"side": "opponent"}  # the attacker's side, seen from the Defending Pokémon
    return [_on(m.group(2), ctx, effect)]


@template("effect.damage_dealt", NEXT + r"(?:attacks used by )?(the Defending Pokémon|this Pokémon)(?:'s attacks)? do (\d+) (less|more) damage"
                                 r"(?: to your opponent's Active Pokémon)?" + _BEFORE_WR + r"\.")
def _dealt(m, ctx):
    amount = int(m.group(3)) * (-1 if m.group(4) == "less" else 1)
    effect = {"kind": "damage_dealt", "amount": amount}
    if "to your opponent's Active Pokémon" not in m.group(0):
        effect["against"] = {"side": "opponent"}  # every damage its attacks do, Benched targets too
    return [_on(m.group(2), ctx, effect)]


@template("effect.damage_dealt_named", r"During your next turn, this Pokémon's (.+?) attack does (\d+) more damage" + _BEFORE_WR + r"\.")
def _dealt_named(m, ctx):
    return [_on("this Pokémon", ctx, {"kind": "damage_dealt", "amount": int(m.group(2)), "attack": m.group(1)})]


@template("effect.prevent", r"During your opponent's next turn, prevent all (damage from and effects of|damage done to|"
                            r"damage from) attacks(?: done to)? this Pokémon(?: by attacks)?(?: from (?P<from>.+?))?\.")
def _prevent(m, ctx):
    kinds = ["prevent_damage", "prevent_effects"] if m.group(1) == "damage from and effects of" else ["prevent_damage"]
    f = _from(m.group("from"), ctx)
    return [_on("this Pokémon", ctx, {"kind": k, "from": f}) for k in kinds]


@template("effect.prevent_damage_by", r"During your opponent's next turn, prevent all damage done to this Pokémon by attacks"
                                      r"(?: from (?P<from>.+?))?(?: if that damage is (?P<n>\d+) or (?P<bound>less|more))?\.")
def _prevent_by(m, ctx):
    effect = {"kind": "prevent_damage", "from": _from(m.group("from"), ctx)}
    if m.group("n"):
        effect["at_most" if m.group("bound") == "less" else "at_least"] = int(m.group("n"))
    return [_on("this Pokémon", ctx, effect)]


@template("energy.attach_discard", r"Attach (a|an|up to \d+) Basic (?:" + TYPE + r" )?Energy cards? from your (?P<src>discard pile|hand) "
                                   r"to (.+?)( in any way you like)?\.")
def _attach_discard(m, ctx):
    how = m.group(1)
    n = int(how.split()[-1]) if how.startswith("up to") else 1
    fields = {"from": "discard" if m.group("src") == "discard pile" else "hand", **({"type": m.group(2)} if m.group(2) else {})}
    if how.startswith("up to"):
        fields["up_to"] = n
    if m.group(5):
        # "… to your Benched Pokémon in any way you like": each card to a Pokémon the player chooses.
        f = en_bench_filter(m.group(4), ctx)
        return [("do", act("attach_energy", to=choose(f), count=1, **fields)) for _ in range(n)]
    return [("do", act("attach_energy", to=one_pokemon(m.group(4), ctx), count=n, **fields))]


def en_bench_filter(phrase: str, ctx: Context) -> dict:
    quant, target = pokemon(phrase, ctx)
    if not (isinstance(target, dict) and "each" in target):
        raise NotRead(f"Energy attached to {phrase!r} in any way")
    return target["each"]


@template("effect.coin_check", r"During your opponent's next turn, if the Defending Pokémon tries to use an attack, "
                               r"your opponent flips a coin\. If tails, that attack doesn't happen\.|During your opponent's "
                               r"next turn, if the Defending Pokémon tries to attack, your opponent flips a coin\. If tails, "
                               r"that attack doesn't happen\.")
def _coin_check(m, ctx):
    return [_on("the Defending Pokémon", ctx, {"kind": "attack_coin_check"})]


@template("effect.cant_play", r"During your opponent's next turn, they can't play any (Item|Supporter|Stadium|Pokémon Tool) cards from their hand\.")
def _cant_play(m, ctx):
    kind = {"Item": "item", "Supporter": "supporter", "Stadium": "stadium", "Pokémon Tool": "tool"}[m.group(1)]
    return [("effect", {"kind": "cant_play", "card_kind": kind, "applies_to": {"side": "opponent"}})]


@template("effect.poison_counters", r"During Pokémon Checkup, (?:put|place) (\d+) damage counters on that Pokémon instead of 1\.")
def _poison(m, ctx):
    return [_on("the Defending Pokémon", ctx, {"kind": "poison_counters", "set": int(m.group(1))})]


@template("effect.no_weakness", r"During your opponent's next turn, this Pokémon has no Weakness\.")
def _no_weakness(m, ctx):
    return [_on("this Pokémon", ctx, {"kind": "no_weakness"})]


# listed: what reads the deck or a hand --------------------------------------------------------------

_DECK = re.compile(r"^(?:You may |Then, )?(?:[Dd]raw|[Ss]earch your deck|Search their deck|Look at the top|Look at the bottom|"
                   r"Reveal the top|Reveal the bottom|Shuffle your hand into your deck|[Dd]iscard the top|"
                   r"Each player draws|Each player shuffles|"
                   r"[Ss]huffle your deck|Shuffle the other cards|[Ss]huffle the revealed|Flip a coin until you get tails\. "
                   r"(?:For each heads, discard the top|Search your deck)|Flip \d+ coins\. For each heads, discard the top)")
_HAND = re.compile(r"^(?:Discard (?:a|\d+) random cards? from your opponent's hand|Your opponent reveals their hand|"
                   r"Choose (?:a|\d+) random cards? from your opponent's hand|Your opponent discards|Discard your hand|"
                   r"You may discard your hand|Discard a card from your hand(?! in order to use this Ability)|Your opponent shuffles their hand|"
                   r"Your opponent chooses \d+ cards? from their hand|You may discard any number of cards from your hand|"
                   r"Your opponent counts the cards in their hand|"
                   r"(?:You may )?[Dd]iscard (?:a|an|\d+|up to \d+|any number of) [^.]*?cards? from your hand"
                   r"(?! in order to use this Ability))")


# A sentence that goes on with what a listed one found ("You may discard that card.")
_FOLLOWS = re.compile(r"^(?:You may (?:discard|put|reveal|attach) (?:that|those|any|them|it|a|an|up to)|"
                      r"Your opponent reveals (?:that|those) cards?|If (?:you|they) do, (?:they )?draw|Then, |"
                      r"If you (?:attached|put|discarded|found) .* in this way|If you can't(?: discard [^,]+)?, this attack does nothing)")


def listed(s: str, previous: str | None = None) -> str | None:
    """Why a sentence is listed and not applied (reading.WHY), or None."""
    if previous and (_FOLLOWS.match(s) or "you find there" in s or "revealed" in s or "in this way" in s):
        return previous
    if _DECK.match(s) or re.search(r"\b(?:search|draw) (?:your|their) deck|\bdraws? (?:a|\d+|that many) cards?\b|For each heads, draw|"
                                   r"\b[Dd]iscard the top (?:card|\d+ cards) of", s):
        return "deck"
    if re.search(r"random cards? from your opponent's hand|your opponent discards (?:a|\d+|\d+ more) cards?", s):
        return "hand"
    if _HAND.match(s):
        return "hand"
    if re.match(r"^(?:Look at|You may turn|Turn) (?:\d+|a|an|up to \d+) of (?:your|your opponent's) face-down Prize", s) \
            or re.match(r"^Count your Prize cards", s) or re.match(r"^Then, take that many cards from the top of your deck", s):
        return "prizes"
    if re.match(r"^Put (?:up to \d+ |a |an |\d+ )?.*from your discard pile into your hand\.$", s):
        return "discard_pile"
    return None


def does_of_listed(s: str) -> str | None:
    """The `does` word of a listed sentence (an Ability's nothing-would-happen check)."""
    if re.search(r"\b[Ss]earch your deck", s):
        return "search_deck"
    if re.search(r"\b(?:they|your opponent|each player|that player)\b", s, re.I):
        return None  # another player's deck: the player's own deck does not decide it
    if re.search(r"\b[Dd]raw ", s):
        return "draw"
    return None


def decides_damage(s: str) -> bool:
    """A listed sentence whose result is the attack's damage ("… and this attack does 80 damage
    for each Energy card you find there")."""
    return bool(re.search(r"\b[Tt]his attack does (?:\d+ (?:more )?damage\b|nothing)", s))


# Reminders in parentheses that change nothing the rules do not already say.
_NOTES = re.compile(r" \((?:This includes new Pokémon that come into play|Pokémon ex, Pokémon V, etc\. have Rule Boxes|"
                    r"Damage from attacks is still taken|Apply Weakness as ×2)\.\)")


# "Discard the top 6 cards of your deck, and this attack does 100 damage for each Basic {W} Energy
# card that you discarded in this way.": the damage counts the cards the ask's `found` lists.
_FOUND_DISCARD = re.compile(r"^Discard the top (\d+) cards of your deck, and this attack does (\d+) damage for each "
                            r"(Basic \{(\w+)\} Energy|Energy) card (?:that )?you discarded in this way\.$")


def found_formula(s: str, ctx: Context) -> Piece | None:
    """A deck reading whose count is the damage, read with the cards the ask says were found."""
    m = _FOUND_DISCARD.match(s)
    if not m or ctx.part != "attack":
        return None
    per = {"found": int(m.group(1)), "kind": "basic_energy" if m.group(4) else "energy", "discarded": True}
    if m.group(4):
        per["type"] = m.group(4)
    ctx.used("found.deck_discard")
    return ("formula", {"op": "times", "amount": int(m.group(2)), "per": per})


def read(text: str, ctx: Context) -> tuple[list[Piece], list[tuple[str, str]]]:
    """(pieces, [(sentence, why) listed]) of a whole text; NotRead names the sentence no
    template reads."""
    pieces: list[Piece] = []
    notes: list[tuple[str, str]] = []
    previous = None
    for s in split(normalize(text)):
        s = _NOTES.sub("", s)
        got = found_formula(s, ctx)
        if got is not None:
            pieces.append(got)
            previous = None
            continue
        why = listed(s, previous)
        previous = why
        if why:
            notes.append((s, why))
            pieces.append(("listed", why))
            ctx.used(f"listed.{why}")
            continue
        body = s
        if "new Active Pokémon" in body and "damage to the new Active" not in body:
            _first_switch(pieces)
        then_after_test = False
        if body.startswith("Then, "):
            body = body[6].upper() + body[7:]
            then_after_test = bool(pieces) and pieces[-1][0] == "formula" and "if" in pieces[-1][1]
        may = body.startswith("You may ") and not body.startswith("You may draw")
        if may:
            body = body[8].upper() + body[9:]
        if not body.endswith("discard this card."):
            body = re.sub(r"^If you (?:healed any damage|placed any damage counters|attached Energy to a Pokémon|"
                          r"discarded any cards?|discarded a Pokémon Tool|switched a Pokémon) in this way, ", "If you do, ", body)
        then = body.startswith("If you do, ")
        if then:
            body = body[11].upper() + body[12:]
        try:
            got = sentence(body, ctx)
        except NotRead as exc:
            raise NotRead(s) from exc
        if (then or then_after_test) and pieces and pieces[-1][0] == "formula" and "if" in pieces[-1][1]:
            # "You may do 30 more damage. If you do, …": what follows holds under the same test.
            got = v.conditional(pieces[-1][1]["if"], got, ctx)
        elif then:
            _first(pieces, got)
        if may:
            got = v.you_may(got)
        for kind, payload in got:
            if kind == "new_active":
                v.damage_to_new_active(pieces, payload, ctx)
            elif kind == "per_discarded":
                pieces.append(v.per_discarded(pieces, payload))
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
    """"Heal 30 damage from your Active Pokémon. If that Pokémon is an Arven's Pokémon, heal 100
    damage from it instead.": one heal or the other, by the test."""
    if not pieces or pieces[-1][0] != "do" or "heal" not in pieces[-1][1]:
        raise NotRead("\"instead\" after what is not a heal")
    heal = pieces[-1][1]
    target = heal["heal"]["target"]
    test = {"at": target, "match": test["match"]}
    pieces[-1] = ("do", v.if_action(test, [{"heal": {**heal["heal"], "amount": amount}}], [heal]))


def _then_discard_tool(pieces: list[Piece]) -> None:
    """"… place 12 damage counters on the Attacking Pokémon. If you placed any damage counters in
    this way, discard this card.": the trigger before it goes on with discarding the Tool; after
    a `survive` effect, the Tool goes once it has worked."""
    if pieces and pieces[-1][0] == "passive" and pieces[-1][1].get("kind") == "survive":
        pieces[-1] = ("passive", {**pieces[-1][1], "discard_tool": True})
        return
    if not pieces or pieces[-1][0] != "passive" or pieces[-1][1].get("kind") != "trigger":
        raise NotRead("\"discard this card\" after what is not a trigger")
    trigger = dict(pieces[-1][1])
    do = list(trigger["do"])
    (kind, fields), = do[-1].items()
    trigger["do"] = do[:-1] + [{kind: {**fields, "first": True}}, act("discard_tool", target="self")]
    pieces[-1] = ("passive", trigger)


def _first_switch(pieces: list[Piece]) -> None:
    """"… to the Active Spot. The new Active Pokémon is now Asleep.": only if there is a new one."""
    for i in range(len(pieces) - 1, -1, -1):
        kind, payload = pieces[i]
        if kind == "do" and "switch" in payload:
            pieces[i] = ("do", {"switch": {**payload["switch"], "first": True}})
            return


def _first(pieces: list[Piece], following: list[Piece]) -> None:
    """"X. If you do, Y.": Y only if X was done (Ⅱ-E-20) — X is marked `first`; Y must be
    actions (damage is done at step 4, before them, and cannot wait for them)."""
    if not pieces or pieces[-1][0] != "do":
        raise NotRead("\"If you do\" after what is not an action")
    if any(kind not in ("do", "new_active") for kind, _ in following):
        raise NotRead("\"If you do\" before what is not an action")
    (name, fields), = pieces[-1][1].items()
    if fields.get("at") == "before_damage" and not all(
            next(iter(p.values())).get("at") == "before_damage" for _, p in following if isinstance(p, dict)):
        raise NotRead("\"If you do\" after a step-3 action, before the rest of the attack")
    (kind, fields), = pieces[-1][1].items()
    pieces[-1] = ("do", {kind: {**fields, "first": True}})

