"""The golden set's English and Japanese queries translated into Korean and Chinese
(tests/golden/search-translated.yaml): readers who ran no search and saw neither the
golden set's own Korean and Chinese queries nor the development set wrote them the way
players type. They keep the expected records of the query they translate, so they
measure whether a question asked in Korean or Chinese finds what the same question asked
in English or Japanese finds. They are tuned on, like the golden set; the floors below
catch a change that loses Korean or Chinese questions the golden set's own ones (tuned on
for many stops) would not show."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judgebot.errors import InputError
from judgebot.search import search
from judgebot.search.evaluate import evaluate, load_golden, load_translations, rule_ranker

HERE = Path(__file__).resolve().parent / "golden"
GOLDEN, TRANSLATED, DEV = HERE / "search.yaml", HERE / "search-translated.yaml", HERE / "search-dev.yaml"
MIN_PER_LANGUAGE = 300
MIN_RECALL_AT_5 = 0.90
MIN_MRR = 0.80

pytestmark = pytest.mark.usefixtures("private_cache")  # a cache of its own (tests/conftest.py)


@pytest.fixture(scope="module")
def golden():
    return load_golden(GOLDEN)


@pytest.fixture(scope="module")
def translated(golden):
    return load_translations(TRANSLATED, golden)


def test_translations_are_korean_and_chinese_and_apart(translated, golden):
    for lang in ("ko", "zh"):
        assert sum(item.qlang == lang for item in translated) >= MIN_PER_LANGUAGE, lang
    assert {item.qlang for item in translated} == {"ko", "zh"}
    queries = [item.query for item in translated]
    assert len(set(queries)) == len(queries), "a translation is in the file twice"
    assert not set(queries) & {item.query for item in golden}, "a translation is a golden query"
    assert not set(queries) & {item.query for item in load_golden(DEV)}, "a translation is a development query"


def test_a_translation_keeps_the_expected_records_of_its_original(translated, golden):
    by_query = {}
    for item in golden:
        by_query.setdefault(item.query, set()).update(item.expect)
    raw = yaml.safe_load(TRANSLATED.read_text(encoding="utf-8"))
    for entry, item in zip(raw, translated):
        assert set(item.expect) == by_query[entry["of"]]
        assert next(g for g in golden if g.query == entry["of"]).qlang in ("en", "ja")


def test_an_unknown_original_is_refused(tmp_path, golden):
    bad = tmp_path / "t.yaml"
    bad.write_text("- {query: 후퇴, qlang: ko, of: no such golden query}\n", encoding="utf-8")
    with pytest.raises(InputError, match="not a golden query"):
        load_translations(bad, golden)
    bad.write_text("- {query: 후퇴, qlang: ko}\n", encoding="utf-8")
    with pytest.raises(InputError, match="needs exactly"):
        load_translations(bad, golden)


def test_korean_and_chinese_translations_find_what_the_original_finds(translated, capsys):
    report = evaluate(rule_ranker(search), translated, k=5)
    lines = [f"translated: hit@5 {report['recall@5']:.3f}  hit@1 {report['hit@1']:.3f}  MRR {report['mrr']:.3f}"]
    for lang, figures in report["by_qlang"].items():
        lines.append(f"  {lang}: hit@5 {figures['recall@5']:.3f}  hit@1 {figures['hit@1']:.3f}  MRR {figures['mrr']:.3f}"
                     f"  (n={figures['n']})")
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    for lang, figures in report["by_qlang"].items():
        assert figures["recall@5"] >= MIN_RECALL_AT_5, lang
        assert figures["mrr"] >= MIN_MRR, lang
