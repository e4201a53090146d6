"""The passage table: what search scores, written beside the Whoosh index by the same
writer, from the same analysis.

A long section is found by the sentence that answers, not by its length: each record's
own text is cut into passages (a paragraph, a bullet or a step, with the headings it sits
under; very short pieces joined to the next), each with its English rendering beside
it (data/text_en: the blocks run one to one). A FAQ or an example is one passage.

The table holds, per field, term → postings:

    h   record   the section heading (CJK bigrams and unigrams, Latin words)
    t   record   the English title of a section (English terms: content words, stemmed)
    p   passage  the passage's original text (as h)
    e   passage  the passage's English rendering (as t)

plus what ranking needs of every record (document, kind, language, rule key, the
current rules of a superseded record) and of every passage (its record, its length,
where it is in the record's text and English text). Postings are two arrays of 16-bit
numbers (ids, then term frequencies) in one bytes object, decoded only for the terms a
query asks about.

Why a table of our own beside Whoosh: Whoosh's query tree costs 10–20× an SQLite FTS5
query per search on this corpus (benchmarks/README.md); the table answers the same
postings with one dict lookup per term. Whoosh keeps the documents (stored fields, the
hits' text) and the ID lookups.
"""

from __future__ import annotations

import pickle
import os
from array import array
from dataclasses import dataclass
from pathlib import Path

from judgebot.search.analysis import english_terms, index_term_list

TABLE_FILE = "PASSAGES"
FORMAT = 1
# A piece shorter than this (a step's title, a one-line bullet) is joined to the next.
MIN_PASSAGE_CHARS = 60
CONTEXT_TYPES = ("heading", "step")


@dataclass
class Passage:
    text: str  # what is indexed: the headings it sits under, then its own text
    text_en: str
    span: tuple[int, int]  # its own text in record.text
    span_en: tuple[int, int]  # and in record.text_en


def _offsets(pieces: list[str]) -> list[int]:
    """Start of each piece in "\\n".join(pieces)."""
    out, at = [], 0
    for piece in pieces:
        out.append(at)
        at += len(piece) + 1
    return out


def record_passages(record) -> list[Passage]:
    """The passages of a record, in reading order (none for a record without text)."""
    text = record.text or ""
    text_en = record.text_en or ""
    if record.kind != "section" or not record.blocks or record.blocks_en is None:
        if not text.strip():
            return []
        title = record.title or ""
        lead = "" if not title or text.startswith(title) else title + "\n"
        return [Passage(lead + text, text_en, (0, len(text)), (0, len(text_en)))]
    blocks = record.blocks
    english = record.blocks_en
    starts = _offsets([b.get("text", "") for b in blocks])
    starts_en = _offsets(english)
    passages: list[Passage] = []
    context: list[tuple[int, int]] = []  # (level, block index) of the headings above
    current: list[int] = []

    def flush() -> None:
        if not current:
            return
        first, last = current[0], current[-1]
        above = [i for _, i in context if i < first]
        own = [blocks[i].get("text", "") for i in current]
        own_en = [english[i] for i in current]
        passages.append(Passage(
            "\n".join([*(blocks[i].get("text", "") for i in above), *own]),
            "\n".join([*(english[i] for i in above), *own_en]),
            (starts[first], starts[last] + len(blocks[last].get("text", ""))),
            (starts_en[first], starts_en[last] + len(english[last])),
        ))
        current.clear()

    for i, block in enumerate(blocks):
        if block.get("ref"):  # a quoted FAQ or example: a record of its own
            flush()
            continue
        body = block.get("text", "")
        if not body.strip():
            continue
        kind = block.get("type")
        level = int(block.get("level") or 0)
        if kind in CONTEXT_TYPES:
            if kind == "heading":
                flush()
            context[:] = [(lv, j) for lv, j in context if lv < level]
            context.append((level, i))
            if kind == "heading":
                continue
        if current and sum(len(blocks[j].get("text", "")) for j in current) >= MIN_PASSAGE_CHARS:
            flush()
        current.append(i)
    flush()
    return passages


def _postings(entries: dict[int, int]) -> bytes:
    ids = sorted(entries)
    return array("H", ids).tobytes() + array("H", [min(entries[i], 65535) for i in ids]).tobytes()


def _add(field: dict[str, dict[int, int]], terms: list[str], unit: int) -> None:
    for term in terms:
        postings = field.setdefault(term, {})
        postings[unit] = postings.get(unit, 0) + 1


def build_table(records: list, rule_of) -> dict:
    """The table of `records` (in the order Whoosh numbers them); `rule_of(record)` is
    the rule key editions share."""
    fields: dict[str, dict[str, dict[int, int]]] = {"h": {}, "t": {}, "p": {}, "e": {}}
    ids, meta = [], []
    p_record, p_len, p_len_en, p_span, p_span_en = [], [], [], [], []
    for number, record in enumerate(records):
        ids.append(record.id)
        meta.append((record.doc, record.kind, record.lang, rule_of(record),
                     tuple(record.superseded_by or ()), record.order))
        if record.kind == "section":
            _add(fields["h"], index_term_list(record.title or ""), number)
            _add(fields["t"], english_terms(record.title_en or ""), number)
        for passage in record_passages(record):
            unit = len(p_record)
            terms = index_term_list(passage.text)
            terms_en = english_terms(passage.text_en)
            _add(fields["p"], terms, unit)
            _add(fields["e"], terms_en, unit)
            p_record.append(number)
            p_len.append(len(terms))
            p_len_en.append(len(terms_en))
            p_span.append(passage.span)
            p_span_en.append(passage.span_en)
    return {
        "format": FORMAT,
        "ids": ids,
        "meta": meta,
        "passage_record": array("H", p_record).tobytes(),
        "passage_len": array("H", [min(n, 65535) for n in p_len]).tobytes(),
        "passage_len_en": array("H", [min(n, 65535) for n in p_len_en]).tobytes(),
        "passage_span": p_span,
        "passage_span_en": p_span_en,
        "terms": {name: {term: _postings(p) for term, p in field.items()} for name, field in fields.items()},
    }


def write_table(folder: Path, records: list, rule_of) -> None:
    data = pickle.dumps(build_table(records, rule_of), protocol=4)
    tmp = folder / f".{TABLE_FILE}.{os.getpid()}"
    tmp.write_bytes(data)
    os.replace(tmp, folder / TABLE_FILE)


class Table:
    """The passage table of one index, read once per process."""

    def __init__(self, raw: dict):
        if raw.get("format") != FORMAT:
            raise ValueError(f"passage table format {raw.get('format')!r}, expected {FORMAT}")
        self.ids: list[str] = raw["ids"]
        self.meta: list[tuple] = raw["meta"]
        self.passage_record = _array(raw["passage_record"])
        self.passage_len = _array(raw["passage_len"])
        self.passage_len_en = _array(raw["passage_len_en"])
        self.passage_span = raw["passage_span"]
        self.passage_span_en = raw["passage_span_en"]
        self.terms: dict[str, dict[str, bytes]] = raw["terms"]
        passages = len(self.passage_record) or 1
        self.avg_len = sum(self.passage_len) / passages
        self.avg_len_en = sum(self.passage_len_en) / passages
        self.number_of = {cid: n for n, cid in enumerate(self.ids)}

    @property
    def passages(self) -> int:
        return len(self.passage_record)

    def postings(self, field: str, term: str) -> tuple[array, array] | None:
        """(unit ids, term frequencies) of a term in a field, or None."""
        data = self.terms[field].get(term)
        if data is None:
            return None
        both = _array(data)
        half = len(both) // 2
        return both[:half], both[half:]

    def has(self, field: str, term: str) -> bool:
        return term in self.terms[field]


def _array(data: bytes) -> array:
    out = array("H")
    out.frombytes(data)
    return out


_loaded: dict[str, tuple[tuple[int, int], Table]] = {}


def load_table(folder: str) -> Table:
    """The table in an index directory (kept per process while its file is unchanged).
    Raises OSError or ValueError when it is missing or unreadable."""
    path = Path(folder) / TABLE_FILE
    stat = path.stat()
    signature = (stat.st_mtime_ns, stat.st_size)
    cached = _loaded.get(folder)
    if cached and cached[0] == signature:
        return cached[1]
    try:
        raw = pickle.loads(path.read_bytes())
    except Exception as exc:  # any unpickling error: a damaged file
        raise ValueError(f"{path}: damaged passage table ({exc})") from None
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: damaged passage table")
    table = Table(raw)
    _loaded[folder] = (signature, table)
    return table
