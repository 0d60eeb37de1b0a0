"""``drydock battle`` from the command line."""

import json

from click.testing import CliRunner

from drydock.cli.main import cli
from tests.helpers import FIXTURES

FIX = FIXTURES / "battle"
BC, CV, FR = (str(FIX / f"{n}.yaml") for n in ("battlecruiser", "corvette", "frigate"))


def test_json_output():
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "60", "--seed", "2", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    for key in ("runs", "a_wins", "b_wins", "draws", "mean_turns", "not_simulated"):
        assert key in d
    assert d["runs"] == 60 and d["a_wins"] + d["b_wins"] + d["draws"] == 60


def test_text_output_jobs_and_log(tmp_path):
    log = tmp_path / "one.log"
    args = ["battle", FR, f"{CV},{CV}", "--count-a", "2", "--runs", "100", "--seed", "5", "--turns", "8"]
    r1 = CliRunner().invoke(cli, args + ["--log", str(log)])
    r2 = CliRunner().invoke(cli, args + ["--jobs", "2"])
    assert r1.exit_code == 0 and r2.exit_code == 0, r1.output + r2.output
    assert r1.output == r2.output
    assert "A wins" in r1.output and "95% CI" in r1.output and "survival" in r1.output
    assert "A2 Swift" in r1.output and "B2 Kestrel" in r1.output
    assert "== turn 1" in log.read_text()
    again = CliRunner().invoke(cli, args + ["--log", str(log)])
    assert again.exit_code != 0 and "already exists" in again.output


def test_user_errors_are_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("hull: [\n")
    for args in (["battle", str(bad), CV], ["battle", BC, str(tmp_path / "missing.yaml")],
                 ["battle", BC, CV, "--board", "huge"], ["battle", BC, CV, "--runs", "0"]):
        r = CliRunner().invoke(cli, args)
        assert r.exit_code != 0
        assert r.output.strip().count("\n") == 0 and "Traceback" not in r.output, r.output


def test_illegal_designs_fight_with_a_warning(tmp_path):
    hog = tmp_path / "hog.yaml"
    hog.write_text("class: Hog\nhull: 3\nengines: 9\nshields: 5\n"
                   "weapons:\n  - {name: Big, range: 10-20-30, stats: 3x2+/3/3, banks: [TT]}\n")
    r = CliRunner().invoke(cli, ["battle", str(hog), CV, "--runs", "5", "--json"])
    assert r.exit_code == 0
    assert "warning" in r.stderr and "illegal design" in r.stderr
    assert json.loads(r.stdout)["runs"] == 5


def test_floating_board_option():
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "30", "--floating", "--board", "24x18", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["exits"]["a"] == d["exits"]["b"] == 0


def test_doctrine_and_plan_game():
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40", "--doctrine", "cautious"])
    assert r.exit_code == 0, r.output
    assert "cautious doctrine" in r.output and "plan matrix" in r.output and "plans: the best plans fly" in r.output
    assert r.output.startswith("verdict: ")  # the verdict first (issue 36)
    assert "not simulated:" not in r.output  # nothing left unsimulated: no empty heading
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40", "--json"])
    d = json.loads(r.output)
    g = d["plan_game"]
    assert d["doctrine"] == "aggressive" and d["runs"] == 40  # the verdict's battles: RUNS 40 caps them
    assert d["a_wins"] + d["b_wins"] + d["draws"] == 40
    assert len(g["cells"]) == len(g["plans_a"]) and all(len(row) == len(g["plans_b"]) for row in g["cells"])
    assert all(c["runs"] >= 16 for row in g["cells"] for c in row) and g["race"]["first_runs"] == 16
    assert abs(sum(g["strategy_a"]) - 1) < 1e-3 and abs(sum(g["strategy_b"]) - 1) < 1e-3
    assert d["plan"] == f"A {g['chosen']['a']}, B {g['chosen']['b']}"  # a pure equilibrium: the plans flown
    assert d["verdict"].startswith("verdict: side A (Dreadful) is heavily favoured")  # the battlecruiser wins
    low, high = g["value_interval"]["low"], g["value_interval"]["high"]
    assert 0.5 <= low <= g["value"] <= high and g["call"] == "A"
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40", "--no-robustness", "--json"])
    d = json.loads(r.output)
    assert "plan_game" not in d and d["plan"] is None and d["runs"] == 40


def test_exact_runs_fights_exactly_runs():
    """--exact-runs: no early stop; the verdict's battles are exactly RUNS and the race runs as issue 22's."""
    d = json.loads(CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "120", "--exact-runs", "--json"]).output)
    assert d["runs"] == 120 and d["plan_game"]["race"]["exact"] is True
    assert d["plan_game"]["race"]["first_runs"] == max(10, 120 // (len(d["plan_game"]["plans_a"])
                                                                     * len(d["plan_game"]["plans_b"])))
    quick = json.loads(CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "120", "--json"]).output)
    assert quick["runs"] == 100 and quick["plan_game"]["race"]["exact"] is False  # at least 100, at most RUNS


def test_one_plan_pairing_runs_exactly_runs_battles():
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "30", "--plan-a", "close", "--plan-b", "evade", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["plan"] == "A close, B evade" and "plan_game" not in d and d["runs"] == 30


def test_one_doctrine_per_side():
    """--doctrine-a/--doctrine-b override --doctrine for one side; the robustness line adds that pairing."""
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40", "--doctrine-a", "cautious", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["doctrine"] == "A cautious, B aggressive"
    assert "plan_game" in d
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40", "--doctrine", "cautious", "--doctrine-b",
                                 "aggressive", "--no-robustness"])
    assert r.exit_code == 0, r.output
    assert "doctrines A cautious, B aggressive" in r.output
    r = CliRunner().invoke(cli, ["battle", BC, CV, "--runs", "40", "--doctrine-b", "timid"])
    assert r.exit_code == 2 and "timid" in r.output
