"""The golden of every format-1 ruling's outcome: what each file in rulings/ decides
(allowed, cost, damage, counters, conditions, Knock Outs, Prizes, winner, citations),
not the wording of its steps. Format 2 must leave these unchanged.

    python -m tests.format1_golden    # rewrite tests/golden/format1-rulings.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "format1-rulings.json"
OUTCOME_KEYS = ("ask", "allowed", "failed", "cost", "damage", "counters", "conditions", "knocked_out",
                "prizes_taken", "winner", "extra_draws", "citations")


def outcomes() -> dict[str, dict]:
    from judgebot.engine import check_file

    result = {}
    for path in sorted((ROOT / "rulings").rglob("*.yaml")):
        ruling = check_file(path)
        result[path.relative_to(ROOT).as_posix()] = {k: ruling.get(k) for k in OUTCOME_KEYS}
    return result


def main() -> int:
    GOLDEN.write_text(json.dumps(outcomes(), ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
