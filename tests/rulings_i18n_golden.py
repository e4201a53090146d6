"""Golden ruling text per language (tests/test_i18n.py::test_golden_rulings): what a judge
reads for a few rulings, in each of the four languages, with their citations.

    python -m tests.rulings_i18n_golden   # rewrite tests/golden/rulings-i18n.yaml

A change to this file is a change of what a judge reads: review its diff by hand."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "rulings-i18n.yaml"
RULINGS = (
    "rulings/attack/ko-prizes-vmax.yaml",
    "rulings/rule_I-E_checkup-last-prize-wins.yaml",
    "rulings/rule_I-B-04_replace.yaml",
    "rulings/attack/abilities-removed-ability-gone.yaml",
    "rulings/guide-ja_II-D-13_faq-1.yaml",
    "rulings/guide-ja_II-E-29_faq-1.yaml",
)
LANGS = ("en", "ja", "zh", "ko")
HEADER = ("# Golden ruling text per language (tests/test_i18n.py::test_golden_rulings). Reviewed by hand;\n"
          "# regenerate with `python -m tests.rulings_i18n_golden` and review the diff: it is what a judge reads.\n")


def texts() -> dict:
    from judgebot.engine import check_file

    out: dict = {}
    for file in RULINGS:
        out[file] = {}
        for lang in LANGS:
            shown = check_file(ROOT / file, lang=lang)
            out[file][lang] = [{"step": e.get("step", "reason"), "text": e["text"], "cite": e["cite"]}
                               for e in shown["steps"] + shown["reasons"]]
    return out


def main() -> int:
    body = yaml.safe_dump(texts(), allow_unicode=True, sort_keys=False, width=100)
    GOLDEN.write_text(HEADER + body, encoding="utf-8")
    print(f"wrote {GOLDEN.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
