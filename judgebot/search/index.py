"""The Whoosh index in the per-user cache: built on first use, rebuilt when the corpus
changes, never seen half-written.

Layout under ``cache_dir()/search-index/``::

    .lock                    # fcntl.flock'ed around every build
    .tmp-<key>-<pid>-<rand>/ # a build in progress (removed by the next build if stale)
    <key>/                   # one finished index per corpus content hash
        MANIFEST             # "<sha256> <size> <name>" of every index file
        READY                # marker, written last, before the directory is renamed

``<key>`` is the corpus content hash plus the schema version, so a change to the
analysis code also triggers a rebuild.

The wheel ships the index of the packaged corpus (``data/index/``, written by
``python3 dev.py index``): when its key is the current one, the cache gets a copy of
it (checked by opening it) instead of a build, so the first search after installing
builds nothing. ``from_scratch`` builds from the corpus regardless. A build writes into a temporary directory and
renames it into place; readers only open a ``<key>`` directory that holds READY.
Two processes building at once serialize on the lock and the loser uses the
winner's index.

A damaged index (a file truncated, garbled or missing) is found against its MANIFEST:
quickly (names, sizes, and the hash of any file changed since the manifest) when a
search opens it, fully (every hash) by `judgebot index`, and fully again when a search
fails inside Whoosh; it is then made again. When the cache cannot be written at all
(HOME read-only, XDG_CACHE_HOME or JUDGEBOT_CACHE a file), search reads the shipped
index in place, read-only, if it is this corpus's.

Each thread gets its own Whoosh searcher (`open_searcher`): a searcher reads its files
through shared file positions, so one searcher used by two threads at once returns
corrupt postings and stored fields.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import threading
from contextlib import contextmanager
from pathlib import Path

from judgebot.corpus.model import content_hash as corpus_content_hash
from judgebot.errors import CacheError
from judgebot.paths import cache_dir

SCHEMA_VERSION = 18
READY = "READY"
MANIFEST = "MANIFEST"  # in a cache index: "<sha256> <size> <name>" per index file
SHIPPED = "SHIPPED"  # in the packaged copy: "<key> <record count>"


def _text(analyzer):
    from judgebot.search import whoosh_lean  # noqa: F401
    from whoosh.fields import TEXT

    from judgebot.search.analysis import CJKAnalyzer, CJKFrequency

    field = TEXT(analyzer=analyzer, phrase=False)
    if isinstance(analyzer, CJKAnalyzer):
        field.format = CJKFrequency(field_boost=field.format.field_boost)
    return field


def make_schema():
    # Whoosh and the analysis load only for a build or a search: restoring the shipped
    # index needs neither.
    from judgebot.search import whoosh_lean  # noqa: F401
    from whoosh.fields import ID, NUMERIC, STORED, Schema

    from judgebot.search.analysis import CJKAnalyzer, EnglishAnalyzer

    analyzer = CJKAnalyzer()
    english = EnglishAnalyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        doc=ID(stored=True),
        section=ID(stored=True),
        lang=ID(stored=True),
        kind=ID(stored=True),
        title=STORED(),
        # A section's heading names its topic; a FAQ's or example's title is only the
        # card it quotes, so that is indexed with the body instead.
        heading=_text(analyzer),
        # A section's own statements: the FAQs and example cards it contains are hits
        # of their own, and their card text would otherwise outweigh the rule.
        body=_text(analyzer),
        text=STORED(),
        # the English rendering (data/text_en; unofficial, the original is the
        # authority): its title and own text under English analysis (stems, no stop
        # words), and the whole of it for English snippets
        heading_en=_text(english),
        body_en=_text(english),
        text_en=STORED(),
        order=NUMERIC(stored=True),
        title_en=STORED(),
        equivalents=STORED(),
        # the guide-ja sections this record states (editions of one rule share it)
        rule=STORED(),
        # the other records with the same rule key (what one hit stands for)
        editions=STORED(),
        # an older document's rule the current guide changed (judgebot.corpus.superseded)
        superseded_by=STORED(),
        differs=STORED(),
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
        probe = root / f".probe-{os.getpid()}-{os.urandom(4).hex()}"
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
    sections) is never folded into one of them. A record whose rule the current guide
    changed (`superseded_by`) is a rule of its own: it is never shown for the current
    one, and ranks below it (judgebot.search.query)."""
    if record.superseded_by:
        return record.id
    if record.doc != "guide-ja":
        guide = sorted(e for e in record.equivalents if e.startswith("guide-ja:"))
        if guide:
            return " ".join(guide)
    return record.id


def _codec():
    """Whoosh's codec, set for a small index built in one go: posting blocks not
    zlib-compressed (the index is a few MB in a cache), and no per-block length
    statistics, which cost a read of every document's field length per posting while
    writing and only serve to skip blocks in indexes far larger than this one (scores
    read the lengths per document, so hits and scores are the same)."""
    from judgebot.search import whoosh_lean  # noqa: F401
    from whoosh.codec.whoosh3 import W3Codec

    codec = W3Codec(compression=0)
    codec.length_stats = False
    return codec


def _write_records(path: Path, corpus, compact: bool = False) -> int:
    """Index every record into `path`; `compact`: Whoosh's default codec, postings
    compressed (for the copy shipped in the wheel, where size counts, not time)."""
    from judgebot.search import whoosh_lean  # noqa: F401
    from whoosh import index as whoosh_index
    from whoosh.codec.whoosh3 import W3Codec

    from judgebot.search.passages import write_table

    ix = whoosh_index.create_in(str(path), make_schema())
    writer = ix.writer(limitmb=256, codec=W3Codec() if compact else _codec(), compound=False)
    count = 0
    by_rule: dict[str, list[str]] = {}
    for record in corpus:
        by_rule.setdefault(rule_key(record), []).append(record.id)
    for record in corpus:
        rule = rule_key(record)
        own = own_text(record)
        heading = (record.title or "") if record.kind == "section" else ""
        english = record.text_en or ""
        own_en = english if record.kind != "section" or not record.blocks_en else "\n".join(
            text for block, text in zip(record.blocks, record.blocks_en) if not block.get("ref"))
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
            heading_en=(record.title_en or "") if record.kind == "section" else "",
            body_en=own_en,
            text_en=english,
            order=record.order,
            title_en=record.title_en,
            equivalents=list(record.equivalents),
            rule=rule,
            editions=[i for i in by_rule[rule] if i != record.id],
            superseded_by=list(record.superseded_by or []),
            differs=record.differs,
        )
        count += 1
    writer.commit()
    ix.close()
    # docnums are the records' order: one writer, one segment
    write_table(path, list(corpus), rule_key)
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
    tmp = root / f".tmp-{key}-{os.getpid()}-{os.urandom(4).hex()}"
    try:
        tmp.mkdir()
        count = _write_records(tmp, corpus)
        _write_manifest(tmp)
        (tmp / READY).write_text(f"{corpus.content_hash} {count}\n", encoding="utf-8")
        if target.exists() or target.is_symlink():  # --rebuild or a broken one: move it aside
            target.rename(root / f".old-{key}-{os.urandom(4).hex()}")
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


def ensure_index(rebuild: bool = False, from_scratch: bool = False, verify: bool = True) -> dict:
    """Make sure an intact index of the current corpus exists; make it if not (or if
    `rebuild`): a copy of the shipped index when it is this corpus's, else (or with
    `from_scratch`) a build. Returns {"built", "documents", "content_hash", "path",
    "source"}: source "shipped" (copied), "corpus" (built) or "cache" (already there),
    and "repaired" (what was wrong) when a damaged index was made again.

    `verify`: check every file's hash against the manifest (`judgebot index`); else
    only names, sizes and the files changed since the manifest was written."""
    content_hash = corpus_content_hash()
    root = index_root()
    target = root / index_key(content_hash)
    problem = None
    if not rebuild:
        problem = damage(target, full=verify)
        if problem is None:
            return _info(False, target, content_hash, "cache")
    root = _make_root()
    with _build_lock(root):
        if not rebuild:  # another process may have made it meanwhile
            problem = damage(target, full=verify)
            if problem is None:
                return _info(False, target, content_hash, "cache")
        info = None
        if not from_scratch:
            restored = _restore_shipped(root, content_hash)
            if restored is not None:
                info = _info(True, restored, content_hash, "shipped")
        if info is None:
            from judgebot.corpus import load_corpus

            corpus = load_corpus()
            target, _ = _build(root, corpus)
            info = _info(True, target, corpus.content_hash, "corpus")
    if problem not in (None, NOT_BUILT, NO_MANIFEST):
        info["repaired"] = problem
    return info


NOT_BUILT = "not built"
NO_MANIFEST = "no manifest"  # an index made by a judgebot before manifests: made again, not "damaged"


def damage(path: Path, full: bool = True) -> str | None:
    """What is wrong with the index in `path`, or None when it is complete and every
    file is the one its MANIFEST lists. `full`: hash every file; else compare names
    and sizes and hash only the files modified after the manifest was written."""
    if not is_ready(path):
        return NOT_BUILT
    try:
        manifest = path / MANIFEST
        listed = {}
        for line in manifest.read_text(encoding="utf-8").splitlines():
            digest, size, name = line.split(" ", 2)
            listed[name] = (digest, int(size))
        written = manifest.stat().st_mtime_ns
        present = {p.name: p.stat() for p in path.iterdir() if p.name not in (READY, MANIFEST)}
    except FileNotFoundError:
        return NO_MANIFEST
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        return f"unreadable manifest ({exc})"
    if not listed:
        return "empty manifest"
    for name in sorted(set(listed) - set(present)):
        return f"{name} is missing"
    for name in sorted(set(present) - set(listed)):
        return f"{name} is not part of the index"
    for name, (digest, size) in sorted(listed.items()):
        if present[name].st_size != size:
            return f"{name} is {present[name].st_size:,} bytes, not {size:,}"
        if full or present[name].st_mtime_ns > written:
            try:
                if _sha256(path / name) != digest:
                    return f"{name} is not the file written (checksum)"
            except OSError as exc:
                return f"{name} is unreadable ({exc.strerror})"
    return None


def _sha256(path: Path) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _write_manifest(path: Path) -> None:
    """List every index file in `path` with its sha256 and size (before READY)."""
    files = sorted(p for p in path.iterdir() if p.name not in (READY, MANIFEST))
    listing = "".join(f"{_sha256(p)} {p.stat().st_size} {p.name}\n" for p in files)
    (path / MANIFEST).write_text(listing, encoding="utf-8")


def _info(built: bool, path: Path, content_hash: str, source: str) -> dict:
    return {
        "built": built,
        "documents": _count(path),
        "content_hash": content_hash,
        "path": str(path),
        "source": source,
    }


# -- the index shipped in the wheel ----------------------------------------------------


def shipped_dir() -> Path:
    from judgebot.paths import packaged_data_dir

    return packaged_data_dir() / "index"


def shipped_key() -> tuple[str, int] | None:
    """(key, record count) of the shipped index, or None if there is none."""
    try:
        key, count = (shipped_dir() / SHIPPED).read_text(encoding="utf-8").splitlines()[0].split()
        return key, int(count)
    except (OSError, ValueError):
        return None


def _restore_shipped(root: Path, content_hash: str) -> Path | None:
    """Copy the shipped index into the cache if it is this corpus's and opens with
    the right number of records; None otherwise (the caller builds)."""
    key = index_key(content_hash)
    shipped = shipped_key()
    if shipped is None or shipped[0] != key:
        return None
    target = root / key
    tmp = root / f".tmp-{key}-{os.getpid()}-{os.urandom(4).hex()}"
    try:
        # copied, not linked: nothing done to the cache can reach the package files
        shutil.copytree(shipped_dir(), tmp, ignore=shutil.ignore_patterns(SHIPPED, "__init__.py", "__pycache__"))
        if not _intact(tmp):
            raise OSError("the shipped index is not the one its manifest lists")
        _write_manifest(tmp)
        (tmp / READY).write_text(f"{content_hash} {shipped[1]}\n", encoding="utf-8")
        if target.exists() or target.is_symlink():
            target.rename(root / f".old-{key}-{os.urandom(4).hex()}")
        tmp.rename(target)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
        return None
    _remove_stale(root, keep=key)
    return target


def _intact(copy: Path) -> bool:
    """Every file the shipped manifest lists, with its sha256, and no other (the
    shipped folder itself also holds SHIPPED and the package's __init__.py)."""
    try:
        listed = dict(line.split()[::-1] for line in
                      (shipped_dir() / SHIPPED).read_text(encoding="utf-8").splitlines()[1:] if line.strip())
        present = {p.name for p in copy.iterdir()} - {SHIPPED, "__init__.py", "__pycache__"}
        return present == set(listed) and all(_sha256(copy / name) == digest for name, digest in listed.items())
    except (OSError, ValueError):
        return False


def write_shipped_index(out: Path) -> tuple[str, int]:
    """Build the packaged corpus's index into `out` (emptied first) for the wheel."""
    from judgebot.corpus import load_corpus

    corpus = load_corpus()
    if out.exists():
        for child in out.iterdir():
            if child.name not in ("__init__.py",):
                if child.is_dir():
                    shutil.rmtree(child)
                else:
                    child.unlink()
    out.mkdir(parents=True, exist_ok=True)
    count = _write_records(out, corpus, compact=True)
    for lock in out.glob("*WRITELOCK"):
        lock.unlink()
    key = index_key(corpus.content_hash)
    files = sorted(p for p in out.iterdir() if p.name != "__init__.py")
    listing = "".join(f"{hashlib.sha256(p.read_bytes()).hexdigest()} {p.name}\n" for p in files)
    (out / SHIPPED).write_text(f"{key} {count}\n{listing}", encoding="utf-8")
    return key, count


# -- the open index: one searcher per thread ------------------------------------------


class _Held:
    """A thread's open searcher and what it was opened on."""

    def __init__(self, key: str, path: Path, read_only: bool, searcher):
        self.key, self.path, self.read_only, self.searcher = key, path, read_only, searcher
        self.generation = _generation
        self.marker = None if read_only else _marker_id(path)

    def current(self, key: str) -> bool:
        """Still the index to read: same corpus, not repaired since, and (in the cache)
        not replaced by another process's rebuild."""
        return (key == self.key and self.generation == _generation
                and (self.read_only or _marker_id(self.path) == self.marker))

    def close(self) -> None:
        try:
            self.searcher.close()
        except Exception:  # a searcher on a damaged or removed index may fail to close
            pass


_local = threading.local()
_generation = 0  # bumped by a repair: every thread opens the index again
_repair_lock = threading.Lock()
_shipped_ok: dict[str, bool] = {}
_shipped_only = False  # the cache's index was damaged and cannot be made again


def _marker_id(path: Path) -> tuple | None:
    try:
        st = (path / READY).stat()
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns)


def _open_dir(path: Path, read_only: bool = False):
    from judgebot.search import whoosh_lean  # noqa: F401
    from whoosh import index as whoosh_index

    try:
        return whoosh_index.open_dir(str(path), readonly=read_only).searcher()
    except Exception as exc:  # Whoosh raises many kinds on a damaged index
        raise CacheError(f"search index cache {path}: cannot open the index: {exc}") from None


def shipped_fallback(content_hash: str) -> Path | None:
    """The shipped index, to read in place, when it is this corpus's and intact."""
    key = index_key(content_hash)
    shipped = shipped_key()
    if shipped is None or shipped[0] != key:
        return None
    if key not in _shipped_ok:
        _shipped_ok[key] = _intact(shipped_dir())
    return shipped_dir() if _shipped_ok[key] else None


def _open_index(content_hash: str) -> tuple[Path, bool, object]:
    """(path, read-only, searcher): the cache's index, made or repaired if need be; the
    shipped one, read-only, when the cache cannot be used."""
    try:
        if _shipped_only:
            raise CacheError("search index cache: damaged and cannot be written")
        path = Path(ensure_index(verify=False)["path"])
        try:
            return path, False, _open_dir(path)
        except CacheError:
            # Damaged in a way the manifest did not show (changed behind our back): make it again, once.
            path = Path(ensure_index(rebuild=True)["path"])
            return path, False, _open_dir(path)
    except CacheError:
        shipped = shipped_fallback(content_hash)
        if shipped is None:
            raise
        return shipped, True, _open_dir(shipped, read_only=True)


def open_searcher():
    """This thread's Whoosh searcher on the current corpus's index, building it if
    needed. Opened once per thread and reused while the corpus and the index are
    unchanged."""
    content_hash = corpus_content_hash()
    key = str(index_root() / index_key(content_hash))  # the cache's place too: JUDGEBOT_CACHE may change
    held: _Held | None = getattr(_local, "held", None)
    if held is not None and held.current(key):
        return held.searcher
    path, read_only, searcher = _open_index(content_hash)
    if held is not None:
        held.close()
    _local.held = _Held(key, path, read_only, searcher)
    return searcher


def close_searchers() -> None:
    """Make every thread open the index again on its next search (tests, a repair)."""
    global _generation
    with _repair_lock:
        _generation += 1
    held = getattr(_local, "held", None)
    if held is not None:
        held.close()
        _local.held = None


def repair() -> bool:
    """After a search failed inside Whoosh: True if the index this thread read was
    damaged (or was repaired by another thread meanwhile) and is made again, so that
    the search can run once more; False if the index is intact (the failure is not
    the index's)."""
    global _generation
    held: _Held | None = getattr(_local, "held", None)
    if held is None:
        return False
    with _repair_lock:
        if held.generation != _generation:
            problem = "repaired by another thread"
        elif held.read_only:
            problem = None if _intact(held.path) else "damaged"
            if problem:
                raise CacheError(f"the search index shipped with judgebot ({held.path}) is damaged: "
                                 "reinstall judgebot")
        else:
            problem = damage(held.path, full=True)
            if problem is not None:
                _remake()
        if problem is None:
            return False
        _generation += 1
    held.close()
    _local.held = None
    return True


def _remake() -> None:
    """Make the cache's index again; when the cache cannot be written, read the
    shipped index from now on."""
    global _shipped_only
    try:
        ensure_index(rebuild=True)
    except CacheError:
        _shipped_only = True


def repairing(run):
    """run() (a search), and once more after repairing the index if it failed on a
    damaged one: a truncated or garbled file surfaces as any of Whoosh's, zlib's or
    pickle's exceptions."""
    from judgebot.errors import JudgebotError

    try:
        return run()
    except JudgebotError:
        raise
    except Exception:
        if not repair():
            raise
    return run()


if __name__ == "__main__":
    import sys

    written_key, written = write_shipped_index(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("data/index"))
    print(f"shipped index: {written} records, key {written_key}")
