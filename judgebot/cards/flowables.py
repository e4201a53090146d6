"""The pieces a card's body is made of (reportlab flowables) and their styles.

FAQ and example blocks are shaded panels, steps are numbered, tables keep their
blank cells, glossary terms are four-language rows; CJK text wraps with kinsoku.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

import reportlab.lib.textsplit as rl_textsplit
import reportlab.platypus.paragraph as rl_paragraph
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from judgebot.cards.content import CardItem, label
from judgebot.cards.fonts import CardFont

KIND_COLORS = {
    "section": colors.HexColor("#1F4E8C"),
    "faq": colors.HexColor("#A65300"),
    "example": colors.HexColor("#3F6B35"),
    "procedure": colors.HexColor("#8E2435"),
    "glossary": colors.HexColor("#1E6B63"),
    "card": colors.HexColor("#5B3F8C"),  # a real card's sheet (cards/real_card.py)
    "ruling": colors.HexColor("#5B3F8C"),
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


class Styles:
    """Paragraph styles for one card language at one card size."""

    def __init__(self, font: CardFont, fonts: dict[str, CardFont], size: float, fit: float = 1.0):
        """`size` scales everything with the card size; `fit` (< 1) shrinks only the
        body text, to keep an item on fewer cards."""
        self.font = font
        self.fonts = fonts
        self.scale = s = size * fit
        wrap = None if font.lang in ("ko", "en") else "CJK"  # Korean and English break at spaces

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


def table_rows(text: str) -> list[list[str]]:
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
    rows = table_rows(text)
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


def glossary_header(st: Styles, width: float) -> Flowable:
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
