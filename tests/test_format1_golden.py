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


# The outcomes (everything but the citations) of the 230 format-1 rulings as they were
# before Format 2 (the golden's first version, commit f21fd65): Format 2 is additive, so
# these never change. Citations are compared above against the current golden: they have
# changed since only by the citation policy ("cite what decided": README.md, Citations).
BEFORE_FORMAT2 = json.loads((format1_golden.GOLDEN.parent / "format1-outcomes-before-format2.json")
                            .read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", sorted(BEFORE_FORMAT2))
def test_the_outcome_is_as_before_format_2(now, path):
    assert path in now, "a format-1 ruling of before Format 2 is gone"
    outcome = {k: v for k, v in json.loads(json.dumps(now[path], ensure_ascii=False)).items() if k != "citations"}
    assert outcome == BEFORE_FORMAT2[path]
