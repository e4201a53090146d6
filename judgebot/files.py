"""Reading input files within limits, and writing output files so nothing is lost.

- `read_input(path, limit)`: only a regular file is read (a FIFO, a device or a
  directory is refused before it is opened, so nothing blocks or runs away), and
  never more than `limit` bytes.
- `atomic_output(path)`: the new content goes to a temporary file in the target's
  directory, renamed over the target only once it is complete. A crash or a kill
  midway leaves the old file intact; a symlink at `path` to a regular file is replaced
  by the new file, never written through. Only a regular file or a new name is ever
  replaced: a directory, a FIFO, a device, a socket, or a symlink to one of them or to
  nothing (`-o /dev/null`, a link to /proc/self/fd/1) is refused, checked with lstat
  before writing and again just before the rename.
- `staged_files(folder)`: several files that appear all together or not at all
  (`ingest --out`: a full disk midway leaves the old corpus, not half a new one).
- A temporary file is locked (flock) while it is written; one left by a run that was
  killed (`.X.pdf.abc123de.tmp`, unlocked) is removed by the next write to the same name.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Callable, Iterator

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no locks, stale temporary files stay
    fcntl = None

from judgebot.errors import InputError


class FileProblem(InputError):
    """A file cannot be read or written as asked; `reason` says why in a few words."""

    def __init__(self, path: Path | str, reason: str):
        self.path = str(path)
        self.reason = reason
        super().__init__(f"{path}: {reason}")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _unreadable(path: Path | str, exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "is a symbolic link in a loop, expected a regular file"
    if isinstance(exc, FileNotFoundError) and os.path.islink(path):
        return "is a symbolic link to nothing, expected a regular file"
    return f"cannot read the file: {exc.strerror or exc}"


def read_input(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(path, f"is {_kind(info.st_mode)}, expected a regular file")
        if info.st_size > limit:
            raise FileProblem(path, f"is {info.st_size:,} bytes, over the limit of {limit:,}")
        with open(path, "rb") as handle:
            # Read what stat said (a buffer of `limit` bytes per file costs more than
            # the read), then whatever the file grew by since, up to the limit.
            data = handle.read(info.st_size + 1)
            if len(data) > info.st_size:
                data += handle.read(limit + 1 - len(data))
    except OSError as exc:
        raise FileProblem(path, _unreadable(path, exc)) from None
    if len(data) > limit:  # grew since stat
        raise FileProblem(path, f"is over the limit of {limit:,} bytes")
    return data


STDIN_NAME = "<stdin>"


def read_stdin(limit: int, stream: BinaryIO | None = None) -> bytes:
    """Standard input (`judgebot check -`), never more than `limit` bytes: reading
    stops one byte past the limit, so a stream without end is refused, not held."""
    import sys

    stream = stream if stream is not None else sys.stdin.buffer
    try:
        data = stream.read(limit + 1)
    except OSError as exc:
        raise FileProblem(STDIN_NAME, f"cannot read standard input: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise FileProblem(STDIN_NAME, f"is over the limit of {limit:,} bytes")
    return data


WHAT_OUTPUT_TAKES = "expected a regular file or a new file name"


def check_output_path(path: Path | str) -> Path:
    """Refuse an output path that is anything but a regular file (or a symlink to one)
    or a new name, or whose folder cannot hold it."""
    path = Path(path)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:  # a parent that is a file, a loop of symlinks above it …
        raise FileProblem(path, f"cannot write: {exc.strerror or exc}") from None
    if info is not None and stat.S_ISLNK(info.st_mode):
        try:
            target = os.stat(path)
        except OSError:
            raise FileProblem(path, f"is a symbolic link to nothing, {WHAT_OUTPUT_TAKES}") from None
        if not stat.S_ISREG(target.st_mode):
            raise FileProblem(path, f"is a symbolic link to {_kind(target.st_mode)}, {WHAT_OUTPUT_TAKES}")
    elif info is not None and stat.S_ISDIR(info.st_mode):
        raise FileProblem(path, "is a directory, expected a file name to write")
    elif info is not None and not stat.S_ISREG(info.st_mode):
        raise FileProblem(path, f"is {_kind(info.st_mode)}, {WHAT_OUTPUT_TAKES}")
    if path.parent.exists() and not path.parent.is_dir():
        raise FileProblem(path, f"{path.parent} is not a directory")
    return path


def _temporary(path: Path) -> tuple[int, str]:
    """A locked temporary file beside `path` (a stale one of a killed run removed first)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(path)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise FileProblem(path, f"cannot write: {exc.strerror or exc}") from None
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX)  # held until the file is closed: the writer is alive
    return fd, tmp


def remove_stale_temporaries(path: Path) -> list[str]:
    """Remove the temporary files of `path` that a killed run left: named as mkstemp names
    them, and not locked by a writer that is still running. Returns their names."""
    if fcntl is None:
        return []
    pattern = re.compile(rf"\.{re.escape(path.name)}\.[a-z0-9_]{{8}}\.tmp")
    removed = []
    try:
        entries = [e for e in os.scandir(path.parent) if pattern.fullmatch(e.name)]
    except OSError:
        return []
    for entry in entries:
        try:
            fd = os.open(entry.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if os.fstat(fd).st_ino == os.lstat(entry.path).st_ino:
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            pass  # locked: a run still writing it
        finally:
            os.close(fd)
    return removed


def _finish(fd: int, tmp: str, write: Callable[[BinaryIO], None]) -> None:
    with os.fdopen(fd, "wb") as handle:
        write(handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(tmp, 0o666 & ~_umask())


def _replace(tmp: str, path: Path) -> None:
    check_output_path(path)  # again: it may have become a FIFO or a link since
    os.replace(tmp, path)


@contextmanager
def atomic_output(path: Path | str) -> Iterator[BinaryIO]:
    """A binary file object whose content replaces `path` when the block ends
    without an exception (temp file in the same directory + fsync + rename)."""
    path = check_output_path(path)
    fd, tmp = _temporary(path)
    try:
        handle = os.fdopen(fd, "wb")
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        _replace(tmp, path)
    except BaseException as exc:
        _discard(tmp)
        if isinstance(exc, OSError):
            raise FileProblem(path, f"cannot write: {exc.strerror or exc}") from None
        raise


def write_atomically(path: Path | str, data: bytes) -> None:
    with atomic_output(path) as handle:
        handle.write(data)


@contextmanager
def staged_files(folder: Path | str) -> Iterator[Callable[[str, bytes], None]]:
    """`put(name, data)` stages a file of `folder` (written whole, fsynced, beside its
    target); when the block ends without an exception every staged file is renamed into
    place, else every one is removed and the folder's old files stay as they were (a
    folder this created is removed again if it is left empty)."""
    folder = Path(folder)
    created = not folder.exists()
    staged: list[tuple[str, Path]] = []

    def put(name: str, data: bytes) -> None:
        path = check_output_path(folder / name)
        fd, tmp = _temporary(path)
        staged.append((tmp, path))
        try:
            _finish(fd, tmp, lambda handle: handle.write(data))
        except OSError as exc:
            raise FileProblem(path, f"cannot write: {exc.strerror or exc}") from None

    try:
        yield put
        for tmp, path in staged:
            try:
                _replace(tmp, path)
            except OSError as exc:
                raise FileProblem(path, f"cannot write: {exc.strerror or exc}") from None
    except BaseException:
        for tmp, _ in staged:
            _discard(tmp)
        if created:
            try:
                folder.rmdir()
            except OSError:
                pass
        raise


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
