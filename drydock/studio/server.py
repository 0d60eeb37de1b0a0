"""Serving the studio: bind the address, print the URL first, open the browser, stop cleanly on Ctrl-C.

Loopback (``127.0.0.1``) by default, on a free port unless ``port`` names one. Bound anywhere else, the
studio makes a token and puts it in the URL it prints (every request without it gets 403,
:mod:`drydock.studio.security`).
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path

import uvicorn

from drydock import DrydockError
from drydock.studio.app import make_app
from drydock.studio.security import Guard

LOOPBACK = "127.0.0.1"


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def studio_url(host: str, port: int, token: str | None) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def serve(folder: str | Path = ".", *, host: str = LOOPBACK, port: int = 0, open_browser: bool = True,
          echo: Callable[[str], None] = print) -> None:
    """Serve the studio over ``folder`` until Ctrl-C; ``echo`` gets the URL as the first line printed."""
    token = None if is_loopback(host) else secrets.token_urlsafe(24)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio then sets TCP_NODELAY on each connection (with proto 0 it does not, and every
    # answer written in two parts waits ~40 ms for the delayed ACK of the first)
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)  # connections wait from the moment the URL is printed
    except OSError as exc:
        sock.close()
        raise DrydockError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    bound = sock.getsockname()[1]
    loopback = is_loopback(host)
    names = {host, "localhost", LOOPBACK, "::1"} if loopback else set()
    hosts = {f"[{n}]:{bound}" if ":" in n else f"{n}:{bound}" for n in names} if loopback else None
    inner = make_app(folder, token=token)
    app = Guard(inner, hosts=hosts, token=token)
    shown = socket.gethostname() if host in ("0.0.0.0", "::") else host
    url = studio_url(shown, bound, token)
    echo(f"drydock studio: {url}")
    echo(f"serving {Path(folder).resolve()} (Ctrl-C to stop)")
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", server_header=False,
                            timeout_graceful_shutdown=3)  # a streamed battle does not hold Ctrl-C up
    server = uvicorn.Server(config)
    if open_browser:
        threading.Timer(0.5, lambda: webbrowser.open(url)).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn shut down cleanly, then passed Ctrl-C on
        pass
    finally:
        inner.state.studio.battles.close()  # any battle still running ends with the studio
        sock.close()
    echo("drydock studio: stopped")
