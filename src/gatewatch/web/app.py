"""The FastAPI application: routers, one error shape for every error, static files, the home page."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from swagger_ui_bundle import swagger_ui_path

from .. import __version__, config
from ..errors import GatewatchError, NotFound, QueryError
from ..store import Store, open_store
from ..table import BoardError
from . import api, i18n, pages_cards, pages_judge, pages_rules, pages_search, pages_table, pages_ygo, security
from .site import TEMPLATES, Site, page

log = logging.getLogger("gatewatch.web")
DOCS_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gatewatch API</title>
<link rel="stylesheet" href="/static/swagger/swagger-ui.css"></head><body><div id="swagger-ui"></div>
<script src="/static/swagger/swagger-ui-bundle.js"></script><script src="/static/docs.js"></script></body></html>"""


def create_app(db_path: Path | None = None) -> FastAPI:
    store: Store = open_store(db_path or config.db_path())
    app = FastAPI(title="Gatewatch", version=__version__, docs_url=None, redoc_url=None,
                  description="Comprehensive Rules, cards and rulings for Magic: The Gathering, in Spanish and "
                              "English. Every HTML page also has a `.json` twin.")
    app.state.site = Site(store)
    # The API docs work offline: Swagger UI's files come from a Python package, not from a CDN.
    app.mount("/static/swagger", StaticFiles(directory=swagger_ui_path), name="swagger")
    app.mount("/static", StaticFiles(directory=str(Path(__file__).parent / "static")), name="static")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return HTMLResponse(DOCS_PAGE)
    for router in (api.router, pages_judge.router, pages_table.router, pages_search.router, pages_rules.router,
                   pages_cards.router, pages_ygo.router):
        app.include_router(router)

    @app.get("/", include_in_schema=False)
    @app.get("/index.json", include_in_schema=False)
    def home(request: Request, lang: str | None = None):
        lang = i18n.pick_lang(lang)
        versions = app.state.site.versions
        data = {"latest": versions[-1], "previous": versions[-2] if len(versions) > 1 else None,
                "versions": len(versions)}
        return page(request, "home.html", data, lang=lang, as_json=request.url.path.endswith(".json"),
                    title=i18n.label(lang, "tagline"))

    _install_error_handlers(app)
    # Security headers on every response, the /cuenta pages, and the accounts DB (opened on first use).
    security.install(app)
    threading.Thread(target=_warm_up, args=(store,), name="gatewatch-warm-up", daemon=True).start()
    return app


def _warm_up(store: Store) -> None:
    """Load the judge's lexicon, vectors and embedder before the first question needs them."""
    try:
        from ..judge import ask
        ask("warm up: deathtouch and trample", store=store, backend=None)
    except Exception:  # noqa: BLE001 - a failed warm-up only means a slower first question
        log.exception("judge warm-up failed")


def _wants_html(request: Request) -> bool:
    path = request.url.path
    return not (path.startswith("/api/") or path.endswith(".json") or path in ("/openapi.json",))


def error_response(request: Request, status: int, code: str, message: str, suggestions: list[str] | None = None,
                   extra: dict | None = None):
    """One JSON error shape everywhere; HTML pages get a helpful page with the same content."""
    body = {"error": {"status": status, "code": code, "message": message, "suggestions": suggestions or [],
                      **(extra or {})}}
    if _wants_html(request):
        lang = i18n.pick_lang(request.query_params.get("lang"))
        return TEMPLATES.TemplateResponse(request, "error.html", {
            "request": request, "lang": lang, "data": body["error"], "title": i18n.label(lang, "not_found")
            if status == 404 else message, "path": request.url.path, "query": str(request.url.query)},
            status_code=status)
    return JSONResponse(body, status_code=status)


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(NotFound)
    async def not_found(request: Request, err: NotFound):
        return error_response(request, 404, "not_found", str(err), err.suggestions)

    @app.exception_handler(BoardError)
    async def board_error(request: Request, err: BoardError):
        return error_response(request, 422, "invalid_board", str(err), extra={"problems": err.to_json()})

    @app.exception_handler(QueryError)
    async def query_error(request: Request, err: QueryError):
        return error_response(request, 400, "bad_query", err.message, extra={"position": err.position})

    @app.exception_handler(GatewatchError)
    async def domain_error(request: Request, err: GatewatchError):
        return error_response(request, 400, "bad_request", str(err))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, err: RequestValidationError):
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in err.errors())
        return error_response(request, 422, "invalid_request", problems)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException):
        code = {404: "not_found", 405: "method_not_allowed"}.get(err.status_code, "http_error")
        return error_response(request, err.status_code, code, str(err.detail))

    @app.exception_handler(Exception)
    async def server_error(request: Request, err: Exception):
        log.exception("unhandled error on %s", request.url.path)
        return error_response(request, 500, "internal_error", "Internal error: it has been logged.")
