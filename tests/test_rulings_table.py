"""rulings/README.md surveys every 【FAQ】 of both guides; the rulings/ files match it.

- every FAQ of the seed documents (and of the corpus) is a row of the table, once;
- every file the table names exists, and every FAQ-named file is in the table;
- a FAQ file's `ask` is the row's ask kind and its `expect.cites` include the FAQ;
- every top-level rulings/*.yaml is in the table or is a rule_* / spec-* scenario;
- every `cites` citation under rulings/ (and every citation of the table) resolves.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml

from judgebot.corpus.model import load_corpus

ROOT = Path(__file__).resolve().parents[1]
RULINGS = ROOT / "rulings"
README = RULINGS / "README.md"
SEEDS = Path(os.environ.get("JUDGEBOT_SEEDS", ROOT / "data" / "sources"))
SEED_FILES = {"guide-ja": "000_039a4a37a4424be9.txt", "guide-zh": "001_a3dd6c4da9068e6a.txt"}
SEED_FAQ_COUNTS = {"guide-ja": 55, "guide-zh": 53}

ASK_KINDS = {"attack", "retreat", "ability", "evolve", "bench", "play", "attach", "checkup",
             "game_end", "setup", "—"}
ROW_RE = re.compile(r"^\|\s*(guide-(?:ja|zh):[IVX]+-[A-H](?:-\d\d)?/faq-\d+)\s*\|(.*)\|\s*$")
FILE_RE = re.compile(r"`([^`/]+\.yaml)`")
FAQ_FILE_RE = re.compile(r"^(guide-(?:ja|zh))_([IVX]+-[A-H](?:-\d\d)?)_(faq-\d+)(?:-[a-z])?\.yaml$")
CITATION_RE = re.compile(r"\b(?:guide-ja|guide-zh|rules-ko|rules-ja):[IVX]*-?[A-H](?:-\d\d)?(?:/(?:faq|ex)-\d+)?")


# -- the table ---------------------------------------------------------------------

def table_rows() -> dict[str, dict]:
    rows: dict[str, dict] = {}
    for number, line in enumerate(README.read_text(encoding="utf-8").splitlines(), 1):
        match = ROW_RE.match(line)
        if not match:
            continue
        cells = [c.strip() for c in match.group(2).split("|")]
        assert len(cells) == 4, f"README.md:{number}: expected 5 cells, got {len(cells) + 1}"
        citation = match.group(1)
        assert citation not in rows, f"README.md:{number}: {citation} is listed twice"
        topic, rules, ask, status = cells
        rows[citation] = {"line": number, "topic": topic, "rules": rules, "ask": ask,
                          "status": status, "files": FILE_RE.findall(status)}
    return rows


ROWS = table_rows()


def faq_citation(file_name: str) -> str | None:
    match = FAQ_FILE_RE.match(file_name)
    return f"{match.group(1)}:{match.group(2)}/{match.group(3)}" if match else None


def load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


# -- the seeds: 【FAQ】 blocks, numbered within their section ----------------------------

def seed_faqs(doc: str) -> list[str]:
    """The FAQ citations of a guide's seed file, in reading order.

    A FAQ belongs to the nearest item (`B-07`) or, before any item, the chapter
    (`C`), inside part Ⅰ or Ⅱ."""
    lines = (SEEDS / SEED_FILES[doc]).read_text(encoding="utf-8").splitlines()
    part = section = None
    counts: dict[str, int] = {}
    found: list[str] = []
    body_started = doc == "guide-ja"
    for line in lines:
        text = line.strip()
        if doc == "guide-ja":
            heading = re.match(r"^#\s+(Ⅰ|Ⅱ)\s", text)
            chapter = re.match(r"^##\s+([A-H])\s", text)
            item = re.match(r"^###\s+([A-H]-\d\d)\b", text)
        else:
            if not body_started:  # skip guide-zh's table of contents
                body_started = text.startswith("本指南对官方网站")
                continue
            heading = re.match(r"^(I|II)\s+\S", text)
            chapter = re.match(r"^([A-H])\s+\S", text)
            item = re.match(r"^([A-H]-\d\d)", text)
        if heading:
            part = {"Ⅰ": "I", "Ⅱ": "II"}.get(heading.group(1), heading.group(1))
        elif part and chapter:
            section = f"{part}-{chapter.group(1)}"
        elif part and item:
            section = f"{part}-{item.group(1)}"
        if "【FAQ" in text:
            assert section, f"{doc}: a 【FAQ】 block before any section: {text[:40]}"
            counts[section] = counts.get(section, 0) + 1
            found.append(f"{doc}:{section}/faq-{counts[section]}")
    return found


@pytest.mark.parametrize("doc", sorted(SEED_FILES))
def test_every_seed_faq_is_a_row(doc):
    if not (SEEDS / SEED_FILES[doc]).exists():
        pytest.skip(f"seed documents not found in {SEEDS} (set JUDGEBOT_SEEDS)")
    faqs = seed_faqs(doc)
    raw_count = (SEEDS / SEED_FILES[doc]).read_text(encoding="utf-8").count("【FAQ")
    assert len(faqs) == raw_count == SEED_FAQ_COUNTS[doc]
    rows = [c for c in ROWS if c.startswith(doc + ":")]
    assert sorted(faqs) == sorted(rows), (
        f"missing rows: {sorted(set(faqs) - set(rows))}; rows that are no FAQ: {sorted(set(rows) - set(faqs))}")


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.mark.parametrize("doc", sorted(SEED_FILES))
def test_every_corpus_faq_is_a_row_and_back(corpus, doc):
    records = {r.id for r in corpus if r.doc == doc and r.kind == "faq"}
    rows = {c for c in ROWS if c.startswith(doc + ":")}
    assert records, f"no FAQ records of {doc} in the corpus"
    assert rows == records, f"rows not in the corpus: {sorted(rows - records)}; FAQs without a row: {sorted(records - rows)}"


# -- rows ------------------------------------------------------------------------------

@pytest.mark.parametrize("citation", sorted(ROWS))
def test_row_is_complete(citation):
    row = ROWS[citation]
    assert row["topic"] and row["rules"], f"README.md:{row['line']}: empty topic or ruling"
    assert row["ask"] in ASK_KINDS, f"README.md:{row['line']}: unknown ask kind {row['ask']!r}"
    status = row["status"]
    if status.startswith("encoded"):
        own = [f for f in row["files"] if faq_citation(f) == citation]
        assert own, f"README.md:{row['line']}: 'encoded' names no file for {citation}"
    else:
        assert re.match(r"not encoded: \S", status), (
            f"README.md:{row['line']}: status must be 'encoded…' or 'not encoded: <why>', got {status!r}")


@pytest.mark.parametrize("citation", sorted(c for c in ROWS if ROWS[c]["files"]))
def test_named_files_exist(citation):
    for name in ROWS[citation]["files"]:
        assert (RULINGS / name).is_file(), f"README.md:{ROWS[citation]['line']}: {name} does not exist"


# -- files -----------------------------------------------------------------------------

ALL_FILES = sorted(RULINGS.rglob("*.yaml"))
FAQ_FILES = [p for p in ALL_FILES if faq_citation(p.name)]


@pytest.mark.parametrize("path", [p for p in ALL_FILES if p.parent == RULINGS], ids=lambda p: p.name)
def test_top_level_file_is_in_the_table_or_a_rule(path):
    if path.name.startswith(("rule_", "spec-")):
        return
    citation = faq_citation(path.name)
    assert citation, f"{path.name}: not a FAQ file (guide-xx_SECTION_faq-N[-a].yaml), rule_* or spec-*"


@pytest.mark.parametrize("path", FAQ_FILES, ids=lambda p: p.name)
def test_faq_file_matches_its_row(path):
    citation = faq_citation(path.name)
    assert citation in ROWS, f"{path.name}: {citation} is not a row of README.md"
    row = ROWS[citation]
    assert row["status"].startswith("encoded"), f"README.md:{row['line']}: {path.name} exists but the row says {row['status']!r}"
    assert path.name in row["files"], f"README.md:{row['line']}: the row does not name {path.name}"
    data = load(path)
    ask = next(iter(data["ask"]))
    assert ask == row["ask"], f"{path.name}: asks {ask!r}, the table says {row['ask']!r}"
    assert citation in data["expect"]["cites"], f"{path.name}: expect.cites does not include {citation}"


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: str(p.relative_to(RULINGS)))
def test_cites_resolve(corpus, path):
    data = load(path)
    assert data.get("title") and data.get("ask"), f"{path.name}: needs title and ask"
    cites = (data.get("expect") or {}).get("cites") or []
    assert cites, f"{path.name}: expect.cites is empty"
    missing = [c for c in cites if c not in corpus]
    assert not missing, f"{path.name}: citations not in the corpus: {missing}"


def test_table_citations_resolve(corpus):
    text = README.read_text(encoding="utf-8")
    missing = sorted({c for c in CITATION_RE.findall(text) if c not in corpus})
    assert not missing, f"README.md cites what the corpus does not have: {missing}"
