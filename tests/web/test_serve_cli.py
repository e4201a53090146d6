"""`judgebot serve` as a user starts it: a separate process on a loopback port."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

from tests.web.conftest import free_port


def _get(url: str):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.headers, response.read()


def test_serve_answers_the_page_and_the_api(cache_dir, tmp_path):
    port = free_port()
    env = {**os.environ, "JUDGEBOT_CACHE": str(cache_dir)}
    process = subprocess.Popen([sys.executable, "-m", "judgebot", "serve", "--port", str(port)],
                               cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                status, headers, body = _get(f"{base}/api/search?q=%E3%81%AB%E3%81%92%E3%82%8B&limit=1")
                break
            except (urllib.error.URLError, ConnectionError):
                assert process.poll() is None, process.stderr.read().decode()
                assert time.monotonic() < deadline, "judgebot serve did not answer"
                time.sleep(0.2)
        assert status == 200
        assert json.loads(body)["hits"][0]["id"] == "guide-ja:I-A-03"
        status, headers, body = _get(f"{base}/static/style.css")
        assert status == 200 and b"prefers-color-scheme: dark" in body
        status, headers, body = _get(f"{base}/")
        assert status == 200 and b'name="q"' in body
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_serve_refuses_a_bad_port(cli):
    result = cli("serve", "--port", "0")
    assert result.code == 2
    assert "port" in result.stderr.lower()
