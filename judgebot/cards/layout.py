"""Sheet geometry: real card sizes placed several to a page, with cut marks."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

from judgebot.errors import InputError

CARD_SIZES = {
    "63x88": (63 * mm, 88 * mm),  # standard trading-card (poker) size
    "a7": (74 * mm, 105 * mm),
}
PAGE_SIZES = {"a4": A4, "letter": LETTER}

MIN_MARGIN = 6 * mm  # printers' unprintable edge; cut marks live in the margin
MARK_GAP = 1 * mm  # cut marks stop short of the cards
MARK_LENGTH = 4 * mm


@dataclass(frozen=True)
class Sheet:
    page_size: tuple[float, float]
    card_size: tuple[float, float]
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def origin(self) -> tuple[float, float]:
        """Bottom-left corner of the card grid, which is centred on the page."""
        (pw, ph), (cw, chh) = self.page_size, self.card_size
        return (pw - self.cols * cw) / 2, (ph - self.rows * chh) / 2

    @property
    def margin(self) -> tuple[float, float]:
        return self.origin

    def slot(self, index: int) -> tuple[float, float]:
        """Bottom-left corner of the card at `index` on its page (row-major, top first)."""
        index %= self.per_page
        row, col = divmod(index, self.cols)
        x0, y0 = self.origin
        cw, chh = self.card_size
        return x0 + col * cw, y0 + (self.rows - 1 - row) * chh

    def pages_for(self, cards: int) -> int:
        return -(-cards // self.per_page) if cards else 0

    def cut_marks(self) -> list[tuple[float, float, float, float]]:
        """Line segments (x1, y1, x2, y2) in the margins, in line with every card edge.

        Cards touch (no gutter), so one straight cut along each mark frees two cards.
        """
        x0, y0 = self.origin
        cw, chh = self.card_size
        x1, y1 = x0 + self.cols * cw, y0 + self.rows * chh
        length = max(0.0, min(MARK_LENGTH, min(x0, y0) - MARK_GAP - 1 * mm))
        marks = []
        for col in range(self.cols + 1):
            x = x0 + col * cw
            marks.append((x, y1 + MARK_GAP, x, y1 + MARK_GAP + length))
            marks.append((x, y0 - MARK_GAP, x, y0 - MARK_GAP - length))
        for row in range(self.rows + 1):
            y = y0 + row * chh
            marks.append((x0 - MARK_GAP, y, x0 - MARK_GAP - length, y))
            marks.append((x1 + MARK_GAP, y, x1 + MARK_GAP + length, y))
        return marks


def make_sheet(page: str, card: str) -> Sheet:
    """The page (portrait) and card grid that holds the most cards."""
    if page not in PAGE_SIZES:
        raise InputError(f"--page {page!r}: choose {' or '.join(PAGE_SIZES)}")
    if card not in CARD_SIZES:
        raise InputError(f"--card {card!r}: choose {' or '.join(CARD_SIZES)}")
    pw, ph = PAGE_SIZES[page]
    cw, chh = CARD_SIZES[card]
    cols = int((pw - 2 * MIN_MARGIN) // cw)
    rows = int((ph - 2 * MIN_MARGIN) // chh)
    if cols < 1 or rows < 1:
        raise InputError(f"a {card} card does not fit on a {page} page")
    return Sheet((pw, ph), (cw, chh), cols, rows)
