"""A tournament floor (issue 22): `judgebot serve` in a process of its own, 8 judges
asking at once for 10 s — searches, records, terms, rulings and pages — each answer
compared with the answer one judge alone gets from the same server: no error, no
difference. Meanwhile a 100 KB query is refused (400) in under a second, every time.

One Whoosh reader shared by the server's threads failed 1,373 of 3,100 such requests
and changed 112 answers; rulings waited for one worker with no deadline."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
import yaml

from tests.web.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = 8
SECONDS = 10.0
PROBES = 5


def _requests() -> list[tuple[str, str, bytes | None]]:
    """(method, path, body): the golden search queries, records, terms, rulings and pages."""
    golden = yaml.safe_load((ROOT / "tests" / "golden" / "search.yaml").read_text(encoding="utf-8"))
    out = [("GET", "/api/search?" + urlencode({"q": item["query"], "limit": 10}), None) for item in golden[::4]]
    out += [("GET", "/api/search?" + urlencode({"q": q, "lang": lang}), None)
            for q, lang in [("弱点", "zh"), ("후퇴", "ko"), ("retreat", "en"), ("にげる", "ja")]]
    out += [("GET", "/api/show/" + quote(ident, safe=":/"), None)
            for ident in ["guide-ja:I-A-03", "guide-ja:II-B-07/faq-1", "rules-ko:기술의 데미지 계산의 순서"]]
    out += [("GET", "/api/term?" + urlencode({"q": w}), None) for w in ["弱点", "Weakness", "약점"]]
    out += [("POST", "/api/check", path.read_bytes()) for path in sorted((ROOT / "rulings").glob("*.yaml"))[:12]]
    out += [("GET", path, None) for path in ["/?q=%E3%81%AB%E3%81%92%E3%82%8B", "/record/guide-ja:I-A-03",
                                             "/term?q=%E5%BC%B1%E7%82%B9", "/check", "/cards"]]
    return out


@pytest.fixture(scope="module")
def floor_server(cache_dir, tmp_path_factory):
    """`judgebot serve --workers 2` in its own process; yields (host, port)."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "judgebot", "serve", "--port", str(port), "--workers", "2"],
                               cwd=tmp_path_factory.mktemp("serve"), env={**os.environ, "JUDGEBOT_CACHE": str(cache_dir)},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = process.stdout.readline()
    if not first.startswith("judgebot serve: "):
        process.kill()
        pytest.fail(f"judgebot serve did not start: {first!r} {process.stderr.read()}")
    yield "127.0.0.1", port
    process.terminate()
    process.wait(timeout=30)


class Judge:
    """One client on one kept-alive connection."""

    def __init__(self, host: str, port: int):
        self.connection = http.client.HTTPConnection(host, port, timeout=60)

    def ask(self, method: str, path: str, body: bytes | None) -> tuple[int, bytes]:
        self.connection.request(method, path, body=body)
        response = self.connection.getresponse()
        return response.status, response.read()


def test_eight_judges_for_ten_seconds_get_what_one_judge_gets(floor_server):
    requests = _requests()
    alone = Judge(*floor_server)
    expected = {}
    for method, path, body in requests:
        status, answer = alone.ask(method, path, body)
        assert status == 200, (path, answer[:300])
        expected[(method, path, body)] = answer

    errors: list[str] = []
    differences: list[str] = []
    counts = [0] * CLIENTS
    probes: list[tuple[int, float, bytes]] = []
    stop = time.monotonic() + SECONDS

    def judge(k: int) -> None:
        client = Judge(*floor_server)
        i = k * 7
        while time.monotonic() < stop:
            method, path, body = requests[i % len(requests)]
            i += 1
            try:
                status, answer = client.ask(method, path, body)
            except Exception as exc:  # noqa: BLE001 - a dropped connection is the finding
                errors.append(f"{path[:60]}: {exc!r}")
                client = Judge(*floor_server)
                continue
            counts[k] += 1
            if status != 200:
                errors.append(f"{path[:60]}: {status} {answer[:200]!r}")
            elif answer != expected[(method, path, body)]:
                differences.append(path[:80])

    def probe() -> None:
        """The 100 KB query, a few times while the load runs, each on a new connection."""
        query = "/api/search?q=" + "x" * 100_000
        time.sleep(1.0)
        while len(probes) < PROBES and time.monotonic() < stop - 0.5:
            client = Judge(*floor_server)
            started = time.monotonic()
            status, answer = client.ask("GET", query, None)
            probes.append((status, time.monotonic() - started, answer))
            time.sleep(1.0)

    threads = [threading.Thread(target=judge, args=(k,)) for k in range(CLIENTS)]
    threads.append(threading.Thread(target=probe))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    print(f"\n{sum(counts)} answers to {CLIENTS} judges in {SECONDS:g} s; 100 KB query refused in "
          + ", ".join(f"{seconds * 1000:.0f} ms" for _, seconds, _ in probes))
    assert errors == []
    assert differences == []
    assert sum(counts) >= len(requests) and min(counts) >= 3  # each judge was answered, several times
    assert len(probes) == PROBES
    for status, seconds, answer in probes:
        assert status == 400 and b"over the limit of 1,000" in answer
        assert seconds < 1.0, f"the 100 KB query took {seconds:.2f} s under load"
    assert json.loads(probes[0][2])["error"]["message"].startswith("query of 100,000 characters")
