"""`serve`: the real-card API and page (CONTRACT.md serve): /api/card, /api/cards, /card."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from judgebot.web.app import create_app


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(warm_up=False))


def test_api_card_is_the_card_json_document(client):
    response = client.get("/api/card", params={"q": "OBF 125"})
    assert response.status_code == 200
    doc = response.json()
    assert doc["id"] == "sv03-125" and doc["name"]["ja"] == "リザードンex" and doc["print"]["set"] == "OBF"
    assert set(doc) >= {"id", "name", "category", "stage", "evolves_from", "rule", "types", "hp", "weakness",
                        "resistance", "retreat", "abilities", "attacks", "regulation_mark", "standard", "prints",
                        "records", "rulings"}


def test_api_card_unknown_is_404_ambiguous_409(client):
    response = client.get("/api/card", params={"q": "Ironn Hanz"})
    assert response.status_code == 404 and "Iron Hands" in response.json()["error"]["suggestions"]
    response = client.get("/api/card", params={"q": "Charizard ex"})
    assert response.status_code == 409
    assert {c["id"] for c in response.json()["error"]["candidates"]} == {"sv03-125", "sv03.5-006"}
    assert client.get("/api/card").status_code == 400
    assert client.get("/api/card", params={"q": "x" * 500}).status_code == 400


def test_api_cards_prefix_for_autocomplete(client):
    response = client.get("/api/cards", params={"prefix": "ドラパ", "limit": 3})
    assert response.status_code == 200
    cards = response.json()["cards"]
    assert cards and all(set(c) == {"id", "name", "lang"} for c in cards)
    assert any(c["id"] == "sv06-130" for c in cards)
    assert client.get("/api/cards", params={"prefix": "a", "limit": 999}).status_code == 400


def test_the_card_page_escapes_what_it_echoes(client):
    page = client.get("/card", params={"q": "Jamming Tower", "lang": "ja"})
    assert page.status_code == 200 and "ジャミングタワー" in page.text
    hostile = client.get("/card", params={"q": "<script>alert(1)</script>"})
    assert hostile.status_code == 404 and "<script>alert" not in hostile.text
