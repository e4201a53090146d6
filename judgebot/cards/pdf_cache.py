"""Finished card PDFs kept in the user cache, so that printing the same selection
again costs a file copy instead of selection, layout and drawing.

A PDF is a pure function of what was asked (the selection, paper and card size), the
program (judgebot's own files, reportlab's and fontTools' versions, the fonts) and the
data (every file under the data folder): the same inputs always give the same bytes,
which the card tests check. The key is a digest of all of them, files by path, size
and modification time, so any change to the program or the data is a new key. A few
recent PDFs are kept; damaged entries read as absent (`cache_files`).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict
from pathlib import Path

import judgebot
from judgebot.cache_files import read_checked, write_checked
from judgebot.paths import cache_dir, data_dir, packaged_data_dir

KEEP = 24  # most recent PDFs kept
FORMAT = 1  # bump when what an entry holds changes


def cache_key(selection, page: str, card: str) -> str:
    digest = hashlib.sha256()
    asked = {"format": FORMAT, "selection": asdict(selection), "page": page, "card": card}
    digest.update(json.dumps(asked, sort_keys=True, ensure_ascii=False).encode())
    for name in ("reportlab", "fonttools", "cvttf-notosanscjk-regular", "cvttf-notosanscjk-bold"):
        digest.update(f"\0{name}={_version(name)}".encode())
    roots = {Path(judgebot.__file__).resolve().parent, data_dir().resolve(), packaged_data_dir().resolve()}
    if getattr(selection, "cards", None):  # a card's sheet rules on a packaged ruling
        from judgebot.examples import examples_dir

        roots.add(examples_dir().resolve())
    for root in sorted(roots):
        for path, size, mtime in _files(root):
            digest.update(f"\0{path}\0{size}\0{mtime}".encode())
    return digest.hexdigest()[:32]


def load(key: str) -> tuple[bytes, dict] | None:
    """The PDF and its summary stored under `key`, if both are there and intact."""
    folder = _folder()
    pdf = read_checked(folder / f"{key}.pdf")
    summary = read_checked(folder / f"{key}.json")
    if pdf is None or summary is None:
        return None
    try:
        return pdf, json.loads(summary)
    except ValueError:
        return None


def store(key: str, pdf: bytes, summary: dict) -> None:
    folder = _folder()
    body = json.dumps(summary, ensure_ascii=False).encode()  # key order kept for --json
    if write_checked(folder / f"{key}.json", body) and write_checked(folder / f"{key}.pdf", pdf):
        _prune(folder)


def _folder() -> Path:
    return cache_dir() / "cards"


def _files(root: Path):
    """(path, size, mtime) of every file under `root` but byte-code and the source
    documents (which only `ingest` reads)."""
    for directory, subdirs, names in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d not in ("__pycache__", "sources"))
        for name in sorted(names):
            if name.endswith(".pyc"):
                continue
            path = os.path.join(directory, name)
            try:
                stat = os.stat(path)
            except OSError:
                continue
            yield path, stat.st_size, stat.st_mtime_ns


def _version(distribution: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return "-"


def _prune(folder: Path) -> None:
    try:
        entries = sorted(folder.glob("*.pdf"), key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)
        for stale in entries[KEEP:]:
            stale.unlink(missing_ok=True)
            stale.with_suffix(".json").unlink(missing_ok=True)
    except OSError:
        pass
