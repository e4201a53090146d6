"""Fixtures of the web tests: the app in process (Starlette's TestClient) and a real
server on a loopback port for the browser."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def web_env(cache_dir):
    """The search index of the test session's cache, for the in-process app."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUDGEBOT_CACHE", str(cache_dir))
        yield


@pytest.fixture(scope="session")
def client(web_env):
    from starlette.testclient import TestClient

    from judgebot.web import create_app

    with TestClient(create_app(ruling_seconds=30)) as test_client:
        yield test_client


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def server(web_env):
    """`judgebot serve`'s app under uvicorn on 127.0.0.1, in a thread; yields its URL."""
    import uvicorn

    from judgebot.web import create_app
    from judgebot.web.server import config

    port = free_port()
    instance = uvicorn.Server(config(create_app(ruling_seconds=30), "127.0.0.1", port))
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not instance.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the web server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


# -- the browser of the browser tests (Debian's chromium driven by Playwright) ---------------------

CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield instance
        instance.close()
