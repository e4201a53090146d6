"""`serve`: the quick ruling page as a plain HTML form (no script needed) and its JSON,
GET /api/quick — the same ruling `judgebot check` gives on the YAML it shows."""

from __future__ import annotations

import html
import re

import pytest
from starlette.testclient import TestClient

from judgebot.quick import rule_here
from judgebot.web.app import create_app

CHARIZARD = {"you": "Charizard ex", "attack": "Burning Darkness", "opp": "Iron Hands ex", "opp_prizes": "3"}
IRON_HANDS = {"you": "Iron Hands ex", "attack": "Arm Press", "opp": "Charizard ex OBF 125", "opp_prizes": "3"}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(warm_up=False, workers=1, search_workers=1)) as test_client:
        yield test_client


def _yaml(page: str) -> str:
    match = re.search(r'<textarea id="quick-yaml"[^>]*>(.*?)</textarea>', page, re.S)
    return html.unescape(match.group(1)) if match else ""


def test_the_empty_page_is_a_form_that_asks_for_the_cards(client):
    page = client.get("/quick")
    assert page.status_code == 200
    assert '<form id="quick" class="quick" action="/quick" method="get"' in page.text
    assert 'id="q-you"' in page.text and "autofocus" in page.text
    assert "<script>" not in page.text and 'src="/static/app.js"' in page.text  # CSP: no inline script


def test_the_form_without_script_step_by_step(client):
    # 1. The two cards named: the attacks of the attacker offered, no ruling yet.
    page = client.get("/quick", params={"you": "Iron Hands ex", "opp": "Charizard ex OBF 125"}).text
    assert '<option value="Arm Press">Arm Press [LLC] 160</option>' in page
    assert "Choose the attack." in page and 'id="quick-yaml"' not in page
    # 2. The attack chosen: the Energy it costs filled in, the ruling and the YAML shown.
    page = client.get("/quick", params=IRON_HANDS).text
    assert 'name="you_energy" value="Lightning, Lightning, Lightning"' in page
    yaml_text = _yaml(page)
    assert yaml_text.startswith("format: 2\nyou: {active: {card: Iron Hands ex, energy: [lightning, lightning, lightning]}}")
    ruling = rule_here(yaml_text, "en")
    assert ruling["damage"] == {"opponent.active": 160}
    from judgebot.web.views import outcomes, verdict

    from markupsafe import escape

    assert str(escape(verdict(ruling, "en"))) in page
    assert all(str(escape(line)) in page for line in outcomes(ruling, "en"))
    # The scenario opens in the Check page: posted there, ruled there.
    assert '<form action="/check" method="post" class="inline">' in page
    checked = client.post("/check", data={"scenario": yaml_text, "lang": "en"})
    assert checked.status_code == 200 and "ALLOWED" in checked.text.upper()


def test_the_json_is_the_ruling_of_the_yaml_it_shows(client):
    doc = client.get("/api/quick", params=IRON_HANDS).json()
    assert doc["missing"] == [] and doc["error"] is None
    assert doc["ruling"]["damage"] == {"opponent.active": 160}
    expected = rule_here(doc["scenario"], "en")
    expected["file"] = doc["ruling"]["file"]
    assert doc["ruling"] == expected


def test_japanese_names_and_a_japanese_ruling(client):
    doc = client.get("/api/quick", params={"lang": "ja", "you": "テツノカイナex", "attack": "アームプレス",
                                           "opp": "リザードンex OBF 125"}).json()
    assert "テツノカイナex" in doc["scenario"] and doc["ruling"]["damage"] == {"opponent.active": 160}
    assert any("ダメージ" in step["text"] for step in doc["ruling"]["steps"])


def test_what_the_engine_asks_for_is_a_field_of_the_page(client):
    params = {"ask": "checkup", "you": "Iron Hands ex", "opp": "Budew", "you_cond": "burned"}
    doc = client.get("/api/quick", params=params).json()
    assert doc["ruling"] is None and doc["needs"] == "coins" and doc["error"]["key"] == "coins"
    page = client.get("/quick", params=params).text
    assert 'id="q-coins"' in page and 'aria-invalid="true"' in page and "coin flip 1" in page
    doc = client.get("/api/quick", params={**params, "coins": "h"}).json()
    assert doc["ruling"]["conditions"] == {"you.active": []}


def test_the_attack_text_is_applied(client):
    doc = client.get("/api/quick", params=CHARIZARD).json()
    assert doc["ruling"]["damage"] == {"opponent.active": 270}  # 180 + 30 for each of the 3 Prize cards taken


def test_a_refused_text_is_shown_with_its_line(client):
    # Memory Lock ("Choose 1 of your opponent's Active Pokémon's attacks …") is no template's.
    params = {"you": "me03-059", "attack": "Memory Lock", "opp": "Iron Hands ex"}
    doc = client.get("/api/quick", params=params).json()
    assert doc["ruling"] is None
    page = client.get("/quick", params=params).text
    assert "Cannot rule on that:" in page and "line 2: you.active.card: me03-059" in page
    assert "the text of its attack Memory Lock is not modelled" in page


def test_candidates_and_nearest_names_are_links_that_fill_the_field(client):
    page = client.get("/quick", params={"you": "Iron Hands ex", "attack": "Arm Press", "opp": "Charizard ex"}).text
    links = re.findall(r'<a class="pick" id="q-opp-pick-\d" href="([^"]+)" data-field="q-opp" data-value="([^"]+)"', page)
    assert [value for _, value in links] == ["Charizard ex OBF 125", "Charizard ex MEW 006"]
    follow = client.get(html.unescape(links[0][0]))
    assert follow.status_code == 200 and _yaml(follow.text).count("Charizard ex OBF 125") == 1
    page = client.get("/quick", params={"you": "Iron Handz ex", "opp": "Budew"}).text
    assert 'data-field="q-you" data-value="Iron Hands ex"' in page


def test_bad_fields_are_400_with_the_form_again(client):
    page = client.get("/quick", params={"you_damage": "lots"})
    assert page.status_code == 400 and "you_damage: expected a whole number" in page.text and 'id="q-you"' in page.text
    api = client.get("/api/quick", params={"nope": "1"})
    assert api.status_code == 400 and api.json()["error"]["message"].startswith("nope: not a field")
    hostile = client.get("/quick", params={"you": "<script>alert(1)</script>", "opp": "Budew"})
    assert hostile.status_code == 200 and "<script>alert" not in hostile.text
    assert hostile.headers["content-security-policy"].startswith("default-src 'self'")
