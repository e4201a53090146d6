"""Web benchmark: `judgebot serve` on loopback against the same library calls made
in-process, in the same run.

Starts the app under uvicorn on 127.0.0.1 (a free port, never another interface),
then measures with one local HTTP client: requests per second for GET /api/search
(the golden queries) and POST /api/check (the rulings/ scenarios), and the server
time of a search from the Server-Timing header (p50/p95; target ≤ 50 ms). The
baseline is the same work done in-process (`search()`, `rule_text()`); the ratios
say what HTTP, JSON and the ruling worker cost on top.

    python3 dev.py bench web
"""

from __future__ import annotations

import os
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "search.yaml"
RULINGS = ROOT / "rulings"
ROUNDS = 3
TARGET_MS = 50.0


def _percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve():
    import uvicorn

    from judgebot.web import create_app

    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise SystemExit("the web server did not start")
        time.sleep(0.05)
    return server, thread, f"http://127.0.0.1:{port}"


def _rate(count: int, seconds: float) -> float:
    return round(count / seconds, 1) if seconds else float("inf")


def main() -> dict:
    import httpx

    os.environ.setdefault("JUDGEBOT_CACHE", tempfile.mkdtemp(prefix="judgebot-bench-web-"))
    from judgebot.search import ensure_index, search
    from judgebot.web.service import rule_text

    ensure_index()
    queries = [item["query"] for item in yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))]
    scenarios = [path.read_bytes() for path in sorted(RULINGS.glob("*.yaml"))]

    started = time.perf_counter()
    for _ in range(ROUNDS):
        for query in queries:
            search(query, limit=10)
    search_local = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(ROUNDS):
        for body in scenarios:
            rule_text(body)
    check_local = time.perf_counter() - started

    server, thread, base = _serve()
    try:
        with httpx.Client(base_url=base, timeout=60) as client:
            client.post("/api/check", content=scenarios[0])  # start the ruling worker
            server_ms: list[float] = []
            started = time.perf_counter()
            for _ in range(ROUNDS):
                for query in queries:
                    response = client.get("/api/search", params={"q": query, "limit": 10})
                    response.raise_for_status()
                    server_ms.append(float(response.headers["server-timing"].split("dur=")[1]))
            search_http = time.perf_counter() - started
            started = time.perf_counter()
            for _ in range(ROUNDS):
                for body in scenarios:
                    client.post("/api/check", content=body)
            check_http = time.perf_counter() - started
    finally:
        server.should_exit = True
        thread.join(timeout=10)

    searches, checks = ROUNDS * len(queries), ROUNDS * len(scenarios)
    report = {
        "search_requests_per_s": _rate(searches, search_http),
        "search_in_process_per_s": _rate(searches, search_local),
        "search_http_over_in_process": round(search_http / search_local, 2),
        "search_server_ms_p50": round(statistics.median(server_ms), 1),
        "search_server_ms_p95": round(_percentile(server_ms, 95), 1),
        "search_server_target_ms": TARGET_MS,
        "search_within_target": _percentile(server_ms, 95) <= TARGET_MS,
        "check_requests_per_s": _rate(checks, check_http),
        "check_in_process_per_s": _rate(checks, check_local),
        "check_http_over_in_process": round(check_http / check_local, 2),
        "searches": searches,
        "checks": checks,
    }
    for key, value in report.items():
        print(f"  {key}: {value}")
    return report


if __name__ == "__main__":
    main()
