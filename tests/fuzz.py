"""Seeded mutations of the rulings, run through `judgebot check` (`python3 dev.py fuzz N`).

    python -m tests.fuzz N [--seed S] [--jobs J] [--timeout SECONDS] [--memory GB]
                           [--max-seconds S] [--max-mb MB] [--keep DIR]

Each of the N files is a ruling from rulings/ with one to three mutations (bytes
flipped or inserted, lines dropped, repeated or re-indented, a value replaced by a
hostile one, a hostile snippet inserted, the file cut short, a key of the data set to
junk; and for Format 2 and the bounds of issue 28: the ask made a `sequence` of up to
past its bound of entries, a list grown past its bound, a number written as YAML 1.1
reads other numbers — `0120`, `1:30`, `0x1e`, `1_000` …).

A worker process imports judgebot once and forks a child per file: the child limits
its address space (RLIMIT_AS, --memory) and runs `judgebot check FILE --json`; the
worker kills it after --timeout seconds and takes its wall time and its peak memory
(ru_maxrss from wait4: the whole process, the judgebot already imported included).
The report gives the count of each exit code, signals and time-outs, exit-2 messages
that are not one line `FILE:LINE:COL: …` (or `FILE: …` for the file as a whole), the
slowest file, the file of the largest peak memory, and how many went over
--max-seconds (5) or --max-mb (500). Files with a result other than exit 0/1/2 within
those bounds are copied to --keep.

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


def _dump(tree, data: bytes) -> bytes:
    """YAML of `tree` with every repeated value written out (no anchors: a long list of one
    entry would otherwise be refused for its aliases, not for its length); `data` as it
    was when the tree cannot be written so (a cyclic alias, a nesting too deep)."""
    import yaml

    class Plain(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
        def ignore_aliases(self, data):
            return True

    try:
        return yaml.dump(tree, Dumper=Plain, allow_unicode=True, sort_keys=False).encode("utf-8")
    except (Exception, RecursionError):
        return data


def _load(data: bytes):
    import yaml

    if data.count(b"[") + data.count(b"{") > 2000:
        return None  # libyaml's composer recurses: keep far from its depth
    try:
        return yaml.load(data.decode("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (Exception, RecursionError):
        return None


SEQUENCE_ASKS = ("attach", "evolve", "bench", "play", "ability", "retreat", "attack")
# How long a grown sequence or list gets: mostly short, sometimes at or past a bound
# (2,000 entries, 60 cards, 100 items), rarely far past it.
LENGTHS = [2, 3, 5, 10, 30, 59, 60, 61, 99, 100, 101, 300] + [1000, 1999, 2000, 2001, 5000]


def _sequence(data: bytes, rng: random.Random) -> bytes:
    """Format 2: the ask made a turn of many entries, or a turn made longer."""
    tree = _load(data)
    ask = tree.get("ask") if isinstance(tree, dict) else None
    if not isinstance(ask, dict) or len(ask) != 1:
        return data
    (kind, body), = ask.items()
    if kind == "sequence" and isinstance(body, list) and body:
        entries = body
    elif kind in SEQUENCE_ASKS:
        entries = [ask]
    else:
        return data
    count = _fitting(rng.choice(LENGTHS), entries)
    picked = [entries[i % len(entries)] if rng.random() < 0.8 else rng.choice(entries) for i in range(count)]
    tree["ask"] = {"sequence": picked}
    tree["format"] = 2
    if isinstance(tree.get("expect"), dict) and rng.random() < 0.7:
        del tree["expect"]
    return _dump(tree, data)


def _grow_list(data: bytes, rng: random.Random) -> bytes:
    """A list anywhere (Energy, hand, attacks, coins …) grown to a length near or past its bound."""
    tree = _load(data)
    lists = [(parent, key) for parent, key in _places(tree) if isinstance(parent[key], list) and parent[key]]
    if not lists:
        return data
    parent, key = rng.choice(lists)
    items = parent[key]
    parent[key] = [items[i % len(items)] for i in range(_fitting(rng.choice(LENGTHS), items))]
    return _dump(tree, data)


def _fitting(count: int, items: list) -> int:
    """`count`, or fewer so that the file stays near the 1 MB limit (just past it at most):
    a long list of large entries would make files of a hundred megabytes to refuse unread."""
    unit = max(1, len(_dump(items, b"")) // max(1, len(items)))
    return max(2, min(count, 1_200_000 // unit))


NUMBER_FORMS = ["0120", "0170", "1:30", "1:30:00", "0x1e", "0x_", "0b101", "1_000", "01_20", "0o17", "+30", "-0",
                "+0", "1e3", "3.0", ".5", "1_0.5", "9" * 39, "9" * 41, "10:00.5", "0", "00"]
_NUMBER = re.compile(rb"(?<=[:\-\[,] )[-+]?\d+(?=\s*[,}\]\n#])")


def _number_form(data: bytes, rng: random.Random) -> bytes:
    """A number written as YAML 1.1 would read another number (or none)."""
    found = list(_NUMBER.finditer(data))
    if not found:
        return data
    match = rng.choice(found)
    return data[:match.start()] + rng.choice(NUMBER_FORMS).encode() + data[match.end():]


MUTATIONS = [_flip_bytes, _insert_bytes, _drop_line, _repeat_line, _swap_lines, _reindent, _replace_value,
             _replace_value, _insert_snippet, _truncate, _junk_data, _junk_data, _junk_data,
             _sequence, _sequence, _grow_list, _grow_list, _number_form, _number_form]

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
import json, os, resource, signal, sys, time
memory, timeout, warm = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
from judgebot.cli import main

def check(path):
    sys.argv = ["judgebot", "check", path, "--json"]
    try:
        main()
        return 0
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)

# Warm what every check loads (engine modules, catalog, messages) once, before forking.
out, devnull = sys.__stdout__, os.open(os.devnull, os.O_WRONLY)
saved = os.dup(1)
os.dup2(devnull, 1)
check(warm)
sys.stdout.flush()
os.dup2(saved, 1)
os.close(saved)
child = None

def on_alarm(signum, frame):
    if child is not None:
        os.kill(child, signal.SIGKILL)

signal.signal(signal.SIGALRM, on_alarm)
for line in sys.stdin:
    path = line.rstrip("\n")
    read_end, write_end = os.pipe()
    started = time.perf_counter()
    child = os.fork()
    if child == 0:  # the check, alone in its process
        os.close(read_end)
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        os.dup2(devnull, 1)
        os.dup2(write_end, 2)
        try:
            code = check(path)
            sys.stdout.flush()
            sys.stderr.flush()
        except MemoryError:
            code = 97
        except BaseException:
            code = 98
        os._exit(code if 0 <= code < 256 else 99)
    os.close(write_end)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    err = b""
    while True:
        chunk = os.read(read_end, 65536)
        if not chunk:
            break
        if len(err) < 100_000:
            err += chunk
    os.close(read_end)
    _, status, usage = os.wait4(child, 0)
    signal.setitimer(signal.ITIMER_REAL, 0)
    seconds = time.perf_counter() - started
    child = None
    if os.WIFSIGNALED(status):
        code = "timeout" if os.WTERMSIG(status) == signal.SIGKILL and seconds >= timeout else f"signal {os.WTERMSIG(status)}"
    else:
        code = {97: "memory", 98: "crashed"}.get(os.WEXITSTATUS(status), os.WEXITSTATUS(status))
    out.write(json.dumps({"path": path, "code": code, "seconds": seconds, "peak": usage.ru_maxrss * 1024,
                          "stderr": err.decode("utf-8", "backslashreplace")}) + "\n")
    out.flush()
"""

WARM = ROOT / "rulings" / "spec-format2-sequence.yaml"


def run_chunk(files: list[Path], memory: int, timeout: float) -> list[dict]:
    """Check `files` in one worker, a forked child per file; a worker that dies is replaced."""
    results: list[dict] = []
    pending = list(files)
    env = {**os.environ, "JUDGEBOT_CACHE": os.environ.get("JUDGEBOT_CACHE", tempfile.gettempdir())}
    while pending:
        proc = subprocess.Popen([sys.executable, "-c", WORKER, str(memory), str(timeout), str(WARM)], cwd=ROOT,
                                env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                text=True, errors="backslashreplace")
        proc.stdin.write("".join(f"{p}\n" for p in pending))
        proc.stdin.close()
        for line in proc.stdout:
            record = json.loads(line)
            results.append(record)
            pending.remove(Path(record["path"]))
        code = proc.wait()
        if pending:  # the worker itself died: the next file is counted so, the rest go on
            results.append({"path": str(pending[0]), "code": f"worker died {code}", "seconds": 0.0, "stderr": "",
                            "peak": 0})
            pending.pop(0)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dev.py fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds before a file's check is killed")
    parser.add_argument("--memory", type=float, default=3.0, help="GB of address space per check (RLIMIT_AS)")
    parser.add_argument("--max-seconds", type=float, default=5.0, help="a file slower than this is a failure")
    parser.add_argument("--max-mb", type=float, default=500.0, help="a file whose peak memory is larger is a failure")
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
        report = summarize(results, origins, args.max_seconds, args.max_mb)
        bad = [r for r in results if r["code"] not in (0, 1, 2) or not r["one_line"] or r["over"]]
        if bad:
            args.keep.mkdir(parents=True, exist_ok=True)
            for record in bad:
                shutil.copy(record["path"], args.keep / Path(record["path"]).name)
            report["kept"] = str(args.keep)
    report["wall_seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0 if report["clean"] else 1


def summarize(results: list[dict], origins: dict[str, str], max_seconds: float = 5.0,
              max_mb: float = 500.0) -> dict:
    codes: dict[str, int] = {}
    for record in results:
        codes[str(record["code"])] = codes.get(str(record["code"]), 0) + 1
        lines = [line for line in record["stderr"].splitlines() if line.strip()]
        record["one_line"] = record["code"] != 2 or (len(lines) == 1 and bool(ONE_LINE.match(lines[0]))
                                                     and record["path"] in lines[0])
        record["over"] = record["seconds"] > max_seconds or record["peak"] > max_mb * 2**20
    slowest = max(results, key=lambda r: r["seconds"])
    largest = max(results, key=lambda r: r["peak"])
    not_one_line = [r for r in results if not r["one_line"]]
    over = [r for r in results if r["over"]]
    with_line = sum(1 for r in results if r["code"] == 2 and re.match(
        r"^judgebot: error: [^\n]+?:\d+:\d+: ", r["stderr"]))
    exit2 = codes.get("2", 0)
    seconds = sorted(r["seconds"] for r in results)
    return {
        "files": len(results),
        "exit_codes": dict(sorted(codes.items())),
        "exit_2_with_line_and_column": f"{with_line}/{exit2}",
        "exit_2_not_one_line": len(not_one_line),
        "examples_not_one_line": [r["stderr"][:200] for r in not_one_line[:3]],
        "longest_exit_2_message": max((len(r["stderr"].strip()) for r in results if r["code"] == 2), default=0),
        "seconds_median": round(seconds[len(seconds) // 2], 3),
        "slowest": {"seconds": round(slowest["seconds"], 3), "from": origins.get(slowest["path"]),
                    "code": slowest["code"], "peak_mb": round(slowest["peak"] / 2**20)},
        "largest_peak": {"peak_mb": round(largest["peak"] / 2**20), "from": origins.get(largest["path"]),
                         "code": largest["code"], "seconds": round(largest["seconds"], 3)},
        f"over_{max_seconds:g}_s_or_{max_mb:g}_mb": len(over),
        "examples_over": [{"from": origins.get(r["path"]), "seconds": round(r["seconds"], 2),
                           "peak_mb": round(r["peak"] / 2**20)} for r in over[:3]],
        "clean": all(r["code"] in (0, 1, 2) for r in results) and not not_one_line and not over,
    }


if __name__ == "__main__":
    sys.exit(main())
