"""Search answers card names (CONTRACT.md `search`): a hit of `kind: card` whose `id` is
the card id (judgebot.carddb), before the rule hits. Only a query that is a card's whole
name (in any language), a printed set code and number, or a TCGdex id gets one — never a
near match — so every other search is untouched. (The search-quality measures rank the
rule hits: they skip card hits.)"""

from __future__ import annotations

from functools import lru_cache

MAX_CARDS = 3
CARD_SCORE = 1000.0
# A card's name is at most 5 words (with a set code and number, 7): a longer query, or a
# question, names no card, and the card database is not opened for it (every `judgebot
# search` would pay its ~5 ms). tests/test_search_current.py checks the bound against
# the database.
MAX_CARD_QUERY_WORDS = 7
QUESTION_MARKS = "?？"


def could_name_a_card(query: str) -> bool:
    return len(query.split()) <= MAX_CARD_QUERY_WORDS and not any(mark in query for mark in QUESTION_MARKS)


def card_hits(query: str) -> list[dict]:
    if not could_name_a_card(query):
        return []
    text = " ".join(query.split())
    asked_as, lang = text, None
    if not _may_be_a_card(text):
        asked_as, lang = _database_name(text)
        if asked_as is None:
            return []
    from judgebot.carddb import lookup

    try:
        found = lookup.find(asked_as, near=False)
    except FileNotFoundError:  # a data folder without the card database (JUDGEBOT_DATA)
        return []
    lang = lang or (found.names[0][0] if found.names else (found.print["lang"] if found.print else "en"))
    return [_hit(card, lang, found.print) for card in found.cards[:MAX_CARDS]]


def _database_name(text: str) -> tuple[str | None, str | None]:
    """(the name the card database knows, the query's language) when `text` is the
    Korean or Chinese name of a card the database has under another name
    (judgebot.glossary.other_card_names); (None, None) otherwise."""
    from judgebot.glossary import other_card_names

    for name in other_card_names(text):
        if _may_be_a_card(" ".join(name.split())):
            return name, "ko" if any("\uac00" <= c <= "\ud7af" for c in text) else "zh"
    return None, None


@lru_cache(maxsize=4096)
def _may_be_a_card(text: str) -> bool:
    """False when `text` has no digit (a TCGdex id or a printed number has) and is no
    card's whole name: one indexed look-up in the database's names, what
    lookup.find would look up first, without importing the lookup (~5 ms a process)."""
    if not text or any(c.isdigit() for c in text):
        return True
    import sqlite3
    from contextlib import closing

    from judgebot.carddb.normalize import name_key
    from judgebot.paths import data_dir

    path = data_dir() / "carddb" / "cards.sqlite"  # lookup.database_path()
    if not path.is_file():
        return True  # the lookup says what is missing
    uri = path.resolve().as_uri() + "?mode=ro&immutable=1"
    with closing(sqlite3.connect(uri, uri=True)) as db:
        return db.execute("SELECT 1 FROM names WHERE key = ? LIMIT 1", (name_key(text),)).fetchone() is not None


def _hit(card: dict, lang: str, printed: dict | None) -> dict:
    from judgebot.carddb import lookup

    shown = printed or next((p for p in card["prints"] if p["lang"] == "en"), card["prints"][0])
    if card["category"] == "pokemon":
        bits = [card.get("stage") or "", "/".join(card.get("types") or ()), f"{card.get('hp')} HP"]
    else:
        bits = [card.get("trainer_type") or card.get("energy_type") or card["category"]]
    bits.append(lookup.print_label(shown))
    return {"id": card["id"], "doc": "carddb", "section": card["id"], "lang": "zh" if lang == "zh-tw" else lang,
            "kind": "card", "title": lookup.name_in(card, lang), "title_en": card["name"].get("en"),
            "score": CARD_SCORE, "snippet": " · ".join(b for b in bits if b), "equivalents": [], "editions": [],
            "names": card["name"], "standard": card.get("standard", False)}


def with_card_hits(result: dict, query: str, limit: int) -> dict:
    """The search result with the card hits first, at most `limit` hits in all."""
    cards = card_hits(query)
    if cards:
        result["hits"] = (cards + result["hits"])[:limit]
    return result
