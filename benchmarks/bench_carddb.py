"""Benchmark: real cards (issue 23), as ratios against anchors measured in the same run.

- `judgebot card NAME --json`, whole process, against `judgebot search WORD --json` (one
  word), alternated: goal ≤ 1.2×.
- `judgebot check --json` of 1,000 scenarios written with `card:` against the same 1,000
  written inline (every printed key typed out): goal ≤ 1.2×.
- the same for 1,000 scenarios whose attack's printed text is read and applied (issue
  "Card text becomes rules"), against the same with the text's Format 2 typed out: goal ≤ 1.2×.

    python3 dev.py bench carddb        (BENCH_QUICK=1: fewer runs)
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
QUICK = bool(os.environ.get("BENCH_QUICK"))
PY = sys.executable
_SCRIPT = Path(PY).with_name("judgebot")
JUDGEBOT = ([str(_SCRIPT)] if _SCRIPT.exists() and not os.environ.get("BENCH_AS_MODULE")
            else [PY, "-m", "judgebot"])
CARD_QUERIES = ["Iron Hands ex", "ドラパルトex", "Boss's Orders", "리자몽ex OBF 125", "sv06-130"]
SEARCH_WORDS = ["弱点", "weakness", "にげる", "retreat", "후퇴"]


def _run(args: list[str], env: dict) -> float:
    start = time.perf_counter()
    proc = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed ({proc.returncode}): {proc.stderr.decode()[-400:]}")
    return elapsed


def _row(name: str, anchor: str, work: list[float], base: list[float], goal: float) -> dict:
    seconds, anchor_seconds = statistics.median(work), statistics.median(base)
    ratio = seconds / anchor_seconds
    return {"work": name, "anchor": anchor, "seconds": round(seconds, 3), "anchor_seconds": round(anchor_seconds, 3),
            "ratio": round(ratio, 2), "goal": goal, "met": ratio <= goal, "runs": len(work)}


def card_row(env: dict, runs: int) -> dict:
    _run([*JUDGEBOT, "search", SEARCH_WORDS[0], "--json"], env)  # the index is made once, outside the timing
    _run([*JUDGEBOT, "card", CARD_QUERIES[0], "--json"], env)  # the catalog links land in the cache once
    work, base = [], []
    for i in range(runs):
        work.append(_run([*JUDGEBOT, "card", CARD_QUERIES[i % len(CARD_QUERIES)], "--json"], env))
        base.append(_run([*JUDGEBOT, "search", SEARCH_WORDS[i % len(SEARCH_WORDS)], "--json"], env))
    return _row("judgebot card NAME --json (whole process)", "judgebot search WORD --json", work, base, 1.2)


# -- 1,000 scenarios, with card: and typed out --------------------------------------------------------

def _candidates() -> tuple[list[dict], list[dict]]:
    """Attackers (a Standard Pokémon with an attack that prints no text and plain damage)
    and defenders (any Pokémon with every value known and no Ability in force), from
    the shipped card database."""
    sys.path.insert(0, str(ROOT))
    from judgebot.carddb import lookup
    from judgebot.engine.format.realcards import ability_timing

    attackers, defenders = [], []
    for card in lookup.iter_cards():
        if card["category"] != "pokemon" or card["unknown"] or any(
                ability_timing(a["text"]) != "used" for a in card.get("abilities") or ()):
            continue
        if len(lookup.find(card["id"], near=False).cards) != 1 or not (card["name"].get("en") or card["name"].get("ja")):
            continue
        defenders.append(card)
        plain = [a for a in card["attacks"] if not a["text"] and a.get("damage") and a["damage"].isdigit()
                 and (a["name"].get("en") or a["name"].get("ja"))]
        if plain and card.get("stage") == "basic":
            attackers.append((card, plain[0]))
    return attackers, defenders


def _typed(card: dict) -> dict:
    """The Pokémon typed out: every printed key `card:` fills in (its attacks with cost and
    damage, its Abilities by name, its evolution line)."""
    import re

    mon = {"name": card["name"].get("en") or card["name"]["ja"], "types": card["types"], "hp": card["hp"],
           "stage": card["stage"], "rule": card["rule"], "retreat": card["retreat"],
           "weakness": [{"type": w["type"], "value": w["value"]} for w in card["weakness"]],
           "resistance": [{"type": r["type"], "value": int(r["value"])} for r in card["resistance"]]}
    if card.get("evolves_from"):
        mon["evolves_from"] = card["evolves_from"].get("en") or card["evolves_from"].get("ja")
    if card.get("line"):
        mon["line"] = [n.get("en") or n.get("ja") for n in card["line"]]
    mon["attacks"] = [{"name": a["name"].get("en") or a["name"].get("ja") or f"attack {i}", "cost": a["cost"],
                       **({"damage": int(re.match(r"\d+", a["damage"]).group())} if a.get("damage") else {})}
                      for i, a in enumerate(card["attacks"])]
    mon["abilities"] = [{"name": a["name"].get("en") or a["name"].get("ja") or f"ability {i}"}
                        for i, a in enumerate(card.get("abilities") or ())]
    return mon


def generate(directory_card: Path, directory_typed: Path, count: int, seed: int = 23) -> None:
    attackers, defenders = _candidates()
    rng = random.Random(seed)
    for i in range(count):
        attacker, attack = rng.choice(attackers)
        defender = rng.choice(defenders)
        energy = list(attack["cost"]) or ["colorless"]
        name = attack["name"].get("en") or attack["name"]["ja"]
        with_card = {"format": 2, "you": {"active": {"card": attacker["id"], "energy": energy}},
                     "opponent": {"active": {"card": defender["id"]}}, "ask": {"attack": name}}
        typed_attacker = _typed(attacker)
        typed_attacker["energy"] = energy
        typed = {"format": 2, "you": {"active": typed_attacker},
                 "opponent": {"active": _typed(defender)}, "ask": {"attack": {"name": name}}}
        (directory_card / f"s{i:04d}.yaml").write_text(json.dumps(with_card, ensure_ascii=False), encoding="utf-8")
        (directory_typed / f"s{i:04d}.yaml").write_text(json.dumps(typed, ensure_ascii=False), encoding="utf-8")


def check_row(tmp: Path, env: dict, runs: int, count: int = 1000) -> dict:
    with_card, typed = tmp / "with-card", tmp / "typed"
    with_card.mkdir()
    typed.mkdir()
    generate(with_card, typed, count)
    _run([*JUDGEBOT, "check", "--json", str(with_card)], env)  # warm the caches (catalog, messages, links)
    _run([*JUDGEBOT, "check", "--json", str(typed)], env)
    work, base = [], []
    for _ in range(runs):
        work.append(_run([*JUDGEBOT, "check", "--json", str(with_card)], env))
        base.append(_run([*JUDGEBOT, "check", "--json", str(typed)], env))
    return _row(f"check --json {count:,} scenarios written with card:", "the same typed out", work, base, 1.2)


# -- 1,000 scenarios whose attack's printed text decides (issue 24) -----------------------------------

def _text_attackers() -> list[tuple[dict, int, dict]]:
    """(card, attack index, the text's Format 2) for Standard attacks whose text is read
    whole by judgebot.cardtext (judgebot.engine.format.printed_text), on cards with every
    value known and no Ability in force."""
    sys.path.insert(0, str(ROOT))
    from judgebot.carddb import lookup
    from judgebot.cardtext import APPLIED
    from judgebot.engine.format import printed_text
    from judgebot.engine.format.realcards import ability_timing

    found = []
    for card in lookup.iter_cards():
        if card["category"] != "pokemon" or not card.get("standard") or card["unknown"] or any(
                ability_timing(a["text"]) != "used" for a in card.get("abilities") or ()):
            continue
        if len(lookup.find(card["id"], near=False).cards) != 1 or not card["name"].get("en"):
            continue
        for index, attack in enumerate(card["attacks"]):
            name = attack["name"].get("en")
            if not name or not attack["text"]:
                continue
            reading = printed_text.reading(card["id"], "attack", index, name)
            if reading is not None and reading.status == APPLIED and "choose" not in json.dumps(reading.format2):
                found.append((card, index, reading.format2))
    return found


def _board(attacker: dict, defender: dict, energy: list, name: str) -> dict:
    return {"format": 2,
            "you": {"hand": ["a", "b", "c"], "discard": ["fire", "water"], "active": attacker,
                    "bench": [{"name": "B1", "types": ["colorless"], "hp": 100, "damage": 10}]},
            "opponent": {"hand": ["x"], "discard": ["y", "water"], "active": defender,
                         "bench": [{"name": "O1", "types": ["colorless"], "hp": 80, "damage": 10}]},
            "coins": ["heads", "tails"] * 10, "ask": {"attack": {"name": name}}}


def _rules(scenario: dict) -> bool:
    """The scenario is ruled (not refused for a fact this generated board lacks)."""
    from judgebot.engine import rule
    from judgebot.engine.format.scenario import load_scenario_text
    from judgebot.errors import ScenarioError

    try:
        rule(load_scenario_text(json.dumps(scenario, ensure_ascii=False)))
    except ScenarioError:
        return False
    return True


def generate_text(directory_card: Path, directory_typed: Path, count: int, seed: int = 24) -> int:
    attackers = _text_attackers()
    _, defenders = _candidates()
    rng = random.Random(seed)
    for i in range(count):
        while True:  # a board this generator can give everything its text reads
            card, index, format2 = rng.choice(attackers)
            defender = rng.choice(defenders)
            attack = card["attacks"][index]
            own = next((t for t in card["types"] if t != "colorless"), "fire")
            energy = [own if t == "colorless" else t for t in attack["cost"]] + [own]
            if _rules(_board({"card": card["id"], "energy": energy}, {"card": defender["id"]}, energy,
                             attack["name"]["en"])):
                break
        name = attack["name"]["en"]
        typed = _typed(card)
        typed["attacks"][index].update(format2)
        typed["energy"] = energy
        with_card = _board({"card": card["id"], "energy": energy}, {"card": defender["id"]}, energy, name)
        (directory_card / f"s{i:04d}.yaml").write_text(json.dumps(with_card, ensure_ascii=False), encoding="utf-8")
        (directory_typed / f"s{i:04d}.yaml").write_text(
            json.dumps(_board(typed, _typed(defender), energy, name), ensure_ascii=False), encoding="utf-8")
    return len(attackers)


def text_row(tmp: Path, env: dict, runs: int, count: int = 1000) -> dict:
    with_card, typed = tmp / "text-card", tmp / "text-typed"
    with_card.mkdir()
    typed.mkdir()
    distinct = generate_text(with_card, typed, count)
    _run([*JUDGEBOT, "check", "--json", str(with_card)], env)
    _run([*JUDGEBOT, "check", "--json", str(typed)], env)
    work, base = [], []
    for _ in range(runs):
        work.append(_run([*JUDGEBOT, "check", "--json", str(with_card)], env))
        base.append(_run([*JUDGEBOT, "check", "--json", str(typed)], env))
    return {**_row(f"check --json {count:,} scenarios naming real cards whose attack text is applied "
                   f"({distinct} distinct attacks)", "the same with the text written inline", work, base, 1.2)}


def main() -> dict:
    runs = 5 if QUICK else 15
    with tempfile.TemporaryDirectory(prefix="judgebot-bench-carddb-") as tmp:
        env = {**os.environ, "JUDGEBOT_CACHE": str(Path(tmp) / "cache")}
        rows = [card_row(env, runs), check_row(Path(tmp), env, max(3, runs // 3)),
                text_row(Path(tmp), env, max(3, runs // 3))]
    print("| work | anchor | judgebot | anchor | ratio | goal |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        mark = "✓" if r["met"] else "✗"
        print(f"| {r['work']} | {r['anchor']} | {r['seconds']} s | {r['anchor_seconds']} s | {r['ratio']}× | "
              f"≤ {r['goal']}× {mark} |")
    return {"rows": rows, "cpus": os.cpu_count(), "load": os.getloadavg()[0],
            "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


if __name__ == "__main__":
    print(json.dumps(main(), ensure_ascii=False, indent=2))
