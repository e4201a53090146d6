"""From the quick ruling form to a scenario: the cards looked up, the choices each offers
(attacks and Abilities by name in the page's language), the fields the question needs, and
the scenario itself — the YAML a judge would have typed, which is what gets ruled.

    plan(read_form(params)) -> Plan(you, opp, attacks, abilities, fields, missing, data, yaml)

Only what is not printed comes from the form; everything printed comes from the card
database through the scenario's own `card:` lookup when the scenario is ruled. A name
that matches no card, or several, is never guessed: the plan says so (`Pick.problem`,
`Pick.candidates`) and has no scenario until it is settled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from judgebot.carddb import lookup
from judgebot.carddb.normalize import name_key
from judgebot.engine.format.schema import TYPE_ALIASES
from judgebot.i18n import Term, msg, render
from judgebot.quick.form import QuickForm, Side
from judgebot.quick.needs import fields
from judgebot.quick.yamltext import to_yaml

TYPES = ("grass", "fire", "water", "lightning", "psychic", "fighting", "darkness", "metal", "dragon",
         "colorless", "fairy")
# The letters players write Energy with ({R} is Fire, {N} Dragon, {Y} Fairy).
TYPE_LETTERS = {"G": "grass", "R": "fire", "W": "water", "L": "lightning", "P": "psychic", "F": "fighting",
                "D": "darkness", "M": "metal", "N": "dragon", "C": "colorless", "Y": "fairy"}
_COUNT = re.compile(r"^(?:(\d{1,2})\s*[x×*]?\s+(.+)|(.+?)\s*[x×*]\s*(\d{1,2}))$", re.I)
MAX_ENERGY = 12  # Energy on one Pokémon the quick page takes (the format allows 60)
LIST_SEP = {"en": ", ", "ko": ", ", "ja": "、", "zh": "、"}


@dataclass
class Option:
    value: str  # what the form sends (a name, a pinned card query)
    label: str  # what the page shows
    text: str = ""  # the card text, in the page's language where the database has it
    lang: str = "en"  # the language of label and text
    applied: bool | None = None  # does the engine apply the text (None: not known here)


@dataclass
class Pick:
    """A card named in the form: found (`card`), or why not (`problem`, `candidates`)."""

    field: str  # the form's field: you, opp
    query: str = ""  # what was looked up
    card: dict | None = None
    written: str = ""  # how the scenario names it
    candidates: list[Option] = field(default_factory=list)  # several cards bear the name: pin one
    nearest: list[Option] = field(default_factory=list)  # no card: the nearest names
    problem: Any = None  # a Msg: why the card is not settled
    cards: list[dict] = field(default_factory=list)  # every card the name still fits


@dataclass
class Plan:
    form: QuickForm
    you: Pick
    opp: Pick
    attacks: list[Option] = field(default_factory=list)
    abilities: list[Option] = field(default_factory=list)
    trainer: Pick | None = None
    energy_prefill: str = ""  # what the Energy field holds when the judge has not changed it
    texts: list[dict] = field(default_factory=list)  # the texts asked about (lang -> text)
    fields: dict[str, Any] = field(default_factory=dict)  # field -> why it is shown (a Msg): needs.fields
    missing: list[Any] = field(default_factory=list)  # what the judge must still give (Msgs)
    data: dict | None = None  # the scenario, once nothing is missing
    yaml: str | None = None

    @property
    def ready(self) -> bool:
        return self.yaml is not None


# -- cards -------------------------------------------------------------------------------------------

def pick(field_name: str, name: str, lang: str, attacks=(), abilities=(), category: str = "pokemon",
         part_to_choose: bool = False) -> Pick:
    """The card a field names, narrowed by the attack or Ability asked as the scenario
    narrows it; several cards are offered as candidates, each a name with its printed
    number ("Charizard ex OBF 125"), which the field then holds."""
    result = Pick(field=field_name)
    if not name:
        return result
    query = name
    result.query = query
    found = lookup.find(query)
    if found.mismatch is not None:
        m = found.mismatch
        result.problem = msg("quick.problem.mismatch", print=lookup.print_label(m["print"]),
                             name=lookup.name_in(m["card"], lang), written=m["name"])
        return result
    if not found.cards:
        result.problem = msg("quick.problem.unknown", name=name)
        near = [(l, n) for l, n, card_id in lookup.nearest(query, limit=30)
                if _fits(lookup.get(card_id) or {"category": ""}, category)]
        result.nearest = [Option(value=n, label=n, lang=_lang(l)) for l, n in near[:6]]
        return result
    cards = [c for c in found.cards if _fits(c, category)]
    if not cards:
        result.problem = msg(f"quick.problem.not_{category}", name=name)
        return result
    result.cards = cards
    narrowed = lookup.narrow(cards, attacks, abilities)
    written = _written(found, query)
    if len(narrowed) > 1 and part_to_choose and not attacks and not abilities:
        return result  # the attack (or Ability) still to be chosen tells the cards apart
    if len(narrowed) > 1:
        result.problem = msg("quick.problem.ambiguous", name=name, n=len(narrowed))
        keys = lookup.what_differs(narrowed)[:3]
        base = found.names[0][1] if found.names else name
        for card in narrowed:
            printed = _first_print(card, lang)
            value = f"{base} {lookup.print_label(printed)}"
            result.candidates.append(Option(value=value, label=f"{lookup.name_in(card, lang)} — "
                                                                f"{lookup.describe(card, keys, lang)}", lang=lang))
        return result
    result.card = narrowed[0]
    result.written = written
    return result


def _cards(p: Pick) -> list[dict]:
    return [p.card] if p.card else p.cards


def _lang(lang: str) -> str:
    return "zh" if lang == "zh-tw" else lang


def _fits(card: dict, category: str) -> bool:
    if category == "pokemon":
        return card["category"] == "pokemon"
    return card["category"] == "trainer"


def _first_print(card: dict, lang: str) -> dict:
    want = "ja" if lang == "ja" else "en"
    return next((p for p in card["prints"] if p["lang"] == want), card["prints"][0])


def _written(found: lookup.Found, query: str) -> str:
    """How the scenario names the card: the name as the database spells it (in the
    language it was typed in), or the query itself for a number, an id or a pin."""
    if found.how == "name" and found.names:
        return found.names[0][1]
    return " ".join(query.split())


def in_lang(names: dict, lang: str) -> str:
    if not names:
        return ""
    if lang == "zh":
        return names.get("zh") or names.get("zh-tw") or names.get("en") or names.get("ja") or ""
    return names.get(lang) or names.get("en") or names.get("ja") or next(iter(names.values()))


def _text_lang(texts: dict, lang: str) -> str:
    return lang if texts.get(lang) else ("en" if texts.get("en") else ("ja" if texts.get("ja") else lang))


def part_options(cards: list[dict], kind: str, lang: str) -> list[Option]:
    """The attacks (or Abilities) of the cards a name fits, by name in `lang`; one option
    per name (two cards with the same attack are one choice)."""
    from judgebot.card_answer import modelled_parts

    out: dict[str, Option] = {}
    for card in cards:
        applied = modelled_parts(card)
        for index, part in enumerate(card.get(kind) or ()):
            name = in_lang(part["name"], lang)
            if not name or name in out:
                continue
            text_lang = _text_lang(part["text"], lang)
            label = name
            if kind == "attacks":
                cost = "".join(_cost_mark(t, lang) for t in part.get("cost") or ()) or "0"
                label = f"{name} [{cost}] {part.get('damage') or ''}".rstrip()
            out[name] = Option(value=name, label=label, text=part["text"].get(text_lang, ""), lang=text_lang,
                               applied=applied.get(("attack" if kind == "attacks" else "ability", index)))
    return list(out.values())


def _cost_mark(type_: str, lang: str) -> str:
    """A cost's Energy as players write it: {R} as R in English and Korean, as 炎's 炎 in
    Japanese and 火 in Chinese (the first character of the type's word)."""
    if lang in ("ja", "zh"):
        return render(Term(f"type.{type_}"), lang)[:1]
    return next((letter for letter, t in TYPE_LETTERS.items() if t == type_), "?")


def _part(cards: list[dict], kind: str, name: str) -> dict | None:
    key = name_key(name)
    for card in cards:
        for part in card.get(kind) or ():
            if key in {name_key(n) for n in part["name"].values()}:
                return part
    return None


# -- Energy --------------------------------------------------------------------------------------------

def energy_words(text: str) -> list[str]:
    """Energy as typed — type words in any of the four languages, the letters (R, L …),
    counts (`2 fire`, `fire ×2`) and special Energy by name — as the scenario's list."""
    from judgebot.errors import InputError

    out: list[str] = []
    for part in re.split(r"\s*[,，、;；]\s*", text or ""):
        part = " ".join(part.split())
        if not part:
            continue
        count, word = 1, part
        match = _COUNT.match(part)
        if match and _type_of(match.group(2) or match.group(3)):
            count = int(match.group(1) or match.group(4))
            word = match.group(2) or match.group(3)
        single = _type_of(word)
        if single:
            out += [single] * count
            continue
        tokens = word.split()
        if all(_type_of(t) for t in tokens):  # "fire fire", "炎 炎"
            out += [_type_of(t) for t in tokens]
            continue
        if re.fullmatch(r"[GRWLPFDMNCY]{2,}", word):  # "RRC"
            out += [TYPE_LETTERS[c] for c in word]
            continue
        out.append(word)  # a special Energy card by name: the scenario looks it up
    if len(out) > MAX_ENERGY:
        raise InputError(f"energy: at most {MAX_ENERGY} Energy on one Pokémon here, got {len(out)}")
    return out


def _type_of(word: str | None) -> str | None:
    if not word:
        return None
    word = word.strip()
    if word.lower() in TYPES:
        return word.lower()
    if word in TYPE_ALIASES:
        return TYPE_ALIASES[word]
    if word in TYPE_LETTERS:
        return TYPE_LETTERS[word]
    if word.lower().endswith(" energy") and word[:-7].lower() in TYPES:  # "Fire Energy": a basic Energy
        return word[:-7].lower()
    return None


def energy_text(types: list[str], lang: str) -> str:
    """Energy as the page writes it in the Energy field: type words of `lang`."""
    return LIST_SEP[lang].join(render(Term(f"type.{t}"), lang) if t in TYPES else t for t in types)


def cost_energy(cost: list[str], card: dict | None) -> list[str]:
    """The Energy that pays `cost` exactly: Colorless paid with the Pokémon's own type."""
    own = next((t for t in (card or {}).get("types") or () if t != "colorless"), "colorless")
    return [own if t == "colorless" else t for t in cost]


# -- the plan ----------------------------------------------------------------------------------------------

def plan(form: QuickForm) -> Plan:
    lang = form.lang
    asked_attack = [form.attack] if form.ask == "attack" and form.attack else []
    asked_ability = [form.ability] if form.ask == "ability" and form.ability else []
    you = pick("you", form.you.name, lang, asked_attack, asked_ability,
               part_to_choose=form.ask in ("attack", "ability"))
    opp = pick("opp", form.opp.name, lang)
    result = Plan(form=form, you=you, opp=opp)
    fits = [you.card] if you.card else you.cards
    if form.ask == "attack":
        result.attacks = part_options(fits, "attacks", lang)
    if form.ask == "ability":
        result.abilities = part_options(fits, "abilities", lang)
        for name in form.you.bench:
            bench = pick("you_bench", name, lang)
            if bench.card is not None:
                result.abilities += [o for o in part_options([bench.card], "abilities", lang)
                                     if o.value not in {a.value for a in result.abilities}]
    if form.ask == "play" and form.trainer:
        result.trainer = pick("trainer", form.trainer, lang, category="trainer")
    for kind, key in (("attacks", "attack"), ("abilities", "ability")):
        # The part asked, named in the page's language (an attack typed or chosen in
        # another language is the same attack).
        part = _part(_cards(you), kind, getattr(form, key)) if getattr(form, key) else None
        if part is not None:
            setattr(form, key, in_lang(part["name"], lang))
    _prefill(result)
    _fields(result)
    _missing(result)
    if not result.missing:
        result.data = scenario_data(result)
        result.yaml = to_yaml(result.data)
    return result


def _prefill(result: Plan) -> None:
    """The Energy field of the attacking Pokémon holds the asked attack's cost until the
    judge changes it (`energy_auto` is what the page filled in last)."""
    form = result.form
    if form.ask != "attack" or not form.attack:
        return
    part = _part(_cards(result.you), "attacks", form.attack)
    if part is None:
        return
    result.energy_prefill = energy_text(cost_energy(list(part.get("cost") or ()), result.you.card), form.lang)
    if not form.you.energy_given or form.you.energy == form.energy_auto:
        form.you.energy = result.energy_prefill


def _fields(result: Plan) -> None:
    """The texts the question asks about (the attack's, the Ability's, the Trainer's), and
    the fields they and the question need (needs.fields)."""
    form = result.form
    if form.ask == "attack" and form.attack:
        part = _part(_cards(result.you), "attacks", form.attack)
        result.texts.append(part["text"] if part else {})
    if form.ask == "ability" and form.ability:
        part = _part(_cards(result.you), "abilities", form.ability)
        result.texts.append(part["text"] if part else {})
    if result.trainer is not None and result.trainer.card is not None:
        result.texts.append(result.trainer.card.get("text") or {})
    result.fields = fields(form, result.texts)


def _missing(result: Plan) -> None:
    form = result.form
    out = result.missing
    for pick_ in (result.you, result.opp):
        side = "you" if pick_.field == "you" else "opp"
        if not form.side(side).name:
            out.append(msg(f"quick.missing.{side}"))
        elif pick_.card is None and pick_.problem is not None:
            out.append(pick_.problem)  # (none while the attack to choose tells the cards apart)
    if form.ask == "attack" and not form.attack:
        out.append(msg("quick.missing.attack"))
    if form.ask == "attack" and form.attack and result.attacks and _part(_cards(result.you), "attacks",
                                                                          form.attack) is None:
        out.append(msg("quick.problem.no_attack", name=form.attack))
    if form.ask == "ability" and not form.ability:
        out.append(msg("quick.missing.ability"))
    if form.ask == "play":
        if not form.trainer:
            out.append(msg("quick.missing.trainer"))
        elif result.trainer is not None and result.trainer.card is None:
            out.append(result.trainer.problem)


# -- the scenario ------------------------------------------------------------------------------------------

def scenario_data(result: Plan) -> dict:
    """The scenario as data, in the order a person writes it: format, turn, the two
    sides, Stadium, coins, ask."""
    form = result.form
    data: dict[str, Any] = {"format": 2}
    turn: dict[str, Any] = {}
    if form.turn != "later":
        turn["number"] = int(form.turn)
    for flag in form.done:
        if flag != "ability_used":
            turn[flag] = True
    if turn:
        data["turn"] = turn
    data["you"] = _side(form.you, result.you.written)
    data["opponent"] = _side(form.opp, result.opp.written)
    if "ability_used" in form.done and form.ask == "ability" and form.ability:
        _used(data["you"], _holder(result), form.ability)
    if form.stadium:
        data["stadium"] = form.stadium
    if form.coins:
        data["coins"] = list(form.coins)
    data["ask"] = _ask(result)
    return data


def _side(side: Side, written: str) -> dict:
    active: dict[str, Any] = {"card": written}
    energy = energy_words(side.energy)
    if energy:
        active["energy"] = energy
    if side.counters:
        active["damage"] = side.counters * 10
    if side.conditions:
        active["conditions"] = list(side.conditions)
    if side.tool:
        active["tool"] = side.tool
    out: dict[str, Any] = {"active": written if len(active) == 1 else active}
    if side.bench:
        out["bench"] = list(side.bench)
    if side.prizes != 6:
        out["prizes"] = side.prizes
    if side.effects:
        out["effects"] = list(side.effects)
    if side.hand is not None:
        out["hand"] = list(side.hand)
    return out


def _used(side: dict, holder: str, ability: str) -> None:
    """The Pokémon that has the Ability used it already this turn (once per turn is per
    Pokémon, Ⅱ-E-12): `abilities_used` on it."""
    if holder == "you.active":
        active = side["active"]
        side["active"] = {**({"card": active} if isinstance(active, str) else active), "abilities_used": [ability]}
        return
    index = int(holder[len("you.bench["):-1])
    side["bench"][index] = {"card": side["bench"][index], "abilities_used": [ability]}


def _ask(result: Plan) -> Any:
    form = result.form
    extra: dict[str, Any] = {}
    if form.choose:
        extra["choose"] = [form.choose]
    if form.ask == "attack":
        return {"attack": {"name": form.attack, **extra} if extra else form.attack}
    if form.ask == "retreat":
        return {"retreat": {"to": form.to}} if form.to else "retreat"
    if form.ask == "ability":
        by = _holder(result)
        body = {"name": form.ability, **({"by": by} if by != "you.active" else {}), **extra}
        return {"ability": body if len(body) > 1 else form.ability}
    if form.ask == "play":
        card = result.trainer.card if result.trainer else None
        body = {"card": result.trainer.written if result.trainer else form.trainer, **extra}
        if card is not None and card.get("trainer_type") == "tool":
            body["target"] = "you.active"
        return {"play": body if len(body) > 1 else body["card"]}
    return "checkup"


def _holder(result: Plan) -> str:
    """Which of your Pokémon has the Ability asked: the Active, else the first Benched one."""
    key = name_key(result.form.ability)
    if result.you.card and key in lookup.part_names(result.you.card, "abilities"):
        return "you.active"
    for index, name in enumerate(result.form.you.bench):
        found = lookup.find(name, near=False)
        if found.card is not None and key in lookup.part_names(found.card, "abilities"):
            return f"you.bench[{index}]"
    return "you.active"


def positions(form: QuickForm, lang: str) -> list[Option]:
    """The Pokémon in play the judge may name for a choice, as people say them."""
    from judgebot.i18n import Pos

    out = []
    for side, key in (("opponent", "opp"), ("you", "you")):
        entries = [(f"{side}.active", form.side(key).name)] + [(f"{side}.bench[{i}]", n)
                                                               for i, n in enumerate(form.side(key).bench)]
        for position, name in entries:
            if name:
                out.append(Option(value=position, label=f"{render(Pos(position), lang)}: {name}", lang=lang))
    return out
