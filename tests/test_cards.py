"""`judgebot cards`: print-ready PDF rule cards.

Checks what a printed card must get right: the text of each language is in the PDF
(extracted with pypdf), every font is embedded, pages are not blank (rasterized with
pypdfium2), card and page counts follow from the input, long rules flow onto
continuation cards, and the same input gives the same bytes.
"""

from __future__ import annotations

import io
import math
import re

import pypdf
import pypdfium2
import pytest
from fontTools.ttLib import TTFont
from reportlab.pdfbase.pdfmetrics import stringWidth

from judgebot.cards import Selection, build_cards
from judgebot.cards.content import Block, CardItem
from judgebot.cards.layout import CARD_SIZES, PAGE_SIZES, make_sheet
from judgebot.cards.fonts import _subset_ttf, register_fonts
from judgebot.cards.flowables import table_rows
from judgebot.cards.render import CardRenderer, render_pdf
from judgebot.cards.select import PROCEDURE_TITLES, localize_citations
from judgebot.corpus import load_corpus
from judgebot.engine.procedures.steps import DAMAGE, PROCEDURES
from judgebot.errors import InputError

from .conftest import ROOT


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def pdf_text(path) -> str:
    """All the PDF's text, without whitespace (lines wrap anywhere on a card)."""
    reader = pypdf.PdfReader(str(path))
    return re.sub(r"\s+", "", "".join(page.extract_text() for page in reader.pages))


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def fonts_of(path) -> list[tuple[str, dict]]:
    """(BaseFont, font dict) of every font in every page's resources."""
    reader = pypdf.PdfReader(str(path))
    out = []
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            out.append((str(font["/BaseFont"]), font))
    return out


def is_embedded(font: dict) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def ink_fraction(path, page_index: int) -> float:
    """Share of the page's pixels that are not white, at 40 dpi."""
    pdf = pypdfium2.PdfDocument(str(path))
    image = pdf[page_index].render(scale=40 / 72).to_pil().convert("L")
    histogram = image.histogram()
    return 1 - sum(histogram[245:]) / (image.width * image.height)


def synthetic_item(n: int, paragraphs: int = 1, lang: str = "ja") -> CardItem:
    text = {"ja": "ワザのダメージを計算する。", "zh": "计算招式的伤害。", "ko": "기술의 데미지를 계산한다."}[lang]
    return CardItem(
        key=f"test:{n}", kind="section", lang=lang, kicker=f"test · {n}", title=f"カード {n}",
        blocks=[Block("para", text * 4) for _ in range(paragraphs)],
        source="judgebot test",
    )


# -- text in each language ------------------------------------------------------------

LANG_SECTIONS = [
    ("ja", "guide-ja:I-A-03"),
    ("zh", "guide-ja:I-A-03"),  # followed to guide-zh
    ("ko", "guide-ja:I-A-03"),  # followed to rules-ko
]


@pytest.mark.parametrize("lang,citation", LANG_SECTIONS)
def test_cards_carry_the_text_of_their_language(tmp_path, corpus, lang, citation):
    out = tmp_path / f"cards-{lang}.pdf"
    summary = build_cards(Selection(citations=[citation], procedures=["damage"], lang=lang), out, corpus=corpus)
    record = corpus.resolve(citation, lang)
    assert record.lang == lang
    text = pdf_text(out)
    assert squeeze(record.title) in text
    first_block = next(b["text"] for b in record.blocks if b.get("text", "").strip())
    assert squeeze(first_block)[:20] in text
    assert squeeze(PROCEDURE_TITLES["damage"][lang]) in text
    weakness = re.sub(r"^\s*(\d+\.|[①-⑩])\s*", "", DAMAGE[2].title[lang])
    assert squeeze(weakness) in text
    # every card names its source: the citation and the document's version
    assert record.id in text
    version = corpus.documents[record.doc].attribution.get("version")
    if version:
        assert squeeze(str(version)) in text
    assert summary["langs"] == [lang]
    assert summary["missing_glyphs"] == []


def test_glossary_cards_show_all_four_languages(tmp_path, corpus, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    (data / "corpus").symlink_to(ROOT / "data" / "corpus")
    if (ROOT / "data" / "alignment.yaml").exists():
        (data / "alignment.yaml").symlink_to(ROOT / "data" / "alignment.yaml")
    (data / "glossary.yaml").write_text(
        "- {ja: 弱点, zh: 弱点, ko: 약점, en: Weakness, kind: game_term, sections: [guide-ja:I-A-01]}\n"
        "- {ja: にげる, zh: 撤退, ko: 후퇴, en: Retreat, kind: action, sections: [guide-ja:I-A-03]}\n"
        "- {ja: どく, zh: 中毒, ko: 독, en: Poisoned, kind: special_condition, sections: [guide-ja:I-F]}\n"
        "- {ja: やけど, zh: 灼伤, ko: 화상, en: Burned, kind: special_condition, sections: [guide-ja:I-F]}\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("JUDGEBOT_DATA", str(data))
    out = tmp_path / "glossary.pdf"
    summary = build_cards(Selection(glossary="special_condition", lang="zh"), out, corpus=corpus)
    text = pdf_text(out)
    for word in ("どく", "中毒", "독", "Poisoned", "やけど", "灼伤", "화상", "Burned"):
        assert word in text
    assert "Weakness" not in text  # another kind
    assert [item["id"] for item in summary["items"]] == ["glossary:special_condition"]
    assert "guide-zh:I-F" in summary["citations"]  # sections followed to the card's language
    with pytest.raises(InputError):
        build_cards(Selection(glossary="no_such_kind"), tmp_path / "x.pdf", corpus=corpus)


# -- fonts and pixels -----------------------------------------------------------------

@pytest.fixture(scope="module")
def mixed_pdf(tmp_path_factory, corpus):
    out = tmp_path_factory.mktemp("cards") / "mixed.pdf"
    summary = build_cards(
        Selection(citations=["guide-ja:II-B-07", "guide-zh:I-A-03", "guide-ja:II-B-07/faq-1"],
                  procedures=["all"]),
        out, corpus=corpus,
    )
    return out, summary


def test_every_font_is_embedded(mixed_pdf):
    path, _ = mixed_pdf
    fonts = fonts_of(path)
    assert fonts
    not_embedded = sorted({name for name, font in fonts if not is_embedded(font)})
    assert not not_embedded, f"fonts not embedded: {not_embedded}"
    assert all("NotoSansCJK" in name for name, _ in fonts)


def test_pages_rasterize_to_ink(mixed_pdf):
    path, summary = mixed_pdf
    for index in range(summary["pages"]):
        assert ink_fraction(path, index) > 0.05, f"page {index + 1} looks blank"


def test_header_band_is_drawn_where_the_first_card_sits(mixed_pdf):
    path, _ = mixed_pdf
    sheet = make_sheet("a4", "63x88")
    x, y = sheet.slot(0)
    pdf = pypdfium2.PdfDocument(str(path))
    scale = 72 / 72
    image = pdf[0].render(scale=scale).to_pil().convert("RGB")
    page_h = sheet.page_size[1]
    # 2 mm below the card's top edge, 10 mm in: inside the coloured header band
    px = int((x + 28) * scale)
    py = int((page_h - (y + sheet.card_size[1] - 6)) * scale)
    r, g, b = image.getpixel((px, py))
    assert (r, g, b) != (255, 255, 255) and max(r, g, b) - min(r, g, b) > 40


def test_latin_keeps_one_form_while_han_takes_each_languages_form():
    text = "rules-ko:B-01 (x2). 直骨"
    fonts = {lang: register_fonts(lang, text) for lang in ("ja", "zh", "ko")}
    widths = {lang: stringWidth("rules-ko:B-01 (x2).", f.regular, 10) for lang, f in fonts.items()}
    assert len(set(widths.values())) == 1, widths  # citations look the same on every card
    outlines = {}
    for lang in ("ja", "zh"):
        data, _ = _subset_ttf("regular", lang, "直", f"t-{lang}")
        font = TTFont(io.BytesIO(data))
        glyph = font["glyf"][font.getBestCmap()[ord("直")]]
        outlines[lang] = glyph.getCoordinates(font["glyf"])[0].array.tobytes()
    assert outlines["ja"] != outlines["zh"]  # 直 is drawn differently in Japan and China


def test_missing_glyphs_get_a_readable_stand_in(tmp_path):
    item = synthetic_item(1)
    item.blocks.append(Block("para", "⚡ エネルギー 🌀"))
    out = tmp_path / "standin.pdf"
    summary = render_pdf([item], out, make_sheet("a4", "63x88"))
    # The Lightning type icon as the guides' type word; any other as its Unicode name.
    assert summary["stand_ins"] == {"⚡": "【雷】", "🌀": "[Cyclone]"}
    assert "【雷】エネルギー" in pdf_text(out) and "[Cyclone]" in pdf_text(out)
    assert all(is_embedded(font) for _, font in fonts_of(out))


def test_the_zh_card_of_b06_prints_the_lightning_icon_as_its_type(tmp_path):
    """guide-zh Ⅱ-B-06 quotes 「⚡ 宝可梦」: the card prints 【雷】, no "[High Voltage Sign]"."""
    from judgebot.cards import build_cards
    from judgebot.cards.selection import Selection

    out = tmp_path / "b06.pdf"
    summary = build_cards(Selection(citations=["guide-zh:II-B-06"], lang="zh"), out)
    text = pdf_text(out)
    assert "【雷】" in text and "HighVoltage" not in text
    assert summary["stand_ins"].get("⚡") == "【雷】"


# -- counts and layout ------------------------------------------------------------------

SHEETS = [
    # page, card, cards across, down
    ("a4", "63x88", 3, 3),
    ("letter", "63x88", 3, 3),
    ("a4", "a7", 2, 2),
    ("letter", "a7", 2, 2),
]


@pytest.mark.parametrize("page,card,cols,rows", SHEETS)
def test_sheet_grid_and_cut_marks(page, card, cols, rows):
    sheet = make_sheet(page, card)
    assert (sheet.cols, sheet.rows) == (cols, rows)
    assert sheet.card_size == CARD_SIZES[card]
    pw, ph = PAGE_SIZES[page]
    x0, y0 = sheet.origin
    x1, y1 = x0 + cols * sheet.card_size[0], y0 + rows * sheet.card_size[1]
    assert x0 >= 6 * 72 / 25.4 - 0.01 and y0 >= 6 * 72 / 25.4 - 0.01
    marks = sheet.cut_marks()
    assert len(marks) == 2 * (cols + 1) + 2 * (rows + 1)
    for mx1, my1, mx2, my2 in marks:
        for mx, my in ((mx1, my1), (mx2, my2)):
            assert 0 < mx < pw and 0 < my < ph  # on the paper
            assert not (x0 < mx < x1 and y0 < my < y1)  # never on a card


@pytest.mark.parametrize("items,page,card,pages", [
    (10, "a4", "63x88", 2),
    (9, "a4", "63x88", 1),
    (10, "letter", "63x88", 2),
    (10, "a4", "a7", 3),
    (1, "letter", "a7", 1),
])
def test_card_and_page_counts_follow_from_the_input(tmp_path, items, page, card, pages):
    out = tmp_path / "count.pdf"
    summary = render_pdf([synthetic_item(n) for n in range(items)], out, make_sheet(page, card))
    assert summary["cards"] == items
    assert summary["pages"] == pages == math.ceil(items / summary["per_page"])
    assert len(pypdf.PdfReader(str(out)).pages) == pages


def test_long_rules_flow_onto_marked_continuation_cards(tmp_path):
    out = tmp_path / "long.pdf"
    summary = render_pdf([synthetic_item(1, paragraphs=30), synthetic_item(2)], out, make_sheet("a4", "63x88"))
    parts = summary["items"][0]["cards"]
    assert parts >= 3
    assert summary["cards"] == parts + 1
    text = pdf_text(out)
    for part in range(1, parts + 1):
        assert f"({part}/{parts})" in text
    assert text.count("ワザのダメージを計算する。") == 30 * 4 + 4  # nothing lost at the breaks


def physical_cards(item: CardItem, card: str = "63x88"):
    fonts = {item.lang: register_fonts(item.lang, item.text_chars() | set("0123456789()/ "))}
    return CardRenderer(make_sheet("a4", card), fonts).physical_cards(item)


def test_a_card_is_filled_before_text_flows_to_the_next():
    item = synthetic_item(1, paragraphs=1)
    item.blocks.append(Block("para", "ダメージを計算する。" * 80))
    cards = physical_cards(item)
    assert len(cards) >= 2
    first_body = [flowable for flowable, _ in cards[0].body]
    assert len(first_body) == 2  # the long paragraph starts under the short one


def test_a_heading_never_ends_a_card():
    blocks = [Block("para", "ワザのダメージを計算する。" * 14), Block("heading", "見出し")]
    blocks += [Block("para", "ダメージを計算する。" * 30)]
    for extra in range(0, 12):
        item = synthetic_item(1)
        item.blocks = [Block("para", "あ" * (20 * extra + 1))] + blocks
        for card in physical_cards(item)[:-1]:
            last = card.body[-1][0]
            assert getattr(getattr(last, "style", None), "name", "") != "heading", \
                f"heading last on a card (extra={extra})"


def test_a_glossary_term_is_never_split_from_its_sections():
    item = CardItem(
        key="glossary:test", kind="glossary", lang="ja", kicker="用語集", title="用語集: テスト",
        blocks=[Block("term", row={"ja": f"用語{n}", "zh": f"术语{n}", "ko": f"용어{n}", "en": f"term {n}"},
                      cite=("guide-ja:I-A-01", "guide-ja:I-A-03")) for n in range(40)],
        source="judgebot glossary",
    )
    cards = physical_cards(item)
    assert len(cards) > 2
    terms = [flowable for card in cards for flowable, _ in card.body[1:]]  # body[0]: column header
    assert len(terms) == 40
    assert all(len(table._cellvalues) == 2 for table in terms)


@pytest.mark.parametrize("text,rows", [
    # blank cells are kept where they are: a missing ● is information
    ("a | b | c\n● |  | x\n |  ● | y", [["a", "b", "c"], ["●", "", "x"], ["", "●", "y"]]),
    ("| a | b |\n|---|---|\n| c |  |", [["a", "b"], ["c", ""]]),
    ("サイド1枚\tルールなし\nサイド2枚\tex", [["サイド1枚", "ルールなし"], ["サイド2枚", "ex"]]),
])
def test_table_rows_keep_blank_cells(text, rows):
    assert table_rows(text) == rows


def test_chapter_prints_every_section_under_it(tmp_path, corpus):
    out = tmp_path / "chapter.pdf"
    summary = build_cards(Selection(chapter="II-B"), out, corpus=corpus)
    chapter = corpus.get("guide-ja:II-B")
    ids = [item["id"] for item in summary["items"]]
    assert ids == [c for c in chapter.children if corpus.get(c).kind == "section"]
    assert summary["cards"] >= len(ids)


def test_a_cited_chapter_heading_lists_its_sections(tmp_path, corpus):
    out = tmp_path / "heading.pdf"
    build_cards(Selection(citations=["guide-ja:II-B"]), out, corpus=corpus)
    text = pdf_text(out)
    for child in corpus.get("guide-ja:II-B").children:
        record = corpus.get(child)
        assert squeeze(f"{record.section}{record.title}") in text


# -- citations --------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ja", "zh", "ko"])
def test_procedure_cards_cite_resolvable_sections_of_their_language(tmp_path, corpus, lang):
    out = tmp_path / f"proc-{lang}.pdf"
    summary = build_cards(Selection(procedures=["all"], lang=lang), out, corpus=corpus)
    assert [i["id"] for i in summary["items"]] == [f"procedure:{name}" for name in PROCEDURES]
    assert summary["citations"]
    for citation in summary["citations"]:
        assert citation in corpus, citation
    text = pdf_text(out)
    for citation in summary["citations"]:
        assert squeeze(citation) in text
    own = {"ja": "guide-ja:", "zh": "guide-zh:", "ko": "rules-ko:"}[lang]
    assert any(c.startswith(own) for c in summary["citations"])


def test_citations_are_followed_into_the_language_where_an_equivalent_exists(corpus):
    cites = localize_citations(["guide-ja:I-A-03", "guide-ja:Z-99"], "zh", corpus)
    assert cites == ("guide-zh:I-A-03",)  # and a dead citation is never printed


def test_an_item_missing_from_the_language_is_printed_as_cited(tmp_path, corpus):
    faq = "guide-ja:II-B-07/faq-2"
    with pytest.raises(InputError):
        corpus.follow(corpus.get(faq), "ko")  # FAQs have no counterpart across documents
    summary = build_cards(Selection(citations=[faq, "guide-ja:I-A-03"], lang="ko"), tmp_path / "x.pdf", corpus=corpus)
    assert summary["items"][0]["id"] == faq and summary["items"][0]["lang"] == "ja"
    assert summary["items"][1]["id"] == corpus.resolve("guide-ja:I-A-03", "ko").id
    assert summary["langs"] == ["ja", "ko"]


# -- determinism and errors ----------------------------------------------------------

def test_same_input_gives_the_same_bytes(tmp_path, corpus):
    selection = Selection(citations=["guide-ja:I-E"], procedures=["checkup"], lang="ja")
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    build_cards(selection, first, corpus=corpus)
    build_cards(selection, second, corpus=corpus)
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize("selection,page,card", [
    (Selection(), "a4", "63x88"),
    (Selection(citations=["guide-ja:Z-99"]), "a4", "63x88"),
    (Selection(procedures=["nonsense"]), "a4", "63x88"),
    (Selection(procedures=["attack"], lang="fr"), "a4", "63x88"),
    (Selection(procedures=["attack"]), "a3", "63x88"),
    (Selection(procedures=["attack"]), "a4", "tarot"),
])
def test_bad_selections_are_input_errors(tmp_path, corpus, selection, page, card):
    with pytest.raises(InputError):
        build_cards(selection, tmp_path / "x.pdf", page=page, card=card, corpus=corpus)


# -- the command ---------------------------------------------------------------------

def test_cards_command_json(cli, tmp_path):
    out = tmp_path / "cli.pdf"
    result = cli("cards", "guide-ja:I-A-03", "--procedure", "damage", "--lang", "ko",
                 "--page", "letter", "--output", str(out), "--json")
    assert result.code == 0, result.stderr
    summary = result.json()
    for key in ("output", "cards", "pages", "lang", "page", "card", "per_page", "items", "citations"):
        assert key in summary, key
    assert summary["lang"] == "ko" and summary["page"] == "letter"
    assert summary["output"] == str(out) and out.exists()
    assert len(pypdf.PdfReader(str(out)).pages) == summary["pages"]


@pytest.mark.parametrize("args", [
    ("cards",),
    ("cards", "guide-ja:Z-99"),
    ("cards", "--procedure", "nonsense"),
    ("cards", "--glossary", "no_such_kind"),
    ("cards", "--procedure", "attack", "--page", "a3"),
])
def test_cards_command_bad_input_exits_2_with_one_line(cli, tmp_path, args):
    result = cli(*args, "--output", str(tmp_path / "x.pdf"))
    assert result.code == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip()


def test_turn_procedures_have_their_own_cards(tmp_path, corpus):
    out = tmp_path / "turn.pdf"
    summary = build_cards(Selection(procedures=["all"], lang="ja"), out, corpus=corpus)
    assert len(summary["items"]) == 12
    text = pdf_text(out)
    for title in ("特性を使う", "進化させる", "トレーナーズを使う", "エネルギーをつける"):
        assert squeeze(title) in text


# -- font subset cache ----------------------------------------------------------------

def _forget_fonts_in_memory():
    from judgebot.cards import fonts

    for cached in (fonts._subset_ttf, fonts._cmap, fonts._locl, fonts.font_key):
        cached.cache_clear()


def test_subsets_are_cached_on_disk_keyed_by_weight_language_and_characters(tmp_path, monkeypatch):
    from judgebot.cards import fonts

    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path))
    _forget_fonts_in_memory()
    first, missing = _subset_ttf("regular", "zh", "直骨A⚡", "cache-test")
    assert missing == ("⚡",)
    entries = sorted(p.name for p in (tmp_path / "fonts").glob("*.ttf"))
    assert len(entries) == 1 and "-regular-zh-" in entries[0]

    _forget_fonts_in_memory()
    monkeypatch.setattr(fonts, "_cut_subset", lambda *a: pytest.fail("cut again despite the cache"))
    assert _subset_ttf("regular", "zh", "直骨A⚡", "cache-test") == (first, missing)
    with pytest.raises(BaseException):  # another language is another entry
        _subset_ttf("regular", "ja", "直骨A⚡", "cache-test")


def test_a_damaged_cache_entry_is_cut_again(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path))
    _forget_fonts_in_memory()
    good, _ = _subset_ttf("regular", "ko", "직A", "damage-test")
    (entry,) = (tmp_path / "fonts").glob("*-ko-*.ttf")
    entry.write_bytes(entry.read_bytes()[:-100])
    _forget_fonts_in_memory()
    assert _subset_ttf("regular", "ko", "직A", "damage-test")[0] == good
    assert TTFont(io.BytesIO(good)).getBestCmap()[ord("직")]


def test_a_query_prints_the_relevant_records_bounded():
    """`cards --query "burn checkup" --lang ko`: the hits that answer it (Burn, the Checkup),
    not every section that mentions a word of it, and of a long section only the part that
    names the query's terms, with a pointer to the whole record."""
    from judgebot.cards.select import query_item, search_records, select_items
    from judgebot.cards.selection import Selection
    from judgebot.corpus import load_corpus

    corpus = load_corpus()
    items = select_items(Selection(query="burn checkup", lang="ko"), corpus)
    keys = [item.key for item in items]
    # the two that answer it, in the order search ranks them (issue 26 changed that order)
    assert set(keys[:2]) == {"rules-ko:화상", "rules-ko:B-12"} and len(items) <= 4
    long = corpus.get("rules-ko:B-10")
    item = query_item(long, corpus, ("혼란",))
    assert len(item.blocks) <= 4 and item.blocks[-1].text == "rules-ko:B-10"
    assert all("혼란" in b.text for b in item.blocks[:-1])
    assert all(item.key != "rules-ko:B-09" for item in items)
    assert search_records(corpus, "burn checkup", "ko", 9)[0][0].id in ("rules-ko:화상", "rules-ko:B-12")
