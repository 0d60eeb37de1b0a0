"""``drydock campaign`` end to end (in process): a campaign started, ordered, revealed, fought at the table and by
the engine (seeded, one battle), repaired and shown; bad input one clean line, nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.errors import DrydockError
from drydock.formats.campaign import read_campaign
from tests.helpers import ROOT


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "examples" / "campaign", tmp_path / "examples" / "campaign")
    shutil.copytree(ROOT / "examples" / "designs", tmp_path / "examples" / "designs")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args: str, code: int = 0) -> str:
    r = CliRunner().invoke(cli, ["campaign", *args])
    assert r.exit_code == code, (r.output, r.exception)
    return r.output


def start() -> None:
    run("new", "war.yaml", "--side", "A", "examples/campaign/rim-guard.yaml", "--side", "B",
        "examples/campaign/shade-clans.yaml")
    for side, turn in (("a", "setup"), ("b", "setup")):
        run("orders", "war.yaml", "--side", side.upper(), "--file", f"examples/campaign/orders-{side}-{turn}.yaml")
    run("reveal", "war.yaml")


def test_over_the_limit_is_refused(here: Path) -> None:
    out = run("new", "war.yaml", "--side", "A", "examples/campaign/grand-armada.yaml", "--side", "B",
              "examples/campaign/shade-clans.yaml", code=2)
    assert out.strip().splitlines() == ["drydock: error: side A: examples/campaign/grand-armada.yaml: fleet total CR "
                                        "2617 is over the campaign's limit of 2000 by 617 (T.1(2): \u201cEach player "
                                        "assembles a fleet with a combat rating limit of 2000.\u201d)"]
    assert not (here / "war.yaml").exists()
    out = run("new", "war.yaml", "--side", "A", "examples/campaign/rim-guard.yaml", "--side", "B",
              "examples/campaign/shade-clans.yaml", "--fleet-limit", "1000", code=2)
    assert "fleet total CR 1018 is over the campaign's limit of 1000 by 18" in out


def test_worked_campaign(here: Path) -> None:
    start()
    out = run("show", "war.yaml")
    assert "Side A: 5 ships, CR 1018 of 2000; 0 RPs saved; holds 3 objectives: A1, A2, A3" in out
    for turn in ("turn1", "turn2"):
        run("orders", "war.yaml", "--side", "A", "--file", f"examples/campaign/orders-a-{turn}.yaml")
        # secret: the other side's view says only that orders were given
        assert "orders given (secret)" in run("show", "war.yaml", "--side", "B")
        assert "RG-02\u2192" in run("show", "war.yaml", "--side", "A")
        run("orders", "war.yaml", "--side", "B", "--file", f"examples/campaign/orders-b-{turn}.yaml")
        out = run("reveal", "war.yaml")
        if turn == "turn1":
            assert "no battle this turn" in out
            run("repair", "war.yaml", "--side", "A", "--roll", "2,5")
            run("repair", "war.yaml", "--side", "B", "--roll", "4,4")
    assert "battle due at C3: A RG-03, RG-05 v B SC-03" in out
    out = run("result", "war.yaml", "--at", "C3", "--destroyed", "Shadow", "--escaped", "Corona", "--damage",
              "Majestic=hull:3,weapons:1")
    assert "turn 2: battle at C3 (table): side A's ships remain; destroyed SC-03; escaped RG-05" in out
    c = read_campaign(here / "war.yaml")
    assert c.ship("Corona").at == "A6"  # T.1(5): back to the objective it came from
    assert c.ship("Majestic").damage.text() == "hull 3"  # T.1(6): the weapons box repaired, the hull kept
    out = run("repair", "war.yaml", "--side", "A", "--roll", "3,6", "--hull", "Majestic=1")
    assert "repairs 1 hull of Majestic (RG-03) for 1 x 24 = 24 RPs" in out
    run("repair", "war.yaml", "--side", "B", "--roll", "1,4", "--add", "examples/designs/kestrel-corvette.yaml=Kite")
    run("orders", "war.yaml", "--side", "A", "--file", "examples/campaign/orders-a-turn3.yaml")
    run("orders", "war.yaml", "--side", "B", "--file", "examples/campaign/orders-b-turn3.yaml")
    assert "battle due at C4: A RG-03 v B SC-04" in run("reveal", "war.yaml")
    out = run("fight", "war.yaml", "--at", "C4", "--seed", "1")
    log = (here / "war.turn3-C4.log").read_text(encoding="utf-8").splitlines()
    assert log[2] == "VP target none; board 32x18" and log[3] == "A1 Majestic starts damaged: hull 2"
    c = read_campaign(here / "war.yaml")
    b = c.battles[-1]
    assert (b.fought, b.seed, b.log) == ("engine", 1, "war.turn3-C4.log")
    assert len({c.side_of(i) for i in (*b.ships["A"], *b.ships["B"]) if i not in b.destroyed + b.escaped}) <= 1
    assert "engine (seed 1)" in run("show", "war.yaml", "--html", "war.html")
    page = (here / "war.html").read_text(encoding="utf-8")
    assert "Rebel SHADE-class Raider" in page and "<svg class=\"map\"" in page
    try:
        # lazy: printing needs WeasyPrint and Pango
        import weasyprint  # noqa: F401
    except (ImportError, OSError):  # pragma: no cover - CI has it
        return
    out = run("ssd", "war.yaml", "--side", "A", "-o", "a.pdf", "--html", "a.html")
    assert out.startswith("wrote a.pdf: 5 display sheets of side A")
    assert (here / "a.pdf").read_bytes()[:5] == b"%PDF-"
    sheets = (here / "a.html").read_text(encoding="utf-8")
    assert sheets.count('class="checked"') == 1  # Majestic's two checked hull boxes, one run


@pytest.mark.parametrize(("args", "message"), [
    (["orders", "war.yaml", "--side", "A", "--move", "Nobody=A2"], "side A has no ship 'Nobody'"),
    (["orders", "war.yaml", "--side", "A", "--move", "Bastion=B1"], "at A1 cannot move to B1"),
    (["orders", "war.yaml", "--side", "C", "--move", "Bastion=A2"], "a T.1 campaign has sides A and B"),
    (["result", "war.yaml", "--at", "C3", "--destroyed", "Bastion"], "cannot enter a battle result now"),
    (["fight", "war.yaml", "--at", "C3"], "cannot fight a battle now"),
    (["repair", "war.yaml", "--side", "A", "--roll", "3,3"], "cannot roll for RPs now"),
    (["repair", "war.yaml", "--side", "A", "--roll", "9,9"], "T.1(7) rolls 2 dice, each 1-6 (not 9, 9)"),
    (["repair", "war.yaml", "--side", "A", "--roll", "2"], "two dice"),
    (["orders", "war.yaml", "--side", "A", "--file", "examples/campaign/orders-a-turn2.yaml"],
     "orders for turn 2; the orders due are turn 1's"),
])
def test_refusals_one_line_nothing_written(here: Path, args: list[str], message: str) -> None:
    start()
    before = (here / "war.yaml").read_bytes()
    out = run(*args, code=2)
    assert len(out.strip().splitlines()) == 1 and message in out and "Traceback" not in out
    assert (here / "war.yaml").read_bytes() == before


def test_not_a_campaign_file(here: Path) -> None:
    (here / "junk.yaml").write_text("- just\n- a list\n", encoding="utf-8")
    out = run("show", "junk.yaml", code=2)
    assert out.startswith("drydock: error: junk.yaml:") and len(out.strip().splitlines()) == 1


def test_names_are_escaped_in_the_page(here: Path) -> None:
    start()
    path = here / "war.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: Bastion", "name: <script>x</script>"),
                    encoding="utf-8")
    run("show", "war.yaml", "--html", "war.html")
    page = (here / "war.html").read_text(encoding="utf-8")
    assert "<script>x" not in page and "&lt;script&gt;x" in page


def test_rotation_and_tournament() -> None:
    out = run("rotation", "Ann", "Bob", "Cy", "--seed", "3")
    assert out.splitlines()[0].startswith("T.2 initiative order (seed 3): ")
    assert len([x for x in out.splitlines() if " is active; asked in turn: " in x]) == 3
    out = run("rotation", "Ann", "Bob", "Cy", "--seed", "7", "--game", "Cy,Ann,Cy,Ann=3+4", "--game",
              "Ann,-,-,Bob=2+2,Cy=1+5", "--game", "Bob,Cy,Cy,Bob=6+6")
    # T.2(8): Ann lost (3 + 4) x 50; Bob declined (2 + 2) x 25 and lost (6 + 6) x 50; Cy declined (1 + 5) x 25
    assert out.splitlines()[-3:] == ["  Cy: 2 victories, 150 RPs", "  Ann: 1 victory, 350 RPs",
                                     "  Bob: 0 victories, 700 RPs"]
    assert "Ann receives no RPs" in run("rotation", "Ann", "Bob", "Cy", "--seed", "7", "--game",
                                        "Bob,Cy,Cy,Bob=6+6,Ann=1+1", code=2)
    out = run("tournament", "--fleet", "Red=Ann", "--fleet", "Blue=Bob", "--fleet", "Green=Cy", "--fleet", "Gold=Di",
              "--game", "Red,Blue,300,100", "--game", "Green,Gold,250,200")
    assert "T.3 group stage (seed 1): 4 fleets, 3 rounds" in out
    assert "Semi-finals: Red v Blue; Green v Gold" in out
    assert "--fleet 'Red'" in run("tournament", "--fleet", "Red", code=2)


def _to_turn3_battle(extra: tuple[str, ...] = ()) -> None:
    run("new", "war.yaml", "--side", "A", "examples/campaign/rim-guard.yaml", "--side", "B",
        "examples/campaign/shade-clans.yaml", *extra)
    for turn in ("setup", "turn1", "turn2"):
        for side in "ab":
            run("orders", "war.yaml", "--side", side.upper(), "--file", f"examples/campaign/orders-{side}-{turn}.yaml")
        run("reveal", "war.yaml")
        if turn == "turn1":
            run("repair", "war.yaml", "--side", "A", "--seed", "1")
            run("repair", "war.yaml", "--side", "B", "--seed", "2")
    # turn 2's battle at C3 by the engine this time


def test_same_seed_same_battle(here: Path) -> None:
    _to_turn3_battle()
    saved = (here / "war.yaml").read_bytes()
    run("fight", "war.yaml", "--at", "C3", "--seed", "5")
    first = (here / "war.yaml").read_bytes(), (here / "war.turn2-C3.log").read_bytes()
    (here / "war.yaml").write_bytes(saved)
    (here / "war.turn2-C3.log").unlink()
    run("fight", "war.yaml", "--at", "C3", "--seed", "5")
    assert ((here / "war.yaml").read_bytes(), (here / "war.turn2-C3.log").read_bytes()) == first


def test_an_undecided_battle_records_nothing(here: Path) -> None:
    _to_turn3_battle(("--battle-turns", "1"))
    before = (here / "war.yaml").read_bytes()
    out = run("fight", "war.yaml", "--at", "C3", "--seed", "1", code=2)
    assert "was undecided after 1 turn: ships of both sides remain; nothing recorded" in out
    assert (here / "war.yaml").read_bytes() == before and not (here / "war.turn2-C3.log").exists()


def test_ship_ids_of_both_fleets_kept_apart(here: Path) -> None:
    run("new", "war.yaml", "--side", "A", "examples/campaign/rim-guard.yaml", "--side", "B",
        "examples/campaign/rim-guard.yaml")
    c = read_campaign(here / "war.yaml")
    assert [s.id for s in c.sides["B"].ships][:2] == ["B-RG-01", "B-RG-02"]
    with pytest.raises(DrydockError, match=r"'Bastion' names 2 ships; use the id \(RG-01, B-RG-01\)"):
        c.ship("Bastion")
    assert c.ship("Bastion", "B").id == "B-RG-01"


def test_a_campaign_naming_a_system_file_is_refused(here: Path) -> None:
    pytest.importorskip("weasyprint")
    start()
    path = here / "war.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("fleet: examples/campaign/rim-guard.yaml",
                                                             "fleet: /etc/passwd"), encoding="utf-8")
    out = run("ssd", "war.yaml", "--side", "A", "-o", "a.pdf", code=2)
    assert "side A fleet /etc/passwd is an absolute path" in out and "not read" in out and "root:" not in out
