"""docs/COVERAGE.md: every item of guide-ja Part Ⅰ–Ⅱ has a status, modelled items are
tested by rulings, and the generated table is current."""

from __future__ import annotations

import pytest

from judgebot.corpus.model import load_corpus
from tests import coverage_table


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_every_item_has_one_status(corpus):
    items = coverage_table.guide_items(corpus)
    assert len(items) == 103
    statuses = coverage_table.load_statuses()
    assert set(statuses) == set(items), set(statuses) ^ set(items)
    for item, entry in statuses.items():
        assert entry["status"] in coverage_table.STATUSES, item


def test_modelled_items_are_tested_by_rulings(corpus):
    tested = coverage_table.rulings_by_item(corpus)
    statuses = coverage_table.load_statuses()
    untested = [i for i, e in statuses.items() if e["status"] == "modelled" and not tested.get(i)]
    assert not untested, f"modelled but no ruling cites them: {untested}"


def test_items_not_fully_modelled_say_what_is_missing():
    statuses = coverage_table.load_statuses()
    silent = [i for i, e in statuses.items() if e["status"] != "modelled" and not e.get("note")]
    assert not silent, f"partly/not modelled without a note: {silent}"


def test_the_table_is_current(corpus):
    assert coverage_table.TABLE_FILE.read_text(encoding="utf-8") == coverage_table.render(corpus), (
        "docs/COVERAGE.md is stale: run `python3 dev.py coverage`"
    )
