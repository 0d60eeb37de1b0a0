"""Tournaments past one machine: the round robin's chunks of runs on a Dask distributed cluster.

``drydock tournament --scheduler ADDRESS`` sends exactly the chunks ``--jobs`` would run in local processes
(pairing, pair seed, runs start..stop) to the workers of a running Dask scheduler, so the matrix is the same
for the same seed, and finished pairings go to the ``--state`` file as they complete, so an interrupted run
resumes. drydock has no scheduler of its own: start ``dask scheduler`` and ``dask worker`` processes (the
optional ``cluster`` extra installs them: ``pip install 'starmada-drydock[cluster]'``), each worker with the same
drydock version as the machine that submits (checked before any battle).

Whether to connect at all is decided first, from the address and options alone
(:mod:`drydock.insight.cluster_access`: loopback, TLS, or ``--trust-cluster``), because Dask's protocol
unpickles what the scheduler sends. Every step that waits on the cluster is bounded by the scheduler timeout
(30 s unless told), and every way it can fail (refused, silent, not Dask, lost mid-run) is a
:class:`ClusterError`: one line. A task's result is plain data (ints, a fraction as text, plan names) and is
checked like a state file's pairing before it is counted or saved.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from drydock.engine.montecarlo import build_matchup
from drydock.errors import DrydockError, inline, one_line
from drydock.insight.chunks import fight_chunk, fight_pairing, pairing_settings, result_ok
from drydock.insight.cluster_access import DASHBOARD_PORT, DASK_PORT, Address, Scheduler, Tls
from drydock.resources import install_hint, installed_version

Task = tuple[int, int, int, int, int]  # pairing i, j, pair seed, first run, run after the last

_LOCAL = threading.local()  # per worker thread: the designs of the current tournament and their match-ups
#: seconds between two looks at the cluster while results are awaited (is the scheduler there, any worker?)
POLL = 1.0
VERSION_CHARS = 100
#: seconds given to closing the connection after the run or a failure (a gone scheduler cannot answer)
CLOSE_TIMEOUT = 5


class ClusterError(DrydockError):
    """The cluster could not be reached, was not a Dask scheduler, or was lost while the battles ran."""


class ClusterLost(ClusterError):
    """The scheduler or the workers went away (or sent nonsense) after the battles began: a rerun resumes."""


def _version() -> str:
    return installed_version()


def cluster_chunk(task: Task, payload: dict[str, Any]) -> Any:
    """One task on a worker, as ``--jobs`` runs it: with ``payload["plans"]`` a pairing's verdict by the plan
    game (:func:`~drydock.insight.chunks.fight_pairing`), else runs start..stop of one pairing: [wins of i,
    wins of j, draws, turns]."""
    i, j, seed, start, stop = task
    if payload.get("plans"):
        d = payload["designs"]
        return fight_pairing(d[i], d[j], pairing_settings(payload["settings"], payload["doctrines"], i, j), seed,
                             stop)
    if getattr(_LOCAL, "token", None) != payload["token"]:
        _LOCAL.token, _LOCAL.matchups = payload["token"], {}
    m = _LOCAL.matchups.get((i, j))
    if m is None:
        d = payload["designs"]
        m = _LOCAL.matchups[(i, j)] = build_matchup([d[i]], [d[j]],
                                                    pairing_settings(payload["settings"], payload["doctrines"], i, j))
    return fight_chunk(m, seed, start, stop)


def check_versions(versions: Any, address: Address) -> int:
    """The number of workers, after checking there is one and that each runs this drydock version."""
    if not isinstance(versions, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                 for k, v in versions.items()):
        raise ClusterError(f"the Dask scheduler at {address} answered drydock's version check with something "
                           "other than version numbers")
    if not versions:
        raise ClusterError(f"the Dask scheduler at {address} has no workers: start some with "
                           f"dask worker {address}")
    mine = _version()
    other = sorted({f"{inline(w[:VERSION_CHARS])} has {inline(v[:VERSION_CHARS])}"
                    for w, v in versions.items() if v != mine})
    if other:
        raise ClusterError(f"every worker needs drydock {mine} (the results would differ): {'; '.join(other[:5])}"
                           + (f" and {len(other) - 5} more" if len(other) > 5 else ""))
    return len(versions)


def run_on_cluster(scheduler: Scheduler | str, tasks: list[Task], payload: dict[str, Any],
                   take: Callable[[Task, Any], None]) -> int:
    """Run ``tasks`` on the cluster ``scheduler`` names, calling ``take(task, result)`` as each task finishes
    (in any order: the counts add up the same). ``payload``: designs, options, doctrines and a ``token``
    naming this tournament (a worker keeps one tournament's match-ups). Returns the number of workers used.

    The address and the trust in it are checked before anything is connected (a :class:`ClusterError`, or a
    :class:`~drydock.errors.DrydockError` for a refused address); each result is checked before ``take``."""
    if isinstance(scheduler, str):
        scheduler = Scheduler(scheduler)
    address, tls = scheduler.decide()  # nothing connected or read before this
    try:
        # lazy: optional dependency (the cluster extra)
        import distributed  # noqa: F401
    except ImportError:
        raise DrydockError(f"--scheduler needs Dask distributed: {install_hint('cluster')}") from None
    security = _security(address, tls)
    with _quiet_dask():
        return asyncio.run(_run(address, security, scheduler.timeout, tasks, payload, take))


def _security(address: Address, tls: Tls | None) -> Any:
    """Dask's Security for a tls:// address (require_encryption), from the files given or Dask's config."""
    if tls is None:
        return None
    # lazy: optional dependency (the cluster extra)
    from distributed.security import Security

    if tls.ca_file:
        return Security(tls_ca_file=tls.ca_file, tls_client_cert=tls.cert, tls_client_key=tls.key,
                        require_encryption=True)
    sec = Security(require_encryption=True)  # distributed.comm.tls.* of Dask's configuration
    if not (getattr(sec, "tls_ca_file", None) and getattr(sec, "tls_client_cert", None)):  # set from the config
        raise DrydockError(f"--scheduler {address}: a tls:// scheduler needs certificates: --tls-ca-file, "
                           "--tls-cert and --tls-key, or distributed.comm.tls.ca-file and "
                           "distributed.comm.tls.client.cert/key in Dask's configuration")
    return sec


@contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask's own log lines (lost connections, retries) off while drydock talks to the cluster: what went
    wrong is drydock's one line."""
    names = ["distributed", *(n for n in list(logging.root.manager.loggerDict) if n.startswith("distributed."))]
    logs = [logging.getLogger(n) for n in names]  # each: Dask's configuration gives some a level of their own
    was = [log.disabled for log in logs]
    for log in logs:
        log.disabled = True
    try:
        yield
    finally:
        for log, disabled in zip(logs, was, strict=True):
            log.disabled = disabled


async def _run(address: Address, security: Any, timeout: int, tasks: list[Task], payload: dict[str, Any],
               take: Callable[[Task, Any], None]) -> int:
    # lazy: optional dependency (the cluster extra)
    from distributed import Client

    await _reachable(address, timeout)
    kwargs = {"security": security} if security is not None else {}
    try:  # the TLS context is built here, from the certificate files
        client = Client(str(address), asynchronous=True, timeout=timeout, set_as_default=False, **kwargs)
    except (OSError, ValueError) as exc:
        raise ClusterError(f"--scheduler {address}: cannot use the TLS files ({_reason(exc)})") from None
    try:
        await _bounded(client, timeout, address, "connecting")
        versions = await _versions(client, address, timeout)
        workers = check_versions(versions, address)
        if tasks:
            shared = await _bounded(client.scatter(payload, broadcast=True, hash=False), timeout, address,
                                    "sending the designs to the workers")
            futures = client.map(cluster_chunk, tasks, payload=shared, pure=False)
            await _collect(client, address, timeout, dict(zip(futures, tasks, strict=True)),
                           bool(payload.get("plans")), take)
        return workers
    except ClusterError:
        raise
    except (OSError, asyncio.TimeoutError) as exc:
        raise ClusterLost(f"lost the Dask scheduler at {address} ({type(exc).__name__})") from None
    finally:
        try:
            await asyncio.wait_for(client.close(), min(timeout, CLOSE_TIMEOUT))
        except Exception:  # noqa: S110 - closing a client that is already gone: nothing left to tell
            pass


async def _versions(client: Any, address: Address, timeout: int) -> Any:
    """Each worker's drydock version (a worker without drydock fails the check: one line)."""
    try:
        return await _bounded(client.run(_version), timeout, address, "drydock's version check")
    except ClusterError:
        raise
    except Exception as exc:  # raised on a worker: its exception, whatever it is, is the answer
        raise ClusterError(f"a worker of {address} could not run drydock's version check ({_reason(exc)}): "
                           "is this drydock installed on every worker?") from None


async def _reachable(address: Address, timeout: int) -> None:
    """One TCP connection, opened and closed: refused, unreachable or unknown names end here, at once."""
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(address.host, address.port), timeout)
    except asyncio.TimeoutError:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: no connection within {timeout} s") \
            from None
    except ConnectionRefusedError:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: connection refused (is a scheduler "
                           f"running there? dask scheduler listens on port {DASK_PORT})") from None
    except socket.gaierror as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: unknown host ({_reason(exc)})") from None
    except OSError as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc.strerror or _reason(exc)}") from None
    writer.close()


async def _bounded(step: Any, timeout: int, address: Address, what: str, *, running: bool = False) -> Any:
    """``await step`` within ``timeout``; a scheduler that does not answer, answers in another protocol or (once
    ``running``) goes away is one line."""
    try:
        return await asyncio.wait_for(step, timeout)
    except asyncio.TimeoutError:
        if running:
            raise ClusterLost(f"lost the Dask scheduler at {address}: no answer within {timeout} s") from None
        raise ClusterError(f"the Dask scheduler at {address} did not answer within {timeout} s ({what})"
                           + _port_hint(address)) from None
    except (MemoryError, OverflowError, ValueError, TypeError, EOFError, OSError) as exc:
        if running:
            raise ClusterLost(f"lost the Dask scheduler at {address} ({type(exc).__name__})") from None
        # Dask read a frame length or message that is not its protocol: HTTP, TLS, garbage, or a closed port
        hint = "do its certificates and these match?" if address.scheme == "tls" else \
            "is it another program, or a tls:// scheduler?"
        raise ClusterError(f"{address} did not answer as a Dask scheduler does ({what}: {_reason(exc)}); {hint}"
                           + _port_hint(address)) from None


def _port_hint(address: Address) -> str:
    if address.port == DASHBOARD_PORT:
        return f" ({DASHBOARD_PORT} is the Dask dashboard's port, the scheduler's is {DASK_PORT})"
    return ""


def _reason(exc: BaseException) -> str:
    text = one_line(re.sub(r"^in <[^>]*>: ", "", str(exc)), 200)  # Dask's "in <TCP ... remote=...>: " prefix
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


async def _collect(client: Any, address: Address, timeout: int, index: dict[Any, Task], plans: bool,
                   take: Callable[[Task, Any], None]) -> None:
    """``take`` each task's checked result as it comes; a lost worker or scheduler, or a cluster without
    workers for ``timeout`` seconds, is a :class:`ClusterError`."""
    # lazy: optional dependency (the cluster extra)
    from distributed import KilledWorker

    async def one(future: Any) -> tuple[Task, Any]:
        try:
            return index[future], await future
        except concurrent.futures.CancelledError as exc:  # Dask's cancelling (asyncio's, Ctrl-C, goes on up)
            why = getattr(exc, "reason", None)
            raise ClusterLost(f"lost the battles on {address}: Dask cancelled them"
                              + (f" ({one_line(str(why), 80)})" if why else "")
                              + "; its workers or its scheduler went away") from None

    waits = [asyncio.ensure_future(one(f)) for f in index]
    pending = set(waits)
    idle_since: float | None = None
    try:
        while pending:
            done, pending = await asyncio.wait(pending, timeout=POLL, return_when=asyncio.FIRST_COMPLETED)
            for d in done:
                try:
                    task, got = d.result()
                except KilledWorker:
                    raise ClusterLost(f"lost the Dask workers of {address}: each worker that took a pairing "
                                      "died (KilledWorker)") from None
                except OSError as exc:
                    raise ClusterLost(f"lost the Dask scheduler at {address} ({type(exc).__name__})") from None
                if not result_ok(got, task[4] - task[3], plans):
                    raise ClusterLost(f"a worker of {address} sent a result that is not a pairing's counts "
                                      "(a worker with another drydock, or not drydock)")
                take(task, got)
            if not pending:
                break
            workers = await _bounded(client.nthreads(), timeout, address, "how many workers are left", running=True)
            if workers:
                idle_since = None
            elif idle_since is None:
                idle_since = time.monotonic()
            elif time.monotonic() - idle_since > timeout:
                raise ClusterLost(f"lost the Dask workers of {address}: none for {timeout} s")
    finally:
        for p in pending:
            p.cancel()
        await asyncio.gather(*waits, return_exceptions=True)  # every end taken (the first told): nothing to log
