"""Card text through `judgebot check`: of today's Standard attacks, how many are ruled
when a scenario names the card and uses the attack (issue "Card text becomes rules").

    python -m tools.check_coverage [--json OUT] [--limit N]

Every distinct Standard attack (by its English name, cost, damage and text; the card
database shipped in the wheel; the few the data name in no language are left out) is
asked on one board: the card named by its id as the
Active Pokémon with the Energy its cost needs, a full board around it (hands, discard
piles, Benched Pokémon with damage, coins); an attack whose damage counts what the deck
gives is asked again with `found` (the cards the deck gave), as a judge would write it. Outcomes:

- *applied*: the ruling came back and the text was applied;
- *listed*: the ruling came back and the text is listed as not applied, because it only
  reads the deck, a hand or Prize cards (SCENARIOS.md "Real cards", Text);
- *refused*: `not modelled` (the text, quoted; give it by hand);
- *asks*: the file must give more (a value the card data lack, a damage by hand);
- *error*: anything else — a defect; the figures list each.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter

import yaml

from judgebot.carddb import lookup
from judgebot.engine import rule
from judgebot.engine.format.scenario import load_scenario_text
from judgebot.errors import NotModelledError, ScenarioError

ENERGY_TYPES = ("grass", "fire", "water", "lightning", "psychic", "fighting", "darkness", "metal")


def _mon(name: str, hp: int, **more) -> dict:
    return {"name": name, "types": ["colorless"], "hp": hp, **more}


def scenario_for(card: dict, attack_index: int) -> dict:
    attack = card["attacks"][attack_index]
    own = next((t for t in card["types"] if t in ENERGY_TYPES), "fire")
    energy = [own if t == "colorless" else t for t in attack["cost"]] + [own, own]
    name = _name(attack)
    return {
        "format": 2,
        "you": {"hand": ["a", "b", "c", "d"], "discard": ["fire", "water", "metal", "grass"],
                "active": {"card": card["id"], "energy": energy},
                "bench": [_mon("B1", 100, damage=10, energy=[own]), _mon("B2", 90)]},
        "opponent": {"hand": ["x", "y"], "discard": ["Nest Ball", "fire"],
                     "active": _mon("Opp", 300, damage=20, energy=["water", "water"]),
                     "bench": [_mon("O1", 80, damage=10, energy=["water"]), _mon("O2", 70)]},
        "coins": ["heads", "tails"] * 20,
        "ask": {"attack": {"name": name}},
    }


def _name(attack: dict) -> str | None:
    names = attack["name"]
    return names.get("en") or names.get("ja") or next(iter(names.values()), None)


def distinct_attacks():
    """(card, attack index) once per distinct Standard attack."""
    seen = set()
    for card in lookup.database().cards():
        if card["category"] != "pokemon" or not card.get("standard"):
            continue
        for index, attack in enumerate(card.get("attacks") or ()):
            if _name(attack) is None:
                continue  # the data give no name for it in any language: it cannot be asked by name
            key = (_name(attack), tuple(attack["cost"]),
                   attack.get("damage") or "", (attack.get("text") or {}).get("en") or
                   (attack.get("text") or {}).get("ja") or "")
            if key in seen:
                continue
            seen.add(key)
            yield card, index, bool(key[3])


FOUND_ASKED = re.compile(r"`found: \[(\d+) card names\]`")
# What a deck gave, when a text counts it (`found`, SCENARIOS.md "Real cards", Text).
FOUND_CARDS = ("Water Energy", "Potion", "Fire Energy", "Nest Ball", "Lightning Energy", "Arven", "Grass Energy")


def outcome(card: dict, index: int) -> tuple[str, str]:
    scenario = scenario_for(card, index)
    for _ in range(2):
        text = yaml.safe_dump(scenario, allow_unicode=True, sort_keys=False)
        try:
            ruling = rule(load_scenario_text(text))
            break
        except NotModelledError as exc:
            return "refused", str(exc)
        except ScenarioError as exc:
            asked = FOUND_ASKED.search(str(exc))
            if asked is None or "found" in scenario["ask"]["attack"]:
                return "asks", str(exc)
            # The file says what the deck gave, as a judge would: the ruling is asked again.
            scenario["ask"]["attack"]["found"] = [FOUND_CARDS[i % len(FOUND_CARDS)] for i in range(int(asked.group(1)))]
        except Exception as exc:  # noqa: BLE001 — a defect: counted and listed, never hidden
            return "error", f"{type(exc).__name__}: {exc}"
    name = card["attacks"][index]["name"]
    for use in ruling.to_dict().get("cards", ()):
        for met in use["text"]:
            if met["part"] == "attack" and met["name"] in name.values():
                return ("applied" if met["applied"] else "listed"), ""
    return "applied", ""  # no text met: an attack without text


def survey(limit: int | None = None) -> dict:
    counts = {True: Counter(), False: Counter()}
    problems = []
    for n, (card, index, has_text) in enumerate(distinct_attacks()):
        if limit is not None and n >= limit:
            break
        kind, detail = outcome(card, index)
        if kind == "refused" and "its Ability" in detail:
            kind = "refused (an Ability in force)"
        counts[has_text][kind] += 1
        english = bool(card["attacks"][index]["name"].get("en"))
        counts[has_text]["with an English print" if english else "Japanese print only"] += 1
        if english:
            counts[has_text]["ruled, English print" if kind in ("applied", "listed") else "not ruled, English print"] += 1
        if kind != "applied":
            problems.append({"card": card["id"], "attack": card["attacks"][index]["name"].get("en"),
                             "kind": kind, "detail": detail[:300]})
    figures = {}
    for has_text, label in ((True, "with_text"), (False, "without_text")):
        c = counts[has_text]
        total = sum(v for k, v in c.items() if k in ("applied", "listed", "asks", "error") or k.startswith("refused"))
        ruled = c["applied"] + c["listed"]
        figures[label] = {"attacks": total, **dict(c), "ruled": ruled,
                          "ruled_percent": round(100 * ruled / total, 1) if total else 0.0}
    return {"figures": figures, "problems": problems}


def main(argv: list[str]) -> int:
    out = argv[argv.index("--json") + 1] if "--json" in argv else None
    limit = int(argv[argv.index("--limit") + 1]) if "--limit" in argv else None
    result = survey(limit)
    for label, f in result["figures"].items():
        print(f"{label}: {f}")
    for p in [p for p in result["problems"] if p["kind"] in ("error", "asks")][:40]:
        print(f"  {p['kind']}: {p['card']} {p['attack']}: {p['detail'][:200]}")
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            json.dump(result, fh, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
