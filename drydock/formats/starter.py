"""What ``drydock new`` writes: a commented starter design (YAML) and a blank live workbook (xlsx).

The starter is a small legal ship with one of everything a design holds (hull, engines, shields,
one weapon battery with one bank, one system); every line says what goes there and where
``drydock rules`` lists the choices. tests/cli/test_new.py checks that it passes ``drydock check``.
"""

from __future__ import annotations

from drydock.core.model import Design

#: The starter design, one comment per line (sections: Unity Rulebook v2.0).
STARTER_YAML = """\
# A new Starmada Unity design. Edit the values, then: drydock check THIS-FILE / drydock rate THIS-FILE
# Lines starting with # are comments. `drydock rules` lists every trait, system and arc code.
faction: My Faction          # free text: the navy this ship belongs to (house rules can key on it)
class: Example               # the class name, printed on the ship's sheet
type: Frigate                # free text: Frigate, Cruiser, Battleship ...
hull: 4                      # hull size 1-35 (A.1): sets the space units (SU) the ship has to spend
engines: 4                   # engine rating (A.1, B.1): the ship's speed in hexes per turn
shields: 2                   # shield rating 0-5 (A.1, B.7); or per arc: {fwd: 3, port: 2, stbd: 2, aft: 1}
weapons:                     # one entry per weapon battery (A.1)
  - name: Laser Cannon       # what the battery is called on the sheet
    range: 3-6-9             # short-medium-long range in hexes (A.1)
    stats: 2x5+/1/1          # ROFxACC+/IMP/DMG: shots, to-hit roll, impact, damage (A.1)
    traits: []               # weapon traits by abbreviation, e.g. [Pr1]: see `drydock rules traits`
    banks: [2AB]             # mounts and arcs: 2 mounts firing in arcs A and B; see `drydock rules arcs`
systems: [Countermeasures]   # ship systems (A.5), e.g. [Hyperdrive, {name: Marines, qty: 2}]: `drydock rules systems`
"""


def starter_yaml() -> str:
    """The commented starter design (YAML text)."""
    return STARTER_YAML


def blank_design() -> Design:
    """The design of a blank workbook: the smallest hull, nothing fitted, for a player to fill in."""
    return Design.model_validate({"class": "New design", "hull": 1})


def blank_workbook() -> bytes:
    """A blank live workbook (``.xlsx`` bytes): one SHIP sheet with empty weapon and system rows to fill in."""
    # lazy: openpyxl loads for workbooks only
    from drydock.formats.excel.write import to_xlsx

    return to_xlsx(blank_design())
