"""`judgebot serve`: real cards — `GET /api/card?q=`, `GET /api/cards?prefix=` and the
card page `/card?q=` (CONTRACT.md serve). Kept apart from app.py: app.py adds
`routes(page)` before its /api/ catch-all (passing its page renderer) and maps the errors
(404 unknown, 409 ambiguous) in its one place through their `http_status`."""

from __future__ import annotations

from typing import Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from judgebot.errors import InputError

LANGS = ("en", "ja", "zh", "ko")
MAX_QUERY = 200


def _query(request: Request, name: str) -> str:
    value = request.query_params.get(name)
    if value is None or not value.strip():
        raise InputError(f"{name}: expected a card's name, number or id, got nothing")
    if len(value) > MAX_QUERY:
        raise InputError(f"{name}: at most {MAX_QUERY} characters, got {len(value):,}")
    return value


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang") or "en"
    if lang not in LANGS:
        raise InputError(f"lang: expected one of {', '.join(LANGS)}, got {lang[:20]!r}")
    return lang


def _card(query: str, lang: str) -> dict:
    from judgebot.card_answer import card_document

    return card_document(query, lang)


def _prefix(text: str, limit: int) -> dict:
    from judgebot.carddb import lookup

    return {"cards": lookup.prefix(text, limit)}


async def api_card(request: Request) -> Response:
    return JSONResponse(await run_in_threadpool(_card, _query(request, "q"), _lang(request)))


async def api_cards(request: Request) -> Response:
    raw = request.query_params.get("limit") or "10"
    if not raw.isdigit() or not 1 <= int(raw) <= 50:
        raise InputError(f"limit: expected a whole number from 1 to 50, got {raw[:20]!r}")
    return JSONResponse(await run_in_threadpool(_prefix, _query(request, "prefix"), int(raw)))


def routes(page: Callable[..., Response]) -> list[Route]:
    async def card_page(request: Request) -> Response:
        from judgebot.i18n import msg, render
        from judgebot.web.card_view import card_view

        query = request.query_params.get("q")
        lang = _lang(request)
        doc = await run_in_threadpool(_card, _query(request, "q"), lang) if query else None
        view = await run_in_threadpool(card_view, doc, lang) if doc else None
        labels = {key: render(msg(f"quick.card.{key}"), lang) for key in ("query", "look_up", "sheet")}
        return page("card.html", query=query or "", lang=lang, card=doc, view=view, labels=labels,
                    view_ability=render(msg("card.show.ability"), lang))

    return [
        Route("/card", card_page, name="card"),
        Route("/api/card", api_card),
        Route("/api/cards", api_cards),
    ]
