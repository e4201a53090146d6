"""Nothing is lost on output (issue 13): a file judgebot writes appears whole or not
at all. `cards -o` renders into a temporary file beside the target and renames it;
a kill midway leaves the old file intact, a symlink is replaced rather than written
through, and a directory as the output is a one-line error."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judgebot.errors import InputError
from judgebot.files import FileProblem, atomic_output, read_input, write_atomically
from tests.conftest import ROOT
from tests.test_contract import one_line_error

OLD = b"%PDF-1.4 the old cards, which must survive\n%%EOF\n"


def test_cards_killed_midway_leave_the_old_file_intact(tmp_path_factory, tmp_path):
    out = tmp_path / "cards.pdf"
    out.write_bytes(OLD)
    # a cache of its own: these cards are drawn (into the temporary file), not copied
    # from a PDF another test left in the cache
    env = {**os.environ, "JUDGEBOT_CACHE": str(tmp_path_factory.mktemp("cache"))}
    proc = subprocess.Popen([sys.executable, "-m", "judgebot", "cards", "--procedure", "all", "--lang", "ja",
                             "-o", str(out)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    seen_temp = False
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        if any(p.name != out.name for p in tmp_path.iterdir()):  # writing has begun
            seen_temp = True
            proc.send_signal(signal.SIGKILL)
            break
        time.sleep(0.005)
    proc.wait()
    assert seen_temp, "the process ended before it began writing: nothing was tested"
    assert out.read_bytes() == OLD


def test_cards_replace_a_symlink_instead_of_writing_through_it(cli, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"not yours")
    link = tmp_path / "cards.pdf"
    link.symlink_to(victim)
    result = cli("cards", "guide-ja:I-A-03", "-o", str(link), "--json")
    assert result.code == 0, result.stderr
    assert victim.read_bytes() == b"not yours"
    assert not link.is_symlink() and link.read_bytes().startswith(b"%PDF")


def test_cards_into_a_directory_is_a_one_line_error(cli, tmp_path):
    line = one_line_error(cli("cards", "guide-ja:I-A-03", "-o", str(tmp_path)))
    assert line == f"judgebot: error: {tmp_path}: is a directory, expected a file name to write"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    out = tmp_path / "out.bin"
    out.write_bytes(OLD)
    with pytest.raises(RuntimeError):
        with atomic_output(out) as handle:
            handle.write(b"half")
            raise RuntimeError("crash midway")
    assert out.read_bytes() == OLD
    assert [p.name for p in tmp_path.iterdir()] == ["out.bin"]


def test_an_atomic_write_gets_ordinary_permissions(tmp_path):
    out = tmp_path / "new.bin"
    write_atomically(out, b"data")
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask


def test_reading_refuses_what_is_not_a_regular_file_or_too_large(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "big").write_bytes(b"x" * 101)
    for name, reason in [("fifo", "is a FIFO (named pipe), expected a regular file"),
                         (".", "is a directory, expected a regular file"),
                         ("big", "is 101 bytes, over the limit of 100"),
                         ("missing", "cannot read the file: No such file or directory")]:
        with pytest.raises(FileProblem) as info:
            read_input(tmp_path / name, 100)
        assert info.value.reason == reason
        assert isinstance(info.value, InputError)
    assert read_input(tmp_path / "big", 101) == b"x" * 101
