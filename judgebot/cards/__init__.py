"""Print-ready PDF rule cards (`judgebot cards`).

    from judgebot.cards import Selection, build_cards
    summary = build_cards(Selection(procedures=["damage"], lang="ko"), "cards.pdf")

Cards come from corpus records (citations, a chapter, search hits), the engine's
procedure data and the glossary; see select.py for what is printed, layout.py for
the sheet geometry, render.py for drawing and fonts.py for the embedded CJK fonts.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from judgebot.cards.layout import CARD_SIZES, PAGE_SIZES, make_sheet
from judgebot.cards.select import PROCEDURE_ORDER, Selection, select_items

__all__ = ["Selection", "build_cards", "CARD_SIZES", "PAGE_SIZES", "PROCEDURE_ORDER"]


def build_cards(selection: Selection, output: str | Path | BinaryIO, page: str = "a4",
                card: str = "63x88", corpus=None) -> dict:
    """Render the selected cards to `output` and return a summary: output, cards,
    pages, lang (as asked, or None), langs (of the cards), page, card, per_page,
    items, citations, fonts, missing_glyphs, stand_ins."""
    from judgebot.cards.render import render_pdf
    from judgebot.files import check_output_path

    in_memory = hasattr(output, "write")
    if not in_memory:
        check_output_path(output)  # a directory as the output: refused before any work
    if corpus is None:
        from judgebot.corpus import load_corpus

        corpus = load_corpus()
    sheet = make_sheet(page, card)
    items = select_items(selection, corpus)
    summary = render_pdf(items, output if in_memory else Path(output), sheet)
    langs = sorted({item["lang"] for item in summary["items"]})
    return {"output": summary.pop("output"), "cards": summary.pop("cards"),
            "pages": summary.pop("pages"), "lang": selection.lang, "langs": langs,
            "page": page, "card": card, **summary}
