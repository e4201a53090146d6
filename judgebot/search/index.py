"""The Whoosh index in the per-user cache: built on first use, rebuilt when the corpus
changes, never seen half-written.

Layout under ``cache_dir()/search-index/``::

    .lock                    # fcntl.flock'ed around every build
    .tmp-<key>-<pid>-<rand>/ # a build in progress (removed by the next build if stale)
    <key>/                   # one finished index per corpus content hash
        READY                # marker, written last, before the directory is renamed

``<key>`` is the corpus content hash plus the schema version, so a change to the
analysis code also triggers a rebuild. A build writes into a temporary directory and
renames it into place; readers only open a ``<key>`` directory that holds READY.
Two processes building at once serialize on the lock and the loser uses the
winner's index.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import uuid
from contextlib import contextmanager
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema

from judgebot.corpus.model import content_hash as corpus_content_hash
from judgebot.errors import CacheError
from judgebot.paths import cache_dir
from judgebot.search.analysis import CJKAnalyzer, normalize

SCHEMA_VERSION = 7
READY = "READY"


def make_schema() -> Schema:
    analyzer = CJKAnalyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        doc=ID(stored=True),
        section=ID(stored=True),
        lang=ID(stored=True),
        kind=ID(stored=True),
        title=STORED(),
        # A section's heading names its topic; a FAQ's or example's title is only the
        # card it quotes, so that is indexed with the body instead.
        heading=TEXT(analyzer=analyzer, phrase=False),
        # A section's own statements: the FAQs and example cards it contains are hits
        # of their own, and their card text would otherwise outweigh the rule.
        body=TEXT(analyzer=analyzer, phrase=False),
        text=STORED(),
        # normalized title + text (for matched terms at search time) and normalized
        # own statements (for term proximity)
        norm=STORED(),
        norm_own=STORED(),
        order=NUMERIC(stored=True),
        title_en=STORED(),
        equivalents=STORED(),
        # the guide-ja sections this record states (editions of one rule share it)
        rule=STORED(),
        # the other records with the same rule key (what one hit stands for)
        editions=STORED(),
    )


def index_root() -> Path:
    return cache_dir() / "search-index"


def index_key(content_hash: str) -> str:
    return f"{content_hash}-s{SCHEMA_VERSION}"


def is_ready(path: Path) -> bool:
    """A complete build: READY is a file holding `<content hash> <record count>` for
    this directory. Anything else (no marker, a garbage marker, a partial build) is
    not ready, and ensure_index rebuilds it."""
    try:
        marker = path / READY
        if not path.is_dir() or not marker.is_file():
            return False
        fields = marker.read_bytes()[:200].split()
    except OSError as exc:  # e.g. a cache directory we may not read
        raise _cache_error(path, exc, "read") from None
    return (len(fields) == 2 and path.name.startswith(fields[0].decode("ascii", "replace") + "-")
            and fields[1].isdigit())


def _cache_error(path: Path, exc: OSError, doing: str) -> CacheError:
    reason = exc.strerror or type(exc).__name__
    return CacheError(f"search index cache {path}: cannot {doing}: {reason}")


def _make_root() -> Path:
    root = index_root()
    try:
        root.mkdir(parents=True, exist_ok=True)
        probe = root / f".probe-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise _cache_error(root, exc, "write") from None
    return root


@contextmanager
def _build_lock(root: Path):
    lock_path = root / ".lock"
    try:
        handle = open(lock_path, "a+b")
    except OSError as exc:
        raise _cache_error(lock_path, exc, "open the lock file") from None
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        yield
    finally:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
        finally:
            handle.close()


def own_text(record) -> str:
    """A record's own text, without the sub-records (FAQs, examples) a section
    quotes. A FAQ's or example's title is the card it quotes: part of its text."""
    if record.kind != "section":
        return f"{record.title}\n{record.text}"
    if not record.blocks:
        return record.text or ""
    return "\n".join(b.get("text", "") for b in record.blocks if not b.get("ref"))


def rule_key(record) -> str:
    """What makes two records editions of one rule: the guide-ja sections they state.
    A guide-ja section states itself; a guide-zh, play-rule or wiki section the guide-ja
    sections it is curated as equivalent to (data/alignment.yaml); a FAQ or example
    itself, or its guide-ja counterpart (alignment `items`). Equal keys, same rule: so
    rules-ko:B-09 ("what you can do on your turn", equivalent to a dozen guide
    sections) is never folded into one of them."""
    if record.doc != "guide-ja":
        guide = sorted(e for e in record.equivalents if e.startswith("guide-ja:"))
        if guide:
            return " ".join(guide)
    return record.id


def _write_records(path: Path, corpus) -> int:
    ix = whoosh_index.create_in(str(path), make_schema())
    writer = ix.writer(limitmb=256)
    count = 0
    by_rule: dict[str, list[str]] = {}
    for record in corpus:
        by_rule.setdefault(rule_key(record), []).append(record.id)
    for record in corpus:
        rule = rule_key(record)
        own = own_text(record)
        heading = (record.title or "") if record.kind == "section" else ""
        writer.add_document(
            id=record.id,
            doc=record.doc,
            section=record.section.split("/")[0],
            lang=record.lang,
            kind=record.kind,
            title=record.title or "",
            heading=heading,
            body=own,
            text=record.text or "",
            norm=normalize(f"{record.title}\n{record.text}"),
            norm_own=normalize(f"{heading}\n{own}"),
            order=record.order,
            title_en=record.title_en,
            equivalents=list(record.equivalents),
            rule=rule,
            editions=[i for i in by_rule[rule] if i != record.id],
        )
        count += 1
    writer.commit()
    ix.close()
    return count


def _remove_stale(root: Path, keep: str) -> None:
    """Delete other index directories and abandoned temporary builds (called under
    the lock, so no build is in progress). A process still reading an old index keeps
    its open files on POSIX."""
    for child in root.iterdir():
        if child.name == keep or child.name == ".lock" or not child.is_dir():
            continue
        shutil.rmtree(child, ignore_errors=True)


def _build(root: Path, corpus) -> tuple[Path, int]:
    key = index_key(corpus.content_hash)
    target = root / key
    tmp = root / f".tmp-{key}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    try:
        tmp.mkdir()
        count = _write_records(tmp, corpus)
        (tmp / READY).write_text(f"{corpus.content_hash} {count}\n", encoding="utf-8")
        if target.exists() or target.is_symlink():  # --rebuild or a broken one: move it aside
            target.rename(root / f".old-{key}-{uuid.uuid4().hex[:8]}")
        tmp.rename(target)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise _cache_error(tmp, exc, "build the index") from None
    _remove_stale(root, keep=key)
    return target, count


def _count(path: Path) -> int:
    try:
        return int((path / READY).read_text(encoding="utf-8").split()[1])
    except (OSError, IndexError, ValueError) as exc:
        raise CacheError(f"search index cache {path}: unreadable marker ({exc})") from None


def ensure_index(rebuild: bool = False) -> dict:
    """Make sure an index of the current corpus exists; build it if not (or if
    `rebuild`). Returns {"built", "documents", "content_hash", "path"}."""
    content_hash = corpus_content_hash()
    root = index_root()
    target = root / index_key(content_hash)
    if not rebuild and is_ready(target):
        return _info(False, target, content_hash)
    root = _make_root()
    with _build_lock(root):
        if not rebuild and is_ready(target):  # another process built it meanwhile
            return _info(False, target, content_hash)
        from judgebot.corpus import load_corpus

        corpus = load_corpus()
        target, _ = _build(root, corpus)
        return _info(True, target, corpus.content_hash)


def _info(built: bool, path: Path, content_hash: str) -> dict:
    return {
        "built": built,
        "documents": _count(path),
        "content_hash": content_hash,
        "path": str(path),
    }


# -- per-process open index --------------------------------------------------------


def _open_dir(path: Path):
    try:
        return whoosh_index.open_dir(str(path)).searcher()
    except Exception as exc:  # Whoosh raises many kinds on a damaged index
        raise CacheError(f"search index cache {path}: cannot open the index: {exc}") from None


_open: dict[str, object] = {}


def open_searcher():
    """A Whoosh searcher on the current corpus's index, building it if needed. Opened
    once per process and reused while the corpus is unchanged."""
    content_hash = corpus_content_hash()
    key = str(index_root() / index_key(content_hash))
    cached = _open.get("key") == key and _open.get("searcher")
    if cached and is_ready(Path(key)):  # still there (not replaced by --rebuild)
        return cached
    path = Path(ensure_index()["path"])
    try:
        searcher = _open_dir(path)
    except CacheError:
        # Damaged (files removed or truncated behind our back): build it again, once.
        path = Path(ensure_index(rebuild=True)["path"])
        searcher = _open_dir(path)
    old = _open.get("searcher")
    if old is not None:
        old.close()
    _open.update(key=key, searcher=searcher)
    return searcher
