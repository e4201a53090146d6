"""The JSON API of CONTRACT.md (serve) and the pages, through Starlette's TestClient:
the same documents as `--json`, JSON errors with their statuses, escaping, limits."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgebot.corpus import load_corpus
from judgebot.engine import check_file
from judgebot.glossary import lookup
from judgebot.search import search

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
EXAMPLES = ROOT / "judgebot" / "web" / "examples"


@pytest.mark.parametrize("query, params", [
    ("にげる", {}), ("retreat", {"limit": "3"}), ("弱点", {"lang": "zh"}), ("weakness", {"doc": "rules-ko"}),
])
def test_search_is_the_search_json_document(client, query, params):
    response = client.get("/api/search", params={"q": query, **params})
    assert response.status_code == 200
    expected = search(query, lang=params.get("lang", "all"), doc=params.get("doc"),
                      limit=int(params.get("limit", 10)))
    assert response.json() == expected


@pytest.mark.parametrize("ident", ["guide-ja:I-A-03", "guide-ja:II-B-07/faq-1", "guide-zh:II-E-16", "I-D"])
def test_show_is_the_show_json_document(client, ident):
    response = client.get(f"/api/show/{ident}")
    assert response.status_code == 200
    assert response.json() == load_corpus().resolve(ident).to_contract()


def test_show_unknown_id_is_a_json_404(client):
    response = client.get("/api/show/guide-ja:II-Z-99")
    assert response.status_code == 404
    assert "guide-ja:II-Z-99" in response.json()["error"]["message"]


@pytest.mark.parametrize("word", ["弱点", "Weakness", "약점"])
def test_term_is_the_term_json_document(client, word):
    response = client.get("/api/term", params={"q": word})
    assert response.status_code == 200
    assert response.json() == lookup(word)


@pytest.mark.parametrize("path", sorted(RULINGS.glob("*.yaml"))[:12], ids=lambda p: p.name)
def test_check_is_the_check_json_ruling(client, path):
    response = client.post("/api/check", content=path.read_bytes())
    assert response.status_code == 200
    expected = check_file(path)
    assert response.json() == {**expected, "file": "scenario.yaml"}


@pytest.mark.parametrize("body, line, key", [
    (b"you:\n  active: {name: x, hp: 10}\nask: {retreat: {}}\n", 2, "you.active"),
    (b"ask:\n  bogus: 1\n", 2, "ask.bogus"),
    (b"you: [1, 2\n", None, None),
])
def test_invalid_scenario_is_a_400_with_its_line(client, body, line, key):
    response = client.post("/api/check", content=body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["message"]
    if line is not None:
        assert error["line"] == line
        assert error["key"].startswith(key)


def test_request_body_over_1_mb_is_refused(client):
    response = client.post("/api/check", content=b"#" * (1024 * 1024 + 1))
    assert response.status_code == 413
    assert "limit" in response.json()["error"]["message"]


def _pool_run(pool, coroutine_function):
    async def run():
        try:
            return await coroutine_function()
        finally:
            await pool.close()

    return asyncio.run(run())


def test_a_ruling_over_its_time_limit_is_stopped(web_env):
    from judgebot.web.service import RulingPool, TimedOut

    body = (RULINGS / "spec-example_iron-defender.yaml").read_bytes()
    pool = RulingPool(workers=1, seconds=0.0001)

    async def scenario():
        with pytest.raises(TimedOut) as info:
            await pool.rule(body)
        assert info.value.retry_after >= 1
        pool.seconds = 60  # the next ruling gets a fresh worker
        return await pool.rule(body)

    assert _pool_run(pool, scenario)["allowed"] is True


def test_the_deadline_includes_the_wait_for_a_worker(web_env):
    """While every worker is busy, a ruling waits; past its deadline it is answered
    Busy without ever reaching a worker, and the pool serves the next one."""
    from judgebot.web.service import Busy, RulingPool

    body = (RULINGS / "spec-example_iron-defender.yaml").read_bytes()
    pool = RulingPool(workers=1, seconds=0.5)

    async def scenario():
        await pool.start()
        idle = pool._queue()
        worker = await idle.get()  # the only worker, busy elsewhere
        started = time.monotonic()
        with pytest.raises(Busy) as info:
            await pool.rule(body)
        waited = time.monotonic() - started
        assert 0.5 <= waited < 5
        assert info.value.retry_after >= 1 and pool.waiting == 0
        idle.put_nowait(worker)
        return await pool.rule(body)

    assert _pool_run(pool, scenario)["allowed"] is True


def test_too_many_waiting_rulings_are_turned_away_at_once(web_env):
    from judgebot.web.service import Busy, RulingPool

    body = (RULINGS / "spec-example_iron-defender.yaml").read_bytes()
    pool = RulingPool(workers=1, seconds=30, waiting_per_worker=2)

    async def scenario():
        idle = pool._queue()
        worker = await idle.get()
        waiting = [asyncio.create_task(pool.rule(body)) for _ in range(2)]
        await asyncio.sleep(0.05)
        assert pool.waiting == 2
        started = time.monotonic()
        with pytest.raises(Busy, match="already waiting"):
            await pool.rule(body)
        assert time.monotonic() - started < 1
        idle.put_nowait(worker)
        return [await task for task in waiting]

    assert [ruling["allowed"] for ruling in _pool_run(pool, scenario)] == [True, True]


def test_rulings_run_on_every_worker_of_the_pool(web_env):
    from judgebot.web.service import RulingPool

    scenarios = [path.read_bytes() for path in sorted(RULINGS.glob("*.yaml"))[:8]]
    pool = RulingPool(workers=3, seconds=60)

    async def scenario():
        await pool.start()
        answers = await asyncio.gather(*(pool.rule(body) for body in scenarios))
        return answers, {worker.process.pid for worker in pool._workers}

    answers, pids = _pool_run(pool, scenario)
    assert len(pids) == 3
    assert answers == [check_file(path) | {"file": "scenario.yaml"} for path in sorted(RULINGS.glob("*.yaml"))[:8]]


def test_workers_run_with_their_memory_bounded(web_env):
    from judgebot.web.service import RulingPool
    from judgebot.web.worker import MEMORY_BYTES

    pool = RulingPool(workers=1, seconds=60)

    async def scenario():
        await pool.rule((RULINGS / "spec-example_iron-defender.yaml").read_bytes())
        limits = Path(f"/proc/{pool._workers[0].process.pid}/limits").read_text()
        return next(line for line in limits.splitlines() if line.startswith("Max address space"))

    assert _pool_run(pool, scenario).split()[3:5] == [str(MEMORY_BYTES), str(MEMORY_BYTES)]


def test_the_cards_form_reads_citations_with_spaces():
    from judgebot.web.views import split_citations

    assert split_citations("rules-ko:기술의 데미지 계산의 순서 guide-ja:I-A-03") == [
        "rules-ko:기술의 데미지 계산의 순서", "guide-ja:I-A-03"]
    assert split_citations("I-A-03, II-B-07/faq-1 B-12 ⅱ-b-08") == ["I-A-03", "II-B-07/faq-1", "B-12", "ⅱ-b-08"]
    assert split_citations("wiki-ja:ポケモンカードゲーム Online,rules-ja:どく やけど ねむり") == [
        "wiki-ja:ポケモンカードゲーム Online", "rules-ja:どく やけど ねむり"]
    assert split_citations("  ") == []


def test_a_busy_pool_is_a_503_with_retry_after_and_the_security_headers(client):
    idle = client.app.state.rulings._queue()
    held = [client.portal.call(idle.get) for _ in range(client.app.state.rulings.size)]
    seconds = client.app.state.rulings.seconds
    client.app.state.rulings.seconds = 0.3
    try:
        body = (RULINGS / "spec-example_iron-defender.yaml").read_bytes()
        response = client.post("/api/check", content=body)
        assert response.status_code == 503
        assert int(response.headers["retry-after"]) >= 1
        assert "busy" in response.json()["error"]["message"]
        assert "default-src 'self'" in response.headers["content-security-policy"]
        page = client.post("/check", data={"scenario": body.decode()})
        assert page.status_code == 503 and int(page.headers["retry-after"]) >= 1
        assert "Cannot rule now" in page.text and "busy" in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]
    finally:
        client.app.state.rulings.seconds = seconds
        for worker in held:
            client.portal.call(idle.put_nowait, worker)
    assert client.post("/api/check", content=body).status_code == 200


@pytest.mark.parametrize("url, status", [
    ("/api/search", 400), ("/api/search?q=x&lang=fr", 400), ("/api/search?q=x&limit=0", 400),
    ("/api/nothing", 404), ("/api/term", 400),
])
def test_api_errors_are_json(client, url, status):
    response = client.get(url)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("application/json")
    assert response.json()["error"]["message"]


def test_no_path_on_disk_is_taken_from_a_request(client):
    for url in ["/static/../service.py", "/static/%2e%2e/service.py", "/check?example=../../pyproject.toml",
                "/api/show/..%2F..%2Fpyproject.toml"]:
        response = client.get(url)
        assert response.status_code in (400, 404), url
        assert "build-system" not in response.text and "RulingWorker" not in response.text


@pytest.mark.parametrize("url", ["/", "/?q=にげる", "/record/guide-ja:I-A-03", "/term?q=弱点", "/check", "/cards"])
def test_pages_answer_with_a_strict_content_policy(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "script-src" not in response.headers["content-security-policy"]  # default-src 'self' only
    assert "default-src 'self'" in response.headers["content-security-policy"]


def test_record_page_links_refs_equivalents_and_languages(client):
    record = load_corpus().get("guide-ja:I-A-03")
    html = client.get("/record/guide-ja:I-A-03").text
    for citation in record.refs + record.equivalents:
        assert f'href="/record/{quote(citation, safe="/")}"' in html
    assert "中文" in html


def test_language_switch_follows_the_item(client):
    response = client.get("/record/guide-ja:I-A-03?lang=zh", follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"].endswith("/record/guide-zh:I-A-03")


def test_card_pdf_is_rendered_in_memory(client):
    response = client.get("/cards.pdf", params={"ids": "guide-ja:I-A-03"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")
    assert client.get("/cards.pdf").status_code == 400


def test_shipped_examples_are_the_rulings_files():
    for example in EXAMPLES.glob("*.yaml"):
        assert example.read_text(encoding="utf-8") == (RULINGS / example.name).read_text(encoding="utf-8")


MARKUP = st.sampled_from(["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "\"'><b>x</b>",
                          "&lt;i&gt;", "</textarea><script>x()</script>"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(markup=MARKUP, prefix=st.text(alphabet="abcにげる ", max_size=5))
def test_markup_in_a_query_is_never_markup_on_the_page(client, markup, prefix):
    for url in ("/", "/term"):
        html = client.get(url, params={"q": prefix + markup}).text
        assert markup not in html


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(markup=MARKUP)
def test_markup_in_a_scenario_is_never_markup_on_the_page(client, markup):
    for scenario in (f"title: '{markup}'\nask: {{retreat: {{}}}}\n", f"{markup}: 1\n"):
        html = client.post("/check", data={"scenario": scenario}).text
        assert markup not in html


@pytest.mark.parametrize("lang", ["ja", "zh", "ko", "en"])
def test_check_in_a_language_is_check_lang_json(client, lang):
    path = sorted(RULINGS.glob("*.yaml"))[0]
    response = client.post(f"/api/check?lang={lang}", content=path.read_bytes())
    assert response.status_code == 200
    assert response.json() == {**check_file(path, lang=lang), "file": "scenario.yaml"}


@pytest.mark.parametrize("lang,verdict,outcome", [
    ("ja", "✓ できる（ワザ）", "ダメージ：相手のバトルポケモン 240"),
    ("zh", "✓ 可以（招式）", "伤害：对手的战斗宝可梦 240"),
    ("ko", "✓ 가능 (기술)", "데미지: 상대의 배틀 포켓몬 240"),
    ("en", "✓ ALLOWED (attack)", "damage: the opponent's Active Pokémon 240"),
])
def test_the_check_page_rules_in_the_judges_language(client, lang, verdict, outcome):
    import re

    text = (RULINGS / "attack" / "legacy-energy-prizes.yaml").read_text(encoding="utf-8")
    html = client.post("/check", data={"scenario": text, "lang": lang}).text
    assert re.search(r'<html lang="(\w+)"', html).group(1) == lang
    from markupsafe import escape  # as the templates escape text

    assert str(escape(verdict)) in html and str(escape(outcome)) in html
    assert f'<option value="{lang}" lang="{lang}" selected>' in html
    heads = re.findall(r'<b class="step-head">([^<]+)</b>', html)
    assert heads and not any(re.search(r"\b[a-z]+_[a-z_]+\b|\b(?:you|opponent)\.(?:active|bench)", h) for h in heads)


def test_an_unknown_ruling_language_is_refused(client):
    text = (RULINGS / "attack" / "legacy-energy-prizes.yaml").read_text(encoding="utf-8")
    assert client.post("/check", data={"scenario": text, "lang": "fr"}).status_code == 400


@pytest.mark.parametrize("which, definition", [("scenario", "scenario"), ("catalog", "catalog_file")])
def test_schema_is_the_schema_command_document(client, which, definition):
    from judgebot.engine.format.schema import published

    response = client.get(f"/api/schema/{which}.json")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/schema+json")
    assert response.text == published(definition)


def test_unknown_schema_is_a_json_404(client):
    response = client.get("/api/schema/deck.json")
    assert response.status_code == 404
    assert "deck" in response.json()["error"]["message"]
