"""Entries of the user cache that must never be trusted blindly: each file holds the
sha256 of its body first, so a damaged or half-written entry reads as absent. A cache
that cannot be written only costs time, never an error."""

from __future__ import annotations

import hashlib
from pathlib import Path

from judgebot.errors import InputError


def read_checked(path: Path) -> bytes | None:
    """A cache entry's bytes, or None if it is absent or damaged (its checksum is the
    first 64 bytes)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    digest, body = data[:64], data[64:]
    return body if hashlib.sha256(body).hexdigest().encode() == digest else None


def write_checked(path: Path, body: bytes) -> bool:
    """Write a cache entry atomically; False if it could not be written."""
    from judgebot.files import write_atomically

    try:
        write_atomically(path, hashlib.sha256(body).hexdigest().encode() + body)
    except (InputError, OSError):
        return False
    return True
