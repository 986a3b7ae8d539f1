"""The cookie that keeps a player: a long random secret, sent only over HTTP (HttpOnly), to this site
(SameSite=Lax) and, on https, only over https. The server keeps its SHA-256 hash, never the secret."""

from __future__ import annotations

import hashlib
import secrets

from starlette.requests import HTTPConnection
from starlette.responses import Response

COOKIE = "duoplay_player"
MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie; each visit renews it
SECRET_BYTES = 32


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def secret_of(connection: HTTPConnection) -> str | None:
    secret = connection.cookies.get(COOKIE)
    # A secret is token_urlsafe(32): 43 characters. Anything much longer is not ours.
    return secret if secret and len(secret) <= 128 else None


def _https(connection: HTTPConnection) -> bool:
    return connection.url.scheme in ("https", "wss")


def keep(response: Response, connection: HTTPConnection, secret: str) -> None:
    response.set_cookie(COOKIE, secret, max_age=MAX_AGE, path="/", httponly=True, samesite="lax",
                        secure=_https(connection))


def forget(response: Response, connection: HTTPConnection) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=_https(connection))
