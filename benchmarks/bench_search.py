"""Search benchmark: the Whoosh index against a simple baseline, in the same run.

Measures index build time; search latency in-process (p50/p95 over the golden
queries, repeated, judgebot and the baseline query by query in turn) and through the
whole CLI (`judgebot search ... --json` as a subprocess); and retrieval quality
(recall@5, hit@1, MRR) on tests/golden/search.yaml, on its Korean and Chinese
translations tests/golden/search-translated.yaml, and on the development set
tests/golden/search-dev.yaml (reported, never tuned on).
The baseline indexes the same records in SQLite FTS5 with the trigram tokenizer
(Python's sqlite3) and matches the query's own words; if FTS5 trigram is not
available it falls back to LIKE matching and says so. Ratios compare the two.

    python3 dev.py bench search
"""

from __future__ import annotations

import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "search.yaml"
DEV = ROOT / "tests" / "golden" / "search-dev.yaml"
TRANSLATED = ROOT / "tests" / "golden" / "search-translated.yaml"
REPEATS = 5
CLI_RUNS = 40
K = 5


def _percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


class FtsBaseline:
    """SQLite FTS5 (trigram tokenizer) over the same records; bm25 ranking, title
    weighted like the Whoosh index. Queries are the user's words as typed: no
    glossary, no normalization beyond what SQLite does."""

    def __init__(self, records):
        self.db = sqlite3.connect(":memory:")
        self.mode = "fts5-trigram"
        try:
            self.db.execute(
                "CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, doc UNINDEXED, lang UNINDEXED, title, text, tokenize='trigram')"
            )
        except sqlite3.OperationalError:
            self.mode = "like (FTS5 trigram unavailable)"
            self.db.execute("CREATE TABLE docs (id, doc, lang, title, text)")
        self.db.executemany(
            "INSERT INTO docs (id, doc, lang, title, text) VALUES (?, ?, ?, ?, ?)",
            [(r.id, r.doc, r.lang, r.title or "", r.text or "") for r in records],
        )
        self.db.commit()

    @staticmethod
    def _words(query: str) -> list[str]:
        # Trigram needs 3+ characters; shorter CJK words are matched with LIKE below.
        return [w for w in re.split(r"[\s?？、。,.!！]+", query) if w]

    def search(self, query: str, lang: str = "all", doc: str | None = None, limit: int = 10) -> list[str]:
        where, params = [], []
        if doc:
            where.append("doc = ?")
            params.append(doc)
        elif lang in ("ja", "zh", "ko"):
            where.append("lang = ?")
            params.append(lang)
        words = self._words(query)
        if not words:
            return []
        if self.mode == "fts5-trigram" and all(len(w) >= 3 for w in words):
            match = " OR ".join('"' + w.replace('"', '""') + '"' for w in words)
            sql = "SELECT id FROM docs WHERE docs MATCH ?"
            sql += "".join(f" AND {w}" for w in where) + " ORDER BY bm25(docs, 0, 0, 0, 3.0, 1.0) LIMIT ?"
            return [row[0] for row in self.db.execute(sql, [match, *params, limit])]
        # LIKE: rank by the number of query words the record contains.
        score = " + ".join("((title || ' ' || text) LIKE ?)" for _ in words)
        sql = f"SELECT id, ({score}) AS s FROM docs WHERE s > 0"
        sql += "".join(f" AND {w}" for w in where) + " ORDER BY s DESC, rowid LIMIT ?"
        likes = [f"%{w}%" for w in words]
        return [row[0] for row in self.db.execute(sql, [*likes, *params, limit])]


def _alternated_latencies(fn, other, golden) -> tuple[list[float], list[float]]:
    """In-process times of two rankers, query by query in turn, so that both see the
    same machine load (on a shared machine the load changes within a run)."""
    mine, theirs = [], []
    for _ in range(REPEATS):
        for item in golden:
            start = time.perf_counter()
            fn(item)
            mine.append(time.perf_counter() - start)
            start = time.perf_counter()
            other(item)
            theirs.append(time.perf_counter() - start)
    return mine, theirs


def _cli_latencies(env: dict, queries: list[str]) -> list[float]:
    exe = Path(sys.executable).with_name("judgebot")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "judgebot"]
    times = []
    for i in range(CLI_RUNS):
        start = time.perf_counter()
        subprocess.run([*command, "search", queries[i % len(queries)], "--json"], env=env,
                       cwd=ROOT, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return times


# The whole-process anchor of `judgebot search`: a 10-line script that opens an FTS5
# database of the same records and prints the ids of one query's hits.
FTS_SCRIPT = """\
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
words = [w for w in sys.argv[2].split() if w]
match = " OR ".join('"' + w.replace('"', '""') + '"' for w in words)
try:
    rows = db.execute("SELECT id FROM docs WHERE docs MATCH ? ORDER BY rank LIMIT 10", [match]).fetchall()
except sqlite3.OperationalError:
    rows = db.execute("SELECT id FROM docs WHERE text LIKE ? LIMIT 10", ["%" + words[0] + "%"]).fetchall()
print(json.dumps([r[0] for r in rows]))
"""


# The floor of any whole-process search through Whoosh: a script that imports Whoosh as
# judgebot does, opens the same index and prints the ids of one plain query's hits —
# no glossary, no expansion, no ranking of ours. What it costs beyond the FTS5 script is
# what the design's Whoosh index costs every process, before judgebot does anything.
WHOOSH_FLOOR_SCRIPT = """\
import json, sys
import judgebot.search.whoosh_lean
from whoosh import index
from whoosh.query import Or, Term
ix = index.open_dir(sys.argv[1])
words = {t.text for t in ix.schema["body"].analyzer(sys.argv[2])}
with ix.searcher() as searcher:
    hits = searcher.search(Or([Term("body", w) for w in words]), limit=10)
    print(json.dumps([hit["id"] for hit in hits]))
"""


def _fts_file(records, path: Path) -> None:
    db = sqlite3.connect(path)
    try:
        db.execute("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, text, tokenize='trigram')")
    except sqlite3.OperationalError:
        db.execute("CREATE TABLE docs (id, title, text)")
    db.executemany("INSERT INTO docs VALUES (?, ?, ?)", [(r.id, r.title or "", r.text or "") for r in records])
    db.commit()
    db.close()


def _side_by_side(env: dict, queries: list[str], fts_db: Path, script: Path, floor: Path,
                  index_dir: str) -> tuple[list[float], list[float], list[float]]:
    """Whole-process times of `judgebot search QUERY --json`, of the FTS5 script and of
    the Whoosh floor, alternated query by query so that all see the same machine load."""
    exe = Path(sys.executable).with_name("judgebot")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "judgebot"]
    ours, theirs, floors = [], [], []
    for i in range(CLI_RUNS):
        query = queries[i % len(queries)]
        start = time.perf_counter()
        subprocess.run([*command, "search", query, "--json"], env=env, cwd=ROOT, capture_output=True, check=True)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run([sys.executable, str(script), str(fts_db), query], env=env, cwd=ROOT,
                       capture_output=True, check=True)
        theirs.append(time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run([sys.executable, str(floor), index_dir, query], env=env, cwd=ROOT,
                       capture_output=True, check=True)
        floors.append(time.perf_counter() - start)
    return ours, theirs, floors


def main() -> dict:
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory(prefix="judgebot-bench-") as cache:
        os.environ["JUDGEBOT_CACHE"] = cache
        from judgebot.corpus import load_corpus
        from judgebot.search import ensure_index, search
        from judgebot.search.evaluate import evaluate, load_golden, load_translations, rule_ranker

        golden = load_golden(GOLDEN)
        corpus = load_corpus()
        records = list(corpus)

        start = time.perf_counter()
        info = ensure_index(rebuild=True)
        whoosh_build = time.perf_counter() - start
        start = time.perf_counter()
        baseline = FtsBaseline(records)
        baseline_build = time.perf_counter() - start

        whoosh_rank = rule_ranker(search)  # the golden set ranks rule records

        def baseline_rank(item):
            return baseline.search(item.query, lang=item.lang, doc=item.doc, limit=10)

        whoosh_rank(golden[0])  # open the index once: latency is measured after it
        whoosh_quality = evaluate(whoosh_rank, golden, k=K)
        dev_quality = evaluate(whoosh_rank, load_golden(DEV), k=K) if DEV.exists() else None
        translated_quality = evaluate(whoosh_rank, load_translations(TRANSLATED, golden), k=K)
        baseline_quality = evaluate(baseline_rank, golden, k=K)
        whoosh_times, baseline_times = _alternated_latencies(whoosh_rank, baseline_rank, golden)
        cli_times = _cli_latencies({**os.environ, "JUDGEBOT_CACHE": cache}, [g.query for g in golden])
        fts_db, script = Path(cache) / "fts5.sqlite", Path(cache) / "fts5_search.py"
        _fts_file(records, fts_db)
        script.write_text(FTS_SCRIPT, encoding="utf-8")
        floor = Path(cache) / "whoosh_floor.py"
        floor.write_text(WHOOSH_FLOOR_SCRIPT, encoding="utf-8")
        ours, fts_times, floor_times = _side_by_side({**os.environ, "JUDGEBOT_CACHE": cache},
                                                     [g.query for g in golden], fts_db, script, floor,
                                                     str(info["path"]))

    def quality(report):
        return {f"recall@{K}": report[f"recall@{K}"], "hit@1": report["hit@1"], "mrr": report["mrr"],
                "by_qlang": report["by_qlang"]}

    def ratio(a, b):
        return round(a / b, 3) if b else None

    result = {
        "records": info["documents"],
        "queries": len(golden),
        "baseline": baseline.mode,
        "build_s": {"whoosh": round(whoosh_build, 3), "baseline": round(baseline_build, 3)},
        "latency_ms": {
            "whoosh_p50": _ms(statistics.median(whoosh_times)),
            "whoosh_p95": _ms(_percentile(whoosh_times, 95)),
            "baseline_p50": _ms(statistics.median(baseline_times)),
            "baseline_p95": _ms(_percentile(baseline_times, 95)),
            "cli_p50": _ms(statistics.median(cli_times)),
            "cli_p95": _ms(_percentile(cli_times, 95)),
            "cli_side_by_side_p50": _ms(statistics.median(ours)),
            "fts5_script_p50": _ms(statistics.median(fts_times)),
            "whoosh_floor_p50": _ms(statistics.median(floor_times)),
        },
        "quality": {"whoosh": quality(whoosh_quality), "baseline": quality(baseline_quality),
                    "whoosh_translated": quality(translated_quality),
                    **({"whoosh_dev": quality(dev_quality)} if dev_quality else {})},
    }
    result["ratios"] = {
        "recall@5 whoosh/baseline": ratio(whoosh_quality[f"recall@{K}"], baseline_quality[f"recall@{K}"]),
        "mrr whoosh/baseline": ratio(whoosh_quality["mrr"], baseline_quality["mrr"]),
        "p50 latency whoosh/baseline": ratio(result["latency_ms"]["whoosh_p50"], result["latency_ms"]["baseline_p50"]),
        "p95 latency whoosh/baseline": ratio(result["latency_ms"]["whoosh_p95"], result["latency_ms"]["baseline_p95"]),
        "build time whoosh/baseline": ratio(whoosh_build, baseline_build),
        "whole process judgebot search/FTS5 script (p50)": ratio(statistics.median(ours), statistics.median(fts_times)),
        "whole process Whoosh floor/FTS5 script (p50)": ratio(statistics.median(floor_times),
                                                              statistics.median(fts_times)),
    }
    _print(result)
    return result


def _print(result: dict) -> None:
    lat, q = result["latency_ms"], result["quality"]
    print(f"records {result['records']}, golden queries {result['queries']}, baseline: {result['baseline']}")
    print(f"build: whoosh {result['build_s']['whoosh']}s, baseline {result['build_s']['baseline']}s")
    print(f"in-process latency: whoosh p50 {lat['whoosh_p50']} ms p95 {lat['whoosh_p95']} ms; "
          f"baseline p50 {lat['baseline_p50']} ms p95 {lat['baseline_p95']} ms")
    print(f"whole CLI (judgebot search --json, {CLI_RUNS} runs): p50 {lat['cli_p50']} ms p95 {lat['cli_p95']} ms")
    print(f"side by side: judgebot search p50 {lat['cli_side_by_side_p50']} ms, "
          f"10-line FTS5 script p50 {lat['fts5_script_p50']} ms, "
          f"Whoosh floor (open the index, one plain query) p50 {lat['whoosh_floor_p50']} ms")
    for name in ("whoosh", "whoosh_translated", "whoosh_dev", "baseline"):
        if name not in q:
            continue
        figures = q[name]
        per = ", ".join(f"{l} {v['recall@5']:.2f}" for l, v in figures["by_qlang"].items())
        print(f"{name}: recall@5 {figures['recall@5']:.3f}, hit@1 {figures['hit@1']:.3f}, MRR {figures['mrr']:.3f} ({per})")
    for name, value in result["ratios"].items():
        print(f"ratio {name}: {value}")


if __name__ == "__main__":
    main()
