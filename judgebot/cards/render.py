"""Draw CardItems onto printable sheets (reportlab).

Each item becomes one or more cards: a coloured header band (document and section,
title, "(2/3)" on continuation cards), the body, and a footer naming the source.
Body text flows from card to card (paginate); the pieces of the body are in
flowables.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as pdfcanvas
from reportlab.platypus import Flowable

from judgebot.cards.content import CardItem
from judgebot.cards.flowables import (
    FIXED_CHARS,
    GAP,
    GREY,
    KIND_COLORS,
    LIGHT,
    PAD,
    CardParagraph,
    Styles,
    glossary_header,
    block_flowables,
    markup,
)
from judgebot.cards.fonts import FONT_LICENSE, CardFont, missing_chars, register_fonts, stand_in
from judgebot.cards.layout import Sheet
from judgebot.errors import InputError
from judgebot.files import FileProblem, atomic_output


@dataclass
class Physical:
    """One printed card: an item's chunk of body flowables, number `part` of `parts`."""

    item: CardItem
    body: list[tuple[Flowable, float]]
    part: int
    parts: int
    styles: "Styles"


def paginate(flowables: list[Flowable], width: float, height: float, header=None) -> list[list[tuple[Flowable, float]]]:
    """Flow `flowables` into card bodies of `width` × `height`, splitting paragraphs,
    panels and tables across cards. `header()` makes a flowable that heads every card."""
    queue = list(flowables)
    chunks: list[list[tuple[Flowable, float]]] = []
    while queue or not chunks:
        chunk: list[tuple[Flowable, float]] = []
        used = 0.0
        if header is not None:
            head = header()
            _, h = head.wrap(width, height)
            chunk.append((head, h))
            used += h + GAP
        placed_any = False
        while queue:
            flowable = queue[0]
            _, h = flowable.wrap(width, height - used)
            if placed_any and getattr(flowable, "keep_with_next", False) and len(queue) > 1 \
                    and not _starts_within(queue[1], width, height - used - h - GAP):
                break  # a heading whose text would not start under it opens the next card
            if used + h <= height + 0.01:
                chunk.append((flowable, h))
                used += h + GAP
                queue.pop(0)
                placed_any = True
                continue
            splittable = height - used > 8 and not (placed_any and getattr(flowable, "keep_together", False))
            parts = flowable.split(width, height - used) if splittable else []
            if len(parts) >= 2:
                _, h0 = parts[0].wrap(width, height - used)
                if used + h0 <= height + 0.01:
                    chunk.append((parts[0], h0))
                    queue[0:1] = parts[1:]
                    placed_any = True
            elif not placed_any:
                # Taller than a whole card and unsplittable: place it and let it clip
                # rather than loop; does not happen with paragraph text.
                chunk.append((flowable, h))
                queue.pop(0)
                placed_any = True
            break
        chunks.append(chunk)
    return chunks


CORNER = 2.2 * mm  # radius of the card outline's corners

# Body-text factors tried, largest first, when a smaller type saves a card
# (7.4 pt body text at 1.0; 6.4 pt at the smallest).
FIT_STEPS = (1.0, 0.93, 0.86)


def _starts_within(flowable: Flowable, width: float, room: float) -> bool:
    """Whether at least the first part of `flowable` fits in `room`."""
    if room <= 0:
        return False
    _, h = flowable.wrap(width, room)
    if h <= room + 0.01:
        return True
    return len(flowable.split(width, room)) >= 2


class CardRenderer:
    def __init__(self, sheet: Sheet, fonts: dict[str, CardFont]):
        self.sheet = sheet
        self.fonts = fonts
        cw, _ = sheet.card_size
        self.size = 1.0 if cw < 70 * mm else 1.12

    def styles(self, lang: str, fit: float) -> Styles:
        return Styles(self.fonts[lang], self.fonts, self.size, fit)

    def _header(self, item: CardItem, st: Styles):
        width = self.sheet.card_size[0] - 2 * PAD
        kicker = CardParagraph(markup(item.kicker), st.kicker)
        title = CardParagraph(markup(item.title), st.title)
        _, kh = kicker.wrap(width - 14 * mm, 100)
        _, th = title.wrap(width - 6, 200)  # room for a hanging 。 or ー
        return kicker, title, kh, th

    def physical_cards(self, item: CardItem) -> list[Physical]:
        """The item's cards at the largest body type that needs the fewest cards."""
        best: list[Physical] | None = None
        for fit in FIT_STEPS:
            cards = self._flow(item, self.styles(item.lang, fit))
            if best is None:
                best = cards
            elif len(cards) < len(best):
                return cards
        return best

    def _flow(self, item: CardItem, st: Styles) -> list[Physical]:
        cw, ch = self.sheet.card_size
        width = cw - 2 * PAD
        _, _, kh, th = self._header(item, st)
        band = kh + th + 2 * PAD * 0.75 + 1.5
        footer = CardParagraph(markup(item.source), st.footer)
        _, fh = footer.wrap(width, 100)
        body_height = ch - band - fh - 2.6 * PAD
        if body_height < 20 * mm:
            raise InputError(f"{item.key}: its title and source leave no room on a card")
        header = (lambda: glossary_header(st, width)) if item.kind == "glossary" else None
        chunks = paginate(block_flowables(item, st, width), width, body_height, header)
        return [Physical(item, chunk, i + 1, len(chunks), st) for i, chunk in enumerate(chunks)]

    def draw_card(self, c, card: Physical, x: float, y: float) -> None:
        item, st = card.item, card.styles
        cw, ch = self.sheet.card_size
        width = cw - 2 * PAD
        accent = KIND_COLORS[item.kind]
        c.saveState()
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.3)
        c.roundRect(x + 0.6, y + 0.6, cw - 1.2, ch - 1.2, CORNER, stroke=1, fill=0)

        kicker, title, kh, th = self._header(item, st)
        band = kh + th + 2 * PAD * 0.75 + 1.5
        top = y + ch
        _draw_band(c, x + 0.6, x + cw - 0.6, top - 0.6 - band, top - 0.6, accent)
        ky = top - PAD * 0.75 - kh
        kicker.drawOn(c, x + PAD, ky)
        if card.parts > 1:
            c.setFillColor(colors.white)
            c.setFont(st.font.bold, 7 * self.size)
            c.drawRightString(x + cw - PAD, ky + 0.5, f"({card.part}/{card.parts})")
        title.drawOn(c, x + PAD, ky - 1.5 - th)

        cursor = top - band - PAD * 0.9
        for flowable, h in card.body:
            cursor -= h
            flowable.drawOn(c, x + PAD, cursor)
            cursor -= GAP

        footer = CardParagraph(markup(item.source), st.footer)
        _, fh = footer.wrap(width, 100)
        fy = y + PAD * 0.8
        c.setStrokeColor(accent)
        c.setLineWidth(0.5)
        c.line(x + PAD, fy + fh + 1.5, x + cw - PAD, fy + fh + 1.5)
        footer.drawOn(c, x + PAD, fy)
        c.restoreState()


def _draw_band(c, x0: float, x1: float, y0: float, y1: float, color) -> None:
    """The header band: a rectangle whose top corners follow the card's rounding."""
    r = CORNER
    c.setFillColor(color)
    path = c.beginPath()
    path.moveTo(x0, y0)
    path.lineTo(x0, y1 - r)
    path.arcTo(x0, y1 - 2 * r, x0 + 2 * r, y1, startAng=180, extent=-90)
    path.lineTo(x1 - r, y1)
    path.arcTo(x1 - 2 * r, y1 - 2 * r, x1, y1, startAng=90, extent=-90)
    path.lineTo(x1, y0)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def render_pdf(items: list[CardItem], output: Path | BinaryIO, sheet: Sheet,
               title: str = "judgebot rule cards") -> dict:
    """Write the cards of `items` to `output` (a path, or a binary file object such as
    BytesIO for a PDF kept in memory); the same items give the same bytes."""
    if not items:
        raise InputError("nothing to print: the selection matched no rules")
    unprintable = sorted(missing_chars(set().union(*(item.text_chars() for item in items))))
    if unprintable:
        table = {ord(c): stand_in(c) for c in unprintable}
        items = [item.translated(table) for item in items]
    fonts = _fonts_for(items)
    renderer = CardRenderer(sheet, fonts)
    cards = [card for item in items for card in renderer.physical_cards(item)]

    if isinstance(output, Path):
        # The PDF goes to a temporary file beside `output`, renamed over it when complete
        # (files.atomic_output): a crash or a kill midway leaves the old file intact.
        try:
            with atomic_output(output) as handle:
                _draw_pdf(handle, items, cards, sheet, fonts, renderer, title)
        except FileProblem as exc:
            raise InputError(f"{output}: cannot write the PDF: {exc.reason}") from None
    else:
        _draw_pdf(output, items, cards, sheet, fonts, renderer, title)
    per_item: dict[str, int] = {}
    for card in cards:
        per_item[card.item.key] = per_item.get(card.item.key, 0) + 1
    return {
        "output": str(output) if isinstance(output, Path) else None,
        "cards": len(cards),
        "pages": sheet.pages_for(len(cards)),
        "per_page": sheet.per_page,
        "items": [{"id": item.key, "kind": item.kind, "lang": item.lang, "title": item.title,
                   "cards": per_item[item.key]} for item in items],
        "citations": list(dict.fromkeys(c for item in items for c in item.citations)),
        "fonts": FONT_LICENSE,
        "missing_glyphs": sorted({ch for font in fonts.values() for ch in font.missing}),
        "stand_ins": {c: stand_in(c) for c in unprintable},
    }


def _draw_pdf(handle, items: list[CardItem], cards: list, sheet: Sheet, fonts: dict, renderer: "CardRenderer",
              title: str) -> None:
    # initialFontName: reportlab otherwise opens every page with (unembedded) Helvetica.
    c = pdfcanvas.Canvas(handle, pagesize=sheet.page_size, invariant=1, pageCompression=1,
                         initialFontName=fonts[items[0].lang].regular, initialFontSize=8,
                         lang={"ja": "ja-JP", "zh": "zh-CN", "ko": "ko-KR", "en": "en"}[items[0].lang])
    c.setTitle(title)
    c.setAuthor("judgebot")
    c.setCreator("judgebot cards")
    c.setSubject(", ".join(item.key for item in items)[:500])
    pages = sheet.pages_for(len(cards))
    for page in range(pages):
        _draw_cut_marks(c, sheet)
        for index, card in enumerate(cards[page * sheet.per_page:(page + 1) * sheet.per_page]):
            x, y = sheet.slot(index)
            renderer.draw_card(c, card, x, y)
        _draw_page_label(c, sheet, fonts[items[0].lang], page + 1, pages)
        c.showPage()
    c.save()


def _fonts_for(items: list[CardItem]) -> dict[str, CardFont]:
    """One font family per language, cut to the characters printed in it. A language
    that only fills glossary columns gets a regular weight with just those."""
    chars: dict[str, set[str]] = {}
    for item in items:
        for lang, used in item.chars_by_lang().items():
            chars.setdefault(lang, set()).update(used)
    card_langs = {item.lang for item in items}
    fonts = {}
    for lang in sorted(chars):
        if lang in card_langs:
            fonts[lang] = register_fonts(lang, chars[lang] | set(FIXED_CHARS))
        else:
            fonts[lang] = register_fonts(lang, chars[lang] | set(FIXED_CHARS), bold_chars=set(FIXED_CHARS))
    return fonts


def _draw_cut_marks(c, sheet: Sheet) -> None:
    c.saveState()
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.4)
    for x1, y1, x2, y2 in sheet.cut_marks():
        c.line(x1, y1, x2, y2)
    c.restoreState()


def _draw_page_label(c, sheet: Sheet, font: CardFont, page: int, pages: int) -> None:
    _, margin_y = sheet.margin
    if margin_y < 10 * mm:
        return
    c.saveState()
    c.setFont(font.regular, 6.5)
    c.setFillColor(GREY)
    c.drawCentredString(sheet.page_size[0] / 2, margin_y / 2 - 2, f"judgebot rule cards · {page}/{pages}")
    c.restoreState()
