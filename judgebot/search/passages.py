"""The passage table: what search scores, written beside the Whoosh index by the same
writer, from the same analysis.

A long section is found by the sentence that answers, not by its length: each record's
own text is cut into passages (a paragraph, a bullet or a step, with the headings it sits
under; very short pieces joined to the next), each with its English rendering beside
it (data/text_en: the blocks run one to one). A FAQ or an example is one passage.

The table holds, per field, term → postings:

    h   record   the section heading (CJK bigrams and unigrams, Latin words)
    t   record   the English title of a section (English terms: content words, stemmed)
    p   passage  the passage's original text (as h), and its Korean / Chinese search
                 renderings (judgebot.corpus.search_renderings) where it has them; or
                 a record's questions in one language (judgebot.corpus.questions)
    e   passage  the passage's English rendering (as t)

plus what ranking needs of every record (document, kind, language, rule key, the
current rules of a superseded record, the languages its text is searchable in: its own
and those of its search renderings and questions) and of every passage (its record, its
length, where it is in the record's text and English text, whether it is questions).
Postings are two arrays of 16-bit numbers (ids, then term frequencies) in one bytes
object, decoded only for the terms a query asks about.

Why a table of our own beside Whoosh: Whoosh's query tree costs 10–20× an SQLite FTS5
query per search on this corpus (benchmarks/README.md); the table answers the same
postings with one dict lookup per term. Whoosh keeps the documents (stored fields, the
hits' text) and the ID lookups.
"""

from __future__ import annotations

import mmap
import os
import pickle
import zlib
from array import array
from pathlib import Path

from judgebot.search import asked
from judgebot.search.analysis import english_terms, index_term_list

TABLE_FILE = "PASSAGES"
FORMAT = 6
# A piece shorter than this (a step's title, a one-line bullet) is joined to the next.
MIN_PASSAGE_CHARS = 60
CONTEXT_TYPES = ("heading", "step")
QUESTION_TEXT_LANGS = ("ja", "ko", "zh")
QUESTIONS_PER_PASSAGE = 4


class Passage:
    __slots__ = ("text", "text_en", "span", "span_en", "rendered", "asked")

    def __init__(self, text: str, text_en: str, span: tuple[int, int], span_en: tuple[int, int],
                 rendered: str = "", asked: bool = False):
        self.text = text  # what is indexed: the headings it sits under, then its own text
        self.text_en = text_en
        self.span = span  # its own text in record.text
        self.span_en = span_en  # and in record.text_en
        # the same pieces in the record's Korean / Chinese search renderings (indexed
        # with the original; not counted in the passage's length)
        self.rendered = rendered
        self.asked = asked  # the record's questions (judgebot.corpus.questions), not its text


def _renderings(record) -> dict:
    return getattr(record, "search_renderings", None) or {}


def _whole(rendering) -> str:
    return rendering if isinstance(rendering, str) else "\n".join(p for p in rendering if p)


def _offsets(pieces: list[str]) -> list[int]:
    """Start of each piece in "\\n".join(pieces)."""
    out, at = [], 0
    for piece in pieces:
        out.append(at)
        at += len(piece) + 1
    return out


def record_passages(record) -> list[Passage]:
    """The passages of a record, in reading order (none for a record without text), then
    its questions (judgebot.corpus.questions)."""
    passages = _text_passages(record)
    return passages + question_passages(record) if passages else passages


def question_passages(record) -> list[Passage]:
    """What players ask that the record answers, QUESTIONS_PER_PASSAGE questions to a
    passage, one language to a passage (Japanese, Korean, Chinese questions as text,
    English ones as English text): a question matches with the few beside it, not with
    every question of its record, so two words asked about in two unrelated questions do
    not make a match no question has. Their span is empty: a snippet is cut from the
    record's best passage of text. (Golden set with the order-of-play questions: MRR
    0.886 with one passage per language; 0.890 a passage per question and 0.895 four to a
    passage, both measured with the English questions beside the Japanese ones; as kept,
    English in passages of their own, 0.893. A passage per question is also the slowest.)"""
    questions = getattr(record, "questions", None) or {}
    out = []
    for lang in QUESTION_TEXT_LANGS + ("en",):
        asked = list(questions.get(lang) or ())
        for start in range(0, len(asked), QUESTIONS_PER_PASSAGE):
            group = "\n".join(asked[start:start + QUESTIONS_PER_PASSAGE])
            text, english = ("", group) if lang == "en" else (group, "")
            out.append(Passage(text, english, (0, 0), (0, 0), asked=True))
    return out


def _text_passages(record) -> list[Passage]:
    text = record.text or ""
    text_en = record.text_en or ""
    if record.kind != "section" or not record.blocks or record.blocks_en is None:
        if not text.strip():
            return []
        title = record.title or ""
        lead = "" if not title or text.startswith(title) else title + "\n"
        rendered = "\n".join(_whole(r) for r in _renderings(record).values())
        return [Passage(lead + text, text_en, (0, len(text)), (0, len(text_en)), rendered)]
    blocks = record.blocks
    english = record.blocks_en
    renderings = [r for r in _renderings(record).values() if isinstance(r, list)]
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
        rendered = "\n".join(pieces[i] for pieces in renderings for i in [*above, *current] if pieces[i])
        passages.append(Passage(
            "\n".join([*(blocks[i].get("text", "") for i in above), *own]),
            "\n".join([*(english[i] for i in above), *own_en]),
            (starts[first], starts[last] + len(blocks[last].get("text", ""))),
            (starts_en[first], starts_en[last] + len(english[last])),
            rendered,
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


FIELDS = ("h", "t", "p", "e")
# Postings are kept in this many buckets by a hash of field and term, each unpickled
# only when a query asks for one of its terms: a search reads a few dozen buckets, not
# the 17,000 terms of the corpus (a whole table costs a process ~7 ms to load).
BUCKETS = 1024


def _bucket(key: str) -> int:
    return zlib.crc32(key.encode("utf-8")) % BUCKETS


def _searchable_in(record) -> tuple[str, ...]:
    """The languages a record's indexed text is in: its own first, then its search
    renderings' and its questions'."""
    more = set(_renderings(record)) | set(getattr(record, "questions", None) or {})
    return (record.lang, *sorted(more - {record.lang, "en"}))


def build_table(records: list, rule_of) -> tuple[dict, list[dict[str, bytes]]]:
    """The table of `records` (in the order Whoosh numbers them): the part every search
    reads, and the postings in BUCKETS buckets. `rule_of(record)` is the rule key
    editions share."""
    fields: dict[str, dict[str, dict[int, int]]] = {name: {} for name in FIELDS}
    ids, meta = [], []
    p_record, p_len, p_len_en, p_span, p_span_en, p_asked = [], [], [], [], [], []
    for number, record in enumerate(records):
        ids.append(record.id)
        meta.append((record.doc, record.kind, record.lang, rule_of(record),
                     tuple(record.superseded_by or ()), record.order,
                     _searchable_in(record)))
        if record.kind == "section":
            _add(fields["h"], index_term_list(record.title or ""), number)
            _add(fields["t"], english_terms(record.title_en or ""), number)
        for passage in record_passages(record):
            unit = len(p_record)
            terms = index_term_list(passage.text)
            terms_en = english_terms(passage.text_en)
            _add(fields["p"], terms + index_term_list(passage.rendered) if passage.rendered else terms, unit)
            _add(fields["e"], terms_en, unit)
            p_record.append(number)
            p_len.append(len(terms))
            p_len_en.append(len(terms_en))
            p_span += passage.span
            p_span_en += passage.span_en
            p_asked.append(1 if passage.asked else 0)
    fields[asked.FIELD], question_record, question_length = asked.build(records)
    buckets: list[dict[str, bytes]] = [{} for _ in range(BUCKETS)]
    for name, field in fields.items():
        for term, postings in field.items():
            key = f"{name}:{term}"
            buckets[_bucket(key)][key] = _postings(postings)
    head = {
        "format": FORMAT,
        "buckets": BUCKETS,
        "ids": ids,
        "meta": meta,
        "passage_record": array("H", p_record).tobytes(),
        "passage_len": array("H", [min(n, 65535) for n in p_len]).tobytes(),
        "passage_len_en": array("H", [min(n, 65535) for n in p_len_en]).tobytes(),
        "passage_span": array("I", p_span).tobytes(),
        "passage_span_en": array("I", p_span_en).tobytes(),
        "passage_asked": array("B", p_asked).tobytes(),
        "avg_len": sum(p_len) / (len(p_len) or 1),
        "avg_len_en": sum(p_len_en) / (len(p_len_en) or 1),
        "question_record": array("H", question_record).tobytes(),
        "question_offsets": array("I", _offsets_by_record(question_record, len(ids))).tobytes(),
        "question_length": array("f", question_length).tobytes(),
    }
    return head, buckets


def _offsets_by_record(owner: list[int], records: int) -> list[int]:
    """Where each record's questions start among the questions (numbered in record
    order), then their count: record r's are offsets[r]:offsets[r + 1]."""
    counts = [0] * records
    for number in owner:
        counts[number] += 1
    offsets = [0]
    for count in counts:
        offsets.append(offsets[-1] + count)
    return offsets


def write_table(folder: Path, records: list, rule_of) -> None:
    """PASSAGES: 8 bytes, the length of the head; the head (a pickle, with the offset of
    each bucket after it); the buckets (a pickle each)."""
    head, buckets = build_table(records, rule_of)
    blobs = [pickle.dumps(bucket, protocol=4) for bucket in buckets]
    offsets = [0]
    for blob in blobs:
        offsets.append(offsets[-1] + len(blob))
    head["offsets"] = array("I", offsets).tobytes()
    head_blob = pickle.dumps(head, protocol=4)
    tmp = folder / f".{TABLE_FILE}.{os.getpid()}"
    tmp.write_bytes(len(head_blob).to_bytes(8, "little") + head_blob + b"".join(blobs))
    os.replace(tmp, folder / TABLE_FILE)


class Table:
    """The passage table of one index, read once per process; postings buckets are
    unpickled when first asked for."""

    def __init__(self, data):
        """`data`: the file's bytes (or a read-only map of them)."""
        size = int.from_bytes(data[:8], "little")
        head = pickle.loads(data[8:8 + size])
        if not isinstance(head, dict) or head.get("format") != FORMAT:
            raise ValueError(f"passage table format {head.get('format') if isinstance(head, dict) else None!r}")
        self._data = data
        self._base = 8 + size
        self._offsets = _array(head["offsets"], "I")
        self._buckets: dict[int, dict[str, bytes]] = {}
        self._decoded: dict[str, tuple[array, array] | None] = {}
        self.stored_cache: dict[int, dict] = {}  # the hits' stored fields (judgebot.search.query)
        self.prior_cache: dict = {}  # each record's prior, per preferred language (judgebot.search.query)
        self.form_cache: dict = {}  # the passages of a form (judgebot.search.score)
        self.form_cache_units = 0  # how many passages it holds in all
        self._count = head["buckets"]
        self.ids: list[str] = head["ids"]
        self.meta: list[tuple] = head["meta"]
        self.passage_record = _array(head["passage_record"])
        self.passage_len = _array(head["passage_len"])
        self.passage_len_en = _array(head["passage_len_en"])
        self._span = _array(head["passage_span"], "I")
        self._span_en = _array(head["passage_span_en"], "I")
        self.passage_asked = _array(head["passage_asked"], "B")  # 1: a passage of questions
        self.avg_len = head["avg_len"]
        self.avg_len_en = head["avg_len_en"]
        # the written questions, compared whole with the query (judgebot.search.asked)
        self.question_record = _array(head["question_record"])
        self.question_length = _array(head["question_length"], "f")
        self._question_offsets = _array(head["question_offsets"], "I")
        self._number_of: dict[str, int] | None = None
        self._records_of: dict[str, list[int]] | None = None
        if len(self._offsets) != self._count + 1 or self._base + self._offsets[-1] != len(data):
            raise ValueError("passage table: buckets do not match its head")

    @property
    def number_of(self) -> dict[str, int]:
        """Record number by ID (built on first use)."""
        if self._number_of is None:
            self._number_of = {cid: n for n, cid in enumerate(self.ids)}
        return self._number_of

    @property
    def passages(self) -> int:
        return len(self.passage_record)

    def records_of(self, rule: str) -> list[int]:
        """The records of a rule key (its editions), by number."""
        if self._records_of is None:
            found: dict[str, list[int]] = {}
            for number, meta in enumerate(self.meta):
                found.setdefault(meta[3], []).append(number)
            self._records_of = found
        return self._records_of.get(rule, [])

    def question_span(self, record: int) -> tuple[int, int]:
        """(first, past the last) number of a record's written questions (numbered in
        record order); an empty span for a record without any."""
        return self._question_offsets[record], self._question_offsets[record + 1]

    @property
    def questions(self) -> int:
        return len(self.question_record)

    def span(self, unit: int) -> tuple[int, int]:
        """Where a passage's own text is in its record's text."""
        return self._span[2 * unit], self._span[2 * unit + 1]

    def span_en(self, unit: int) -> tuple[int, int]:
        """... and in its record's English text."""
        return self._span_en[2 * unit], self._span_en[2 * unit + 1]

    def _lookup(self, key: str) -> bytes | None:
        index = zlib.crc32(key.encode("utf-8")) % self._count
        bucket = self._buckets.get(index)
        if bucket is None:
            start = self._base + self._offsets[index]
            bucket = pickle.loads(self._data[start:self._base + self._offsets[index + 1]])
            self._buckets[index] = bucket
        return bucket.get(key)

    def postings(self, field: str, term: str) -> tuple[array, array] | None:
        """(unit ids, term frequencies) of a term in a field, or None; decoded once per
        process (the table does not change under it)."""
        key = f"{field}:{term}"
        if key in self._decoded:
            return self._decoded[key]
        data = self._lookup(key)
        if data is None:
            found = None
        else:
            both = _array(data)
            half = len(both) // 2
            found = both[:half], both[half:]
        self._decoded[key] = found
        return found

    def has(self, field: str, term: str) -> bool:
        return self._lookup(f"{field}:{term}") is not None

    def has_english(self, stem: str) -> bool:
        """Whether an English stem occurs in the English renderings."""
        return self.has("e", stem)


def _array(data: bytes, kind: str = "H") -> array:
    out = array(kind)
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
        with open(path, "rb") as handle:
            # mapped, not read: a search touches the head and a few dozen buckets of it
            data = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        table = Table(data)
    except ValueError:
        raise
    except Exception as exc:  # any unpickling or decoding error: a damaged file
        raise ValueError(f"{path}: damaged passage table ({type(exc).__name__})") from None
    _loaded[folder] = (signature, table)
    return table
