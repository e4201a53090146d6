"""The citation table (data/citations.yaml) is the only place a ruling's citations come
from: every step of every ruling cites inside it, decisive first; every entry resolves."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgebot.corpus import load_corpus
from judgebot.engine import check_file, scenario_files
from judgebot.engine.ruling import citations
from judgebot.errors import NotModelledError

ROOT = Path(__file__).resolve().parents[2]
FILES = [p for p, _ in scenario_files([Path(__file__).parent / "scenarios"])]
if (ROOT / "rulings").is_dir():
    FILES += [p for p, _ in scenario_files([ROOT / "rulings"])]
# 【文例】 records kept because they are the text of the card the ruling is about (ふしぎなアメ).
CARD_OWN_TEXT = {"guide-ja:II-C-12/ex-1", "guide-zh:II-C-12/ex-1"}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def _entries(result):
    if result["ask"] == "sequence":  # each entry is the ruling of its own ask
        for entry in result["sequence"]:
            yield from _entries(entry)
        return
    for step in result["steps"]:
        yield f"{result['ask']}.{step['step']}", step
    for reason in result["reasons"]:
        yield f"{result['ask']}.reason", reason


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_every_citation_is_in_the_table_for_its_step_kind(path):
    try:
        result = check_file(path)
    except NotModelledError as exc:
        pytest.skip(str(exc))
    table = citations.table()
    for kind, entry in _entries(result):
        assert kind in table, f"step kind {kind} is not in data/citations.yaml"
        outside = [c for c in entry["cite"] if c not in table[kind]]
        assert outside == [], f"{kind}: {outside} not in the table ({entry['text']})"
        ranks = [citations.rank(c) for c in entry["cite"]]
        assert ranks == sorted(ranks), f"{kind}: not decisive first: {entry['cite']}"


def test_every_table_entry_resolves_and_is_a_rule(corpus):
    table = citations.table()
    assert len(table) > 40
    for kind, cites in table.items():
        assert cites, kind
        for cite in cites:
            assert cite in corpus, f"{kind}: {cite}"
            if "/ex-" in cite:  # an example quotes a card; only the played card's own text decides
                assert cite in CARD_OWN_TEXT, f"{kind}: {cite} is an example that quotes a card, not a rule"


@pytest.mark.parametrize("stale", ["rules-ko:화상", "rules-ja:やけど"])
def test_the_older_burn_procedure_is_never_cited(stale):
    assert all(stale not in cites for cites in citations.table().values())


def test_base_damage_cites_the_damage_step_not_every_damage_modifier():
    # Ⅱ-B-01…03 ("+", "×", "-") decide step 1 only for a damage formula (Format 2), which
    # records them itself; a printed number is decided by Ⅰ-A-01 alone.
    from judgebot.engine import check_paths

    rulings = Path(__file__).resolve().parents[2] / "rulings"
    printed = [r for r in check_paths([rulings]) if "format: 2" not in Path(r["file"]).read_text(encoding="utf-8")]
    for ruling in printed:
        for step in ruling["steps"]:
            if step["step"] == "base":
                assert not {"guide-ja:II-B-01", "guide-ja:II-B-02", "guide-ja:II-B-03"} & set(step["cite"]), ruling["file"]


def test_prize_counts_cite_what_states_the_number():
    # Ⅰ-D states one per Pokémon; Ⅱ-D-18 (Rule Box Pokémon) states no number.
    assert "guide-ja:II-D-18" not in citations.table()["attack.prizes"]
    assert "guide-zh:II-D-18/faq-1" in citations.table()["attack.prizes"]


@pytest.mark.parametrize("candidates,expected", [
    (["guide-ja:I-A-01", "guide-ja:II-B-05", "guide-ja:II-B-05/faq-1"],
     ["guide-ja:II-B-05/faq-1", "guide-ja:II-B-05", "guide-ja:I-A-01"]),
    (["rules-ja:どく", "guide-ja:II-E-16", "guide-ja:I-F"], ["guide-ja:II-E-16", "rules-ja:どく", "guide-ja:I-F"]),
])
def test_decisive_first(candidates, expected):
    assert sorted(candidates, key=citations.rank) == expected
