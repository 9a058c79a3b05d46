"""The `users` group: plans from the command line (payments are out of scope) and a list of accounts."""

from __future__ import annotations

import datetime as dt
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from .common import emit, fail

users_app = typer.Typer(help="Gatewatch Pro accounts: grant or revoke Pro, list accounts.", no_args_is_help=True)
JSON = typer.Option(False, "--json", help="Print JSON for machines.")


def _accounts():
    from ..accounts import Accounts, AccountSettings
    return Accounts(AccountSettings.from_env())


def _render_account(c: Console, a: Any) -> None:
    until = f" until {a.pro_until}" if a.pro_until else ""
    c.print(f"[bold]{a.email}[/]: {a.plan}{until if a.plan == 'pro' else ''}")


def _render_list(c: Console, accounts: list) -> None:
    t = Table("id", "email", "plan", "pro until", "created")
    for a in accounts:
        t.add_row(str(a.id), a.email, a.plan, str(a.pro_until or ""), a.created_at.strftime("%Y-%m-%d"))
    c.print(t)


def _date(value: str | None) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        fail(f"--until {value!r}: expected a date like 2027-01-31", 2)


def register(app: typer.Typer) -> None:
    @users_app.command("grant-pro")
    def grant_pro(email: str, until: str = typer.Option(None, "--until", help="Last day of Pro (YYYY-MM-DD)."),
                  as_json: bool = JSON) -> None:
        """Give an account Gatewatch Pro, with no end date or until a date."""
        from ..accounts import AccountError
        try:
            account = _accounts().grant_pro(email, _date(until))
        except AccountError as err:
            fail(err)
        emit(account, as_json, _render_account)

    @users_app.command("revoke-pro")
    def revoke_pro(email: str, as_json: bool = JSON) -> None:
        """Put an account back on the free plan (its API keys stop working)."""
        from ..accounts import AccountError
        try:
            account = _accounts().revoke_pro(email)
        except AccountError as err:
            fail(err)
        emit(account, as_json, _render_account)

    @users_app.command("list")
    def list_cmd(as_json: bool = JSON) -> None:
        """Every account with its plan in force today."""
        from ..accounts import AccountError
        try:
            accounts = _accounts().list()
        except AccountError as err:
            fail(err)
        emit([a.model_dump(mode="json") for a in accounts] if as_json else accounts, as_json, _render_list)

    app.add_typer(users_app, name="users")
