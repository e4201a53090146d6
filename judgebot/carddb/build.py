"""Development time: prints → functional cards, joined across languages, named in four.

The steps, in order (docs/CARDDB.md says why each is safe):

1. `reviewed fixes` (data/carddb/conflicts.yaml `fixes`) correct single prints the
   review found wrong (SV3 125 typed Fire; a zh-tw name on the wrong card).
2. **Prints of one card.** Within each region (English prints; Asian prints), prints
   with the same name and the same attacks and Abilities (names, costs, damage) are
   one card, split by any value the engine uses where both give one (HP, types, stage,
   evolves_from, Weakness, Retreat). A print that lacks a value joins the one card it
   fits; if it fits several, that is a conflict and it stays apart.
3. **Texts.** Prints of one card must say the same thing: texts compare without
   spelling, reminder text and Energy symbols a print dropped (the text with the
   symbol is kept). Texts that differ in words are conflicts, each decided in
   conflicts.yaml (`same`: one card, with the text of a named print; `split`).
4. **Japanese ↔ English** (SCENARIOS.md "Data gaps"): a Pokémon is joined only where
   exactly one card on each side has the same Pokédex number (PokéAPI's Japanese names
   where TCGdex has none), HP, types, stage, Retreat, and attack costs and damage; a
   Trainer or Energy only through the reviewed table (data/carddb/names.yaml). Values
   one side lacks are filled from the other; a value both give and that differs is a
   conflict.
5. **Names.** en, ja and zh-tw from the prints; ko from the Korean prints (Pokémon) or
   PokéAPI species + suffix; zh (Simplified) from PokéAPI species + suffix; Mega
   Evolution Pokémon 메가/超级 + species; regional forms and Trainers from the reviewed
   table. A name of one card that is another card's name in that language is a data
   error unless the cards share every name.
6. **Legality** from the regulation marks (meta/legals.ts).

Every conflict found must have a decision in conflicts.yaml; an undecided one stops the
import and is listed (`--review` writes the list to fill in). Decisions no conflict
needs are errors too, so the file never drifts from the data.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from judgebot.carddb.normalize import name_key, spell_text, symbols, text_key
from judgebot.carddb.source import Part, Print

SOFT = ("hp", "types", "stage", "evolves_from", "weakness", "resistance", "retreat")
# Reminder and boilerplate sentences some prints carry and others do not (not card text).
BOILERPLATE = (
    re.compile(r"&copy;Pokémon/Nintendo/Creatures/GAME FREAK.*$"),
    re.compile(r"このホームページに掲載された画像その他の内容の無断転載はお断りします。"),
    re.compile(r"\s*サポートは、自分の番に1枚しか使えない。"),
    re.compile(r"\s*スタジアムは、自分の番に1枚、バトル場の横に出せる。.*$"),
    re.compile(r"\s*You may play only 1 Supporter card during your turn\.?"),
)
# The texts kept: English and Japanese (the card-text parser reads those two; the ruling
# quotes the judge's language where it is one of them, else English).
TEXT_LANGS = ("en", "ja")
JA_REGIONAL = {"パルデア": "Paldean", "アローラ": "Alolan", "ガラル": "Galarian", "ヒスイ": "Hisuian"}


class ImportProblem(ValueError):
    """The import cannot finish: undecided conflicts, stale decisions, a bad table."""


# -- the reviewed files -----------------------------------------------------------------------

@dataclass
class Review:
    """data/carddb/conflicts.yaml and names.yaml, as the importer uses them."""

    fixes: dict[str, dict] = field(default_factory=dict)  # print id -> {field: value, why}
    decisions: dict[str, dict] = field(default_factory=dict)  # conflict key -> {decision, …, why}
    trainers: dict[str, dict] = field(default_factory=dict)  # ja name -> {en, zh, ko, why}
    prefixes: dict[str, dict] = field(default_factory=dict)  # en prefix -> {ja, ko, zh}
    korean: dict[str, str | None] = field(default_factory=dict)  # ja name -> ko name (Trainers)
    set_drops: dict[str, list[str]] = field(default_factory=dict)  # set code -> languages not trusted


# -- the cards being built --------------------------------------------------------------------

@dataclass
class Card:
    prints: list[Print]
    category: str
    name: dict[str, str] = field(default_factory=dict)
    name_from: dict[str, str] = field(default_factory=dict)  # lang -> print | pokeapi | table
    trainer_type: str | None = None
    energy_type: str | None = None
    ace_spec: bool = False
    stage: str | None = None
    hp: int | None = None
    types: tuple[str, ...] | None = None
    evolves_from: dict[str, str] = field(default_factory=dict)
    rule: str = "none"
    weakness: tuple | None = None
    resistance: tuple | None = None
    retreat: int | None = None
    dex: tuple[int, ...] = ()
    abilities: list[dict] = field(default_factory=list)  # {name: {lang}, text: {lang}}
    attacks: list[dict] = field(default_factory=list)  # {name, cost, damage, text}
    text: dict[str, str] = field(default_factory=dict)
    filled: list[dict] = field(default_factory=list)  # {field, from}
    aliases: dict[str, list[str]] = field(default_factory=dict)  # lang -> other names printed
    notes: list[str] = field(default_factory=list)
    line: tuple[str, ...] | None = None

    @property
    def region(self) -> str:
        return self.prints[0].region

    @property
    def lang(self) -> str:
        return "en" if self.region == "intl" else ("ja" if "ja" in self.name else "zh-tw")


@dataclass
class Conflict:
    key: str  # stable: kind + the print ids it is about
    kind: str
    summary: str
    options: dict = field(default_factory=dict)


@dataclass
class Result:
    cards: list[Card]
    conflicts: list[Conflict]
    stats: dict[str, Any]


def rule_of(name: dict[str, str], suffix: str | None) -> str:
    """The Rule Box, from the name: the suffix is missing on most Phantasmal Flames ex
    cards, `EX` on some sets, and `ex` on a plain Raichu (PAL 064, 140 HP)."""
    en, ja = name.get("en", ""), name.get("ja", "")
    zh = name.get("zh-tw", "") if not (en or ja) else ""  # zh-tw names are the least reliable: last
    is_ex = bool(re.search(r"\bex$", en)) or ja.endswith("ex") or zh.endswith("ex")
    mega = en.startswith("Mega ") or ja.startswith("メガ") or zh.startswith("超級")
    if is_ex:
        return "mega_ex" if mega else "ex"
    if suffix == "V":
        return "v"
    if suffix == "GX":
        return "gx"
    return "none"


# -- 1. fixes and clean texts ---------------------------------------------------------------------

def _clean_text(text: dict[str, str]) -> dict[str, str]:
    out = {}
    for lang, value in text.items():
        for pattern in BOILERPLATE:
            value = pattern.sub("", value)
        value = spell_text(value)
        if value:
            out[lang] = value
    return out


def sets_without_modifiers(prints: list[Print]) -> set[str]:
    """Sets whose files give no Weakness for most of their non-Dragon Pokémon (Black
    Bolt, White Flare, My First Battle): there an absent Resistance is not given either,
    rather than printed as none."""
    total: dict[str, int] = defaultdict(int)
    missing: dict[str, int] = defaultdict(int)
    for p in prints:
        if p.category == "pokemon" and "dragon" not in (p.types or ()):
            total[p.set] += 1
            missing[p.set] += p.weakness is None
    return {s for s in total if missing[s] * 2 > total[s]}


def _clean_name(lang: str, name: str) -> str:
    """Spelling: zero-width characters removed; a zh-tw name's bracketed note
    (莉佳的招待[支援者], 噗隆隆[進化前分岐α]) is not part of the name."""
    name = re.sub(r"[\u200b-\u200d\ufeff]", "", name)
    if lang == "zh-tw":
        name = re.sub(r"\s*\[[^\]]*\]$", "", name)
    return re.sub(r"\s+", " ", name).strip()


def prepare(prints: list[Print], review: Review) -> list[Print]:
    """Reviewed fixes applied; boilerplate removed; basic Energy without text; an absent
    Resistance read as none, except in sets that give no Weakness/Resistance."""
    out = []
    used = set()
    no_modifiers = sets_without_modifiers(prints)
    for p in prints:
        p = replace(p, text=_clean_text(p.text),
                    abilities=[replace(a, text=_clean_text(a.text)) for a in p.abilities],
                    attacks=[replace(a, text=_clean_text(a.text)) for a in p.attacks],
                    name=dict(p.name), evolves_from=dict(p.evolves_from))
        p.name = {lang: _clean_name(lang, value) for lang, value in p.name.items()}
        if p.category == "energy":
            # The name decides (TCGdex types some special Energy "Normal": PAR 266
            # Reversal Energy, the Mega Evolution sets' typed special Energy).
            p.energy_type = "basic" if basic_energy_type(p.name) else "special"
            if p.energy_type == "basic":
                p.text = {}
        if p.stage == "mega":  # two prints of one card say MEGA: not a stage of these series
            p.stage = None
        # An absent Resistance is printed none — unless the file gives no Weakness either
        # (a non-Dragon Pokémon always prints one): then neither was given.
        gave_weakness = p.weakness is not None or "dragon" in (p.types or ())
        if p.category == "pokemon" and p.resistance is None and p.set not in no_modifiers and gave_weakness:
            p.resistance = ()
        for lang in review.set_drops.get(p.set, ()):
            p = _apply_fix(p, {"drop_names": [lang], "drop_texts": [lang]})
        fix = review.fixes.get(p.id)
        if fix:
            used.add(p.id)
            p = _apply_fix(p, fix)
        if p.lang:  # still named in a language judgebot speaks
            out.append(p)
    stale = sorted(set(review.fixes) - used)
    if stale:
        raise ImportProblem(f"conflicts.yaml fixes name prints not in the snapshot: {', '.join(stale)}")
    return out


def _apply_fix(p: Print, fix: dict) -> Print:
    for key, value in fix.items():
        if key == "why":
            continue
        if key == "types":
            p.types = tuple(value)
        elif key in ("hp", "retreat", "stage", "trainer_type"):
            setattr(p, key, value)
        elif key in ("weakness", "resistance"):
            setattr(p, key, tuple((t, str(v)) for t, v in value))
        elif key == "evolves_from":
            p.evolves_from = dict(value)
        elif key == "drop_names":  # a name in these languages belongs to another card
            for lang in value:
                p.name.pop(lang, None)
        elif key == "drop_texts":  # this print's texts in these languages belong to another card
            for lang in value:
                p.text.pop(lang, None)
                for part in p.abilities + p.attacks:
                    part.text.pop(lang, None)
                    part.name.pop(lang, None)
        elif key == "name":
            p.name.update(value)
        elif key == "damage_in_attack_name":  # "ビッグバンファイヤー 290-": the damage is in the name
            for index in value:
                _damage_from_name(p, index)
        else:
            raise ImportProblem(f"conflicts.yaml fixes.{p.id}: unknown key {key!r}")
    return p


DAMAGE_AT_END = re.compile(r"\s+(\d+[+×-]?)$")


def _damage_from_name(p: Print, index: int) -> None:
    """The attack's printed damage, given at the end of its name and not as its damage,
    moved back; a fix that no longer finds it stops the import."""
    attack = p.attacks[index] if index < len(p.attacks) else None
    found = {lang: DAMAGE_AT_END.search(name) for lang, name in (attack.name.items() if attack else ())}
    damages = {m.group(1) for m in found.values() if m}
    if attack is None or attack.damage is not None or len(damages) != 1:
        raise ImportProblem(f"conflicts.yaml fixes.{p.id}: damage_in_attack_name {index}: no attack there whose "
                            "name ends in its damage while its damage is absent")
    attack.damage = damages.pop()
    attack.name = {lang: name[:found[lang].start()] if found[lang] else name for lang, name in attack.name.items()}


# -- 2. prints of one card ----------------------------------------------------------------------

def _lang(p: Print) -> str:
    return p.lang


def basic_energy_type(name: dict[str, str]) -> str | None:
    """The type of a basic Energy card by its name (Basic Fire Energy, Fire Energy,
    基本炎エネルギー, 基本火能量), else None."""
    en = name.get("en")
    if en:
        match = re.fullmatch(r"(?:Basic )?(Grass|Fire|Water|Lightning|Psychic|Fighting|Darkness|Metal) Energy", en)
        return match.group(1).lower() if match else None
    ja = name.get("ja")
    if ja:
        match = re.fullmatch(r"基本(草|炎|水|雷|超|闘|悪|鋼)エネルギー", ja)
        return BASIC_JA[match.group(1)] if match else None
    zh = name.get("zh-tw")
    match = re.fullmatch(r"基本(草|火|水|雷|超|鬥|惡|鋼)能量", zh or "")
    return BASIC_ZH[match.group(1)] if match else None


BASIC_JA = {"草": "grass", "炎": "fire", "水": "water", "雷": "lightning", "超": "psychic", "闘": "fighting",
            "悪": "darkness", "鋼": "metal"}
BASIC_ZH = {"草": "grass", "火": "fire", "水": "water", "雷": "lightning", "超": "psychic", "鬥": "fighting",
            "惡": "darkness", "鋼": "metal"}


def _hard_key(p: Print) -> tuple:
    lang = _lang(p)
    if p.category == "energy" and p.energy_type == "basic":
        return (p.category, "basic", basic_energy_type(p.name))
    if p.category != "pokemon":
        return (p.category, name_key(p.name[lang]), p.trainer_type, p.energy_type)
    return (p.category, name_key(p.name[lang]), rule_of(p.name, p.suffix),
            tuple((name_key(a.name.get(lang, "")), a.cost, a.damage) for a in p.attacks),
            tuple(name_key(a.name.get(lang, "")) for a in p.abilities))


def _soft(p: Print) -> dict[str, Any]:
    lang = _lang(p)
    return {"hp": p.hp, "types": p.types, "stage": p.stage, "retreat": p.retreat, "weakness": p.weakness,
            "resistance": p.resistance, "evolves_from": name_key(p.evolves_from[lang]) if lang in p.evolves_from else None}


def _fits(values: dict, soft: dict) -> bool:
    return all(values[k] is None or soft[k] is None or values[k] == soft[k] for k in SOFT)


def group_prints(prints: list[Print], conflicts: list[Conflict]) -> list[list[Print]]:
    """Prints of one functional card together (step 2)."""
    by_hard: dict[tuple, list[Print]] = defaultdict(list)
    for p in prints:
        by_hard[_hard_key(p)].append(p)
    groups: list[list[Print]] = []
    for hard in sorted(by_hard, key=lambda k: by_hard[k][0].id):
        members = sorted(by_hard[hard], key=lambda p: -sum(v is not None for v in _soft(p).values()))
        buckets: list[tuple[dict, list[Print]]] = []
        for p in members:
            soft = _soft(p)
            fits = [b for b in buckets if _fits(b[0], soft)]
            if len(fits) == 1:
                values, bucket = fits[0]
                bucket.append(p)
                for k in SOFT:
                    if values[k] is None:
                        values[k] = soft[k]
                continue
            if len(fits) > 1:
                conflicts.append(Conflict(f"fits-several:{p.id}", "fits-several",
                                          f"{p.id} ({p.name}) lacks a value and fits {len(fits)} cards: "
                                          + " | ".join(",".join(x.id for x in b[1]) for b in fits)))
            buckets.append((dict(soft), [p]))
        if len(buckets) > 1 and hard[0] == "pokemon":
            # Same name and attacks, different values: a data error or two cards — reviewed.
            key = "values:" + "|".join(sorted(b[1][0].id for b in buckets))
            conflicts.append(Conflict(key, "values", " | ".join(
                f"{','.join(p.id for p in b[1])}: " + ", ".join(f"{k}={b[0][k]}" for k in SOFT
                                                                if any(b[0][k] != o[0][k] for o in buckets))
                for b in buckets)))
        groups.extend(sorted(b[1], key=_print_order) for b in buckets)
    return groups


PROMO_SETS = ("SVP", "MEP", "SV-P", "M-P", "SVP1")


def _print_order(p: Print) -> tuple:
    """English prints first, expansions before promos, then by release: the first print
    names the card (its id, and the print a ruling shows when none is pinned)."""
    number = int(p.number) if p.number.isdigit() else 10_000
    return (p.region != "intl", p.set in PROMO_SETS, p.released, p.set, number, p.number)


# -- 3. texts ------------------------------------------------------------------------------------

def _reconcile_text(slot: str, texts: list[tuple[str, str]], lang: str, conflicts: list[Conflict],
                    review: Review) -> tuple[str | None, str | None]:
    """One text from the prints' texts [(print id, text)]: (text, print it came from).
    Differences of spelling and of dropped Energy symbols are not differences."""
    present = [(pid, t) for pid, t in texts if t]
    if not present:
        return None, None
    loose = {text_key(t, keep_symbols=False) for _, t in present}
    if len(loose) == 1:
        # the richest in Energy symbols; the dropped symbol is filled from it
        best = max(present, key=lambda x: (len(symbols(x[1])), x[0] == present[0][0]))
        full = {text_key(t) for _, t in present if len(symbols(t)) == len(symbols(best[1]))}
        if len(full) == 1:
            return best[1], best[0]
    key = f"text:{slot}:{lang}:" + ",".join(sorted({pid for pid, _ in present}))
    conflicts.append(Conflict(key, "text", f"{slot} ({lang}) differs between prints", {pid: t for pid, t in present}))
    decision = review.decisions.get(key)
    if decision is None:
        return present[0][1], present[0][0]
    chosen = decision.get("text_from")
    for pid, t in present:
        if pid == chosen:
            return t, pid
    raise ImportProblem(f"conflicts.yaml {key}: text_from {chosen!r} is not one of its prints")


def make_card(group: list[Print], conflicts: list[Conflict], review: Review) -> Card:
    first = group[0]
    lang = _lang(first)
    card = Card(prints=group, category=first.category, trainer_type=first.trainer_type,
                energy_type=first.energy_type, ace_spec=any(p.ace_spec for p in group))
    for p in group:  # names: the first print that gives one; disagreements are conflicts
        for name_lang, value in p.name.items():
            if name_lang not in card.name:
                card.name[name_lang] = value
                card.name_from[name_lang] = "print"
            elif name_key(value) != name_key(card.name[name_lang]) and name_lang == lang:
                card.aliases.setdefault(lang, []).append(value)  # Basic Fire Energy / Fire Energy
            elif name_key(value) != name_key(card.name[name_lang]) and name_lang != lang \
                    and not (name_lang == "ko" and card.category != "pokemon"):  # names.yaml `korean` decides
                conflicts.append(Conflict(f"name:{name_lang}:{first.id}:{p.id}", "name",
                                          f"{p.id} is named {value!r} in {name_lang}, {first.id} "
                                          f"{card.name[name_lang]!r}"))
    if card.category == "pokemon":
        for key in ("hp", "types", "stage", "retreat", "weakness", "resistance"):
            value = next((getattr(p, key) for p in group if getattr(p, key) is not None), None)
            setattr(card, key, value)
            givers = [p for p in group if getattr(p, key) is not None]
            if givers and len(givers) < len(group):
                card.filled.append({"field": key, "from": givers[0].id})
        card.rule = rule_of(card.name, first.suffix)
        for p in group:
            for l2, v in p.evolves_from.items():
                card.evolves_from.setdefault(l2, v)
        card.dex = next((p.dex for p in group if p.dex), ())
        card.attacks = [_part(i, group, "attacks", lang, conflicts, review) for i in range(len(first.attacks))]
        card.abilities = [_part(i, group, "abilities", lang, conflicts, review)
                          for i in range(len(first.abilities))]
    else:
        card.attacks = [_part(i, group, "attacks", lang, conflicts, review) for i in range(len(first.attacks))]
        card.text = {}
        for text_lang in TEXT_LANGS:
            value, _ = _reconcile_text(f"{first.id}:text", [(p.id, p.text.get(text_lang)) for p in group],
                                       text_lang, conflicts, review)
            if value:
                card.text[text_lang] = value
    return card


def _part(index: int, group: list[Print], kind: str, lang: str, conflicts: list[Conflict],
          review: Review) -> dict:
    parts: list[Part] = [getattr(p, kind)[index] for p in group]
    first = parts[0]
    out: dict[str, Any] = {"name": {}, "text": {}}
    for part in parts:
        for name_lang, value in part.name.items():
            out["name"].setdefault(name_lang, value)
    for text_lang in TEXT_LANGS:
        value, _ = _reconcile_text(f"{group[0].id}:{kind}[{index}]",
                                   [(p.id, getattr(p, kind)[index].text.get(text_lang)) for p in group],
                                   text_lang, conflicts, review)
        if value:
            out["text"][text_lang] = value
    if kind == "attacks":
        out["cost"] = list(first.cost or ())
        out["damage"] = first.damage
    return out


# -- 4. joins -------------------------------------------------------------------------------------

def species_index(species: dict[int, dict[str, str]]) -> dict[str, dict[str, int]]:
    """name (any language, as a key) -> Pokédex number, per language."""
    out: dict[str, dict[str, int]] = defaultdict(dict)
    for number, names in species.items():
        for lang, name in names.items():
            out[lang.replace("ja-kana", "ja")].setdefault(name_key(name), number)
    return out


def ja_dex(name: str, index: dict[str, dict[str, int]]) -> int | None:
    """The Pokédex number of a Japanese card name from PokéAPI's Japanese species names:
    the name without `ex`, メガ, a regional form or an owner's `…の`; only an exact match."""
    base = re.sub(r"ex$", "", name).strip()
    base = re.sub(r"^メガ", "", base)
    if "の" in base:
        base = base.rsplit("の", 1)[1]
    for prefix in JA_REGIONAL:
        if base.startswith(prefix) and name_key(base) not in index["ja"]:
            base = base[len(prefix):]
    return index["ja"].get(name_key(base))


def _join_sig(card: Card) -> tuple | None:
    if card.category != "pokemon" or None in (card.hp, card.types, card.stage, card.retreat) or not card.dex:
        return None
    return (card.dex, card.hp, card.types, card.stage, card.retreat, card.rule,
            tuple((tuple(a["cost"]), a["damage"]) for a in card.attacks), len(card.abilities))


def join(en_cards: list[Card], asia_cards: list[Card], species: dict[int, dict[str, str]], review: Review,
         conflicts: list[Conflict], stats: dict) -> list[Card]:
    index = species_index(species)
    for card in asia_cards:
        if card.category == "pokemon" and not card.dex and "ja" in card.name:
            number = ja_dex(card.name["ja"], index)
            if number is not None:
                card.dex = (number,)
                card.notes.append("Pokédex number from PokéAPI's Japanese species names")
    by_sig: dict[tuple, list[Card]] = defaultdict(list)
    for card in en_cards:
        sig = _join_sig(card)
        if sig is not None:
            by_sig[sig].append(card)
    asia_by_sig: dict[tuple, list[Card]] = defaultdict(list)
    for card in asia_cards:
        sig = _join_sig(card)
        if sig is not None:
            asia_by_sig[sig].append(card)
    joined: dict[int, Card] = {}  # id(asia card) -> en card
    for sig, asia in asia_by_sig.items():
        en = by_sig.get(sig, [])
        if len(en) == 1 and len(asia) == 1:
            joined[id(asia[0])] = en[0]
    # Trainers and Energy: through the reviewed table only
    en_by_name: dict[tuple, list[Card]] = defaultdict(list)
    for card in en_cards:
        if card.category != "pokemon":
            en_by_name[(card.category, name_key(card.name["en"]))].append(card)
    basic_en: dict[str, list[Card]] = defaultdict(list)
    for card in en_cards:
        if card.category == "energy" and card.energy_type == "basic":
            basic_en[basic_energy_type(card.name)].append(card)
    for card in asia_cards:
        if card.category == "energy" and card.energy_type == "basic":  # basic Energy: by its type
            targets = basic_en.get(basic_energy_type(card.name) or "", [])
            if len(targets) == 1:
                joined[id(card)] = targets[0]
            continue
        if card.category == "pokemon" or "ja" not in card.name:
            continue
        entry = review.trainers.get(card.name["ja"])
        if not entry or not entry.get("en"):
            continue
        targets = en_by_name.get((card.category, name_key(entry["en"])), [])
        targets = [t for t in targets if t.trainer_type == card.trainer_type]
        if len(targets) == 1:
            joined[id(card)] = targets[0]
    merged_into: dict[int, list[Card]] = defaultdict(list)
    out = []
    for card in asia_cards:
        target = joined.get(id(card))
        if target is None:
            out.append(card)
        else:
            merged_into[id(target)].append(card)
    stats["joined_pokemon"] = sum(1 for c in asia_cards if id(c) in joined and c.category == "pokemon")
    stats["joined_trainers"] = sum(1 for c in asia_cards if id(c) in joined and c.category != "pokemon")
    result = []
    for card in en_cards:
        others = merged_into.get(id(card), [])
        if len(others) > 1 and card.category == "pokemon":
            raise ImportProblem(f"{card.prints[0].id}: joined to {len(others)} Asian cards (a join is one to one)")
        for other in others:  # several only through the table (ボスの指令, ボスの指令（ゲーチス）)
            _merge(card, other, conflicts)
        result.append(card)
    return result + out


def _merge(card: Card, other: Card, conflicts: list[Conflict]) -> None:
    """The Asian card `other` is the English `card`: names, texts, prints; values the
    English prints lack are filled from it; values both give and that differ are listed."""
    for lang, value in other.name.items():
        if lang != "en" and lang not in card.name:
            card.name[lang] = value
            card.name_from[lang] = "print"
        elif lang != "en" and name_key(value) != name_key(card.name[lang]):
            card.aliases.setdefault(lang, []).append(value)  # another print name of the same card
    for lang, value in other.text.items():
        card.text.setdefault(lang, value)
    for mine, theirs in zip(card.attacks + card.abilities, other.attacks + other.abilities):
        for lang, value in theirs["name"].items():
            mine["name"].setdefault(lang, value)
        for lang, value in theirs["text"].items():
            mine["text"].setdefault(lang, value)
    for lang, value in other.evolves_from.items():
        card.evolves_from.setdefault(lang, value)
    if card.category == "pokemon":
        if card.weakness is None and other.weakness is not None:
            card.weakness = other.weakness
            card.filled.append({"field": "weakness", "from": other.prints[0].id})
        elif other.weakness is not None and card.weakness != other.weakness:
            conflicts.append(Conflict(f"join-weakness:{card.prints[0].id}:{other.prints[0].id}", "join",
                                      f"{card.prints[0].id} Weakness {card.weakness}, "
                                      f"{other.prints[0].id} {other.weakness}"))
        if card.resistance is None and other.resistance is not None:
            card.resistance = other.resistance
            card.filled.append({"field": "resistance", "from": other.prints[0].id})
        elif other.resistance is not None and card.resistance != other.resistance:
            conflicts.append(Conflict(f"join-resistance:{card.prints[0].id}:{other.prints[0].id}", "join",
                                      f"{card.prints[0].id} Resistance {card.resistance}, "
                                      f"{other.prints[0].id} {other.resistance}"))
    card.prints = card.prints + other.prints
    card.notes.extend(other.notes)


# -- 5. names ---------------------------------------------------------------------------------------

def _derived_names(card: Card, species: dict[int, dict[str, str]], review: Review) -> dict[str, str]:
    """ko and zh (Simplified), and ja where no print gives it: the species name plus the
    Rule Box suffix, メガ/메가/超级 for a Mega Evolution, a reviewed prefix for a
    regional form or an owner; none where the name is anything else."""
    if card.category != "pokemon" or len(card.dex) != 1 or card.dex[0] not in species:
        return {}
    names = species[card.dex[0]]
    ex = card.rule in ("ex", "mega_ex")
    mega = card.rule == "mega_ex"
    if "en" in card.name:
        base = re.sub(r" ex$", "", card.name["en"]) if ex else card.name["en"]
        if mega:
            base = base.removeprefix("Mega ")
        prefix = None
        if base != names.get("en"):
            prefix = next((p for p in review.prefixes if base == p + names.get("en", "")), None)
            if prefix is None:
                return {}
    else:
        base = re.sub(r"ex$", "", card.name.get("ja", "")) if ex else card.name.get("ja", "")
        if mega:
            base = base.removeprefix("メガ")
        prefix = None
        if base != names.get("ja"):
            prefix = next((p for p, v in review.prefixes.items() if base == v.get("ja", "\0") + names.get("ja", "")),
                          None)
            if prefix is None:
                return {}
    out = {}
    for lang, mega_word in (("ko", "메가"), ("zh", "超级"), ("ja", "メガ")):
        if lang not in names:
            continue
        head = review.prefixes[prefix].get(lang) if prefix else ""
        if head is None:
            continue
        out[lang] = head + (mega_word if mega else "") + names[lang] + ("ex" if ex else "")
    return out


def name_cards(cards: list[Card], species: dict[int, dict[str, str]], review: Review,
               conflicts: list[Conflict]) -> None:
    used_korean = set()
    for card in cards:
        if card.category != "pokemon":
            card.name.pop("ko", None)  # the Korean files shift Trainer names: the reviewed table gives them
            card.name_from.pop("ko", None)
            ja = card.name.get("ja")
            if ja in review.korean:
                used_korean.add(ja)
                if review.korean[ja]:
                    card.name["ko"] = review.korean[ja]
                    card.name_from["ko"] = "table"
            entry = review.trainers.get(ja) if ja else None
            for lang in ("zh", "ko"):
                if entry and entry.get(lang) and lang not in card.name:
                    card.name[lang] = entry[lang]
                    card.name_from[lang] = "table"
            continue
        derived = _derived_names(card, species, review)
        for lang, value in derived.items():
            if lang not in card.name:
                card.name[lang] = value
                card.name_from[lang] = "pokeapi"
            elif name_key(card.name[lang]) != name_key(value) and lang == "ko":
                conflicts.append(Conflict(f"ko-name:{card.prints[0].id}", "name",
                                          f"{card.prints[0].id}: Korean print {card.name[lang]!r}, "
                                          f"PokéAPI {value!r}"))
    stale = sorted(set(review.korean) - used_korean)
    if stale:
        raise ImportProblem(f"names.yaml korean: names no card has: {', '.join(stale)}")


def collisions(cards: list[Card], conflicts: list[Conflict], review: Review) -> None:
    """A name in one language shared by cards whose names differ in another language is
    a data error (a name on the wrong card): listed, and never a join."""
    by_name: dict[tuple[str, str], list[Card]] = defaultdict(list)
    for card in cards:
        for lang, value in card.name.items():
            by_name[(lang, name_key(value))].append(card)
    for (lang, key), group in sorted(by_name.items()):
        if len(group) < 2:
            continue
        for other_lang in ("en", "ja", "zh-tw"):
            if other_lang == lang:
                continue
            names = {name_key(c.name[other_lang]) for c in group if other_lang in c.name}
            if len(names) > 1:
                ids = ",".join(sorted(c.prints[0].id for c in group))
                conflicts.append(Conflict(f"collision:{lang}:{key}:{other_lang}", "collision",
                                          f"{lang} name {group[0].name[lang]!r} is on cards named differently in "
                                          f"{other_lang}: " + ", ".join(sorted({c.name[other_lang] for c in group
                                                                                 if other_lang in c.name}))
                                          + f" ({ids})"))
                break


# -- 6. the records ----------------------------------------------------------------------------------

def card_id(card: Card) -> str:
    return card.prints[0].id


def finish(cards: list[Card], marks: tuple[str, ...], species: dict[int, dict[str, str]] | None = None) -> list[dict]:
    """The database records, sorted by card id; evolves_from in every language a card of
    that name gives (else PokéAPI's species name, where the name is exactly a species'),
    a Stage 2's line, legality, unknown values."""
    for card in cards:
        card.prints.sort(key=_print_order)
    by_en: dict[str, set[str]] = defaultdict(set)
    by_ja: dict[str, set[str]] = defaultdict(set)
    for card in cards:
        if "en" in card.name and "ja" in card.name:
            by_en[name_key(card.name["en"])].add(card.name["ja"])
            by_ja[name_key(card.name["ja"])].add(card.name["en"])
    for number, names in (species or {}).items():
        if "en" in names and "ja" in names:
            by_en.setdefault(name_key(names["en"]), set()).add(names["ja"])
            by_ja.setdefault(name_key(names["ja"]), set()).add(names["en"])
    for card in cards:  # evolves_from in the other language, where the name is certain
        ef = card.evolves_from
        if "en" in ef and "ja" not in ef and len(by_en.get(name_key(ef["en"]), ())) == 1:
            ef["ja"] = next(iter(by_en[name_key(ef["en"])]))
        if "ja" in ef and "en" not in ef and len(by_ja.get(name_key(ef["ja"]), ())) == 1:
            ef["en"] = next(iter(by_ja[name_key(ef["ja"])]))
    stage1: dict[str, set[tuple]] = defaultdict(set)  # a Stage 1's name -> what it evolves from
    for card in cards:
        if card.category == "pokemon" and card.stage == "stage1" and card.evolves_from:
            for value in card.name.values():
                stage1[name_key(value)].add(tuple(sorted(card.evolves_from.items())))
    records = []
    for card in sorted(cards, key=card_id):
        records.append(_record(card, marks, stage1))
    return records


def _record(card: Card, marks: tuple[str, ...], stage1: dict[str, set[tuple]]) -> dict:
    prints = [{"id": p.id, "set": p.set, "number": p.number, "lang": p.lang, "mark": p.mark}
              for p in card.prints]
    card_marks = sorted({p.mark for p in card.prints if p.mark})
    record: dict[str, Any] = {
        "id": card_id(card),
        "category": card.category,
        "name": {lang: card.name[lang] for lang in ("en", "ja", "zh", "zh-tw", "ko") if lang in card.name},
        "name_from": {lang: card.name_from.get(lang, "print") for lang in ("en", "ja", "zh", "zh-tw", "ko")
                      if lang in card.name},
    }
    aliases = {lang: sorted({n for n in names if name_key(n) != name_key(card.name.get(lang, ""))}, key=str)
               for lang, names in sorted(card.aliases.items())}
    if any(aliases.values()):
        record["aliases"] = {lang: names for lang, names in aliases.items() if names}
    unknown = []
    if card.category == "pokemon":
        weakness = card.weakness
        if weakness is None and card.types and "dragon" in card.types:
            weakness = ()  # a Dragon Pokémon prints no Weakness
        if weakness is None:
            unknown.append("weakness")
        for key in ("hp", "types", "stage", "retreat"):
            if getattr(card, key) is None:
                unknown.append(key)
        if card.resistance is None:
            unknown.append("resistance")
        if card.stage and card.stage != "basic" and not card.evolves_from:
            unknown.append("evolves_from")
        record.update({
            "stage": card.stage, "evolves_from": dict(sorted(card.evolves_from.items())) or None,
            "rule": card.rule, "types": list(card.types) if card.types else None, "hp": card.hp,
            "weakness": None if weakness is None else [{"type": t, "value": v} for t, v in weakness],
            "resistance": None if card.resistance is None else [{"type": t, "value": v} for t, v in card.resistance],
            "retreat": card.retreat, "dex": list(card.dex),
            "abilities": [{"name": _langs(a["name"]), "text": _langs(a["text"])} for a in card.abilities],
            "attacks": [{"name": _langs(a["name"]), "cost": a["cost"], "damage": a["damage"],
                         "text": _langs(a["text"])} for a in card.attacks],
        })
        if card.stage == "stage2" and card.evolves_from:
            lines = set()
            for value in card.evolves_from.values():
                lines |= stage1.get(name_key(value), set())
            if len(lines) == 1:
                basic = dict(next(iter(lines)))
                record["line"] = [basic, dict(sorted(card.evolves_from.items()))]
    else:
        record["trainer_type" if card.category == "trainer" else "energy_type"] = \
            card.trainer_type if card.category == "trainer" else card.energy_type
        if card.category == "energy" and card.energy_type == "basic":
            record["provides"] = basic_energy_type(card.name)
        if card.ace_spec:
            record["ace_spec"] = True
        record["text"] = _langs(card.text)
        if card.attacks:  # a Technical Machine's attack
            record["attacks"] = [{"name": _langs(a["name"]), "cost": a["cost"], "damage": a["damage"],
                                  "text": _langs(a["text"])} for a in card.attacks]
    record["filled"] = list(card.filled)
    gaps = _text_gaps(record)
    record.update({
        "marks": card_marks,
        "standard": any(m in marks for m in card_marks) or (card.category == "energy"
                                                             and card.energy_type == "basic"),
        "prints": prints,
        "unknown": unknown,
    })
    if gaps:
        record["text_gaps"] = gaps
    if card.notes:
        record["notes"] = sorted(set(card.notes))
    return record


def _langs(texts: dict[str, str]) -> dict[str, str]:
    """The texts kept: English and Japanese (the text parser reads those two)."""
    return {lang: texts[lang] for lang in ("en", "ja") if lang in texts}


def _text_gaps(record: dict) -> list[dict]:
    """Japanese texts that print fewer Energy symbols than the English text of the same
    card (a symbol the file dropped, 「基本エネルギー」 for 「基本[R]エネルギー」). Where the
    English text names as many basic Energy types ("Basic {R} Energy") as the Japanese
    has 「基本エネルギー」, the symbols are filled in from it, in order (recorded in
    `filled`); what remains is listed, so that what reads the texts prefers the English."""
    gaps = []
    parts = [("text", 0, record.get("text") or {})]
    parts += [("ability", i, a["text"]) for i, a in enumerate(record.get("abilities") or ())]
    parts += [("attack", i, a["text"]) for i, a in enumerate(record.get("attacks") or ())]
    for part, index, text in parts:
        if "en" not in text or "ja" not in text:
            continue
        if _symbol_count(text["ja"]) < _symbol_count(text["en"]):
            types = re.findall(r"Basic \{([GRWLPFDM])\} Energy", text["en"])
            if types and len(types) == text["ja"].count("基本エネルギー"):
                repaired = text["ja"]
                for letter in types:
                    repaired = repaired.replace("基本エネルギー", f"基本[{letter}]エネルギー", 1)
                text["ja"] = repaired
                record.setdefault("filled", []).append({"field": f"{part}[{index}].text.ja",
                                                        "from": "the English text of the same card"})
        if _symbol_count(text["ja"]) < _symbol_count(text["en"]):
            gaps.append({"part": part, "index": index, "lang": "ja",
                         "why": f"prints {_symbol_count(text['ja'])} Energy symbols, the English text "
                                f"{_symbol_count(text['en'])}"})
    return gaps


def _symbol_count(text: str) -> int:
    from judgebot.carddb.normalize import type_words_as_symbols

    return len(symbols(type_words_as_symbols(text)))


def build(prints: list[Print], species: dict[int, dict[str, str]], review: Review,
          marks: tuple[str, ...]) -> Result:
    conflicts: list[Conflict] = []
    stats: dict[str, Any] = {}
    prepared = prepare(prints, review)
    en = [make_card(g, conflicts, review) for g in group_prints([p for p in prepared if p.region == "intl"],
                                                                   conflicts)]
    asia = [make_card(g, conflicts, review) for g in group_prints([p for p in prepared if p.region == "asia"],
                                                                     conflicts)]
    cards = join(en, asia, species, review, conflicts, stats)
    name_cards(cards, species, review, conflicts)
    collisions(cards, conflicts, review)
    stats["prints"] = len(prepared)
    return Result(cards=cards, conflicts=conflicts, stats=stats)
