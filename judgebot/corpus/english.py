"""English renderings of the records (data/text_en/<doc>.yaml): unofficial translations
written for judgebot; the original text is the authority.

Format, one mapping per document, citation → rendering::

    guide-ja:I-A-01:            # a section with blocks: one string per own block
      - "A player may use ..."  # (blocks without `ref`), in reading order
    guide-ja:I-A-01/ex-1: |-    # a FAQ, an example, or a section without blocks:
      Example: ...              # its whole text
    guide-zh:I-A-03:            # the same content as another record's (said so
      same_as: guide-ja:I-A-03  # in the record: `text_en_from`)

A section's blocks that quote a FAQ or example (`ref`) take that record's rendering,
so a section reads in English exactly as it reads in the original: `blocks_en` runs
beside `blocks`, and `text_en` joins it as `text` joins `blocks`. A record some piece
of which has no rendering has `text_en` None: never half-translated.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Protocol

from judgebot.corpus.data_files import read_mapping, yaml_files

ENGLISH_DIR = "text_en"


class Records(Protocol):
    """What this module needs of a corpus: its records in order and by ID."""

    by_id: dict

    def __iter__(self) -> Iterator: ...


def rendering_files() -> list[Path]:
    return yaml_files(ENGLISH_DIR)


def load_renderings() -> dict[str, object]:
    """citation → a string, a list of block strings, or {"same_as": citation}."""
    found: dict[str, object] = {}
    for path in rendering_files():
        for key, value in read_mapping(path, "English text").items():
            found[str(key)] = value
    return found


def _own_blocks(record) -> list[dict]:
    return [b for b in record.blocks if not b.get("ref")]


def own_rendering(record, value, renderings: dict) -> list[str] | str | None:
    """The record's own rendering as written (after following same_as), checked
    against the record's shape; None where it does not fit."""
    seen = {record.id}
    while isinstance(value, dict) and set(value) == {"same_as"}:
        target = str(value["same_as"])
        if target in seen:
            return None
        seen.add(target)
        value = renderings.get(target)
    if record.kind == "section" and record.blocks:
        own = _own_blocks(record)
        if isinstance(value, list) and len(value) == len(own):
            # a block with no text of its own (a chapter heading) renders as nothing
            value = ["" if not b.get("text", "").strip() else v for b, v in zip(own, value)]
            if all(isinstance(v, str) and (v.strip() or not b.get("text", "").strip()) for b, v in zip(own, value)):
                return [v.strip("\n") for v in value]
        return None
    if not (record.text or "").strip():
        return ""  # nothing to translate (a chapter heading): the rendering is empty too
    if isinstance(value, str) and value.strip():
        return value.strip("\n")
    return None


def attach_english(corpus: Records) -> None:
    """Set `text_en`, `blocks_en` and `text_en_from` on every record that has a complete
    English rendering; sub-records first, since sections quote them."""
    renderings = load_renderings()
    own: dict[str, object] = {}
    for record in corpus:
        value = renderings.get(record.id)
        if value is None and (record.text or "").strip():
            continue
        if isinstance(value, dict) and "same_as" in value:
            record.text_en_from = str(value["same_as"])
        own[record.id] = own_rendering(record, value, renderings)
    for record in corpus:
        if record.kind != "section" or not record.blocks:
            text = own.get(record.id)
            if isinstance(text, str):
                record.text_en = text
    for record in corpus:
        if record.kind != "section" or not record.blocks:
            continue
        pieces = own.get(record.id)
        if not isinstance(pieces, list):
            continue
        mine = iter(pieces)
        blocks_en: list[str] = []
        for block in record.blocks:
            ref = block.get("ref")
            if ref:
                quoted = corpus.by_id.get(ref)
                english = quoted.text_en if quoted is not None else None
            else:
                english = next(mine)
            if english is None:
                break
            blocks_en.append(english)
        else:
            record.blocks_en = blocks_en
            record.text_en = "\n".join(blocks_en)
