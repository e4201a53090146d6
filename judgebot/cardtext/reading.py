"""What reading a card's text gives: a `Reading` (applied, not applied, or not modelled),
and the pieces the language modules build it from.

A text is read sentence by sentence; each sentence a template reads gives pieces
(a damage formula, a `do` action, an effect left in force, an attack key, a sentence
listed as not applied …). `assemble` puts them together into the Format 2 keys of the
part (an attack, an Ability, a Trainer, a special Energy) — exactly what a scenario
file could write inline — or refuses the whole text: never half-applied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

APPLIED, NOT_APPLIED, NOT_MODELLED = "applied", "not_applied", "not_modelled"
PARTS = ("attack", "ability", "trainer", "energy")

# Why a sentence is listed and not applied (SCENARIOS.md "Real cards", Text): its result
# depends on cards the file does not describe.
WHY = {
    "deck": "it reads the deck (draw, search, look at, reveal, discard from the top, shuffle), "
            "which the scenario does not describe",
    "hand": "it reads a hand the scenario does not describe (reveal, random or chosen cards)",
    "prizes": "it reads face-down Prize cards, which the scenario does not describe",
    "discard_pile": "it only moves cards between the discard pile, the hand and the deck: "
                    "nothing the ruling rules on changes",
    "play_condition": "a condition on putting the card into play: its effect in play is applied; "
                      "whether it may be played is not ruled from this text",
}


class NotRead(Exception):
    """No template reads this sentence (or a template met a word it cannot give)."""


@dataclass(frozen=True)
class Listed:
    """A sentence listed as not applied, and why (a WHY key)."""

    text: str
    why: str
    decides_damage: bool = False  # the attack's damage counts what it finds: the file must give `found`

    def to_dict(self) -> dict:
        out = {"text": self.text, "why": self.why, "because": WHY[self.why]}
        if self.decides_damage:
            out["decides_damage"] = True
        return out


@dataclass(frozen=True)
class Reading:
    """The engine's reading of one printed text.

    `status` is APPLIED (every sentence read; `format2` holds the keys to merge into the
    card's entry; `listed` the deck-reading sentences, not applied, with why),
    NOT_APPLIED (every sentence only reads cards the file does not describe: `listed`),
    or NOT_MODELLED (a sentence that changes the board no template reads: `unread`;
    `format2` is empty — the text is refused whole)."""

    part: str
    lang: str
    text: str
    status: str
    format2: dict = field(default_factory=dict)
    listed: tuple[Listed, ...] = ()
    unread: str | None = None
    templates: tuple[str, ...] = ()

    @property
    def ruled(self) -> bool:
        """Applied, or listed as not applied because it reads the deck or a hand."""
        return self.status == APPLIED or (self.status == NOT_APPLIED and all(
            item.why in ("deck", "hand", "prizes") for item in self.listed))

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"part": self.part, "lang": self.lang, "status": self.status}
        if self.format2:
            out["format2"] = self.format2
        if self.listed:
            out["listed"] = [item.to_dict() for item in self.listed]
        if self.unread is not None:
            out["unread"] = self.unread
        out["templates"] = list(self.templates)
        return out


# -- pieces --------------------------------------------------------------------------
# (kind, payload):
#   ("formula", {"op": plus|minus|times, "amount": N, "per": {...}} | {"op": "plus", "amount": N, "if": test})
#   ("base", N)                   "this attack's base damage is N" (only with an `if`: in a formula)
#   ("key", (name, value))        an attack key: self_damage, fails_on_tails, ignore_* …
#   ("hit", {target, amount, …})  a bench_damage entry (a target that may be chosen or each)
#   ("do", action)                a Format 2 action (a one-key mapping)
#   ("effect", effect)            an effect the attack leaves in force (its `effects` list)
#   ("ability", (name, value))    an Ability key: declared, once_per_turn, active_only …
#   ("passive", effect)           an effect in force while the card is (Ability, Tool, Stadium, Energy)
#   ("provides", provision)       what a special Energy provides
#   ("listed", why)               this sentence is not applied (WHY)
#   ("note", None)                read, changes nothing (a reminder the rules already say)
Piece = tuple[str, Any]
