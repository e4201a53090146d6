"""Every template of the attack, damage, Knock Out, Prize and game-end catalogs, in all four
languages: no engine identifier, the right script — also the ids no file in rulings/ reaches."""

from __future__ import annotations

import re

import pytest

from judgebot import i18n
from judgebot.paths import data_dir
from judgebot.yaml_data import load_yaml

FILES = ("attack", "damage", "knockout", "game_end", "prizes")
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:you|opponent)\.(?:active|bench)|\[[a-z]")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
KANA = re.compile(r"[\u3040-\u30ff]")
HAN = re.compile(r"[\u4e00-\u9fff]")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _templates(lang: str):
    for name in FILES:
        entries = load_yaml((data_dir() / "messages" / lang / f"{name}.yaml").read_text(encoding="utf-8"))
        for key, template in entries.items():
            for form in (template.values() if isinstance(template, dict) else [template]):
                yield name, key, str(form)


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_template_is_words_of_its_language(lang):
    seen = 0
    for name, key, template in _templates(lang):
        seen += 1
        assert not IDENTIFIER.search(template), (name, key, template)
        words = PLACEHOLDER.sub("", template)
        if not re.search(r"\w", words):  # a template of placeholders and punctuation only
            continue
        if lang == "en":
            assert not (KANA.search(words) or HAN.search(words) or HANGUL.search(words)), (key, template)
        elif lang == "ja":
            assert (KANA.search(words) or HAN.search(words)) and not HANGUL.search(words), (key, template)
        elif lang == "zh":
            assert HAN.search(words) and not KANA.search(words) and not HANGUL.search(words), (key, template)
        else:
            assert HANGUL.search(words) and not KANA.search(words), (key, template)
        if lang != "en":
            assert not LATIN_WORD.search(words.replace("HP", "")), (key, template)
    assert seen > 50


def test_the_five_catalog_files_have_the_same_ids_in_every_language():
    ids = {lang: {(name, key) for name, key, _ in _templates(lang)} for lang in i18n.LANGS}
    for lang in ("ja", "zh", "ko"):
        assert ids[lang] == ids["en"], lang
