"""What a question needs beyond the printed cards, in one place — never special cases in
the page:

- `text_needs(text)`: what the card text asked about reads: the Bench (`bench`), coin
  flips (`coins`), cards found in the deck (`found`). The page shows those fields.
- `asked_for(error)`: what the engine asked for when it was given the draft scenario: it
  refuses a scenario that lacks a fact the ruling needs with an error naming the key
  (`coins`, `ask.attack.choose`, `found`, `you.hand` …). The page shows that field,
  with the engine's own words, and the judge fills it in.

Texts are read in English and Japanese (the languages the card database holds texts in).
"""

from __future__ import annotations

import re

# What a text reads, in English and Japanese card wording.
_READS = {
    "bench": (re.compile(r"\bBench(?:ed)?\b"), re.compile(r"ベンチ")),
    "coins": (re.compile(r"\b[Ff]lip\b|\bcoins?\b"), re.compile(r"コイン")),
    "found": (re.compile(r"\b(?:search|look at|reveal)\b[^.]*\bdeck\b", re.I), re.compile(r"山札を(?:見|調べ|公開)|山札から")),
}


def text_needs(text: dict) -> list[str]:
    """The fields a card text (lang -> text) reads, in a stable order."""
    en, ja = (text or {}).get("en", ""), (text or {}).get("ja", "")
    return [need for need, (en_re, ja_re) in _READS.items() if (en and en_re.search(en)) or (ja and ja_re.search(ja))]


_SIDE_KEY = re.compile(r"^(you|opponent)\.(bench|hand)\b")


def asked_for(key: str | None, message: str = "") -> str | None:
    """The form's field for what the engine asked for (the error's key path), or None
    when the form has no field for it (the judge gives it in the Check page)."""
    if not key:
        return None
    last = key.rsplit(".", 1)[-1]
    if last == "coins" or key == "coins":
        return "coins"
    if last.startswith("choose"):
        return "choose"
    if last.startswith("found"):
        return "found"
    match = _SIDE_KEY.match(key)
    if match and (match.group(2) == "hand" or "missing" in message):
        return ("you_" if match.group(1) == "you" else "opp_") + match.group(2)
    return None
