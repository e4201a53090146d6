"""The card catalog and the card database are one lookup: every difference between a
catalog entry's text and a print of the same name is reviewed (data/carddb/catalog.yaml),
and the records/rulings index `judgebot card` shows (data/carddb/mentions.json) is current."""

from __future__ import annotations

import json
from pathlib import Path

from judgebot.card_answer import compute_mentions, mentions_path
from judgebot.engine.format.catalog import load_catalog
from judgebot.engine.format.realcards import compute_links, link_candidates, review

ROOT = Path(__file__).resolve().parents[2]


def test_every_catalog_text_that_differs_from_its_print_is_reviewed():
    _, undecided = compute_links(load_catalog())
    assert undecided == [], ("catalog entries whose text differs from a print of the same name, not reviewed in "
                             f"data/carddb/catalog.yaml: {undecided}")


def test_every_review_names_a_candidate():
    candidates = {(entry.name, card) for entry, card, *_ in link_candidates(load_catalog())}
    stale = [(entry, card) for entry, cards in review().items() for card in cards if (entry, card) not in candidates]
    assert stale == []


def test_the_print_wins_where_the_guide_text_differs():
    catalog = load_catalog()
    watchtower = catalog.entries["ロケット団の監視塔"]
    assert watchtower.all_effects()[0].applies_to.types == ("colorless",)  # both prints: [C] / {C}
    links, _ = compute_links(catalog)
    assert any(l.entry == "ロケット団の監視塔" and l.card == "sv10-180" and not l.same_text for l in links)


def test_the_mentions_index_is_current():
    current = json.loads(mentions_path().read_text(encoding="utf-8"))
    assert compute_mentions(ROOT / "rulings") == current, (
        "data/carddb/mentions.json is out of date: python3 -m judgebot.card_answer --mentions")
