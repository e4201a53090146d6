"""Real cards in scenarios (SCENARIOS.md "Real cards"): `card:` filled from the card database.

A Pokémon spot, a Tool, a Stadium, a special Energy, an effect's card and an
evolve/bench/play ask's card may name a real card (judgebot.carddb): its printed values
become the scenario's keys, written next to `card:` keys win, and the scenario is then
read as if the judge had typed them. The guide's card catalog and the database are one
lookup: a catalog entry that is a real card (アイアンディフェンダー is Iron Defender)
brings its modelled meaning (`links`, reviewed in data/carddb/catalog.yaml).

A printed text the engine does not apply is never skipped: an attack's text when the
attack is asked, an Ability's when it is in force or used, a Trainer's or Energy's when
it is in play or played — each either has a meaning (the catalog's, or the file's own
keys for it) or the file is refused with `not modelled`, quoting the text and saying how
to give it by hand. A value no print gives (Weakness of most White Flare cards) is
asked for only where the ruling needs it (`Pokemon.unknown`).

What is used is recorded for the ruling's `cards` key: the card, the name as written,
the print, and every text met, applied or not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from judgebot.carddb import lookup
from judgebot.carddb.normalize import name_key, text_key
from judgebot.engine.format.yaml_lines import key_label
from judgebot.errors import NotModelledError, ScenarioError, shorten

# An old informational `card:` beside `name:` on a Pokémon: a set code with no number.
SET_CODE = re.compile(r"^(?:[A-Z]{1,4}[0-9][0-9A-Za-z.\-]*|[A-Z]{2,4})$")
PRINTED_KEYS = ("name", "stage", "evolves_from", "rule", "types", "hp", "weakness", "resistance", "retreat",
                "attacks", "abilities", "line")
UNKNOWN_AT_READ = ("hp", "types", "stage")  # needed by every ruling: asked for at once
UNKNOWN_LATER = ("weakness", "resistance", "retreat", "evolves_from")
TRAINER_KINDS = {"item": "item", "supporter": "supporter", "stadium": "stadium", "tool": "tool"}
# Keys of an attack or Ability entry that give its effect by hand (beyond naming it).
BY_HAND_ATTACK = ("damage", "do", "effects", "conditions", "bench_damage", "self_damage", "fails_on_tails",
                  "ignore_weakness_resistance", "ignore_defender_effects", "usable_from_bench", "alt_cost")
BY_HAND_ABILITY = ("effect", "do", "does", "pay", "declared")


# -- when an Ability's text is met -----------------------------------------------------------------

_USED = (re.compile(r"^(?:You must [^.]+\. )?(?:Once during (?:your|each player's) turn|As often as you like "
                    r"during your turn)", re.I),
         re.compile(r"(?:自分の番に|番ごとに)(?:1回|何回でも)使える"))
_ON_EVOLVE = (re.compile(r"when you play this Pokémon from your hand to evolve", re.I),
              re.compile(r"手札から出して進化させたとき"))
_ON_BENCH = (re.compile(r"when you play this Pokémon from your hand onto your Bench", re.I),
             re.compile(r"手札からベンチに出したとき"))


def ability_timing(text: dict) -> str:
    """When an Ability's text is met (not what it does): `evolve` (when this card is
    played to evolve), `bench` (played onto the Bench), `used` (the player uses it: an
    `ability` ask), else `in_force` (as long as the Pokémon is in play)."""
    en, ja = text.get("en", ""), text.get("ja", "")
    for timing, (en_re, ja_re) in (("evolve", _ON_EVOLVE), ("bench", _ON_BENCH), ("used", _USED)):
        if en_re.search(en) or ja_re.search(ja):
            return timing
    return "in_force"


# -- the catalog and the database: one lookup ------------------------------------------------------

@dataclass(frozen=True)
class Link:
    entry: str  # the catalog entry's name
    card: str  # the card id
    part: str  # attack | ability | trainer | energy
    index: int
    same_text: bool


CATEGORY_PART = {"ability": "ability", "attack": "attack", "item": "trainer", "supporter": "trainer",
                 "stadium": "trainer", "tool": "trainer", "special_energy": "energy"}


def link_candidates(catalog: Any) -> list[tuple[Any, str, str, int, str]]:
    """(entry, card id, part, index, the part's Japanese text) for every catalog entry
    and every real card part of the same kind that bears one of its names."""
    db = lookup.database()
    out = []
    for entry in catalog.entries.values():
        part = CATEGORY_PART[entry.category]
        seen = set()
        for name in (entry.name,) + entry.aliases:
            key = name_key(name)
            if part in ("attack", "ability"):
                rows = [(card, p, i) for card, p, i in db.by_part(key) if p == part]
            else:
                rows = [(card, part, 0) for _, _, card in db.by_name(key)]
            for card_id, p, index in rows:
                if (card_id, p, index) in seen:
                    continue
                card = db.card(card_id)
                if not _kind_fits(card, entry.category):
                    continue
                seen.add((card_id, p, index))
                text = _part_text(card, p, index).get("ja", "")
                out.append((entry, card_id, p, index, text))
    return out


def _kind_fits(card: dict, category: str) -> bool:
    if category in ("ability", "attack"):
        return True
    if category == "special_energy":
        return card["category"] == "energy" and card.get("energy_type") == "special"
    return card["category"] == "trainer" and card.get("trainer_type") == category


def _part_text(card: dict, part: str, index: int) -> dict:
    if part == "attack":
        return card["attacks"][index]["text"]
    if part == "ability":
        return card["abilities"][index]["text"]
    return card.get("text") or {}


def review() -> dict:
    """data/carddb/catalog.yaml: entry -> card id -> {link: bool, why}."""
    import yaml

    from judgebot.paths import data_dir

    path = data_dir() / "carddb" / "catalog.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except FileNotFoundError:
        return {}
    return data.get("links") or {}


def compute_links(catalog: Any) -> tuple[list[Link], list[tuple[str, str]]]:
    """The links of the catalog's entries to real cards: where the texts agree, by
    themselves; where they differ, as the review decided. Also the (entry, card) pairs
    whose texts differ and that the review has not decided (a test lists them)."""
    decided = review()
    links, undecided = [], []
    for entry, card_id, part, index, text in link_candidates(catalog):
        same = bool(entry.text) and text_key(entry.text) == text_key(text)
        if same:
            links.append(Link(entry.name, card_id, part, index, True))
            continue
        decision = (decided.get(entry.name) or {}).get(card_id)
        if decision is None:
            undecided.append((entry.name, card_id))
        elif decision.get("link"):
            links.append(Link(entry.name, card_id, part, index, False))
    return links, undecided


@lru_cache(maxsize=4)
def _links(catalog_id: int, catalog: Any) -> dict:
    links, _ = compute_links(catalog)
    by_part = {(l.card, l.part, l.index): l for l in links}
    by_entry: dict[str, list[Link]] = {}
    for l in links:
        by_entry.setdefault(l.entry, []).append(l)
    return {"part": by_part, "entry": by_entry}


def links(catalog: Any) -> dict:
    return _links(id(catalog), catalog)


# -- what a scenario used --------------------------------------------------------------------------

@dataclass
class CardUse:
    """One real card a scenario used: the ruling's `cards` entry."""

    at: str
    card: dict
    written: str
    print: dict
    lang: str  # the language the file named it in (texts are quoted in it, else English)
    texts: list[dict] = field(default_factory=list)  # {part, index, name, applied, why}

    def met(self, part: str, index: int, name: str, applied: bool, why: str) -> None:
        if not any(t["part"] == part and t["index"] == index for t in self.texts):
            self.texts.append({"part": part, "index": index, "name": name, "applied": applied, "why": why})

    def to_dict(self) -> dict:
        return {"at": self.at, "card": self.card["id"], "name": self.written,
                "print": lookup.print_label(self.print),
                "text": [{k: t[k] for k in ("part", "name", "applied", "why")} for t in self.texts]}


def first_print(card: dict) -> dict:
    return next((p for p in card["prints"] if p["lang"] == "en"), card["prints"][0])


def query_lang(found: lookup.Found, card: dict) -> str:
    """The language the file named the card in: that of the name it matched, else the
    pinned print's."""
    if found.names:
        lang = found.names[0][0]
        return "zh" if lang == "zh-tw" else lang
    if found.print is not None:
        return found.print["lang"] if found.print["lang"] in ("en", "ja") else "en"
    return "en"


def in_lang(names: dict, lang: str) -> str | None:
    """A part's or card's name in `lang`, else English, else Japanese."""
    if not names:
        return None
    return names.get(lang) or names.get("en") or names.get("ja") or next(iter(names.values()))


def quote(text: dict, lang: str) -> str:
    value = text.get(lang) or text.get("en") or text.get("ja") or ""
    return shorten(value, 160)


@dataclass(frozen=True)
class Unapplied:
    """A printed text the engine has no meaning for, with where the file named its card:
    raised as `not modelled` when the ruling meets it."""

    message: str
    file: str
    line: Any
    path: str

    def error(self) -> NotModelledError:
        return NotModelledError(self.message, self.file, self.line, self.path)


@dataclass(frozen=True)
class Unknown:
    """A value no print of the card gives: asked for where the ruling needs it."""

    key: str
    message: str
    file: str
    line: Any
    path: str

    def error(self) -> ScenarioError:
        return ScenarioError(self.file, self.line, self.path, self.message)


def not_modelled_message(written: str, what: str, text: dict, lang: str, how: str) -> str:
    return (f"{written}: {what} is not modelled: \"{quote(text, lang)}\" — give it by hand: {how}")
