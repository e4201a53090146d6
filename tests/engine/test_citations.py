"""Every citation a ruling prints resolves in the corpus, over our scenarios and the
project's rulings/; and every citation written in the engine's code resolves too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judgebot.corpus import load_corpus
from judgebot.engine import check_file, scenario_files
from judgebot.engine.procedures import steps as procedures
from judgebot.errors import NotModelledError

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "judgebot" / "engine"
FILES = [p for p, _ in scenario_files([Path(__file__).parent / "scenarios"])]
if (ROOT / "rulings").is_dir():
    FILES += [p for p, _ in scenario_files([ROOT / "rulings"])]


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_ruling_citations_resolve(path, corpus):
    try:
        result = check_file(path, verify=True)
    except NotModelledError as exc:  # an ask kind or card the engine refuses: nothing is printed
        pytest.skip(str(exc))
    assert [c for c in result["citations"] if c not in corpus] == []
    for entry in result["steps"] + result["reasons"]:
        assert entry["cite"], entry
        assert set(entry["cite"]) <= set(result["citations"])
    if result.get("verified") is False and "tests/engine" in str(path):
        pytest.fail(f"{path}: {result['mismatches']}")


def test_every_citation_in_the_engine_code_resolves(corpus):
    pattern = re.compile(r"\b(?:guide-ja|guide-zh|rules-ko|rules-ja):[IVAB][A-Za-z0-9\-]*(?:/(?:faq|ex)-\d+)?")
    found = set()
    for source in ENGINE.rglob("*.py"):
        found |= set(pattern.findall(source.read_text(encoding="utf-8")))
    for steps in procedures.PROCEDURES.values():
        for step in steps:
            found |= set(step.cite)
    assert len(found) > 30
    assert sorted(c for c in found if c not in corpus) == []
