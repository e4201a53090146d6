"""The everyday words of play (data/glossary_everyday.yaml): read with the glossary,
each form spelled as the document it cites spells it, and a question word of one
language reaching the records of another (issue 26)."""

from __future__ import annotations

import pytest

from judgebot import glossary
from judgebot.corpus import load_corpus
from judgebot.glossary import fold, _read_entries
from judgebot.search import search
from judgebot.search.expand import expand

DOC_LANG = {"guide-ja": "ja", "rules-ja": "ja", "wiki-ja": "ja", "guide-zh": "zh", "rules-ko": "ko"}


@pytest.fixture(scope="module")
def everyday():
    return _read_entries(glossary.everyday_path())


def test_everyday_entries_are_read_with_the_glossary(everyday):
    assert len(everyday) >= 9
    loaded = {(e.ja, e.en) for e in glossary.all_entries()}
    assert {(e.ja, e.en) for e in everyday} <= loaded
    assert [e["en"] for e in glossary.lookup("가위바위보")["entries"]] == ["rock-paper-scissors"]


def test_each_cited_record_has_a_form_in_its_own_language(everyday):
    """Reviewed against the corpus: every record an entry cites states the concept in
    the words of the entry's forms in the record's language (or its English rendering)."""
    corpus = load_corpus()
    for entry in everyday:
        for citation in entry.sections:
            record = corpus.get(citation)
            lang = DOC_LANG[citation.split(":")[0]]
            text = fold(record.text).replace(" ", "")
            english = fold(getattr(record, "text_en", "") or "")
            native = any(fold(f).replace(" ", "") in text for f in entry.forms(lang))
            in_english = any(fold(f) in english for f in entry.forms("en"))
            assert native or in_english, f"{entry.en}: {citation} has none of its {lang} or en forms"


@pytest.mark.parametrize(
    "query, reaches",
    [
        ("가위바위보로 선공을 정하나요", "じゃんけん"),
        ("猜拳决定先攻吗", "じゃんけん"),
        ("카드를 뒷면으로 놓나요", "ウラにして"),
        ("起手抽几张", "手札を7枚引く"),
        ("레귤레이션 마크가 뭐예요", "レギュレーション"),
        ("比赛时间到了怎么办", "制限時間"),
        ("상대 핸드가 몇 장인지", "手札"),
        ("对手的墓地可以看吗", "トラッシュ"),
        ("사이드 카드를 확인해도 되나요", "サイド"),
    ],
)
def test_a_question_word_reaches_the_other_languages(query, reaches):
    forms = {f for c in expand(query).concepts if c.glossary for f in c.forms}
    assert fold(reaches) in forms, (query, sorted(forms))


@pytest.mark.parametrize(
    "query, expect",
    [
        ("가위바위보로 선공을 정하나요", {"guide-ja:I-G", "guide-zh:I-G", "rules-ko:B-06", "wiki-ja:プレイの流れ"}),
        ("플레이 매트 위에서 대전해야 하나요", {"wiki-ja:対戦用具"}),
        ("덱에서 카드를 고를 때 정해진 수보다 적게 골라도 되나요?", {"guide-ja:I-H", "guide-zh:I-H", "wiki-ja:プレイグラウンドなど"}),
        ("搜索牌库时可以少于指定数量吗", {"guide-ja:I-H", "guide-zh:I-H", "wiki-ja:プレイグラウンドなど"}),
    ],
)
def test_everyday_questions_find_the_rule(query, expect):
    hits = search(query, limit=5)["hits"]
    ids = {i for h in hits for i in (h["id"], *h["editions"])}
    assert ids & expect, (query, [h["id"] for h in hits])
