"""Values derived from the project's data files (the card catalog, the message
catalogs, the citation table), kept in the user cache so that every process does not
parse them again: keyed by the sha256 of the files' bytes and of the code that derives
them, checked on read (cache_files), rebuilt when absent, stale or damaged. A cache that
cannot be read or written costs time only, never an error or a different value."""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from typing import Callable, Iterable, TypeVar

from judgebot.cache_files import read_checked, write_checked
from judgebot.paths import cache_dir

T = TypeVar("T")
KEEP = 8  # entries per name: a few versions side by side (tests, several checkouts)


def cached(name: str, sources: Iterable[Path], code: Iterable[Path], build: Callable[[], T]) -> T:
    digest = hashlib.sha256()
    for path in [*sources, *code]:
        digest.update(str(path.name).encode() + b"\0" + path.read_bytes() + b"\0")
    entry = cache_dir() / "derived" / f"{name}-{digest.hexdigest()[:24]}.pickle"
    body = read_checked(entry)
    if body is not None:
        try:
            return pickle.loads(body)
        except Exception:  # damaged in a way the checksum cannot see: rebuild
            pass
    value = build()
    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # not picklable: used as is, never cached
        return value
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return value
    if write_checked(entry, data):
        _prune(entry.parent, name)
    return value


def _prune(folder: Path, name: str) -> None:
    try:
        entries = sorted(folder.glob(f"{name}-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass
