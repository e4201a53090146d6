"""A real card's printed text as the engine applies it (SCENARIOS.md "Real cards", Text).

judgebot.cardtext reads a text into Format 2; this module picks the reading a scenario
uses and says what became of the text:

- the English print is read first, the Japanese one where the English is not read
  whole (both prints are checked to agree: data/cardtext/disagreements.yaml);
- APPLIED: its Format 2 keys are merged into the card's entry, under the file's own keys;
  sentences that only read the deck or a hand are listed, not applied;
- NOT_APPLIED: nothing of it is applied and the ruling says why — unless an attack's
  damage counts what it finds: then the file must give the damage by hand;
- NOT_MODELLED: refused, quoting the sentence no template reads.
"""

from __future__ import annotations

from functools import lru_cache

from judgebot.cardtext import APPLIED, NOT_APPLIED, Reading, read
from judgebot.carddb import lookup
from judgebot.i18n import Joined, msg

READ_LANGS = ("en", "ja")


@lru_cache(maxsize=16384)
def reading(card_id: str, part: str, index: int, name: str) -> Reading | None:
    """The reading of one printed text (None: the card prints no text there). `name` is
    the attack's or Ability's name as the scenario writes it (effects that name the
    attack carry it)."""
    card = lookup.get(card_id)
    if part == "attack":
        printed = card["attacks"][index]
        text, kwargs = printed.get("text") or {}, {"damage": printed.get("damage"), "cost": tuple(printed["cost"])}
    elif part == "ability":
        text, kwargs = card["abilities"][index].get("text") or {}, {}
    else:
        text, kwargs = card.get("text") or {}, {"kind": card.get("trainer_type")}
    readings = [read(text[lang], lang, part, name=name, **kwargs) for lang in READ_LANGS if text.get(lang)]
    if not readings:
        return None
    for wanted in (lambda r: r.status == APPLIED, lambda r: r.ruled):
        found = next((r for r in readings if wanted(r)), None)
        if found is not None:
            return found
    return readings[0]


def damage_needs_hand(found: Reading) -> bool:
    """An attack whose damage counts what a deck or hand reading finds."""
    return found.part == "attack" and found.status == NOT_APPLIED and any(i.decides_damage for i in found.listed)


def why(found: Reading):
    """The ruling's `why` for a text read as applied or listed (in the ruling's language)."""
    listed = tuple(msg(f"card.why.listed.{why}") for why in dict.fromkeys(item.why for item in found.listed))
    if found.status == APPLIED:
        return msg("card.why.read") if not listed else msg("card.why.read_listing", listed=Joined(listed))
    return msg("card.why.listed", listed=Joined(listed))


def unread_sentence(found: Reading) -> str:
    return found.unread or ""
