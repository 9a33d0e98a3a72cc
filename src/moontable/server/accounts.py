"""Accounts, light: play as a guest, or claim a name with a password and come back as yourself.

- A password is kept only as its argon2id hash (argon2-cffi, its recommended parameters); checking one runs in a
  thread, off the event loop.
- A session is a cookie signed with the server's key (itsdangerous, timestamped: it lasts `SESSION_DAYS`), HttpOnly
  (no script reads it), SameSite=Lax (a page of another site cannot send it along with a POST), Secure when the
  server says it is reached over HTTPS (`Settings.secure_cookies`).
- Cross-site requests: every POST, PUT, PATCH or DELETE whose Origin (or, without one, Referer) is not this server
  is refused with 403 before it reaches a route (`SameOrigin`). With the SameSite cookie that is the whole defence:
  a JSON API has no HTML forms whose tokens could be stolen, and a browser always says where a POST comes from.
- Log-in attempts are rate-limited per address and per name (a token bucket each): a guesser is slowed to a few
  tries a minute whichever address it uses.
- A claimed name is its owner's: a guest cannot sit under it (at the lobby, at an open seat, at a table's waiting
  room), nor name a bot after it. Seats still work by their secret link: a friend's link needs no account.

HTTP (JSON):
  GET  /api/me          who this browser is signed in as: {"name": ...} or {"name": null}
  POST /api/claim       {"name", "password"}: claim a free name and sign in as it
  POST /api/login       {"name", "password"}: sign in
  POST /api/logout      sign out
"""

from __future__ import annotations

import asyncio
import re
import secrets
from typing import TYPE_CHECKING, Annotated, Any

import msgspec
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer
from msgspec import Meta, Struct
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from moontable.server.limits import PerAddress
from moontable.server.messages import clean_name
from moontable.server.responses import error_response
from moontable.server.store import accounts as accounts_table

if TYPE_CHECKING:
    from moontable.server.lobby import Lobby

__all__ = ["COOKIE", "Accounts", "SameOrigin", "account_routes", "name_key", "session_account"]

COOKIE = "moontable_session"
SESSION_DAYS = 30
MIN_PASSWORD, MAX_PASSWORD = 8, 200
MIN_NAME = 2
# names the table gives on its own ("player 2", "Friend", "Strong bot 3"): no one may claim them
_RESERVED = re.compile(r"^(player|friend|guest)( \d+)?$|^.* bot( \d+)?$|^bot$")


def name_key(name: str) -> str:
    """The key a name is claimed under: cleaned and casefolded, so "Ann" and "ANN" are one name."""
    return clean_name(name).casefold()


class Credentials(Struct, forbid_unknown_fields=True):
    name: Annotated[str, Meta(max_length=200)]
    password: Annotated[str, Meta(max_length=MAX_PASSWORD)]


class Accounts:
    """The claimed names (all of them in memory: a lookup at every seat taken), hashing and sessions."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.hasher = PasswordHasher()
        self.names: dict[str, str] = {}  # key -> the name as its owner wrote it
        self.serializer: URLSafeTimedSerializer | None = None
        settings = lobby.settings
        self.by_address = PerAddress(settings.logins_per_minute / 60, settings.logins_burst)
        self.by_name = PerAddress(settings.logins_per_minute / 60, settings.logins_burst)

    async def load(self) -> None:
        store = self.lobby.store
        secret = self.lobby.settings.secret_key or await store.key("session", lambda: secrets.token_urlsafe(32))
        self.serializer = URLSafeTimedSerializer(secret, salt="moontable-session")
        rows = await store.query(select(accounts_table.c.key, accounts_table.c.name))
        self.names = {r["key"]: r["name"] for r in rows}

    # -- names ---------------------------------------------------------------------------------------------

    def owner(self, name: str | None) -> str | None:
        """The key of the account that claimed `name`, if one has."""
        if not name:
            return None
        key = name_key(name)
        return key if key in self.names else None

    def check_name(self, name: str | None, account: str | None) -> str | None:
        """The account a seat named `name` belongs to when `account` (the requester's) asks for it: the requester's
        own name gives their account, a free name none. ValueError if the name is someone else's."""
        owner = self.owner(name)
        if owner is None:
            return None
        if owner != account:
            raise ValueError(f"the name {self.names[owner]!r} is claimed: sign in as it to play under it")
        return owner

    # -- sessions ------------------------------------------------------------------------------------------

    def session_of(self, conn: HTTPConnection) -> str | None:
        """The account key a request's (or a socket's) session cookie signs for, if it is valid and still claimed."""
        raw = conn.cookies.get(COOKIE)
        if not raw or self.serializer is None:
            return None
        try:
            data = self.serializer.loads(raw, max_age=SESSION_DAYS * 86400)
        except BadSignature:
            return None
        key = data.get("p") if isinstance(data, dict) else None
        return key if isinstance(key, str) and key in self.names else None

    def sign_in(self, response: Response, key: str) -> None:
        assert self.serializer is not None
        response.set_cookie(COOKIE, self.serializer.dumps({"p": key}), max_age=SESSION_DAYS * 86400, path="/",
                            httponly=True, samesite="lax", secure=self.lobby.settings.secure_cookies)

    @staticmethod
    def sign_out(response: Response) -> None:
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")

    # -- claiming and signing in -----------------------------------------------------------------------------

    async def claim(self, name: str, password: str) -> str:
        """Claim a free name; its key. ValueError says why not."""
        shown = clean_name(name)
        key = shown.casefold()
        if len(shown) < MIN_NAME:
            raise ValueError(f"a name has at least {MIN_NAME} letters")
        if _RESERVED.match(key):
            raise ValueError(f"{shown!r} is a name the table gives on its own: choose another")
        if len(password) < MIN_PASSWORD:
            raise ValueError(f"a password has at least {MIN_PASSWORD} characters")
        if key in self.names:
            raise LookupError(f"the name {self.names[key]!r} is already claimed")
        digest = await asyncio.to_thread(self.hasher.hash, password)
        if key in self.names:  # claimed while this one hashed
            raise LookupError(f"the name {self.names[key]!r} is already claimed")
        try:
            await self.lobby.store.claim({"key": key, "name": shown, "password_hash": digest,
                                          "created_at": self.lobby.settings.clock.now()})
        except IntegrityError:
            raise LookupError(f"the name {shown!r} is already claimed") from None
        self.names[key] = shown
        return key

    async def check(self, name: str, password: str) -> str | None:
        """The account key if `password` is `name`'s, else None (one answer for a wrong name or password)."""
        key = name_key(name)
        rows = await self.lobby.store.query(select(accounts_table.c.password_hash).where(accounts_table.c.key == key))
        if not rows:
            await asyncio.to_thread(_waste, self.hasher)  # as slow as a real check: the answer's time tells nothing
            return None
        digest = rows[0]["password_hash"]
        try:
            await asyncio.to_thread(self.hasher.verify, digest, password)
        except (VerificationError, InvalidHashError):
            return None
        return key


_DUMMY: list[str] = []


def _waste(hasher: PasswordHasher) -> None:
    if not _DUMMY:
        _DUMMY.append(hasher.hash(secrets.token_hex(8)))
    try:
        hasher.verify(_DUMMY[0], "not the password")
    except VerificationError:
        pass


def _accounts(conn: HTTPConnection) -> Accounts:
    accounts: Accounts = conn.app.state.lobby.accounts
    return accounts


def session_account(conn: HTTPConnection) -> str | None:
    """The account key a request or a socket is signed in as, if any."""
    return _accounts(conn).session_of(conn)



async def _credentials(request: Request) -> Credentials:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise ValueError("send the name and password as JSON (content-type: application/json)")
    body = await request.body()
    if len(body) > 4096:
        raise ValueError("the request is too long")
    try:
        return msgspec.json.decode(body or b"{}", type=Credentials)
    except (msgspec.ValidationError, msgspec.DecodeError):
        raise ValueError('send {"name": ..., "password": ...}') from None


def _me(accounts: Accounts, key: str | None) -> dict[str, Any]:
    return {"name": None if key is None else accounts.names[key], "player": None if key is None else f"/players/{key}"}


async def me(request: Request) -> JSONResponse:
    accounts = _accounts(request)
    return JSONResponse(_me(accounts, accounts.session_of(request)), headers={"cache-control": "no-store"})


async def claim(request: Request) -> Response:
    accounts = _accounts(request)
    address = request.client.host if request.client else ""
    if not accounts.by_address.take(address):
        return error_response("too many tries from your address: wait a minute and try again", 429)
    try:
        cred = await _credentials(request)
        key = await accounts.claim(cred.name, cred.password)
    except LookupError as e:
        return error_response(str(e), 409)
    except ValueError as e:
        return error_response(str(e), 400)
    response = JSONResponse(_me(accounts, key), status_code=201)
    accounts.sign_in(response, key)
    return response


async def login(request: Request) -> Response:
    accounts = _accounts(request)
    try:
        cred = await _credentials(request)
    except ValueError as e:
        return error_response(str(e), 400)
    address = request.client.host if request.client else ""
    if not accounts.by_address.take(address) or not accounts.by_name.take(name_key(cred.name)):
        return error_response("too many tries to sign in: wait a minute and try again", 429)
    key = await accounts.check(cred.name, cred.password)
    if key is None:
        return error_response("that name and password do not match", 401)
    response = JSONResponse(_me(accounts, key))
    accounts.sign_in(response, key)
    return response


async def logout(request: Request) -> Response:
    response = JSONResponse({"name": None, "player": None})
    Accounts.sign_out(response)
    return response


def account_routes() -> list[BaseRoute]:
    return [
        Route("/api/me", me),
        Route("/api/claim", claim, methods=["POST"]),
        Route("/api/login", login, methods=["POST"]),
        Route("/api/logout", logout, methods=["POST"]),
    ]


class SameOrigin:
    """Refuse a state-changing HTTP request another site's page made (403), before any route sees it.

    The browser says where a request comes from in Origin (every POST made by fetch or a form has it); a
    request without Origin falls back on Referer, then on Sec-Fetch-Site. A request that says none of them is
    not a browser's (curl, the tests, `moontable`): it carries no one's cookie unless its sender put it there."""

    UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in self.UNSAFE and not _same_origin(scope):
            response = error_response("refused: this request came from another site's page", 403)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _same_origin(scope: Scope) -> bool:
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
    host = headers.get("host", "")
    scheme = scope.get("scheme", "http")
    here = {f"{scheme}://{host}".lower()}
    origin = headers.get("origin")
    if origin is not None:
        return origin.lower() in here
    referer = headers.get("referer")
    if referer:
        return any(referer.lower() == h or referer.lower().startswith(h + "/") for h in here)
    return headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")
