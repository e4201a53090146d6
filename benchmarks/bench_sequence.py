"""Benchmark: `check` of a long `sequence` grows linearly with its length (issue 28 item 1).

    python3 dev.py bench sequence       # BENCH_QUICK=1 for fewer repetitions

Two turns of N entries, N = 100, 1,000 and the bound (schema.MAX_SEQUENCE, 2,000): an
Ability used any number of times (`once_per_turn: false`, the issue's file: every step
reprinted the record of use, so 15,000 uses took minutes and gigabytes), and Item cards
that move an Energy back and forth (the board changes at every entry). Each is checked
by `judgebot check --json` and by the human view, each run a fresh process whose CPU
time (user + system: what the machine's other load does not inflate as it does wall
time; the least of the runs) and peak memory (ru_maxrss, the median) are taken, the
lengths interleaved run by run; the baseline in the same run is
the same turn of 1 entry (start-up, reading, the fixed cost). Reported per length: the
time and memory above the baseline, per entry, and the growth from 1,000 to the bound —
2.0 for linear work, 4.0 for quadratic.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
QUICK = bool(os.environ.get("BENCH_QUICK"))
PY = sys.executable
_SCRIPT = Path(PY).with_name("judgebot")
JUDGEBOT = [str(_SCRIPT)] if _SCRIPT.exists() else [PY, "-m", "judgebot"]

MEASURE = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": time.perf_counter() - start, "code": code, "seconds": usage.ru_utime + usage.ru_stime,
                  "peak": usage.ru_maxrss * 1024}))
"""

BOARD = """format: 2
you:
  active:
    name: A
    types: [grass]
    hp: 90
    energy: [grass]
    abilities:
      - {name: Up, once_per_turn: false}
  bench:
    - {name: C, types: [grass], hp: 60}
opponent:
  active: {name: B, types: [fire], hp: 70}
ask:
  sequence:
"""
ENTRIES = {
    "ability": ["    - ability: {name: Up}\n"],
    "items": ["    - play: {card: Thing, kind: item, do: [{move_energy: {from: you.active, to: you.bench[0], count: 1}}]}\n",
              "    - play: {card: Thing, kind: item, do: [{move_energy: {from: you.bench[0], to: you.active, count: 1}}]}\n"],
}


def sequence(kind: str, length: int) -> str:
    entries = ENTRIES[kind]
    return BOARD + "".join(entries[i % len(entries)] for i in range(length))


def measure(path: Path, json_: bool, cache: str) -> dict:
    args = [*JUDGEBOT, "check", str(path)] + (["--json"] if json_ else [])
    env = {**os.environ, "JUDGEBOT_CACHE": cache}
    out = subprocess.run([PY, "-c", MEASURE, *args], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    result = json.loads(out.stdout)
    if result["code"] != 0:
        raise SystemExit(f"{' '.join(args)} exited {result['code']}")
    return result


def main() -> dict:
    from judgebot.engine.format.schema import MAX_SEQUENCE

    lengths = [1, 100, 1_000, MAX_SEQUENCE]
    runs = 3 if QUICK else 5
    rows = []
    with tempfile.TemporaryDirectory(prefix="judgebot-bench-sequence-") as tmp:
        cache = str(Path(tmp) / "cache")
        for kind in ENTRIES:
            files = {n: Path(tmp) / f"{kind}-{n}.yaml" for n in lengths}
            for n, path in files.items():
                path.write_text(sequence(kind, n), encoding="utf-8")
            for json_ in (True, False):
                measure(files[1], json_, cache)  # warm the caches (catalog, messages)
                seconds = {n: [] for n in lengths}
                peaks = {n: [] for n in lengths}
                for _ in range(runs):
                    for n in lengths:  # interleaved: load on the machine hits every length alike
                        result = measure(files[n], json_, cache)
                        seconds[n].append(result["seconds"])
                        peaks[n].append(result["peak"])
                time_ = {n: min(v) for n, v in seconds.items()}
                peak = {n: statistics.median(v) for n, v in peaks.items()}
                for n in lengths[1:]:
                    rows.append({
                        "turn": kind, "output": "json" if json_ else "human", "entries": n,
                        "seconds": round(time_[n], 3), "baseline_seconds": round(time_[1], 3),
                        "ms_per_entry": round((time_[n] - time_[1]) / (n - 1) * 1000, 3),
                        "peak_mib": round(peak[n] / 2**20, 1), "baseline_peak_mib": round(peak[1] / 2**20, 1),
                        "kib_per_entry": round((peak[n] - peak[1]) / (n - 1) / 1024, 1),
                    })
                big, mid = MAX_SEQUENCE, 1_000
                rows[-1]["growth_time_1000_to_bound"] = round((time_[big] - time_[1]) / (time_[mid] - time_[1]), 2)
                rows[-1]["growth_memory_1000_to_bound"] = round((peak[big] - peak[1]) / max(1, peak[mid] - peak[1]), 2)
    print_table(rows, MAX_SEQUENCE)
    return {"rows": rows, "bound": MAX_SEQUENCE, "expected_growth_if_linear": MAX_SEQUENCE / 1_000}


def print_table(rows: list[dict], bound: int) -> None:
    print(f"| turn | output | entries | CPU time | 1-entry baseline | ms per entry | peak memory | 1-entry baseline "
          f"| KiB per entry | growth 1,000 → {bound:,} (time / memory; linear = {bound / 1000:.1f}) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        growth = (f"{r['growth_time_1000_to_bound']}× / {r['growth_memory_1000_to_bound']}×"
                  if "growth_time_1000_to_bound" in r else "")
        print(f"| {r['turn']} | {r['output']} | {r['entries']:,} | {r['seconds']} s | {r['baseline_seconds']} s "
              f"| {r['ms_per_entry']} | {r['peak_mib']} MiB | {r['baseline_peak_mib']} MiB | {r['kib_per_entry']} "
              f"| {growth} |")


if __name__ == "__main__":
    main()
