"""Nothing is lost on output (issue 13): a file judgebot writes appears whole or not
at all. `cards -o` renders into a temporary file beside the target and renames it;
a kill midway leaves the old file intact, a symlink is replaced rather than written
through, and a directory as the output is a one-line error. Issue 28: only a regular
file or a new name is ever replaced (not a FIFO, a device, a link to stdout), a killed
run's temporary file is removed by the next, and `ingest --out` is whole or nothing."""

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


# -- issue 28: only a regular file or a new name is ever replaced ------------------------------

def _device(tmp_path: Path) -> Path:
    """A character device of our own (like /dev/null), so a regression cannot replace the real one."""
    node = tmp_path / "null"
    try:
        os.mknod(node, 0o666 | __import__("stat").S_IFCHR, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        pytest.skip("cannot make a device node here (not root)")
    return node


@pytest.mark.parametrize("kind", ["fifo", "device", "link to stdout", "dangling link", "link to a fifo"])
def test_cards_output_onto_anything_but_a_regular_file_is_refused(cli, tmp_path, kind):
    if kind == "fifo":
        target = tmp_path / "out.pdf"
        os.mkfifo(target)
        expected = "is a FIFO (named pipe), expected a regular file or a new file name"
    elif kind == "device":
        target = _device(tmp_path)
        expected = "is a device, expected a regular file or a new file name"
    elif kind == "link to stdout":
        target = tmp_path / "out.pdf"
        target.symlink_to("/proc/self/fd/1")
        expected = "is a symbolic link to"
    elif kind == "dangling link":
        target = tmp_path / "out.pdf"
        target.symlink_to(tmp_path / "nowhere")
        expected = "is a symbolic link to nothing, expected a regular file or a new file name"
    else:
        os.mkfifo(tmp_path / "fifo")
        target = tmp_path / "out.pdf"
        target.symlink_to(tmp_path / "fifo")
        expected = "is a symbolic link to a FIFO (named pipe), expected a regular file or a new file name"
    before = os.lstat(target)
    line = one_line_error(cli("cards", "guide-ja:I-A-03", "-o", str(target)))
    assert line.startswith(f"judgebot: error: {target}: {expected}")
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino), "the target was replaced"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []


def test_schema_output_onto_a_fifo_is_refused(cli, tmp_path):
    fifo = tmp_path / "schema.json"
    os.mkfifo(fifo)
    line = one_line_error(cli("schema", "-o", str(fifo)))
    assert line == f"judgebot: error: {fifo}: is a FIFO (named pipe), expected a regular file or a new file name"
    assert os.path.exists(fifo) and __import__("stat").S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_target_that_became_a_fifo_while_writing_is_not_replaced(tmp_path):
    out = tmp_path / "out.bin"
    with pytest.raises(FileProblem, match="is a FIFO"):
        with atomic_output(out) as handle:
            handle.write(b"data")
            os.mkfifo(out)  # between the first check and the rename
    assert __import__("stat").S_ISFIFO(os.lstat(out).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["out.bin"]


def test_stale_temporaries_of_killed_runs_are_removed_and_live_ones_kept(tmp_path):
    import fcntl

    from judgebot.files import remove_stale_temporaries

    stale = tmp_path / ".cards.pdf.abcd1234.tmp"
    stale.write_bytes(b"")
    live = tmp_path / ".cards.pdf.live5678.tmp"
    live.write_bytes(b"")
    mine = tmp_path / ".cards.pdf.notmine.tmp"  # not a name mkstemp makes: not ours to remove
    mine.write_bytes(b"")
    with open(live, "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # a writer still running
        write_atomically(tmp_path / "cards.pdf", b"%PDF new")
        assert sorted(p.name for p in tmp_path.iterdir()) == [".cards.pdf.live5678.tmp", ".cards.pdf.notmine.tmp",
                                                              "cards.pdf"]
    assert remove_stale_temporaries(tmp_path / "cards.pdf") == [".cards.pdf.live5678.tmp"]


def test_the_temporary_a_killed_cards_run_left_is_removed_by_the_next_run(tmp_path_factory, tmp_path, cli):
    out = tmp_path / "cards.pdf"
    env = {**os.environ, "JUDGEBOT_CACHE": str(tmp_path_factory.mktemp("cache"))}
    proc = subprocess.Popen([sys.executable, "-m", "judgebot", "cards", "--procedure", "all", "--lang", "ja",
                             "-o", str(out)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        if any(p.name.endswith(".tmp") for p in tmp_path.iterdir()):
            proc.send_signal(signal.SIGKILL)
            break
        time.sleep(0.005)
    proc.wait()
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert left, "the run ended before it began writing: nothing was tested"
    result = cli("cards", "guide-ja:I-A-03", "-o", str(out))
    assert result.code == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.pdf"]


# -- issue 28: ingest --out is whole or not at all ------------------------------------------------

OLD_CORPUS = {name: f'{{"old": "{name}"}}\n'.encode() for name in
              ("guide-ja.json", "guide-zh.json", "rules-ko.json", "rules-ja.json", "wiki-ja.json", "repairs.json")}


def _old_corpus(folder: Path) -> None:
    for name, data in OLD_CORPUS.items():
        (folder / name).write_bytes(data)


def _corpus_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_ingest_that_fails_midway_leaves_the_old_corpus(tmp_path, monkeypatch):
    """No space left on the third file: every file is the old one, no temporary is left
    (it left two new files beside four old ones)."""
    import errno

    from judgebot.corpus.ingest import ingest_all
    from judgebot.errors import InputError

    _old_corpus(tmp_path)
    real_fsync, calls = os.fsync, []

    def fsync(fd):
        calls.append(fd)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(InputError, match=r"rules-ko\.json: cannot write: No space left on device"):
        ingest_all(ROOT / "data" / "sources", tmp_path)
    assert _corpus_of(tmp_path) == OLD_CORPUS


def test_ingest_into_a_new_folder_that_fails_leaves_no_folder(tmp_path, monkeypatch):
    import errno

    from judgebot.corpus.ingest import ingest_all
    from judgebot.errors import InputError

    def fsync(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(InputError):
        ingest_all(ROOT / "data" / "sources", tmp_path / "new" / "corpus")
    assert not (tmp_path / "new" / "corpus").exists()


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MB tmpfs (as root): the corpus (about 1.9 MB) cannot fit."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)],
                                           capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], capture_output=True)


def test_ingest_onto_a_full_disk_leaves_the_old_corpus(cli, small_disk):
    _old_corpus(small_disk)
    result = cli("ingest", "--out", str(small_disk))
    line = one_line_error(result)
    assert line.startswith("judgebot: error: ") and line.endswith(": cannot write: No space left on device")
    assert _corpus_of(small_disk) == OLD_CORPUS
