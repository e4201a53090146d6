"""Reviews of the golden search set's batches (docs/review/golden-<batch>.yaml) and of the
whole development set (docs/review/dev-set.yaml, a blind review: no search was run on its
queries): a second reader's verdict on each query's expected records. Each set keeps what its
review left: a reviewed query's `expect` is the review's list, a removed query is gone, and
every record a review added or removed is said with its reason."""
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "search.yaml"
DEV = ROOT / "tests" / "golden" / "search-dev.yaml"
REVIEWS = sorted((ROOT / "docs" / "review").glob("golden-*.yaml"))
DEV_REVIEW = ROOT / "docs" / "review" / "dev-set.yaml"


def _golden(path: Path = GOLDEN) -> dict[tuple[str, str], dict]:
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {(item["query"], item["qlang"]): item for item in items}


def test_there_is_a_review():
    assert REVIEWS


@pytest.mark.parametrize("path", REVIEWS, ids=lambda p: p.name)
def test_the_golden_set_is_as_the_review_left_it(path):
    batch = path.stem.removeprefix("golden-")
    golden = _golden()
    in_batch = {key for key, item in golden.items() if item.get("batch") == batch}
    _as_reviewed(path, golden, in_batch)


def test_the_development_set_is_as_the_blind_review_left_it():
    dev = _golden(DEV)
    _as_reviewed(DEV_REVIEW, dev, set(dev))


def _as_reviewed(path: Path, golden: dict, in_batch: set) -> None:
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))
    reviewed = set()
    for entry in entries:
        key = (entry["query"], entry["qlang"])
        reviewed.add(key)
        assert entry["verdict"] in ("ok", "fixed", "removed"), entry["query"]
        if entry["verdict"] == "removed":
            assert key not in golden, entry["query"]
            continue
        assert key in in_batch, entry["query"]
        expect = golden[key]["expect"]
        assert entry["expect"] == expect, entry["query"]
        if entry["verdict"] == "fixed":
            assert entry.get("added") or entry.get("removed"), entry["query"]
        for change in entry.get("added", []):
            assert change["id"] in expect and change["why"].strip(), (entry["query"], change)
        for change in entry.get("removed", []):
            assert change["id"] not in expect and change["why"].strip(), (entry["query"], change)
    assert in_batch <= reviewed, sorted(q for q, _ in in_batch - reviewed)
