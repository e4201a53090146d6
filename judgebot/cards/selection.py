"""What the user asked to print (kept apart from select.py, which needs the engine's
procedure data, so that a cached PDF is found without loading any of it)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Selection:
    """What to print, as given on the command line."""

    citations: list[str] = field(default_factory=list)
    chapter: str | None = None
    query: str | None = None
    query_limit: int = 9
    glossary: str | None = None  # "all" or a glossary kind
    procedures: list[str] = field(default_factory=list)  # names or "all"
    lang: str | None = None  # ja | zh | ko; None keeps each citation's own document
    cards: list[str] = field(default_factory=list)  # real cards (--card NAME): each one's rulings sheet

    def is_empty(self) -> bool:
        return not (self.citations or self.chapter or self.query or self.glossary or self.procedures or self.cards)
