"""The library on both databases: counting under concurrency, plan end dates, sessions, settings."""

from __future__ import annotations

import datetime as dt
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import text

from gatewatch.accounts import Accounts, AccountSettings, BadToken, MemoryMailer, NotAuthenticated, OverAllowance
from gatewatch.accounts.db import migrate

from .conftest import PASSWORD, new_email


@pytest.fixture()
def accounts(backend):
    settings = AccountSettings(database_url=backend["url"], secret_key="s" * 40, free_daily_questions=3,
                               pro_daily_questions=40)
    service = Accounts(settings, MemoryMailer())
    yield service
    service.db.dispose()


def test_migrations_are_named_and_run_once(accounts):
    engine = accounts.db.engine
    assert migrate(engine) == []  # already applied when the engine was first used


def test_concurrent_questions_are_all_counted(accounts):
    account = accounts.sign_up(new_email(), PASSWORD)
    accounts.grant_pro(account.email)
    account = accounts.get(account.id)
    key = accounts.create_key(account, "load")
    access = accounts.access(None, key.token)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda _: accounts.record_question(access), range(40)))
    assert accounts.keys(account)[0].used_today == 40
    with pytest.raises(OverAllowance):
        accounts.access(account, None)  # the key's questions count on the account too: keys add no allowance


def test_pro_until_and_plan_changes(accounts):
    account = accounts.sign_up(new_email(), PASSWORD)
    today = dt.date.today()
    assert accounts.grant_pro(account.email, today).plan == "pro"  # the last day is included
    assert accounts.revoke_pro(account.email).plan == "free"
    with pytest.raises(Exception, match="in the past"):
        accounts.grant_pro(account.email, today - dt.timedelta(days=1))


def test_sessions_expire_and_die_with_a_password_reset(accounts):
    account = accounts.sign_up(new_email(), PASSWORD)
    token = accounts.open_session(account)
    assert accounts.session_account(token).id == account.id
    assert accounts.session_account("forged") is None and accounts.session_account(None) is None
    accounts.request_reset(account.email, "http://x/cuenta/restablecer")
    reset = accounts.mailer.outbox[-1].body.split("token=", 1)[1].split()[0]
    accounts.reset_password(reset, "another long password")
    assert accounts.session_account(token) is None  # logged out everywhere
    with pytest.raises(BadToken, match="ya se ha usado"):
        accounts.reset_password(reset, "a third long password")
    late = accounts.open_session(accounts.log_in(account.email, "another long password"))
    with accounts.db.engine.begin() as conn:
        conn.execute(text("UPDATE sessions SET expires_at = :t"), {"t": dt.datetime(2020, 1, 1)})
    assert accounts.session_account(late) is None


def test_no_credentials(accounts):
    with pytest.raises(NotAuthenticated):
        accounts.access(None, None)


def test_settings_from_env(monkeypatch, tmp_path):
    for name in ("DATABASE_URL", "GATEWATCH_SECRET_KEY", "GATEWATCH_FREE_DAILY_QUESTIONS",
                 "GATEWATCH_PRO_DAILY_QUESTIONS", "GATEWATCH_SECURE_COOKIES"):
        monkeypatch.delenv(name, raising=False)
    s = AccountSettings.from_env(tmp_path)
    assert s.database_url == f"sqlite:///{tmp_path / 'accounts.db'}"
    assert (s.free_daily_questions, s.pro_daily_questions, s.secure_cookies) == (3, 500, False)
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    assert AccountSettings.from_env(tmp_path).secret_key == s.secret_key  # kept, not regenerated
    assert s.secret_key not in repr(s)
    monkeypatch.setenv("DATABASE_URL", "postgres://u@db/gw")
    assert AccountSettings.from_env(tmp_path).database_url == "postgresql+psycopg://u@db/gw"
    with pytest.raises(ValueError):
        AccountSettings(database_url="sqlite://", secret_key="short")
