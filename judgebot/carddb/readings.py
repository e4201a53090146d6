"""The readings of the card database's printed texts (judgebot.cardtext), made once per
database and reader code and kept in the user cache (judgebot.derived). The engine's
`engine.format.printed_text` says what a scenario makes of them; `judgebot card` reads
them here without loading the engine.

The reading a scenario uses: the English print's when it is read whole, else the Japanese
one's, else the first that is ruled (applied, or listed as reading the deck or a hand),
else the English refusal; each print read with the part's name in its own language, and
that name replaced by the file's where the reading carries it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from judgebot.cardtext import APPLIED, NOT_APPLIED, Reading
from judgebot.cardtext.reading import Listed
from judgebot.carddb import lookup

READ_LANGS = ("en", "ja")
NAMED_KEYS = ("attack", "name")  # Format 2 keys that carry the part's own name (extra_prizes, a trigger)


@lru_cache(maxsize=16384)
def reading(card_id: str, part: str, index: int, name: str) -> Reading | None:
    """The reading of one printed text (None: the card prints no text there), with the
    part's name as the scenario writes it where the reading names it (an effect that
    names the attack, a trigger)."""
    entry = _table().get(f"{card_id}|{part}|{index}")
    if entry is None:
        return None
    lang, text, status, format2, listed, unread, templates, own = json.loads(entry)
    return Reading(part, lang, text, status, _renamed(format2, own, name) if own and name else format2,
                   tuple(Listed(*item) for item in listed), unread, tuple(templates))


def _renamed(value: Any, own: str, name: str) -> Any:
    if isinstance(value, dict):
        return {k: (name if k in NAMED_KEYS and v == own else _renamed(v, own, name)) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, own, name) for v in value]
    return value


def warm() -> None:
    """Make (or read from the user cache) the readings before they are first needed: a
    server's first request that names a real card then takes no longer than the next."""
    _table()


def _table() -> dict[str, str]:
    """Every printed text of the card database, read once per database and reader code and
    kept in the user cache (judgebot.derived): "card|part|index" -> the reading as JSON."""
    return _cached_table(str(lookup.database_path()))


@lru_cache(maxsize=2)
def _cached_table(database: str) -> dict[str, str]:
    from judgebot.derived import cached

    package = Path(__file__).resolve().parents[1] / "cardtext"
    code = sorted(package.glob("*.py")) + [Path(__file__).resolve()]
    try:  # the database by its size and time (hashing 6 MB each run would cost more than reading)
        stat = Path(database).stat()
    except OSError:
        return _read_all()
    return cached(f"cardtext-readings-{stat.st_size}-{stat.st_mtime_ns}", [], code, _read_all)


def _read_all() -> dict[str, str]:
    table = {}
    for card in lookup.iter_cards():
        parts = [("attack", i, a) for i, a in enumerate(card.get("attacks") or ())]
        parts += [("ability", i, a) for i, a in enumerate(card.get("abilities") or ())]
        if card["category"] != "pokemon":
            parts.append(("trainer" if card["category"] == "trainer" else "energy", 0, card))
        for part, index, printed in parts:
            chosen = choose(card, part, printed)
            if chosen is not None:
                found, own = chosen
                table[f"{card['id']}|{part}|{index}"] = json.dumps(
                    [found.lang, found.text, found.status, found.format2,
                     [[item.text, item.why, item.decides_damage] for item in found.listed], found.unread,
                     list(found.templates), own], ensure_ascii=False)
    return table


def choose(card: dict, part: str, printed: dict) -> tuple[Reading, str] | None:
    """The reading a scenario uses: the English print's when it is read whole, else the
    Japanese one's, else the first that is ruled, else the English refusal; each print read
    with the part's name in its own language. (reading, the name it was read with)."""
    from judgebot.cardtext import read

    text = printed.get("text") or {}
    if part == "attack":
        kwargs = {"damage": printed.get("damage"), "cost": tuple(printed["cost"])}
    elif part == "ability":
        kwargs = {}
    else:
        kwargs = {"kind": card.get("trainer_type")}
    names = printed.get("name") or {}
    readings = [(read(text[lang], lang, part, name=names.get(lang) or "", **kwargs), names.get(lang) or "")
                for lang in READ_LANGS if text.get(lang)]
    if not readings:
        return None
    for wanted in (lambda r: r.status == APPLIED, lambda r: r.ruled):
        found = next((pair for pair in readings if wanted(pair[0])), None)
        if found is not None:
            return found
    return readings[0]


def verdict(found: Reading) -> str:
    """What a scenario makes of a text: "applied" (read whole), "listed" (it only reads the
    deck, a hand or Prize cards: not applied, and the ruling says why), or "not_modelled"
    (refused — among them an attack whose damage counts what a deck reading finds)."""
    if found.status == APPLIED:
        return "applied"
    if found.ruled and not damage_needs_hand(found):
        return "listed"
    return "not_modelled"


def damage_needs_hand(found: Reading) -> bool:
    """An attack whose damage counts what a deck or hand reading finds."""
    return found.part == "attack" and found.status == NOT_APPLIED and any(i.decides_damage for i in found.listed)


