"""D2.1 Attack Modifiers under ``--rules companion``: each row of the table with its words, how drydock plays it
(played, already Unity's, or declared), and the one row the engine adds to Unity's 4.2 table.

Source: Captain's Companion (2025), D2.1 (../shared/seeds/002_*.txt): "Several circumstances can modify the attack
roll. These are summarized below." """

from __future__ import annotations

import os
import re

from drydock.core.rules.companion import ATTACK_MODIFIERS, declared_attack_modifiers
from drydock.engine.tables import COMPANION_NOT_SIMULATED
from tests.engine.test_companion_play import Faces, design, fire, ship
from tests.helpers import ROOT

SEED = ROOT.parent / "shared" / "seeds" / "002_54d44d0a28cdba4b.txt"  # beside the checkout, as in CI


def test_every_row_of_the_table_is_there_once_with_its_words() -> None:
    assert len(ATTACK_MODIFIERS) == 17  # 7 + 10 rows in the Companion's two columns
    if SEED.is_file() or os.environ.get("CI") == "true":  # the seed beside the checkout (always in CI)
        text = re.sub(r"\s+", " ", SEED.read_text(encoding="utf-8").replace("<u>", "").replace("</u>", ""))
        for row in ATTACK_MODIFIERS.values():
            words, _, modifier = row["quote"].rpartition(" ")
            assert f"{words} {modifier}" in text.replace("\t", " "), row["quote"]
    assert {r["played"] for r in ATTACK_MODIFIERS.values()} == {"played", "unity", "declared"}
    assert [k for k, r in ATTACK_MODIFIERS.items() if r["played"] == "played"] == ["engine_zero"]


def test_engine_rating_zero_is_plus_one() -> None:
    """D2.1: "Target's engine rating is zero (unless target is Immobile) +1". 1x4+ at short range (+1): a die of 2
    misses a target under way (3 < 4) and hits one whose engine track is fully checked (2 + 1 + 1 = 4); the hit's
    damage die 1 is a hull box (4.4)."""
    att = ship(design())
    moving = ship(design(), 1)
    assert fire(att, moving, Faces(2)) == 0
    stopped = ship(design(), 1)
    stopped.eng_hits = len(stopped.spec.engine_track)
    assert stopped.engine_rating == 0
    assert fire(att, stopped, Faces(2, 1)) == 1 and stopped.p_hull == 1


def test_an_immobile_target_takes_no_bonus() -> None:
    """"(unless target is Immobile)": a ship built without engines (drydock's reading) is not +1."""
    att = ship(design())
    base = ship(design().replace("engines: 4", "engines: 0"), 1)
    assert base.engine_rating == 0 and not any(base.spec.engine_track)
    assert fire(att, base, Faces(2)) == 0


def test_rows_unity_already_applies_are_not_doubled() -> None:
    """"Target is a fighter flight or minefield (unless Accurate) -1" and the others marked "unity" are Unity's 4.2
    rows: the Companion ship's volley uses Unity's to-hit modifier for them, unchanged (one -1, not two)."""
    unity_rows = [r for r in ATTACK_MODIFIERS.values() if r["played"] == "unity"]
    assert len(unity_rows) == 7 and all(r["note"] for r in unity_rows)


def test_declared_rows_are_in_every_companion_report() -> None:
    declared = declared_attack_modifiers()
    assert len(declared) == 9 and "Target has Bright Return +1" in declared
    line = next(x for x in COMPANION_NOT_SIMULATED if "D2.1" in x)
    assert all(d in line for d in declared)
