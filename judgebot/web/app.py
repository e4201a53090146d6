"""The Starlette application of `judgebot serve`: pages for people and the JSON API
of CONTRACT.md (serve). A thin front end like cli.py: each route calls the library
(through `service`) and every domain error becomes an HTTP answer in one place,
`_error_response` — JSON on /api/, a page elsewhere.
"""

from __future__ import annotations

import time
from contextlib import asynccontextmanager
from urllib.parse import parse_qs

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from judgebot import __version__
from judgebot.errors import InputError, JudgebotError, ScenarioError, UnknownIdError
from judgebot.web import card_routes, service, views
from judgebot.web.views import LANG_NAMES

MAX_BODY = 1024 * 1024  # bytes: a scenario is a few KB; the parser's own file limit is 1 MB
SEARCH_LANGS = ("all", "ja", "zh", "ko", "en")
SECURITY_HEADERS = {
    # No inline script or style, nothing from another origin: text from a query or a
    # scenario can never run even if it reached the page unescaped.
    "content-security-policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; "
                               "base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


class BodyTooLarge(InputError):
    """A request body over MAX_BODY."""


templates = Environment(loader=PackageLoader("judgebot.web", "templates"),
                        autoescape=select_autoescape(default=True, default_for_string=True))
templates.globals.update(version=__version__, lang_names=views.LANG_NAMES)
templates.filters["plain"] = views.plain


def page(name: str, status: int = 200, **context) -> HTMLResponse:
    return HTMLResponse(templates.get_template(name).render(**context), status_code=status)


def _status(exc: Exception) -> int:
    if getattr(exc, "http_status", None):  # real cards: 404 unknown, 409 ambiguous (web/card_routes.py)
        return exc.http_status
    if isinstance(exc, UnknownIdError):
        return 404
    if isinstance(exc, BodyTooLarge):
        return 413
    if isinstance(exc, service.RulingTimeout):
        return 503
    if isinstance(exc, JudgebotError):
        return 400
    if isinstance(exc, HTTPException):
        return exc.status_code
    return 500


def _error_json(exc: Exception) -> dict:
    if isinstance(exc, ScenarioError):
        error = {"line": exc.line, "column": exc.column, "key": exc.path, "message": exc.detail}
    elif isinstance(exc, (JudgebotError, HTTPException)):
        error = {"message": str(exc.detail if isinstance(exc, HTTPException) else exc)}
    else:
        error = {"message": "internal error"}
    if isinstance(exc, UnknownIdError):
        error["suggestions"] = exc.suggestions
    if getattr(exc, "candidates", None):  # an ambiguous card name: the cards it names
        error["candidates"] = exc.candidates
    if getattr(exc, "nearest", None):  # an unknown card name: the nearest names
        error["suggestions"] = [name for _, name, _ in exc.nearest]
    return {"error": error}


async def _error_response(request: Request, exc: Exception) -> Response:
    """Every error the server answers with, mapped in this one place."""
    status = _status(exc)
    if request.url.path.startswith("/api/"):
        return JSONResponse(_error_json(exc), status_code=status)
    if isinstance(exc, ScenarioError) and hasattr(request.state, "scenario"):
        return _check_page(request.state.scenario, error=exc, status=status,
                           lang=getattr(request.state, "lang", "en"))
    message = _error_json(exc)["error"]["message"]
    suggestions = exc.suggestions if isinstance(exc, UnknownIdError) else []
    return page("error.html", status=status, status_code=status, message=message,
                suggestions=suggestions)


async def read_body(request: Request) -> bytes:
    """The request body, refused past MAX_BODY bytes without reading the rest."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY:
        raise BodyTooLarge(f"request body of {int(declared):,} bytes, over the limit of {MAX_BODY:,}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BodyTooLarge(f"request body over the limit of {MAX_BODY:,} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _param(request: Request, name: str, default: str | None = None) -> str | None:
    value = request.query_params.get(name)
    return value if value not in (None, "") else default


def _limit(request: Request, default: int = 10) -> int:
    raw = _param(request, "limit")
    if raw is None:
        return default
    if not raw.isdigit() or not 1 <= int(raw) <= 200:
        raise InputError(f"limit: expected a whole number from 1 to 200, got {raw[:20]!r}")
    return int(raw)


def _search_lang(request: Request) -> str:
    lang = _param(request, "lang", "all")
    if lang not in SEARCH_LANGS:
        raise InputError(f"lang: expected one of {', '.join(SEARCH_LANGS)}, got {lang[:20]!r}")
    return lang


# -- JSON API (CONTRACT.md serve) ------------------------------------------------

async def api_search(request: Request) -> Response:
    query = _param(request, "q")
    if query is None:
        raise InputError("q: expected a query, got nothing")
    result = await run_in_threadpool(service.search, query, _search_lang(request),
                                     _param(request, "doc"), _limit(request))
    return JSONResponse(result)


async def api_show(request: Request) -> Response:
    record = await run_in_threadpool(service.show, request.path_params["ident"], _param(request, "lang"))
    return JSONResponse(record.to_contract())


async def api_term(request: Request) -> Response:
    return JSONResponse(await run_in_threadpool(service.term, _param(request, "q", "")))


async def api_check(request: Request) -> Response:
    body = await read_body(request)
    ruling = await run_in_threadpool(request.app.state.rulings.rule, body, _param(request, "lang"))
    return JSONResponse(ruling)


async def api_schema(request: Request) -> Response:
    """The published JSON Schema (as `judgebot schema`): an editor can point
    `# yaml-language-server: $schema=` at this address."""
    from judgebot.engine.format.schema import published

    which = request.path_params["which"]
    definition = {"scenario": "scenario", "catalog": "catalog_file"}.get(which)
    if definition is None:
        raise HTTPException(404, "no schema named " + which[:40] + "; expected scenario or catalog")
    return Response(published(definition), media_type="application/schema+json")


async def api_not_found(request: Request) -> Response:
    raise HTTPException(404, f"no API at {request.url.path[:100]}")


# -- pages ---------------------------------------------------------------------

async def search_page(request: Request) -> Response:
    query = _param(request, "q")
    lang = _search_lang(request)
    result = None
    if query is not None:
        result = await run_in_threadpool(service.search, query, lang, _param(request, "doc"),
                                         _limit(request, 20))
    return page("search.html", query=query or "", lang=lang,
                hits=views.search_hits(result) if result else None, result=result)


async def record_page(request: Request) -> Response:
    record = await run_in_threadpool(service.show, request.path_params["ident"], _param(request, "lang"))
    if record.id != request.path_params["ident"]:
        return RedirectResponse(request.url_for("record", ident=record.id), status_code=303)
    return page("record.html", **views.record_page(record, service.corpus()))


async def term_page(request: Request) -> Response:
    word = _param(request, "q")
    result = await run_in_threadpool(service.term, word) if word is not None else None
    return page("term.html", query=word or "", result=result)


def _check_page(text: str, ruling: dict | None = None, error: ScenarioError | None = None,
                status: int = 200, lang: str = "en") -> HTMLResponse:
    return page("check.html", status=status, text=text, ruling=ruling, error=error, lang=lang,
                verdict=views.verdict(ruling, lang) if ruling else None,
                outcomes=views.outcomes(ruling, lang) if ruling else [],
                steps=views.steps(ruling, lang) if ruling else [],
                lines=views.scenario_lines(text, error.line if error else None) if error else [],
                examples=service.examples())


async def check_page(request: Request) -> Response:
    if request.method == "GET":
        examples = service.examples()
        name = _param(request, "example")
        if name is not None and name not in examples:
            raise HTTPException(404, f"no example named {name[:100]!r}")
        text = examples[name]["text"] if name else next(iter(examples.values()))["text"]
        return _check_page(text, lang=_ruling_lang(_param(request, "lang")))
    form = parse_qs((await read_body(request)).decode("utf-8", "replace"), max_num_fields=10)
    text = (form.get("scenario") or [""])[0].replace("\r\n", "\n")
    lang = _ruling_lang((form.get("lang") or [None])[0])
    request.state.scenario, request.state.lang = text, lang
    ruling = await run_in_threadpool(request.app.state.rulings.rule, text, lang)
    return _check_page(text, ruling=ruling, lang=lang)


def _ruling_lang(value: str | None) -> str:
    """The language a ruling is written in: en, ja, zh or ko (English when not given)."""
    if value is None or value == "":
        return "en"
    if value not in LANG_NAMES:
        raise InputError(f"lang: expected one of {', '.join(LANG_NAMES)}, got {value[:20]!r}")
    return value


async def cards_page(request: Request) -> Response:
    return page("cards.html", ids=_param(request, "ids", ""), chapter=_param(request, "chapter", ""))


async def cards_pdf(request: Request) -> Response:
    ids = [part for part in (_param(request, "ids", "") or "").replace(",", " ").split() if part]
    if len(ids) > 100:
        raise InputError(f"ids: at most 100 records per PDF, got {len(ids)}")
    pdf, _ = await run_in_threadpool(service.card_pdf, ids, _param(request, "chapter"),
                                     _param(request, "lang"))
    return Response(pdf, media_type="application/pdf",
                    headers={"content-disposition": 'attachment; filename="judgebot-cards.pdf"'})


# -- the application -------------------------------------------------------------

def _warm_up() -> None:
    """Corpus, glossary and search index loaded once per process, before the first request."""
    from judgebot.glossary import glossary
    from judgebot.search import ensure_index
    from judgebot.search.index import open_searcher

    service.corpus()
    glossary()
    ensure_index()
    open_searcher()


def create_app(ruling_seconds: float = service.RULING_SECONDS, warm_up: bool = True) -> Starlette:
    @asynccontextmanager
    async def lifespan(app: Starlette):
        if warm_up:
            await run_in_threadpool(_warm_up)
        yield
        app.state.rulings.close()

    async def headers(request: Request, call_next):
        started = time.perf_counter()
        response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        response.headers["server-timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.1f}"
        return response

    routes = [
        Route("/", search_page, name="search"),
        Route("/record/{ident:path}", record_page, name="record"),
        Route("/term", term_page, name="term"),
        Route("/check", check_page, methods=["GET", "POST"], name="check"),
        Route("/cards", cards_page, name="cards"),
        Route("/cards.pdf", cards_pdf, name="cards_pdf"),
        Route("/api/search", api_search),
        Route("/api/show/{ident:path}", api_show),
        Route("/api/term", api_term),
        Route("/api/check", api_check, methods=["POST"]),
        Route("/api/schema/{which}.json", api_schema),
        *card_routes.routes(page),  # real cards (web/card_routes.py)
        Route("/api/{rest:path}", api_not_found, methods=["GET", "POST"]),
        Mount("/static", StaticFiles(packages=[("judgebot.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(BaseHTTPMiddleware, dispatch=headers)],
                    exception_handlers={JudgebotError: _error_response, HTTPException: _error_response,
                                        Exception: _error_response})
    app.state.rulings = service.RulingWorker(ruling_seconds)
    return app
