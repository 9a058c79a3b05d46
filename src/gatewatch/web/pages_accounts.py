"""Account pages under /cuenta: sign-up, log-in, log-out, password reset, plan and API keys.

Every form is a POST carrying a CSRF token; every answer is `no-store` (a shared cache must never keep
a page with someone's keys). Refusals re-render the form with the message and the matching status."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, RedirectResponse, Response

from ..accounts import Account, AccountError, NotAuthenticated
from . import i18n, security
from .site import TEMPLATES

router = APIRouter(prefix="/cuenta", include_in_schema=False)
RESET_TITLE = ("Recuperar la contraseña", "Reset your password")
NEW_TITLE = ("Nueva contraseña", "New password")
log = logging.getLogger("gatewatch.web")
_warned_public_url = False


def _lang(request: Request) -> str:
    return i18n.pick_lang(request.query_params.get("lang"))


def _suffix(lang: str) -> str:
    return "" if lang == "es" else "?lang=en"


def _render(request: Request, template: str, *, status: int = 200, error: str | None = None,
            **data: Any) -> Response:
    lang = _lang(request)
    title = data.pop("title", ("Cuenta", "Account"))
    context = {"request": request, "lang": lang, "data": data, "error": error, "path": request.url.path,
               "query": "", "title": title[1] if lang == "en" else title[0], "suffix": _suffix(lang),
               "csrf": security.csrf_token(request), "csrf_field": security.CSRF_FIELD}
    response = TEMPLATES.TemplateResponse(request, template, context, status_code=status)
    security.set_csrf_cookie(request, response)
    response.headers["Cache-Control"] = "no-store"
    return response


def _redirect(url: str) -> RedirectResponse:
    response = RedirectResponse(url, status_code=303)
    response.headers["Cache-Control"] = "no-store"
    return response


def _safe_next(value: str | None) -> str:
    """Only a path on this site: `next=//evil.example` must not turn log-in into an open redirect."""
    if value and value.startswith("/") and not value.startswith("//") and "\\" not in value:
        return value
    return "/cuenta"


async def _login_response(request: Request, account: Account, target: str) -> Response:
    token = await run_in_threadpool(security.accounts_of(request).open_session, account)
    response = _redirect(target)
    security.set_session_cookie(request, response, token)
    return response


# Log-in and sign-up
@router.get("/entrar")
async def login_page(request: Request, next: str | None = None):
    return _render(request, "account_login.html", title=("Entrar", "Log in"),
                   next=_safe_next(next), email="", reset_done=request.query_params.get("restablecida") == "1")


@router.post("/entrar")
async def login(request: Request):
    form = await security.read_form(request)
    accounts = security.accounts_of(request)
    try:
        account = await run_in_threadpool(accounts.log_in, form.get("email", ""), form.get("password", ""))
    except AccountError as err:
        return _render(request, "account_login.html", status=err.status, error=err.text(_lang(request)),
                       title=("Entrar", "Log in"), next=_safe_next(form.get("next")), email=form.get("email", ""))
    return await _login_response(request, account, _safe_next(form.get("next")) + _suffix(_lang(request)))


@router.get("/alta")
async def signup_page(request: Request):
    return _render(request, "account_signup.html", title=("Crear cuenta", "Sign up"), email="")


@router.post("/alta")
async def signup(request: Request):
    form = await security.read_form(request)
    accounts = security.accounts_of(request)
    try:
        account = await run_in_threadpool(accounts.sign_up, form.get("email", ""), form.get("password", ""))
    except AccountError as err:
        return _render(request, "account_signup.html", status=err.status, error=err.text(_lang(request)),
                       title=("Crear cuenta", "Sign up"), email=form.get("email", ""))
    return await _login_response(request, account, "/cuenta" + _suffix(_lang(request)))


@router.post("/salir")
async def logout(request: Request):
    await security.read_form(request)
    token = request.cookies.get(security.SESSION_COOKIE)
    if token:
        await run_in_threadpool(security.accounts_of(request).close_session, token)
    response = _redirect("/" + _suffix(_lang(request)))
    security.clear_session_cookie(request, response)
    return response


# Password reset
@router.get("/recuperar")
async def reset_request_page(request: Request):
    return _render(request, "account_reset_request.html", title=RESET_TITLE, sent=False)


@router.post("/recuperar")
async def reset_request(request: Request):
    form = await security.read_form(request)
    accounts = security.accounts_of(request)
    await run_in_threadpool(accounts.request_reset, form.get("email", ""), _link_base(request))
    # The same answer whether the email has an account or not.
    return _render(request, "account_reset_request.html", title=RESET_TITLE, sent=True)


@router.get("/restablecer")
async def reset_page(request: Request, token: str = ""):
    try:
        await run_in_threadpool(security.accounts_of(request).check_reset, token)
    except AccountError as err:
        return _render(request, "account_reset.html", status=err.status, error=err.text(_lang(request)),
                       title=NEW_TITLE, token="", valid=False)
    return _render(request, "account_reset.html", title=NEW_TITLE, token=token, valid=True)


@router.post("/restablecer")
async def reset(request: Request):
    form = await security.read_form(request)
    token = form.get("token", "")
    try:
        await run_in_threadpool(security.accounts_of(request).reset_password, token, form.get("password", ""))
    except AccountError as err:
        still_valid = err.code != "bad_token"
        return _render(request, "account_reset.html", status=err.status, error=err.text(_lang(request)),
                       title=NEW_TITLE, token=token if still_valid else "", valid=still_valid)
    response = _redirect("/cuenta/entrar?restablecida=1" + _suffix(_lang(request)).replace("?", "&"))
    security.clear_session_cookie(request, response)
    return response


def _link_base(request: Request) -> str:
    global _warned_public_url
    public = security.accounts_of(request).settings.public_url
    if public:
        return public + "/cuenta/restablecer"
    if not _warned_public_url:
        _warned_public_url = True
        log.warning("GATEWATCH_PUBLIC_URL is not set: reset links use the request's Host header")
    return str(request.base_url).rstrip("/") + "/cuenta/restablecer"


# The account page and API keys
async def _require_account(request: Request) -> Account:
    account = await security.current_account(request)
    if account is None:
        raise NotAuthenticated("Entra en tu cuenta para ver esta página.", "Log in to see this page.")
    return account


async def _account_page(request: Request, account: Account, *, new_key: Any = None, status: int = 200,
                        error: str | None = None) -> Response:
    accounts = security.accounts_of(request)
    keys = await run_in_threadpool(accounts.keys, account)
    limit = accounts.daily_limit(account)
    used = await run_in_threadpool(accounts.db.used_today, f"account:{account.id}")
    return _render(request, "account_home.html", status=status, error=error, title=("Tu cuenta", "Your account"),
                   account=account, api_keys=keys, limit=limit, remaining=max(limit - used, 0), new_key=new_key)


@router.get("")
@router.get(".json")
async def account_home(request: Request):
    account = await security.current_account(request)
    as_json = request.url.path.endswith(".json")
    if account is None:
        if as_json:
            raise NotAuthenticated("Entra en tu cuenta para ver esta página.", "Log in to see this page.")
        return _redirect("/cuenta/entrar" + _suffix(_lang(request)))
    if as_json:
        accounts = security.accounts_of(request)
        keys = await run_in_threadpool(accounts.keys, account)
        limit = accounts.daily_limit(account)
        used = await run_in_threadpool(accounts.db.used_today, f"account:{account.id}")
        body = {"account": account.model_dump(mode="json"), "daily_limit": limit,
                "remaining": max(limit - used, 0), "keys": [k.model_dump(mode="json") for k in keys]}
        return JSONResponse(body, headers={"Cache-Control": "no-store"})
    return await _account_page(request, account)


@router.post("/claves")
async def create_key(request: Request):
    form = await security.read_form(request)
    account = await _require_account(request)
    try:
        new_key = await run_in_threadpool(security.accounts_of(request).create_key, account, form.get("name", ""))
    except AccountError as err:
        return await _account_page(request, account, status=err.status, error=err.text(_lang(request)))
    # Shown on this one page and never again: there is no redirect that could replay it.
    return await _account_page(request, account, new_key=new_key)


@router.post("/claves/{key_id}/revocar")
async def revoke_key(request: Request, key_id: int):
    await security.read_form(request)
    account = await _require_account(request)
    try:
        await run_in_threadpool(security.accounts_of(request).revoke_key, account, key_id)
    except AccountError as err:
        return await _account_page(request, account, status=err.status, error=err.text(_lang(request)))
    return _redirect("/cuenta" + _suffix(_lang(request)))
