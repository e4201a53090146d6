"""Korean particles follow the noun (judgebot/korean.py): the final sound of Hangul,
numbers, kana, Chinese characters and Latin letters, brackets looked through, the ㄹ rule
of (으)로, and the catalogs' generic forms never reaching the reader."""

from __future__ import annotations

import re

import pytest

from judgebot import i18n
from judgebot.korean import CONSONANT, RIEUL, VOWEL, attach_particles, final_sound, particle


@pytest.mark.parametrize("noun,sound", [
    ("상대", VOWEL), ("자신", CONSONANT), ("배틀필드", VOWEL), ("불꽃", CONSONANT), ("강철", RIEUL),
    ("1", RIEUL), ("2", VOWEL), ("3", CONSONANT), ("10", CONSONANT), ("100", CONSONANT), ("7", RIEUL), ("25", VOWEL),
    ("ルカリオ", VOWEL), ("イシヘンジン", CONSONANT), ("ヒバニー", VOWEL), ("ラビフット", VOWEL), ("ポッポ", VOWEL),
    ("喷火龙", CONSONANT), ("皮卡丘", VOWEL), ("引梦貍人", CONSONANT), ("リーリエの決心", CONSONANT), ("ナタネの活気", VOWEL),
    ("双重涡轮能量", CONSONANT), ("栗", RIEUL),
    ("フーディンex", VOWEL), ("V", VOWEL), ("VMAX", VOWEL), ("VSTAR", VOWEL), ("TAG TEAM", CONSONANT), ("URL", RIEUL), ("HP", VOWEL), ("V-UNION", CONSONANT),
    ("「はどうだん」", CONSONANT), ("「メガブレイブ」", VOWEL), ("ヨクバリス (상대의 배틀 포켓몬)", VOWEL),
    ("(ブレイブバングル)", VOWEL), ("达克莱伊◇", VOWEL), ("１０", CONSONANT),
])
def test_final_sound(noun, sound):
    assert final_sound(noun) == sound


@pytest.mark.parametrize("noun,generic,expected", [
    ("상대", "은(는)", "는"), ("자신", "은(는)", "은"), ("에너지", "을(를)", "를"), ("아이템", "을(를)", "을"),
    ("배틀필드", "이(가)", "가"), ("ルカリオ", "이(가)", "가"), ("イシヘンジン", "이(가)", "이"),
    ("기술", "와(과)", "과"), ("포켓몬", "와(과)", "과"), ("벤치", "와(과)", "와"),
    ("무색", "(으)로", "으로"), ("불꽃", "(으)로", "으로"), ("물", "(으)로", "로"), ("초", "(으)로", "로"),
    ("강철", "(으)로", "로"), ("3개", "(으)로", "로"), ("10", "(으)로", "으로"), ("1", "(으)로", "로"),
])
def test_particle(noun, generic, expected):
    assert particle(noun, generic) == expected


def test_attach_particles_in_a_sentence():
    assert attach_particles("ルカリオ이(가) 기술 「はどうだん」을(를) 사용한다") == "ルカリオ가 기술 「はどうだん」을 사용한다"
    assert attach_particles("상대은(는) 무색(으)로 에너지을(를) 붙인다") == "상대는 무색으로 에너지를 붙인다"
    assert attach_particles("particles only where a generic form is") == "particles only where a generic form is"


def test_the_korean_catalog_writes_a_particle_after_a_parameter_in_its_generic_form():
    """A fixed particle after a parameter ("{ability}」는") is right for half the nouns: the
    catalog writes the generic form and the renderer picks."""
    fixed = re.compile(r"\{\w+\}[」)]?(?:은|는|이|가|을|를|와|과|으로|로)(?!\()(?![가-힣])")
    for key, template in i18n.catalog("ko").items():
        for form in (template.values() if isinstance(template, dict) else [template]):
            assert not fixed.search(form), (key, form)


def test_korean_text_uses_the_official_rules_spelling_of_trash():
    """트래쉬, as rules-ko writes it (트래시 never)."""
    for key, template in i18n.catalog("ko").items():
        for form in (template.values() if isinstance(template, dict) else [template]):
            assert "트래시" not in form, key
