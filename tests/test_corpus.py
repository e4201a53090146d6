"""The checked-in corpus (data/corpus/*.json): shape, IDs, sub-records, refs, repairs.

The numbers pinned here were counted from the source documents in data/sources;
where a count can be recomputed from the raw source it is, so a parser change that
drops or invents a block fails here.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from judgebot.corpus.model import DOC_LANG, DOCS

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "data" / "sources"
CORPUS = ROOT / "data" / "corpus"
RECORD_KEYS = {"id", "doc", "section", "kind", "lang", "title", "text", "blocks",
               "parent", "children", "faqs", "examples", "refs", "cards"}
BLOCK_TYPES = {"para", "bullet", "step", "table", "heading", "note", "example", "faq"}


def _load(doc: str) -> dict:
    return json.loads((CORPUS / f"{doc}.json").read_text(encoding="utf-8"))


DATA = {doc: _load(doc) for doc in DOCS}
RECORDS = [r for doc in DOCS for r in DATA[doc]["records"]]
BY_ID = {r["id"]: r for r in RECORDS}
SECTIONS = [r for r in RECORDS if r["kind"] == "section"]


def seed(prefix: str) -> str:
    return next(SEEDS.glob(f"{prefix}_*.txt")).read_text(encoding="utf-8")


# -- files and records -------------------------------------------------------------------

@pytest.mark.parametrize("doc", DOCS)
def test_document_file_has_attribution(doc):
    data = DATA[doc]
    assert data["doc"] == doc
    attribution = data["attribution"]
    assert set(attribution) == {"title", "publisher", "version", "date", "lang", "source", "note"}
    assert attribution["lang"] == DOC_LANG[doc]
    assert (SEEDS / attribution["source"]).is_file()
    assert attribution["title"] and attribution["publisher"]


def test_attribution_versions_match_the_seed_readme():
    assert DATA["guide-ja"]["attribution"]["version"] == "Ver. 3.4"
    assert DATA["guide-ja"]["attribution"]["date"] == "2025-08-01"
    assert DATA["guide-zh"]["attribution"]["version"] == "Ver.3.1.0"
    assert DATA["rules-ko"]["attribution"]["version"] == "Ver.3.0"


def test_every_record_has_exactly_the_model_keys():
    for r in RECORDS:
        assert set(r) - {"notes"} == RECORD_KEYS, r["id"]  # notes: optional, ours
        assert all(isinstance(n, str) and n.strip() for n in r.get("notes", [])), r["id"]
        assert r["lang"] == DOC_LANG[r["doc"]]
        assert r["id"].startswith(f"{r['doc']}:{r['section']}"), r["id"]
        assert r["title"].strip(), r["id"]


def test_ids_are_unique():
    counts = Counter(r["id"] for r in RECORDS)
    assert [i for i, n in counts.items() if n > 1] == []


GUIDE_ID = re.compile(r"^(I|II)(-[A-H](-\d{2})?)?(/(faq|ex)-[1-9]\d*)?$")
RULES_KO_ID = re.compile(r"^[AB](-\d{2})?$")
RULES_JA_ID = re.compile(r"^B-\d{2}$")


def test_ids_match_the_contract_forms():
    for r in RECORDS:
        local = r["id"].split(":", 1)[1]
        if r["doc"] in ("guide-ja", "guide-zh"):
            assert GUIDE_ID.match(local), r["id"]
            suffix = {"faq": "/faq-", "example": "/ex-", "section": ""}[r["kind"]]
            assert (suffix in local) if suffix else ("/" not in local), r["id"]
        elif r["doc"] == "rules-ko":
            assert RULES_KO_ID.match(local) or local in KO_TRAILING, r["id"]
        elif r["doc"] == "rules-ja":
            assert RULES_JA_ID.match(local) or local in JA_TRAILING, r["id"]
        else:  # wiki-ja: the heading text, " (n)" for a repeat
            assert local == r["title"] or re.fullmatch(re.escape(r["title"]) + r" \(\d+\)", local), r["id"]


@pytest.mark.parametrize("doc", DOCS)
def test_blocks_have_known_types(doc):
    for r in DATA[doc]["records"]:
        for b in r["blocks"]:
            assert b["type"] in BLOCK_TYPES, (r["id"], b)
            assert isinstance(b["level"], int) and b["text"].strip(), (r["id"], b)
            assert ("ref" in b) == (b["type"] in ("faq", "example")), (r["id"], b)


# -- structure -------------------------------------------------------------------------------

CHILD_COUNTS = {
    # (doc, section) -> number of child sections, counted from the sources
    ("guide-ja", "I"): 8, ("guide-ja", "I-A"): 5, ("guide-ja", "I-B"): 4,
    ("guide-ja", "II"): 5, ("guide-ja", "II-A"): 0, ("guide-ja", "II-B"): 9,
    ("guide-ja", "II-C"): 20, ("guide-ja", "II-D"): 19, ("guide-ja", "II-E"): 39,
    ("guide-zh", "I"): 8, ("guide-zh", "I-A"): 5, ("guide-zh", "I-B"): 4,
    ("guide-zh", "II"): 5, ("guide-zh", "II-A"): 0, ("guide-zh", "II-B"): 9,
    ("guide-zh", "II-C"): 20, ("guide-zh", "II-D"): 19, ("guide-zh", "II-E"): 39,
    ("rules-ko", "A"): 9, ("rules-ko", "B"): 15,
    ("rules-ja", "どく やけど ねむり マヒ こんらん"): 5,
}
SECTION_COUNTS = {"guide-ja": 111, "guide-zh": 111, "rules-ko": 35, "rules-ja": 23, "wiki-ja": 48}


@pytest.mark.parametrize(("doc", "section"), sorted(CHILD_COUNTS))
def test_number_of_sections_per_chapter(doc, section):
    assert len(BY_ID[f"{doc}:{section}"]["children"]) == CHILD_COUNTS[(doc, section)]


@pytest.mark.parametrize("doc", DOCS)
def test_number_of_sections(doc):
    assert sum(1 for r in DATA[doc]["records"] if r["kind"] == "section") == SECTION_COUNTS[doc]


def test_guide_items_are_numbered_without_gaps():
    for doc in ("guide-ja", "guide-zh"):
        for chapter in (r for r in DATA[doc]["records"] if r["kind"] == "section" and r["section"].count("-") == 1):
            numbers = [int(c.rsplit("-", 1)[1]) for c in chapter["children"]]
            assert numbers == list(range(1, len(numbers) + 1)), chapter["id"]


KO_TRAILING = ["독", "화상", "잠듦", "마비", "혼란", "포켓몬 체크의 순서", "자신의 차례에 할 수 있는 것",
               "기술의 데미지 계산의 순서", "카드의 설명문에 대해"]
JA_TRAILING = ["どく やけど ねむり マヒ こんらん", "どく", "やけど", "ねむり", "マヒ", "こんらん"]


def test_play_rule_items_and_trailing_sections_in_reading_order():
    ko = [r["section"] for r in DATA["rules-ko"]["records"]]
    assert ko == (["A"] + [f"A-{n:02d}" for n in range(9)] + ["B"] + [f"B-{n:02d}" for n in range(15)] + KO_TRAILING)
    ja = [r["section"] for r in DATA["rules-ja"]["records"]]
    assert ja == [f"B-{n:02d}" for n in range(17)] + JA_TRAILING


@pytest.mark.parametrize(("citation", "heading"), [
    ("rules-ja:どく", "「どく」が回復するまで"),
    ("rules-ja:こんらん", "「こんらん」が回復するまで"),
    ("rules-ko:독", "「독」이 회복될 때까지"),
    ("rules-ja:B-15", "サドン・デス"),
    ("guide-ja:I-A-01", "ダメージ計算の手順"),
    ("guide-zh:I-A-01", "伤害计算步骤"),
])
def test_sub_headings_stay_inside_their_section(citation, heading):
    headings = [b["text"] for b in BY_ID[citation]["blocks"] if b["type"] == "heading"]
    assert heading in headings


def test_wiki_sections_follow_the_edit_links_and_drop_the_chrome():
    source = [l.strip() for l in seed("004").splitlines() if l.strip()]
    headings = [source[i - 1] for i, line in enumerate(source) if line == "[編集]"]
    wiki = DATA["wiki-ja"]["records"]
    assert [r["title"] for r in wiki[1:]] == headings
    assert wiki[0]["section"] == "ポケモンカードゲーム"  # the lead, under the article title
    for r in wiki:
        assert "コンテンツにスキップ" not in r["text"] and "[編集]" not in r["text"]
        assert "フリー百科事典" not in r["text"]


def test_tables_of_contents_are_not_sections():
    ja_toc_only = "E-37 ●●にいる（ある）ワザ「▲▲」を持つポケモン"  # the TOC spells it without 、
    assert not any(ja_toc_only in r["text"] for r in DATA["guide-ja"]["records"])
    assert BY_ID["guide-zh:I"]["text"].startswith("本指南")


# -- sub-records -----------------------------------------------------------------------------

def test_every_guide_ja_faq_block_is_a_record():
    faq_blocks = seed("000").count("【FAQ】")
    assert faq_blocks == 55
    assert sum(1 for r in DATA["guide-ja"]["records"] if r["kind"] == "faq") == faq_blocks


def test_guide_ja_examples_are_the_文例_blocks_outside_faqs():
    markers = seed("000").count("【文例】")
    inside_faqs = sum(r["text"].count("【文例】") for r in DATA["guide-ja"]["records"] if r["kind"] == "faq")
    examples = sum(1 for r in DATA["guide-ja"]["records"] if r["kind"] == "example")
    assert (markers, inside_faqs, examples) == (203, 2, 201)


def test_guide_zh_faq_and_example_counts():
    lines = [l.strip().removeprefix("- ").strip() for l in seed("001").splitlines()]
    faq_heads = sum(1 for l in lines if re.match(r"【FAQ\s*\d*】", l))
    example_heads = sum(1 for l in lines if re.match(r"(【文例\s*\d*】|例\s*\d*[)）])", l))
    records = DATA["guide-zh"]["records"]
    assert sum(1 for r in records if r["kind"] == "faq") == faq_heads == 53
    assert sum(1 for r in records if r["kind"] == "example") == example_heads == 195


@pytest.mark.parametrize(("citation", "faqs", "examples"), [
    ("guide-ja:II-B-07", 2, 1), ("guide-ja:II-B-09", 2, 2), ("guide-ja:II-D-13", 3, 5),
    ("guide-ja:II-E-33", 3, 0), ("guide-ja:I-A-01", 0, 4), ("guide-ja:I-E", 0, 0),
    ("guide-zh:II-B-07", 2, 1), ("guide-zh:II-D-13", 2, 5), ("guide-zh:I-A-01", 0, 4),
    ("guide-zh:II-D-18", 3, 2),
])
def test_sub_records_per_section(citation, faqs, examples):
    r = BY_ID[citation]
    assert (len(r["faqs"]), len(r["examples"])) == (faqs, examples)


@pytest.mark.parametrize(("citation", "title", "cards"), [
    ("guide-ja:II-B-07/faq-1", "フラージェス(SV1V)の特性「ブルームガーデン」", ["フラージェス"]),
    ("guide-ja:II-B-07/faq-2", "ソルロック(S2a)の特性「レジストシェード」", ["ソルロック", "イワパレス"]),
    ("guide-ja:II-C-16/faq-1", "ケルディオex(SV11W)のワザ「ソニックエッジ」", ["ケルディオex"]),
    ("guide-ja:II-B-07/ex-1", "ケルディオex(SV11W)のワザ「ソニックエッジ」", ["ケルディオex"]),
    ("guide-ja:I-A-01/ex-2", "グッズ「パワープロテイン」(M1L)", ["パワープロテイン"]),
    ("guide-ja:II-D-08/ex-1", "「プリズムエネルギー」(SV11B)", ["プリズムエネルギー"]),
    ("guide-ja:II-C-09/ex-3", "アローラ ナッシー ex(SV7a)のワザ「トロピカルフィーバー」", ["アローラ ナッシー ex"]),
    ("guide-ja:II-C-04/faq-1", "この効果は相手のバトルポケモンが受けます。", ["ラウドボーン"]),
    ("guide-zh:II-B-07/faq-1", "土龙弟弟 (CS4a) 的特性「神奇巢穴」", ["土龙弟弟"]),
    ("guide-zh:I-A-01/ex-1", "墨海马 (CS3b) 的招式「烟幕」", ["墨海马"]),
    ("guide-zh:I-B-02/ex-1", "宝可梦道具卡「道具妨碍器」", ["道具妨碍器"]),
])
def test_sub_record_titles_and_cards(citation, title, cards):
    r = BY_ID[citation]
    assert (r["title"], r["cards"]) == (title, cards)


def test_faq_titles_from_prose_are_a_shortened_first_sentence():
    r = BY_ID["guide-ja:II-B-09/faq-2"]
    assert r["title"].startswith("自分のポケモンからワザのダメージを受ける場合") and r["title"].endswith("…")
    assert len(r["title"]) <= 40


def test_a_文例_quoted_inside_a_faq_belongs_to_the_faq():
    """The decision documented in guide_ja: II-B-09's second FAQ quotes two cards
    with 【文例】; they stay in the FAQ (text and cards), not separate examples."""
    faq = BY_ID["guide-ja:II-B-09/faq-2"]
    assert faq["cards"] == ["ギギギアル", "シュバルゴ"]
    assert faq["text"].count("【文例】") == 2
    assert "ギギギアル" not in " ".join(BY_ID[e]["title"] for e in BY_ID["guide-ja:II-B-09"]["examples"])


def test_zh_example_stops_before_the_guides_own_prose():
    ex = BY_ID["guide-zh:I-A-01/ex-2"]
    assert ex["text"].endswith("「+10」。")
    assert "伤害计算结束" in BY_ID["guide-zh:I-A-01"]["text"]


# -- consistency -------------------------------------------------------------------------------

def test_parent_and_children_agree_both_ways():
    for r in RECORDS:
        for child in r["children"]:
            assert BY_ID[child]["parent"] == r["id"], (r["id"], child)
        if r["parent"] is not None and r["kind"] == "section":
            assert r["id"] in BY_ID[r["parent"]]["children"], r["id"]


def test_sub_records_and_their_sections_agree_both_ways():
    for r in RECORDS:
        if r["kind"] == "section":
            block_refs = [b["ref"] for b in r["blocks"] if "ref" in b]
            subs = [BY_ID[c] for c in block_refs]
            assert r["faqs"] == [s["id"] for s in subs if s["kind"] == "faq"], r["id"]
            assert r["examples"] == [s["id"] for s in subs if s["kind"] == "example"], r["id"]
            for n, cite in enumerate(r["faqs"], 1):
                assert cite == f"{r['id']}/faq-{n}"
            for n, cite in enumerate(r["examples"], 1):
                assert cite == f"{r['id']}/ex-{n}"
            position = 0
            for s in subs:  # the section's text holds its sub-records in reading order
                found = r["text"].find(s["text"], position)
                assert found >= position, s["id"]
                position = found + len(s["text"])
        else:
            section = BY_ID[r["parent"]]
            assert r["section"] == section["section"] and r["id"] in section["faqs"] + section["examples"]


def test_records_are_in_reading_order():
    for doc in DOCS:
        seen: set[str] = set()
        for r in DATA[doc]["records"]:
            if r["parent"] is not None:
                assert r["parent"] in seen, r["id"]  # a parent comes before what it holds
            seen.add(r["id"])


# -- references ---------------------------------------------------------------------------------

def test_every_ref_resolves_and_is_not_the_record_itself():
    for r in RECORDS:
        for ref in r["refs"]:
            assert ref in BY_ID, (r["id"], ref)
            assert ref != r["id"] and BY_ID[ref]["kind"] == "section"
            assert ref.split(":")[0] == r["doc"]


@pytest.mark.parametrize(("citation", "expected"), [
    ("guide-ja:I-A-01", ["guide-ja:I-D"]),                      # [D 【きぜつ】](#d-きぜつ)
    ("guide-ja:II-B-01", ["guide-ja:I-A-01"]),                  # (#ダメージ計算の手順)
    ("guide-ja:II-A", ["guide-ja:II-E-20", "guide-ja:II-D-04", "guide-ja:II-D-05"]),
    ("guide-ja:II-D-04", ["guide-ja:I-H", "guide-ja:II-E-33", "guide-ja:II-E-34"]),
    ("guide-ja:II-C-09", ["guide-ja:I-C"]),                     # （C エネルギー参照）
    ("guide-ja:II-E-38", ["guide-ja:I-E"]),                     # Ⅰ-E.勝ち負けの項
    ("guide-ja:II-E-39", ["guide-ja:I-C"]),                     # [I-C.エネルギー](#c-エネルギー)
    ("guide-ja:II-D-13", ["guide-ja:II-D-11", "guide-ja:II-D-12"]),
    ("guide-ja:II-B-07/faq-1", []),
    ("guide-ja:II-E-22/faq-1", ["guide-ja:I-A-01"]),
    ("guide-zh:I-A-01", ["guide-zh:I-D"]),                      # → 参考 [D【昏厥】](#)
    ("guide-zh:I-F", ["guide-zh:I-D"]),                         # →参考 D【昏厥】
    ("guide-zh:II-A", ["guide-zh:II-D-04", "guide-zh:II-D-05"]),  # 参考 D-04 选择，D-05 …
    ("guide-zh:II-B-01", ["guide-zh:I-A-01"]),                  # 伤害计算步骤
    ("guide-zh:II-D-04", ["guide-zh:I-H", "guide-zh:II-E-33", "guide-zh:II-E-34"]),
    ("guide-zh:II-E-39", ["guide-zh:I-C"]),                     # 请参考I-C.能量
    ("rules-ko:B-07", ["rules-ko:B-12"]),                       # (B-12)
    ("rules-ja:B-08", ["rules-ja:B-14"]),
    ("rules-ko:카드의 설명문에 대해", []),                          # (P024) is a page number
])
def test_refs_found_in_the_text(citation, expected):
    assert BY_ID[citation]["refs"] == expected


# -- repairs ------------------------------------------------------------------------------------

def _all_text(record: dict) -> str:
    return "\n".join([record["title"], record["text"]] + [b["text"] for b in record["blocks"]])


def test_no_lost_minus_sign_remains_in_guide_ja():
    assert "?" in seed("000")  # the defect is in the source...
    for r in DATA["guide-ja"]["records"]:
        assert "?" not in _all_text(r), r["id"]  # ...and nowhere in the corpus
    assert BY_ID["guide-ja:II-B-05"]["title"] == "ダメージは「-●●」される"
    assert "「-」があるもの" in BY_ID["guide-ja:II-B-03"]["text"]


def test_rules_ko_numbers_are_repaired():
    ids = {r["section"] for r in DATA["rules-ko"]["records"]}
    assert {"A-01", "B-11"} <= ids and not {"A-이", "B-II"} & ids
    for r in DATA["rules-ko"]["records"]:
        text = _all_text(r)
        assert "A-이" not in text and "B-II" not in text and "00이한" not in text, r["id"]
    assert "남은 HP가 0 이하인 포켓몬" in BY_ID["rules-ko:B-12"]["text"]


def test_guide_ja_ocr_note_is_removed():
    assert "（※OCR上の表記による）" in seed("000")
    assert not any("OCR" in _all_text(r) for r in DATA["guide-ja"]["records"])


def test_guide_ja_win_loss_table_is_kept_with_a_note_stating_the_rule():
    blocks = BY_ID["guide-ja:I-E"]["blocks"]
    types = [b["type"] for b in blocks]
    table = types.index("table")
    # The note is ours (a repair explained), so it is a record note, never a rule-text block.
    (note,) = BY_ID["guide-ja:I-E"]["notes"]
    assert "より多くを満たしたプレイヤーの勝ち" in note and "引き分け" in note
    assert not any("修復注記" in b["text"] for b in blocks)
    assert "修復注記" not in BY_ID["guide-ja:I-E"]["text"]
    rows = blocks[table]["text"].split("\n")
    assert len(rows) == 12  # header + 11 rows, as in the source


REPAIRS = json.loads((CORPUS / "repairs.json").read_text(encoding="utf-8"))


def test_repairs_json_lists_every_repair_with_its_reason():
    for entry in REPAIRS:
        assert set(entry) == {"doc", "section", "before", "after", "why"}
        assert f"{entry['doc']}:{entry['section']}" in BY_ID, entry
        assert entry["why"].strip()
    pairs = {(e["doc"], e["section"], e["before"].split()[0], e["after"].split()[0])
             for e in REPAIRS if e["doc"] == "rules-ko" and e["before"][:2] in ("A-", "B-")}
    assert pairs == {("rules-ko", "A-01", "A-이", "A-01"), ("rules-ko", "B-11", "B-II", "B-11")}
    minus = [e for e in REPAIRS if e["doc"] == "guide-ja" and "?" in e["before"]]
    assert {e["section"] for e in minus} == {"I-A-01", "II-B-03", "II-B-05", "II-B-09"}
    assert all(e["after"] == e["before"].replace("?", "-") for e in minus)
    assert any(e["section"] == "I-E" for e in REPAIRS) and any(e["section"] == "I-C" for e in REPAIRS)


def test_rules_ja_bracket_damage_is_repaired():
    for r in DATA["rules-ja"]["records"]:
        assert "「 " not in _all_text(r) and "ポモンチェック" not in _all_text(r), r["id"]
    assert "[バトル場に出せるポケモンがいないとき]" in BY_ID["rules-ja:B-15"]["text"]
    assert BY_ID["rules-ja:マヒ"]["text"].count("「マヒ」として") == 1


def test_lost_type_icons_are_flagged_not_guessed():
    flagged = [e for e in REPAIRS if e["before"] == e["after"]]
    assert {e["doc"] for e in flagged} == {"guide-ja", "guide-zh"}
    assert any("草炎超「フローライト」" in e["before"] for e in flagged)
    for e in flagged:  # the flagged text is in the corpus exactly as in the source
        assert e["before"] in BY_ID[f"{e['doc']}:{e['section']}"]["text"], e
