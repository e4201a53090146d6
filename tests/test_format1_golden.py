"""Format 1 rulings keep their outcomes (issue 10: Format 2 is additive). A deliberate
change to a ruling regenerates the golden with `python -m tests.format1_golden` and
shows up in review as a diff of that file."""

from __future__ import annotations

import json

import pytest

from tests import format1_golden

GOLDEN = json.loads(format1_golden.GOLDEN.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def now():
    return format1_golden.outcomes()


def test_no_ruling_file_appeared_or_vanished_without_the_golden(now):
    assert set(now) == set(GOLDEN), sorted(set(now) ^ set(GOLDEN))


@pytest.mark.parametrize("path", sorted(GOLDEN))
def test_the_ruling_is_unchanged(now, path):
    assert json.loads(json.dumps(now.get(path), ensure_ascii=False)) == GOLDEN[path]
