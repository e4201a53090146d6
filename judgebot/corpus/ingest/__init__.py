"""Corpus ingestion: the five source documents -> data/corpus/<doc>.json + repairs.json.

``ingest_all(seeds_dir, out_dir)`` finds each document in ``seeds_dir`` (by its
``000_``…``004_`` file-name prefix, confirmed by its content), parses it, applies
and logs the OCR repairs, and writes deterministic JSON (same input, same bytes).
"""

from __future__ import annotations

from pathlib import Path

from judgebot.corpus.ingest import guide_ja, guide_zh, rules_ja, rules_ko, wiki_ja
from judgebot.corpus.ingest.common import build_records, json_bytes
from judgebot.corpus.ingest.repairs import RepairLog
from judgebot.corpus.ingest.sources import SOURCES, identify_seeds
from judgebot.errors import InputError

# doc id -> parse(text, log) -> list[SectionDraft], in the order the files are written
PARSERS = {
    "guide-ja": guide_ja.parse,
    "guide-zh": guide_zh.parse,
    "rules-ko": rules_ko.parse,
    "rules-ja": rules_ja.parse,
    "wiki-ja": wiki_ja.parse,
}


def ingest_all(seeds_dir: Path, out_dir: Path) -> dict:
    """Parse every document and write the corpus into `out_dir`: all its files, or —
    when something fails midway (a source that does not parse, a full disk) — none,
    the folder's old corpus left as it was (files.staged_files)."""
    from judgebot.files import staged_files

    seeds_dir, out_dir = Path(seeds_dir), Path(out_dir)
    files = identify_seeds(seeds_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise InputError(f"{out_dir}: cannot create the corpus folder: it is a file")

    log = RepairLog()
    summary: dict[str, dict] = {}
    try:
        with staged_files(out_dir) as put:
            for doc, parse in PARSERS.items():
                path = files[doc]
                source = SOURCES[doc]
                try:
                    sections = parse(path.read_text(encoding="utf-8"), log)
                except UnicodeDecodeError:
                    raise InputError(f"{path}: not UTF-8 text") from None
                except ValueError as exc:  # the source does not have the structure its parser expects
                    raise InputError(f"{path}: {exc}") from None
                records = build_records(doc, source.lang, sections)
                payload = {"doc": doc, "attribution": source.attribution(path.name), "records": records}
                put(f"{doc}.json", json_bytes(payload))
                summary[doc] = {
                    "sections": sum(1 for r in records if r["kind"] == "section"),
                    "faqs": sum(1 for r in records if r["kind"] == "faq"),
                    "examples": sum(1 for r in records if r["kind"] == "example"),
                }
            put("repairs.json", json_bytes(log.entries))
    except OSError as exc:  # the folder cannot be created
        raise InputError(f"{out_dir}: cannot create the corpus folder: {exc.strerror}") from None
    return {"documents": summary, "repairs": len(log.entries), "out": str(out_dir)}
