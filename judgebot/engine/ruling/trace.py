"""The Ruling: what a procedure decided, step by step, with the rule behind each step.

Procedures record into it as they go (`step`, `reason`): each entry keeps what decided it
as a message (judgebot.i18n.Msg: id + parameters) and its citations, kept through the
reviewed table (engine.citations). `to_dict(lang)` is the `check` object of CONTRACT.md
(keys that do not apply stay null), its text rendered once in `lang` and its citations in
that language's edition, with the additive keys `title` and, when --verify fails,
`mismatches`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Iterable

from judgebot import i18n
from judgebot.engine.ruling import citations

CONTRACT_KEYS = ("file", "ask", "allowed", "failed", "cost", "reasons", "damage", "counters", "conditions",
                 "knocked_out", "prizes_taken", "winner", "extra_draws", "steps", "citations", "verified",
                 "board", "discarded", "triggered", "sequence")


@dataclass
class Ruling:
    file: str
    ask: str
    title: str | None = None
    allowed: bool | None = None
    failed: bool | None = None
    cost: Any = None
    reasons: list[dict] = field(default_factory=list)
    damage: dict[str, int] | None = None
    counters: dict[str, int] | None = None
    conditions: dict[str, list[str]] | None = None
    knocked_out: list[str] | None = None
    prizes_taken: dict[str, int] | None = None
    winner: str | None = None
    extra_draws: dict[str, int] | None = None
    # Format 2: the board after the ruling (every spot that changed), the cards put in
    # each discard pile, the triggers that fired, the per-ask rulings of a sequence.
    board: dict[str, dict | None] | None = None
    discarded: dict[str, list[str]] | None = None
    triggered: list[str] | None = None
    sequence: list[dict] | None = None
    steps: list[dict] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    verified: bool | None = None
    mismatches: list[dict] | None = None
    # Real cards the scenario used (SCENARIOS.md "Where numbers came from"), and warnings
    # about the file (one line each): additive keys.
    cards: list | None = None
    warnings: list[str] | None = None
    # The board after the ruling, for --verify (counters / conditions of every Pokémon).
    counters_after: dict[str, int] = field(default_factory=dict, repr=False)
    conditions_after: dict[str, list[str]] = field(default_factory=dict, repr=False)
    board_after: dict[str, dict | None] = field(default_factory=dict, repr=False)  # every spot, for --verify
    state: Any = field(default=None, repr=False)  # the board after an action carried out (a sequence goes on)
    # The catalog cards on the board (engine.cards_in_play), worked out only when a step
    # has a FAQ several cards share (citations.decide asks for it).
    in_play_of: Callable[[], frozenset] | None = field(default=None, repr=False)

    @cached_property
    def in_play(self) -> frozenset:
        return self.in_play_of() if self.in_play_of else frozenset()

    def _in_play(self) -> frozenset:
        return self.in_play

    def cite(self, cites: Iterable[str]) -> list[str]:
        cites = list(dict.fromkeys(cites))
        for c in cites:
            if c not in self.citations:
                self.citations.append(c)
        return cites

    def step(self, key: str, text, cite: Iterable[str], value: Any = None, change: str | None = None,
             target: str | None = None) -> dict:
        entry = {"step": key, "value": value, "change": change, "text": text,
                 "cite": self.cite(citations.decide(f"{self.ask}.{key}", cite, self._in_play))}
        if target is not None:
            entry["target"] = target
        self.steps.append(entry)
        return entry

    @staticmethod
    def _rendered(entry: dict, lang: str) -> dict:
        shown = dict(entry, text=i18n.render(entry["text"], lang))
        if lang in citations.LOCALIZED:
            shown["cite"] = citations.localize(entry["cite"], lang, entry.get("step", "reason"))
        return shown

    def append_text(self, entry: dict, more) -> None:
        """Add a message to an entry's text (e.g. 'the calculation ends here')."""
        entry["text"] = (entry["text"] if isinstance(entry["text"], list) else [entry["text"]]) + [more]

    def reason(self, text, cite: Iterable[str]) -> None:
        self.reasons.append({"text": text, "cite": self.cite(citations.decide(f"{self.ask}.reason", cite, self._in_play))})

    def to_dict(self, lang: str = i18n.DEFAULT) -> dict:
        result = {key: getattr(self, key) for key in CONTRACT_KEYS}
        result["steps"] = [self._rendered(entry, lang) for entry in self.steps]
        result["reasons"] = [self._rendered(entry, lang) for entry in self.reasons]
        if lang in citations.LOCALIZED:
            result["citations"] = list(dict.fromkeys(
                c for entry in result["steps"] + result["reasons"] for c in entry["cite"]))
        if self.sequence is not None:
            result["sequence"] = [entry.to_dict(lang) for entry in self.sequence]
        if self.title:
            result["title"] = self.title
        result["cards"] = [use.to_dict(lang) for use in self.cards] if self.cards else None
        if self.warnings:
            result["warnings"] = list(self.warnings)
        if self.mismatches:
            result["mismatches"] = self.mismatches
        return result
