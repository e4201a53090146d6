"""`judgebot card QUERY`: one real card, as CONTRACT.md `card` prints it.

The card database (judgebot.carddb) gives what is printed; the card catalog says which
texts the engine applies (`modelled`); data/carddb/mentions.json gives the rule records
about the card and the packaged rulings that use it (made by `python3 -m
judgebot.card_answer --mentions`, kept current by a test). Library code: no CLI or web
imports; errors are judgebot.errors (exit 2 / HTTP 404, 409).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from judgebot.carddb import lookup
from judgebot.carddb.normalize import name_key
from judgebot.errors import InputError
from judgebot.paths import data_dir

LANGS = ("en", "ja", "zh", "ko")


class UnknownCardError(InputError):
    """No card of that name or number (the nearest names listed)."""

    http_status = 404

    def __init__(self, query: str, nearest: list[tuple[str, str, str]], message: str | None = None):
        self.query = query
        self.nearest = nearest
        text = message or f"no card named or numbered {query!r}"
        if nearest:
            text += "; did you mean: " + ", ".join(f"{name} ({lang})" for lang, name, _ in nearest[:6])
        super().__init__(text)


class AmbiguousCardError(InputError):
    """A name that several different cards bear: each listed with what differs."""

    http_status = 409

    def __init__(self, query: str, cards: list[dict], lang: str = "en"):
        self.query = query
        self.cards = cards
        keys = lookup.what_differs(cards)[:3]
        self.candidates = [{"id": c["id"], "name": lookup.name_in(c, lang),
                            "prints": [lookup.print_label(p) for p in c["prints"]],
                            "differs": lookup.describe(c, keys, lang)} for c in cards]
        super().__init__(f"{query!r} names {len(cards)} different cards: {lookup.candidates_line(cards, lang)}; "
                         f"pin one with its set code and number (judgebot card \"{lookup.name_in(cards[0], lang)} "
                         f"{lookup.print_label(cards[0]['prints'][0])}\")")


def resolve(query: str, lang: str = "en") -> tuple[dict, dict | None, dict | None]:
    """(card, pinned print or None, correction or None) for a query; a typo is corrected
    only to the one clearly nearest name."""
    found = lookup.find(query)
    if not found.cards and found.mismatch is None:
        found = _by_another_name(query) or found
    if found.mismatch is not None:
        m = found.mismatch
        raise UnknownCardError(query, [], f"{lookup.print_label(m['print'])} is "
                                          f"{lookup.name_in(m['card'], lang)}, not {m['name']!r}")
    if not found.cards:
        near = lookup.clearly_nearest(query)
        if near is None:
            raise UnknownCardError(query, found.nearest)
        name, cards = near
        if len(cards) > 1:
            raise AmbiguousCardError(name, cards, lang)
        return cards[0], None, {"query": query, "name": name}
    if len(found.cards) > 1:
        raise AmbiguousCardError(query, found.cards, lang)
    return found.cards[0], found.print, None


def _by_another_name(query: str):
    """The card a Korean or Chinese name names when the database knows the card by its
    Japanese or English name only (data/card_names.yaml: checked names)."""
    from judgebot.glossary import other_card_names

    for name in other_card_names(query):
        found = lookup.find(name, near=False)
        if found.cards:
            return found
    return None


def card_document(query: str, lang: str = "en") -> dict:
    """The `card --json` document (CONTRACT.md), with additive keys."""
    card, printed, corrected = resolve(query, lang)
    return document(card, lang, printed, corrected, query)


def document(card: dict, lang: str = "en", printed: dict | None = None, corrected: dict | None = None,
             query: str | None = None) -> dict:
    readings = text_readings(card)
    applied = {key: reading == "applied" for key, reading in readings.items()}
    doc: dict[str, Any] = {
        "query": query,
        "id": card["id"],
        "name": {k: card["name"][k] for k in ("en", "ja", "zh", "ko") if k in card["name"]}
        | ({"zh-tw": card["name"]["zh-tw"]} if "zh-tw" in card["name"] else {}),
        "category": card["category"],
    }
    if card["category"] == "trainer":
        doc["trainer_type"] = card.get("trainer_type")
    if card["category"] == "energy":
        doc["energy_type"] = card.get("energy_type")
    if card["category"] == "pokemon":
        evolves = card.get("evolves_from") or {}
        doc.update({
            "stage": card.get("stage"),
            "evolves_from": evolves.get(lang) or evolves.get("en") or evolves.get("ja"),
            "rule": card.get("rule"),
            "types": card.get("types"),
            "hp": card.get("hp"),
            "weakness": card.get("weakness"),
            "resistance": card.get("resistance"),
            "retreat": card.get("retreat"),
            "abilities": [{"name": a["name"], "text": a["text"], "modelled": applied.get(("ability", i), False),
                           "reading": readings.get(("ability", i)),
                           "waits_for": waits_for(a["text"], readings.get(("ability", i)))}
                          for i, a in enumerate(card.get("abilities") or ())],
        })
    if card.get("attacks") or card["category"] == "pokemon":
        doc["attacks"] = [{"name": a["name"], "cost": a["cost"], "damage": a.get("damage"), "text": a["text"],
                           "modelled": applied.get(("attack", i), False), "reading": readings.get(("attack", i))}
                          for i, a in enumerate(card.get("attacks") or ())]
    if card["category"] != "pokemon":
        part = "trainer" if card["category"] == "trainer" else "energy"
        doc["text"] = card.get("text") or {}
        doc["modelled"] = applied.get((part, 0), not doc["text"])
        doc["reading"] = readings.get((part, 0))
    marks = card.get("marks") or []
    mentions = mentions_of(card["id"])
    doc.update({
        "regulation_mark": marks[-1] if marks else None,
        "marks": marks,
        "standard": card.get("standard", False),
        "prints": [{"id": p["id"], "set": p["set"], "number": p["number"], "lang": p["lang"]} for p in card["prints"]],
        "print": {"id": printed["id"], "set": printed["set"], "number": printed["number"], "lang": printed["lang"]}
        if printed else None,
        "records": mentions["records"],
        "rulings": mentions["rulings"],
        "unknown": card.get("unknown") or [],
        "corrected": corrected,
    })
    return doc


VERDICTS = {"applied": "card.show.modelled", "listed": "card.show.listed", "not_modelled": "card.show.not_modelled"}


def verdict_key(part: dict) -> str:
    """The message that says what the engine makes of a text of the `card` document."""
    if part.get("waits_for"):
        return "card.show.waits_for"
    return VERDICTS.get(part.get("reading") or ("applied" if part.get("modelled") else "not_modelled"))


def waits_for(text: dict, reading: str | None) -> list[str]:
    """An unread Ability in force that speaks only of some events: those events (a ruling
    that reaches one is refused; any other lists it as not applied), else []."""
    from judgebot.cardtext import ability_events

    if reading != "not_modelled" or not text or ability_events.ability_timing(text) != "in_force":
        return []
    return list(ability_events.events(text))


def modelled_parts(card: dict) -> dict[tuple[str, int], bool]:
    """Which of the card's texts the engine applies (`text_readings` is "applied")."""
    return {key: reading == "applied" for key, reading in text_readings(card).items()}


def text_readings(card: dict) -> dict[tuple[str, int], str]:
    """What the engine makes of each of the card's texts, as in a scenario that names it
    (judgebot.carddb.readings, engine.format.realcards): "applied" (no text; the card
    catalog models it; or its printed text is read whole), "listed" (it only reads the
    deck, a hand or Prize cards: not applied, and the ruling says why), or
    "not_modelled" (given by hand)."""
    from judgebot.carddb import readings

    meaning, trainers = catalog_meaning()
    parts = [(part, i, entry["text"], in_name(entry["name"]))
             for part, kind in (("attack", "attacks"), ("ability", "abilities"))
             for i, entry in enumerate(card.get(kind) or ())]
    if card["category"] != "pokemon":
        parts.append(("trainer" if card["category"] == "trainer" else "energy", 0, card.get("text"),
                      in_name(card["name"])))
    out: dict[tuple[str, int], str] = {}
    for part, i, text, name in parts:
        if not text or (card["id"], part, i) in meaning:
            out[(part, i)] = "applied"
            continue
        if part in ("trainer", "energy"):
            out[(part, i)] = trainers[card["id"]]
            continue
        found = readings.reading(card["id"], part, i, name)
        out[(part, i)] = readings.verdict(found)
    return out


def catalog_meaning() -> tuple[frozenset, dict[str, str]]:
    """(card id, part, index) of the texts the card catalog models (engine.format.realcards
    `links`, "meaning"), and what a scenario makes of each Trainer's and special Energy's
    text (read into a catalog entry of its kind, `read_entry`: applied, listed or
    not_modelled), kept in the user cache while the catalog, its review of the links, the
    database and that code are unchanged: `judgebot card` needs no engine to say so."""
    from judgebot.derived import cached

    files = sorted((data_dir() / "catalog").glob("*.yaml"))
    files += [p for p in [data_dir() / "carddb" / "catalog.yaml"] if p.exists()]
    code = [Path(__file__).resolve(), Path(__file__).resolve().parent / "engine" / "format" / "realcards.py",
            Path(__file__).resolve().parent / "carddb" / "readings.py"]
    code += sorted((Path(__file__).resolve().parent / "cardtext").glob("*.py"))
    try:
        stat = lookup.database_path().stat()
    except OSError:
        return _meaning()
    return cached(f"catalog-meaning-{stat.st_size}-{stat.st_mtime_ns}", files, code, _meaning)


def _meaning() -> tuple[frozenset, dict[str, str]]:
    from judgebot.engine.format.catalog import load_catalog
    from judgebot.engine.format.realcards import card_category, links, read_entry

    trainers = {}
    for card in lookup.iter_cards():
        if card["category"] != "pokemon" and card.get("text"):
            entry, state, _ = read_entry(card["id"], card_category(card), in_name(card["name"]))
            trainers[card["id"]] = "not_modelled" if entry is None else "applied" if state[0] else "listed"
    return frozenset(links(load_catalog())["meaning"]), trainers


def in_name(names: dict) -> str:
    return names.get("en") or names.get("ja") or next(iter(names.values()), "")


# -- records and rulings about a card (data/carddb/mentions.json) -------------------------------------

def mentions_path() -> Path:
    return data_dir() / "carddb" / "mentions.json"


@lru_cache(maxsize=2)
def _mentions(path: str) -> dict:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def mentions_of(card_id: str) -> dict:
    found = _mentions(str(mentions_path())).get(card_id) or {}
    return {"records": found.get("records", []), "rulings": found.get("rulings", [])}


def compute_mentions(rulings_dir: Path) -> dict:
    """card id -> {records, rulings}: the rule records that quote the card or discuss it
    (corpus `cards`, catalog `sections` of an entry linked to it), and the rulings in
    `rulings_dir` that use it (a real card named, or a catalog card linked to it)."""
    from judgebot.corpus import load_corpus
    from judgebot.engine.format.catalog import load_catalog
    from judgebot.engine.format.realcards import links
    from judgebot.engine.format.scenario import load_scenario

    out: dict[str, dict[str, set]] = {}

    def add(card_id: str, key: str, value: str) -> None:
        out.setdefault(card_id, {"records": set(), "rulings": set()})[key].add(value)

    catalog = load_catalog()
    linked = links(catalog)
    for entry, entry_links in linked["entry"].items():
        for link in entry_links:
            for section in catalog.entries[entry].sections:
                add(link.card, "records", str(section))
    corpus = load_corpus()
    for record in corpus.by_id.values():
        for name in getattr(record, "cards", None) or ():
            for _, _, card_id in lookup.database().by_name(name_key(name)):
                add(card_id, "records", record.id)
    for path in sorted(Path(rulings_dir).rglob("*.yaml")):
        display = path.relative_to(Path(rulings_dir).parent).as_posix()
        try:
            scenario = load_scenario(path, display)
        except InputError:
            continue
        for use in scenario.cards:
            add(use.card["id"], "rulings", display)
        for name in _catalog_names(scenario):
            for link in linked["entry"].get(name, ()):
                add(link.card, "rulings", display)
    return {card: {"records": sorted(v["records"]), "rulings": sorted(v["rulings"])} for card, v in sorted(out.items())}


def _catalog_names(scenario: Any) -> set[str]:
    from judgebot.engine import cards_in_play

    return set(cards_in_play(scenario))


def write_mentions(rulings_dir: Path, out: Path) -> None:
    from judgebot.files import atomic_output

    text = json.dumps(compute_mentions(rulings_dir), ensure_ascii=False, indent=0, sort_keys=True) + "\n"
    with atomic_output(out) as handle:
        handle.write(text.encode("utf-8"))


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] != ["--mentions"]:
        sys.exit("usage: python3 -m judgebot.card_answer --mentions [RULINGS_DIR] [OUT]")
    rulings = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("rulings")
    target = Path(sys.argv[3]) if len(sys.argv) > 3 else Path("data/carddb/mentions.json")
    write_mentions(rulings, target)
    print(f"wrote {target}")
