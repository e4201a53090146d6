"""Reading input files within limits, and writing output files so nothing is lost.

- `read_input(path, limit)`: only a regular file is read (a FIFO, a device or a
  directory is refused before it is opened, so nothing blocks or runs away), and
  never more than `limit` bytes.
- `atomic_output(path)`: the new content goes to a temporary file in the target's
  directory, renamed over the target only once it is complete. A crash or a kill
  midway leaves the old file intact; a symlink at `path` is replaced by the new
  file, never written through; an existing directory is refused.
"""

from __future__ import annotations

import os
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Iterator

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
        raise FileProblem(path, f"cannot read the file: {exc.strerror or exc}") from None
    if len(data) > limit:  # grew since stat
        raise FileProblem(path, f"is over the limit of {limit:,} bytes")
    return data


def check_output_path(path: Path | str) -> Path:
    """Refuse an output path that is a directory or whose folder cannot hold it."""
    path = Path(path)
    if path.is_dir():
        raise FileProblem(path, "is a directory, expected a file name to write")
    if path.parent.exists() and not path.parent.is_dir():
        raise FileProblem(path, f"{path.parent} is not a directory")
    return path


@contextmanager
def atomic_output(path: Path | str) -> Iterator[BinaryIO]:
    """A binary file object whose content replaces `path` when the block ends
    without an exception (temp file in the same directory + fsync + rename)."""
    path = check_output_path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise FileProblem(path, f"cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise FileProblem(path, f"cannot write: {exc.strerror or exc}") from None
        raise


def write_atomically(path: Path | str, data: bytes) -> None:
    with atomic_output(path) as handle:
        handle.write(data)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
