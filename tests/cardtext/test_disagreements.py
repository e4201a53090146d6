"""data/cardtext/disagreements.yaml, the reviewed list of English and Japanese prints of one
card that read differently: every entry is well formed, carries the decision of its kind, and
is still true — both texts read today as the file says, and still differently (an entry whose
prints now agree is stale: rerun `python3 -m tools.cardtext_agree`)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judgebot.cardtext import read
from tools.cardtext_agree import DECISIONS, _canon

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = yaml.safe_load((ROOT / "data" / "cardtext" / "disagreements.yaml").read_text(encoding="utf-8")) or []


def test_every_entry_has_a_kind_and_its_decision():
    for entry in ENTRIES:
        assert set(entry) == {"en", "ja", "damage", "cost", "kind", "decision"}, entry
        assert entry["decision"] == DECISIONS[entry["kind"]]


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e['en']['card']}-{e['ja']['card']}" for e in ENTRIES])
def test_the_entry_is_still_true(entry):
    got = {}
    for lang in ("en", "ja"):
        side = entry[lang]
        reading = read(side["text"], lang, "attack", name="X", damage=entry["damage"], cost=entry["cost"])
        assert reading.status == side["reading"], (lang, side["card"])
        assert reading.format2 == side.get("format2", {}), (lang, side["card"])
        got[lang] = reading
    assert (got["en"].status, _canon(got["en"].format2)) != (got["ja"].status, _canon(got["ja"].format2))
