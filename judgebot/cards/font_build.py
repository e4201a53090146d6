"""Cut the font subsets the wheel ships (`data/fonts/`): for each card language and
weight, Noto Sans CJK cut to every character a card of the packaged data can print, so that cards of
the packaged rules need no cutting at run time (`fonts.packaged_fonts`).

Run by `python3 dev.py fonts` when the data gains characters; a test fails until then.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from judgebot.cards import fonts
from judgebot.cards.flowables import FIXED_CHARS
from judgebot.files import write_atomically

WEIGHTS = ("regular", "bold")


def packaged_charset(corpus=None) -> set[str]:
    """Every character a card of the packaged data can print: each record of the
    corpus (in its own language and in English), the glossary and procedure cards in
    each card language, and the
    characters every card may print (FIXED_CHARS)."""
    from judgebot.cards.select import CARD_LANGS, PROCEDURE_ORDER, glossary_items, procedure_item, record_item
    from judgebot.corpus import load_corpus

    corpus = corpus or load_corpus()
    records = [record for document in corpus.documents.values() for record in document.records]
    items = [record_item(record, corpus) for record in records]
    items += [record_item(record, corpus, english=True) for record in records if record.text_en is not None]
    for lang in CARD_LANGS:
        items += glossary_items("all", lang, corpus)
        items += [procedure_item(name, lang, corpus) for name in PROCEDURE_ORDER]
    found = set(FIXED_CHARS).union(*(item.text_chars() for item in items))
    return {c for c in found if fonts._printable(c)}


def build(out: Path, charset: set[str]) -> dict:
    """Write the six subsets and their manifest into `out`; returns the manifest."""
    cmap = fonts._cmap("regular")
    drawn = "".join(sorted(c for c in charset if ord(c) in cmap))
    lacking = "".join(sorted(c for c in charset if ord(c) not in cmap))
    out.mkdir(parents=True, exist_ok=True)
    manifest = {"source": fonts.FONT_LICENSE, "chars": drawn, "lacking": lacking, "fonts": {}}
    for lang in sorted(fonts.LOCL_TAGS):
        for weight in WEIGHTS:
            name = f"judgebot-{lang}-{weight}.ttf"
            body = fonts._cut_subset(weight, lang, [ord(c) for c in drawn],
                                     f"NotoSansCJK{lang}-{weight.title()}-judgebot")
            write_atomically(out / name, body)
            manifest["fonts"][f"{lang}-{weight}"] = {"file": name, "sha256": hashlib.sha256(body).hexdigest()}
    write_atomically(out / fonts.PACKAGED_MANIFEST,
                     (json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode())
    return manifest


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("data/fonts")
    result = build(target, packaged_charset())
    print(f"{target}: {len(result['fonts'])} subsets of {len(result['chars'])} characters "
          f"({len(result['lacking'])} without a glyph in Noto)")
