"""What goes on the cards: one CardItem per rule, FAQ, procedure or glossary group.

An item may need several physical cards; the layout decides how many. Items carry
plain text and their citations only; fonts and geometry belong to the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

# Words printed on the cards themselves, per card language.
LABELS = {
    "faq": {"ja": "FAQ", "zh": "FAQ", "ko": "FAQ", "en": "FAQ"},
    "example": {"ja": "文例", "zh": "例", "ko": "예", "en": "Example"},
    "source": {"ja": "出典", "zh": "出处", "ko": "출처", "en": "Source"},
    "procedure": {"ja": "手順カード", "zh": "流程卡", "ko": "순서 카드", "en": "Procedure"},
    "glossary": {"ja": "用語集", "zh": "术语表", "ko": "용어집", "en": "Glossary"},
    "see": {"ja": "参照", "zh": "参照", "ko": "참조", "en": "See"},
}

KINDS = ("section", "faq", "example", "procedure", "glossary", "card", "ruling")  # card, ruling: a real card's sheet
CARD_FONT_LANGS = ("ja", "zh", "ko")  # languages with their own glyph forms (and font)


def label(key: str, lang: str) -> str:
    return LABELS[key].get(lang) or LABELS[key]["en"]


@dataclass
class Block:
    """One unit of card text.

    type: para | bullet | step | table | heading | note | example | faq | term
    label: a lead-in shown before or above the text (a step number, "FAQ 1");
    cite: citations printed small under the block; row: lang -> text for a
    glossary term (type "term").
    """

    type: str
    text: str = ""
    level: int = 0
    label: str | None = None
    cite: tuple[str, ...] = ()
    row: dict[str, str] | None = None


@dataclass
class CardItem:
    key: str  # a citation, "procedure:attack" or "glossary:<kind>"
    kind: str  # one of KINDS
    lang: str  # the card's language (its text font)
    kicker: str  # the small line above the title: document and section
    title: str
    blocks: list[Block]
    source: str  # footer: document title, version, citation
    citations: list[str] = field(default_factory=list)

    def chars_by_lang(self) -> dict[str, set[str]]:
        """The characters each language's font must draw: a glossary column in its
        own language's glyph forms, everything else in the card's language."""
        own = set(self.kicker + self.title + self.source)
        out = {self.lang: own}
        for block in self.blocks:
            own.update(block.text, block.label or "", *block.cite)
            for lang, value in (block.row or {}).items():
                out.setdefault(lang if lang in CARD_FONT_LANGS else self.lang, set()).update(value)
        return out

    def text_chars(self) -> set[str]:
        return set().union(*self.chars_by_lang().values())

    def translated(self, table: dict[int, str]) -> "CardItem":
        """A copy with characters replaced per `table` (str.translate), in every text."""
        if not table:
            return self
        blocks = [
            replace(b, text=b.text.translate(table),
                    label=b.label.translate(table) if b.label else b.label,
                    row={k: v.translate(table) for k, v in b.row.items()} if b.row else b.row)
            for b in self.blocks
        ]
        return replace(self, kicker=self.kicker.translate(table), title=self.title.translate(table),
                       source=self.source.translate(table), blocks=blocks)
