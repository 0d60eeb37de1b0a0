"""Issue 33 (hostile input, round 4): numbers that cannot hang, play numbers within their ranges, duplicate keys,
traded folders that stay closed, and legacy records held to a Unity design's engine limits.

Each class is tested with the numbers of its limit: the last value accepted and the first refused.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from drydock import limits, numbers
from drydock.core.rules import Ruleset
from drydock.core.rules.play_ranges import _SCENARIOS, PLAY_RANGES, Maybe, Record, Table, Whole
from drydock.core.rules.play_rules import PLAY
from drydock.errors import DrydockError, RulesError
from drydock.formats.houserules import load_house_rules
from drydock.formats.legacy import nova_record
from tests.helpers import ROOT
from tests.hostile.child import run_cli

DESIGNS = ROOT / "examples/designs"
NOVA = ROOT / "tests/fixtures/legacy/nova-majestic-typed.txt"


def _refused(run, *names: str) -> None:  # type: ignore[no-untyped-def]
    assert run.code in (1, 2), (run.code, run.stderr)
    assert run.clean() and run.stderr.startswith("drydock: error:"), run.stderr
    for name in names:
        assert name in run.stderr, run.stderr


# ------------------------------------------------------------------ one bounded number parser
@pytest.mark.parametrize(("text", "value"), [
    ("1e12", 10**12), ("3/5", Fraction(3, 5)), ("0.43", Fraction(43, 100)), ("-2", -2), ("1_000", 1000),
    ("1.5e-3", Fraction(3, 2000)), (0.1, Fraction(1, 10)),
    ("1e30", None), ("999999999999999", None),  # within the exponent and digits, past the default magnitude 10^12
])
def test_the_parser_reads_numbers_within_their_limits(text: Any, value: Any) -> None:
    if value is None:
        with pytest.raises(numbers.NumberError, match="too large"):
            numbers.parse(text)
    else:
        assert numbers.parse(text) == value


@pytest.mark.parametrize(("text", "problem"), [
    ("1e99999999", "exponent of at most 30"), ("1e31", "exponent of at most 30"), ("1e-31", "exponent of at most 30"),
    ("1" * 16, "too many digits (at most 15)"), ("0." + "1" * 16, "too many digits"), ("1/" + "1" * 16, "too many"),
    ("3/0", "zero denominator"), ("x", "must be a number"), ("²", "must be a number"), ("inf", "must be a number"),
    ("1" * (limits.NUMBER_TEXT.value + 1), "at most 64 characters"),
])
def test_the_parser_refuses_before_building_a_value(text: str, problem: str) -> None:
    start = time.perf_counter()
    with pytest.raises(numbers.NumberError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        numbers.parse(text)
    assert time.perf_counter() - start < 0.1
    assert issubclass(numbers.NumberError, DrydockError)


def test_the_limits_of_the_parser_are_its_numbers() -> None:
    assert numbers.parse("1e30", limit=10**31) == 10**30  # the largest exponent
    assert numbers.parse("9" * 15, limit=10**15) == 10**15 - 1  # the most digits
    assert numbers.number("3/5", "x", 0, 1) == Fraction(3, 5)
    with pytest.raises(numbers.NumberError, match=r"^entry: 2 is outside the range 0 to 1$"):
        numbers.number(2, "entry", 0, 1)


# ------------------------------------------------------------------ the ten-character number
@pytest.mark.parametrize("entry", [
    "play: {vp_target_ratio: {value: 1e99999999}}",
    "play: {combat_space_patrol: {intercept_ma: 1e99999999}}",
    "play: {scenarios: {table: {S.3: {board_length: 1e99999999}}}}",
    "play: {nebula: {range_increase: 1e99999999}}",
    "play: {long_range_fighters: {escape_vp: 1e99999999}}",
])
def test_a_ten_character_number_in_a_house_rule_is_refused_at_once(tmp_path: Path, entry: str) -> None:
    rules = tmp_path / "r.yaml"
    rules.write_text(entry + "\n")
    assert len(rules.read_bytes()) <= 70
    start = time.perf_counter()
    with pytest.raises(RulesError, match="an exponent of at most 30"):
        load_house_rules(rules)
    assert time.perf_counter() - start < 1


def test_a_fleet_naming_such_rules_is_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "r.yaml").write_text("play: {vp_target_ratio: {value: 1e99999999}}\n")
    shutil.copy(DESIGNS / "comet-frigate.yaml", tmp_path / "d.yaml")
    (tmp_path / "f.yaml").write_text("fleet: F\nrules: r.yaml\nships:\n  - design: d.yaml\n")
    run = run_cli(["rate", "f.yaml"], cwd=tmp_path, timeout=30)
    _refused(run, "play.vp_target_ratio.value", "exponent of at most 30")
    assert run.seconds < 20


def test_a_state_file_pairing_value_of_ten_characters_is_refused(tmp_path: Path) -> None:
    shutil.copy(DESIGNS / "comet-frigate.yaml", tmp_path / "a.yaml")
    shutil.copy(DESIGNS / "kestrel-corvette.yaml", tmp_path / "b.yaml")
    args = ["tournament", "a.yaml", "b.yaml", "--runs", "2", "--jobs", "1", "--state", "s.json"]
    assert run_cli(args, cwd=tmp_path, timeout=120).code == 0
    state = json.loads((tmp_path / "s.json").read_text())
    state["results"]["0-1"]["value"] = "1e99999999"
    (tmp_path / "s.json").write_text(json.dumps(state))
    run = run_cli(args, cwd=tmp_path, timeout=60)
    _refused(run, "s.json", "'0-1' is not a finished pairing")
    assert run.seconds < 20


# ------------------------------------------------------------------ every play number has a range
def _whole_leaves(value: Any, spec: Any, path: tuple) -> list[tuple[tuple, Whole]]:
    """(path in the book's play table, range) of every whole number the book states."""
    if isinstance(spec, Maybe):
        spec = spec.spec
    if isinstance(spec, Whole) and type(value) is int:
        return [(path, spec)]
    out: list[tuple[tuple, Whole]] = []
    if isinstance(spec, Record) and isinstance(value, dict):
        for key, sub in spec.fields.items():
            if key in value:
                out += _whole_leaves(value[key], sub, (*path, key))
    elif isinstance(spec, Table) and isinstance(value, dict):
        for key, item in value.items():
            sub = _SCENARIOS[key] if path[-2:] == ("scenarios", "table") else spec.value
            out += _whole_leaves(item, sub, (*path, key))
    return out


def _book_leaves() -> list[tuple[tuple, Whole]]:
    from drydock.core.rules.companion import COMPANION_PLAY

    play = {**PLAY, "companion": COMPANION_PLAY}
    out = []
    for key, (_section, spec) in PLAY_RANGES.items():
        out += _whole_leaves(play[key], spec, ("play", key))
    return out


LEAVES = _book_leaves()


def _override(path: tuple, value: Any) -> dict[str, Any]:
    data: dict[str, Any] = {}
    node = data
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = value
    if path[1] == "companion":
        data = {"base": "companion", **data}
    return data


def _load(data: dict[str, Any], tmp_path: Path) -> Any:
    import yaml

    (tmp_path / "r.yaml").write_text(yaml.safe_dump(data))
    return load_house_rules(tmp_path / "r.yaml")


def test_every_whole_play_number_of_the_book_has_a_range() -> None:
    assert len(LEAVES) >= 60
    named = {p[1] for p, _ in LEAVES}
    assert {"comet", "target_acquisition", "fighter_variants", "scenarios", "companion", "emergency_thrust"} <= named


@pytest.mark.parametrize(("path", "spec"), LEAVES, ids=[".".join(map(str, p[1:])) for p, _ in LEAVES])
def test_each_play_number_is_taken_at_its_limit_and_refused_past_it(tmp_path: Path, path: tuple,
                                                                    spec: Whole) -> None:
    if path[1] == "three_d" and path[-1] == "start":
        pytest.skip("the start altitude is bounded by the levels: its own test")
    _load(_override(path, spec.hi), tmp_path)
    _load(_override(path, spec.lo), tmp_path)
    for bad in (spec.hi + 1, spec.lo - 1):
        with pytest.raises(RulesError) as exc:
            _load(_override(path, bad), tmp_path)
        assert f"{path[-1]}" in str(exc.value) and f"{spec.lo:,} to {spec.hi:,}" in str(exc.value), str(exc.value)


def _every_number_at(end: str) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for path, spec in LEAVES:
        if path[1] == "companion" or (path[1] == "three_d" and path[-1] == "start"):
            continue
        node = data
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node[path[-1]] = spec.hi if end == "hi" else spec.lo
    return data


@pytest.mark.parametrize("end", ["hi", "lo"])
@pytest.mark.parametrize("options", [
    ["--option", "D.1", "--option", "E.1", "--option", "E.3", "--option", "E.4", "--option", "E.7", "--option", "D.3",
     "--terrain", "comet", "--terrain", "nebula", "--terrain", "asteroid-field"],
    ["--option", "E.2", "--option", "E.6", "--terrain", "three-d", "--terrain", "black-hole"],
    ["--option", "F.1", "--option", "F.2", "--option", "F.3", "--option", "F.4", "--option", "F.6"],
    ["--scenario", "S.5"],
], ids=["combat-terrain", "3d-black-hole", "fighters", "S.5"])
def test_every_play_number_at_its_range_end_is_fought(tmp_path: Path, end: str, options: list[str]) -> None:
    import yaml

    (tmp_path / "r.yaml").write_text(yaml.safe_dump(_every_number_at(end)))
    run = run_cli(["battle", str(DESIGNS / "wyvern-carrier.yaml"), str(DESIGNS / "vigilant-cruiser.yaml"), "--runs",
                   "2", "--no-robustness", "--plan", "close", "--rules", "r.yaml", *options], cwd=tmp_path, timeout=300)
    assert run.code == 0 and run.clean(), run.stderr[-2000:]


@pytest.mark.parametrize(("entry", "message"), [
    # the numbers: each exhausts memory or hangs a battle
    ({"play": {"companion": {"extended_board": {"sections": [3, 100_000]}}}, "base": "companion"},
     "play.companion.extended_board.sections[1]: 100000 is outside the range 1 to 8"),
    ({"play": {"comet": {"tail_length": 10**8}}}, "play.comet.tail_length: 100000000 is outside the range 0 to 40"),
    ({"play": {"scenarios": {"table": {"S.5": {"asteroids": 10**9}}}}}, "S.5.asteroids: 1000000000 is outside"),
    ({"play": {"target_acquisition": {"dice": 10**9}}}, "target_acquisition.dice: 1000000000 is outside the range "
                                                        "1 to 20"),
    ({"play": {"fighter_variants": {"variants": {"light": {"fighters": 10**7}}}}},
     "variants.light.fighters: 10000000 is outside the range 1 to 20"),
    # zeros and wrong types (were exit 3: division by zero, int('x'), an empty tag list)
    ({"play": {"damage_control": {"hull_per_die": 0}}}, "hull_per_die: 0 is outside the range 1 to 1,000"),
    ({"battle_sizes": {"limits": ["x", 700, 1000, 1500, 2000]}}, "battle_sizes.limits[0]: expected a whole number"),
    ({"play": {"target_acquisition": {"tags": []}}}, "target_acquisition.tags: expected a list of 1 to 20 pairs"),
    ({"play": {"long_range_fighters": {"escape_vp": "1/0"}}}, "escape_vp: '1/0' has a zero denominator"),
    ({"play": {"emergency_thrust": {"loss_up_to": "2"}}}, "loss_up_to: expected a whole number, 0 to 6, got '2'"),
    # typos and nonsense
    ({"play": {"emergency_thrust": {"los_up_to": 3}}}, "play.emergency_thrust.los_up_to: unknown key (did you mean "
                                                       "loss_up_to?)"),
    ({"play": {"emergency_thrusts": {"loss_up_to": 3}}}, "unknown play entry (did you mean emergency_thrust?)"),
    ({"play": {"vp_target_ratio": {"value": -1}}}, "vp_target_ratio.value: -1 is outside the range 1/100 to 10"),
    ({"play": {"three_d": {"range": "sideways"}}}, "play.three_d.range: 'sideways' is not one of greater, doubled"),
    ({"play": {"three_d": {"start": 7}}}, "play.three_d.start: 7 is outside the levels 0 to 6"),
    ({"play": {"scenarios": {"table": {"S.13": {"vp_target": 5}}}}}, "'S.13' is not one of S.1"),
    ({"play": {"scenarios": {"table": {"S.1": {"asteroids": 3}}}}}, "S.1.asteroids: unknown key"),
    ({"play": {"fighter_variants": {"field": "heavvy"}}}, "'heavvy' is not one of doctrine"),
])
def test_play_numbers_are_refused_by_name(tmp_path: Path, entry: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError) as exc:
        _load(entry, tmp_path)
    assert message in str(exc.value), str(exc.value)
    assert "\n" not in str(exc.value)


def test_the_book_and_the_bundled_rulesets_are_within_every_range() -> None:
    Ruleset.unity()
    for name in ("companion", "seeker-fix"):
        load_house_rules(name)
    book = copy.deepcopy(PLAY)
    assert set(book) <= set(PLAY_RANGES)


# ------------------------------------------------------------------ duplicate keys
@pytest.mark.parametrize(("name", "text", "where", "lines"), [
    ("d.yaml", "class: Dup\nhull: 8\nengines: 4\nhull: 80\n", "d.yaml:4:1", "lines 2 and 4"),
    ("r.yaml", "play:\n  comet: {tail_length: 4}\n  comet: {tail_length: 5}\n", "r.yaml:3", "lines 2 and 3"),
    ("f.yaml", "fleet: F\nfleet: G\nships:\n  - design: d2.yaml\n", "f.yaml:2", "lines 1 and 2"),
    ("j.json", '{"class": "Dup", "hull": 8, "hull": 80}', "j.json", "'hull'"),
])
def test_a_key_written_twice_is_refused_with_its_lines(tmp_path: Path, name: str, text: str, where: str,
                                                       lines: str) -> None:
    shutil.copy(DESIGNS / "comet-frigate.yaml", tmp_path / "d2.yaml")
    (tmp_path / name).write_text(text)
    args = ["rate", "d2.yaml", "--rules", name] if name == "r.yaml" else ["rate", name]
    run = run_cli(args, cwd=tmp_path, timeout=30)
    _refused(run, where, "written twice", lines)


# ------------------------------------------------------------------ traded folders stay closed
SECRET = "TOPSECRET-hunter2"


def _traded_folder(tmp_path: Path) -> Path:
    (tmp_path / "private").mkdir()
    (tmp_path / "private/key.txt").write_text(SECRET + "\n")
    folder = tmp_path / "traded"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(NOVA, folder / "majestic.txt")
    shutil.copy(DESIGNS / "comet-frigate.yaml", folder / "comet.yaml")
    os.symlink(tmp_path / "private/key.txt", folder / "evil.txt")
    os.symlink(tmp_path / "private/key.txt", folder / "evil.yaml")
    os.symlink(tmp_path / "private", folder / "sub/out")
    os.symlink("/etc/hostname", folder / "host.txt")
    return folder


def _no_secret(run, *files: Path) -> None:  # type: ignore[no-untyped-def]
    host = Path("/etc/hostname").read_text().strip() if Path("/etc/hostname").exists() else SECRET
    for text in (run.stdout, run.stderr, *(f.read_text() for f in files if f.exists())):
        assert SECRET not in text and (not host or f"{host}\n" not in text.replace("`", ""))


@pytest.mark.parametrize("args", [
    ["convert", "--from", "nova", "traded", "-o", "out"],
    ["convert", "--from", "admiralty", "traded", "-o", "out"],
    ["convert", "traded", "-o", "out", "--to", "json"],
    ["rate", "traded"],
    ["check", "traded"],
])
def test_a_link_out_of_a_traded_folder_is_named_and_never_read(tmp_path: Path, args: list[str]) -> None:
    _traded_folder(tmp_path)
    run = run_cli(args, cwd=tmp_path, timeout=60)
    assert run.code == 1 and run.clean(), run.stderr
    for name in ("evil.txt", "host.txt"):
        assert f"traded/{name}: " in run.stderr + run.stdout
    assert "traded/evil.yaml: a symbolic link leading out of traded; not read" in run.stderr + run.stdout
    assert "traded/host.txt: leads into a system folder; not read" in run.stderr + run.stdout
    _no_secret(run, *(tmp_path / "out").glob("*.md"))


def test_the_folder_walk_lists_links_and_system_paths_without_opening_them(tmp_path: Path) -> None:
    from drydock.formats.files import folder_files

    folder = _traded_folder(tmp_path)
    os.symlink(folder / "comet.yaml", folder / "inside.yaml")  # a link inside the folder is read
    found, refused = folder_files(folder)
    assert [f.name for f in found] == ["comet.yaml", "inside.yaml", "majestic.txt"]
    assert [(p.relative_to(folder).as_posix()) for p, _ in refused] == ["evil.txt", "evil.yaml", "host.txt",
                                                                         "sub/out"]
    assert all(SECRET not in why and str(tmp_path / "private") not in why for _, why in refused)


@pytest.mark.parametrize(("key", "content"), [
    ("design", "class: X\nsecret_api_key: 1\npassword_field: x\n"),
    ("design", '{"secret_api_key": 1}'),
    ("rules", "secret_api_key: 1\n"),
])
def test_a_fleet_member_outside_its_folder_is_named_not_quoted(tmp_path: Path, key: str, content: str) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "other").mkdir()
    member = "other/m.json" if content.startswith("{") else "other/m.yaml"
    (tmp_path / member).write_text(content)
    shutil.copy(DESIGNS / "comet-frigate.yaml", tmp_path / "mine/ok.yaml")
    ships = (f"ships:\n  - design: ../{member}\n" if key == "design"
             else f"rules: ../{member}\nships:\n  - design: ok.yaml\n")
    (tmp_path / "mine/f.yaml").write_text("fleet: F\n" + ships)
    run = run_cli(["rate", "mine/f.yaml"], cwd=tmp_path, timeout=30)
    _refused(run, f"../{member}", "outside the fleet's folder, so nothing of it is quoted")
    assert "secret_api_key" not in run.stderr and "password_field" not in run.stderr


# ------------------------------------------------------------------ legacy records: a Unity design's engine limits
def _nova_post(dice: str, rng: str = "5-10-15") -> str:
    text = NOVA.read_text().replace("SHIELDS: ?", "SHIELDS: 4 5 6 6 6")
    return text.replace("| 5-10-15 | 7 5 3 2 2", f"| {rng} | {dice} 3 2 2", 1)


@pytest.mark.parametrize(("dice", "rng", "message"), [
    ("999999", "5-10-15", "Fusion Beams attack dice (999999) is past drydock's limit of 1,000"),
    ("1001", "5-10-15", "attack dice (1001) is past drydock's limit of 1,000"),
    ("7", "5-10-1001", "Fusion Beams range (1001) is past drydock's limit of 1,000"),
])
def test_a_nova_post_past_a_unity_designs_engine_limits_is_refused(tmp_path: Path, dice: str, rng: str,
                                                                   message: str) -> None:
    (tmp_path / "post.txt").write_text(_nova_post(dice, rng))
    assert len((tmp_path / "post.txt").read_bytes()) < 800
    run = run_cli(["convert", "--from", "nova", "post.txt", "-o", "out"], cwd=tmp_path, timeout=30)
    assert run.code == 1 and run.clean() and message in run.stdout + run.stderr, run.stdout + run.stderr


def test_a_nova_post_at_the_limit_converts_and_fights_quickly(tmp_path: Path) -> None:
    (tmp_path / "post.txt").write_text(_nova_post("1000 1000"))
    assert run_cli(["convert", "--from", "nova", "post.txt", "-o", "out"], cwd=tmp_path, timeout=30).code == 0
    run = run_cli(["battle", "out/post.yaml", "out/post.yaml", "--runs", "3", "--plan", "close", "--no-robustness"],
                  cwd=tmp_path, timeout=120)
    assert run.code == 0, run.stderr
    assert run.seconds < 60


@pytest.mark.parametrize(("field", "value"), [
    ("attack_dice", [10**15 - 1]), ("range", [1, 2, 10**15 - 1]), ("ma", 1001), ("imp", 1001),
])
def test_a_nova_record_file_is_held_to_the_same_limits(field: str, value: Any) -> None:
    record = {"kind": "nova", "class_name": "X", "hull": 5, "weapons": [{"name": "W", field: value}]}
    with pytest.raises(limits.LimitError, match="past drydock's limit of 1,000"):
        nova_record.from_json(json.dumps([record]), file="x.json")
    record["weapons"][0][field] = [1, 2, 1000] if field == "range" else [1000] if field == "attack_dice" else 1000
    assert nova_record.from_json(json.dumps([record]), file="x.json")


def test_a_nova_record_fighters_per_flight_is_bounded() -> None:
    record = {"kind": "nova", "class_name": "X", "hull": 5, "fighters_per_flight": 10**7}
    with pytest.raises(limits.LimitError, match="fighters per flight"):
        nova_record.from_json(json.dumps([record]), file="x.json")
    record["fighters_per_flight"] = limits.FLIGHT_FIGHTERS.value
    assert nova_record.from_json(json.dumps([record]), file="x.json")


# ------------------------------------------------------------------ the docs list every new limit and range
def test_docs_list_every_play_range_and_new_limit() -> None:
    from drydock.core.rules.play_ranges import range_table

    page = (ROOT / "docs/limits.md").read_text(encoding="utf-8")
    rows = range_table()
    assert len(rows) >= 90
    for path, section, allowed in rows:
        assert f"| `{path}` | {section} | {allowed} |" in page, path
    for limit in (limits.NUMBER_TEXT, limits.NUMBER_EXPONENT, limits.FLIGHT_FIGHTERS):
        assert f"| {limit.name} | {limit.value:,} |" in page
    traded = (ROOT / "docs/traded-files.md").read_text(encoding="utf-8")
    assert "## Traded folders stay closed" in traded and "never opened" in traded


def test_a_post_swapped_for_a_link_after_the_walk_is_refused_unread(tmp_path: Path) -> None:
    """Issue 42: replacing a listed post with a link to an outside file between the walk and the read; the opened
    file is checked against the one listed, so the outside file's first line reaches neither stdout nor report.md."""
    from drydock.convert.batch import convert_file, plan
    from drydock.formats.files import end_run, new_run

    folder = _traded_folder(tmp_path)
    new_run()
    try:
        planned, _refused = plan([folder])
        assert [p.name for p, _ in planned] == ["majestic.txt"]  # the posts (SCAN_SUFFIXES)
        (folder / "majestic.txt").unlink()
        os.symlink(tmp_path / "private/key.txt", folder / "majestic.txt")  # the swap
        result = convert_file(folder / "majestic.txt", "nova")
    finally:
        end_run()
    shown = f"{result.error} {result.reports}"
    assert "changed since its folder was listed" in shown and SECRET not in shown


def test_a_listed_file_replaced_by_another_regular_file_is_refused(tmp_path: Path) -> None:
    from drydock.formats.files import folder_files, open_regular

    (tmp_path / "a.txt").write_text("first")
    (found,), _ = folder_files(tmp_path)
    (tmp_path / "b.txt").write_text(SECRET)
    os.replace(tmp_path / "b.txt", tmp_path / "a.txt")
    with pytest.raises(DrydockError, match="changed since its folder was listed"):
        open_regular(found)
