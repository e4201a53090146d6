"""Which sections a ruling step may cite: the reviewed table in data/citations.yaml.

The table maps a step kind (`ask.step`, or `ask.reason` for a reason) to the sections
that can decide it, each checked against the guide's text. A step's candidate
citations (its procedure, the effects and cards in play) are kept only when the table
lists them for that kind, then ordered decisive first — the FAQ that answers the case,
then the item (Ⅱ) that states the rule, then the procedure (Ⅰ, play rules). A kind
the table does not list keeps its candidates in that order; the
test suite fails on it (tests/engine/test_citation_table.py), so the table is where a
new step kind is reviewed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

import yaml

from judgebot.errors import InputError
from judgebot.paths import data_dir



@lru_cache(maxsize=1)
def table() -> dict[str, tuple[str, ...]]:
    path = data_dir() / "citations.yaml"
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise InputError(f"{path}: cannot read the citation table: {exc}") from None
    return {kind: tuple(cites or ()) for kind, cites in (raw.get("kinds") or {}).items()}


def rank(citation: str) -> int:
    """0 a FAQ, 1 an item of chapter Ⅱ, 2 a procedure (chapter Ⅰ) or a play-rule section."""
    section = citation.split(":", 1)[-1]
    if "/faq-" in section:
        return 0
    return 1 if section.startswith("II-") else 2


def decide(kind: str, candidates: Iterable[str]) -> list[str]:
    cites = list(dict.fromkeys(candidates))
    allowed = table().get(kind)
    if allowed is not None:
        cites = [c for c in cites if c in allowed]
    return sorted(cites, key=rank)
