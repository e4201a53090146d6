"""The Ruling: what a procedure decided, step by step, with the rule behind each step.

Procedures record into it as they go (`step`, `reason`, `cite`); `to_dict()` is the
`check` object of CONTRACT.md (keys that do not apply stay null), with the additive
keys `title` and, when --verify fails, `mismatches`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from judgebot.engine import citations

CONTRACT_KEYS = ("file", "ask", "allowed", "failed", "cost", "reasons", "damage", "counters", "conditions",
                 "knocked_out", "prizes_taken", "winner", "extra_draws", "steps", "citations", "verified")


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
    steps: list[dict] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    verified: bool | None = None
    mismatches: list[dict] | None = None
    # The board after the ruling, for --verify (counters / conditions of every Pokémon).
    counters_after: dict[str, int] = field(default_factory=dict, repr=False)
    conditions_after: dict[str, list[str]] = field(default_factory=dict, repr=False)

    def cite(self, cites: Iterable[str]) -> list[str]:
        cites = list(dict.fromkeys(cites))
        for c in cites:
            if c not in self.citations:
                self.citations.append(c)
        return cites

    def step(self, key: str, text: str, cite: Iterable[str], value: Any = None, change: str | None = None,
             target: str | None = None) -> dict:
        entry = {"step": key, "value": value, "change": change, "text": text,
                 "cite": self.cite(citations.decide(f"{self.ask}.{key}", cite))}
        if target is not None:
            entry["target"] = target
        self.steps.append(entry)
        return entry

    def reason(self, text: str, cite: Iterable[str]) -> None:
        self.reasons.append({"text": text, "cite": self.cite(citations.decide(f"{self.ask}.reason", cite))})

    def to_dict(self) -> dict:
        result = {key: getattr(self, key) for key in CONTRACT_KEYS}
        if self.title:
            result["title"] = self.title
        if self.mismatches:
            result["mismatches"] = self.mismatches
        return result
