"""What crosses the account system's boundary: accounts, keys and a judge access decision."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, Field, PrivateAttr

Plan = Literal["free", "pro"]


class Account(BaseModel):
    id: int
    email: str
    plan: Plan = Field(description="The plan in force today (a Pro past its end date reads 'free')")
    pro_until: dt.date | None = Field(None, description="Last day of Pro; None means no end date")
    created_at: dt.datetime

    @property
    def is_pro(self) -> bool:
        return self.plan == "pro"


class ApiKey(BaseModel):
    id: int
    account_id: int
    name: str
    prefix: str = Field(description="The first characters of the key, to tell keys apart; the rest is never kept")
    created_at: dt.datetime
    revoked_at: dt.datetime | None = None
    used_today: int = 0


class NewApiKey(BaseModel):
    key: ApiKey
    token: str = Field(description="The whole key: shown once, stored only as its SHA-256")


class Access(BaseModel):
    """Who may ask the judge now, on which plan, and how many questions remain today."""

    account: Account
    plan: Plan
    key_id: int | None = Field(None, description="Set when the question came with an API key")
    limit: int
    remaining: int = Field(description="Questions left today before this one is counted")
    # The service that granted it, so that `record_question(access)` needs nothing else.
    _service: Any = PrivateAttr(default=None)
