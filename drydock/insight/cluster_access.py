"""Whether and how ``tournament --scheduler`` may connect: decided from the address and options alone.

A Dask client trusts its cluster completely: Dask's protocol deserializes, with pickle, what the scheduler
sends (results, errors, replies), so the scheduler, and every worker that can join it, can run code on the
machine that submits. The decision is therefore made here, before any connection and with nothing read from
the network (issue 33):

* a loopback address (``127.0.0.0/8``, ``::1``, ``localhost``) connects as before: only this machine's
  processes can listen there;
* a ``tls://`` address connects with Dask's :class:`distributed.security.Security`: a CA, a client certificate
  and its key (options, or Dask's ``distributed.comm.tls`` configuration); only a scheduler whose certificate
  that CA signed answers, and only workers holding such a certificate can join it;
* any other ``tcp://`` address is refused unless the user says ``trust=True`` (``--trust-cluster``): the
  scheduler and everything that can reach it may run code on this machine.

The address is checked for syntax first (``tcp://HOST:PORT``, ``tls://HOST:PORT`` or ``HOST:PORT`` for tcp),
so a malformed one or another scheme (``ucx://``, ``inproc://``, ``ws://``) is one line, at once.
"""

from __future__ import annotations

import ipaddress
import os
import re
from dataclasses import dataclass

from drydock.errors import DrydockError, inline
from drydock.formats.files import check_regular
from drydock.limits import SCHEDULER_TIMEOUT, check

#: the Dask scheduler's default port, named in messages
DASK_PORT = 8786
#: the Dask dashboard's default port: an address with it is most likely the dashboard typed for the scheduler
DASHBOARD_PORT = 8787
#: seconds to wait for the scheduler (connecting, its first answers) and for a worker, unless told otherwise
DEFAULT_TIMEOUT = 30
ADDRESS_CHARS = 300  # longer than any host name (253) with a scheme and port

_SCHEMES = ("tcp", "tls")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://")
_HOST_PORT = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):([0-9]{1,5})")
_LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
FORM = "tcp://HOST:PORT or tls://HOST:PORT"
TRUST_HELP = ("a Dask scheduler and its workers can run code on this machine (Dask unpickles what they send): "
              "connect over tls:// with certificates, or to a loopback address, or add --trust-cluster")


@dataclass(frozen=True)
class Address:
    """A scheduler address that passed the syntax check."""

    scheme: str
    host: str  # an IPv6 host without its brackets
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"

    @property
    def loopback(self) -> bool:
        """Only this machine can listen here: 127.0.0.0/8, ::1, or the name ``localhost`` (RFC 6761)."""
        if self.host.lower() == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return False  # any other name could resolve anywhere: not looked up, not trusted


def parse_address(text: str) -> Address:
    """``text`` as a scheduler address, or one line saying what is wrong with it (no network involved)."""
    shown = inline(text[:ADDRESS_CHARS]) + ("..." if len(text) > ADDRESS_CHARS else "")
    if not text:
        raise DrydockError(f"--scheduler: an empty address; write {FORM}")
    if len(text) > ADDRESS_CHARS:
        raise DrydockError(f"--scheduler {shown}: longer than {ADDRESS_CHARS} characters; write {FORM}")
    m = _SCHEME.match(text)
    scheme, rest = (m.group(1).lower(), text[m.end():]) if m else ("tcp", text)
    if scheme not in _SCHEMES:
        raise DrydockError(f"--scheduler {shown}: the {scheme}:// protocol is not supported; drydock connects "
                           f"to a Dask scheduler over tcp:// or tls://")
    hp = _HOST_PORT.fullmatch(rest)
    if hp is None:
        no_port = re.fullmatch(r"\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+", rest)
        hint = f"no port: write {scheme}://{rest}:{DASK_PORT} (the scheduler's default port)" if no_port and rest \
            else f"not an address; write {FORM}"
        raise DrydockError(f"--scheduler {shown}: {hint}")
    host, port = hp.group(1), int(hp.group(2))
    if host.startswith("["):
        host = host[1:-1]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise DrydockError(f"--scheduler {shown}: [{inline(host)}] is not an IPv6 address") from None
    elif not _host_name_ok(host):
        raise DrydockError(f"--scheduler {shown}: {inline(host)} is not a host name or IP address")
    if not 1 <= port <= 65535:
        raise DrydockError(f"--scheduler {shown}: port {port} is not between 1 and 65535")
    return Address(scheme, host, port)


def _host_name_ok(host: str) -> bool:
    if re.fullmatch(r"[0-9.]+", host):  # all digits and dots: must be an IPv4 address
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            return False
        return True
    return len(host) <= 253 and all(_LABEL.fullmatch(label) for label in host.rstrip(".").split("."))


@dataclass(frozen=True)
class Tls:
    """The PEM files of a tls:// connection; all None: those of Dask's configuration."""

    ca_file: str | None = None
    cert: str | None = None
    key: str | None = None


@dataclass(frozen=True)
class Scheduler:
    """How ``tournament --scheduler`` reaches a Dask cluster: the address and the user's trust in it.

    ``tls_ca_file``, ``tls_cert`` and ``tls_key`` are PEM files for a ``tls://`` address (else Dask's
    configuration, ``distributed.comm.tls.ca-file`` and ``distributed.comm.tls.client.cert``/``key``);
    ``trust`` accepts a plain ``tcp://`` scheduler off this machine; ``timeout`` bounds, in seconds, the
    connection, each of the scheduler's answers and a cluster without workers.
    """

    address: str
    tls_ca_file: str | None = None
    tls_cert: str | None = None
    tls_key: str | None = None
    trust: bool = False
    timeout: int = DEFAULT_TIMEOUT

    def decide(self) -> tuple[Address, Tls | None]:
        """The checked address and its TLS files (None for tcp://; all None: Dask's configuration), or one
        line refusing it. Nothing is connected to or read from the network."""
        check("--scheduler-timeout", self.timeout, SCHEDULER_TIMEOUT, low=1)
        addr = parse_address(self.address)
        files = {"--tls-ca-file": self.tls_ca_file, "--tls-cert": self.tls_cert, "--tls-key": self.tls_key}
        given = [k for k, v in files.items() if v]
        if addr.scheme == "tcp":
            if given:
                raise DrydockError(f"--scheduler {addr}: {given[0]} is for a tls:// address (write tls://"
                                   f"{str(addr)[len('tcp://'):]})")
            if not addr.loopback and not self.trust:
                raise DrydockError(f"--scheduler {addr}: refusing a plain tcp:// scheduler off this machine; "
                                   f"{TRUST_HELP}")
            return addr, None
        for option, name in files.items():
            if name:
                check_regular(name)  # a FIFO or device is refused before Dask opens it
                if not os.path.isfile(name):
                    raise DrydockError(f"{option} {inline(name)}: no such file")
        if given and not (self.tls_ca_file and self.tls_cert):
            raise DrydockError(f"--scheduler {addr}: TLS needs --tls-ca-file (the CA that signed the scheduler's "
                               "certificate) and --tls-cert (this client's certificate; --tls-key too unless the "
                               "key is in the same file)")
        return addr, Tls(self.tls_ca_file, self.tls_cert, self.tls_key) if given else Tls()
