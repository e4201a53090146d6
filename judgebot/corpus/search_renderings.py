"""Search renderings (data/text_ko/*.yaml, data/text_zh/*.yaml): unofficial Korean and
Chinese translations of records in other languages, written for judgebot so that a
question in Korean or Chinese finds the rule where only another document states it (a
Korean question reaches guide-ja and wiki-ja, a Chinese one rules-ko and wiki-ja).

They are indexed, never shown: a hit shows the original (and, for English questions, the
reviewed English rendering of judgebot.corpus.english). The original is the authority.

Format: as data/text_en (judgebot.corpus.english), citation → one string, a list of one
string per own block, or {same_as: citation}; a folder may hold several files (one per
part), read as one mapping. A record whose rendering is missing or does not fit its
blocks gets none in that language: it is found as before, never by half a translation.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Protocol

from judgebot.corpus.data_files import read_mapping, yaml_files
from judgebot.errors import InputError

# language → folder; a record is never rendered into its own language
SEARCH_RENDERING_DIRS = {"ko": "text_ko", "zh": "text_zh"}


class Records(Protocol):
    by_id: dict

    def __iter__(self) -> Iterator: ...


def search_rendering_files(lang: str) -> list[Path]:
    return yaml_files(SEARCH_RENDERING_DIRS[lang])


def load_search_renderings(lang: str) -> dict[str, object]:
    """citation → a string, a list of block strings, or {"same_as": citation}."""
    found: dict[str, object] = {}
    for path in search_rendering_files(lang):
        for key, value in read_mapping(path, f"{lang} text").items():
            if str(key) in found:
                raise InputError(f"{path}: {key} is rendered twice in {lang}")
            found[str(key)] = value
    return found


def attach_search_renderings(corpus: Records) -> None:
    """Set `search_renderings[lang]` on every record with a complete rendering in a
    language other than its own: a string (a record without blocks) or a list beside
    `blocks` (a quoted FAQ's or example's block is empty: that record has its own)."""
    from judgebot.corpus.english import own_rendering

    for lang in SEARCH_RENDERING_DIRS:
        renderings = load_search_renderings(lang)
        if not renderings:
            continue
        for record in corpus:
            value = renderings.get(record.id)
            if value is None or record.lang == lang:
                continue
            own = own_rendering(record, value, renderings)
            if isinstance(own, list):
                pieces = iter(own)
                own = ["" if block.get("ref") else next(pieces) for block in record.blocks]
            if own:
                record.search_renderings[lang] = own
