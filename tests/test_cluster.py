"""Tournaments on a Dask cluster (issue 20): the same chunks as ``--jobs``, so the same matrix for the same seed,
and ``--state`` resumes. The cluster is a ``distributed.LocalCluster`` on loopback (127.0.0.1) inside the test
process: two single-thread workers, no dashboard."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.engine.ai import DEFAULT_DOCTRINE
from drydock.errors import DrydockError
from drydock.formats import read_designs
from drydock.insight.tournament import Tournament

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "designs"
FILES = [EX / "comet-frigate.yaml", EX / "kestrel-corvette.yaml", EX / "vigilant-cruiser.yaml"]
OPTS = {"turns": 20, "board": (32, 18), "floating": False, "doctrine": DEFAULT_DOCTRINE}


def _distributed():
    if os.environ.get("CI", "").lower() == "true":
        import distributed  # in CI the cluster extra is installed: a missing one fails, not skips

        return distributed
    return pytest.importorskip("distributed", reason="pip install -e '.[cluster]'")


@pytest.fixture(scope="module")
def scheduler():
    distributed = _distributed()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def designs():
    return [d for f in FILES for d in read_designs(f)]


def run(*args: object) -> str:
    res = CliRunner().invoke(cli, [str(a) for a in args])
    assert res.exit_code == 0, res.output
    return res.stdout


def test_the_cluster_matrix_equals_the_local_one(scheduler):
    assert scheduler.startswith("tcp://127.0.0.1:")
    local = Tournament(designs(), 60, 4, dict(OPTS))
    local.run(jobs=2)
    remote = Tournament(designs(), 60, 4, dict(OPTS))
    remote.run(scheduler=scheduler)
    assert remote.results == local.results and remote.battles_fought == local.battles_fought
    assert local.battles_fought == sum(r["battles"] for r in local.results.values()) >= 3 * 60
    assert remote.to_dict()["matrix"] == local.to_dict()["matrix"]
    other_seed = Tournament(designs(), 60, 5, dict(OPTS))
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


def test_an_unreachable_scheduler_is_one_line(monkeypatch):
    _distributed()
    from drydock.insight import cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2)
    with pytest.raises(DrydockError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        Tournament(designs(), 10, 1, dict(OPTS)).run(scheduler="tcp://127.0.0.1:9")
