"""The studio's guard as an ASGI application: a studio bound off this machine needs its token (query, cookie or
header), sets the cookie on the first visit, and refuses changes from another origin even with the token."""

from __future__ import annotations

import asyncio
from typing import Any

from drydock.studio.security import COOKIE, Guard
from drydock.studio.server import is_loopback, studio_url

HOST = "192.0.2.7:8000"


async def _ok(scope: Any, receive: Any, send: Any) -> None:
    await receive()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"ok"})


def request(guard: Guard, *, method: str = "GET", query: str = "", headers: dict[str, str] | None = None,
            body: bytes = b"") -> tuple[int, dict[str, str]]:
    sent: list[dict[str, Any]] = []
    hs = {"host": HOST, **(headers or {})}

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": method, "path": "/", "query_string": query.encode(),
             "headers": [(k.encode(), v.encode()) for k, v in hs.items()]}
    asyncio.run(guard(scope, receive, send))
    start = sent[0]
    return start["status"], {k.decode(): v.decode() for k, v in start["headers"]}


def guard(token: str | None = "s3cret") -> Guard:
    return Guard(_ok, hosts={HOST} if token is None else None, token=token)


def test_off_this_machine_every_request_without_the_token_is_refused() -> None:
    assert request(guard())[0] == 403
    assert request(guard(), query="token=wrong")[0] == 403
    assert request(guard(), headers={"cookie": f"{COOKIE}=wrong"})[0] == 403


def test_the_token_in_the_url_sets_a_strict_cookie_then_the_cookie_is_enough() -> None:
    status, headers = request(guard(), query="token=s3cret")
    assert status == 200
    assert headers["set-cookie"] == f"{COOKIE}=s3cret; HttpOnly; SameSite=Strict; Path=/"
    assert request(guard(), headers={"cookie": f"{COOKIE}=s3cret"})[0] == 200
    assert request(guard(), headers={"x-drydock-token": "s3cret"})[0] == 200


def test_a_change_from_another_origin_is_refused_even_with_the_token() -> None:
    hs = {"x-drydock-token": "s3cret", "origin": "http://evil.example"}
    assert request(guard(), method="POST", headers=hs)[0] == 403
    hs["origin"] = f"http://{HOST}"
    assert request(guard(), method="POST", headers=hs)[0] == 200


def test_on_loopback_a_foreign_host_name_is_refused() -> None:  # DNS rebinding
    assert request(guard(None))[0] == 200
    assert request(guard(None), headers={"host": "attacker.example"})[0] == 403


def test_a_body_past_the_limit_is_refused_while_it_is_read() -> None:
    status, _ = request(guard(None), method="POST", body=b"x" * (40 * 1024 * 1024))
    assert status == 413


def test_only_loopback_goes_without_a_token() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.0.2.7")
    assert studio_url("192.0.2.7", 8000, "abc") == "http://192.0.2.7:8000/?token=abc"
