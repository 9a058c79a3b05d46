"""Security for the whole site: headers on every response, lazy sessions, CSRF, and the judge's gate.

    security.install(app, settings)            # middleware + the /cuenta router
    access: Access = Depends(judge_access)     # on judge routes: 401 / 403 / 429 with a clear message
    remaining = record_question(access)        # after a successful answer

The middleware only adds headers: it never reads a cookie or the accounts database, so the free pages
(rules, glossary, cards, mechanics, diffs, search, Yu-Gi-Oh) cost the same with accounts installed.
Sessions are loaded by the dependencies below, on the few routes that declare them."""

from __future__ import annotations

import datetime as dt
import logging
import re
from urllib.parse import parse_qsl

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from ..accounts import Access, Account, AccountError, Accounts, AccountSettings, Forbidden, Mailer, tokens
from ..accounts.db import now, today

log = logging.getLogger("gatewatch.web")
SESSION_COOKIE = "gw_session"
CSRF_COOKIE = "gw_csrf"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"
REMAINING_HEADER = "X-Gatewatch-Remaining"
CSP = ("default-src 'self'; style-src 'self'; script-src 'self'; img-src 'self' data:; object-src 'none'; "
       "frame-ancestors 'none'; form-action 'self'; base-uri 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"same-origin"), (b"x-frame-options", b"DENY"),
           (b"cross-origin-opener-policy", b"same-origin"),
           (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()")]
HSTS = (b"strict-transport-security", b"max-age=31536000; includeSubDomains")
MAX_FORM = 16_384
_UNSET = object()
_NONCE = re.compile(r"^[A-Za-z0-9_-]{43}$")


class SecurityHeaders:
    """Pure ASGI (no BaseHTTPMiddleware): adds the headers to every response, static files and errors included."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        https = scope.get("scheme") == "https"

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [h for h in HEADERS if h[0] not in have] + ([HSTS] if https else [])
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _RedactQueries(logging.Filter):
    """Uvicorn's access log prints each path with its query: a reset link's token must not end up there."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str) and args[2].startswith("/cuenta"):
            record.args = (*args[:2], args[2].split("?", 1)[0], *args[3:])
        return True


def install(app: FastAPI, settings: AccountSettings | None = None, mailer: Mailer | None = None) -> Accounts:
    """Add the security middleware, the account pages and the account error handler to `app`."""
    from . import pages_accounts

    if getattr(app.state, "accounts", None) is not None:
        return app.state.accounts
    accounts = Accounts(settings or AccountSettings.from_env(), mailer)
    app.state.accounts = accounts
    # Wrapped around the whole stack rather than add_middleware: Starlette answers unhandled errors (500) in
    # its outermost middleware, and those responses need the headers too.
    build_stack = app.build_middleware_stack
    app.build_middleware_stack = lambda: SecurityHeaders(build_stack())  # type: ignore[method-assign]
    app.include_router(pages_accounts.router)

    @app.exception_handler(AccountError)
    async def account_error(request: Request, err: AccountError):
        return error_response(request, err)

    access_log = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, _RedactQueries) for f in access_log.filters):
        access_log.addFilter(_RedactQueries())
    return accounts


def error_response(request: Request, err: AccountError) -> Response:
    from .app import error_response as shared_error_response
    from .i18n import pick_lang

    lang = pick_lang(request.query_params.get("lang"))
    response = shared_error_response(request, err.status, err.code, err.text(lang))
    if err.status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="gatewatch"'
    elif err.status == 429:
        response.headers[REMAINING_HEADER] = "0"
        tomorrow = dt.datetime.combine(today() + dt.timedelta(days=1), dt.time())
        response.headers["Retry-After"] = str(int((tomorrow - now()).total_seconds()) + 1)
    return response


def accounts_of(request: Request) -> Accounts:
    return request.app.state.accounts


# Sessions: looked up only by the routes that ask for them, once per request.
async def current_account(request: Request) -> Account | None:
    if getattr(request.state, "account", _UNSET) is _UNSET:
        token = request.cookies.get(SESSION_COOKIE)
        request.state.account = (await run_in_threadpool(accounts_of(request).session_account, token)
                                 if token else None)
    return request.state.account


def cookie_secure(request: Request) -> bool:
    return accounts_of(request).settings.secure_cookies or request.url.scheme == "https"


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    days = accounts_of(request).settings.session_days
    response.set_cookie(SESSION_COOKIE, token, max_age=days * 86400, path="/", httponly=True, samesite="lax",
                        secure=cookie_secure(request))


def clear_session_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=cookie_secure(request))


# CSRF: the form carries HMAC(secret, nonce) and the browser the nonce in an HttpOnly cookie. Another
# site can make the browser send the cookie, but it can neither read it nor forge the signature.
def csrf_token(request: Request) -> str:
    nonce = request.cookies.get(CSRF_COOKIE, "")
    if not _NONCE.match(nonce):
        nonce = getattr(request.state, "new_csrf_nonce", None) or tokens.new_token()
        request.state.new_csrf_nonce = nonce
    return tokens.sign(accounts_of(request).settings.secret_key, "csrf:" + nonce)


def set_csrf_cookie(request: Request, response: Response) -> None:
    """Call on every response whose page called csrf_token(): sets the nonce cookie when it is new."""
    nonce = getattr(request.state, "new_csrf_nonce", None)
    if nonce:
        response.set_cookie(CSRF_COOKIE, nonce, path="/", httponly=True, samesite="lax",
                            secure=cookie_secure(request))


def check_csrf(request: Request, submitted: str | None) -> None:
    nonce = request.cookies.get(CSRF_COOKIE, "")
    expected = tokens.sign(accounts_of(request).settings.secret_key, "csrf:" + nonce)
    if not _NONCE.match(nonce) or not submitted or not tokens.same(expected, submitted):
        raise Forbidden("Falta el token CSRF del formulario o no es válido: recarga la página y envíalo otra vez.",
                        "The form's CSRF token is missing or invalid: reload the page and send it again.")


async def read_form(request: Request) -> dict[str, str]:
    """The url-encoded form of a POST, its CSRF token checked. (Parsed here: no python-multipart needed.)"""
    body = await request.body()
    if len(body) > MAX_FORM:
        raise AccountError("Formulario demasiado grande.", "Form too large.")
    form = dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
    check_csrf(request, form.get(CSRF_FIELD))
    return form


# The judge's gate.
async def judge_access(request: Request) -> Access:
    """The caller's access to the judge: an API key (Authorization: Bearer) or the logged-in session.

    401 without either, 403 for an unknown, revoked or other account's key, 429 over today's allowance."""
    bearer = _bearer(request)
    account = await current_account(request)
    if bearer is None and account is not None and request.headers.get("sec-fetch-site") == "cross-site":
        # A session cookie sent by another site's page is not the user asking.
        raise Forbidden("Petición de otro sitio rechazada.", "Cross-site request refused.")
    service = accounts_of(request)
    access = await run_in_threadpool(service.access, account, bearer)
    access._service = service
    return access


def record_question(access: Access) -> int:
    """Count one answered question (blocking: call it from a thread); returns the questions left today."""
    return access._service.record_question(access)


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise Forbidden("Cabecera Authorization mal formada: usa «Bearer <clave>».",
                        "Malformed Authorization header: use 'Bearer <key>'.")
    return value.strip()


__all__ = ["CSRF_FIELD", "REMAINING_HEADER", "SecurityHeaders", "check_csrf", "csrf_token", "current_account",
           "install", "judge_access", "read_form", "record_question", "set_csrf_cookie", "set_session_cookie"]
