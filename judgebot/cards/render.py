"""Draw CardItems onto printable sheets (reportlab).

Each item becomes one or more cards: a coloured header band (document and section,
title, "(2/3)" on continuation cards), the body, and a footer naming the source.
Body text flows from card to card; FAQ and example blocks are shaded panels, steps
are numbered, glossary terms are four-language rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

import reportlab.lib.textsplit as rl_textsplit
import reportlab.platypus.paragraph as rl_paragraph
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as pdfcanvas
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from judgebot.cards.content import CardItem, label
from judgebot.cards.fonts import FONT_LICENSE, CardFont, missing_chars, register_fonts, stand_in
from judgebot.cards.layout import Sheet
from judgebot.errors import InputError

KIND_COLORS = {
    "section": colors.HexColor("#1F4E8C"),
    "faq": colors.HexColor("#A65300"),
    "example": colors.HexColor("#3F6B35"),
    "procedure": colors.HexColor("#8E2435"),
    "glossary": colors.HexColor("#1E6B63"),
}
FAQ_FILL = colors.HexColor("#FFF1DC")
EXAMPLE_FILL = colors.HexColor("#EDF3EA")
TABLE_FILL = colors.HexColor("#F2F4F7")
GREY = colors.HexColor("#555555")
LIGHT = colors.HexColor("#9AA0A6")
INK = colors.HexColor("#111111")

PAD = 3.2 * mm  # inner card margin
GAP = 2.2  # points between blocks
# Characters every card may print besides its own text (numbers, "(2/3)", marks).
FIXED_CHARS = "".join(map(chr, range(0x20, 0x7F))) + "·–—•" + "".join(
    label(key, lang) for key in ("faq", "example", "source", "see", "procedure", "glossary")
    for lang in ("ja", "zh", "ko", "en")
)


# reportlab's line breaker keeps these off the start of a line ("kinsoku"), but its
# list lacks the full-width punctuation of Chinese text (，：；！？) and a few
# closing brackets; add them so no line starts with a comma.
_NO_LINE_START = "，．：；！？）］｝〉》」』】〕"
for _module in (rl_paragraph, rl_textsplit):  # multi-fragment and single-fragment wrapping
    _module.ALL_CANNOT_START += "".join(c for c in _NO_LINE_START if c not in _module.ALL_CANNOT_START)


class CardParagraph(Paragraph):
    """A Paragraph without reportlab's stray blank line in CJK text: when a closing
    bracket hangs at the end of a wrapped line and a <br/> follows, the break got a
    line of its own."""

    def breakLinesCJK(self, maxWidths):
        result = super().breakLinesCJK(maxWidths)
        lines = getattr(result, "lines", None)
        if getattr(result, "kind", 0) != 1 or not lines:
            return result
        kept = []
        for line in lines:
            if kept and _only_break(line) and not _has_break(kept[-1]):
                kept[-1].lineBreak = True
                continue
            kept.append(line)
        result.lines = kept
        return result


def _words(line) -> list:
    return list(getattr(line, "words", None) or [])


def _only_break(line) -> bool:
    words = _words(line)
    return bool(words) and all(getattr(w, "lineBreak", False) and not getattr(w, "text", "") for w in words)


def _has_break(line) -> bool:
    return any(getattr(w, "lineBreak", False) for w in _words(line))


@dataclass
class Physical:
    """One printed card: an item's chunk of body flowables, number `part` of `parts`."""

    item: CardItem
    body: list[tuple[Flowable, float]]
    part: int
    parts: int
    styles: "Styles"


class Styles:
    """Paragraph styles for one card language at one card size."""

    def __init__(self, font: CardFont, fonts: dict[str, CardFont], size: float, fit: float = 1.0):
        """`size` scales everything with the card size; `fit` (< 1) shrinks only the
        body text, to keep an item on fewer cards."""
        self.font = font
        self.fonts = fonts
        self.scale = s = size * fit
        wrap = None if font.lang == "ko" else "CJK"

        def style(name, size_pt, leading, scale=s, **kw):
            kw.setdefault("fontName", font.regular)
            kw.setdefault("textColor", INK)
            kw.setdefault("wordWrap", wrap)
            return ParagraphStyle(name, fontSize=size_pt * scale, leading=leading * scale,
                                  alignment=TA_LEFT, allowOrphans=0, allowWidows=1, **kw)

        self.body = style("body", 7.4, 10.2)
        self.heading = style("heading", 7.8, 10.4, fontName=font.bold)
        # Text starts where reportlab ends the bullet (its width + 0.6 em); the bullet
        # is full-width in the Chinese glyph forms, narrow in the others.
        bullet_end = 1 * s + stringWidth("•", font.regular, 7.4 * s) + 0.6 * 7.4 * s
        self.bullet = style("bullet", 7.4, 10.2, leftIndent=bullet_end,
                            bulletIndent=1 * s, bulletFontName=font.regular, bulletFontSize=7.4 * s)
        self.step = style("step", 7.4, 10.2, leftIndent=10 * s, bulletIndent=0,
                          bulletFontName=font.bold, bulletFontSize=8 * s)
        self.note = style("note", 6.6, 8.9, textColor=colors.HexColor("#333333"))
        self.cite = style("cite", 5.6, 7.2, textColor=GREY, leftIndent=10 * s, wordWrap="CJK")
        self.panel = style("panel", 7.0, 9.6)
        self.table = style("table", 6.8, 8.8)
        self.kicker = style("kicker", 5.8, 7.2, scale=size, textColor=colors.white, wordWrap="CJK")
        self.title = style("title", 10.0, 12.6, scale=size, fontName=font.bold, textColor=colors.white)
        self.footer = style("footer", 5.2, 6.6, scale=size, textColor=GREY, wordWrap="CJK")

    def in_lang(self, base: ParagraphStyle, lang: str) -> ParagraphStyle:
        """`base` with the font of another language (glossary columns)."""
        font = self.fonts.get(lang, self.font)
        return ParagraphStyle(f"{base.name}-{lang}", parent=base, fontName=font.regular,
                              wordWrap=None if lang in ("ko", "en") else "CJK")


def markup(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines()]
    return "<br/>".join(escape(line) for line in lines if line)


def hex_color(color) -> str:
    return "#" + color.hexval()[2:]


class Panel(Flowable):
    """A shaded box with a coloured bar on its left, around one paragraph; splits
    across cards like the paragraph inside it."""

    def __init__(self, inner: Paragraph, fill, bar, top=True, bottom=True):
        super().__init__()
        self.inner, self.fill, self.bar = inner, fill, bar
        self.top, self.bottom = top, bottom
        self.pad = 2.2

    def _pads(self) -> tuple[float, float]:
        return (self.pad if self.top else 0.5), (self.pad if self.bottom else 0.5)

    def _inner_width(self, aw: float) -> float:
        # bar + left pad + right pad, and one em more for a hanging 。 or ー
        return aw - 1.5 - 3 * self.pad - self.inner.style.fontSize

    def wrap(self, aw, ah):
        top, bottom = self._pads()
        _, h = self.inner.wrap(self._inner_width(aw), ah - top - bottom)
        self.width, self.height = aw, h + top + bottom
        return self.width, self.height

    def split(self, aw, ah):
        top, bottom = self._pads()
        parts = self.inner.split(self._inner_width(aw), ah - top - 0.5)
        if len(parts) < 2:
            return []
        first = Panel(parts[0], self.fill, self.bar, top=self.top, bottom=False)
        rest = [Panel(p, self.fill, self.bar, top=False, bottom=self.bottom) for p in parts[1:]]
        return [first] + rest

    def draw(self):
        c = self.canv
        c.saveState()
        c.setFillColor(self.fill)
        c.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        c.setFillColor(self.bar)
        c.rect(0, 0, 1.5, self.height, stroke=0, fill=1)
        c.restoreState()
        _, bottom = self._pads()
        self.inner.drawOn(c, 1.5 + 2 * self.pad, bottom)


def block_flowables(item: CardItem, st: Styles, width: float) -> list[Flowable]:
    accent = KIND_COLORS[item.kind]
    out: list[Flowable] = []
    for block in item.blocks:
        text = markup(block.text)
        if block.type == "heading":
            heading = CardParagraph(text, st.heading)
            heading.keep_with_next = True  # never the last line of a card
            out.append(heading)
        elif block.type == "bullet":
            indent = block.level * 6 * st.scale
            style = ParagraphStyle("b", parent=st.bullet, leftIndent=st.bullet.leftIndent + indent,
                                   bulletIndent=st.bullet.bulletIndent + indent)
            out.append(CardParagraph(text, style, bulletText="•"))
        elif block.type == "step":
            out += _step(block, item.kind == "procedure", st, accent)
        elif block.type in ("faq", "example"):
            fill = FAQ_FILL if block.type == "faq" else EXAMPLE_FILL
            bar = KIND_COLORS["faq" if block.type == "faq" else "example"]
            lead = f'<font name="{st.font.bold}" color="{hex_color(bar)}">{escape(block.label or "")}</font><br/>'
            first, _, rest = block.text.strip().partition("\n")
            body = f"<b>{markup(first)}</b>" + (f"<br/>{markup(rest)}" if rest.strip() else "")
            out.append(Panel(CardParagraph(lead + body, st.panel), fill, bar))
        elif block.type == "note":
            lead = f"<b>{escape(block.label)}</b> " if block.label else ""
            out.append(CardParagraph(lead + text, st.note))
        elif block.type == "table":
            out.append(_table(block.text, st, width))
        elif block.type == "term":
            out.append(_term(block, st, width))
        else:
            out.append(CardParagraph(text, st.body))
    return out


def _step(block, procedure: bool, st: Styles, accent) -> list[Flowable]:
    if procedure:  # a procedure step: bold title line, detail below, its citations
        title, _, detail = block.text.partition("\n")
        body = f"<b>{escape(title)}</b>" + (f"<br/>{escape(detail)}" if detail else "")
        if block.cite:
            body += (f'<br/><font size="{st.cite.fontSize}" color="{hex_color(GREY)}">'
                     f'{escape("  ".join(block.cite))}</font>')
        style = ParagraphStyle("ps", parent=st.step, bulletColor=accent)
        paragraph = CardParagraph(body, style, bulletText=block.label)
        paragraph.keep_together = True  # a step is read as one unit: never split it
        return [paragraph]
    indent = max(block.level - 1, 0) * 9 * st.scale
    style = ParagraphStyle("s", parent=st.step, leftIndent=st.step.leftIndent + indent,
                           bulletIndent=st.step.bulletIndent + indent, bulletColor=accent)
    return [CardParagraph(markup(block.text), style, bulletText=block.label or "•")]


def _table_rows(text: str) -> list[list[str]]:
    """Cells of tab- or pipe-separated rows. Empty cells are kept: they are the
    blanks of the table (a column without ● is a condition not met). Outer pipes
    (| a | b |) are dropped only when every row has them."""
    lines = [line for line in text.strip("\n").splitlines()
             if line.strip() and not set(line.strip()) <= set("|-: ")]
    sep = "\t" if any("\t" in line for line in lines) else "|"
    rows = [[c.strip() for c in line.split(sep)] for line in lines]
    if rows and all(len(r) > 1 and r[0] == "" for r in rows):
        rows = [r[1:] for r in rows]
    if rows and all(len(r) > 1 and r[-1] == "" for r in rows):
        rows = [r[:-1] for r in rows]
    return rows


def _table(text: str, st: Styles, width: float) -> Flowable:
    rows = _table_rows(text)
    ncols = max(len(r) for r in rows) if rows else 1
    style = st.table if ncols <= 3 else ParagraphStyle("tt", parent=st.table, fontSize=st.table.fontSize * 0.85,
                                                       leading=st.table.leading * 0.85)
    head = ParagraphStyle("th", parent=style, fontName=st.font.bold)
    data = [[CardParagraph(markup(c), head if i == 0 and ncols > 2 else style) for c in r] + [""] * (ncols - len(r))
            for i, r in enumerate(rows)]
    widths = [width * 0.27, width * 0.73] if ncols == 2 else [width / ncols] * ncols
    table = Table(data, colWidths=widths, hAlign="LEFT", repeatRows=1 if ncols > 2 else 0)
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, -1), TABLE_FILL),
        ("LINEBELOW", (0, 0), (-1, -2), 0.3, colors.white),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("FONTNAME", (0, 0), (-1, -1), st.font.regular),  # empty cells too: no stray Helvetica
        ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    return table


GLOSSARY_COLUMNS = ("ja", "zh", "ko", "en")


def _term(block, st: Styles, width: float) -> Flowable:
    cells = [CardParagraph(markup(block.row.get(lang, "")), st.in_lang(st.table, lang)) for lang in GLOSSARY_COLUMNS]
    data = [cells]
    style = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("FONTNAME", (0, 0), (-1, -1), st.font.regular),  # empty cells too: no stray Helvetica
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
        ("LINEBELOW", (0, -1), (-1, -1), 0.3, LIGHT),
    ]
    if block.cite:
        data.append([CardParagraph(escape("  ".join(block.cite)), ParagraphStyle("tc", parent=st.cite, leftIndent=0)), "", "", ""])
        style += [("SPAN", (0, 1), (-1, 1)), ("TOPPADDING", (0, 1), (-1, 1), 0)]
    table = Table(data, colWidths=[width / 4] * 4, hAlign="LEFT")
    table.setStyle(TableStyle(style))
    table.keep_together = True  # a term and its sections stay on one card
    return table


def _glossary_header(st: Styles, width: float) -> Flowable:
    cells = [CardParagraph(f"<b>{code}</b>", ParagraphStyle("gh", parent=st.note, textColor=KIND_COLORS["glossary"]))
             for code in GLOSSARY_COLUMNS]
    table = Table([cells], colWidths=[width / 4] * 4, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), st.font.regular),
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, KIND_COLORS["glossary"]),
    ]))
    return table


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
        header = (lambda: _glossary_header(st, width)) if item.kind == "glossary" else None
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
        c.roundRect(x + 0.6, y + 0.6, cw - 1.2, ch - 1.2, 2.2 * mm, stroke=1, fill=0)

        kicker, title, kh, th = self._header(item, st)
        band = kh + th + 2 * PAD * 0.75 + 1.5
        top = y + ch
        c.setFillColor(accent)
        path = c.beginPath()
        r = 2.2 * mm
        bx0, bx1, by0, by1 = x + 0.6, x + cw - 0.6, top - 0.6 - band, top - 0.6
        path.moveTo(bx0, by0)
        path.lineTo(bx0, by1 - r)
        path.arcTo(bx0, by1 - 2 * r, bx0 + 2 * r, by1, startAng=180, extent=-90)
        path.lineTo(bx1 - r, by1)
        path.arcTo(bx1 - 2 * r, by1 - 2 * r, bx1, by1, startAng=90, extent=-90)
        path.lineTo(bx1, by0)
        path.close()
        c.drawPath(path, stroke=0, fill=1)
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


def render_pdf(items: list[CardItem], output: Path, sheet: Sheet, title: str = "judgebot rule cards") -> dict:
    """Write the cards of `items` to `output`; the same items give the same bytes."""
    if not items:
        raise InputError("nothing to print: the selection matched no rules")
    unprintable = sorted(missing_chars(set().union(*(item.text_chars() for item in items))))
    if unprintable:
        table = {ord(c): stand_in(c) for c in unprintable}
        items = [item.translated(table) for item in items]
    fonts = _fonts_for(items)
    renderer = CardRenderer(sheet, fonts)
    cards = [card for item in items for card in renderer.physical_cards(item)]

    output.parent.mkdir(parents=True, exist_ok=True)
    # initialFontName: reportlab otherwise opens every page with (unembedded) Helvetica.
    c = pdfcanvas.Canvas(str(output), pagesize=sheet.page_size, invariant=1, pageCompression=1,
                         initialFontName=fonts[items[0].lang].regular, initialFontSize=8,
                         lang={"ja": "ja-JP", "zh": "zh-CN", "ko": "ko-KR"}[items[0].lang])
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
    try:
        c.save()
    except OSError as exc:
        raise InputError(f"{output}: cannot write the PDF: {exc.strerror or exc}") from None
    per_item: dict[str, int] = {}
    for card in cards:
        per_item[card.item.key] = per_item.get(card.item.key, 0) + 1
    return {
        "output": str(output),
        "cards": len(cards),
        "pages": pages,
        "per_page": sheet.per_page,
        "items": [{"id": item.key, "kind": item.kind, "lang": item.lang, "title": item.title,
                   "cards": per_item[item.key]} for item in items],
        "citations": list(dict.fromkeys(c for item in items for c in item.citations)),
        "fonts": FONT_LICENSE,
        "missing_glyphs": sorted({ch for font in fonts.values() for ch in font.missing}),
        "stand_ins": {c: stand_in(c) for c in unprintable},
    }


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
