#!/usr/bin/env python3
"""Run every benchmark (benchmarks/bench_*.py, each with a main() -> dict) and
print its report. Figures are ratios against a baseline measured in the same run.

    python3 dev.py bench            # all of them
    python3 dev.py bench search     # only bench_search.py
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def compile_bytecode() -> None:
    """Measure judgebot as installed: pip writes every module's .pyc at install time,
    but a checkout run with PYTHONDONTWRITEBYTECODE=1 (set on some machines) would
    compile each judgebot module again in every process the benchmarks start."""
    import compileall

    compileall.compile_dir(str(HERE.parent / "judgebot"), quiet=1)
    compileall.compile_file(str(HERE.parent / "data" / "__init__.py"), quiet=1)


def main(argv: list[str]) -> int:
    compile_bytecode()
    wanted = set(argv)
    results = {}
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if wanted and name not in wanted:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"== {name}", flush=True)
        results[name] = module.main()
    out = HERE / "out"
    out.mkdir(exist_ok=True)
    (out / "results.json").write_text(json.dumps(results, ensure_ascii=False, indent=2))
    print(f"results written to {out / 'results.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
