"""Every ruling, rendered in the four languages as a judge reads it, is free of the slips
issue 27 found: no generic Korean particle, no raw key or English game word in ja/zh/ko
text, no doubled label, no step numbered twice (tests/ruling_text.py says how each is
found); and the detector finds each of them when it is there."""

from __future__ import annotations

import pytest

from tests import ruling_text
from tests.ruling_text import slips, slips_in

FILES = ruling_text.ruling_files()


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ruling_text.RULINGS)))
def test_no_slip_in_any_language(path):
    found = slips(path)
    assert found == {lang: [] for lang in found}


def test_every_ruling_is_read():
    assert len(FILES) >= 318


@pytest.mark.parametrize("lang,text,slip", [
    ("ko", "ルカリオ이(가) 기술 「はどうだん」을(를) 사용한다", "generic particle"),
    ("ko", "상대은(는) 벤치", "generic particle"),
    ("ja", "シュバルゴをトラッシュする（シュバルゴ・metal・metal・colorless）", "Latin words"),
    ("ja", "一連の行動（sequence）", "Latin words"),
    ("zh", "13.  = draw: 双方同时满足条件", "Latin words"),
    ("en", "9.  = you: you win: the opponent cannot put a Pokémon into the Active Spot", "doubled label"),
    ("ja", " 1. 勝ち負けの条件 — 自分: 自分：サイドをすべてとった", "doubled label"),
    ("en", " 3. 1. The attack's damage — the opponent's Active Pokémon = 60: 60 damage", "numbered twice"),
    ("ko", " 3. ① 기본 계산 — 상대의 배틀 포켓몬 = 60", "numbered twice"),
    ("en", "paid by 双重涡轮能量 (2 Colorless)", "CJK outside a name"),
    ("en", "(シュバルゴ, metal, colorless)", "raw type keys"),
    ("ja", "you.active のポケモン", "raw key"),
])
def test_the_detector_finds_each_slip(lang, text, slip):
    found = slips_in("step", text, lang, ["シュバルゴ", "ルカリオ", "はどうだん"])
    assert any(slip in f for f in found), found


@pytest.mark.parametrize("lang,text", [
    ("ja", "メガルカリオexのHPは340（VSTAR・VMAX・TAG TEAM）（Ⅱ-E-20、手順1a）"),
    ("ko", "ルカリオ가 기술 「はどうだん」을 사용한다"),
    ("en", " 6. Final damage (damage calculation, step 6) — the opponent's Active Pokémon = 120: 120 damage"),
    ("en", " 1. Not on either player's first turn: turn 3 is not your first turn"),
])
def test_the_detector_passes_clean_text(lang, text):
    assert slips_in("step", text, lang, ["メガルカリオex", "ルカリオ", "はどうだん"]) == []
