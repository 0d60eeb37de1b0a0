"""The whole legacy path from the command line (issue 25): the bundled AE and Nova samples converted, printed,
rated in a fleet and fought against the Majestic (examples/designs/majestic.yaml, Unity CR 188).

# Source: examples/legacy/admiralty/dumbo-v1.ae (MJ12 forum, stated AE CR 277) and
# examples/legacy/nova/nova-majestic-typed.nova (Nova rulebook v1.1 "Ship Displays", CR 344). The Nova copy
# lost its shield icons; the player fills them in (here 4 5 6 6 6: shield rating 7 - 4 = 3, X.2) to fight it.
"""

from __future__ import annotations

import json
from io import BytesIO
from pathlib import Path

import pypdf
from click.testing import CliRunner

from drydock.cli.main import cli
from tests.helpers import ROOT

LEGACY = ROOT / "examples" / "legacy"
MAJESTIC = ROOT / "examples" / "designs" / "majestic.yaml"


def texts(pdf: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(BytesIO(pdf)).pages]


def converted(tmp_path: Path) -> tuple[Path, Path, Path]:
    """(AE Drake file, Nova record as printed by the rulebook copy, Nova record with its shields filled in)."""
    runner = CliRunner()
    r = runner.invoke(cli, ["convert", "--from", "admiralty", str(LEGACY / "admiralty" / "dumbo-v1.ae"),
                            "-o", str(tmp_path / "ae")])
    assert r.exit_code == 0, r.output
    filled = tmp_path / "majestic.nova"
    filled.write_text((LEGACY / "nova" / "nova-majestic-typed.nova").read_text()
                      .replace("SHIELDS: ?", "SHIELDS: 4 5 6 6 6"))
    r = runner.invoke(cli, ["convert", "--from", "nova", str(LEGACY / "nova" / "nova-majestic-typed.nova"),
                            str(filled), "-o", str(tmp_path / "nova")])
    assert r.exit_code == 0, r.output
    return tmp_path / "ae" / "dumbo-v1.drake", tmp_path / "nova" / "nova-majestic-typed.yaml", \
        tmp_path / "nova" / "majestic.yaml"


def test_convert_print_rate_and_fight(tmp_path):
    ae, nova_lost, nova = converted(tmp_path)
    fleet = tmp_path / "old-guard.yaml"
    fleet.write_text(f"fleet: Old Guard\nbattle_size: small\nships:\n  - design: {ae.relative_to(tmp_path)}\n"
                     f"    names: [Jumbo]\n  - design: {nova.relative_to(tmp_path)}\n    names: [Invincible]\n")
    runner = CliRunner()
    r = runner.invoke(cli, ["rate", str(fleet)])
    assert r.exit_code == 0, r.output
    assert "Fleet total: 2 ships, CR 621 of 700 (small battle, 2.2): within the limit" in r.output  # 277 + 344
    r = runner.invoke(cli, ["check", str(fleet)])
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "fleet.pdf"
    r = runner.invoke(cli, ["ssd", str(fleet), "-o", str(pdf)])
    assert r.exit_code == 0, r.output
    pages = texts(pdf.read_bytes())
    assert "1 Elephantine DUMBO-class DreadNose Jumbo OG-01 277 2" in pages[0]
    assert "2 Imperial MAJESTIC-class BC Invincible OG-02 344 3" in pages[0] and "Fleet total (2 ships) 621" in pages[0]
    assert "(277) Admiralty card (X.1)" in pages[1] and "Not a legal design" not in pages[1]
    assert "(344) nova record" in pages[2] and "OG-02" in pages[2]

    r = runner.invoke(cli, ["battle", str(fleet), str(MAJESTIC), "--count-b", "2", "--runs", "40", "--seed", "5",
                            "--json", "--no-robustness"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["runs"] == 40 and data["a_wins"] + data["b_wins"] + data["draws"] == 40
    sides = data["report"]["sides"]
    assert [s["combat_rating"] for s in sides] == [621, 376]
    assert [s["nova_records"] for s in sides] == [1, 0]
    assert any(n.startswith("Jumbo: AE card:") for n in data["not_simulated"])
    assert any(n.startswith("Invincible: Unreadable in the source") for n in data["not_simulated"])

    # the rulebook copy without its shield icons cannot fight, and the error names the fix
    r = runner.invoke(cli, ["battle", str(nova_lost), str(MAJESTIC), "--runs", "5"])
    assert r.exit_code == 2 and "give the icons on the SHIELDS line of the Nova display" in r.output
    assert "Traceback" not in r.output


def test_the_same_battle_whatever_the_side(tmp_path):
    """Rule 8 of the house style: a verdict must not depend on which side is A."""
    ae, _, nova = converted(tmp_path)
    runner = CliRunner()
    one = json.loads(runner.invoke(cli, ["battle", f"{ae},{nova}", str(MAJESTIC), "--runs", "30", "--seed", "3",
                                         "--json", "--no-robustness"]).output)
    two = json.loads(runner.invoke(cli, ["battle", str(MAJESTIC), f"{ae},{nova}", "--runs", "30", "--seed", "3",
                                         "--json", "--no-robustness"]).output)
    assert (one["a_wins"], one["b_wins"], one["draws"]) == (two["b_wins"], two["a_wins"], two["draws"])


def test_analyze_refuses_a_nova_record_in_one_line(tmp_path):
    _, _, nova = converted(tmp_path)
    r = CliRunner().invoke(cli, ["analyze", str(nova)])
    assert r.exit_code == 2 and "a Nova record (X.2) has no Appendix A analysis" in r.output
    r = CliRunner().invoke(cli, ["tournament", str(nova), str(MAJESTIC), "--runs", "4"])
    assert r.exit_code == 0, r.output
