"""Tournaments past one machine: the round robin's chunks of runs on a Dask distributed cluster.

``drydock tournament --scheduler ADDRESS`` sends exactly the chunks ``--jobs`` would run in local processes
(pairing, pair seed, runs start..stop) to the workers of a running Dask scheduler, so the matrix is the same
for the same seed, and finished pairings go to the ``--state`` file as they complete, so an interrupted run
resumes. drydock has no scheduler of its own: start ``dask scheduler`` and ``dask worker`` processes (the
optional ``cluster`` extra installs them: ``pip install 'starmada-drydock[cluster]'``), each worker with the same
drydock version as the machine that submits (checked before any battle).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from drydock.engine.montecarlo import build_matchup
from drydock.errors import DrydockError
from drydock.insight.chunks import fight_chunk, fight_pairing, pairing_options
from drydock.resources import install_hint, installed_version

#: seconds to wait for the scheduler to answer before giving up
CONNECT_TIMEOUT = 30

Task = tuple[int, int, int, int, int]  # pairing i, j, pair seed, first run, run after the last

_LOCAL = threading.local()  # per worker thread: the designs of the current tournament and their match-ups


def _client(address: str) -> Any:
    try:
        # lazy: optional dependency (the cluster extra)
        from distributed import Client
    except ImportError:
        raise DrydockError(f"--scheduler needs Dask distributed: {install_hint('cluster')}") from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise DrydockError(f"cannot reach the Dask scheduler at {address}: {exc}") from None


def _version() -> str:
    return installed_version()


def check_workers(client: Any, address: str) -> int:
    """The number of workers, after checking there is one and that each runs this drydock version."""
    versions = client.run(_version)
    if not versions:
        raise DrydockError(f"the Dask scheduler at {address} has no workers: start some with "
                           f"dask worker {address}")
    mine = _version()
    other = sorted({f"{w} has {v}" for w, v in versions.items() if v != mine})
    if other:
        raise DrydockError(f"every worker needs drydock {mine} (the results would differ): {'; '.join(other)}")
    return len(versions)


def cluster_chunk(task: Task, payload: dict[str, Any]) -> Any:
    """One task on a worker, as ``--jobs`` runs it: with ``payload["plans"]`` a pairing's verdict by the plan
    game (:func:`~drydock.insight.chunks.fight_pairing`), else runs start..stop of one pairing: [wins of i,
    wins of j, draws, turns]."""
    i, j, seed, start, stop = task
    if payload.get("plans"):
        d = payload["designs"]
        return fight_pairing(d[i], d[j], pairing_options(payload["opts"], payload["doctrines"], i, j), seed, stop)
    if getattr(_LOCAL, "token", None) != payload["token"]:
        _LOCAL.token, _LOCAL.matchups = payload["token"], {}
    m = _LOCAL.matchups.get((i, j))
    if m is None:
        d = payload["designs"]
        opts = pairing_options(payload["opts"], payload["doctrines"], i, j)
        m = _LOCAL.matchups[(i, j)] = build_matchup([d[i]], [d[j]], **opts)
    return fight_chunk(m, seed, start, stop)


def run_on_cluster(address: str, tasks: list[Task], payload: dict[str, Any],
                   take: Callable[[Task, Any], None]) -> int:
    """Run ``tasks`` on the cluster at ``address``, calling ``take(task, result)`` as each task finishes (in
    any order: the counts add up the same). ``payload``: designs, options, doctrines and a ``token`` naming
    this tournament (a worker keeps one tournament's match-ups). Returns the number of workers used."""
    client = _client(address)
    futures: list[Any] = []
    try:
        workers = check_workers(client, address)
        if not tasks:
            return workers
        # lazy: optional dependency (the cluster extra)
        from distributed import as_completed

        shared = client.scatter(payload, broadcast=True, hash=False)
        futures = client.map(cluster_chunk, tasks, payload=shared, pure=False)
        index = {f.key: t for f, t in zip(futures, tasks, strict=True)}
        for future, counts in as_completed(futures, loop=client.loop, with_results=True):
            take(index[future.key], counts)
        return workers
    finally:
        if futures:
            client.cancel(futures)
        client.close()

