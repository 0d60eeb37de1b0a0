"""The published legacy designs and the Unity Drake reader.

The only Unity Drake text we have is the rulebook's Majestic (A.6; tests/fixtures/majestic.drake,
rated in test_drake.py: CR 188 computed, 185 stated). Every other published design is Admiralty-
or Nova-era: the three Admiralty designs of ../shared/samples/admiralty/ are copied verbatim into
tests/fixtures/legacy/ (each with its ``# Source:`` line), beside the rulebook's Nova display. The
Unity reader must turn them away with a syntax error naming the line, never misread them. Legacy
conversion (``drydock.formats.legacy``) reads them.
"""

from __future__ import annotations

import pytest

from drydock.formats.drake import DrakeSyntaxError, from_drake
from tests.helpers import FIXTURES

LEGACY = FIXTURES / "legacy"
# what the Unity reader says about each legacy design: (line, start of the message)
EXPECTED = {
    "dumbo-v1.txt": (6, "a track must be numbers"),
    "dumbo-v2.txt": (3, "unrecognised line"),
    "razorthorn-houseruled.txt": (2, "expected a header line"),
    "nova-majestic-rulebook.txt": (2, "expected a header line"),
    "nova-majestic-typed.txt": (2, "expected a header line"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_legacy_designs_are_not_unity_drake(name):
    path = LEGACY / name
    assert path.read_text(encoding="utf-8").startswith("# Source: ")
    with pytest.raises(DrakeSyntaxError) as info:
        from_drake(path.read_text(encoding="utf-8"), file=str(path))
    line, message = EXPECTED[name]
    assert info.value.line == line and info.value.message.startswith(message)


def test_every_legacy_fixture_is_checked():
    assert sorted(p.name for p in LEGACY.glob("*.txt")) == sorted(EXPECTED)
