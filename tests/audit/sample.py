"""The citation audit's sample: 200 step–citation pairs drawn with a fixed seed from every
ruling in rulings/ in the four languages (each language cites its own edition).

    python -m tests.audit.sample > /tmp/sheet.txt    # the pairs with the step and the record, to review

The reviewed verdicts are in tests/audit/citations-2026-11.yaml; tests/test_citation_audit.py
checks that none is "wrong" and that every pair is still in the rulings' output.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from judgebot.engine import rule, scenario_files
from judgebot.engine.format.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
SEED = 202611
SIZE = 200
LANGS = ("ja", "zh", "ko", "en")


def pairs(files: list[Path] | None = None) -> list[dict]:
    """Every (ruling, language, step, citation) of rulings/ (or of `files`), in a stable order."""
    found = []
    for path in files if files is not None else [p for p, _ in scenario_files([ROOT / "rulings"])]:
        ruling = rule(load_scenario(path))
        for lang in LANGS:
            shown = ruling.to_dict(lang)
            entries = [("step", i, s) for i, s in enumerate(shown["steps"])] + \
                      [("reason", i, r) for i, r in enumerate(shown["reasons"])]
            for kind, index, entry in entries:
                for cite in entry["cite"]:
                    found.append({"file": path.relative_to(ROOT).as_posix(), "lang": lang,
                                  "step": f"{kind} {index + 1}" if kind == "reason" else f"{index + 1}",
                                  "key": entry.get("step", "reason"), "cite": cite, "text": entry["text"]})
    return found


def pair_id(p: dict) -> str:
    return f"{p['file']}|{p['lang']}|{p['step']}|{p['key']}|{p['cite']}"


def _rank(p: dict) -> str:
    return hashlib.sha256(f"{SEED}|{pair_id(p)}".encode()).hexdigest()


def sample(every: list[dict] | None = None) -> list[dict]:
    """The SIZE pairs with the lowest seeded hash: a change to a few rulings' citations
    changes only the pairs it touches (a pair that is gone is replaced by the next one)."""
    every = pairs() if every is None else every
    chosen = sorted(every, key=_rank)[:SIZE]
    return sorted(chosen, key=lambda p: (p["file"], p["lang"], p["step"], p["cite"]))


if __name__ == "__main__":
    from judgebot.corpus import load_corpus

    corpus = load_corpus()
    every = pairs()
    print(f"# {len(every)} pairs; sample of {SIZE}, seed {SEED}")
    for n, p in enumerate(sample(every), 1):
        record = corpus.get(p["cite"])
        en = rule(load_scenario(ROOT / p["file"])).to_dict("en")
        entries = en["steps"] + [dict(r, step="reason") for r in en["reasons"]]
        kind, _, index = p["step"].rpartition(" ")
        entry = (en["reasons"] if kind == "reason" else en["steps"])[int(index) - 1]
        print(f"\n## {n}. {p['file']} [{p['lang']}] step {p['step']} ({p['key']}) -> {p['cite']}")
        print(f"STEP(en): {entry['text']}")
        print(f"RECORD: {record.title} :: {' '.join(record.text.split())[:420]}")
