"""`judgebot serve` as a user starts it: a separate process on a loopback port."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from judgebot.web.service import SEARCH_WORKERS
from tests.web.conftest import free_port


def _get(url: str):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.headers, response.read()


def _start(cache_dir, cwd, *args: str) -> subprocess.Popen:
    env = {**os.environ, "JUDGEBOT_CACHE": str(cache_dir)}
    return subprocess.Popen([sys.executable, "-m", "judgebot", "serve", *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_serve_prints_its_url_then_answers_the_page_and_the_api(cache_dir, tmp_path):
    port = free_port()
    process = _start(cache_dir, tmp_path, "--port", str(port), "--workers", "1")
    base = f"http://127.0.0.1:{port}"
    try:
        first = process.stdout.readline()  # printed once the server answers
        assert first.startswith(f"judgebot serve: {base}/ "), (first, process.stderr.read() if not first else "")
        assert "1 ruling worker;" in first
        status, headers, body = _get(f"{base}/api/search?q=%E3%81%AB%E3%81%92%E3%82%8B&limit=1")
        assert status == 200
        assert json.loads(body)["hits"][0]["id"] == "guide-ja:I-A-03"
        status, headers, body = _get(f"{base}/static/style.css")
        assert status == 200 and b"prefers-color-scheme: dark" in body
        status, headers, body = _get(f"{base}/")
        assert status == 200 and b'name="q"' in body
        workers = _children(process.pid)
        roles = sorted(Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[-2].decode() for pid in workers)
        # --workers 1: one ruling process; a search process per core (at most 4), all started with the server
        assert roles == ["rule"] + ["search"] * SEARCH_WORKERS
    finally:
        process.send_signal(signal.SIGINT)  # Ctrl+C
        process.wait(timeout=30)
    assert process.returncode == 130 and process.stderr.read() == "judgebot: interrupted\n"
    assert not [pid for pid in workers if os.path.exists(f"/proc/{pid}")]  # none left behind


def _children(pid: int) -> list[int]:
    children = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as handle:
            children += [int(child) for child in handle.read().split()]
    return children


def test_a_busy_port_is_one_line_and_exit_2(cli):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        started = time.monotonic()
        result = cli("serve", "--port", str(port))
    assert result.code == 2
    assert result.stderr == (f"judgebot: error: port {port} on 127.0.0.1 is in use (another judgebot serve?); "
                             "choose another with --port\n")
    assert result.stdout == ""
    assert time.monotonic() - started < 60  # refused before loading anything


def test_an_address_not_of_this_machine_is_one_line_and_exit_2(cli):
    result = cli("serve", "--host", "192.0.2.1", "--port", str(free_port()))
    assert result.code == 2
    assert result.stderr.startswith("judgebot: error: --host 192.0.2.1: not an address of this machine")
    assert result.stderr.count("\n") == 1


def test_serve_refuses_a_bad_port_or_worker_count(cli):
    result = cli("serve", "--port", "0")
    assert result.code == 2
    assert "port" in result.stderr.lower()
    for workers in ("0", "33", "many"):
        result = cli("serve", "--workers", workers)
        assert result.code == 2 and "--workers" in result.stderr and result.stderr.count("\n") == 1


def test_the_printed_url_of_every_kind_of_host():
    from judgebot.web.server import url

    assert url("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert url("::1", 8080) == "http://[::1]:8080/"
    assert url("0.0.0.0", 80) == "http://127.0.0.1:80/"
    assert url("localhost", 8000) == "http://localhost:8000/"
