"""Gatewatch Pro's accounts: users, sessions, password reset, plans, API keys and daily judge allowances.

    from gatewatch.accounts import Accounts, AccountSettings
    accounts = Accounts(AccountSettings.from_env())
    accounts.grant_pro("ana@example.com")

They live in their own writable database (SQLite at $GATEWATCH_HOME/accounts.db, or DATABASE_URL for
PostgreSQL), apart from the read-only content database."""

from __future__ import annotations

from .errors import (
                     AccountError,
                     AccountsUnavailable,
                     BadCredentials,
                     BadToken,
                     Conflict,
                     Forbidden,
                     NotAuthenticated,
                     OverAllowance,
                     UnknownAccount,
)
from .mail import LogMailer, Mailer, MemoryMailer, Message, register_mailer
from .models import Access, Account, ApiKey, NewApiKey
from .service import Accounts
from .settings import AccountSettings

__all__ = ["Access", "Account", "AccountError", "AccountSettings", "Accounts", "AccountsUnavailable", "ApiKey",
           "BadCredentials", "BadToken", "Conflict", "Forbidden", "LogMailer", "Mailer", "MemoryMailer", "Message",
           "NewApiKey", "NotAuthenticated", "OverAllowance", "UnknownAccount", "register_mailer"]
