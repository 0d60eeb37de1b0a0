"""Hostile campaign files (issue 42) and the campaign's messages (issue 46), through the CLI in process: every count
a campaign file or map states is held to the limits table before anything is built from it (tested at each limit
and one past it); drydock never writes a campaign file its reader refuses; files a campaign names are read only
inside its folder; a campaign file reached through a link is written through it; bad versions, winners, sides and
objective names are one clean line."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from drydock import limits
from drydock.formats.campaign import read_campaign
from tests.cli.test_campaign import _to_turn3_battle, here, run, start

__all__ = ["here"]  # the fixture, shared with tests/cli/test_campaign.py

TOO_BIG = "is past drydock's limit"


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _error(out: str) -> str:
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("drydock: error: "), out
    assert "Traceback" not in out
    return lines[0]


# ------------------------------------------------------------------ 1. counts bounded when read
@pytest.mark.parametrize(("old", "new", "at_limit_ok"), [
    # one ship's hull boxes: the page draws them (10^14 exhausted memory before)
    ("        hull: 20\n", "        hull: {n}\n", limits.CAMPAIGN_BOXES),
    ("        engines: 10\n", "        engines: {n}\n", limits.CAMPAIGN_BOXES),
    ("  rp: 0\n", "  rp: {n}\n", limits.CAMPAIGN_RP),
    ("    A1: [3, 0]\n", "    A1: [{n}, 0]\n", limits.CAMPAIGN_PLACE),
    ("    A1: [3, 0]\n", "    A1: [3, {n}]\n", limits.CAMPAIGN_PLACE),
    ("      entry: 0\n", "      entry: {n}\n", limits.FLEET_ENTRIES),
    ("turn: 1\n", "turn: {n}\n", limits.CAMPAIGN_TURNS),
])
def test_counts_at_the_limit_and_one_past(here: Path, old: str, new: str, at_limit_ok: limits.Limit) -> None:
    start()
    path = here / "war.yaml"
    base = path.read_text(encoding="utf-8")
    _edit(path, old, new.format(n=at_limit_ok.value))
    run("show", "war.yaml")  # at the limit: read
    path.write_text(base, encoding="utf-8")
    _edit(path, old, new.format(n=at_limit_ok.value + 1))
    line = _error(run("show", "war.yaml", "--html", "war.html", code=2))
    assert TOO_BIG in line and f"({at_limit_ok.name}:" in line
    assert not (here / "war.html").exists()


def test_hull_boxes_of_10_14_refused_at_once(here: Path) -> None:
    start()
    _edit(here / "war.yaml", "        hull: 20\n", "        hull: 100000000000000\n")
    line = _error(run("show", "war.yaml", "--html", "war.html", code=2))
    assert "war.yaml: side A: ship RG-01: boxes: hull (100000000000000) is past drydock's limit of 1,000" in line


def test_damage_past_the_box_limit_on_a_lost_ship(here: Path) -> None:
    start()  # a lost ship's damage is not checked against its track: the limit still holds it
    _edit(here / "war.yaml", "      was_at: null\n", "      was_at: null\n      lost: destroyed\n"
          f"      damage: {{hull: {limits.CAMPAIGN_BOXES.value + 1}}}\n")
    assert "side A: ship RG-01: damage: hull" in _error(run("show", "war.yaml", code=2))


def test_page_draws_hull_boxes_up_to_100(here: Path) -> None:
    start()
    path = here / "war.yaml"
    run("show", "war.yaml", "--html", "a.html")
    boxes = (here / "a.html").read_text(encoding="utf-8").count('class="box')
    assert boxes == 20 + 12 + 8 + 5 + 5 + 20 + 9 + 9 + 9 + 6 + 6 + 3  # every ship's hull boxes, one each
    _edit(path, "        hull: 20\n", "        hull: 100\n")  # Bastion's hull at the page's limit: drawn
    run("show", "war.yaml", "--html", "b.html")
    assert (here / "b.html").read_text(encoding="utf-8").count('class="box') == boxes + 80
    _edit(path, "        hull: 100\n", "        hull: 101\n")  # one past it: given as a number only
    run("show", "war.yaml", "--html", "c.html")
    page = (here / "c.html").read_text(encoding="utf-8")
    assert page.count('class="box') == boxes - 20 and "101/101" in page


@pytest.mark.parametrize(("old", "new", "limit"), [
    ("name: war\n", "name: {x}\n", limits.CAMPAIGN_NAME),
    ("      name: Bastion\n", "      name: {x}\n", limits.CAMPAIGN_NAME),
    ("    player: ''\n", "    player: {x}\n", limits.CAMPAIGN_NAME),
])
def test_names_at_the_limit_and_one_past(here: Path, old: str, new: str, limit: limits.Limit) -> None:
    start()
    path = here / "war.yaml"
    base = path.read_text(encoding="utf-8")
    _edit(path, old, new.format(x="x" * limit.value))
    run("show", "war.yaml")
    path.write_text(base, encoding="utf-8")
    _edit(path, old, new.format(x="x" * (limit.value + 1)))
    assert "(201 characters) is past drydock's limit of 200 (campaign name:" in _error(run("show", "war.yaml", code=2))


def test_objective_names_at_the_limit_and_one_past(here: Path) -> None:
    start()
    path = here / "war.yaml"
    base = path.read_text(encoding="utf-8")
    longest = "C" * limits.CAMPAIGN_OBJECTIVE.value
    path.write_text(re.sub(r"\bC4\b", longest, base), encoding="utf-8")
    assert "16 objectives" in run("show", "war.yaml")
    path.write_text(re.sub(r"\bC4\b", longest + "C", base), encoding="utf-8")
    assert "(41 characters) is past drydock's limit of 40 (objective name:" in _error(run("show", "war.yaml", code=2))


def test_seed_of_a_recorded_battle_at_the_limit_and_one_past(here: Path) -> None:
    _to_turn3_battle()
    run("fight", "war.yaml", "--at", "C3", "--seed", str(limits.CAMPAIGN_SEED.value))
    assert f"seed: {limits.CAMPAIGN_SEED.value}" in (here / "war.yaml").read_text(encoding="utf-8")
    _edit(here / "war.yaml", f"seed: {limits.CAMPAIGN_SEED.value}", f"seed: {limits.CAMPAIGN_SEED.value + 1}")
    assert "battle 1: seed" in _error(run("show", "war.yaml", code=2))


def test_fight_seed_past_the_limit(here: Path) -> None:
    _to_turn3_battle()
    before = (here / "war.yaml").read_bytes()
    line = _error(run("fight", "war.yaml", "--at", "C3", "--seed", str(limits.CAMPAIGN_SEED.value + 1), code=2))
    assert "--seed" in line and TOO_BIG in line and (here / "war.yaml").read_bytes() == before


def test_map_file_counts_and_places(here: Path) -> None:
    base = (here / "examples/campaign/border-map.yaml").read_text(encoding="utf-8")
    for old, new, message in (
            ("A1: [2, 0]", "A1: [1001, 0]", "map: places: A1 (1001) is past drydock's limit of 1,000"),
            ("A1: [2, 0]", "A1: [2]", "map: places: A1: write [column, row] (two numbers, not 1)"),
            ("A1: [2, 0]", "A1: [-1, 0]", "map: places: A1: columns and rows start at 0 (not -1)"),
            ("start: {A: [A1, A2]", "start: {A: [" + ", ".join(["A1"] * 501) + "]", "map: start of side A (501)"),
            ("drydock_map: 1", "drydock_map: '1'", "drydock_map: '1' is not a map format version"),
            ("drydock_map: 1", "drydock_map: 0", "drydock_map: 0 is not a map format version"),
            ("home: {A: A1, B: B1}", "home: {A: A1, B: B1, C: C1}", "map: side 'C': a T.1 campaign has sides A and B")):
        (here / "m.yaml").write_text(base.replace(old, new, 1), encoding="utf-8")
        line = _error(run("new", "w.yaml", "--map", "m.yaml", "--side", "A", "examples/campaign/rim-guard.yaml",
                          "--side", "B", "examples/campaign/shade-clans.yaml", code=2))
        assert message in line, line
        assert not (here / "w.yaml").exists()


# ------------------------------------------------------------------ 2. writers check what the reader checks
def _to_turn1_supply() -> None:
    start()
    for side in "ab":
        run("orders", "war.yaml", "--side", side.upper(), "--file", f"examples/campaign/orders-{side}-turn1.yaml")
    run("reveal", "war.yaml")


def test_repair_never_saves_rps_past_the_limit(here: Path) -> None:
    _to_turn1_supply()  # side A holds 4 objectives: --roll 2,5 gives (2 + 5 + 4) x 20 = 220 RPs
    path = here / "war.yaml"
    base = path.read_text(encoding="utf-8")
    _edit(path, "  rp: 0\n", f"  rp: {limits.CAMPAIGN_RP.value - 220}\n")
    assert f"{limits.CAMPAIGN_RP.value:,}" not in run("repair", "war.yaml", "--side", "A", "--roll", "2,5")
    assert read_campaign(path).sides["A"].rp == limits.CAMPAIGN_RP.value  # at the limit: written and read back
    path.write_text(base, encoding="utf-8")
    _edit(path, "  rp: 0\n", f"  rp: {limits.CAMPAIGN_RP.value - 219}\n")
    before = path.read_bytes()
    line = _error(run("repair", "war.yaml", "--side", "A", "--roll", "2,5", code=2))
    assert "side A: RPs saved after the roll (1000000001) is past drydock's limit of 1,000,000,000" in line
    assert path.read_bytes() == before


@pytest.mark.parametrize("option", ["--name", "--player"])
def test_new_refuses_names_its_reader_would(here: Path, option: str) -> None:
    def new(name: str, code: int = 0) -> str:
        extra = ["--name", name] if option == "--name" else ["--player", "A", name]
        return run("new", "w.yaml", "--side", "A", "examples/campaign/rim-guard.yaml", "--side", "B",
                   "examples/campaign/shade-clans.yaml", *extra, code=code)

    line = _error(new("x" * (limits.CAMPAIGN_NAME.value + 1), code=2))
    assert "(201 characters) is past drydock's limit of 200 (campaign name:" in line
    assert not (here / "w.yaml").exists()
    new("x" * limits.CAMPAIGN_NAME.value)
    read_campaign(here / "w.yaml")


def test_new_refuses_a_long_ship_name_from_the_fleet(here: Path) -> None:
    fleet = here / "examples/campaign/long.yaml"
    fleet.write_text("fleet: Long\nships:\n  - {design: ../designs/kestrel-corvette.yaml, names: ["
                     + "K" * 201 + "]}\n", encoding="utf-8")
    line = _error(run("new", "w.yaml", "--side", "A", "examples/campaign/long.yaml", "--side", "B",
                      "examples/campaign/shade-clans.yaml", code=2))
    assert "side A: a ship's name (201 characters) is past drydock's limit of 200" in line
    assert not (here / "w.yaml").exists()


def test_writer_reads_back_what_it_writes(here: Path) -> None:
    from drydock.errors import DrydockError
    from drydock.formats.campaign import write_campaign

    start()
    c = read_campaign(here / "war.yaml")
    c.sides["A"].rp = limits.CAMPAIGN_RP.value + 1  # a library caller's own campaign
    before = (here / "war.yaml").read_bytes()
    with pytest.raises(DrydockError, match=r"war.yaml: not written: drydock would refuse to read it back"):
        write_campaign(here / "war.yaml", c)
    assert (here / "war.yaml").read_bytes() == before


# ------------------------------------------------------------------ 3. files a campaign names stay in its folder
SECRET = "SECRET-LINE do not print"


@pytest.fixture
def secret(here: Path) -> Path:
    (here.parent / "secret").mkdir(exist_ok=True)
    path = here.parent / "secret" / "env.txt"
    path.write_text(SECRET + "\n", encoding="utf-8")
    return path


def test_fight_refuses_a_source_outside_the_folder(here: Path, secret: Path) -> None:
    _to_turn3_battle()
    # Majestic (RG-03) fights at C3: its design named by a source: leading out of the campaign's folder
    _edit(here / "war.yaml", "      entry: 2\n", "      source: ../secret/env.txt\n")
    before = (here / "war.yaml").read_bytes()
    line = _error(run("fight", "war.yaml", "--at", "C3", code=2))
    assert "ship RG-03 source ../secret/env.txt leads out of the campaign's folder; not read" in line
    assert SECRET not in line and (here / "war.yaml").read_bytes() == before


@pytest.mark.parametrize("named", ["../secret/env.txt", "{secret}", "link.yaml"])
def test_fight_refuses_a_fleet_outside_the_folder(here: Path, secret: Path, named: str) -> None:
    _to_turn3_battle()
    os.symlink(secret, here / "link.yaml")  # a link inside the folder, leading out of it
    _edit(here / "war.yaml", "fleet: examples/campaign/rim-guard.yaml", f"fleet: {named.format(secret=secret)}")
    line = _error(run("fight", "war.yaml", "--at", "C3", code=2))
    assert "side A fleet" in line and ("leads out of the campaign's folder" in line or "absolute path" in line)
    assert SECRET not in line and "not read" in line


def test_new_and_add_refuse_files_outside_the_folder(here: Path) -> None:
    (here / "sub").mkdir()
    line = _error(run("new", "sub/w.yaml", "--side", "A", "examples/campaign/rim-guard.yaml", "--side", "B",
                      "examples/campaign/shade-clans.yaml", code=2))
    assert "side A fleet examples/campaign/rim-guard.yaml is not in the campaign's folder" in line
    assert not (here / "sub/w.yaml").exists()
    _to_turn1_supply()
    outside = here.parent / "outside-kestrel.yaml"
    outside.write_bytes((here / "examples/designs/kestrel-corvette.yaml").read_bytes())
    before = (here / "war.yaml").read_bytes()
    line = _error(run("repair", "war.yaml", "--side", "B", "--roll", "6,6", "--add", str(outside), code=2))
    assert "--add" in line and "is not in the campaign's folder" in line
    assert (here / "war.yaml").read_bytes() == before


# ------------------------------------------------------------------ 5. written through a symbolic link
def test_a_linked_campaign_is_written_through_the_link(here: Path) -> None:
    start()
    (here / "real").mkdir()
    (here / "war.yaml").rename(here / "real/war.yaml")
    os.symlink("real/war.yaml", here / "war.yaml")
    run("concede", "war.yaml", "--side", "B")
    assert (here / "war.yaml").is_symlink()  # the link stays a link ...
    assert read_campaign(here / "real/war.yaml").winner == "A"  # ... and the real file holds the change


def test_every_changing_command_writes_through_a_link(here: Path) -> None:
    """A link to a link, in another folder: orders, reveal and repair each change the real file; none forks it."""
    start()
    (here / "real").mkdir()
    (here / "war.yaml").rename(here / "real/war.yaml")
    os.symlink("real/war.yaml", here / "hop.yaml")
    os.symlink("hop.yaml", here / "war.yaml")
    for side in "ab":
        run("orders", "war.yaml", "--side", side.upper(), "--file", f"examples/campaign/orders-{side}-turn1.yaml")
    run("reveal", "war.yaml")
    run("repair", "war.yaml", "--side", "A", "--roll", "2,5")
    assert (here / "war.yaml").is_symlink() and (here / "hop.yaml").is_symlink()
    c = read_campaign(here / "real/war.yaml")
    assert c.phase == "supply" and c.sides["A"].rp == 220 and c.sides["B"].rolled is None
    assert sorted(p.name for p in here.glob("*.yaml")) == ["hop.yaml", "war.yaml"]  # no regular file beside


def test_new_never_writes_through_a_link(here: Path) -> None:
    os.symlink("elsewhere.yaml", here / "w.yaml")  # a dangling link: campaign new would create its target
    line = _error(run("new", "w.yaml", "--side", "A", "examples/campaign/rim-guard.yaml", "--side", "B",
                      "examples/campaign/shade-clans.yaml", code=2))
    assert "w.yaml: already exists" in line and not (here / "elsewhere.yaml").exists()


# ------------------------------------------------------------------ 6. one clean line for each
@pytest.mark.parametrize(("old", "new", "message"), [
    ("drydock_campaign: 1", "drydock_campaign: '1'", "drydock_campaign: '1' is not a campaign format version"),
    ("drydock_campaign: 1", "drydock_campaign: 0", "drydock_campaign: 0 is not a campaign format version"),
    ("drydock_campaign: 1", "drydock_campaign: true", "drydock_campaign: bool is not a campaign format version"),
    ("winner: null", "winner: C", "winner: 'C' is not a side (A or B)"),
    ("winner: null", "winner: A", "winner: A, but the campaign is not over (phase: orders)"),
])
def test_bad_versions_and_winners(here: Path, old: str, new: str, message: str) -> None:
    start()
    _edit(here / "war.yaml", old, new)
    assert message in _error(run("show", "war.yaml", code=2))


@pytest.mark.parametrize("objective", ["../x", "a/b", "..\\\\x", ".hidden", "C:x"])
def test_objectives_named_like_paths(here: Path, objective: str) -> None:
    start()
    path = here / "war.yaml"
    path.write_text(re.sub(r"\bC3\b", f"'{objective}'", path.read_text(encoding="utf-8")), encoding="utf-8")
    assert "is not a plain name" in _error(run("show", "war.yaml", code=2))


def test_an_objective_named_like_a_path_never_reaches_fight(here: Path) -> None:
    _to_turn3_battle()
    path = here / "war.yaml"
    path.write_text(re.sub(r"\bC3\b", "../../C3", path.read_text(encoding="utf-8")), encoding="utf-8")
    line = _error(run("fight", "war.yaml", "--at", "../../C3", code=2))
    assert "map: the objective '../../C3' is not a plain name" in line
    assert not list(here.parent.glob("*.log"))


@pytest.mark.parametrize("extra", [["--player", "C", "Eve"], ["--player", "A", "Ann", "--player", "a", "Al"]])
def test_player_of_a_side_the_campaign_lacks(here: Path, extra: list[str]) -> None:
    line = _error(run("new", "w.yaml", "--side", "A", "examples/campaign/rim-guard.yaml", "--side", "B",
                      "examples/campaign/shade-clans.yaml", *extra, code=2))
    assert "--player C: a T.1 campaign has sides A and B" in line or "give each side's --player once" in line
    assert not (here / "w.yaml").exists()


# ------------------------------------------------------------------ 7. what the fuzzers found
WORKED = Path(__file__).resolve().parent.parent / "fixtures" / "campaign"


@pytest.mark.parametrize(("old", "new", "message"), [
    # tests/fuzz.py campaign: a battle naming one side's ships only ended `campaign show` in KeyError
    ("    A: [RG-03]\n    B: [SC-04]\n", "    A: [RG-03]\n", "battle 2 (at C4): no ships of side B"),
    ("    A: [RG-03]\n    B: [SC-04]\n", "    A: []\n    B: [SC-04]\n", "battle 2 (at C4): no ships of side A"),
    ("    A: [RG-03]\n    B: [SC-04]\n", "    A: [RG-03]\n    B: [SC-04]\n    C: [SC-01]\n",
     "battle 2 (at C4): ships of side 'C'"),
    ("  fought: table\n", "  fought: lunch\n", "battle 1 (at C3): fought: 'lunch' (table or engine)"),
    ("  winner: A\n", "  winner: D\n", "battle 1 (at C3): winner: 'D' is not a side (A or B)"),
])
def test_worked_campaign_contradictions(here: Path, old: str, new: str, message: str) -> None:
    text = (WORKED / "rim-war-battle-due.yaml").read_text(encoding="utf-8")
    assert old in text
    (here / "w.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    for args in (["show", "w.yaml", "--html", "w.html"], ["fight", "w.yaml", "--at", "C4"]):
        assert message in _error(run(*args, code=2))
