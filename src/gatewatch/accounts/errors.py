"""Account errors: each has the HTTP status the web layer answers with and a one-line message."""

from __future__ import annotations

from ..errors import GatewatchError


class AccountError(GatewatchError):
    status = 400
    code = "account_error"

    def __init__(self, message: str, en: str | None = None) -> None:
        self.message = message
        self.en = en or message
        super().__init__(message)

    def text(self, lang: str) -> str:
        return self.en if lang == "en" else self.message


class BadCredentials(AccountError):
    # One message for a wrong password and an unknown email: the form must not tell which emails exist.
    status, code = 401, "bad_credentials"


class NotAuthenticated(AccountError):
    status, code = 401, "not_authenticated"


class Forbidden(AccountError):
    status, code = 403, "forbidden"


class OverAllowance(AccountError):
    status, code = 429, "over_allowance"


class Conflict(AccountError):
    status, code = 409, "conflict"


class BadToken(AccountError):
    status, code = 400, "bad_token"


class UnknownAccount(AccountError):
    status, code = 404, "unknown_account"
    exit_code = 2


class AccountsUnavailable(AccountError):
    status, code = 503, "accounts_unavailable"
