"""What the templates make is Format 2 the engine reads and carries out: every applied
reading of the test cases and of the reviewed sample, on a board, through the scenario
readers and the procedures."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judgebot.cardtext import APPLIED, read
from tests.cardtext.boards import ability_board, attack_board, run, trainer_board
from tests.cardtext.cases import ONE_PRINT, SAME

ROOT = Path(__file__).resolve().parents[2]
REVIEW = ROOT / "docs" / "cardtext-review.yaml"


def _cases():
    for card, part, kwargs, english, japanese, _ in SAME:
        yield card + " (en)", part, kwargs, english, "en", "X"
        yield card + " (ja)", part, kwargs, japanese, "ja", "X"
    for card, part, kwargs, lang, text, _ in ONE_PRINT:
        yield f"{card} ({lang}, one print)", part, kwargs, text, lang, "X"
    if REVIEW.exists():
        review = yaml.safe_load(REVIEW.read_text(encoding="utf-8"))
        for entry in review["sample"] + review.get("first_sample", []):
            kwargs = {k: entry[k] for k in ("damage", "cost", "kind") if k in entry}
            yield f"{entry['card']} {entry['lang']} {entry['part']} {entry['index']}", entry["part"], kwargs, entry["text"], entry["lang"], \
                entry.get("text_name") or "X"


CASES = list(_cases())


@pytest.mark.parametrize("label,part,kwargs,text,lang,name", CASES, ids=[c[0] for c in CASES])
def test_an_applied_reading_is_ruled_on_by_the_engine(label, part, kwargs, text, lang, name):
    reading = read(text, lang, part, name=name, **kwargs)
    if reading.status != APPLIED:
        pytest.skip(reading.status)
    if part == "attack":
        ruling = run(attack_board(reading.format2, kwargs.get("damage")))
    elif part == "trainer":
        ruling = run(trainer_board(reading.format2, kwargs.get("kind") or "item", name))
    else:
        ruling = run(ability_board(reading.format2, name))
    assert ruling.steps
