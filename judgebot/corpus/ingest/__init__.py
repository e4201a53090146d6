"""Corpus ingestion: the five source documents -> data/corpus/<doc>.json + repairs.json.

``ingest_all(seeds_dir, out_dir)`` finds each document in ``seeds_dir`` (by its
``000_``…``004_`` file-name prefix, confirmed by its content), parses it, applies
and logs the OCR repairs, and writes deterministic JSON (same input, same bytes).
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from judgebot.corpus.ingest.common import build_records, write_json
from judgebot.corpus.ingest.repairs import RepairLog
from judgebot.corpus.ingest.sources import SOURCES, identify_seeds
from judgebot.errors import InputError

# doc id -> parser module (each has parse(text, log) -> list[SectionDraft])
PARSERS = {
    "guide-ja": "guide_ja",
    "guide-zh": "guide_zh",
    "rules-ko": "rules_ko",
    "rules-ja": "rules_ja",
    "wiki-ja": "wiki_ja",
}


def ingest_all(seeds_dir: Path, out_dir: Path) -> dict:
    seeds_dir, out_dir = Path(seeds_dir), Path(out_dir)
    files = identify_seeds(seeds_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{out_dir}: cannot create the corpus folder: {exc.strerror}") from None

    log = RepairLog()
    summary: dict[str, dict] = {}
    for doc, module in PARSERS.items():
        parse = import_module(f"{__name__}.{module}").parse
        path = files[doc]
        source = SOURCES[doc]
        sections = parse(path.read_text(encoding="utf-8"), log)
        records = build_records(doc, source.lang, sections)
        payload = {"doc": doc, "attribution": source.attribution(path.name), "records": records}
        write_json(out_dir / f"{doc}.json", payload)
        summary[doc] = {
            "sections": sum(1 for r in records if r["kind"] == "section"),
            "faqs": sum(1 for r in records if r["kind"] == "faq"),
            "examples": sum(1 for r in records if r["kind"] == "example"),
        }
    write_json(out_dir / "repairs.json", log.entries)
    return {"documents": summary, "repairs": len(log.entries), "out": str(out_dir)}
