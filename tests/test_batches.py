"""`check` of several paths (issue 28 item 7): every file gets its ruling or its error,
then the summary — a missing path, a folder that cannot be read, a symlink loop, a FIFO,
a device or a link to nothing named *.yaml is one error in the list, never the end of
the batch and never skipped."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from judgebot.engine import scenario_files

ROOT = Path(__file__).resolve().parents[1]
GOOD = ROOT / "rulings" / "rule_I-A-04_bench-full.yaml"


@pytest.fixture
def folder(tmp_path) -> Path:
    """Two scenarios beside every kind of *.yaml that is not a readable file."""
    shutil.copy(GOOD, tmp_path / "a.yaml")
    (tmp_path / "sub").mkdir()
    shutil.copy(GOOD, tmp_path / "sub" / "b.yaml")
    os.mkfifo(tmp_path / "fifo.yaml")
    (tmp_path / "dangling.yaml").symlink_to(tmp_path / "nowhere")
    (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
    (tmp_path / "sub" / "up").symlink_to(tmp_path)  # a folder loop: never entered
    (tmp_path / "notes.txt").write_text("not a scenario")
    return tmp_path


EXPECTED_ERRORS = {
    "dangling.yaml": "is a symbolic link to nothing, expected a regular file",
    "fifo.yaml": "is a FIFO (named pipe), expected a regular file",
    "loop.yaml": "is a symbolic link in a loop, expected a regular file",
}


def test_a_folder_scan_lists_what_is_not_a_file_as_errors(cli, folder):
    result = cli("check", "-q", str(folder))
    assert result.code == 2
    assert result.stdout.strip().splitlines()[-1] == "2 ruled · 3 invalid · 0 expectations failed"
    assert result.stderr.splitlines() == [f"judgebot: error: {folder / name}: {message}"
                                          for name, message in sorted(EXPECTED_ERRORS.items())]
    as_json = cli("check", "--json", str(folder))
    document = json.loads(as_json.stdout)
    assert [Path(r["file"]).name for r in document["rulings"]] == ["a.yaml", "b.yaml"]
    assert {Path(e["file"]).name: e["message"] for e in document["errors"]} == EXPECTED_ERRORS


def test_a_missing_path_does_not_end_the_batch(cli, tmp_path):
    shutil.copy(GOOD, tmp_path / "ok.yaml")
    result = cli("check", "-q", str(tmp_path / "ok.yaml"), str(tmp_path / "missing.yaml"))
    assert result.code == 2
    assert result.stdout.strip() == "1 ruled · 1 invalid · 0 expectations failed"
    assert result.stderr == f"judgebot: error: {tmp_path / 'missing.yaml'}: no such file or directory\n"
    full = cli("check", str(tmp_path / "missing.yaml"), str(tmp_path / "ok.yaml"))
    assert "ALLOWED" in full.stdout or "NOT ALLOWED" in full.stdout
    as_json = cli("check", "--json", str(tmp_path / "ok.yaml"), str(tmp_path / "missing.yaml"))
    document = json.loads(as_json.stdout)
    assert len(document["rulings"]) == 1 and document["errors"] == [
        {"file": str(tmp_path / "missing.yaml"), "line": None, "column": None, "key": "",
         "message": f"{tmp_path / 'missing.yaml'}: no such file or directory"}]


def test_one_missing_path_alone_is_its_error(cli, tmp_path):
    result = cli("check", str(tmp_path / "missing.yaml"))
    assert result.code == 2 and result.stdout == ""
    assert result.stderr == f"judgebot: error: {tmp_path / 'missing.yaml'}: no such file or directory\n"


def test_a_folder_that_cannot_be_read_is_one_error_of_the_batch(folder, monkeypatch, capsys):
    from judgebot.commands import check_command

    locked = folder / "sub"
    real_scandir = os.scandir

    def scandir(path="."):
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(locked))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    problems: list = []
    files = scenario_files([folder], problems)
    assert [f.name for f, _ in files] == ["a.yaml", "dangling.yaml", "fifo.yaml", "loop.yaml"]
    assert [str(p) for _, p in problems] == [f"{locked}: folder cannot be read (Permission denied)"]
    code = check_command([folder], verify=False, json_=False, lang="en", quiet=True)
    out, err = capsys.readouterr()
    assert code == 2
    assert out.strip().splitlines()[-1] == "1 ruled · 4 invalid · 0 expectations failed"
    assert f"judgebot: error: {locked}: folder cannot be read (Permission denied)" in err.splitlines()


def test_a_file_judgebot_fails_on_is_one_error_and_the_batch_goes_on(tmp_path, monkeypatch, capsys):
    from judgebot import engine
    from judgebot.commands import check_command

    shutil.copy(GOOD, tmp_path / "a.yaml")
    shutil.copy(GOOD, tmp_path / "b.yaml")
    real = engine.check_file

    def check_file(path, *args, **kwargs):
        if Path(path).name == "a.yaml":
            raise RuntimeError("a bug")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(engine, "check_file", check_file)
    monkeypatch.delenv("JUDGEBOT_DEBUG", raising=False)
    code = check_command([tmp_path], verify=False, json_=False, lang="en", quiet=True)
    out, err = capsys.readouterr()
    assert code == 3
    assert out.strip().splitlines()[-1] == "1 ruled · 1 invalid · 0 expectations failed"
    assert err == (f"judgebot: error: {tmp_path / 'a.yaml'}: internal error: RuntimeError: a bug "
                   "(set JUDGEBOT_DEBUG=1 for the traceback)\n")


def test_a_device_named_yaml_is_an_error_of_the_batch(cli, tmp_path):
    import stat

    shutil.copy(GOOD, tmp_path / "ok.yaml")
    try:
        os.mknod(tmp_path / "zero.yaml", 0o666 | stat.S_IFCHR, os.makedev(1, 5))
    except PermissionError:
        pytest.skip("cannot make a device node here (not root)")
    result = cli("check", "-q", str(tmp_path))
    assert result.code == 2
    assert result.stderr == f"judgebot: error: {tmp_path / 'zero.yaml'}: is a device, expected a regular file\n"
