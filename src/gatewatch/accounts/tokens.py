"""Passwords (argon2id) and random tokens (sessions, reset links, API keys) stored only as hashes.

Passwords are low-entropy, so they get a slow, salted hash. Tokens are 256 random bits made here:
guessing one is hopeless whatever the hash speed, so a plain SHA-256 is enough and lets the
database find a token by its hash in one indexed lookup."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher()  # argon2id with the library's current recommended cost
# Verified against when the email is unknown, so a log-in takes as long either way.
_DUMMY = _HASHER.hash("not a real password")
KEY_PREFIX = "gw_"


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    try:
        return _HASHER.verify(stored or _DUMMY, password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    return _HASHER.check_needs_rehash(stored)


def new_token(prefix: str = "") -> str:
    return prefix + secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def sign(secret: str, value: str) -> str:
    """HMAC-SHA256 of `value`: CSRF tokens are the signature of the browser's random nonce."""
    return hmac.new(secret.encode(), value.encode(), hashlib.sha256).hexdigest()


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())
