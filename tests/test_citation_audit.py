"""The citation audit of issue 27 (tests/audit/citations-2026-11.yaml): 200 step–citation
pairs, each read against the cited record and judged decisive or supporting — none wrong —
and every one still in the rulings' output; a supporting one names the decisive record its
step also cites, and that record is still cited there (no step lacks its deciding rule)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.audit import sample

ROOT = Path(__file__).resolve().parents[1]
AUDIT = ROOT / "tests" / "audit" / "citations-2026-11.yaml"


@pytest.fixture(scope="module")
def audit() -> list[dict]:
    return yaml.safe_load(AUDIT.read_text(encoding="utf-8"))["pairs"]


@pytest.fixture(scope="module")
def output(audit) -> dict[tuple, list[str]]:
    """The citations of each step of the audited rulings, as they are now."""
    files = sorted({ROOT / pair["file"] for pair in audit})
    steps: dict[tuple, list[str]] = {}
    for pair in sample.pairs(files):
        steps.setdefault((pair["file"], pair["lang"], pair["step"], pair["key"]), []).append(pair["cite"])
    return steps


def test_two_hundred_distinct_pairs_all_reviewed(audit):
    assert len(audit) == sample.SIZE
    assert len({(p["file"], p["lang"], p["step"], p["cite"]) for p in audit}) == sample.SIZE
    assert {p["lang"] for p in audit} == set(sample.LANGS)
    for pair in audit:
        assert pair["verdict"] in ("decisive", "supporting", "wrong") and len(pair["reason"]) > 20, pair


def test_no_citation_is_wrong(audit):
    assert [p for p in audit if p["verdict"] == "wrong"] == []


def test_every_pair_is_still_in_the_rulings_output(audit, output):
    missing = [p for p in audit if p["cite"] not in output.get((p["file"], p["lang"], p["step"], p["key"]), [])]
    assert missing == [], "regenerate the audit: python -m tests.audit.sample"


def test_a_supporting_citation_stands_beside_the_decisive_one(audit, output):
    for pair in audit:
        if pair["verdict"] == "supporting":
            assert pair.get("decided_by"), pair
            assert pair["decided_by"] in output[(pair["file"], pair["lang"], pair["step"], pair["key"])], pair


def test_the_sample_is_drawn_as_documented():
    """The seeded bottom-k draw: deterministic, and a pair's rank does not depend on the others."""
    pairs = [{"file": f"f{i}", "lang": "ja", "step": "1", "key": "k", "cite": "c"} for i in range(400)]
    first = sample.sample(pairs)
    assert first == sample.sample(list(reversed(pairs))) and len(first) == sample.SIZE
    kept = [p for p in pairs if p not in first[:1]]
    assert [p for p in sample.sample(kept) if p in first] == first[1:]
