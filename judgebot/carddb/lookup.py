"""Run time: real cards by name, printed number or TCGdex id (SCENARIOS.md "Real cards").

    find("Charizard ex OBF 125")   -> Found(cards=[the card], print=OBF 125, how="name+print")
    find("iron hands")             -> Found(cards=[Iron Hands], how="name")   # exact beats near
    find("Iron Defendr")           -> Found(cards=[], nearest=[Iron Defender …])

A name matches in any language of the card, ignoring case, full/half width, blanks and
hyphens (`normalize.name_key`); a set number with or without leading zeros. `find`
never corrects a name: a miss returns the nearest names (`nearest`), and the caller
decides (a scenario is refused with them; `judgebot card` may take the one clearly
nearest card and say so, `clearly_nearest`). Several functional cards are a
`Found` with several cards; `narrow` keeps those a scenario's other keys fit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from collections.abc import Iterable, Iterator

from judgebot.carddb.normalize import LazyPattern, name_key, print_key
from judgebot.carddb.store import Database, id_key

LANGS = ("en", "ja", "zh", "zh-tw", "ko")


@dataclass
class Found:
    query: str
    how: str  # id | print | name+print | name | none
    cards: list[dict] = field(default_factory=list)  # distinct functional cards
    print: dict | None = None  # the print the query pinned
    names: list[tuple[str, str]] = field(default_factory=list)  # (lang, name) the query matched
    nearest: list[tuple[str, str, str]] = field(default_factory=list)  # (lang, name, card id) on a miss
    mismatch: dict | None = None  # "Name SET NUM" where the print is another card: that card

    @property
    def card(self) -> dict | None:
        return self.cards[0] if len(self.cards) == 1 else None


def database_path() -> Path:
    import os

    return _database_path(os.environ.get("JUDGEBOT_DATA"))


@lru_cache(maxsize=4)
def _database_path(override: str | None) -> Path:
    """Resolved once per JUDGEBOT_DATA value (importlib.resources is slow to ask each time)."""
    from judgebot.paths import data_dir

    return data_dir() / "carddb" / "cards.sqlite"


@lru_cache(maxsize=4)
def _database(path: str) -> Database:
    return Database(Path(path))


def database() -> Database:
    """The card database shipped with judgebot (JUDGEBOT_DATA overrides the folder)."""
    return _database(str(database_path()))


def get(card_id: str) -> dict | None:
    return database().card(card_id)


def iter_cards() -> Iterator[dict]:
    return database().cards()


# -- queries ------------------------------------------------------------------------------------

# A printed set code and number: `OBF 125`, `SV-P 081`, `SV4a 331`, `PAR 70`, or, for a
# set code of letters only, `OBF125` / `obf-125`.
_SET = r"[A-Za-z][A-Za-z0-9.]*(?:-[A-Za-z0-9]+)?"
_NUMBER = r"[A-Za-z]{0,3}\d+[a-z]?|[A-Za-z]{3}"
_PRINT_ONLY = re.compile(rf"^({_SET})\s+({_NUMBER})$|^([A-Za-z]+)-?(\d+)$")
_TRAILING_PRINT = re.compile(rf"^(.*\S)\s+(?:({_SET})\s+({_NUMBER})|([A-Za-z]+)-?(\d+))$")


def _print_key_of(set_code: str, number: str) -> str:
    return print_key(set_code, number)


def _pinned(db: Database, key: str) -> tuple[dict, dict] | None:
    rows = db.by_print(key)
    if len({card for _, card in rows}) != 1:
        return None
    print_id, card_id = rows[0]
    card = db.card(card_id)
    printed = next(p for p in card["prints"] if p["id"] == print_id)
    return card, printed


def find(query: str, near: bool = True) -> Found:
    """What `query` names: a TCGdex id, a printed set code and number, a name with a
    printed number, or a name (exact, in any language); on a miss, the nearest names
    (unless `near` is false: search asks on every query and wants no fuzzy pass)."""
    found = _find(str(query), str(database_path()))
    if not found.cards and found.mismatch is None and near:
        text = " ".join(str(query).split())
        return Found(query=query, how="none", nearest=nearest(text) if text else [])
    return Found(query=query, how=found.how, cards=list(found.cards), print=found.print, names=list(found.names),
                 mismatch=found.mismatch)


@lru_cache(maxsize=4096)  # a batch of scenarios names the same cards again and again
def _find(query: str, path: str) -> Found:
    db = _database(path)
    text = " ".join(str(query).split())
    if not text:
        return Found(query=query, how="none")
    hit = (_pinned(db, id_key(text)) or _pinned(db, id_key(text, exact=False))) if " " not in text else None
    if hit:
        return Found(query=query, how="id", cards=[hit[0]], print=hit[1])
    match = _PRINT_ONLY.match(text)
    if match:
        set_code, number = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        hit = _pinned(db, _print_key_of(set_code, number))
        if hit:
            return Found(query=query, how="print", cards=[hit[0]], print=hit[1])
    match = _TRAILING_PRINT.match(text)
    if match:
        set_code, number = (match.group(2), match.group(3)) if match.group(2) else (match.group(4), match.group(5))
        hit = _pinned(db, _print_key_of(set_code, number))
        if hit:
            card, printed = hit
            wanted = name_key(match.group(1))
            names = [(lang, n) for lang, n in _all_names(card) if name_key(n) == wanted]
            if names:
                return Found(query=query, how="name+print", cards=[card], print=printed, names=names)
            return Found(query=query, how="none", mismatch={"card": card, "print": printed,
                                                            "name": match.group(1)})
    rows = db.by_name(name_key(text))
    if rows:
        ids = list(dict.fromkeys(card_id for _, _, card_id in rows))
        return Found(query=query, how="name", cards=[db.card(i) for i in ids],
                     names=list(dict.fromkeys((lang, name) for lang, name, _ in rows)))
    return Found(query=query, how="none")


def _all_names(card: dict) -> Iterator[tuple[str, str]]:
    for lang, name in card["name"].items():
        yield lang, name
    for lang, names in (card.get("aliases") or {}).items():
        for name in names:
            yield lang, name


# -- nearest names --------------------------------------------------------------------------------

@lru_cache(maxsize=4)
def _name_table(path: str) -> tuple[list[str], list[tuple[str, str, str]]]:
    rows = _database(path).all_names()
    return [key for key, *_ in rows], [(lang, name, card) for _, lang, name, card in rows]


def nearest(query: str, limit: int = 8, cutoff: float = 60.0) -> list[tuple[str, str, str]]:
    """The names nearest to `query`, best first: (lang, name, card id), one per distinct
    name (a name several cards share is listed once)."""
    from rapidfuzz import fuzz, process

    keys, rows = _name_table(str(database_path()))
    key = name_key(query)
    if not key:
        return []
    found = process.extract(key, keys, scorer=fuzz.ratio, limit=limit * 6, score_cutoff=cutoff)
    out: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for _, score, index in sorted(found, key=lambda f: (-f[1], f[2])):
        lang, name, card = rows[index]
        if name in seen:
            continue
        seen.add(name)
        out.append((lang, name, card))
        if len(out) >= limit:
            break
    return out


def clearly_nearest(query: str) -> tuple[str, list[dict]] | None:
    """The one name clearly nearest to `query` (a typo: "Iron Defendr"), with its cards:
    at least 80 % alike, and 8 points ahead of any other name of other cards."""
    from rapidfuzz import fuzz

    best = nearest(query, limit=6, cutoff=70.0)
    if not best:
        return None
    key = name_key(query)
    scored = [(fuzz.ratio(key, name_key(name)), lang, name, card) for lang, name, card in best]
    top = scored[0]
    if top[0] < 80:
        return None
    top_cards = {c for s, _, n, c in scored if name_key(n) == name_key(top[2])}
    rivals = [s for s, _, n, c in scored if name_key(n) != name_key(top[2]) and c not in top_cards]
    if rivals and top[0] - max(rivals) < 8:
        return None
    db = database()
    ids = list(dict.fromkeys(card for _, _, card in db.by_name(name_key(top[2]))))
    return top[2], [db.card(i) for i in ids]


def prefix(text: str, limit: int = 10) -> list[dict]:
    """Names starting with `text` (any language), for autocomplete: [{id, name, lang}],
    shortest first, one entry per (card, name)."""
    key = name_key(text)
    rows = database().by_prefix(key, limit * 3)
    out = []
    seen = set()
    for _, lang, name, card in rows:
        if (card, name) in seen:
            continue
        seen.add((card, name))
        out.append({"id": card, "name": name, "lang": lang})
        if len(out) >= limit:
            break
    return out


# -- narrowing and describing candidates ------------------------------------------------------------

def part_names(card: dict, kind: str) -> set[str]:
    """Keys of the names of a card's attacks or Abilities, in every language."""
    return {name_key(n) for part in card.get(kind) or () for n in part["name"].values()}


def narrow(cards: list[dict], attacks: Iterable[str] = (), abilities: Iterable[str] = (),
           values: dict | None = None) -> list[dict]:
    """The candidates that fit what a scenario says besides the name: the attacks and
    Abilities it names, and printed values written beside `card:` (hp, types, stage,
    rule). A test that would leave none is not applied (the keys then override the
    printed values rather than choose between cards)."""
    result = list(cards)
    if len(result) < 2:
        return result
    tests = []
    for name in attacks:
        tests.append(lambda c, k=name_key(name): k in part_names(c, "attacks"))
    for name in abilities:
        tests.append(lambda c, k=name_key(name): k in part_names(c, "abilities"))
    for key, value in (values or {}).items():
        tests.append(lambda c, k=key, v=value: c.get(k) == v)
    for test in tests:
        kept = [c for c in result if test(c)]
        if kept:
            result = kept
    return result


DIFFERS = ("types", "hp", "stage", "evolves_from", "rule", "weakness", "resistance", "retreat", "attacks",
           "abilities", "trainer_type", "energy_type", "text")


def what_differs(cards: list[dict]) -> list[str]:
    """The fields (of DIFFERS) on which the candidates are not all equal."""
    out = []
    for key in DIFFERS:
        values = {repr(_comparable(c, key)) for c in cards}
        if len(values) > 1:
            out.append(key)
    return out


def _comparable(card: dict, key: str):
    value = card.get(key)
    if key in ("attacks", "abilities"):
        return [(part["name"].get("en") or part["name"].get("ja"), part.get("cost"), part.get("damage"))
                for part in value or ()]
    if key == "evolves_from":
        return (value or {}).get("en") or (value or {}).get("ja")
    if key == "text":
        return (value or {}).get("en") or (value or {}).get("ja")
    return value


def print_label(printed: dict) -> str:
    return f"{printed['set']} {printed['number']}"


def describe(card: dict, keys: Iterable[str], lang: str = "en") -> str:
    """`OBF 125, SVP 056, PAF 054 … (Darkness, 330 HP)`: a candidate's prints and the
    values that tell it from the others."""
    prints = [print_label(p) for p in card["prints"]]
    shown = ", ".join(prints[:4]) + (f" … ({len(prints)} prints)" if len(prints) > 4 else "")
    bits = []
    for key in keys:
        value = card.get(key)
        if key == "types" and value:
            bits.append("/".join(t.capitalize() for t in value))
        elif key == "hp" and value:
            bits.append(f"{value} HP")
        elif key == "stage" and value:
            bits.append({"basic": "Basic", "stage1": "Stage 1", "stage2": "Stage 2"}.get(value, value))
        elif key == "rule" and value:
            bits.append("no Rule Box" if value == "none" else value.replace("_", " "))
        elif key == "evolves_from" and value:
            bits.append("from " + (value.get(lang) or value.get("en") or next(iter(value.values()))))
        elif key in ("attacks", "abilities") and value:
            names = [p["name"].get(lang) or p["name"].get("en") or p["name"].get("ja") for p in value]
            bits.append(("attacks " if key == "attacks" else "Abilities ") + ", ".join(n for n in names if n))
        elif key == "weakness":
            bits.append("Weakness " + (", ".join(w["type"].capitalize() for w in value) if value else
                                       ("none" if value == [] else "unknown")))
        elif key == "retreat":
            bits.append(f"Retreat {value if value is not None else 'unknown'}")
        elif key == "text":
            text = (value or {}).get(lang) or (value or {}).get("en") or (value or {}).get("ja") or ""
            bits.append(text[:40] + ("…" if len(text) > 40 else ""))
        elif key in ("trainer_type", "energy_type") and value:
            bits.append(value)
    return shown + (f" ({', '.join(bits)})" if bits else "")


def candidates_line(cards: list[dict], lang: str = "en") -> str:
    """Every candidate, with what differs: `MEW 006 (Fire, 330 HP) | OBF 125 … (Darkness, 330 HP)`."""
    keys = what_differs(cards)[:3]
    return " | ".join(describe(card, keys, lang) for card in cards)


def name_in(card: dict, lang: str) -> str:
    """The card's name in `lang`, else English, else Japanese, else any."""
    names = card["name"]
    if lang == "zh":
        return names.get("zh") or names.get("zh-tw") or names.get("en") or next(iter(names.values()))
    return names.get(lang) or names.get("en") or names.get("ja") or next(iter(names.values()))


# Each language's own name of a card or of one of its attacks/Abilities, for a ruling
# written in that language; zh is Simplified only (guide-zh's script), never zh-tw.
@lru_cache(maxsize=4096)
def localized_name(name: str, lang: str) -> str | None:
    """The name a ruling in `lang` gives the card, attack or Ability written `name`
    (in any language): the one name the cards so named have in `lang` (prints that lack
    one do not count against it), else None (unknown, no name in that language, or
    cards that disagree — never a guess)."""
    key = name_key(name)
    if not key or lang not in ("en", "ja", "zh", "ko"):
        return None
    try:
        db = database()
        cards = {card_id for _, _, card_id in db.by_name(key)}
        if cards:
            found = {db.card(card_id)["name"].get(lang) for card_id in cards}
        else:
            found = set()
            for card_id, part, index in db.by_part(key):
                entries = db.card(card_id).get("abilities" if part == "ability" else "attacks") or ()
                if part in ("ability", "attack") and index < len(entries):
                    found.add(entries[index]["name"].get(lang))
    except FileNotFoundError:
        return None
    found.discard(None)
    if not found:
        return species_name(name, lang)
    return found.pop() if len(found) == 1 else None


# The Rule Box marks a species name carries in a card's name: リザードンex, Charizard ex.
_SUFFIX = LazyPattern(r"(\s*(?:ex|EX|GX|V|VMAX|VSTAR))$")


def species_name(name: str, lang: str) -> str | None:
    """A Pokémon species written in any language (a Rule Box mark kept: ex, V …) in
    `lang`, from PokéAPI's species names; None when `name` is no single species'."""
    match = _SUFFIX.search(name)
    suffix = match.group(1).strip() if match else ""
    base = name[:match.start()] if match else name
    numbers = _species_index().get(name_key(base), set())
    if len(numbers) != 1:
        return None
    said = _species()[next(iter(numbers))].get(lang)
    if not said:
        return None
    return f"{said} {suffix}" if suffix and lang == "en" else f"{said}{suffix}"


@lru_cache(maxsize=1)
def _species() -> dict[str, dict[str, str]]:
    try:
        return database().meta().get("species") or {}
    except FileNotFoundError:
        return {}


@lru_cache(maxsize=1)
def _species_index() -> dict[str, set[str]]:
    index: dict[str, set[str]] = {}
    for number, names in _species().items():
        for value in names.values():
            index.setdefault(name_key(value), set()).add(number)
    return index


# -- texts (for the card-text parser and the quick-ruling page) -------------------------------------

@dataclass(frozen=True)
class CardText:
    """One text printed on a card: an attack's, an Ability's, a Trainer's or special
    Energy's. `key` is stable across imports: card id / part / index
    (`sv03-125/attack/0`, `sv02-172/trainer/0`)."""

    key: str
    card: str
    part: str  # attack | ability | trainer | energy
    index: int
    name: dict  # lang -> the attack's or Ability's name (a Trainer's: the card's)
    text: dict  # lang -> text (en, ja); {} for an attack with no text
    gaps: tuple[str, ...] = ()  # languages whose text is known to lack an Energy symbol


def texts(card: dict) -> list[CardText]:
    gaps = {(g["part"], g["index"]): g["lang"] for g in card.get("text_gaps", ())}
    out = []
    for part, kind in (("ability", "abilities"), ("attack", "attacks")):
        for index, entry in enumerate(card.get(kind) or ()):
            out.append(CardText(f"{card['id']}/{part}/{index}", card["id"], part, index, dict(entry["name"]),
                                dict(entry["text"]), tuple(v for k, v in gaps.items() if k == (part, index))))
    if card["category"] != "pokemon" and card.get("text"):
        part = "trainer" if card["category"] == "trainer" else "energy"
        out.append(CardText(f"{card['id']}/{part}/0", card["id"], part, 0, dict(card["name"]), dict(card["text"]),
                            tuple(v for k, v in gaps.items() if k == ("text", 0))))
    return out


def text_by_key(key: str) -> CardText | None:
    card_id, _, rest = key.partition("/")
    card = get(card_id)
    if card is None:
        return None
    return next((t for t in texts(card) if t.key == key), None)


def iter_texts() -> Iterator[CardText]:
    for card in iter_cards():
        yield from texts(card)


# -- names across languages (the engine compares names with this) -----------------------------------

@lru_cache(maxsize=4096)
def name_group(name: str) -> frozenset[str]:
    """Every name (as a key) of the cards named `name`, in every language: リザード,
    Charmeleon, 리자드 … are one group. A name no card has is its own group."""
    key = name_key(name)
    if not key:
        return frozenset()
    try:
        db = database()
        ids = {card for _, _, card in db.by_name(key)}
    except FileNotFoundError:
        return frozenset({key})
    keys = {key}
    for card_id in ids:
        keys |= {name_key(n) for _, n in _all_names(db.card(card_id))}
    return frozenset(keys)


def same_name(a: str | None, b: str | None) -> bool:
    """True when `a` and `b` name the same card name (SCENARIOS.md "Real cards": names
    compare in any of the card's languages): equal, equal as keys, or names of the same
    cards in two languages."""
    if a is None or b is None:
        return a == b
    if a == b:
        return True
    key_b = name_key(b)
    return key_b == name_key(a) or key_b in name_group(a)
