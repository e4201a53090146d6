"""Seeded mutations of the rulings, run through `judgebot check` (`python3 dev.py fuzz N`).

    python -m tests.fuzz N [--seed S] [--jobs J] [--timeout SECONDS] [--memory GB] [--keep DIR]

Each of the N files is a ruling from rulings/ with one to three mutations (bytes
flipped or inserted, lines dropped, repeated or re-indented, a value replaced by a
hostile one, a hostile snippet inserted, the file cut short, a key of the data set to
junk). Files are checked in worker processes limited in memory (RLIMIT_AS) with a time
limit per file (SIGALRM); a worker that dies is replaced and its file counted by the
signal. The report gives the count of each exit code, signals and time-outs, exit-2
messages that are not one line `FILE:LINE:COL: …` (or `FILE: …` for the file as a
whole), the slowest file, and the peak memory of a worker. Files with a result other
than exit 0/1/2 within the limits are copied to --keep.

`mutate(text, rng)` is also used by tests/test_hostile_mutations.py (hypothesis).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HOSTILE_VALUES = [
    "9" * 5000, "-1", "-10", "0", "1e400", ".inf", "-.inf", ".nan", "0x_", "._", "2026-13-45", "~", "null",
    "[]", "{}", "''", '"\\ud800"', '"\\e[31mred\\a"', '"\\x9b2J"', "!!binary aGk=", "!!timestamp 2001-12-14",
    "!!set {a}", "!!python/tuple [1]", "!!int abc", "&a [*a]", "*nowhere", "x" * 12000, "[" * 60 + "]" * 60,
    "{a: " * 45 + "1" + "}" * 45, "1000000", "99999999999999999999", "3.5", "true", "yes", "'  '",
    "opponent.bench[99]", "you.bench[-1]", "x2.5", "+15", "ex-mega", "<<: 1", "? [a]\n: b",
]
HOSTILE_SNIPPETS = [
    "laughs: &a [1,1,1,1,1,1,1,1,1,1]\nl2: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nl3: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "l4: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\nl5: [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\n",
    "cycle: &x [*x]\n", "deep: " + "[" * 3000 + "]" * 3000 + "\n", "--- \nsecond: document\n",
    "%YAML 1.1\n---\n", "dup: 1\ndup: 2\n", "\ufeff", "\x00", "\x1b[2J", "\t", "'unterminated\n",
]
JUNK_DATA = [None, True, -1, 0, 10 ** 50, 1.5, float("inf"), "", " ", "x" * 300, [], {}, [None], {"k": None},
             "opponent.bench[7]", "any", "\x1b[31m", "ねむり", 185, 990, 1000, 61]


def mutate(text: str, rng: random.Random) -> bytes:
    """One to three random mutations of a YAML text; bytes, since some are not UTF-8."""
    data = text.encode("utf-8")
    for _ in range(rng.randint(1, 3)):
        data = rng.choice(MUTATIONS)(data, rng)
    return data


def _flip_bytes(data: bytes, rng: random.Random) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if buf:
            buf[rng.randrange(len(buf))] = rng.randrange(256)
    return bytes(buf)


def _insert_bytes(data: bytes, rng: random.Random) -> bytes:
    at = rng.randint(0, len(data))
    junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 6)))
    return data[:at] + junk + data[at:]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _drop_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def _repeat_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    lines[at:at] = [lines[at]] * rng.randint(1, 3)
    return b"\n".join(lines)


def _swap_lines(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return b"\n".join(lines)


def _reindent(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    stripped = lines[at].lstrip(b" ")
    lines[at] = b" " * rng.choice([0, 1, 2, 3, 4, 6, 8, 40]) + stripped
    return b"\n".join(lines)


_VALUE = re.compile(rb"(:\s+|-\s+)([^\n#]*)")


def _replace_value(data: bytes, rng: random.Random) -> bytes:
    found = list(_VALUE.finditer(data))
    if not found:
        return data
    match = rng.choice(found)
    value = rng.choice(HOSTILE_VALUES).encode("utf-8", "surrogatepass")
    return data[:match.start(2)] + value + data[match.end(2):]


def _insert_snippet(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    lines.insert(rng.randint(0, len(lines)), rng.choice(HOSTILE_SNIPPETS).encode("utf-8").rstrip(b"\n"))
    return b"\n".join(lines)


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[:rng.randint(0, len(data))]


def _junk_data(data: bytes, rng: random.Random) -> bytes:
    """Load the YAML, set one key anywhere to junk, dump it again (keeps the file valid YAML)."""
    import yaml

    try:
        tree = yaml.safe_load(data.decode("utf-8"))
        places = _places(tree)
        if not places:
            return data
        parent, key = rng.choice(places)
        parent[key] = rng.choice(JUNK_DATA)
        return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False).encode("utf-8")
    except (Exception, RecursionError):  # already broken (or cyclic, or too deep): leave it
        return data


def _places(tree, limit: int = 5000) -> list:
    """(container, key) of every value, each container once (aliases share them)."""
    places, seen, stack = [], set(), [tree]
    while stack and len(places) < limit:
        node = stack.pop()
        if not isinstance(node, (dict, list)) or id(node) in seen:
            continue
        seen.add(id(node))
        keys = list(node) if isinstance(node, dict) else range(len(node))
        for key in keys:
            places.append((node, key))
            stack.append(node[key])
    return places


MUTATIONS = [_flip_bytes, _insert_bytes, _drop_line, _repeat_line, _swap_lines, _reindent, _replace_value,
             _replace_value, _insert_snippet, _truncate, _junk_data, _junk_data, _junk_data]

# -- the run ---------------------------------------------------------------------------------------

# One line naming the place: FILE:LINE:COL: … for content, FILE: … for the file as a whole.
ONE_LINE = re.compile(r"^judgebot: error: (?P<file>[^\n]+?)(:\d+:\d+)?: [^\n]+$")


def base_texts() -> list[tuple[str, str]]:
    return [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / "rulings").rglob("*.yaml"))]


def make_files(count: int, seed: int, folder: Path) -> list[tuple[Path, str]]:
    bases = base_texts()
    made = []
    for index in range(count):
        rng = random.Random(seed * 1_000_003 + index)
        origin, text = rng.choice(bases)
        path = folder / f"fuzz-{seed}-{index:06d}.yaml"
        path.write_bytes(mutate(text, rng))
        made.append((path, origin))
    return made


WORKER = r"""
import io, json, os, resource, signal, sys, time
memory, timeout = int(sys.argv[1]), float(sys.argv[2])
resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
from judgebot.cli import main

class TimeLimit(BaseException):
    pass

def on_alarm(signum, frame):
    raise TimeLimit()

signal.signal(signal.SIGALRM, on_alarm)
out = sys.__stdout__
for line in sys.stdin:
    path = line.rstrip("\n")
    out.write(json.dumps({"start": path}) + "\n"); out.flush()
    err, sink = io.StringIO(), open(os.devnull, "w")
    sys.stdout, sys.stderr, sys.argv = sink, err, ["judgebot", "check", path, "--json"]
    started = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        try:
            main()
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except TimeLimit:
        code = "timeout"
    except MemoryError:
        code = "memory"
    seconds = time.perf_counter() - started
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    sink.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    out.write(json.dumps({"path": path, "code": code, "seconds": seconds, "stderr": err.getvalue(),
                          "peak": peak}) + "\n"); out.flush()
"""


def run_chunk(files: list[Path], memory: int, timeout: float) -> list[dict]:
    """Check `files` in one worker; a worker that dies is replaced for the rest."""
    results: list[dict] = []
    pending = list(files)
    env = {**os.environ, "JUDGEBOT_CACHE": os.environ.get("JUDGEBOT_CACHE", tempfile.gettempdir())}
    while pending:
        proc = subprocess.Popen([sys.executable, "-c", WORKER, str(memory), str(timeout)], cwd=ROOT, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                text=True, errors="backslashreplace")
        proc.stdin.write("".join(f"{p}\n" for p in pending))
        proc.stdin.close()
        current, started = None, time.perf_counter()
        for line in proc.stdout:
            record = json.loads(line)
            if "start" in record:
                current, started = record["start"], time.perf_counter()
                continue
            results.append(record)
            pending.remove(Path(record["path"]))
            current = None
        code = proc.wait()
        if current is not None:  # the worker died on this file
            results.append({"path": current, "code": f"signal {-code}" if code < 0 else f"died {code}",
                            "seconds": time.perf_counter() - started, "stderr": "", "peak": 0})
            pending.remove(Path(current))
        elif pending:
            raise RuntimeError(f"worker ended with {code} before checking {len(pending)} files")
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dev.py fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--memory", type=float, default=3.0, help="GB per worker")
    parser.add_argument("--keep", type=Path, default=ROOT / "build" / "fuzz-failures")
    args = parser.parse_args(argv)
    from concurrent.futures import ThreadPoolExecutor

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="judgebot-fuzz-") as folder:
        made = make_files(args.count, args.seed, Path(folder))
        origins = {str(path): origin for path, origin in made}
        paths = [path for path, _ in made]
        size = max(1, min(500, len(paths) // max(1, args.jobs)))
        chunks = [paths[i:i + size] for i in range(0, len(paths), size)]
        with ThreadPoolExecutor(args.jobs) as pool:
            results = [r for chunk in pool.map(lambda c: run_chunk(c, int(args.memory * 2**30), args.timeout),
                                               chunks) for r in chunk]
        report = summarize(results, origins)
        bad = [r for r in results if r["code"] not in (0, 1, 2) or not r["one_line"]]
        if bad:
            args.keep.mkdir(parents=True, exist_ok=True)
            for record in bad:
                shutil.copy(record["path"], args.keep / Path(record["path"]).name)
            report["kept"] = str(args.keep)
    report["wall_seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0 if report["clean"] else 1


def summarize(results: list[dict], origins: dict[str, str]) -> dict:
    codes: dict[str, int] = {}
    for record in results:
        codes[str(record["code"])] = codes.get(str(record["code"]), 0) + 1
        lines = [line for line in record["stderr"].splitlines() if line.strip()]
        record["one_line"] = record["code"] != 2 or (len(lines) == 1 and bool(ONE_LINE.match(lines[0]))
                                                     and record["path"] in lines[0])
    slowest = max(results, key=lambda r: r["seconds"])
    not_one_line = [r for r in results if not r["one_line"]]
    with_line = sum(1 for r in results if r["code"] == 2 and re.match(
        r"^judgebot: error: [^\n]+?:\d+:\d+: ", r["stderr"]))
    exit2 = codes.get("2", 0)
    return {
        "files": len(results),
        "exit_codes": dict(sorted(codes.items())),
        "exit_2_with_line_and_column": f"{with_line}/{exit2}",
        "exit_2_not_one_line": len(not_one_line),
        "examples_not_one_line": [r["stderr"][:200] for r in not_one_line[:3]],
        "longest_exit_2_message": max((len(r["stderr"].strip()) for r in results if r["code"] == 2), default=0),
        "slowest": {"seconds": round(slowest["seconds"], 3), "from": origins.get(slowest["path"]),
                    "code": slowest["code"]},
        "peak_worker_memory_mb": round(max(r["peak"] for r in results) / 2**20),
        "clean": all(r["code"] in (0, 1, 2) for r in results) and not not_one_line,
    }


if __name__ == "__main__":
    sys.exit(main())
