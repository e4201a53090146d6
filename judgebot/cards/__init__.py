"""Print-ready PDF rule cards (`judgebot cards`).

    from judgebot.cards import Selection, build_cards
    summary = build_cards(Selection(procedures=["damage"], lang="ko"), "cards.pdf")

Cards come from corpus records (citations, a chapter, search hits), the engine's
procedure data and the glossary; see select.py for what is printed, layout.py for
the sheet geometry, render.py for drawing, fonts.py for the embedded CJK fonts and
pdf_cache.py for the finished PDFs kept for a repeated selection.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import BinaryIO

from judgebot.cards.selection import Selection

__all__ = ["Selection", "build_cards", "CARD_SIZES", "PAGE_SIZES", "PROCEDURE_ORDER"]


def __getattr__(name: str):
    # Sheet sizes and procedure names load reportlab and the engine: only when asked.
    if name in ("CARD_SIZES", "PAGE_SIZES"):
        from judgebot.cards import layout

        return getattr(layout, name)
    if name == "PROCEDURE_ORDER":
        from judgebot.cards.select import PROCEDURE_ORDER

        return PROCEDURE_ORDER
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build_cards(selection: Selection, output: str | Path | BinaryIO, page: str = "a4",
                card: str = "63x88", corpus=None) -> dict:
    """Render the selected cards to `output` and return a summary: output, cards,
    pages, lang (as asked, or None), langs (of the cards), page, card, per_page,
    items, citations, fonts, missing_glyphs, stand_ins.

    With the packaged corpus (no `corpus` given), a selection printed before with the
    same program and data is copied from the cache (pdf_cache.py)."""
    from judgebot.cards import pdf_cache
    from judgebot.errors import InputError
    from judgebot.files import FileProblem, check_output_path, write_atomically

    in_memory = hasattr(output, "write")
    if not in_memory:
        check_output_path(output)  # a directory as the output: refused before any work
    key = pdf_cache.cache_key(selection, page, card) if corpus is None else None
    cached = pdf_cache.load(key) if key else None
    if cached is None:
        # Drawn straight into the output (a file through a temporary beside it, renamed
        # when complete), then kept for the next time.
        summary = _render(selection, page, card, corpus, output if in_memory else Path(output))
        if key:
            pdf = output.getvalue() if isinstance(output, io.BytesIO) else _read_back(output)
            if pdf is not None:
                pdf_cache.store(key, pdf, summary)
    else:
        pdf, summary = cached
        if in_memory:
            output.write(pdf)
        else:
            try:
                write_atomically(Path(output), pdf)
            except FileProblem as exc:
                raise InputError(f"{output}: cannot write the PDF: {exc.reason}") from None
    return {"output": None if in_memory else str(output), **summary}


def _read_back(output) -> bytes | None:
    try:
        return Path(output).read_bytes()
    except (OSError, TypeError):
        return None


def _render(selection: Selection, page: str, card: str, corpus, output: Path | BinaryIO) -> dict:
    from judgebot.cards.layout import make_sheet
    from judgebot.cards.render import render_pdf
    from judgebot.cards.select import select_items

    if corpus is None:
        from judgebot.corpus import load_corpus

        corpus = load_corpus()
    sheet = make_sheet(page, card)
    items = select_items(selection, corpus)
    if selection.cards:  # real cards' rulings sheets (real_card builds on select's record cards)
        from judgebot.cards.real_card import card_items

        for query in selection.cards:
            items += card_items(query, selection.lang, corpus)
    summary = render_pdf(items, output, sheet)
    summary.pop("output")
    langs = sorted({item["lang"] for item in summary["items"]})
    return {"cards": summary.pop("cards"), "pages": summary.pop("pages"), "lang": selection.lang,
            "langs": langs, "page": page, "card": card, **summary}
