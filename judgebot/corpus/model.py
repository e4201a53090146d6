"""The structured rulebook corpus: records with stable IDs, loaded from data/corpus/.

On-disk format (written by ``judgebot.corpus.ingest``, one JSON file per document,
``data/corpus/<doc>.json``)::

    {"doc": "guide-ja",
     "attribution": {"title": ..., "publisher": ..., "version": ..., "date": ...,
                     "lang": "ja", "source": "000_039a4a37a4424be9.txt", "note": ...},
     "records": [<record>, ...]}          # in reading order

A record::

    {"id": "guide-ja:II-B-07",            # citation: DOC:SECTION[/faq-N|/ex-N]
     "doc": "guide-ja", "section": "II-B-07",
     "kind": "section" | "faq" | "example",
     "lang": "ja",
     "title": "かかっている効果を計算しない",
     "text": "...",                       # plain text; a section's own text with its
                                          # sub-records in reading order
     "blocks": [{"type": "para|bullet|step|table|heading|note|example|faq",
                 "text": "...", "level": 0, "ref": "guide-ja:II-B-07/faq-1"}],
     "parent": "guide-ja:II-B" | null,
     "children": [...], "faqs": [...], "examples": [...],
     "refs": ["guide-ja:I-A-01"],         # resolved citations it points to
     "cards": ["ケルディオex"],           # card names a faq/example quotes (optional)
     "notes": ["..."]}                    # judgebot's own annotations (an OCR repair
                                          # explained): never part of the rule text (optional)

Equivalents across documents are curated in ``data/alignment.yaml`` and attached
at load time (see ``judgebot.corpus.alignment``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from judgebot.errors import InputError, UnknownIdError
from judgebot.paths import corpus_dir, data_dir

DOCS = ("guide-ja", "guide-zh", "rules-ko", "rules-ja", "wiki-ja")
GUIDES = {"ja": "guide-ja", "zh": "guide-zh"}
DOC_LANG = {"guide-ja": "ja", "guide-zh": "zh", "rules-ko": "ko", "rules-ja": "ja", "wiki-ja": "ja"}
# The document a bare section ID resolves in, per --lang.
LANG_DEFAULT_DOC = {"ja": "guide-ja", "zh": "guide-zh", "ko": "rules-ko", "en": "guide-ja"}


@dataclass
class Record:
    id: str
    doc: str
    section: str
    kind: str
    lang: str
    title: str
    text: str
    blocks: list[dict] = field(default_factory=list)
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    faqs: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    equivalents: list[str] = field(default_factory=list)
    order: int = 0
    title_en: str | None = None  # from data/titles_en.yaml (judgebot.corpus.titles)
    notes: list[str] = field(default_factory=list)  # ours, not the document's (see above)
    # English rendering (judgebot.corpus.english): unofficial, the original is the authority
    text_en: str | None = None
    blocks_en: list[str] | None = None  # beside `blocks`, one rendering each
    text_en_from: str | None = None  # the record whose rendering this one shares
    # An older document's rule that the current guide changed (judgebot.corpus.superseded)
    superseded_by: list[str] | None = None
    differs: str | None = None
    # Korean / Chinese search renderings (judgebot.corpus.search_renderings): indexed,
    # never shown; lang → a string, or a list beside `blocks`
    search_renderings: dict = field(default_factory=dict)
    # what players ask that this record answers (judgebot.corpus.questions): indexed,
    # never shown; lang → questions
    questions: dict = field(default_factory=dict)

    @classmethod
    def from_json(cls, raw: dict, order: int) -> "Record":
        known = {f for f in cls.__dataclass_fields__}
        values = {k: v for k, v in raw.items() if k in known}
        values["order"] = order
        return cls(**values)

    def to_contract(self) -> dict:
        """The `show --json` object of CONTRACT.md (plus a few additive keys)."""
        return {
            "id": self.id,
            "doc": self.doc,
            "section": self.section,
            "lang": self.lang,
            "kind": self.kind,
            "title": self.title,
            "title_en": self.title_en,
            "text": self.text,
            "parent": self.parent,
            "children": list(self.children),
            "faqs": list(self.faqs),
            "examples": list(self.examples),
            "refs": list(self.refs),
            "equivalents": list(self.equivalents),
            "notes": list(self.notes),
            "text_en": self.text_en,
            "translated": self.text_en is not None,
            "text_en_from": self.text_en_from,
            "superseded_by": list(self.superseded_by) if self.superseded_by else None,
            "differs": self.differs,
        }


@dataclass
class Document:
    doc: str
    attribution: dict
    records: list[Record]


class Corpus:
    """All documents, addressable by citation."""

    def __init__(self, documents: dict[str, Document], content_hash: str):
        self.documents = documents
        self.content_hash = content_hash
        self.by_id: dict[str, Record] = {}
        for document in documents.values():
            for record in document.records:
                self.by_id[record.id] = record

    # -- lookup -----------------------------------------------------------
    def __contains__(self, citation: str) -> bool:
        return citation in self.by_id

    def __iter__(self):
        for document in self.documents.values():
            yield from document.records

    def get(self, citation: str) -> Record:
        record = self.by_id.get(citation)
        if record is None:
            raise UnknownIdError(citation, self.suggest(citation))
        return record

    def resolve(self, ident: str, lang: str | None = None) -> Record:
        """A citation (`guide-ja:I-A-03`) or a bare section ID (resolved in guide-ja,
        or in the guide of --lang). With --lang, a citation of another language is
        followed to its equivalent in that language."""
        ident = normalize_id(ident)
        if ":" in ident:
            record = self.get(ident)
            # Every record has its English rendering beside it: nothing to follow.
            if lang and lang != "en" and record.lang != lang:
                return self.follow(record, lang)
            return record
        doc = LANG_DEFAULT_DOC.get(lang or "ja", "guide-ja")
        citation = f"{doc}:{ident}"
        if citation in self.by_id:
            return self.by_id[citation]
        if lang and doc != "guide-ja" and f"guide-ja:{ident}" in self.by_id:
            return self.follow(self.by_id[f"guide-ja:{ident}"], lang)
        raise UnknownIdError(citation, self.suggest(citation))

    def follow(self, record: Record, lang: str) -> Record:
        """The same item in a document of `lang` (guides first)."""
        preferred = [GUIDES.get(lang)] + [d for d, l in DOC_LANG.items() if l == lang]
        for doc in preferred:
            for eq in record.equivalents:
                if doc and eq.startswith(doc + ":"):
                    return self.by_id[eq]
        raise InputError(f"{record.id} has no equivalent in language {lang!r}")

    def suggest(self, citation: str, n: int = 3) -> list[str]:
        """The closest existing IDs, for an unknown-ID error."""
        doc, _, section = citation.partition(":")
        pool = [r.id for r in self if r.doc == doc] if doc in self.documents else list(self.by_id)
        from difflib import get_close_matches

        close = get_close_matches(citation, pool, n=n, cutoff=0.5)
        if not close and section:
            same_section = [c for c in self.by_id if c.split(":", 1)[1] == section]
            close = same_section[:n]
        if not close and section:
            close = [c for c in pool if section.split("/")[0] in c][:n]
        return close


_ROMAN = {"Ⅰ": "I", "Ⅱ": "II", "Ⅲ": "III", "ⅰ": "I", "ⅱ": "II", "ⅲ": "III"}


_NUMBERED_ID = re.compile(r"(?i)(i{1,2}|[a-h])(\s*-\s*[a-h0-9]+)*(\s*/\s*(faq|ex)\s*-\s*\d+)?")


def normalize_id(ident: str) -> str:
    """Accept what judges type for numbered IDs: Roman numeral glyphs, lower case,
    spaces (`ⅱ-b-07 / FAQ-1` → `II-B-07/faq-1`). Heading-text IDs (wiki-ja, the
    play rules' unnumbered headings) are kept exactly as typed."""
    ident = ident.strip()
    doc, sep, rest = ident.partition(":") if ":" in ident else ("", "", ident)
    candidate = rest
    for glyph, ascii_ in _ROMAN.items():
        candidate = candidate.replace(glyph, ascii_)
    if not _NUMBERED_ID.fullmatch(candidate.strip()):
        return f"{doc.strip()}{sep}{rest.strip()}"
    section, slash, sub = candidate.replace(" ", "").partition("/")
    return f"{doc.strip()}{sep}{section.upper()}{slash}{sub.lower()}"


def hash_files(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


_hash_memo: dict[tuple, str] = {}


# A file changed less than this long ago may change again within the same modification
# time (as git's "racy" index entries): its hash is not kept for other processes.
SETTLED_SECONDS = 2.0


def content_hash(files: list[Path] | None = None) -> str:
    """The hash of everything the corpus (and so the search index) is built from.

    Memoized on the files' names, sizes and modification times, so that a process
    that loads the corpus several times reads and hashes it once; and kept in the user
    cache under the same signature, so that the next process (every `judgebot search`)
    reads 2.5 MB less. A file modified within SETTLED_SECONDS of hashing is hashed
    again by the next process."""
    files = corpus_files() if files is None else files
    try:
        stats = [(str(p), p.stat()) for p in files]
    except OSError as exc:
        raise InputError(f"{exc.filename}: cannot read the corpus: {exc.strerror}") from None
    signature = tuple((name, st.st_mtime_ns, st.st_size) for name, st in stats)
    if signature in _hash_memo:
        return _hash_memo[signature]
    key = hashlib.sha256(repr(signature).encode()).hexdigest()[:24]
    kept = _kept_hash(key)
    if kept is None:
        try:
            kept = hash_files(files)
        except OSError as exc:
            raise InputError(f"{exc.filename}: cannot read the corpus: {exc.strerror}") from None
        newest = max((st.st_mtime for _, st in stats), default=0.0)
        if time.time() - newest > SETTLED_SECONDS:
            _keep_hash(key, kept)
    _hash_memo.clear()
    _hash_memo[signature] = kept
    return kept


def _hash_file() -> Path:
    from judgebot.paths import cache_dir

    return cache_dir() / "corpus-hash"


def _kept_hash(key: str) -> str | None:
    try:
        stored_key, value = _hash_file().read_text(encoding="ascii").split()
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return value if stored_key == key and re.fullmatch(r"[0-9a-f]{16}", value) else None


def _keep_hash(key: str, value: str) -> None:
    """Written whole (temporary file, then renamed); a cache that cannot be written
    only costs the next process a hash."""
    path = _hash_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        tmp.write_text(f"{key} {value}\n", encoding="ascii")
        os.replace(tmp, path)
    except OSError:
        pass


# The folders of the renderings, the questions and the superseded marks (read by
# judgebot.corpus.english, .search_renderings, .questions and .superseded, whose file
# listings list the same files): named here so that listing the corpus's files, which
# every search does, imports none of them.
DERIVED_FOLDERS = ("text_en", "superseded", "text_ko", "text_zh", "questions")


def _listed(folder: Path, suffix: str) -> list[Path]:
    """The files of a folder with a suffix, by name (what sorted(folder.glob("*" + suffix))
    gives, at a fraction of the cost: every search lists these)."""
    try:
        with os.scandir(folder) as entries:
            # a directory entry knows whether it is a regular file without a stat (a link
            # is followed, as os.path.isfile does)
            names = sorted(e.name for e in entries
                           if e.name.endswith(suffix) and not e.name.startswith(".") and e.is_file())
    except OSError:
        return []
    return [folder / n for n in names]


def corpus_files() -> list[Path]:
    """Every file whose content the corpus (and so the index) depends on."""
    data = data_dir()
    files = _listed(corpus_dir(), ".json")
    for extra in ("alignment.yaml", "glossary.yaml", "glossary_everyday.yaml", "titles_en.yaml"):
        path = data / extra
        if path.exists():
            files.append(path)
    for name in DERIVED_FOLDERS:
        files += _listed(data / name, ".yaml")
    return files


@lru_cache(maxsize=4)
def _load(directory: str, content_hash: str) -> Corpus:
    from judgebot.corpus.alignment import attach_equivalents
    from judgebot.corpus.english import attach_english
    from judgebot.corpus.questions import attach_questions
    from judgebot.corpus.search_renderings import attach_search_renderings
    from judgebot.corpus.superseded import attach_superseded
    from judgebot.corpus.titles import attach_titles

    documents: dict[str, Document] = {}
    for doc in DOCS:
        path = Path(directory) / f"{doc}.json"
        if not path.exists():
            continue
        raw = json.loads(path.read_text(encoding="utf-8"))
        records = [Record.from_json(r, i) for i, r in enumerate(raw["records"])]
        documents[doc] = Document(doc, raw.get("attribution", {}), records)
    corpus = Corpus(documents, content_hash)
    attach_equivalents(corpus)
    attach_titles(corpus)
    attach_english(corpus)
    attach_search_renderings(corpus)
    attach_questions(corpus)
    attach_superseded(corpus)
    return corpus


def load_corpus() -> Corpus:
    files = corpus_files()
    if not any(f.suffix == ".json" for f in files):
        raise InputError(f"no corpus in {corpus_dir()}: run `judgebot ingest` first")
    return _load(str(corpus_dir()), content_hash(files))
