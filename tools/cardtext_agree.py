"""data/cardtext/disagreements.yaml: where the English and the Japanese print of one card
read differently (development only).

    python3 -m tools.cardtext_agree [PATH]

Prints are paired by the certain join of SCENARIOS.md "Data gaps" as far as the snapshot
gives it (Pokédex number, HP, types, stage, Retreat Cost, attack costs and damage, one
card on each side); the card database of the "Real cards" issue makes the join that
scenarios use. Names (attack names in `cant_attack`, Pokémon names in filters) differ by
language and are compared as names. Every difference is written with its kind and the
decision for it (DECISIONS).
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

import yaml

from judgebot.cardtext import read
from tools.card_coverage import STANDARD, default_source
from tools.cardtext_dump import cards

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "cardtext" / "disagreements.yaml"
NAME_KEYS = ("attack", "name", "evolved_from_this_turn", "name_prefix", "has_energy_card", "has_attack")
DECISIONS = {
    "symbol_lost": "the Japanese text of the snapshot lost an Energy symbol (README of ../shared/data: known gap); "
                   "the print that keeps it (English, and the Traditional Chinese text) decides: the English reading",
    "not_one_card": "not one card: the two prints share Pokédex number, HP, types, stage, Retreat Cost and attack "
                    "costs and damage but their texts say different things — a join that is not certain, never made",
    "template_gap": "one language's templates read the text and the other's do not yet: each print's reading stands "
                    "for its own language; the card database applies the reading of the print that reads it",
}


def _key(r):
    return (tuple(r["dexId"] or ()), r["hp"], tuple(r["types"] or ()), r["stage"], r["retreat"],
            tuple((tuple(a["cost"] or ()), re.sub(r"[^0-9]", "", str(a["damage"] or ""))) for a in r["attacks"]))


def _canon(x):
    if isinstance(x, dict):
        return {k: ("<name>" if k in NAME_KEYS else _canon(v)) for k, v in x.items()}
    if isinstance(x, list):
        return [_canon(i) for i in x]
    return x


def _untyped(x):
    if isinstance(x, dict):
        out = {k: _untyped(v) for k, v in x.items() if k not in ("type", "types")}
        return {k: v for k, v in out.items() if v != {} or k not in ("match", "when")}
    if isinstance(x, list):
        return [_untyped(v) for v in x]
    return x


def pairs(records):
    intl, asia = defaultdict(list), defaultdict(list)
    for r in records:
        if r["category"] != "Pokemon" or not r["attacks"] or r["mark"] not in STANDARD or not r["dexId"]:
            continue
        (intl if r["group"] == "intl" else asia)[_key(r)].append(r)
    for key, jas in asia.items():
        ens = intl.get(key, [])
        texts = {tuple((a["effect"] or {}).get("en") for a in e["attacks"]) for e in ens}
        if len(texts) != 1:
            continue
        en = ens[0]
        for ja in jas:
            for a, b in zip(en["attacks"], ja["attacks"]):
                te, tj = (a["effect"] or {}).get("en"), (b["effect"] or {}).get("ja")
                if te and tj:
                    yield en, ja, a, te, tj


def main(argv):
    source = Path(argv[0]) if argv else default_source()
    seen, entries = set(), []
    for en, ja, attack, te, tj in pairs(cards(source)):
        if (te, tj) in seen:
            continue
        seen.add((te, tj))
        cost = [c.lower() for c in attack["cost"] or ()]
        re_ = read(te, "en", "attack", name="X", damage=attack["damage"], cost=cost)
        rj = read(tj, "ja", "attack", name="X", damage=attack["damage"], cost=cost)
        if re_.status == rj.status and _canon(re_.format2) == _canon(rj.format2):
            continue
        if re_.status == "applied" and rj.status == "applied" and _untyped(_canon(re_.format2)) == _canon(rj.format2):
            kind = "symbol_lost"
        elif re_.status == rj.status == "applied" or {re_.status, rj.status} == {"applied", "not_applied"}:
            kind = "not_one_card"
        elif "not_modelled" in (re_.status, rj.status):
            kind = "template_gap"
        else:
            kind = "not_one_card"
        entries.append({"en": {"card": en["id"], "text": te, "reading": re_.status, **(
                            {"format2": re_.format2} if re_.format2 else {})},
                        "ja": {"card": ja["id"], "text": tj, "reading": rj.status, **(
                            {"format2": rj.format2} if rj.format2 else {})},
                        "damage": attack["damage"], "cost": cost, "kind": kind, "decision": DECISIONS[kind]})
    entries.sort(key=lambda e: (e["kind"], e["en"]["card"]))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    head = ("# Where the English and the Japanese print of one card read differently (judgebot.cardtext), with\n"
            "# the decision for each — written by `python3 -m tools.cardtext_agree` and reviewed: every\n"
            "# difference that was a template's error was fixed in the templates instead of listed here.\n"
            f"# Pairs compared: {len(seen)} distinct (English, Japanese) attack texts.\n")
    OUT.write_text(head + yaml.safe_dump(entries, allow_unicode=True, sort_keys=False, width=110), encoding="utf-8")
    counts = defaultdict(int)
    for e in entries:
        counts[e["kind"]] += 1
    print(f"wrote {OUT.relative_to(ROOT)}: {len(seen)} pairs, {len(entries)} differences {dict(counts)}")


if __name__ == "__main__":
    main(sys.argv[1:])
