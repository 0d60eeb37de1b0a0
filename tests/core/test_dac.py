"""D7 damage allocation charts: the D7.4 layout rule, its examples, the D7.2 shift, and the SSD.

Source: Starmada Captain's Companion (2025) D7.1-D7.4 (../shared/seeds/002_*.txt lines 393-456).
"""

import pytest

from drydock.core.dac import dac_for, layout, shift
from drydock.core.validation import rate
from drydock.formats.houserules import load_ruleset
from tests.helpers import battery, design, mode


def test_weapons_example_chart_is_the_rule_for_five_three_two():
    """D7.4's chart "1 AB 2 AB 3 AC 4 AC 5 A 6 B" is five A's, three B's, two C's (the text's 2/5/3 is an
    erratum: by the rule 2 A, 5 B, 3 C give 1 AB, 2 AC, 3 BC, 4 BC, 5 B, 6 B)."""
    assert layout("AAAAABBBCC") == (("A", "B"), ("A", "B"), ("A", "C"), ("A", "C"), ("A",), ("B",))
    assert layout("AABBBBBCCC") == (("A", "B"), ("A", "C"), ("B", "C"), ("B", "C"), ("B",), ("B",))


def test_systems_example():
    """Five Screens (@), a Hyperdrive (X), 5 Marine squads (Y, one set), three Point Defense Systems (Z)."""
    assert layout("@@@@@XYZZZ") == (("@", "Y"), ("@", "Z"), ("@", "Z"), ("@", "Z"), ("@",), ("X",))


def test_sycamore_sheet_charts():
    """D7.1's Sycamore: weapons 1 AC, 2 AC, 3 BC, 4 B, 5 B, 6 B; systems 1 @@, 2 @@, 3 @X, 4 @Y, 5 @Z, 6 @."""
    assert layout("AABBBBCCC") == (("A", "C"), ("A", "C"), ("B", "C"), ("B",), ("B",), ("B",))
    assert layout("@" * 8 + "XYZ") == (("@", "@"), ("@", "@"), ("@", "X"), ("@", "Y"), ("@", "Z"), ("@",))


@pytest.mark.parametrize(("rolled", "crossed", "expected"), [
    (3, set(), 3), (3, {3}, 4), (6, {6}, 1), (6, {6, 1, 2}, 3), (1, {1, 2, 3, 4, 5, 6}, None),
])
def test_repeated_roll_shifts_right(rolled, crossed, expected):
    """D7.2: "If the same result is rolled again, shift one location to the right ... If a 6 is rolled a
    second time, shift back to location 1." """
    assert shift(rolled, crossed) == expected


def test_dac_of_a_design_counts_weapons_screens_equipment_and_munition_sets():
    rules = load_ruleset("companion")
    d = design(hull=8, engines=2, screens=5, weapons=[
        battery("Torp", mode("5-10-15", "1x4/1/1"), "2AB"),
        battery("Shock", mode("4-8-12", "1x4/1/1"), "3ABCD", "2EF"),
        battery("Laser", mode("2-4-6", "1x2/1/1"), "3ACE2")],
        systems=["Hyperdrive", ("Marines", 5), "Anti-Fighter Batteries", ("Probes", 3)])
    dac = dac_for(rate(d, rules), rules)
    weapons = [b.weapons for b in rate(d, rules).batteries]
    assert weapons == [2, 5, 3]  # a twin mount is one weapon on the damage track (C.3): three C's

    assert dac.battery_codes == ("A", "B", "C")
    assert dac.weapons == layout("AA" + "B" * 5 + "C" * 3)
    # AFB is a trait in Unity (type T): no letter; Marines and Probes are one set each
    assert dac.system_codes == (("Hyperdrive", "X"), ("Marines", "Y"), ("Probes", "Z"))
    assert dac.systems == layout("@@@@@XYZ")


def test_ssd_prints_the_charts_and_letter_codes_in_place_of_loss_limits():
    import re

    from drydock.render import build_booklet, sheet_from_rating
    from drydock.render.html import render_html

    rules = load_ruleset("companion")
    d = design(hull=8, engines=2, screens=2, weapons=[
        battery("Torp", mode("5-10-15", "1x4/1/1"), "2AB"), battery("Shock", mode("4-8-12", "1x4/1/1"), "3ABCD")],
        systems=["Hyperdrive", ("Marines", 3)])
    plain = render_html(build_booklet([sheet_from_rating(rate(d, rules), rules)]))
    html = render_html(build_booklet([sheet_from_rating(rate(d, rules), rules, dac=True)]))
    assert "WEAPONS DAC" not in plain and '<b class="ll">(1)</b>' in plain
    assert "WEAPONS DAC" in html and "SYSTEMS DAC" in html
    assert '<b class="ll">(' not in html  # no loss limits
    assert re.findall(r'class="ll dacode">\((\w)\)', html) == ["A", "B"]
    cells = re.findall(r'<span class="dacloc"><i>(\d)</i>([^<]*)</span>', html)
    # A A B B B -> 1 A, 2 A, 3 B, 4 B, 5 B, 6 empty; @ @ X Y -> 1 @, 2 @, 3 X, 4 Y
    assert cells[:6] == [("1", "A"), ("2", "A"), ("3", "B"), ("4", "B"), ("5", "B"), ("6", "&ndash;")]
    assert cells[6:10] == [("1", "@"), ("2", "@"), ("3", "X"), ("4", "Y")]


def test_d71_box_numbers_from_unitys_countdown() -> None:
    """The ``unity-items`` reading of D7.1 (``play.companion.dac.tracks``): a box holds the items Unity's countdown
    loses when it is checked, so the numbers sum to the items. Sycamore's weapons track 6 4 2 (six items over three
    boxes) is 2 2 2; a track with a box per item is all 1s; a track with more boxes than items has 0s."""
    from drydock.core.dac import box_numbers

    assert box_numbers((6, 4, 2)) == (2, 2, 2)
    assert box_numbers((4, 3, 2, 1)) == (1, 1, 1, 1)
    assert box_numbers((3, 3, 2, 2, 1, 1)) == (0, 1, 0, 1, 0, 1)
    assert sum(box_numbers((16, 12, 8, 4))) == 16


# Source: Starmada Captain's Companion (2025), D7.1, the Sycamore-class heavy cruiser's display
# (../shared/seeds/002_54d44d0a28cdba4b.txt lines 413-422, extracted from the page image): "JLL 8 5 4 3 2 1" (the
# hull track, from 8: hull 8), "APONS 1 0 1 1 1", "SYS 0 1 1 | 5 TEMS 1 0 1 1 1"; charts "1 AC 2 AC 3 BC 4 B 5 B
# 6 B" (2 A, 4 B, 3 C: nine weapons) and "1 @@ 2 @@ 3 @X 4 @Y 5 @Z 6 @" (eleven letters).
BOOK_SYSTEMS_TRACK = (0, 1, 1, 1, 0, 1, 1, 1)
BOOK_WEAPONS_TRACK_SEEN = (1, 0, 1, 1, 1)  # the extraction kept the last five boxes


def test_d71_tracks_reproduce_the_book_sycamore() -> None:
    """D7.1: "each box contains a '0' or '1' (ships of hull size 5 or less may have boxes with '2' or more)".
    drydock's reading (``hull``): one box per hull point counting down the six DAC locations as A.3 counts down a
    rating, box k = ceil(6 x (8 - k) / 8): 6 6 5 4 3 3 2 1, numbered by the locations each crosses. The book's
    Sycamore, built from its own charts (nine weapons, eight Screens, Hyperdrive, Marines), prints exactly that on
    its systems track and its weapons track ends the same way, though the charts hold nine and eleven letters."""
    from drydock.core.calc import track
    from drydock.core.dac import box_numbers, hull_track

    assert track(6, 8) == [6, 6, 5, 4, 3, 3, 2, 1]
    rules = load_ruleset("companion")
    book = design(hull=8, engines=5, screens=8, weapons=[
        battery("Fusion Torpedo", mode("5-10-15", "1x3/1/1"), "2AB"),
        battery("Shock Cannon", mode("4-8-12", "1x4/1/3"), "2ABC", "2DEF"),
        battery("Laser Cannon", mode("2-4-6", "1x2/1/1"), "3ABCDEF")],
        systems=["Anti-Fighter Batteries", "Hyperdrive", ("Marines", 3)])
    dac = dac_for(rate(book, rules), rules)
    assert dac.weapons == (("A", "C"), ("A", "C"), ("B", "C"), ("B",), ("B",), ("B",))  # as printed
    assert dac.systems_track == BOOK_SYSTEMS_TRACK == hull_track(8)
    assert dac.weapons_track == BOOK_SYSTEMS_TRACK and dac.weapons_track[-5:] == BOOK_WEAPONS_TRACK_SEEN
    # A.3 rounds a track's boxes up; the same countdown rounded to the nearest (halves up) or down is not the print
    nearest = [(6 * k * 2 + 8) // 16 for k in range(8, 0, -1)]
    down = [6 * k // 8 for k in range(8, 0, -1)]
    assert box_numbers(nearest) == (1, 0, 1, 1, 1, 0, 1, 1) and box_numbers(down) == (1, 1, 1, 0, 1, 1, 1, 0)


def test_d71_hull_five_or_less_has_boxes_of_two_or_more() -> None:
    """"ships of hull size 5 or less may have boxes with '2' or more": six locations over five boxes or fewer."""
    from drydock.core.dac import hull_track

    assert hull_track(5) == (1, 1, 1, 1, 2)
    assert hull_track(4) == (1, 2, 1, 2)
    assert hull_track(3) == (2, 2, 2)
    assert hull_track(1) == (6,)
    assert hull_track(6) == (1,) * 6
    rules = load_ruleset("companion")
    small = design(hull=4, engines=2, screens=1, weapons=[battery("Gun", mode("2-4-6", "1x4/1/1"), "2ABC")],
                   systems=["Hyperdrive"])
    from drydock.render.sheet import sheet_from_rating

    tracks = {t.key: t.values for t in sheet_from_rating(rate(small, rules), rules, dac=True).tracks}
    assert tracks["weapons"] == tracks["systems"] == (1, 2, 1, 2)
    assert tracks["hull"] == (4, 3, 2, 1) and tracks["engines"] == (2, 1)  # Unity's other tracks are unchanged


@pytest.mark.parametrize("hull", range(1, 61))
def test_d71_hull_track_property(hull: int) -> None:
    """Every hull: one box per hull point, the numbers sum to the six locations (crossing every box crosses every
    location, so every letter on the chart is lost: tests/engine/test_companion_tracks.py), and a box holds 2 or
    more exactly when the hull is 5 or less."""
    from drydock.core.dac import LOCATIONS, hull_track

    boxes = hull_track(hull)
    assert len(boxes) == hull and sum(boxes) == LOCATIONS and min(boxes) >= 0
    assert (max(boxes) >= 2) == (hull <= 5)


def test_the_dac_sheet_numbers_the_tracks_by_d71(tmp_path) -> None:
    """The Companion's example (hull 6): with ``--dac`` the weapons track is D7.1's six 1s and a SYS track follows
    the shields; under the other reading (``tracks: unity-items``) the weapons track is Unity's three boxes
    numbered 2 2 2 (the items each loses) and there is no SYS track."""
    from drydock.core.validation import rate
    from drydock.formats import read_designs
    from drydock.formats.houserules import load_ruleset
    from drydock.render.sheet import sheet_from_rating
    from tests.helpers import ROOT

    cc = load_ruleset("companion")
    d = read_designs(ROOT / "examples/companion/sycamore.yaml", rules=cc)[0]
    plain = {t.key: t.values for t in sheet_from_rating(rate(d, cc), cc).tracks}
    dac = {t.key: t.values for t in sheet_from_rating(rate(d, cc), cc, dac=True).tracks}
    assert plain["weapons"] == (6, 4, 2) and "systems" not in plain
    assert dac["weapons"] == dac["systems"] == (1, 1, 1, 1, 1, 1)
    assert plain["shields"] == dac["shields"]  # the shield rating's countdown stays: the impact roll needs it
    house = tmp_path / "items.yaml"
    house.write_text("base: companion\nplay:\n  companion:\n    dac: {tracks: unity-items}\n", encoding="utf-8")
    items = load_ruleset(str(house))
    old = {t.key: t.values for t in sheet_from_rating(rate(d, items), items, dac=True).tracks}
    assert old["weapons"] == (2, 2, 2) and "systems" not in old
