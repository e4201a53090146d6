"""Every error `judgebot serve` answers is a JSON document on /api/ and a page
elsewhere, with its status, the security headers, and what the request echoed cut
short (issue 22): 400, 404, 405 (with Allow), 413, 500, 503."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

from judgebot.search.limits import MAX_QUERY_CHARS, MAX_QUERY_WORDS

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = (ROOT / "rulings" / "spec-example_iron-defender.yaml").read_text(encoding="utf-8")


def assert_secured(response) -> None:
    policy = response.headers.get("content-security-policy", "")
    assert "default-src 'self'" in policy and "script-src" not in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def assert_json_error(response, status: int) -> dict:
    assert response.status_code == status
    assert response.headers["content-type"].startswith("application/json")
    assert_secured(response)
    return response.json()["error"]


def assert_page_error(response, status: int) -> str:
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    assert_secured(response)
    assert "<h1" in response.text
    return response.text


@pytest.mark.parametrize("method, url, allow", [
    ("GET", "/api/check", "POST"), ("HEAD", "/api/check", "POST"), ("PUT", "/api/check", "POST"),
    ("POST", "/api/search", "GET, HEAD"), ("DELETE", "/api/show/guide-ja:I-A-03", "GET, HEAD"),
])
def test_a_method_not_answered_is_a_405_with_allow_in_json(client, method, url, allow):
    response = client.request(method, url)
    assert response.status_code == 405
    assert response.headers["allow"] == allow
    assert_secured(response)
    if method != "HEAD":
        error = assert_json_error(response, 405)
        assert f"use {allow}" in error["message"]


@pytest.mark.parametrize("method, url, allow", [
    ("POST", "/", "GET, HEAD"), ("POST", "/term", "GET, HEAD"), ("PUT", "/check", "GET, HEAD, POST"),
    ("POST", "/cards.pdf", "GET, HEAD"), ("POST", "/record/guide-ja:I-A-03", "GET, HEAD"),
])
def test_a_method_not_answered_is_a_405_with_allow_on_a_page(client, method, url, allow):
    response = client.request(method, url)
    assert response.headers["allow"] == allow
    assert f"use {allow}" in assert_page_error(response, 405)


def test_head_is_answered_where_get_is(client):
    for url in ("/", "/check", "/term?q=弱点", "/api/search?q=x"):
        response = client.head(url)
        assert response.status_code == 200 and response.content == b""
        assert_secured(response)


def test_no_api_or_page_at_an_address_is_a_404(client):
    error = assert_json_error(client.get("/api/nothing"), 404)
    assert error["message"] == "no API at /api/nothing"
    assert "no page at /nothing" in assert_page_error(client.get("/nothing"), 404)
    long = "/api/" + "x" * 60_000
    assert len(assert_json_error(client.get(long), 404)["message"]) < 150


def test_an_unknown_example_says_so(client):
    html = assert_page_error(client.get("/check?example=" + "n" * 5000), 404)
    assert "no example named &#39;nnn" in html and "n" * 200 not in html


def test_an_unknown_id_is_echoed_cut_short(client):
    ident = "guide-ja:" + "Z" * 60_000
    error = assert_json_error(client.get(f"/api/show/{ident}"), 404)
    assert len(error["message"]) < 200 and error["message"].startswith("unknown ID 'guide-ja:ZZZ")
    html = assert_page_error(client.get(f"/record/{ident}"), 404)
    assert "Z" * 200 not in html and len(html) < 20_000


def test_an_unknown_id_page_offers_the_closest(client):
    html = assert_page_error(client.get("/record/guide-ja:I-A-3"), 404)
    assert 'href="/record/guide-ja%3AI-A-03"' in html or 'href="/record/guide-ja:I-A-03"' in html


def test_a_query_over_the_bounds_is_a_400_saying_the_limit(client):
    from judgebot.search import search

    for query in ("x" * 60_000, "あ" * (MAX_QUERY_CHARS + 1), "word " * (MAX_QUERY_WORDS + 1)):
        error = assert_json_error(client.get("/api/search", params={"q": query}), 400)
        assert "over the limit of" in error["message"] and len(error["message"]) < 200
        with pytest.raises(Exception) as library:
            search(query)
        assert str(library.value) == error["message"]  # the CLI's words, the same limit
        html = assert_page_error(client.get("/", params={"q": query}), 400)
        assert "over the limit of" in html and query[:2000] not in html
    error = assert_json_error(client.get("/api/term", params={"q": "x" * 60_000}), 400)
    assert "over the limit of" in error["message"]


def test_a_form_of_eleven_equal_fields_is_a_400_page_with_the_policy(client):
    body = "&".join(["scenario=x"] * 11)
    response = client.post("/check", content=body, headers={"content-type": "application/x-www-form-urlencoded"})
    assert "more than 10 fields" in assert_page_error(response, 400)


def test_a_body_over_1_mb_is_a_413_json_and_page(client):
    big = b"#" * (1024 * 1024 + 1)
    assert "limit" in assert_json_error(client.post("/api/check", content=big), 413)["message"]
    response = client.post("/check", content=big, headers={"content-type": "application/x-www-form-urlencoded"})
    assert "limit" in assert_page_error(response, 413)


def test_an_internal_error_is_a_500_with_the_policy_and_no_detail(web_env, monkeypatch):
    from starlette.testclient import TestClient

    from judgebot.web import create_app, service

    def broken(*args, **kwargs):
        raise RuntimeError("secret detail of a bug")

    monkeypatch.setattr(service, "show", broken)
    with TestClient(create_app(warm_up=False, workers=1), raise_server_exceptions=False) as plain:
        error = assert_json_error(plain.get("/api/show/guide-ja:I-A-03"), 500)
        assert error == {"message": "internal error"}
        html = assert_page_error(plain.get("/record/guide-ja:I-A-03"), 500)
        assert "secret detail" not in html


def test_an_invalid_lang_is_echoed_cut_short(client):
    error = assert_json_error(client.get("/api/search", params={"q": "x", "lang": "y" * 10_000}), 400)
    assert len(error["message"]) < 120


def test_a_100_kb_query_over_http_is_a_400_not_a_reset_connection(server):
    url = f"{server}/api/search?q=" + "x" * 100_000
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(url, timeout=30)
    assert info.value.code == 400
    assert "over the limit of" in info.value.read().decode()
    assert "default-src 'self'" in info.value.headers["content-security-policy"]
