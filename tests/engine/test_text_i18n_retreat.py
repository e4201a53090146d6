"""Ruling text of the retreat, Energy, attach, evolve, bench and setup procedures in the
four languages: templates only — no engine identifiers, no English words in ja/zh/ko
beyond the scenario's names — and the retreat texts that said a thing twice or
"discard 0 Energy" said once, as people say it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from judgebot.carddb import lookup
from judgebot.engine import check_file, rule
from judgebot.i18n import LANGS
from tests.engine.helpers import load, mon

ROOT = Path(__file__).resolve().parents[2]
MINE = ("retreat", "attach", "evolve", "bench", "setup")
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:you|opponent)\.(?:active|bench|hand)\b|\[[a-z, ]+\]")
# Latin left in ja/zh/ko once the scenario's names are taken out: only rule-mark letters
# (ex, V, VMAX, V-UNION), HP and the guide's step labels (1a, 1c).
ALLOWED_LATIN = re.compile(r"^(?:ex|V|VMAX|UNION|HP|N|[abc])$")


def _rulings():
    for path in sorted((ROOT / "rulings").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if re.search(r"^ask:\s*\n\s+(%s):" % "|".join(MINE), text, re.M):
            yield path


FILES = list(_rulings())


def _texts(result: dict) -> list[str]:
    return [s["text"] for s in result["steps"] + result["reasons"]]


def test_the_rulings_cover_every_procedure():
    asks = {check_file(p)["ask"] for p in FILES}
    assert asks == set(MINE)


@pytest.mark.parametrize("lang", LANGS)
def test_no_identifiers_and_no_english_outside_names(lang):
    for path in FILES:
        # The scenario's names are its own: a real card named in English (`card: Dragapult ex`)
        # is named so in every language (SCENARIOS.md "Real cards": as the file wrote it).
        written = set(re.findall(r"[A-Za-z]+", path.read_text(encoding="utf-8")))
        result = check_file(path, lang=lang)
        for used in result.get("cards") or ():  # and what the card data give (Rare Candy's line)
            written |= set(re.findall(r"[A-Za-z]+", json.dumps(lookup.get(used["card"]), ensure_ascii=False)))
        for text in _texts(result):
            assert not IDENTIFIER.search(text), (path.name, text)
            if lang != "en":
                stray = [w for w in re.findall(r"[A-Za-z]+", text) if not ALLOWED_LATIN.match(w) and w not in written]
                assert not stray, (path.name, lang, text)


def _retreat(active: dict, bench=("ガーディ",)) -> dict:
    return {"you": {"active": active, "bench": [mon(n, ["fire"], 70) for n in bench]},
            "opponent": {"active": mon("ゼニガメ", ["water"], 70)},
            "ask": {"retreat": {"to": "you.bench[0]"}}}


@pytest.mark.parametrize("lang, once", [("en", "cannot retreat"), ("ja", "にげられない"),
                                        ("zh", "无法撤退"), ("ko", "후퇴할 수 없다")])
def test_cannot_retreat_is_said_once_with_where_it_comes_from(lang, once):
    active = mon("ラウドボーン", ["fire"], 180, retreat=1, energy=["fire"],
                 abilities=[{"name": "てんねん", "declared": False,
                             "effect": {"kind": "prevent_effects", "from": {"side": "opponent"}}}],
                 effects=[{"kind": "cant_retreat"}])
    result = rule(load(_retreat(active))).to_dict(lang)
    [text] = [t for t in _texts(result) if once in t]
    assert text.count(once) == 1, text
    # the Ability's name in the ruling's language (i18n.localized_card_name: data/card_names.yaml)
    assert {"en": "Unaware", "ja": "てんねん", "zh": "纯朴", "ko": "천진"}[lang] in text


@pytest.mark.parametrize("lang, said, not_said", [
    ("en", "nothing to discard", "discard 0"), ("ja", "トラッシュするエネルギーはない", "0個"),
    ("zh", "无需将能量放于弃牌区", "0个"), ("ko", "트래쉬할 에너지는 없다", "0개")])
def test_a_free_retreat_discards_nothing_in_words(lang, said, not_said):
    active = mon("ポッポ", ["colorless"], 60, retreat=0)
    result = rule(load(_retreat(active))).to_dict(lang)
    [switch] = [s["text"] for s in result["steps"] if s["step"] == "switch"]
    assert said in switch and not_said not in switch, switch
