"""Benchmark: what each command costs, as ratios against anchors measured in the same
run (issue 15's table). Every timing is the median of alternating runs of the
command and its anchor, each a fresh process.

    python3 dev.py bench costs          # BENCH_QUICK=1 for fewer repetitions

| work | anchor |
|---|---|
| `check` 1,000 scenarios, human output (not a terminal) | C `yaml.safe_load` of the same files |
| `check --json` 1,000 | same |
| `index --rebuild` (restores the index shipped in the wheel) | an SQLite FTS5 build of the same records (bench_search's baseline) |
| `index --from-scratch` (a real Whoosh build) | an FTS5 build on disk by a 10-line script, whole process |
| `cards --procedure all`, repeated (font cache warm) | `judgebot --help` |
| `cards --glossary all`, first run (empty cache) | `judgebot --help` |
| `judgebot --help`, `COMMAND --help`, one small run of check/show/term | `python -c "import typer, rich"` |
| `import pydantic` + a TypeAdapter, `import msgspec` + a Decoder | `python -c pass` |
| peak memory of `check --json` on 5,000 files | the same on 1,000 |
"""

from __future__ import annotations

import importlib.util
import json
import os
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
# BENCH_AS_MODULE=1: `python -m judgebot` from this checkout (to measure another
# checkout's code with the same interpreter); by default the installed command.
_SCRIPT = Path(PY).with_name("judgebot")
JUDGEBOT = ([str(_SCRIPT)] if _SCRIPT.exists() and not os.environ.get("BENCH_AS_MODULE")
            else [PY, "-m", "judgebot"])

SAFE_LOAD = """
import sys, yaml
from pathlib import Path
for path in sorted(Path(sys.argv[1]).rglob("*.yaml")):
    yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
"""
PEAK_RSS = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def _bench_module(name: str):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(args: list[str], env: dict | None = None) -> float:
    start = time.perf_counter()
    proc = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed ({proc.returncode}): {proc.stderr.decode()[-400:]}")
    return elapsed


def paired(work, anchor, runs: int, before=None) -> tuple[float, float]:
    """Medians of `runs` alternating runs of two callables (each returns seconds)."""
    work_times, anchor_times = [], []
    for _ in range(runs):
        if before:
            before()
        work_times.append(work())
        anchor_times.append(anchor())
    return statistics.median(work_times), statistics.median(anchor_times)


def row(name: str, anchor: str, seconds: float, anchor_seconds: float, goal: float | None) -> dict:
    ratio = seconds / anchor_seconds
    return {"work": name, "anchor": anchor, "seconds": round(seconds, 3), "anchor_seconds": round(anchor_seconds, 3),
            "ratio": round(ratio, 2), "goal": goal, "met": None if goal is None else ratio <= goal}


def _env(cache: str) -> dict:
    return {**os.environ, "JUDGEBOT_CACHE": cache}


def check_rows(tmp: Path, runs: int) -> list[dict]:
    generate = _bench_module("bench_check").generate
    directory = tmp / "scenarios-1000"
    directory.mkdir()
    generate(directory, 1000)
    anchor = lambda: _run([PY, "-c", SAFE_LOAD, str(directory)])  # noqa: E731
    human = paired(lambda: _run([*JUDGEBOT, "check", str(directory)]), anchor, runs)
    as_json = paired(lambda: _run([*JUDGEBOT, "check", "--json", str(directory)]), anchor, runs)
    mixed = tmp / "scenarios-1000-format2"
    mixed.mkdir()
    generate(mixed, 1000, mix=True)
    mixed_anchor = lambda: _run([PY, "-c", SAFE_LOAD, str(mixed)])  # noqa: E731
    as_json_mixed = paired(lambda: _run([*JUDGEBOT, "check", "--json", str(mixed)]), mixed_anchor, runs)
    return [row("check 1,000, human output", "C yaml.safe_load of the files", *human, 3.0),
            row("check --json 1,000", "C yaml.safe_load of the files", *as_json, 2.0),
            row("check --json 1,000, half of them Format 2", "C yaml.safe_load of the files", *as_json_mixed, 2.0)]


def terminal_row(tmp: Path) -> dict:
    """The ruling view on a terminal (styled through rich) against the plain text
    written when stdout is not one, in-process over the same 1,000 rulings."""
    import io

    sys.path.insert(0, str(ROOT))
    from rich.console import Console

    from judgebot.corpus import load_corpus
    from judgebot.engine import check_paths
    from judgebot.present.ruling_view import render_rulings

    rulings, corpus = check_paths([tmp / "scenarios-1000"]), load_corpus()

    def view(console: bool) -> float:
        start = time.perf_counter()
        out = io.StringIO()
        render_rulings(rulings, corpus, out, Console(file=out, force_terminal=True, width=80) if console else None)
        return time.perf_counter() - start

    work = paired(lambda: view(True), lambda: view(False), 3)
    return row("ruling view of 1,000 rulings on a terminal (rich)", "the same as plain text (not a terminal)",
               *work, None)


def memory_row(tmp: Path) -> dict:
    generate = _bench_module("bench_check").generate
    peaks = {}
    for count in (1000, 5000):
        directory = tmp / f"memory-{count}"
        directory.mkdir()
        generate(directory, count)
        out = subprocess.run([PY, "-c", PEAK_RSS, *JUDGEBOT, "check", "--json", str(directory)],
                             capture_output=True, text=True, check=True)
        peaks[count] = int(out.stdout) / 1024  # KiB -> MiB
    ratio = peaks[5000] / peaks[1000]
    return {"work": "check --json 5,000: peak memory", "anchor": "the same on 1,000",
            "mib": round(peaks[5000], 1), "anchor_mib": round(peaks[1000], 1), "ratio": round(ratio, 2),
            "goal": 1.2, "met": ratio <= 1.2}


FTS5_BUILD = """
import json, os, sqlite3, sys, pathlib
out = sys.argv[2]
if os.path.exists(out):
    os.unlink(out)
db = sqlite3.connect(out)
db.execute("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, doc UNINDEXED, lang UNINDEXED, title, text, tokenize='trigram')")
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.json")):
    data = json.loads(path.read_text(encoding="utf-8"))
    rows = [(r["id"], r.get("doc"), r.get("lang"), r.get("title") or "", r.get("text") or "")
            for r in (data.get("records", []) if isinstance(data, dict) else [])]
    db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?, ?)", rows)
db.commit()
"""


def index_rows(cache: str, runs: int, tmp: Path) -> list[dict]:
    """`index --rebuild` (the packaged corpus: the copy shipped in the wheel) against
    the in-process FTS5 build of the same records; and `index --from-scratch` (a real
    Whoosh build) against a whole-process FTS5 build on disk (a 10-line script)."""
    sys.path.insert(0, str(ROOT))
    from judgebot.corpus import load_corpus
    from judgebot.paths import corpus_dir

    baseline = _bench_module("bench_search").FtsBaseline
    records = list(load_corpus())

    def fts5() -> float:
        start = time.perf_counter()
        baseline(records)
        return time.perf_counter() - start

    rebuild = paired(lambda: _run([*JUDGEBOT, "index", "--rebuild"], _env(cache)), fts5, runs)
    script = lambda: _run([PY, "-c", FTS5_BUILD, str(corpus_dir()), str(tmp / "fts5.db")])  # noqa: E731
    scratch = paired(lambda: _run([*JUDGEBOT, "index", "--from-scratch"], _env(cache)), script, runs)
    return [row("index --rebuild", "SQLite FTS5 build of the same records", *rebuild, 5.0),
            row("index --from-scratch (a Whoosh build)", "FTS5 build on disk, whole process", *scratch, None)]


def cards_rows(tmp: Path, runs: int) -> list[dict]:
    warm = str(tmp / "cards-cache")
    help_ = lambda: _run([*JUDGEBOT, "--help"])  # noqa: E731
    pdf = str(tmp / "cards.pdf")
    _run([*JUDGEBOT, "cards", "--procedure", "all", "-o", pdf], _env(warm))  # fill the cache
    repeated = paired(lambda: _run([*JUDGEBOT, "cards", "--procedure", "all", "-o", pdf], _env(warm)), help_, runs)
    cold = [str(tmp / f"cold-{i}") for i in range(runs)]
    first = paired(lambda: _run([*JUDGEBOT, "cards", "--glossary", "all", "-o", pdf], _env(cold.pop())), help_,
                   max(1, runs // 2))
    glossary = row("cards --glossary all, first run", "judgebot --help", *first, None)
    glossary["goal_seconds"], glossary["met"] = 3.0, first[0] <= 3.0
    return [row("cards --procedure all, repeated", "judgebot --help", *repeated, 3.0), glossary]


def startup_rows(tmp: Path, runs: int) -> list[dict]:
    scenario = ROOT / "tests" / "engine" / "scenarios" / "spec-example.yaml"
    anchor = lambda: _run([PY, "-c", "import typer, rich"])  # noqa: E731
    cache = str(tmp / "startup-cache")
    commands = {
        "judgebot --help": ["--help"],
        "check --help": ["check", "--help"],
        "cards --help": ["cards", "--help"],
        "search --help": ["search", "--help"],
        "check --json (one scenario)": ["check", "--json", str(scenario)],
        "show --json I-A-01": ["show", "I-A-01", "--json"],
        "term --json にげる": ["term", "にげる", "--json"],
    }
    rows = []
    for name, args in commands.items():
        work = paired(lambda: _run([*JUDGEBOT, *args], _env(cache)), anchor, runs)
        rows.append(row(name, "python -c 'import typer, rich'", *work, 1.5 if "--help" in name else None))
    return rows


def validation_rows(runs: int) -> list[dict]:
    anchor = lambda: _run([PY, "-c", "pass"])  # noqa: E731
    libraries = {
        "pydantic": "import pydantic; pydantic.TypeAdapter(dict[str, list[int]]).validate_python({'a': [1]})",
        "msgspec": "import msgspec; msgspec.json.Decoder(dict[str, list[int]]).decode(b'{\"a\": [1]}')",
    }
    rows = []
    for name, code in libraries.items():
        if importlib.util.find_spec(name) is None:
            rows.append({"work": f"import {name}", "anchor": "python -c pass", "note": "not installed"})
            continue
        work = paired(lambda: _run([PY, "-c", code]), anchor, runs)
        rows.append(row(f"import {name} + one validation", "python -c pass", *work, None))
        rows[-1]["extra_ms"] = round((work[0] - work[1]) * 1000, 1)
    return rows


def print_table(rows: list[dict]) -> None:
    print("| work | anchor | judgebot | anchor | ratio | goal |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        if "note" in r:
            print(f"| {r['work']} | {r['anchor']} | {r['note']} | | | |")
            continue
        unit = "MiB" if "mib" in r else "s"
        mine, theirs = (r["mib"], r["anchor_mib"]) if "mib" in r else (r["seconds"], r["anchor_seconds"])
        goal = (f"≤ {r['goal']}×" if r.get("goal") else f"≤ {r['goal_seconds']} s" if r.get("goal_seconds") else "")
        mark = "" if r.get("met") is None else (" ✓" if r["met"] else " ✗")
        print(f"| {r['work']} | {r['anchor']} | {mine} {unit} | {theirs} {unit} | {r['ratio']}× | {goal}{mark} |")


def main() -> dict:
    runs = 3 if QUICK else 5
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="judgebot-bench-costs-") as tmp:
        tmp_path = Path(tmp)
        rows += startup_rows(tmp_path, runs * 2)
        rows += check_rows(tmp_path, max(1, runs // 2))
        if "RulingWriter" in (ROOT / "judgebot" / "present" / "ruling_view.py").read_text(encoding="utf-8"):
            rows.append(terminal_row(tmp_path))
        rows.append(memory_row(tmp_path))
        rows += index_rows(str(tmp_path / "index-cache"), max(1, runs // 2), tmp_path)
        rows += cards_rows(tmp_path, max(1, runs // 2))
        rows += validation_rows(runs * 2)
    print_table(rows)
    return {"rows": rows, "python": sys.version.split()[0], "cpus": os.cpu_count(),
            "load": os.getloadavg()[0], "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


if __name__ == "__main__":
    print(json.dumps(main(), ensure_ascii=False, indent=2))
