"""What a step cites (issue 11): decisive first, at most four, one edition of each rule,
and a card's sections only where they answer the case (judgebot/engine/ruling/citations.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judgebot.engine import check_file, scenario_files

from judgebot.engine.ruling import citations
from judgebot.engine.ruling.citations import Mention, decide
from judgebot.errors import NotModelledError

ROOT = Path(__file__).resolve().parents[2]
RULINGS = [p for p, _ in scenario_files([ROOT / "rulings"])]
LANGS = ("en", "ja", "zh", "ko")


def _steps(lang: str):
    for path in RULINGS:
        try:
            result = check_file(path, lang=lang)
        except NotModelledError:
            continue
        yield from ((path, entry) for entry in result["steps"] + result["reasons"])


@pytest.mark.parametrize("lang", LANGS)
def test_at_most_four_citations_a_step_and_two_on_average(lang):
    counts = []
    for path, entry in _steps(lang):
        assert len(entry["cite"]) <= citations.MAX_CITES, (path.name, entry["text"], entry["cite"])
        counts.append(len(entry["cite"]))
    assert sum(counts) / len(counts) <= 2.0, sum(counts) / len(counts)


def test_no_step_cites_two_editions_of_one_section():
    for path, entry in _steps("en"):
        sections = [citations.guide_ja_of(c) for c in entry["cite"] if "/" not in c]
        assert len(sections) == len(set(sections)), (path.name, entry["cite"])


def test_every_section_the_engine_names_is_an_engine_rule():
    named = set()
    for source in (ROOT / "judgebot" / "engine").rglob("*.py"):
        named |= set(re.findall(r'"(guide-(?:ja|zh):[IV]+-[A-Z](?:-\d+)?)"', source.read_text(encoding="utf-8")))
    missing = {c for c in named if citations.guide_ja_of(c) not in citations.engine_rules()}
    assert not missing, f"add to engine_rules in data/citations.yaml: {sorted(missing)}"


KIND = "attack.defender_effects"  # a kind whose table lists the sections used below


def test_a_cards_faq_on_a_rule_the_step_does_not_apply_is_not_cited():
    # ふうせん's FAQ on "more" (Ⅱ-D-11) when only "fewer" (Ⅱ-D-12) applies.
    got = decide("retreat.cost", ["guide-ja:I-A-03", "guide-ja:II-D-10", "guide-ja:II-D-12",
                                  Mention("guide-ja:II-D-11/faq-1"), Mention("guide-ja:II-D-11")])
    assert got == ["guide-ja:II-D-10", "guide-ja:II-D-12", "guide-ja:I-A-03"]


def test_a_cards_faq_on_a_rule_the_step_applies_comes_first_with_its_section():
    got = decide("retreat.cost", ["guide-ja:I-A-03", "guide-ja:II-D-10", "guide-ja:II-D-11",
                                  Mention("guide-ja:II-D-11/faq-1"), Mention("guide-ja:II-D-11")])
    assert got == ["guide-ja:II-D-11/faq-1", "guide-ja:II-D-11", "guide-ja:II-D-10", "guide-ja:I-A-03"]


def test_a_cards_faq_on_its_own_text_is_about_the_card():
    # Ⅱ-E-29 is a phrase of card text, not a rule the engine applies itself.
    assert "guide-ja:II-E-29" not in citations.engine_rules()
    got = decide("play.item", ["guide-ja:I-B-01", Mention("guide-ja:II-E-29/faq-1"), Mention("guide-ja:II-E-29")])
    assert got == ["guide-ja:II-E-29/faq-1", "guide-ja:II-E-29", "guide-ja:I-B-01"]


def test_one_edition_of_a_section_the_first_named():
    assert decide("attack.declare", ["guide-ja:I-A-01", "guide-zh:I-A-01"]) == ["guide-ja:I-A-01"]
    assert decide("play.reason", ["guide-zh:I-B-03", "guide-ja:I-B-03"]) == ["guide-zh:I-B-03"]


def test_at_most_two_faqs_one_for_each_applied_section_first():
    got = decide("checkup.burn", ["guide-ja:I-F", "guide-ja:II-E-16", Mention("guide-ja:II-E-16/faq-1"),
                                  Mention("guide-ja:II-E-16/faq-2"), "guide-ja:II-E-17", Mention("guide-ja:II-E-17/faq-1")])
    assert got == ["guide-ja:II-E-16/faq-1", "guide-ja:II-E-17/faq-1", "guide-ja:II-E-16", "guide-ja:II-E-17"]


def test_a_rule_named_by_the_procedure_stays_a_rule_when_a_card_named_it_first():
    merged = citations.unique([Mention("guide-ja:II-E-32"), "guide-ja:II-E-32"])
    assert merged == ["guide-ja:II-E-32"] and not isinstance(merged[0], Mention)


def test_a_negated_effect_is_decided_by_the_negation_not_by_its_cards_sections():
    result = check_file(ROOT / "rulings" / "attack" / "abilities-removed-ability-gone.yaml")
    step = next(s for s in result["steps"] if s["step"] == "defender_effects")
    assert "guide-ja:II-D-13" in step["cite"]
    assert not any("/faq-" in c for c in step["cite"]), step["cite"]


# -- properties of decide() over generated candidate lists ----------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402


def _kinds_and_pool():
    table = citations.table()
    kinds = sorted(table)
    pool = sorted({c for cites in table.values() for c in cites})
    return kinds, pool


KINDS, POOL = _kinds_and_pool()


@st.composite
def candidate_lists(draw):
    cards = ["カードA", "カードB", "カードC"]
    out = []
    for cite in draw(st.lists(st.sampled_from(POOL + ["guide-ja:I-A-01", "guide-zh:I-A-01"]), max_size=14)):
        if draw(st.booleans()):
            mention = Mention(cite)
            mention.card = draw(st.sampled_from(cards))
            mention.listed_by = frozenset(draw(st.lists(st.sampled_from(cards), min_size=1, max_size=3)))
            out.append(mention)
        else:
            out.append(cite)
    return out


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(KINDS), candidate_lists(), st.frozensets(st.sampled_from(["カードA", "カードB", "カードC"])))
def test_decide_keeps_the_rules_of_a_step(kind, candidates, board):
    got = decide(kind, candidates, board)
    allowed = set(citations.table()[kind])
    assert len(got) <= citations.MAX_CITES
    assert len(set(got)) == len(got)
    assert set(got) <= set(map(str, candidates)) & allowed  # nothing invented, nothing outside the table
    ranks = [citations.rank(c) for c in got]
    assert ranks == sorted(ranks)  # FAQ, then item, then procedure
    assert sum(r == 0 for r in ranks) <= citations.MAX_FAQS
    sections = [citations.guide_ja_of(c) for c in got if "/" not in c]
    assert len(sections) == len(set(sections))  # one edition of a rule
    assert all(type(c) is str for c in got)  # plain citations out, whatever came in
    assert decide(kind, candidates, board) == got  # the memo answers the same

