"""The card database file: one SQLite file, written by the importer, read at run time.

    meta(key, value)             source commits, counts, the Standard marks
    cards(id, doc)               one functional card: its record as compact JSON
    names(key, lang, name, id)   every name of every card, by `normalize.name_key`
    prints(key, print, id)       every print by `print_key` (OBF 125) and by TCGdex id
    parts(key, id, part, idx)    every attack and Ability name (any language), by name_key

SQLite because a look-up reads one index page and one card, not the whole file: a
`judgebot card` or a scenario that names three cards costs a few milliseconds, and the
file is read-only (`mode=ro`, `immutable=1`: no journal, no lock, nothing written). The
writer is deterministic: rows inserted in sorted order, then VACUUM, so two imports of
the same snapshot give the same bytes.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path
from collections.abc import Iterable, Iterator

from judgebot.carddb.normalize import name_key, print_key

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE cards (id TEXT PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE names (key TEXT NOT NULL, lang TEXT NOT NULL, name TEXT NOT NULL, id TEXT NOT NULL,
                    PRIMARY KEY (key, id, lang, name)) WITHOUT ROWID;
CREATE TABLE prints (key TEXT NOT NULL, print TEXT NOT NULL, id TEXT NOT NULL,
                     PRIMARY KEY (key, print)) WITHOUT ROWID;
CREATE TABLE parts (key TEXT NOT NULL, id TEXT NOT NULL, part TEXT NOT NULL, idx INTEGER NOT NULL,
                    PRIMARY KEY (key, id, part, idx)) WITHOUT ROWID;
"""


def id_key(tcgdex_id: str, exact: bool = True) -> str:
    """A TCGdex card id as stored: exactly (sv10-001, the English Destined Rivals print,
    is not SV10-001, the Japanese ロケット団の栄光 one), and case-free for a query typed in
    another case where that names one print."""
    return "#" + tcgdex_id.strip() if exact else "#~" + tcgdex_id.strip().lower()


def name_rows(record: dict) -> Iterator[tuple[str, str, str, str]]:
    seen = set()
    for lang, name in record["name"].items():
        yield name_key(name), lang, name, record["id"]
        seen.add((lang, name))
    for lang, names in (record.get("aliases") or {}).items():
        for name in names:
            if (lang, name) not in seen:
                seen.add((lang, name))
                yield name_key(name), lang, name, record["id"]


def print_rows(record: dict) -> Iterator[tuple[str, str, str]]:
    for p in record["prints"]:
        yield print_key(p["set"], p["number"]), p["id"], record["id"]
        yield id_key(p["id"]), p["id"], record["id"]
        yield id_key(p["id"], exact=False), p["id"], record["id"]


def part_rows(record: dict) -> Iterator[tuple[str, str, str, int]]:
    for part, kind in (("attack", "attacks"), ("ability", "abilities")):
        for index, entry in enumerate(record.get(kind) or ()):
            for name in entry["name"].values():
                yield name_key(name), record["id"], part, index


def write_database(path: Path, records: list[dict], meta: dict[str, object]) -> None:
    """Write the database to `path` whole or not at all (a temporary file beside it,
    then renamed)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # here: a search, which reads the database, never writes one

    handle, temp = tempfile.mkstemp(prefix=".cards-", suffix=".sqlite", dir=path.parent)
    os.close(handle)
    os.unlink(temp)
    try:
        db = sqlite3.connect(temp)
        db.execute("PRAGMA page_size = 4096")
        db.execute("PRAGMA journal_mode = OFF")
        db.executescript(SCHEMA)
        db.executemany("INSERT INTO meta VALUES (?, ?)",
                       sorted((k, json.dumps(v, ensure_ascii=False, sort_keys=True)) for k, v in meta.items()))
        db.executemany("INSERT INTO cards VALUES (?, ?)",
                       sorted((r["id"], _pack(r)) for r in records))
        db.executemany("INSERT OR IGNORE INTO names VALUES (?, ?, ?, ?)",
                       sorted(row for r in records for row in name_rows(r)))
        db.executemany("INSERT OR IGNORE INTO prints VALUES (?, ?, ?)",
                       sorted(row for r in records for row in print_rows(r)))
        db.executemany("INSERT OR IGNORE INTO parts VALUES (?, ?, ?, ?)",
                       sorted(row for r in records for row in part_rows(r)))
        db.commit()
        db.execute("VACUUM")
        db.close()
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


def _pack(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _unpack(doc: str) -> dict:
    return json.loads(doc)


class Database:
    """The card database, opened read-only on first use; safe to share between threads
    (one connection, its calls serialised)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._docs: dict[str, dict] = {}

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            if not self.path.is_file():
                raise FileNotFoundError(f"the card database {self.path} is missing")
            uri = self.path.resolve().as_uri() + "?mode=ro&immutable=1"
            self._db = sqlite3.connect(uri, uri=True, check_same_thread=False)
        return self._db

    def query(self, sql: str, args: Iterable = ()) -> list[tuple]:
        with self._lock:
            return self._connection().execute(sql, tuple(args)).fetchall()

    def meta(self) -> dict[str, object]:
        return {k: json.loads(v) for k, v in self.query("SELECT key, value FROM meta")}

    def card(self, card_id: str) -> dict | None:
        doc = self._docs.get(card_id)
        if doc is None:
            rows = self.query("SELECT doc FROM cards WHERE id = ?", (card_id,))
            if not rows:
                return None
            doc = self._docs[card_id] = _unpack(rows[0][0])
        return doc

    def cards(self) -> Iterator[dict]:
        """Every card, by id (for tests, the text parser and tools)."""
        for card_id, doc in self.query("SELECT id, doc FROM cards ORDER BY id"):
            yield self._docs.get(card_id) or _unpack(doc)

    def by_name(self, key: str) -> list[tuple[str, str, str]]:
        """(lang, name, card id) of every name whose key is `key`."""
        return self.query("SELECT lang, name, id FROM names WHERE key = ? ORDER BY id, lang", (key,))

    def by_prefix(self, prefix: str, limit: int) -> list[tuple[str, str, str, str]]:
        """(key, lang, name, card id) of names whose key starts with `prefix`, shortest first."""
        if not prefix:
            return []
        upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
        return self.query("SELECT key, lang, name, id FROM names WHERE key >= ? AND key < ? "
                          "ORDER BY length(key), key, id LIMIT ?", (prefix, upper, limit))

    def by_print(self, key: str) -> list[tuple[str, str]]:
        """(print id, card id) for a print key (`OBF 125`) or an id key (`#sv03-125`)."""
        return self.query("SELECT print, id FROM prints WHERE key = ? ORDER BY print", (key,))

    def by_part(self, key: str) -> list[tuple[str, str, int]]:
        """(card id, part, index) of every attack or Ability named so (a name key)."""
        return self.query("SELECT id, part, idx FROM parts WHERE key = ? ORDER BY id, part, idx", (key,))

    def all_names(self) -> list[tuple[str, str, str, str]]:
        """(key, lang, name, card id) of every name (for the nearest-name search)."""
        return self.query("SELECT key, lang, name, id FROM names ORDER BY key, id")

    def set_codes(self) -> set[str]:
        return {row[0].rsplit(" ", 1)[0] for row in self.query("SELECT DISTINCT key FROM prints WHERE key NOT LIKE '#%'")}
