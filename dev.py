#!/usr/bin/env python3
"""One-command set-up and tasks on a fresh machine (only Python 3.11 and pip needed).

    python3 dev.py demo    # set up, then a short tour of judgebot on the bundled data
    python3 dev.py test    # set up, then run the whole test suite
    python3 dev.py bench   # set up, then run the benchmarks
    python3 dev.py fuzz N  # set up, then check N seeded mutations of the rulings (tests/fuzz.py)
    python3 dev.py coverage  # rewrite docs/COVERAGE.md (guide items × engine × rulings)
    python3 dev.py fonts   # re-cut the font subsets shipped in the wheel (data/fonts/)
    python3 dev.py index   # rebuild the search index shipped in the wheel (data/index/)
    python3 dev.py schema-docs  # rewrite docs/SCENARIO-KEYS.md from the scenario format's definition
    python3 dev.py cards-import [TCGDEX] [--pokeapi CSV] [--review FILE]  # rebuild data/carddb/cards.sqlite
    python3 dev.py card-coverage [PATH]  # rewrite docs/CARD-COVERAGE.md (card text read; PATH: TCGdex snapshot)

Set-up creates .venv/ beside this file and installs judgebot (editable) with its
test extras; it is skipped when pyproject.toml has not changed since the last run.
`test` also installs Debian's chromium and fonts-noto-cjk for the browser tests
(tests/web) when running as root and /usr/bin/chromium is missing.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
STAMP = VENV / ".judgebot-installed"


def sh(*args: str | os.PathLike, check: bool = True) -> int:
    print("+", " ".join(str(a) for a in args), flush=True)
    return subprocess.run([str(a) for a in args], cwd=ROOT, check=check).returncode


def browser() -> None:
    """The browser tests drive Debian's chromium (Playwright's own download cannot work
    here): install it with the CJK fonts when running as root and it is missing."""
    if Path("/usr/bin/chromium").exists() or os.name != "posix" or os.geteuid() != 0:
        return
    if not Path("/usr/bin/apt-get").exists():
        return
    print("+ apt-get install chromium fonts-noto-cjk (for the browser tests)", flush=True)
    quiet = {"stdout": subprocess.DEVNULL, "env": {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}}
    subprocess.run(["apt-get", "update", "-qq"], check=False, **quiet)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium", "fonts-noto-cjk"], check=False, **quiet)


def setup() -> None:
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted and PY.exists():
        return
    if not PY.exists():
        print(f"+ creating {VENV}", flush=True)
        venv.create(VENV, with_pip=True)
    sh(PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    sh(PY, "-m", "pip", "install", "--quiet", "-e", ".[test]")
    STAMP.write_text(wanted)


def judgebot(*args: str, check: bool = True) -> int:
    return sh(BIN / "judgebot", *args, check=check)


DEMO_RULINGS = ("rulings/rule_I-A-04_bench-full.yaml", "rulings/rule_I-A-04_first-turn.yaml")


def demo() -> int:
    """A short tour (under 100 lines): one search per language, a FAQ, a term, a few
    rulings checked against their expectations, one card, then every ruling checked
    quietly. The exit code is the worst of the commands', so a broken step fails it."""
    (ROOT / "build").mkdir(exist_ok=True)
    steps = [
        ("search", "does weakness apply to benched pokemon", "--limit", "1"),
        ("search", "逃げる", "--lang", "ja", "--limit", "1"),
        ("search", "撤退", "--lang", "zh", "--limit", "1"),
        ("search", "후퇴", "--lang", "ko", "--limit", "1"),
        ("show", "guide-ja:II-B-07/faq-1"),
        ("term", "にげる"),
        ("check", "--verify", *DEMO_RULINGS),
        ("cards", "I-A-03", "--output", "build/judgebot-card.pdf"),
        ("check", "--verify", "--quiet", "rulings/"),
    ]
    return max(judgebot(*args, check=False) for args in steps)


def test() -> int:
    browser()
    return sh(PY, "-m", "pytest", *sys.argv[2:], check=False)


def bench() -> int:
    return sh(PY, "benchmarks/run.py", *sys.argv[2:], check=False)


def fuzz() -> int:
    return sh(PY, "-m", "tests.fuzz", *sys.argv[2:], check=False)


def coverage() -> int:
    return sh(PY, "-m", "tests.coverage_table", check=False)


def fonts() -> int:
    """Cut the font subsets the wheel ships (data/fonts/) for the packaged data's characters."""
    return sh(PY, "-m", "judgebot.cards.font_build", "data/fonts", check=False)


def index() -> int:
    """Build the search index shipped in the wheel (data/index/) from the packaged corpus."""
    return sh(PY, "-m", "judgebot.search.index", "data/index", check=False)


def card_coverage() -> int:
    """Rewrite docs/CARD-COVERAGE.md: what judgebot.cardtext reads of the Standard cards (PATH: the TCGdex snapshot)."""
    return sh(PY, "-m", "tools.card_coverage", *sys.argv[2:], check=False)


def schema_docs() -> int:
    """Rewrite docs/SCENARIO-KEYS.md from the format's one definition (engine/format/schema.py)."""
    return sh(PY, "-m", "judgebot.engine.format.reference", "docs/SCENARIO-KEYS.md", check=False)


def cards_import() -> int:
    """Import the TCGdex snapshot and PokéAPI names into data/carddb/cards.sqlite (judgebot.carddb.importer)."""
    return sh(PY, "-m", "judgebot.carddb.importer", *sys.argv[2:], check=False)


TASKS = {"demo": demo, "test": test, "bench": bench, "fuzz": fuzz, "coverage": coverage, "fonts": fonts,
         "index": index, "schema-docs": schema_docs, "cards-import": cards_import,
         "card-coverage": card_coverage}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in TASKS:
        sys.exit(f"usage: python3 dev.py {{{'|'.join(TASKS)}}}")
    setup()
    sys.exit(TASKS[sys.argv[1]]())
