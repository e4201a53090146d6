"""Benchmark: `judgebot check --json DIR` over 1,000 generated attack scenarios, as a
whole process, against a baseline measured in the same run: a process that only
yaml.safe_loads the same files. Reports rulings per second and the ratio, for format-1
files and for a mix where every other file is Format 2 (a step-3 switch, a damage
formula, `do` actions at step 5, a "when damaged" trigger on the Defending Pokémon).

    python3 dev.py bench check
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

COUNT = 1000
SEED = 3
TYPES = ["grass", "fire", "water", "lightning", "psychic", "fighting", "darkness", "metal"]
RULES = ["none", "none", "none", "ex", "v", "mega_ex", "vmax", "radiant"]

# The anchor: the same files parsed by PyYAML's C safe loader (libyaml), as the issue measures.
SAFE_LOAD_ONLY = """
import sys, yaml
from pathlib import Path
loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
count = 0
for path in sorted(Path(sys.argv[1]).rglob("*.yaml")):
    yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    count += 1
print(count)
"""


def _pokemon(rng: random.Random, name: str, active: bool) -> dict:
    mon = {"name": name, "types": [rng.choice(TYPES)], "hp": rng.randrange(60, 340, 10),
           "rule": rng.choice(RULES), "damage": rng.randrange(0, 60, 10)}
    if rng.random() < 0.5:
        mon["weakness"] = {"type": rng.choice(TYPES)} if rng.random() < 0.8 else {"type": rng.choice(TYPES),
                                                                                   "value": "+20"}
    if rng.random() < 0.3:
        mon["resistance"] = {"type": rng.choice(TYPES), "value": rng.choice([-20, -30])}
    effects = []
    if rng.random() < 0.3:
        effects.append({"kind": "damage_taken", "amount": rng.choice([-30, -20, 50]),
                        "from": {"side": "opponent"}})
    if active and rng.random() < 0.1:
        effects.append({"kind": "prevent_damage", "from": {"stage": "basic"}})
    if effects:
        mon["effects"] = effects
    return mon


def scenario(rng: random.Random, index: int) -> dict:
    kind = rng.choice(TYPES)
    cost = [kind] * rng.randint(0, 2) + ["colorless"] * rng.randint(0, 2)
    energy = [kind] * rng.randint(0, 3) + rng.choice([[], ["colorless"], [{"name": "すべてのタイプ", "provides": ["any"]}],
                                                      [{"name": "トリプル", "provides": [kind], "units": 3}]])
    attack = {"name": f"ワザ{index}", "cost": cost, "damage": rng.randrange(0, 250, 10)}
    if rng.random() < 0.2:
        attack["bench_damage"] = [{"target": "opponent.bench[0]", "amount": rng.choice([10, 20, 30])}]
    if rng.random() < 0.1:
        attack["self_damage"] = rng.choice([10, 30])
    if rng.random() < 0.1:
        attack["ignore_defender_effects"] = True
    if rng.random() < 0.1:
        attack["fails_on_tails"] = True
    you = _pokemon(rng, f"アタッカー{index}", True)
    you.update({"types": [kind], "energy": energy, "attacks": [attack]})
    you_effects = you.setdefault("effects", [])
    if rng.random() < 0.3:
        you_effects.append({"kind": "damage_dealt", "amount": rng.choice([30, -20])})
    if rng.random() < 0.2:
        you_effects.append({"kind": "attack_cost", "delta": rng.choice([1, -1])})
    if rng.random() < 0.15:
        you["conditions"] = [rng.choice(["confused", "poisoned", "burned"])]
    data = {
        "title": f"generated attack {index}",
        "turn": {"number": rng.randint(1, 9)},
        "you": {"prizes": rng.randint(1, 6), "active": you,
                "bench": [_pokemon(rng, f"自分ベンチ{i}", False) for i in range(rng.randint(0, 3))]},
        "opponent": {"prizes": rng.randint(1, 6), "active": _pokemon(rng, f"相手{index}", True),
                     "bench": [_pokemon(rng, f"相手ベンチ{i}", False) for i in range(rng.randint(1, 5))]},
        "coins": [rng.choice(["heads", "tails"]) for _ in range(2)],
        "ask": {"attack": {"name": attack["name"]}},
    }
    return data


def format2(rng: random.Random, data: dict) -> dict:
    """The same board as a Format 2 file: the board changes as the attack proceeds."""
    data = dict(data, format=2)
    attack = data["you"]["active"]["attacks"][0]
    if rng.random() < 0.5:
        attack["damage"] = {"base": rng.randrange(10, 100, 10), "plus": rng.choice([10, 20, 30]),
                            "per": rng.choice([{"energy": "self"}, {"bench": "opponent"}, {"counters": "defending"}])}
    do = []
    if rng.random() < 0.4:
        do.append({"switch": {"side": "opponent", "at": "before_damage"}})
    if rng.random() < 0.5:
        do.append({"place_counters": {"target": "opponent.bench[0]", "count": rng.randint(1, 3)}})
    if rng.random() < 0.3:
        do.append({"discard_energy": {"from": "self", "count": 1}})
    if rng.random() < 0.3:
        do.append({"heal": {"target": "self", "amount": 30}})
    if do:
        attack["do"] = do
    if rng.random() < 0.5:
        data["opponent"]["active"].setdefault("effects", []).append(
            {"kind": "trigger", "name": "はんげき", "on": "damaged",
             "do": [{"place_counters": {"target": "attacker", "count": 2}}]})
    return data


def generate(directory: Path, count: int = COUNT, mix: bool = False) -> None:
    rng = random.Random(SEED)
    for index in range(count):
        sub = directory / f"group{index % 10}"
        sub.mkdir(exist_ok=True)
        data = scenario(rng, index)
        if mix and index % 2:
            data = format2(rng, data)
        (sub / f"s{index:04d}.yaml").write_text(
            yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _timed(args: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    proc = subprocess.run(args, capture_output=True, text=True)
    return time.perf_counter() - start, proc


def main() -> dict:
    return {"format1": measure(mix=False), "format1_and_2": measure(mix=True)}


def measure(mix: bool) -> dict:
    with tempfile.TemporaryDirectory(prefix="judgebot-bench-check-") as tmp:
        directory = Path(tmp)
        generate(directory, mix=mix)
        check_seconds, check = _timed([sys.executable, "-m", "judgebot", "check", "--json", str(directory)])
        if check.returncode != 0:
            raise SystemExit(f"judgebot check failed ({check.returncode}): {check.stderr.strip()}")
        rulings = json.loads(check.stdout)["rulings"]
        load_seconds, load = _timed([sys.executable, "-c", SAFE_LOAD_ONLY, str(directory)])
        if load.returncode != 0 or int(load.stdout) != COUNT:
            raise SystemExit(f"baseline failed: {load.stderr.strip()}")
    report = {
        "scenarios": COUNT,
        "format2_files": COUNT // 2 if mix else 0,
        "rulings": len(rulings),
        "check_seconds": round(check_seconds, 3),
        "safe_load_seconds": round(load_seconds, 3),
        "rulings_per_second": round(len(rulings) / check_seconds, 1),
        "ratio_check_to_safe_load": round(check_seconds / load_seconds, 2),
        "allowed": sum(1 for r in rulings if r["allowed"]),
        "failed": sum(1 for r in rulings if r["failed"]),
        "knocked_out": sum(len(r["knocked_out"] or []) for r in rulings),
    }
    print(json.dumps(report, ensure_ascii=False, indent=2))
    return report


if __name__ == "__main__":
    main()
