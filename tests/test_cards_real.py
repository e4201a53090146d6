"""`judgebot cards --card NAME`: a real card's rulings sheet — its text and whether the
engine applies each part, the FAQs about it, one worked ruling — in the chosen language."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from judgebot.card_answer import card_document
from judgebot.cards import Selection, build_cards
from judgebot.cards.real_card import card_items, sheet_lang
from judgebot.cli import app
from judgebot.corpus import load_corpus
from judgebot.engine import check_file
from judgebot.errors import InputError
from judgebot.examples import find
from judgebot.present.ruling_view import verdict

from .test_cards import pdf_text, squeeze


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_the_sheet_holds_the_card_its_faqs_and_a_worked_ruling(tmp_path, corpus):
    out = tmp_path / "iron-defender.pdf"
    summary = build_cards(Selection(cards=["Iron Defender"], lang="ja"), out, corpus=corpus)
    kinds = [item["kind"] for item in summary["items"]]
    assert kinds[0] == "card" and kinds[-1] == "ruling" and set(kinds[1:-1]) <= {"faq", "example"}
    assert len(kinds) > 2 and summary["langs"] == ["ja"] and summary["missing_glyphs"] == []
    text = pdf_text(out)
    doc = card_document("Iron Defender", "ja")
    assert squeeze("アイアンディフェンダー") in text and squeeze(doc["text"]["ja"])[:30] in text
    assert squeeze("エンジンが適用する") in text  # whether the engine applies it
    # the worked ruling: a packaged ruling that names the card, ruled now in Japanese
    ruling_item = summary["items"][-1]
    example = find([ruling_item["id"].removeprefix("ruling:")])[0]
    assert example.display.startswith("rulings/standard/")  # one naming the real card first
    ruling = check_file(example.path, display=example.display, lang="ja")
    assert squeeze(verdict(ruling, "ja")[0]) in text
    for record_id in [i["id"] for i in summary["items"] if i["kind"] in ("faq", "example")]:
        assert record_id in text  # each FAQ names its source


@pytest.mark.parametrize("query, lang", [("Iron Hands ex", "en"), ("テツノカイナex", "ja"), ("무쇠손 ex", "ko"),
                                         ("铁臂膀ex", "zh"), ("OBF 125", "en")])
def test_without_lang_the_sheet_is_in_the_language_the_card_was_named_in(query, lang):
    assert sheet_lang(query, None) == lang
    assert sheet_lang(query, "ja") == "ja"


def test_each_language_prints_its_own_words(tmp_path, corpus):
    for lang, words in (("en", "the engine applies it"), ("zh", "引擎会适用"), ("ko", "엔진이 적용함")):
        items = card_items("Iron Defender", lang, corpus)
        assert items[0].lang == lang and all(item.lang in (lang, "ja") for item in items)
        out = tmp_path / f"{lang}.pdf"
        build_cards(Selection(cards=["Iron Defender"], lang=lang), out, corpus=corpus)
        assert squeeze(words) in pdf_text(out)


def test_a_card_no_ruling_uses_says_so(corpus):
    items = card_items("me03-059", "en", corpus)  # Klefki: no packaged ruling names it
    assert items[-1].kind == "ruling" and "No packaged ruling uses this card yet" in items[-1].blocks[0].text


def test_a_typo_is_corrected_saying_so_and_unknown_and_ambiguous_cards_are_errors(corpus):
    items = card_items("Iron Defendr", "en", corpus)
    assert items[0].title == "Iron Defender"
    assert items[0].blocks[0].text == "no card is named 'Iron Defendr'; showing the nearest: Iron Defender"
    with pytest.raises(InputError) as info:
        card_items("Qwertyuiop Zxcv", "en", corpus)
    assert "no card named or numbered" in str(info.value)
    with pytest.raises(InputError) as info:
        card_items("Charizard ex", "en", corpus)
    assert "pin one with its set code and number" in str(info.value)


def test_the_command_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["cards", "--card", "Iron Defender", "--card", "a7", "-o", "s.pdf", "--json"])
    assert result.exit_code == 0, result.output
    assert '"card": "a7"' in result.output and '"kind": "ruling"' in result.output  # --card a7: the size, as before
    result = CliRunner().invoke(app, ["cards", "--card", "Iron Defender", "--size", "a7", "-o", "s.pdf"])
    assert result.exit_code == 0 and "(a7 cards" in result.output
    result = CliRunner().invoke(app, ["cards", "--card", "Charizard ex", "-o", "s.pdf"])
    assert result.exit_code == 2 and "pin one" in result.output
