"""What a question needs beyond the printed cards, in one place — never special cases in
the page. `fields(form, texts, asked)` is the one function the page asks: the fields to
show (not folded away), each with why. It draws on

- `text_needs(text)`: what the card text asked about reads — the Bench (`bench`), coin
  flips (`coins`) (a text that reads the deck is listed as not applied by the engine,
  or, where the damage counts what it finds, refused asking for the damage by hand);
- the question itself: a retreat needs the Bench, a Checkup of a Burned or Asleep
  Pokémon and an attack by a Confused one flip coins;
- `asked_for(key)`: what the engine asked for when it was given the draft scenario: it
  refuses a scenario that lacks a fact the ruling needs with an error naming the key
  (`coins`, `ask.attack.choose`, `you.hand` …); that field is shown, with the
  engine's own words, and the judge fills it in;
- and what the judge has given already (it stays shown).

Texts are read in English and Japanese (the languages the card database holds texts in).
"""

from __future__ import annotations

import re
from typing import Any

from judgebot.i18n import msg

# What a text reads, in English and Japanese card wording.
_READS = {
    "bench": (re.compile(r"\bBench(?:ed)?\b"), re.compile(r"ベンチ")),
    "coins": (re.compile(r"\b[Ff]lip\b|\bcoins?\b"), re.compile(r"コイン")),
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
    match = _SIDE_KEY.match(key)
    if match and (match.group(2) == "hand" or "missing" in message):
        return ("you_" if match.group(1) == "you" else "opp_") + match.group(2)
    return None


def fields(form: Any, texts: list[dict], asked: str | None = None) -> dict[str, Any]:
    """The fields a question needs shown, field -> why (a Msg; None for the field the
    engine asked for: its error says why)."""
    out: dict[str, Any] = {}
    for text in texts:
        for need in text_needs(text):
            out.setdefault(need, msg(f"quick.why.text_{need}"))
    if form.ask == "retreat":
        out.setdefault("you_bench", msg("quick.why.retreat_bench"))
    if form.ask == "ability":
        out.setdefault("you_bench", msg("quick.why.ability_bench"))
    if form.ask == "checkup" and any(c in ("burned", "asleep") for s in (form.you, form.opp) for c in s.conditions):
        out.setdefault("coins", msg("quick.why.checkup_coins"))
    if form.ask == "attack" and "confused" in form.you.conditions:
        out.setdefault("coins", msg("quick.why.confused_coins"))
    if "bench" in out:
        reason = out.pop("bench")
        out.setdefault("you_bench", reason)
        out.setdefault("opp_bench", reason)
        if form.you.bench or form.opp.bench:
            out.setdefault("choose", msg("quick.why.choose"))
    for key in ("coins", "choose"):  # given before: still shown
        if getattr(form, key) and key not in out:
            out[key] = msg("quick.why.given")
    for key in ("you", "opp"):
        for part in ("bench", "hand"):
            if getattr(form.side(key), part) and f"{key}_{part}" not in out:
                out[f"{key}_{part}"] = msg("quick.why.given")
    if asked and asked not in out:
        out[asked] = None
    return out
