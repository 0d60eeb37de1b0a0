"""Tournaments on a Dask cluster (issue 20): the same chunks as ``--jobs``, so the same matrix for the same seed,
and ``--state`` resumes. The cluster is a ``distributed.LocalCluster`` on loopback (127.0.0.1) inside the test
process: two single-thread workers, no dashboard.

Issue 33: the cluster is trusted on purpose or not at all (a plain tcp:// address off this machine is refused
before any connection), every bad address is one line within the timeout (small servers on 127.0.0.1 that
refuse, hang, answer HTTP or garbage), a worker's result is checked data, and a worker or scheduler lost
mid-run is one line with the finished pairings saved for the rerun. Only 127.0.0.1 and ::1 are ever connected
to."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time

import pytest
from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.engine.ai import DEFAULT_DOCTRINE
from drydock.engine.settings import BattleSettings
from drydock.errors import DrydockError
from drydock.formats import read_designs
from drydock.insight import cluster
from drydock.insight.cluster import ClusterError, ClusterLost
from drydock.insight.cluster_access import Scheduler, parse_address
from drydock.insight.tournament import Tournament
from tests.helpers import ROOT

EX = ROOT / "examples" / "designs"
FILES = [EX / "comet-frigate.yaml", EX / "kestrel-corvette.yaml", EX / "vigilant-cruiser.yaml"]
OPTS = BattleSettings(turns=20, board=(32, 18), doctrine=DEFAULT_DOCTRINE)


def _distributed():
    if os.environ.get("CI", "").lower() == "true":
        import distributed  # in CI the cluster extra is installed: a missing one fails, not skips

        return distributed
    return pytest.importorskip("distributed", reason="pip install -e '.[cluster]'")


HTTP_PORT = [0]


@pytest.fixture(scope="module")
def scheduler():
    distributed = _distributed()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        HTTP_PORT[0] = cluster.scheduler.http_server.port  # Dask's own web server (health, metrics) on loopback
        yield cluster.scheduler_address


def designs():
    return [d for f in FILES for d in read_designs(f)]


def _runner() -> CliRunner:
    """A runner that keeps stderr apart (click 8.1, the floor, mixes it in unless told; 8.2 keeps it apart)."""
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()


def run(*args: object) -> str:
    res = _runner().invoke(cli, [str(a) for a in args])
    assert res.exit_code == 0, res.output
    return res.stdout


def test_the_cluster_matrix_equals_the_local_one(scheduler):
    assert scheduler.startswith("tcp://127.0.0.1:")
    local = Tournament(designs(), 60, 4, OPTS)
    local.run(jobs=2)
    remote = Tournament(designs(), 60, 4, OPTS)
    remote.run(scheduler=scheduler)
    assert remote.results == local.results and remote.battles_fought == local.battles_fought
    assert local.battles_fought == sum(r["battles"] for r in local.results.values()) >= 3 * 60
    assert remote.to_dict()["matrix"] == local.to_dict()["matrix"]
    other_seed = Tournament(designs(), 60, 5, OPTS)
    other_seed.run(scheduler=scheduler)
    assert other_seed.results != local.results  # the seed reaches the workers


def test_the_command_line_on_a_cluster_resumes_from_its_state_file(scheduler, tmp_path):
    common = ["tournament", *FILES, "--runs", "60", "--seed", "4", "--json"]
    jobs = json.loads(run(*common, "--jobs", "2"))
    state = tmp_path / "state.json"
    cluster = json.loads(run(*common, "--scheduler", scheduler, "--state", state))
    assert cluster["matrix"] == jobs["matrix"] and cluster["ranking"] == jobs["ranking"]
    saved = json.loads(state.read_text())
    assert len(saved["results"]) == 3
    # an interrupted run: one pairing never finished; the rerun fights only that one, on the cluster
    battles = saved["results"].pop("0-2")["battles"]
    state.write_text(json.dumps(saved))
    again = json.loads(run(*common, "--scheduler", scheduler, "--state", state))
    assert again["battles_fought"] == battles and again["matrix"] == jobs["matrix"]
    assert len(json.loads(state.read_text())["results"]) == 3
    # and a state file written on the cluster resumes locally
    done = json.loads(run(*common, "--jobs", "1", "--state", state))
    assert done["battles_fought"] == 0 and done["matrix"] == jobs["matrix"]




# ------------------------------------------------------------------ issue 33: addresses and trust
MALFORMED = {
    "": "an empty address",
    "not a url": "not an address",
    "127.0.0.1": "no port: write tcp://127.0.0.1:8786",
    "tls://": "not an address",
    "tcp://:8786": "not an address",
    "ucx://127.0.0.1:8786": "the ucx:// protocol is not supported",
    "inproc://": "the inproc:// protocol is not supported",
    "ws://127.0.0.1:8786": "the ws:// protocol is not supported",
    "tcp://127.0.0.1:0": "port 0 is not between 1 and 65535",
    "tcp://127.0.0.1:99999": "port 99999 is not between 1 and 65535",
    "tcp://[zz::1]:8786": "not an address",
    "tcp://[1::2::3]:8786": "[1::2::3] is not an IPv6 address",
    "tcp://300.1.1.1:8786": "300.1.1.1 is not a host name or IP address",
    "tcp://bad_name:8786": "not an address",
    "tcp://127.0.0.1:8786\nforged": "not an address",
    "x" * 400: "longer than 300 characters",
}
#: addresses off this machine: refused before anything is connected (none of them is ever connected to)
REMOTE = ["tcp://192.0.2.1:8786", "192.0.2.1:8786", "tcp://scheduler-host:8786", "tcp://[2001:db8::1]:8786",
          "tcp://0.0.0.0:8786", "tcp://[::ffff:127.0.0.1]:8786", "tcp://127.0.0.1.example.org:8786"]


@pytest.fixture
def no_network(monkeypatch):
    """Any attempt to connect a socket fails the test: the decision comes before the network."""
    def refuse(self, address, *args):
        raise AssertionError(f"connected to {address}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)


@pytest.mark.parametrize("address", list(MALFORMED), ids=lambda a: repr(a[:30]))
def test_a_malformed_address_is_one_line_before_any_connection(address, no_network):
    with pytest.raises(DrydockError, match="--scheduler") as err:
        Scheduler(address).decide()
    assert MALFORMED[address] in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("address", REMOTE)
def test_a_plain_scheduler_off_this_machine_is_refused_before_any_connection(address, no_network):
    with pytest.raises(DrydockError, match="refusing a plain tcp:// scheduler off this machine") as err:
        Tournament(designs(), 10, 1, OPTS).run(scheduler=address)
    assert "can run code on this machine" in str(err.value) and "--trust-cluster" in str(err.value)
    # the user's explicit trust, or TLS, is what lets it through (decided here; nothing is connected)
    addr, tls = Scheduler(address, trust=True).decide()
    assert tls is None and not addr.loopback


def test_loopback_is_trusted_and_tls_needs_certificates(no_network, tmp_path):
    for address in ("tcp://127.0.0.1:8786", "127.0.0.1:8786", "tcp://127.3.4.5:1", "tcp://localhost:8786",
                    "tcp://LOCALHOST:8786", "tcp://[::1]:8786"):
        addr, tls = Scheduler(address).decide()
        assert addr.loopback and tls is None
    assert str(parse_address("localhost:8786")) == "tcp://localhost:8786"
    with pytest.raises(DrydockError, match="a tls:// scheduler needs certificates"):
        Tournament(designs(), 10, 1, OPTS).run(scheduler="tls://192.0.2.1:8786")
    with pytest.raises(DrydockError, match="--tls-ca-file is for a tls:// address"):
        Scheduler("tcp://127.0.0.1:8786", tls_ca_file="ca.pem").decide()
    with pytest.raises(DrydockError, match="--tls-cert nope.pem: no such file"):
        Scheduler("tls://192.0.2.1:8786", tls_ca_file=str(EX / "majestic.yaml"), tls_cert="nope.pem").decide()
    with pytest.raises(DrydockError, match="TLS needs --tls-ca-file"):
        Scheduler("tls://192.0.2.1:8786", tls_cert=str(EX / "majestic.yaml")).decide()
    with pytest.raises(DrydockError, match="scheduler-timeout must be at least 1"):
        Scheduler("tcp://127.0.0.1:8786", timeout=0).decide()
    with pytest.raises(DrydockError, match="past drydock's limit of 3,600"):
        Scheduler("tcp://127.0.0.1:8786", timeout=3601).decide()


def test_the_command_line_refuses_before_reading_the_cluster(no_network):
    for args in (["--scheduler", "tcp://192.0.2.1:8786"], ["--scheduler", "ucx://127.0.0.1:8786"],
                 ["--trust-cluster"], ["--scheduler", "tcp://127.0.0.1:8786", "--tls-cert", "x.pem"]):
        res = _runner().invoke(cli, ["tournament", *map(str, FILES), "--runs", "10", *args])
        assert res.exit_code == 2, res.output
        assert len(res.stderr.splitlines()) == 1 and res.stderr.startswith("drydock: error: ")


# ------------------------------------------------------------------ issue 33: servers that are not Dask
@pytest.fixture
def listener():
    """A server on 127.0.0.1 that accepts and then hangs, answers HTTP, or answers garbage; it stops itself."""
    stops = []

    def start(kind: str) -> str:
        srv = socket.socket()
        srv.bind(("127.0.0.1", 0))
        srv.listen(8)
        srv.settimeout(0.1)
        stop = threading.Event()
        stops.append(stop)

        def serve() -> None:
            held = []
            deadline = time.monotonic() + 60  # bounded even if the test never stops it
            while not stop.is_set() and time.monotonic() < deadline:
                try:
                    conn, _ = srv.accept()
                except OSError:
                    continue
                held.append(conn)
                if kind == "http":  # what a web server (a Dask dashboard) says to a request it cannot parse
                    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                elif kind == "garbage":
                    conn.sendall(bytes(range(256)) * 4)
            for conn in held:
                conn.close()
            srv.close()

        threading.Thread(target=serve, daemon=True).start()
        return f"tcp://127.0.0.1:{srv.getsockname()[1]}"

    yield start
    for stop in stops:
        stop.set()


def _closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    return port


@pytest.mark.parametrize("kind, message", [
    ("refused", "connection refused"),
    ("hang", "did not answer within 2 s (connecting)"),
    ("http", "did not answer as a Dask scheduler does"),
    ("garbage", "did not answer as a Dask scheduler does"),
])
def test_an_address_that_is_not_a_scheduler_is_one_line_within_the_timeout(kind, message, listener):
    _distributed()
    address = f"tcp://127.0.0.1:{_closed_port()}" if kind == "refused" else listener(kind)
    start = time.monotonic()
    with pytest.raises(ClusterError) as err:
        Tournament(designs(), 10, 1, OPTS).run(scheduler=Scheduler(address, timeout=2))
    took = time.monotonic() - start
    assert message in str(err.value) and address in str(err.value) and "\n" not in str(err.value)
    assert not isinstance(err.value, ClusterLost)  # nothing ran: no resume hint
    assert took < 2 * 2 + 1, took  # connecting, then closing, each bounded by the timeout


def test_the_dashboard_port_typed_for_the_scheduler_is_one_line(scheduler):
    """The scheduler's web server (where the dashboard lives, :8787 by default) is not the scheduler."""
    address = f"tcp://127.0.0.1:{HTTP_PORT[0]}"
    start = time.monotonic()
    with pytest.raises(ClusterError) as err:
        Tournament(designs(), 10, 1, OPTS).run(scheduler=Scheduler(address, timeout=2))
    assert time.monotonic() - start < 2 * 2 + 1
    assert address in str(err.value) and "\n" not in str(err.value)
    assert "did not answer" in str(err.value)
    if HTTP_PORT[0] == 8787:
        assert "8787 is the Dask dashboard's port, the scheduler's is 8786" in str(err.value)


def test_the_command_line_says_one_line_for_a_silent_port(listener):
    _distributed()
    address = listener("hang")
    start = time.monotonic()
    res = _runner().invoke(cli, ["tournament", *map(str, FILES[:2]), "--runs", "10", "--scheduler", address,
                                   "--scheduler-timeout", "1"])
    assert time.monotonic() - start < 5
    assert res.exit_code == 2 and res.stderr.splitlines() == [
        f"drydock: error: the Dask scheduler at {address} did not answer within 1 s (connecting)"]


# ------------------------------------------------------------------ issue 33: what workers send back
def _bad_result(task, payload):
    """A worker that is not drydock's: its result is not a pairing's counts."""
    return {"a_wins": 10**9, "b_wins": -1, "draws": 0, "turns": 0, "value": "1/0", "plans": ["x"], "battles": 1}


def test_a_result_that_is_not_a_pairing_is_refused_and_nothing_is_saved(scheduler, monkeypatch, tmp_path):
    monkeypatch.setattr(cluster, "cluster_chunk", _bad_result)
    state = tmp_path / "state.json"
    with pytest.raises(ClusterLost, match="sent a result that is not a pairing's counts") as err:
        Tournament(designs(), 10, 1, OPTS).run(scheduler=Scheduler(scheduler, timeout=5), state=state)
    assert "0 of 3 pairings are saved" in str(err.value)
    assert not state.exists() or json.loads(state.read_text())["results"] == {}


@pytest.mark.parametrize("got, ok", [
    ([3, 4, 3, 50], True), ([3, 4, 3], False), ([3, 4, 4, 50], False), ([3, -1, 8, 50], False),
    ([3.0, 4, 3, 50], False), ([True, 4, 5, 50], False), ("3,4,3,50", False), ([3, 4, 3, 10_001], False),
])
def test_chunk_results_are_checked_as_data(got, ok):
    from drydock.insight.chunks import result_ok

    assert result_ok(got, 10, plans=False) is ok


def test_plan_results_are_checked_as_data():
    from drydock.insight.chunks import result_ok

    good = {"a_wins": 6, "b_wins": 3, "draws": 1, "turns": 80, "runs": 10, "value": "1/3", "value_low": 0.1,
            "value_high": 0.5, "plans": ["close", "hold/standoff (cautious)"], "battles": 40}
    assert result_ok(good, 10, plans=True)
    assert result_ok({**good, "a_wins": 2, "b_wins": 1, "draws": 1, "runs": 4}, 10, plans=True)  # stopped early
    for bad in ({**good, "extra": 1}, {**good, "value": "4/3"}, {**good, "value": "1e99999999"},
                {**good, "value": "1/00"}, {**good, "plans": ["close", "os.system"]}, {**good, "battles": 9},
                {**good, "draws": 2}, {**good, "turns": "80"}, [6, 3, 1, 80], {**good, "runs": 11},
                {**good, "value_low": 0.6}, {**good, "value_high": "0.5"}, {**good, "value_low": -2}):
        assert not result_ok(bad, 10, plans=True), bad


def test_the_version_check_quotes_workers_as_text():
    addr = parse_address("tcp://127.0.0.1:8786")
    mine = cluster._version()
    assert cluster.check_versions({"tcp://127.0.0.1:1": mine, "tcp://127.0.0.1:2": mine}, addr) == 2
    with pytest.raises(ClusterError, match="has no workers"):
        cluster.check_versions({}, addr)
    with pytest.raises(ClusterError, match="something other than version numbers"):
        cluster.check_versions({"tcp://127.0.0.1:1": ["a list"]}, addr)
    with pytest.raises(ClusterError) as err:
        cluster.check_versions({"tcp://127.0.0.1:1\n": "0.0\x1b[31m"}, addr)
    assert "\x1b" not in str(err.value) and "\n" not in str(err.value) and "\\x1b" in str(err.value)


# ------------------------------------------------------------------ issue 33: lost mid-run, then resumed
@pytest.fixture
def small_cluster():
    distributed = _distributed()
    c = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                                 host="127.0.0.1", dashboard_address=None)
    yield c
    if getattr(c.status, "name", "") not in ("closing", "closed"):  # a test may have closed it (twice fails)
        c.close()


_GATE = {"first": threading.Lock(), "lost": threading.Event()}


def _chunk_behind_the_gate(task, payload):
    """The first pairing is fought at once; the others wait until the cluster is lost (10 s at most)."""
    if not _GATE["first"].acquire(blocking=False):
        _GATE["lost"].wait(10)
    return _REAL_CHUNK(task, payload)


_REAL_CHUNK = cluster.cluster_chunk


def _lose_after_first_pairing(what):
    seen = []

    def progress(n: int) -> None:
        seen.append(n)
        if len(seen) == 1:  # the first pairing is counted (and saved just after): now lose the cluster
            threading.Thread(target=what, daemon=True).start()

    return progress


@pytest.mark.parametrize("lose", ["worker", "scheduler"])
def test_a_lost_worker_or_scheduler_is_one_line_and_the_state_resumes(lose, small_cluster, scheduler, tmp_path,
                                                                      monkeypatch):
    _GATE.update(first=threading.Lock(), lost=threading.Event())
    monkeypatch.setattr(cluster, "cluster_chunk", _chunk_behind_the_gate)
    state = tmp_path / "state.json"
    t = Tournament(designs(), 10, 4, OPTS)
    what = (lambda: small_cluster.scale(0)) if lose == "worker" else small_cluster.close
    start = time.monotonic()
    with pytest.raises(ClusterLost) as err:
        t.run(scheduler=Scheduler(small_cluster.scheduler_address, timeout=2), state=state,
              progress=_lose_after_first_pairing(what))
    _GATE["lost"].set()
    assert time.monotonic() - start < 60
    text = str(err.value)
    assert "\n" not in text and f"are saved in {state}: rerun the same command" in text
    assert text.startswith("lost the ")  # the scheduler, its workers, or (with them) the battles Dask held
    assert len(json.loads(state.read_text())["results"]) == 1
    again = Tournament(designs(), 10, 4, OPTS)
    again.run(scheduler=scheduler, state=state)  # the rerun fights only the rest, on a cluster that is there
    local = Tournament(designs(), 10, 4, OPTS)
    local.run(jobs=1)
    assert again.results == local.results


def test_the_command_line_loses_its_scheduler_in_one_line_and_resumes(tmp_path, monkeypatch):
    """The real command (a process of its own, with Dask's logging as configured): a scheduler lost mid-run is
    drydock's one line on stderr, no Dask log line or traceback, and the rerun fights only the rest."""
    distributed = _distributed()
    _GATE.update(first=threading.Lock(), lost=threading.Event())
    monkeypatch.setattr(cluster, "cluster_chunk", _chunk_behind_the_gate)  # the workers run in this process
    state = tmp_path / "state.json"
    args = [sys.executable, "-m", "drydock", "tournament", *map(str, FILES), "--runs", "10", "--seed", "4",
            "--state", str(state), "--scheduler-timeout", "3", "--json"]
    c = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                                 host="127.0.0.1", dashboard_address=None)

    def lose_when_the_first_is_saved() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (state.exists() and json.loads(state.read_text())["results"]):
            time.sleep(0.05)
        c.close()
        _GATE["lost"].set()

    closer = threading.Thread(target=lose_when_the_first_is_saved, daemon=True)
    closer.start()
    try:
        res = subprocess.run([*args, "--scheduler", c.scheduler_address], capture_output=True, text=True,
                             timeout=120, stdin=subprocess.DEVNULL)
    finally:
        closer.join(90)
        _GATE["lost"].set()
    assert res.returncode == 2, res.stderr
    assert len(res.stderr.splitlines()) == 1, res.stderr
    assert res.stderr.startswith("drydock: error: lost the ") and "1 of 3 pairings are saved" in res.stderr
    again = subprocess.run([*args, "--jobs", "1"], capture_output=True, text=True, timeout=300,
                           stdin=subprocess.DEVNULL)
    assert again.returncode == 0, again.stderr
    assert len(json.loads(state.read_text())["results"]) == 3


# ------------------------------------------------------------------ issue 33: TLS
def _openssl():
    if shutil.which("openssl") is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("openssl is needed for the TLS test")
        pytest.skip("openssl is not installed")


def test_a_tls_cluster_with_certificates(tmp_path):
    """The docs' recipe: a CA, and one certificate it signs for the scheduler, the workers and the client."""
    distributed = _distributed()
    _openssl()
    for cmd in (["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=drydock test CA",
                 "-keyout", "ca-key.pem", "-out", "ca.pem"],
                ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=drydock test", "-keyout", "key.pem",
                 "-out", "cert.csr"],
                ["x509", "-req", "-in", "cert.csr", "-CA", "ca.pem", "-CAkey", "ca-key.pem", "-CAcreateserial",
                 "-days", "2", "-out", "cert.pem"]):
        subprocess.run(["openssl", *cmd], cwd=tmp_path, check=True, capture_output=True, timeout=60)
    ca, cert, key = (str(tmp_path / n) for n in ("ca.pem", "cert.pem", "key.pem"))
    security = distributed.security.Security(tls_ca_file=ca, tls_scheduler_cert=cert, tls_scheduler_key=key,
                                             tls_worker_cert=cert, tls_worker_key=key, tls_client_cert=cert,
                                             tls_client_key=key, require_encryption=True)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tls://",
                                  host="127.0.0.1", dashboard_address=None, security=security) as c:
        address = c.scheduler_address
        assert address.startswith("tls://127.0.0.1:")
        out = json.loads(run("tournament", *FILES[:2], "--runs", "10", "--json", "--scheduler", address,
                             "--tls-ca-file", ca, "--tls-cert", cert, "--tls-key", key))
        assert out["battles_fought"] >= 10
        # a certificate file that is not one, a wrong CA: one line each
        res = _runner().invoke(cli, ["tournament", *map(str, FILES[:2]), "--runs", "10", "--scheduler", address,
                                     "--tls-ca-file", ca, "--tls-cert", str(FILES[0]), "--tls-key", key])
        assert res.exit_code == 2 and res.stderr.startswith("drydock: error: --scheduler tls://127.0.0.1:")
        assert "cannot use the TLS files" in res.stderr and len(res.stderr.splitlines()) == 1
        res = _runner().invoke(cli, ["tournament", *map(str, FILES[:2]), "--runs", "10", "--scheduler", address,
                                     "--tls-ca-file", cert, "--tls-cert", str(tmp_path / "ca.pem"), "--tls-key",
                                     str(tmp_path / "ca-key.pem"), "--scheduler-timeout", "3"])
        assert res.exit_code == 2 and "did not answer as a Dask scheduler does" in res.stderr, res.stderr
        assert len(res.stderr.splitlines()) == 1
        # the TLS port does not answer a plain connection as Dask does, and without certificates none is made
        res = _runner().invoke(cli, ["tournament", *map(str, FILES[:2]), "--runs", "10", "--scheduler", address])
        assert res.exit_code == 2 and "a tls:// scheduler needs certificates" in res.stderr
