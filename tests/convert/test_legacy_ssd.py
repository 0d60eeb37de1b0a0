"""Printed SSDs of converted designs: the Nova record sheet and AE designs carry their conversion notes."""

from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("drydock.render")
pypdf = pytest.importorskip("pypdf")

from drydock.cli.main import cli  # noqa: E402
from drydock.convert import batch  # noqa: E402
from drydock.convert.nova_sheet import sheet_from_nova  # noqa: E402
from tests.helpers import FIXTURES  # noqa: E402

FIX = FIXTURES / "legacy"


def _text(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(str(pdf)).pages).split())


def test_nova_sheet_view_model():
    (rec,) = batch.convert_file(FIX / "nova-majestic-typed.txt", "nova").designs
    sheet = sheet_from_nova(rec)
    assert sheet.kind == "nova" and sheet.combat_rating == 344
    assert [t.label for t in sheet.tracks] == ["HULL", "SYS", "THR", "WPN", "ECM"]
    assert sheet.tracks[0].values == (9, 8, 7, 6, 5, 4, 3, 2, 1)
    assert [b.label for b in sheet.batteries[1].banks] == ["FX2: 3 dice", "AX2: 3 dice"]
    assert any("bullet" in n for n in sheet.notes) and any("Unreadable in the source" in n for n in sheet.notes)


def test_convert_prints_ssds_with_notes(tmp_path):
    out = tmp_path / "out"
    r = CliRunner().invoke(cli, ["convert", "--from", "nova", str(FIX / "nova-majestic-rulebook.txt"), "-o", str(out),
                                            "--ssd", "ships.pdf"])
    assert r.exit_code == 0, r.output
    text = _text(out / "ships.pdf")
    assert "MAJESTIC-class BC" in text and "nova record" in text and "FX2: 3 dice" in text
    assert "shield-icon modifier" in text
    r = CliRunner().invoke(cli, ["convert", "--from", "admiralty", str(FIX / "razorthorn-houseruled.txt"),
                                            "-o", str(out), "--to", "json", "--ssd", "ae.pdf", "--paper", "a4",
                                            "--report", "ae.md"])
    assert r.exit_code == 0, r.output
    text = _text(out / "ae.pdf")
    assert "RAZORTHORN-class Battleship" in text and "Increased Hits" in text
