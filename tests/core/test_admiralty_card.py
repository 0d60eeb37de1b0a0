"""An Admiralty card keeps its rating (X.1; issue 25): the CR of record of converted AE designs.

X.1 (Unity v2.0 p.68): "There are no special adjustments which need to be made to Admiralty starship data
cards." The bundled Dumbo (examples/legacy/admiralty/dumbo-v1.ae) states "(277)" on its header line
(# Source: MJ12 Games forum, "New Drake Notation Standards for the Bourbaki Basin", 2008); the Unity
re-rating of the converted design is 317 and breaks OVER_SPACE.
"""

from __future__ import annotations

from click.testing import CliRunner

from drydock.cli.main import cli
from drydock.convert import batch
from drydock.convert.printing import sheet_for
from drydock.core.admiralty_card import X1_NOT_APPLIED, admiralty_card, cr_of_record
from drydock.core.fleet import Fleet, ShipEntry, format_fleet, rate_fleet
from drydock.core.validation import rate, validate
from drydock.formats import read_designs
from tests.helpers import ROOT

DUMBO = ROOT / "examples" / "legacy" / "admiralty" / "dumbo-v1.ae"
MAJESTIC = ROOT / "examples" / "designs" / "majestic.yaml"


def dumbo():
    (design,) = batch.convert_file(DUMBO, "admiralty").designs
    return design


def test_the_ae_card_is_read_back_from_the_converted_notes():
    card = admiralty_card(dumbo())
    assert card is not None and card.cr == 277
    assert card.engines == (3, 3, 3, 2, 2, 2, 1, 1) and card.shields == (4, 4, 3, 3, 2, 2, 1, 1)
    assert card.chart == ((1, ("X",)), (2, ("X",)), (3, ("Y",)), (4, ("Y",)), (5, ("Y",)), (6, ("Z",)))
    assert card.battery("Y") == "Stomp Gun" and card.battery("Z") == "Sonic Cannon"
    assert admiralty_card(read_designs(MAJESTIC)[0]) is None


def test_the_stated_ae_cr_is_the_cr_of_record_and_the_unity_rerating_is_information():
    d = dumbo()
    record = cr_of_record(d, rate(d).combat_rating)
    assert (record.value, record.source, record.unity) == (277, "admiralty", 317)
    assert rate(d).combat_rating == 317  # Appendix A is unchanged: the re-rating is still computed
    majestic = read_designs(MAJESTIC)[0]
    record = cr_of_record(majestic, rate(majestic).combat_rating)
    assert record.source == "unity" and record.value == 188


def test_unstated_ae_cr_uses_the_rerating_marked():
    d = dumbo()
    d = d.model_copy(update={"notes": tuple(n for n in d.notes if not n.startswith("AE combat rating"))})
    record = cr_of_record(d, rate(d).combat_rating)
    assert (record.value, record.source, record.marked) == (317, "admiralty-rerated", True)
    assert "not stated" in record.label
    sheet = sheet_for(d)
    assert sheet.combat_rating == 317 and "not stated" in sheet.record_label


def test_unity_limits_x1_does_not_apply_are_warnings_not_errors():
    problems = validate(dumbo())
    assert not [p for p in problems if p.is_error]
    over = next(p for p in problems if p.code == "OVER_SPACE")
    assert over.severity == "warning" and "not applied to an Admiralty card (X.1)" in over.message
    # a defect of the record itself stays an error
    d = dumbo()
    bad = d.model_copy(update={"weapons": (d.weapons[0].model_copy(update={"banks": ()}), *d.weapons[1:])})
    assert "BATTERY_NO_BANKS" not in X1_NOT_APPLIED and any(p.code == "BATTERY_NO_BANKS" and p.is_error
                                                            for p in validate(bad))


def test_the_sheet_is_headed_by_the_ae_cr_and_has_no_illegal_box():
    sheet = sheet_for(dumbo())
    assert sheet.combat_rating == 277 and sheet.record_label == "Admiralty card (X.1)" and sheet.kind == "admiralty"
    assert sheet.problems == ()
    assert any("Unity re-rating 317, for information" in n for n in sheet.notes)
    assert all(b.loss_limit is None for b in sheet.batteries)  # losses come from the AE chart


def test_a_fleet_counts_the_ae_cr():
    d, majestic = dumbo(), read_designs(MAJESTIC)[0]
    fleet = Fleet(name="Old Guard", entries=(ShipEntry(d, "dumbo", 2), ShipEntry(majestic, "majestic")),
                  battle_size="small")
    r = rate_fleet(fleet)
    assert r.total == 2 * 277 + 188
    text = format_fleet(r)
    assert "AE CR as stated (Admiralty card (X.1)); Unity re-rating 317" in text and "CR 742 of 700" in text
    data = r.to_dict()
    assert data["designs"][0]["combat_rating"] == 277 and data["designs"][0]["unity_combat_rating"] == 317


def test_the_cli_path_convert_rate_check_fleet(tmp_path):
    runner = CliRunner()
    r = runner.invoke(cli, ["convert", "--from", "admiralty", str(DUMBO), "-o", str(tmp_path / "ae")])
    assert r.exit_code == 0, r.output
    assert "ok " in r.output and "not legal" not in r.output
    drake = tmp_path / "ae" / "dumbo-v1.drake"
    r = runner.invoke(cli, ["rate", str(drake)])
    assert r.exit_code == 0 and "CR 277   (AE CR as stated (Admiralty card (X.1)); Unity re-rating 317" in r.output
    assert "ERROR" not in r.output
    r = runner.invoke(cli, ["check", str(drake)])
    assert r.exit_code == 0, r.output
    (tmp_path / "fleet.yaml").write_text(f"fleet: Old Guard\nbattle_size: small\nships:\n"
                                         f"  - design: ae/dumbo-v1.drake\n  - design: {MAJESTIC}\n")
    r = runner.invoke(cli, ["rate", str(tmp_path / "fleet.yaml")])
    assert r.exit_code == 0 and "Fleet total: 2 ships, CR 465 of 700" in r.output
