"""The Starlette application of `judgebot serve`: pages for people and the JSON API
of CONTRACT.md (serve). A thin front end like cli.py: each route calls the library
(through `service`) and every error becomes an HTTP answer in one place,
`_error_response` — JSON on /api/, a page elsewhere, each with the security headers.

Many judges at once: searches run on a few threads of their own (each with its own
index reader), rulings in a pool of worker processes with a deadline that includes the
wait for a worker; a query is checked against the library's bounds before it waits.
"""

from __future__ import annotations

import asyncio
import time
from contextlib import asynccontextmanager
from http import HTTPStatus
from urllib.parse import parse_qs

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from judgebot import __version__
from judgebot.errors import InputError, JudgebotError, ScenarioError, UnknownIdError, shorten
from judgebot.web import card_routes, quick_routes, service, views
from judgebot.web.views import LANG_NAMES

MAX_BODY = 1024 * 1024  # bytes: a scenario is a few KB; the parser's own file limit is 1 MB
MAX_FORM_FIELDS = 10
SEARCH_LANGS = ("all", "ja", "zh", "ko", "en")
SHOWN_PATH = 100  # characters of a request's path quoted in an error
SECURITY_HEADERS = [
    # No inline script or style, nothing from another origin: text from a query or a
    # scenario can never run even if it reached the page unescaped.
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; object-src 'none'; "
                                 b"base-uri 'none'; frame-ancestors 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class BodyTooLarge(InputError):
    """A request body over MAX_BODY."""


templates = Environment(loader=PackageLoader("judgebot.web", "templates"),
                        autoescape=select_autoescape(default=True, default_for_string=True))
templates.globals.update(version=__version__, lang_names=views.LANG_NAMES, search_langs=views.SEARCH_LANG_LABELS)
templates.filters["plain"] = views.plain
templates.filters["doc_lang"] = views.doc_lang


def page(name: str, status: int = 200, headers: dict | None = None, **context) -> HTMLResponse:
    return HTMLResponse(templates.get_template(name).render(**context), status_code=status, headers=headers)


# -- errors: every one answered here ------------------------------------------------

def _status(exc: Exception) -> int:
    if getattr(exc, "http_status", None):  # real cards: 404 unknown, 409 ambiguous (web/card_routes.py)
        return exc.http_status
    if isinstance(exc, UnknownIdError):
        return 404
    if isinstance(exc, BodyTooLarge):
        return 413
    if isinstance(exc, service.Unavailable):
        return 503
    if isinstance(exc, JudgebotError):
        return 400
    if isinstance(exc, HTTPException):
        return exc.status_code
    return 500


def _message(request: Request, exc: Exception, status: int) -> str:
    if isinstance(exc, JudgebotError):
        return str(exc.detail) if isinstance(exc, ScenarioError) else str(exc)
    if isinstance(exc, HTTPException) and exc.detail != HTTPStatus(status).phrase:
        return str(exc.detail)  # a route's own words (no example named …)
    if status == 404:
        what = "API" if request.url.path.startswith("/api/") else "page"
        return f"no {what} at {shorten(request.url.path, SHOWN_PATH)}"
    if status == 405:
        allowed = _error_headers(exc).get("Allow", "")
        return f"{shorten(request.method, 10)} is not answered at {shorten(request.url.path, SHOWN_PATH)}; use {allowed}"
    if isinstance(exc, HTTPException):
        return str(exc.detail)
    return "internal error"


def _error_json(request: Request, exc: Exception, status: int) -> dict:
    if isinstance(exc, ScenarioError):
        error = {"line": exc.line, "column": exc.column, "key": exc.path, "message": exc.detail}
    else:
        error = {"message": _message(request, exc, status)}
    if isinstance(exc, UnknownIdError):
        error["suggestions"] = exc.suggestions
    if getattr(exc, "candidates", None):  # an ambiguous card name: the cards it names
        error["candidates"] = exc.candidates
    if getattr(exc, "nearest", None):  # an unknown card name: the nearest names
        error["suggestions"] = [name for _, name, _ in exc.nearest]
    return {"error": error}


METHOD_ORDER = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def _error_headers(exc: Exception) -> dict:
    headers = dict(getattr(exc, "headers", None) or {}) if isinstance(exc, HTTPException) else {}
    if "Allow" in headers:  # Starlette lists a route's methods from a set: in any order
        methods = [m.strip() for m in headers["Allow"].split(",")]
        headers["Allow"] = ", ".join(sorted(methods, key=lambda m: (METHOD_ORDER + (m,)).index(m)))
    if isinstance(exc, service.Unavailable):
        headers["Retry-After"] = str(exc.retry_after)
    return headers


async def _error_response(request: Request, exc: Exception) -> Response:
    """Every error the server answers with, mapped in this one place: JSON on /api/; a
    page elsewhere — the page the request came from when it has a place for the error
    (the scenario editor, the cards form), else the error page."""
    status = _status(exc)
    headers = _error_headers(exc)
    if request.url.path.startswith("/api/"):
        return JSONResponse(_error_json(request, exc, status), status_code=status, headers=headers)
    again = getattr(request.state, "error_page", None)
    if again is not None and isinstance(exc, JudgebotError):
        response = again(exc, status)
        response.headers.update(headers)
        return response
    suggestions = exc.suggestions if isinstance(exc, UnknownIdError) else []
    return page("error.html", status=status, headers=headers, status_code=status,
                message=_message(request, exc, status), suggestions=suggestions)


class SecurityHeaders:
    """ASGI middleware outside every other (so a 500 gets them too): the security
    headers and the server's own time (Server-Timing) on every response."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.perf_counter()

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                headers = list(message.get("headers", []))
                headers += [(name, value) for name, value in SECURITY_HEADERS if name not in present]
                took = (time.perf_counter() - started) * 1000
                headers.append((b"server-timing", f"app;dur={took:.1f}".encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class JudgebotApp(Starlette):
    def build_middleware_stack(self):
        return SecurityHeaders(super().build_middleware_stack())


# -- reading a request ------------------------------------------------------------

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


async def read_form(request: Request) -> dict[str, list[str]]:
    """A posted form (application/x-www-form-urlencoded), at most MAX_FORM_FIELDS fields."""
    text = (await read_body(request)).decode("utf-8", "replace")
    try:
        return parse_qs(text, max_num_fields=MAX_FORM_FIELDS)
    except ValueError:
        raise InputError(f"the form has more than {MAX_FORM_FIELDS} fields") from None


def _param(request: Request, name: str, default: str | None = None) -> str | None:
    value = request.query_params.get(name)
    return value if value not in (None, "") else default


def _limit(request: Request, default: int = 10) -> int:
    raw = _param(request, "limit")
    if raw is None:
        return default
    if not raw.isdigit() or not 1 <= int(raw) <= 200:
        raise InputError(f"limit: expected a whole number from 1 to 200, got {shorten(raw, 20)!r}")
    return int(raw)


def _search_lang(request: Request) -> str:
    lang = _param(request, "lang", "all")
    if lang not in SEARCH_LANGS:
        raise InputError(f"lang: expected one of {', '.join(SEARCH_LANGS)}, got {shorten(lang, 20)!r}")
    return lang


async def _search(request: Request, query: str, limit: int) -> dict:
    """A search by a search worker, its query checked against the library's bounds
    first (a 100 KB query is refused at once, however many searches are waiting)."""
    return await request.app.state.searches.search(query, _search_lang(request), _param(request, "doc"), limit)


# -- JSON API (CONTRACT.md serve) ------------------------------------------------

async def api_search(request: Request) -> Response:
    query = _param(request, "q")
    if query is None:
        raise InputError("q: expected a query, got nothing")
    return JSONResponse(await _search(request, query, _limit(request)))


async def api_show(request: Request) -> Response:
    record = await run_in_threadpool(service.show, request.path_params["ident"], _param(request, "lang"))
    return JSONResponse(record.to_contract())


async def api_term(request: Request) -> Response:
    return JSONResponse(await run_in_threadpool(service.term, _param(request, "q", "")))


async def api_check(request: Request) -> Response:
    body = await read_body(request)
    return JSONResponse(await request.app.state.rulings.rule(body, _param(request, "lang")))


async def api_schema(request: Request) -> Response:
    """The published JSON Schema (as `judgebot schema`): an editor can point
    `# yaml-language-server: $schema=` at this address."""
    from judgebot.engine.format.schema import published

    which = request.path_params["which"]
    definition = {"scenario": "scenario", "catalog": "catalog_file"}.get(which)
    if definition is None:
        raise HTTPException(404, f"no schema named {shorten(which, 40)}; expected scenario or catalog")
    return Response(published(definition), media_type="application/schema+json")


# -- pages ---------------------------------------------------------------------

async def search_page(request: Request) -> Response:
    query = _param(request, "q")
    lang = _search_lang(request)
    result = await _search(request, query, _limit(request, 20)) if query is not None else None
    return page("search.html", query=query or "", lang=lang,
                hits=views.search_hits(result) if result else None, result=result)


async def record_page(request: Request) -> Response:
    record = await run_in_threadpool(service.show, request.path_params["ident"], _param(request, "lang"))
    if record.id != request.path_params["ident"]:
        return RedirectResponse(request.url_for("record", ident=record.id), status_code=303)
    english = _param(request, "lang") == "en"
    return page("record.html", **views.record_page(record, service.corpus(), english))


async def term_page(request: Request) -> Response:
    word = _param(request, "q")
    result, suggestions = None, []
    if word is not None:
        # No entry is no dead end: the page offers the closest terms and a search of the rules.
        result, suggestions = await run_in_threadpool(service.term_or_suggestions, word)
    return page("term.html", query=word or "", result=result, suggestions=suggestions)


def _check_page(text: str, ruling: dict | None = None, error: JudgebotError | None = None,
                status: int = 200, lang: str = "en", example: str | None = None) -> HTMLResponse:
    examples = service.examples()
    if example is None:  # the example the editor holds, if it holds one unchanged
        example = next((name for name, ex in examples.items() if ex["text"] == text), None)
    return page("check.html", status=status, text=text, ruling=ruling, lang=lang,
                verdict=views.verdict(ruling, lang) if ruling else None,
                outcomes=views.outcomes(ruling, lang) if ruling else [],
                steps=views.steps(ruling, lang) if ruling else [],
                problem=views.check_problem(error, status) if error else None,
                lines=views.scenario_lines(text, getattr(error, "line", None)) if error else [],
                examples=examples, example=example)


async def check_page(request: Request) -> Response:
    if request.method in ("GET", "HEAD"):
        examples = service.examples()
        name = _param(request, "example")
        if name is not None and name not in examples:
            raise HTTPException(404, f"no example named {shorten(name, SHOWN_PATH)!r}")
        name = name or next(iter(examples))
        return _check_page(examples[name]["text"], lang=_ruling_lang(_param(request, "lang")), example=name)
    form = await read_form(request)
    text = (form.get("scenario") or [""])[0].replace("\r\n", "\n")
    lang = _ruling_lang((form.get("lang") or [None])[0])
    request.state.error_page = lambda exc, status: _check_page(text, error=exc, status=status, lang=lang)
    ruling = await request.app.state.rulings.rule(text, lang)
    return _check_page(text, ruling=ruling, lang=lang)


def _ruling_lang(value: str | None) -> str:
    """The language a ruling is written in: en, ja, zh or ko (English when not given)."""
    if value is None or value == "":
        return "en"
    if value not in LANG_NAMES:
        raise InputError(f"lang: expected one of {', '.join(LANG_NAMES)}, got {shorten(value, 20)!r}")
    return value


def _cards_form(request: Request, error: Exception | None = None, status: int = 200) -> HTMLResponse:
    corpus = service.corpus()
    return page("cards.html", status=status, ids=" ".join(_card_ids(request)),
                chapter=_param(request, "chapter", ""), lang=_param(request, "lang", ""),
                chapters=views.chapters(corpus), error=str(error) if error else None,
                suggestions=getattr(error, "suggestions", []))


async def cards_page(request: Request) -> Response:
    return _cards_form(request)


def _card_ids(request: Request) -> list[str]:
    """The records to print: each `id` parameter is one citation as written (spaces and
    all: `rules-ko:기술의 데미지 계산의 순서`); the form's `ids` field holds several,
    read by views.split_citations."""
    ids = [value for value in request.query_params.getlist("id") if value.strip()]
    return ids + views.split_citations(_param(request, "ids", "") or "")


async def cards_pdf(request: Request) -> Response:
    request.state.error_page = lambda exc, status: _cards_form(request, exc, status)
    ids = _card_ids(request)
    if len(ids) > 100:
        raise InputError(f"ids: at most 100 records per PDF, got {len(ids)}")
    if not ids and not _param(request, "chapter"):
        raise InputError("choose the records to print (their citations) or a chapter")
    pdf, _ = await run_in_threadpool(service.card_pdf, ids, _param(request, "chapter"),
                                     _param(request, "lang"))
    return Response(pdf, media_type="application/pdf",
                    headers={"content-disposition": 'attachment; filename="judgebot-cards.pdf"'})


# -- the application -------------------------------------------------------------

def _warm_up() -> None:
    """Corpus, glossary and search index loaded once per process, before the first
    request; the index checked whole against its manifest; the readings of the cards'
    printed texts made (or read from the user cache) for the card and quick pages."""
    from judgebot.engine.format.printed_text import warm
    from judgebot.glossary import glossary
    from judgebot.search import ensure_index

    service.corpus()
    glossary()
    try:
        ensure_index()
    except JudgebotError:
        pass  # an unwritable cache: each search worker reads the shipped index instead
    service.examples()
    warm()


def create_app(ruling_seconds: float = service.RULING_SECONDS, warm_up: bool = True,
               workers: int = service.RULING_WORKERS, search_workers: int = service.SEARCH_WORKERS) -> Starlette:
    """The app: `workers` ruling processes (each ruling bounded by `ruling_seconds`,
    the wait for a worker included) and `search_workers` search processes."""
    rulings = service.RulingPool(workers, ruling_seconds)
    searches = service.SearchPool(search_workers)

    @asynccontextmanager
    async def lifespan(app: Starlette):
        if warm_up:
            await run_in_threadpool(_warm_up)
            await asyncio.gather(searches.start(), rulings.start())
        try:
            yield
        finally:
            await asyncio.gather(rulings.close(), searches.close())

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
        *quick_routes.routes(page),  # the quick ruling (web/quick_routes.py)
        Mount("/static", StaticFiles(packages=[("judgebot.web", "static")]), name="static"),
    ]
    app = JudgebotApp(routes=routes, lifespan=lifespan,
                      exception_handlers={JudgebotError: _error_response, HTTPException: _error_response,
                                          Exception: _error_response})
    app.state.rulings, app.state.searches = rulings, searches
    return app

