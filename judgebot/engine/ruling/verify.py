"""--verify: compare a ruling with the scenario's `expect`, only the keys it gives.

Maps (damage, counters, conditions, prizes_taken, extra_draws) are compared for
the entries given; `counters` and `conditions` against the board after the ruling;
`knocked_out` as a set; `cites` must all be among the ruling's citations. Format 2:
`board` by the spots given against the whole board after the ruling (a spot the
ruling omits is unchanged), only the fields given, Energy and conditions as multisets;
`discarded` by side as multisets; `triggered` in order. Card names (`discarded`,
`triggered`, a `board` spot's `name`) compare in any of the card's languages (SCENARIOS.md
"Real cards"): `Hero's Cape` is the ヒーローマント the ruling names.
"""

from __future__ import annotations

from typing import Any

from judgebot.carddb.lookup import same_name
from judgebot.engine.board.model import Scenario
from judgebot.engine.ruling.trace import Ruling


def _actual(ruling: Ruling, key: str, sub: str | None = None) -> Any:
    if key == "counters":
        if ruling.counters and sub in ruling.counters:
            return ruling.counters[sub]
        return ruling.counters_after.get(sub)
    if key == "conditions":
        if ruling.conditions and sub in ruling.conditions:
            return sorted(ruling.conditions[sub])
        return ruling.conditions_after.get(sub)
    value = getattr(ruling, key)
    if sub is None:
        return value
    if value is None:
        return None
    if key in ("prizes_taken", "extra_draws"):
        return value.get(sub, 0)
    return value.get(sub)


def _same_names(want: list, got: list, ordered: bool) -> bool:
    """The names match one for one (in order, or as multisets), each in any language."""
    if len(want) != len(got):
        return False
    if ordered:
        return all(same_name(w, g) for w, g in zip(want, got))
    left = list(got)
    for w in want:
        found = next((i for i, g in enumerate(left) if same_name(w, g)), None)
        if found is None:
            return False
        left.pop(found)
    return True


def verify_ruling(scenario: Scenario, ruling: Ruling) -> bool:
    mismatches: list[dict] = []
    expect = scenario.expect.values if scenario.expect else {}
    for key, expected in expect.items():
        if key in ("damage", "counters", "conditions", "prizes_taken", "extra_draws"):
            for sub, want in expected.items():
                got = _actual(ruling, key, sub)
                if got != want:
                    mismatches.append({"key": f"{key}.{sub}", "expected": want, "actual": got})
        elif key == "knocked_out":
            got = ruling.knocked_out or []
            if sorted(got) != sorted(expected):
                mismatches.append({"key": key, "expected": expected, "actual": got})
        elif key == "board":
            whole = ruling.board_after or (ruling.state.whole_board() if ruling.state is not None else {})
            for spot, want in expected.items():
                got = whole.get(spot)
                if want is None or got is None:
                    if want != got:
                        mismatches.append({"key": f"board.{spot}", "expected": want, "actual": got})
                    continue
                for field, value in want.items():
                    have = got.get(field)
                    if field in ("energy", "conditions"):
                        have = sorted(have or [])
                    if field == "name" and isinstance(value, str) and same_name(value, have):
                        continue
                    if have != value:
                        mismatches.append({"key": f"board.{spot}.{field}", "expected": value, "actual": have})
        elif key == "discarded":
            for side, want in expected.items():
                got = sorted((ruling.discarded or {}).get(side, []))
                if got != want and not _same_names(list(want), got, ordered=False):
                    mismatches.append({"key": f"discarded.{side}", "expected": want, "actual": got})
        elif key == "sequence":
            entries = ruling.sequence or []
            for index, want in enumerate(expected):
                if index >= len(entries):
                    mismatches.append({"key": f"sequence[{index}]", "expected": "a ruling", "actual": None,
                                       "why": "the sequence stopped before this ask (one before it is not allowed)"})
                    continue
                sub = Scenario(file=scenario.file, ask=None, expect=want)
                if not verify_ruling(sub, entries[index]):
                    mismatches += [dict(m, key=f"sequence[{index}].{m['key']}") for m in entries[index].mismatches]
        elif key == "cites":
            missing = [c for c in expected if c not in ruling.citations]
            if missing:
                mismatches.append({"key": key, "expected": expected, "actual": ruling.citations,
                                   "missing": missing})
        elif key == "triggered":
            got = list(ruling.triggered or [])
            if got != list(expected) and not _same_names(list(expected), got, ordered=True):
                mismatches.append({"key": key, "expected": expected, "actual": got})
        else:
            got = getattr(ruling, key)
            if got != expected:
                mismatches.append({"key": key, "expected": expected, "actual": got})
    ruling.verified = not mismatches
    ruling.mismatches = mismatches or None
    return ruling.verified
