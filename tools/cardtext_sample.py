"""Draw the review sample of docs/cardtext-review.yaml (development only).

    python3 -m tools.cardtext_sample PATH [N] [SEED]

N random distinct Standard texts (attacks, Abilities, Trainers; English and Japanese) with
what judgebot.cardtext makes of them; the verdicts are written by hand after reading
each one against the card and the rules (tests/cardtext/test_review.py keeps the
readings unchanged, or flags them for review).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import yaml

from judgebot.cardtext import read
from tools.card_coverage import KINDS, LANGS, STANDARD, default_source
from tools.cardtext_dump import cards


def population(records):
    seen, items = set(), []
    for r in records:
        if r["mark"] not in STANDARD:
            continue
        for lang, group in LANGS.items():
            if r["group"] != group:
                continue
            for a in r["attacks"]:
                text = (a["effect"] or {}).get(lang)
                key = ("attack", lang, text)
                if text and key not in seen:
                    seen.add(key)
                    items.append({"card": r["id"], "name": (r["name"] or {}).get(lang), "part": "attack", "lang": lang,
                                  "text_name": (a["name"] or {}).get(lang), "damage": a["damage"],
                                  "cost": [c.lower() for c in a["cost"] or ()], "text": text})
            for a in r["abilities"]:
                text = (a["effect"] or {}).get(lang)
                key = ("ability", lang, text)
                if text and key not in seen:
                    seen.add(key)
                    items.append({"card": r["id"], "name": (r["name"] or {}).get(lang), "part": "ability", "lang": lang,
                                  "text_name": (a["name"] or {}).get(lang), "text": text})
            text = (r["effect"] or {}).get(lang) if r["category"] == "Trainer" else None
            key = ("trainer", lang, text)
            if text and key not in seen:
                seen.add(key)
                items.append({"card": r["id"], "name": (r["name"] or {}).get(lang), "part": "trainer", "lang": lang,
                              "kind": KINDS.get(r["trainerType"], "item"), "text_name": (r["name"] or {}).get(lang),
                              "text": text})
    return items


def reading_of(item: dict):
    return read(item["text"], item["lang"], item["part"], name=item.get("text_name") or "",
                damage=item.get("damage"), cost=item.get("cost") or (), kind=item.get("kind"))


def main(argv):
    source = Path(argv[0]) if argv else default_source()
    n = int(argv[1]) if len(argv) > 1 else 150
    seed = int(argv[2]) if len(argv) > 2 else 24
    items = population(cards(source))
    sample = random.Random(seed).sample(sorted(items, key=lambda i: (i["part"], i["lang"], i["card"], i["text"])), n)
    out = []
    for item in sample:
        reading = reading_of(item).to_dict()
        entry = {k: v for k, v in item.items() if v not in (None, [], "")}
        entry["reading"] = {k: v for k, v in reading.items() if k not in ("part", "lang", "templates")}
        entry["verdict"] = "to review"
        out.append(entry)
    yaml.safe_dump(out, sys.stdout, allow_unicode=True, sort_keys=False, width=110)


if __name__ == "__main__":
    main(sys.argv[1:])
