"""data/alignment.yaml: guide-ja <-> guide-zh by content, play-rule/wiki sections ->
guide-ja, and the equivalents the corpus attaches from it.

The golden tables below are curated data (read off both guides), not derived from the
alignment file: a wrong edit of the file shows up as a mismatch against them, and the
content checks tie each table row to the text of the corpus.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from judgebot.corpus import load_corpus
from judgebot.corpus.alignment import equivalence_pairs, load_alignment

GUIDE_ID = re.compile(r"(I|II)(-[A-H](-\d\d)?)?")
RULE_DOCS = ("rules-ko", "rules-ja", "wiki-ja")

# Items of one guide with no same-content item in the other (see the YAML comments).
UNPAIRED_JA = {"II-E-17"}  # "…個多くなる" (counters increased by N): new in Ver.3.4
UNPAIRED_ZH = {"II-E-28"}  # burn counters become N: merged into guide-ja II-E-16

# guide-ja -> guide-zh in chapter Ⅱ-E from E-16 on, where the numbering diverges.
EXPECTED_DIVERGENT = {
    "II-E-16": "II-E-16",
    **{f"II-E-{n:02d}": f"II-E-{n - 1:02d}" for n in range(18, 29)},
    **{f"II-E-{n:02d}": f"II-E-{n:02d}" for n in range(29, 40)},
}

# guide-ja section, guide-zh section, a phrase of the ja section, its rendering in the
# zh section. Where the numbers differ, the zh section of the same number must not
# carry the phrase (so the pair is not a numbering accident).
SHARED_CONTENT = [
    ("II-E-16", "II-E-16", "どく", "中毒"),
    ("II-E-18", "II-E-17", "場ではなく", "不在场上"),
    ("II-E-19", "II-E-18", "山札を見たあと", "查看牌库后"),
    ("II-E-20", "II-E-19", "前文", "前文"),
    ("II-E-21", "II-E-20", "ポケモンチェックが始まる前", "宝可梦检查开始前"),
    ("II-E-22", "II-E-21", "いえき", "胃液"),
    ("II-E-23", "II-E-22", "直後に行われる相手の番", "紧接着的对手回合"),
    ("II-E-24", "II-E-23", "進化していたなら", "进化而来的话"),
    ("II-E-25", "II-E-24", "ベンチからバトル場に出ていたなら", "从备战区被放于战斗场上的话"),
    ("II-E-26", "II-E-25", "サポート", "支援者"),
    ("II-E-27", "II-E-26", "HPを回復していたなら", "回复了这只宝可梦的HP"),
    ("II-E-28", "II-E-27", "先攻プレイヤーの最初の番でも使える", "即使是先攻玩家的最初回合也可以使用"),
    ("II-E-29", "II-E-29", "その効果を受けない", "不受其效果影响"),
    ("II-E-30", "II-E-30", "トラッシュするなら", "放于弃牌区的话"),
    ("II-E-31", "II-E-31", "手札に加える前に", "加入手牌前"),
    ("II-E-32", "II-E-32", "少なくなる", "减少"),
    ("II-E-33", "II-E-33", "自分の手札から", "自己手牌中"),
    ("II-E-34", "II-E-34", "ウラになっている自分のサイド", "反面朝上的自己的奖赏卡"),
    ("II-E-35", "II-E-35", "ウラにして", "反面朝上"),
    ("II-E-36", "II-E-36", "山札にもどして", "放回牌库"),
    ("II-E-37", "II-E-37", "を持つポケモン", "拥有招式"),
    ("II-E-38", "II-E-38", "勝敗判定", "胜败判定"),
    ("II-E-39", "II-E-39", "カード名が「基本●●エネルギー」", "卡牌名称为「基本●●能量」"),
]

# Topics a judge asks about: the play-rule (and wiki) sections stating the rule, with a
# word each must contain, and the guide-ja section they must map to, with its word.
TOPICS = {
    "retreat": ([("rules-ko:B-09", "후퇴"), ("rules-ja:B-10", "にげる"),
                 ("wiki-ja:その他の現象", "にげる")], "I-A-03", "にげる"),
    "pokemon checkup": ([("rules-ko:B-12", "포켓몬체크"), ("rules-ko:포켓몬 체크의 순서", "독"),
                         ("rules-ja:B-14", "ポケモンチェック"),
                         ("wiki-ja:ポケモンチェックの手順", "ポケモンチェック")], "I-F", "ポケモンチェック"),
    "poisoned": ([("rules-ko:독", "독"), ("rules-ja:どく", "どく")], "I-F", "どく"),
    "burned": ([("rules-ko:화상", "화상"), ("rules-ja:やけど", "やけど")], "I-F", "やけど"),
    "asleep": ([("rules-ko:잠듦", "잠듦"), ("rules-ja:ねむり", "ねむり")], "I-F", "ねむり"),
    "paralyzed": ([("rules-ko:마비", "마비"), ("rules-ja:マヒ", "マヒ")], "I-F", "マヒ"),
    "confused": ([("rules-ko:혼란", "혼란"), ("rules-ja:こんらん", "こんらん")], "I-A-01", "こんらん"),
    "knock out": ([("rules-ko:B-11", "기절"), ("rules-ja:B-12", "きぜつ"),
                   ("wiki-ja:その他の現象", "気絶")], "I-D", "きぜつ"),
    "win/loss": ([("rules-ko:B-13", "승패"), ("rules-ja:B-15", "勝ち負け"),
                  ("wiki-ja:勝敗の判定", "勝敗")], "I-E", "勝ち負け"),
    "setup": ([("rules-ko:B-06", "7장"), ("rules-ja:B-07", "7枚"),
               ("wiki-ja:プレイの流れ", "7枚")], "I-G", "7枚"),
    "mulligan": ([("rules-ko:B-06", "다시시작"), ("wiki-ja:プレイの流れ", "やり直す")],
                 "I-G", "やり直します"),
    "evolution": ([("rules-ko:B-09", "진화"), ("rules-ja:B-10", "進化"),
                   ("wiki-ja:進化など", "進化")], "I-A-05", "進化"),
    "items": ([("rules-ko:B-09", "아이템"), ("rules-ja:B-10", "トレーナー"),
               ("wiki-ja:グッズ", "グッズ")], "I-B-01", "グッズ"),
    "tools": ([("rules-ko:A-01", "포켓몬의도구"), ("rules-ja:B-10", "ポケモンにつけて使うタイプのトレーナー"),
               ("wiki-ja:グッズ", "ポケモンのどうぐ")], "I-B-02", "ポケモンのどうぐ"),
    "supporters": ([("rules-ko:B-09", "서포트"), ("rules-ja:B-10", "サポーター"),
                    ("wiki-ja:サポート", "サポート")], "I-B-03", "サポート"),
    "stadiums": ([("rules-ko:B-09", "스타디움"), ("rules-ja:B-10", "スタジアム"),
                  ("wiki-ja:スタジアム", "スタジアム")], "I-B-04", "スタジアム"),
    "energy": ([("rules-ko:B-09", "에너지를붙인다"), ("rules-ja:B-10", "エネルギーをつける"),
                ("wiki-ja:エネルギーのカード", "エネルギー")], "I-C", "エネルギー"),
    "attacks": ([("rules-ko:B-10", "기술을사용"), ("rules-ja:B-11", "ワザを使う"),
                 ("wiki-ja:ワザの使用手順", "ワザ")], "I-A-01", "ワザを使う手順"),
    "damage calculation": ([("rules-ko:기술의 데미지 계산의 순서", "약점"), ("rules-ja:B-11", "弱点"),
                            ("wiki-ja:ワザの使用手順", "弱点")], "I-A-01", "弱点の計算"),
    "game flow": ([("rules-ko:B-07", "선공"), ("rules-ko:자신의 차례에 할 수 있는 것", "선공"),
                   ("rules-ja:B-08", "先攻"),
                   ("wiki-ja:プレイの流れ", "先攻")], "I-F", "番が終わるたび"),
}


def squash(text: str) -> str:
    """Text without whitespace: the sources break lines and space CJK text unevenly."""
    return re.sub(r"\s+", "", text)


def content(record) -> str:
    return squash(record.title + record.text)


def ja_number(section: str) -> int:
    return int(section.rsplit("-", 1)[1])


def in_divergent_part(ja_section: str) -> bool:
    return ja_section.startswith("II-E-") and ja_number(ja_section) >= 16


@pytest.fixture(scope="module")
def alignment() -> dict:
    return load_alignment()


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def sections_of(corpus, doc: str) -> set[str]:
    return {r.section for r in corpus if r.doc == doc and r.kind == "section"}


# -- the file on its own ------------------------------------------------------------


def test_guides_map_guide_ids_to_guide_ids(alignment):
    assert alignment["guides"], "no guides: mapping"
    for ja, zh in alignment["guides"].items():
        assert GUIDE_ID.fullmatch(str(ja)), ja
        assert isinstance(zh, str) and GUIDE_ID.fullmatch(zh), (ja, zh)


def test_guides_are_one_to_one(alignment):
    repeated = {zh: n for zh, n in Counter(alignment["guides"].values()).items() if n > 1}
    assert not repeated, f"guide-zh sections claimed by several guide-ja sections: {repeated}"


def test_unpaired_items_are_not_mapped(alignment):
    assert not UNPAIRED_JA & set(alignment["guides"])
    assert not UNPAIRED_ZH & set(alignment["guides"].values())


def test_numbering_is_shared_outside_the_divergent_part(alignment):
    differing = {ja: zh for ja, zh in alignment["guides"].items()
                 if not in_divergent_part(ja) and ja != zh}
    assert not differing


def test_divergent_part_matches_the_curated_table(alignment):
    divergent = {ja: zh for ja, zh in alignment["guides"].items() if in_divergent_part(ja)}
    assert divergent == EXPECTED_DIVERGENT


def test_rules_entries_are_well_formed(alignment):
    assert alignment["rules"], "no rules: mapping"
    for rule, targets in alignment["rules"].items():
        doc, _, section = rule.partition(":")
        assert doc in RULE_DOCS and section, rule
        assert isinstance(targets, list) and targets, rule
        assert len(set(targets)) == len(targets), f"{rule}: duplicate targets"
        for target in targets:
            assert GUIDE_ID.fullmatch(target), (rule, target)


# Play-rule sections with no counterpart in guide-ja (each named in the YAML comment).
LEFT_OUT = {
    "rules-ko": {"A", "A-00", "A-03", "A-04", "A-05", "A-07", "A-08", "B", "B-04", "B-05", "B-14"},
    "rules-ja": {"B-04", "B-05", "B-06", "B-13", "B-16", "どく やけど ねむり マヒ こんらん"},
}

# rules-ja B-07 lists the setup steps (covered by "setup") but has no mulligan rule.
NOT_IN_RULES_JA = {"mulligan"}


def test_every_topic_names_a_rules_ko_and_a_rules_ja_section():
    for topic, (sources, _, _) in TOPICS.items():
        docs = {citation.split(":", 1)[0] for citation, _ in sources}
        required = {"rules-ko"} if topic in NOT_IN_RULES_JA else {"rules-ko", "rules-ja"}
        assert required <= docs, topic


@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_required_topic_is_mapped(alignment, topic):
    sources, target, _ = TOPICS[topic]
    for citation, _ in sources:
        assert target in alignment["rules"].get(citation, []), f"{topic}: {citation} -> {target}"


# -- against the corpus ---------------------------------------------------------------


def test_every_guide_ja_section_with_a_counterpart_is_mapped(corpus, alignment):
    ja_sections = sections_of(corpus, "guide-ja")
    assert ja_sections, "guide-ja has no sections in the corpus"
    assert set(alignment["guides"]) == ja_sections - UNPAIRED_JA
    assert UNPAIRED_JA <= ja_sections


def test_every_guide_zh_section_is_the_target_of_exactly_one(corpus, alignment):
    zh_sections = sections_of(corpus, "guide-zh")
    assert zh_sections, "guide-zh has no sections in the corpus"
    claims = Counter(alignment["guides"].values())
    assert {zh for zh in zh_sections if claims[zh] != 1} == UNPAIRED_ZH
    assert set(claims) <= zh_sections, "targets missing from guide-zh"


@pytest.mark.parametrize("doc", sorted(LEFT_OUT))
def test_every_play_rule_section_is_mapped_or_left_out_on_purpose(corpus, alignment, doc):
    mapped = {rule.split(":", 1)[1] for rule in alignment["rules"] if rule.startswith(doc + ":")}
    assert not mapped & LEFT_OUT[doc]
    assert sections_of(corpus, doc) - mapped == LEFT_OUT[doc]


def test_every_alignment_citation_resolves(corpus, alignment):
    missing = sorted({c for pair in equivalence_pairs(alignment) for c in pair if c not in corpus})
    assert not missing, f"not in the corpus: {missing}"


@pytest.mark.parametrize("ja, zh, ja_phrase, zh_phrase", SHARED_CONTENT, ids=[r[0] for r in SHARED_CONTENT])
def test_divergent_pair_shares_content(corpus, alignment, ja, zh, ja_phrase, zh_phrase):
    assert alignment["guides"][ja] == zh
    assert ja_phrase in content(corpus.get(f"guide-ja:{ja}"))
    assert squash(zh_phrase) in content(corpus.get(f"guide-zh:{zh}"))
    if ja != zh:
        assert squash(zh_phrase) not in content(corpus.get(f"guide-zh:{ja}"))


def test_shared_content_table_covers_the_divergent_part():
    assert {row[0] for row in SHARED_CONTENT} == set(EXPECTED_DIVERGENT)


def test_unpaired_items_state_different_rules(corpus):
    more = corpus.get("guide-ja:II-E-17")  # counters increased by N
    become_ja = corpus.get("guide-ja:II-E-16")  # counters become N (any condition)
    burn_zh = corpus.get("guide-zh:II-E-28")  # burn counters become N
    assert "多くなる" in more.title and "になる" not in more.title
    assert "になる" in become_ja.title
    assert "变为" in burn_zh.title and "灼伤" in burn_zh.title
    # guide-zh II-E-28's FAQ case (two 火炎狮/カエンジシ "灼热气场/しゃくねつオーラ" do not
    # stack) now lives in guide-ja II-E-16.
    assert "灼热气场" in content(burn_zh) and "しゃくねつオーラ" in content(become_ja)


@pytest.mark.parametrize("topic", sorted(TOPICS))
def test_required_topic_is_about_the_same_rule(corpus, topic):
    sources, target, guide_word = TOPICS[topic]
    for citation, word in sources:
        assert squash(word) in content(corpus.get(citation)), f"{topic}: {citation} lacks {word}"
    assert squash(guide_word) in content(corpus.get(f"guide-ja:{target}"))


def test_guide_equivalents_are_attached(corpus):
    assert "guide-zh:I-A-03" in corpus.get("guide-ja:I-A-03").equivalents
    assert "guide-ja:I-A-03" in corpus.get("guide-zh:I-A-03").equivalents
    assert corpus.resolve("I-A-03", "zh").id == "guide-zh:I-A-03"
    assert corpus.resolve("guide-ja:II-E-18", "zh").id == "guide-zh:II-E-17"
    assert corpus.resolve("guide-zh:II-E-17", "ja").id == "guide-ja:II-E-18"


def test_rule_equivalents_reach_both_guides(corpus):
    checkup = corpus.get("rules-ko:B-12").equivalents
    assert "guide-ja:I-F" in checkup and "guide-zh:I-F" in checkup
    assert "rules-ko:B-12" in corpus.get("guide-ja:I-F").equivalents
    assert "rules-ja:B-14" in corpus.get("guide-zh:I-F").equivalents


def test_equivalents_are_symmetric(corpus):
    one_way = [(r.id, eq) for r in corpus for eq in r.equivalents
               if r.id not in corpus.get(eq).equivalents]
    assert not one_way, one_way[:10]


def test_merged_zh_item_follows_to_the_guide_ja_section_that_absorbed_it(corpus):
    # guide-zh Ⅱ-E-28 (burn counters become N) is part of guide-ja Ⅱ-E-16 in Ver.3.4.
    assert corpus.resolve("guide-zh:II-E-28", "ja").id == "guide-ja:II-E-16"
    assert "guide-zh:II-E-28" in corpus.get("guide-ja:II-E-16").equivalents
    # ...but the one-to-one counterpart stays first, so --lang zh follows to Ⅱ-E-16.
    assert corpus.resolve("guide-ja:II-E-16", "zh").id == "guide-zh:II-E-16"


# guide-ja FAQ, guide-zh FAQ, a phrase of the ja ruling, its rendering in the zh ruling:
# the items table pairs FAQs that state the same ruling (about other cards).
SAME_RULING_ITEMS = [
    ("II-C-04/faq-1", "相手のバトルポケモンが受けます", "针对对手的战斗宝可梦"),
    ("II-C-05/faq-1", "相手のベンチポケモンが受けます", "针对对手的备战宝可梦"),
    ("II-C-17/faq-1", "はたらき続けます", "继续生效"),
    ("II-C-17/faq-2", "その特殊状態はなくなりません", "特殊状态也不会消失"),
    ("II-C-19/faq-1", "プレイヤーが受けます", "附加在玩家身上"),
]


def test_items_pair_sub_records_of_the_two_guides(corpus, alignment):
    assert {ja: zh for ja, zh in alignment["items"].items()} == {i: i for i, _, _ in SAME_RULING_ITEMS}
    for item, ja_phrase, zh_phrase in SAME_RULING_ITEMS:
        ja, zh = corpus.get(f"guide-ja:{item}"), corpus.get(f"guide-zh:{item}")
        assert ja.kind == zh.kind != "section"
        assert ja_phrase in ja.text and zh_phrase in zh.text
        assert ja.equivalents == [zh.id] and zh.equivalents == [ja.id]


def test_unpaired_sub_records_have_no_equivalents(corpus, alignment):
    paired = {f"{d}:{i}" for i in alignment["items"] for d in ("guide-ja", "guide-zh")}
    stray = [r.id for r in corpus if r.kind != "section" and r.equivalents and r.id not in paired]
    assert not stray, stray[:10]
