"""The particular slips of issue 27 in the ruling text, each pinned: the guides' own terms
(guide-zh 消除 and 放于弃牌区, guide-ja Ⅰ-E タイブレーク, rules-ko 트래쉬), a reason that names
only the part of a condition the Pokémon does not meet, a copied attack under its own step
name, no "nothing to take" where nothing is taken, no remark on the scenario format, and
a card's English name in an English ruling (one function says every name:
i18n.localized_card_name)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judgebot import i18n
from judgebot.engine import rule
from judgebot.engine.format.scenario import load_scenario
from judgebot.present import ruling_view

ROOT = Path(__file__).resolve().parents[1]


def _shown(name: str, lang: str) -> dict:
    return rule(load_scenario(ROOT / "rulings" / name)).to_dict(lang)


def _forms(lang: str):
    for key, template in i18n.catalog(lang).items():
        for form in (template.values() if isinstance(template, dict) else [template]):
            yield key, form


@pytest.mark.parametrize("lang,wrong,right", [
    ("zh", "消失", "消除"),  # guide-zh: 特性全部消除, 招式的效果消除
    ("zh", "丢弃", "放于弃牌区"),  # guide-zh: 放于弃牌区 (188 times), 丢弃 never
    ("ja", "サドンデス", "タイブレーク"),  # guide-ja Ⅰ-E
    ("zh", "骤死", "抢分赛"),  # guide-zh Ⅰ-E
    ("ko", "트래시", "트래쉬"),  # rules-ko
])
def test_the_guides_own_terms(lang, wrong, right):
    assert not [key for key, form in _forms(lang) if wrong in form]
    assert [key for key, form in _forms(lang) if right in form]


@pytest.mark.parametrize("phrase", ["none to give", "nothing to take", "scenario format"])
def test_no_english_slip(phrase):
    assert not [key for key, form in _forms("en") if phrase in form]


def test_a_reason_names_only_the_part_of_the_condition_not_met():
    """ふくがん: +50 against the opponent's Active Pokémon with an Ability; ロケット団のクロバットex
    is the opponent's Active Pokémon, whose Ability ロケット団の監視塔 removed: the reason says
    it has no Ability, not that it is not the opponent's Active Pokémon."""
    step = next(s for s in _shown("guide-ja_II-D-13_faq-3.yaml", "en")["steps"] if s["step"] == "attacker_effects")
    assert "does not meet the condition: with an Ability" in step["text"]
    assert "in the Active Spot" not in step["text"].split("does not meet")[1]
    step = next(s for s in _shown("attack/brave-bangle-not-against-non-ex.yaml", "ja")["steps"]
                if s["step"] == "attacker_effects")
    assert "相手のポケモン" not in step["text"].split("は条件")[1]


def test_a_copied_attack_has_its_own_step_name():
    shown = _shown("guide-ja_II-C-18_faq-1.yaml", "en")
    step = next(s for s in shown["steps"] if s["step"] == "copy_attack")
    assert ruling_view.step_head(step, "attack", "en") == "Use another attack as this one"
    assert ruling_view.step_head(step, "attack", "ja") == "このワザとして使う"


def test_an_english_ruling_names_a_card_by_its_english_name():
    shown = _shown("guide-zh_II-C-01_faq-1-a.yaml", "en")
    text = " ".join(s["text"] for s in shown["steps"])
    assert "Double Turbo Energy" in text and "双重涡轮能量" not in text
    assert i18n.localized_card_name("双重涡轮能量", "en") == "Double Turbo Energy"
    assert i18n.localized_card_name("リーリエの決心", "en") == "Lillie's Determination"


@pytest.mark.parametrize("lang, lucario, charizard", [
    ("ja", "ルカリオ", "リザードンex"), ("zh", "路卡利欧", "喷火龙ex"), ("ko", "루카리오", "리자몽ex"), ("en", "Lucario", "Charizard ex")])
def test_names_come_from_the_card_database_in_each_language(lang, lucario, charizard):
    """ルカリオ이(가) 기술 「はどうだん」 (issue 27): a Pokémon is named as the ruling's
    language names it, from the card database (a species no card carries: PokéAPI's name)."""
    assert i18n.localized_card_name("ルカリオ", lang) == lucario
    assert i18n.localized_card_name("Lucario", lang) == lucario
    assert i18n.localized_card_name("Charizard ex", lang) == charizard
    assert i18n.localized_card_name("リザードン", "en") == "Charizard"  # no SV card: the species
    assert i18n.localized_card_name("ヨクバリス", "en") == "Greedent"


@pytest.mark.parametrize("lang", ["ja", "zh", "ko"])
def test_a_name_with_no_name_in_that_language_stays_as_written(lang):
    """Never a guess: an attack has names in English and Japanese only; a name the card
    database does not know, or names cards that disagree on, stays as written."""
    assert i18n.localized_card_name("はどうだん", "zh") == "はどうだん"
    assert i18n.localized_card_name("zzz unknown card", lang) == "zzz unknown card"
    assert i18n.localized_card_name("ルカリオ", "ja") == "ルカリオ"  # already in the ruling's script


def test_the_damage_steps_are_numbered_once():
    shown = _shown("attack/resistance.yaml", "en")
    heads = [ruling_view.step_head(s, "attack", "en") for s in shown["steps"]]
    assert any(h.startswith("Resistance (damage calculation, step 4)") for h in heads)
    lines = [text for text, _ in ruling_view.ruling_lines(shown, _corpus())]
    assert not [line for line in lines if re.match(r"^\s*\d+\.\s+\d+\.", line)]


def _corpus():
    from judgebot.corpus import load_corpus

    return load_corpus()
