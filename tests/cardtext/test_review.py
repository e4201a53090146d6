"""The reviewed sample (docs/cardtext-review.yaml) stays as reviewed: every entry read again
gives the reading that was reviewed, or the test names it for review again; and the figures
its header states are the verdicts it holds (issue 24: at least 98 % correct, every wrong one
fixed)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judgebot.cardtext import read

ROOT = Path(__file__).resolve().parents[2]
REVIEW = yaml.safe_load((ROOT / "docs" / "cardtext-review.yaml").read_text(encoding="utf-8"))
VERDICTS = {"correct", "fixed"}
ENTRIES = [(name, entry) for name in ("sample", "first_sample") for entry in REVIEW[name]]


def _reading(entry: dict) -> dict:
    kwargs = {k: entry[k] for k in ("damage", "cost", "kind") if k in entry}
    got = read(entry["text"], entry["lang"], entry["part"], name=entry.get("text_name") or "", **kwargs).to_dict()
    return {k: v for k, v in got.items() if k not in ("part", "lang", "templates")}


@pytest.mark.parametrize("name,entry", ENTRIES, ids=[f"{n}-{e['index']}-{e['card']}-{e['lang']}" for n, e in ENTRIES])
def test_the_reviewed_reading_is_unchanged(name, entry):
    assert _reading(entry) == entry["reading"], (
        f"{name}[{entry['index']}] {entry['card']}: the reading changed since it was reviewed; "
        "read it again against the card and update its reading and verdict")


@pytest.mark.parametrize("name", ["sample", "first_sample"])
def test_the_figures_are_the_verdicts(name):
    entries, figures = REVIEW[name], REVIEW["figures"][name]
    assert len(entries) == figures["size"] >= 150
    assert [e["index"] for e in entries] == list(range(len(entries)))
    assert {e["verdict"] for e in entries} <= VERDICTS
    fixed = [e for e in entries if e["verdict"] == "fixed"]
    assert len(fixed) == figures["fixed"] and all(e.get("note") for e in fixed)
    assert figures["correct_at_first_review"] == len(entries) - len(fixed)
    assert len({(e["lang"], e["part"], e["text"]) for e in entries}) == len(entries)  # distinct texts


def test_the_latest_sample_is_at_least_98_percent_correct():
    figures = REVIEW["figures"]["sample"]
    assert figures["correct_at_first_review"] / figures["size"] >= 0.98
