"""The account system's operations: sign-up, log-in, sessions, password reset, plans, API keys, allowances.

Handlers and CLI commands call these; each refusal is an AccountError with its HTTP status and message."""

from __future__ import annotations

import datetime as dt
import logging
import re
from typing import Any

from . import tokens
from .db import AccountsDB, now, today
from .errors import (
    AccountError,
    BadCredentials,
    BadToken,
    Conflict,
    Forbidden,
    NotAuthenticated,
    OverAllowance,
    UnknownAccount,
)
from .mail import LogMailer, Mailer, Message
from .models import Access, Account, ApiKey, NewApiKey
from .settings import AccountSettings

log = logging.getLogger("gatewatch.accounts")
EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]{2,}$")
MIN_PASSWORD = 10
USED_EN = "This link has already been used: ask for a new one."
MAX_PASSWORD = 1024  # argon2 hashes anything, but a megabyte "password" is a cheap denial of service


class Accounts:
    """One per process; safe to share between threads (the engine pools connections)."""

    def __init__(self, settings: AccountSettings, mailer: Mailer | None = None) -> None:
        self.settings = settings
        self.db = AccountsDB(settings.database_url)
        self.mailer = mailer or LogMailer()

    # accounts and sessions
    def sign_up(self, email: str, password: str) -> Account:
        email = normalise_email(email)
        check_password(password)
        account_id = self.db.insert_account(email, tokens.hash_password(password))
        if account_id is None:
            raise Conflict("Ya existe una cuenta con ese email: entra o recupera la contraseña.",
                           "An account with that email already exists: log in or reset the password.")
        log.info("account %s created", account_id)
        return self.get(account_id)

    def log_in(self, email: str, password: str) -> Account:
        row = self.db.account_by_email(normalise_email(email, strict=False))
        if not tokens.verify_password(row["password_hash"] if row else None, password):
            raise BadCredentials("Email o contraseña incorrectos.", "Wrong email or password.")
        if tokens.needs_rehash(row["password_hash"]):
            self.db.set_password(row["id"], tokens.hash_password(password))
        return _account(row)

    def open_session(self, account: Account) -> str:
        """A new session token for the cookie; the database keeps only its hash."""
        token = tokens.new_token()
        self.db.insert_session(tokens.token_hash(token), account.id,
                               now() + dt.timedelta(days=self.settings.session_days))
        return token

    def session_account(self, token: str | None) -> Account | None:
        if not token or len(token) > 100:
            return None
        row = self.db.session_account(tokens.token_hash(token))
        return _account(row) if row else None

    def close_session(self, token: str) -> None:
        self.db.delete_session(tokens.token_hash(token))

    def get(self, account_id: int) -> Account:
        row = self.db.account_by_id(account_id)
        if row is None:
            raise UnknownAccount(f"account {account_id} not found")
        return _account(row)

    def by_email(self, email: str) -> Account:
        row = self.db.account_by_email(normalise_email(email, strict=False))
        if row is None:
            raise UnknownAccount(f"no account with the email {email!r}")
        return _account(row)

    def list(self) -> list[Account]:
        return [_account(r) for r in self.db.list_accounts()]

    # password reset
    def request_reset(self, email: str, link_base: str) -> None:
        """Mail a single-use link when the account exists; say nothing either way (no account probing)."""
        row = self.db.account_by_email(normalise_email(email, strict=False))
        if row is None:
            return
        token = tokens.new_token()
        minutes = self.settings.reset_minutes
        self.db.insert_reset(tokens.token_hash(token), row["id"], now() + dt.timedelta(minutes=minutes))
        self.mailer.send(Message(to=row["email"], subject="Gatewatch: restablecer la contraseña", body=(
            f"Para elegir una contraseña nueva, abre este enlace (caduca en {minutes} minutos y sirve una vez):\n"
            f"{link_base}?token={token}\n\nSi no lo has pedido tú, ignora este mensaje.")))
        log.info("password reset requested for account %s", row["id"])

    def check_reset(self, token: str) -> dict[str, Any]:
        row = self.db.reset_row(tokens.token_hash(token)) if token and len(token) <= 100 else None
        if row is None:
            raise BadToken("El enlace para restablecer la contraseña no es válido.",
                           "This password reset link is not valid.")
        if row["used_at"] is not None:
            raise BadToken("Este enlace ya se ha usado: pide otro.", USED_EN)
        if row["expires_at"] <= now():
            raise BadToken("El enlace ha caducado: pide otro.", "This link has expired: ask for a new one.")
        return row

    def reset_password(self, token: str, password: str) -> Account:
        check_password(password)
        row = self.check_reset(token)
        if not self.db.use_reset(tokens.token_hash(token)):
            raise BadToken("Este enlace ya se ha usado: pide otro.", USED_EN)
        self.db.set_password(row["account_id"], tokens.hash_password(password))
        # Whoever knew the old password is logged out, and older links die with it.
        self.db.delete_sessions_of(row["account_id"])
        self.db.drop_resets_of(row["account_id"])
        log.info("password reset for account %s", row["account_id"])
        return self.get(row["account_id"])

    # plans
    def grant_pro(self, email: str, until: dt.date | None = None) -> Account:
        account = self.by_email(email)
        if until is not None and until < today():
            raise AccountError(f"--until {until} is in the past")
        self.db.set_plan(account.id, "pro", until)
        return self.get(account.id)

    def revoke_pro(self, email: str) -> Account:
        account = self.by_email(email)
        self.db.set_plan(account.id, "free", None)
        return self.get(account.id)

    def daily_limit(self, account: Account) -> int:
        s = self.settings
        return s.pro_daily_questions if account.is_pro else s.free_daily_questions

    # API keys
    def create_key(self, account: Account, name: str) -> NewApiKey:
        if not account.is_pro:
            raise Forbidden("Las claves de API son parte de Gatewatch Pro.", "API keys are part of Gatewatch Pro.")
        name = (name or "").strip()[:80] or "clave"
        if sum(1 for k in self.keys(account) if k.revoked_at is None) >= self.settings.max_keys:
            raise Conflict(f"Ya tienes {self.settings.max_keys} claves activas: revoca alguna antes.",
                           f"You already have {self.settings.max_keys} active keys: revoke one first.")
        token = tokens.new_token(tokens.KEY_PREFIX)
        key_id = self.db.insert_key(account.id, name, token[:10], tokens.token_hash(token))
        log.info("API key %s created for account %s", key_id, account.id)
        return NewApiKey(key=ApiKey(**self.db.key_by_id(key_id)), token=token)

    def keys(self, account: Account) -> list[ApiKey]:
        return [ApiKey(**k) for k in self.db.keys_of(account.id)]

    def revoke_key(self, account: Account, key_id: int) -> None:
        row = self.db.key_by_id(key_id)
        if row is None:
            raise UnknownAccount("Esa clave de API no existe.", "There is no such API key.")
        if row["account_id"] != account.id:
            raise Forbidden("Esa clave de API es de otra cuenta.", "That API key belongs to another account.")
        self.db.revoke_key(key_id)
        log.info("API key %s revoked", key_id)

    # judge access
    def access(self, session_account: Account | None, bearer: str | None) -> Access:
        """Who asks and what is left today; raises 401/403/429 errors with a clear message."""
        key_id = None
        if bearer is not None:
            row = self.db.key_by_hash(tokens.token_hash(bearer)) if len(bearer) <= 100 else None
            if row is None:
                raise Forbidden("Clave de API desconocida.", "Unknown API key.")
            if row["revoked_at"] is not None:
                raise Forbidden("Esta clave de API está revocada.", "This API key has been revoked.")
            if session_account is not None and row["account_id"] != session_account.id:
                raise Forbidden("Esta clave de API es de otra cuenta.", "This API key belongs to another account.")
            account = self.get(row["account_id"])
            if not account.is_pro:
                raise Forbidden("Las claves de API son parte de Gatewatch Pro, y el Pro de esta cuenta ha terminado.",
                                "API keys are part of Gatewatch Pro, and this account's Pro has ended.")
            key_id = row["id"]
        elif session_account is not None:
            account = session_account
        else:
            raise NotAuthenticated("El juez necesita una cuenta: entra en /cuenta/entrar o usa una clave de API "
                                   "(Authorization: Bearer …).",
                                   "The judge needs an account: log in at /cuenta/entrar or send an API key "
                                   "(Authorization: Bearer …).")
        limit = self.daily_limit(account)
        remaining = limit - self.db.used_today(f"account:{account.id}")
        if key_id is not None:
            remaining = min(remaining, limit - self.db.used_today(f"key:{key_id}"))
        remaining = max(remaining, 0)
        if remaining == 0:
            pro = account.is_pro
            raise OverAllowance(
                f"Has usado las {limit} preguntas al juez de hoy del plan {'Pro' if pro else 'gratuito'}; vuelve "
                f"mañana (el día cambia a las 00:00 UTC).{'' if pro else ' Con Gatewatch Pro tienes muchas más.'}",
                f"You have used today's {limit} judge questions of the {'Pro' if pro else 'free'} plan; come back "
                f"tomorrow (the day changes at 00:00 UTC).{'' if pro else ' Gatewatch Pro gives you many more.'}")
        return Access(account=account, plan=account.plan, key_id=key_id, limit=limit, remaining=remaining)

    def record_question(self, access: Access) -> int:
        """Count one answered question; returns what remains today."""
        subjects = [f"account:{access.account.id}"] + ([f"key:{access.key_id}"] if access.key_id else [])
        self.db.count_question(*subjects)
        return max(access.remaining - 1, 0)


def normalise_email(email: str, *, strict: bool = True) -> str:
    email = (email or "").strip().lower()
    if strict and (len(email) > 254 or not EMAIL.match(email)):
        raise AccountError("Escribe un email válido, como nombre@ejemplo.com.",
                           "Enter a valid email, like name@example.com.")
    return email


def check_password(password: str) -> None:
    if len(password or "") < MIN_PASSWORD:
        raise AccountError(f"La contraseña necesita al menos {MIN_PASSWORD} caracteres.",
                           f"The password needs at least {MIN_PASSWORD} characters.")
    if len(password) > MAX_PASSWORD:
        raise AccountError(f"La contraseña no puede pasar de {MAX_PASSWORD} caracteres.",
                           f"The password cannot be longer than {MAX_PASSWORD} characters.")


def _account(row: dict[str, Any]) -> Account:
    until = row["pro_until"]
    pro = row["plan"] == "pro" and (until is None or until >= today())
    return Account(id=row["id"], email=row["email"], plan="pro" if pro else "free", pro_until=until,
                   created_at=row["created_at"])
