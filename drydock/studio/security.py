"""The studio's defaults for safety: who may ask, from where, how much, and what a page may run.

- **Token**: a studio bound off this machine (``--host``) prints a token in its URL, as Jupyter does; a
  request without it (query ``token``, the cookie the first visit sets, or header ``X-Drydock-Token``) gets 403.
- **Host**: on loopback, the ``Host`` header must name the address the studio listens on (a page of another site
  that points a name at 127.0.0.1 - DNS rebinding - is refused); off this machine the token does that work.
- **Origin**: a request that changes anything (every method but GET and HEAD) from another origin is refused.
- **Bodies**: a request body past :data:`BODY_MAX` bytes is refused before it is read further.
- **Pages**: every answer carries a Content-Security-Policy allowing scripts and styles from the studio only
  (no inline script), no framing, no referrer, no caching.
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from drydock.limits import XLSX_FILE

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The largest request body: a workbook dropped in (the largest input of any format, limits.XLSX_FILE) plus room.
BODY_MAX = XLSX_FILE.value + 64 * 1024
COOKIE = "drydock_studio_token"
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
       "frame-src 'self' blob:; object-src 'self' blob:; form-action 'self'; base-uri 'none'; frame-ancestors 'self'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"cache-control", b"no-store"),
           (b"x-frame-options", b"SAMEORIGIN"), (b"cross-origin-opener-policy", b"same-origin"),
           (b"cross-origin-resource-policy", b"same-origin")]


class Guard:
    """ASGI middleware applying the studio's defaults in front of ``app``."""

    def __init__(self, app: ASGIApp, *, hosts: set[str] | None, token: str | None) -> None:
        """``hosts``: the ``Host`` names accepted (None: any, for a studio behind its token)."""
        self.app, self.hosts, self.token = app, hosts, token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await _plain(send, *refusal)
            return
        set_cookie = self.token is not None and _query_token(scope) == self.token and \
            _cookie_token(headers) != self.token
        length = headers.get("content-length", "")
        if length and (not length.isdigit() or int(length) > BODY_MAX):
            await _plain(send, 413, f"the request is past the studio's limit of {BODY_MAX:,} bytes")
            return
        seen = [0]

        async def bounded() -> Message:
            message = await receive()
            if message["type"] == "http.request":
                seen[0] += len(message.get("body", b""))
                if seen[0] > BODY_MAX:
                    raise BodyTooLarge
            return message

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                hs = list(message.get("headers", []))
                own = {k.lower() for k, _ in hs}  # a route's own policy (a sheet preview's) is kept
                hs += [(k, v) for k, v in HEADERS if k not in own]
                if set_cookie:
                    hs.append((b"set-cookie", f"{COOKIE}={self.token}; HttpOnly; SameSite=Strict; Path=/".encode()))
                message["headers"] = hs
            await send(message)

        try:
            await self.app(scope, bounded, with_headers)
        except BodyTooLarge:
            await _plain(send, 413, f"the request is past the studio's limit of {BODY_MAX:,} bytes")

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        host = headers.get("host", "").lower()
        if self.hosts is not None and host not in self.hosts:
            return 403, "this studio answers only at the address it printed"
        if self.token is not None:
            given = headers.get("x-drydock-token") or _query_token(scope) or _cookie_token(headers) or ""
            if not hmac.compare_digest(given.encode(), self.token.encode()):
                return 403, "this studio needs the token printed in its URL"
        if scope["method"] not in ("GET", "HEAD"):
            origin = headers.get("origin")
            site = headers.get("sec-fetch-site", "")
            if origin is not None and origin.lower() != f"http://{host}":  # same origin: the address asked
                return 403, "a change from another site is refused"
            if origin is None and site not in ("", "same-origin", "none"):
                return 403, "a change from another site is refused"
        return None


class BodyTooLarge(Exception):
    """A request body grew past :data:`BODY_MAX` while it was read."""


def _query_token(scope: Scope) -> str | None:
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token")
    return values[0] if values else None


def _cookie_token(headers: dict[str, str]) -> str | None:
    cookie: SimpleCookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header is no token
        return None
    morsel = cookie.get(COOKIE)
    return morsel.value if morsel is not None else None


async def _plain(send: Send, status: int, text: str) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), *HEADERS]})
    await send({"type": "http.response.body", "body": (text + "\n").encode()})
