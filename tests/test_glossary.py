"""The multilingual glossary: its data (data/glossary.yaml), `lookup`, `find_terms`,
the error cases, the `term` renderer and the `term --json` contract."""

from __future__ import annotations

import io
import re
import time
from collections import defaultdict

import pytest
from rich.console import Console

from judgebot import glossary
from judgebot.corpus import load_corpus
from judgebot.errors import InputError
from judgebot.glossary import KINDS, LANGS, all_entries, find_terms, key, lookup
from judgebot.present.term_view import render_terms

ENTRIES = all_entries()


def by_ja(word: str) -> glossary.Entry:
    (entry,) = [e for e in ENTRIES if e.ja == word]
    return entry


def en_of(entries) -> list[str]:
    return [e["en"] if isinstance(e, dict) else e.en for e in entries]


# -- the data ------------------------------------------------------------------


def test_at_least_200_entries():
    assert len(ENTRIES) >= 200


def test_every_entry_has_four_languages_a_kind_and_sections():
    for entry in ENTRIES:
        for lang in LANGS:
            assert entry.word(lang).strip(), (entry.line, lang)
        assert entry.kind in KINDS, entry.line
        assert entry.sections, entry.line


def test_every_kind_is_used():
    assert {e.kind for e in ENTRIES} == set(KINDS)


# Main words that compare equal once folded but are different terms: the modern
# "Pokémon ex" and the XY-era "Pokémon-EX" differ only by case.
JUSTIFIED_SAME_WORD = {frozenset({"ポケモンex", "ポケモンEX"})}


@pytest.mark.parametrize("lang", LANGS)
def test_no_duplicate_main_words_within_a_language(lang):
    seen: dict[str, list[str]] = defaultdict(list)
    for entry in ENTRIES:
        seen[key(entry.word(lang))].append(entry.ja)
    duplicates = [set(v) for v in seen.values() if len(v) > 1]
    assert all(frozenset(d) in JUSTIFIED_SAME_WORD for d in duplicates), duplicates


def test_every_citation_resolves_in_the_corpus():
    corpus = load_corpus()
    missing = [(e.ja, c) for e in ENTRIES for c in e.sections if c not in corpus]
    assert not missing


@pytest.mark.parametrize("doc", ["guide-ja", "guide-zh"])
def test_every_part_two_heading_is_an_entry(doc):
    """Every item of chapters Ⅱ-B … Ⅱ-E (the guide's card-text wordings) has an entry."""
    corpus = load_corpus()
    items = {
        r.id
        for r in corpus
        if r.doc == doc and r.kind == "section" and re.fullmatch(r"II-[B-E]-\d\d", r.section)
    }
    cited = {c for e in ENTRIES for c in e.sections}
    assert len(items) >= 80
    assert not items - cited


def test_guide_zh_numbering_of_chapter_e_is_followed():
    """guide-zh's Ⅱ-E diverges from E-16 on: ja E-18 is zh E-17, ja E-19 zh E-18."""
    assert "guide-zh:II-E-17" in by_ja("このカードが●●にあるなら、自分の番に1回使える").sections
    assert "guide-zh:II-E-18" in by_ja("そして山札を切る").sections
    assert "guide-zh:II-E-18" not in by_ja("このカードが●●にあるなら、自分の番に1回使える").sections


# -- lookup --------------------------------------------------------------------


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e.line}-{e.en}")
def test_lookup_of_each_main_word_finds_its_entry(entry):
    for lang in LANGS:
        result = lookup(entry.word(lang))
        found = [(e["ja"], e["en"]) for e in result["entries"]]
        assert (entry.ja, entry.en) in found, (lang, entry.word(lang), found)


@pytest.mark.parametrize(
    "words, en",
    [
        (["にげる", "撤退", "후퇴", "retreat"], "Retreat"),
        (["弱点", "약점", "Weakness"], "Weakness"),
        (["きぜつ", "昏厥", "기절", "knocked out", "KO"], "Knocked Out"),
        (["ベンチポケモン", "备战宝可梦", "벤치 포켓몬", "benched pokemon", "Benched Pokémon"], "Benched Pokémon"),
        (["ねむり", "睡眠", "잠듦", "asleep"], "Asleep"),
        (["次の相手の番", "下一个对手回合", "상대의 다음 차례", "during your opponent's next turn"], "during your opponent's next turn"),
        (["リザードン", "喷火龙", "리자몽", "charizard"], "Charizard"),
        (["ふうせん", "气球", "풍선", "air balloon"], "Air Balloon"),
    ],
)
def test_lookup_from_each_language_finds_the_same_entry(words, en):
    for word in words:
        result = lookup(word)
        assert result["query"] == word
        assert result["match"] == "exact"
        assert en_of(result["entries"]) == [en], word


def test_lookup_json_has_the_contract_keys():
    (entry,) = lookup("弱点")["entries"]
    assert {k: entry[k] for k in ("ja", "zh", "ko", "en")} == {
        "ja": "弱点", "zh": "弱点", "ko": "약점", "en": "Weakness",
    }
    assert "guide-ja:I-A-01" in entry["sections"]
    assert entry["kind"] == "game_term"
    assert set(entry["aliases"]) == set(LANGS)


@pytest.mark.parametrize(
    "word, en",
    [
        ("pokemon", "Pokémon"),  # accents do not matter
        ("POKÉMON", "Pokémon"),
        ("weaknesses", "Weakness"),  # plurals
        ("Retreat Costs", "Retreat Cost"),
        ("energies", "Energy"),
        ("ＨＰ", "HP"),  # full width
        ("ニゲル", "Retreat"),  # katakana = hiragana
        ("tag-team", "TAG TEAM"),
    ],
)
def test_lookup_normalizes_spelling(word, en):
    assert en_of(lookup(word)["entries"])[0] == en


@pytest.mark.parametrize(
    "word, en",
    [("weaknes", "Weakness"), ("retreet", "Retreat"), ("paralized", "Paralyzed"), ("benched pokmon", "Benched Pokémon")],
)
def test_typo_lookup_finds_the_close_english_word(word, en):
    result = lookup(word)
    assert result["match"] == "close"
    assert en_of(result["entries"])[0] == en


def test_partial_lookup_finds_terms_containing_the_word():
    result = lookup("小さくなる")
    assert result["match"] == "contains"
    assert en_of(result["entries"]) == ["this attack does ●● less damage"]
    found = en_of(lookup("ベンチポケモンと入れ替える")["entries"])
    assert found == [
        "switch your Active Pokémon with 1 of your Benched Pokémon",
        "switch out your opponent's Active Pokémon to the Bench",
    ]
    # No term contains it and it is no typo: the terms the word itself mentions.
    result = lookup("retreat cost energy")
    assert (result["match"], en_of(result["entries"])) == ("contains", ["Retreat Cost", "Energy"])
    assert en_of(lookup("ワザ失敗")["entries"]) == ["Attack", "the attack does nothing"]
    # Whole English words only: "ex" is in "Pokémon ex", not in "next turn".
    found = en_of(lookup("ex")["entries"])
    assert "Pokémon ex" in found and "during your next turn" not in found


@pytest.mark.parametrize("word", ["", "   ", "\t\n", "「」"])
def test_empty_word_is_an_input_error(word):
    with pytest.raises(InputError, match="empty term"):
        lookup(word)


def test_unknown_word_is_an_input_error_with_suggestions():
    with pytest.raises(InputError) as info:
        lookup("ニガール")  # no form inside it (ニゲール holds にげ, Retreat's stem: found)
    message = str(info.value)
    assert "ニガール" in message
    assert "にげる (Retreat)" in message


def test_unknown_word_without_anything_close():
    with pytest.raises(InputError, match="no glossary entry for 'qqqzzz'"):
        lookup("qqqzzz")


# -- find_terms ----------------------------------------------------------------

FIND_TERMS = [
    ("does weakness apply to benched pokemon", ["Weakness", "Benched Pokémon"]),
    ("can I retreat when my active pokemon is asleep", ["Retreat", "Active Pokémon", "Asleep"]),
    ("poison and burn damage counters during checkup", ["Poisoned", "Burned", "damage counter", "Pokémon Checkup"]),
    ("how many prize cards for a knocked out pokemon ex", ["Prize cards", "Knocked Out", "Pokémon ex", "Pokémon-EX"]),
    ("rare candy on the first turn", ["Rare Candy", "first turn"]),
    ("evolved pokemon retreating", ["Evolution Pokémon", "Retreat"]),
    ("最大HPとHP", ["maximum HP", "HP"]),
    ("次の相手の番、ワザのダメージを受けない", ["during your opponent's next turn", "prevent all damage from attacks"]),
    ("ダメカンを3個のせる", ["put ●● damage counters on"]),
    ("自分の番に2回使える", ["once during your turn"]),
    ("벤치 포켓몬에게 약점", ["Benched Pokémon", "Weakness"]),
    ("备战宝可梦 弱点", ["Benched Pokémon", "Weakness"]),
    ("弱点 for benched pokemon", ["Weakness", "Benched Pokémon"]),
    ("草ポケモンの弱点", ["Grass", "Weakness"]),
    ("물 에너지", ["Water", "Energy"]),
    ("ex pokemon give two prizes", ["Pokémon ex", "Prize cards"]),
    ("can I search my deck for up to 2", ["search your deck", "deck"]),
    ("how much damage does weakness do", ["damage", "Weakness"]),  # not "+●● damage"
    ("ダメージは「+30」される", ["+●● damage"]),
    ("do special conditions stay after evolving", ["Special Condition", "Evolution"]),
    ("retreat cost of a burned pokemon", ["Retreat Cost", "Burned"]),
    # Words that are not terms, or only look like one inside another word:
    ("超える 물건 next turn", []),
    ("草原 독점", []),  # one-character types / conditions need a context word
    ("독 데미지", ["Poisoned", "damage"]),
    ("what happens to the pokemon", []),
    ("the weak link", []),
]


@pytest.mark.parametrize("text, expected", FIND_TERMS)
def test_find_terms(text, expected):
    assert en_of(find_terms(text)) == expected


def test_find_terms_skips_entries_marked_not_in_text():
    """Words like 番 / turn, すべて / all or ポケモン match nearly every query."""
    quiet = [e for e in ENTRIES if not e.in_text]
    assert {"turn", "all", "Pokémon"} <= {e.en for e in quiet}
    for entry in quiet:
        assert entry not in find_terms(entry.ja + " " + entry.en)


def test_find_terms_accepts_search_normalized_text():
    """Search passes text folded as its analyzer does (katakana as hiragana)."""
    assert en_of(find_terms("べんちぽけもん の じゃくてん 弱点")) == ["Benched Pokémon", "Weakness"]


def test_find_terms_is_fast():
    queries = [text for text, _ in FIND_TERMS] * 20
    start = time.perf_counter()
    for text in queries:
        find_terms(text)
    assert (time.perf_counter() - start) / len(queries) < 0.005


# -- the file ------------------------------------------------------------------


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEBOT_DATA", str(tmp_path))
    return tmp_path


def test_broken_yaml_names_the_file_and_line(data_dir):
    (data_dir / "glossary.yaml").write_text(
        "- ja: 弱点\n  zh: 弱点\n  ko: [약점\n  en: Weakness\n", encoding="utf-8"
    )
    with pytest.raises(InputError) as info:
        lookup("弱点")
    assert re.search(r"glossary\.yaml:\d+: not valid YAML", str(info.value))


def test_missing_language_names_the_line(data_dir):
    (data_dir / "glossary.yaml").write_text(
        "- ja: 弱点\n  zh: 弱点\n  ko: 약점\n  en: Weakness\n  kind: game_term\n"
        "  sections: [guide-ja:I-A-01]\n"
        "- ja: 抵抗力\n  zh: 抗性\n  en: Resistance\n  kind: game_term\n"
        "  sections: [guide-ja:I-A-01]\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError, match=r"glossary\.yaml:7: entry needs a non-empty 'ko' word"):
        all_entries()


def test_unknown_kind_is_rejected(data_dir):
    (data_dir / "glossary.yaml").write_text(
        "- ja: 弱点\n  zh: 弱点\n  ko: 약점\n  en: Weakness\n  kind: word\n"
        "  sections: [guide-ja:I-A-01]\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError, match="kind 'word' is not one of"):
        all_entries()


def test_missing_file(data_dir):
    with pytest.raises(InputError, match="glossary file not found"):
        lookup("弱点")


# -- the renderer and the command ----------------------------------------------


def test_render_terms_shows_languages_kind_and_cited_titles():
    out = io.StringIO()
    render_terms(lookup("にげる"), Console(file=out, width=120, color_system=None))
    text = out.getvalue()
    for word in ("日本語", "中文", "한국어", "English", "にげる", "撤退", "후퇴", "Retreat", "game term"):
        assert word in text
    assert "guide-ja:I-A-03" in text
    assert load_corpus().get("guide-ja:I-A-03").title in text


def test_render_terms_says_when_the_match_is_not_exact():
    out = io.StringIO()
    render_terms(lookup("retreet"), Console(file=out, width=120, color_system=None))
    assert "closest spellings" in out.getvalue()


def test_term_command_json(cli):
    result = cli("term", "약점", "--json")
    assert result.code == 0, result.stderr
    data = result.json()
    assert data["query"] == "약점"
    assert [(e["ja"], e["zh"], e["ko"], e["en"]) for e in data["entries"]] == [
        ("弱点", "弱点", "약점", "Weakness")
    ]


def test_term_command_unknown_word_exits_2(cli):
    result = cli("term", "qqqzzz")
    assert result.code == 2
    assert result.stderr.count("\n") == 1 and "qqqzzz" in result.stderr
