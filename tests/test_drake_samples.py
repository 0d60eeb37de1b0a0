"""The published designs in ../shared/samples/ and the Unity Drake reader.

The only Unity Drake text we have is the rulebook's Majestic (A.6; tests/fixtures/majestic.drake,
rated in test_drake.py: CR 188 computed, 185 stated). Every design in ../shared/samples/ is
Admiralty- or Nova-era (samples/README.md); the Unity reader must turn them away with a syntax
error naming the line, never misread them. Legacy conversion (``drydock.formats.legacy``) reads them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from drydock.formats.drake import DrakeSyntaxError, from_drake

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = next((p for p in (ROOT.parent / "shared" / "samples", ROOT.parent.parent / "shared" / "samples")
                if p.is_dir()), None)
# what the Unity reader says about each Admiralty sample: (line, start of the message)
EXPECTED = {
    "dumbo-v1.txt": (6, "a track must be numbers"),
    "dumbo-v2.txt": (3, "unrecognised line"),
    "razorthorn-houseruled.txt": (2, "expected a header line"),
}


@pytest.mark.skipif(SAMPLES is None, reason="../shared/samples is not present")
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_admiralty_samples_are_not_unity_drake(name):
    assert SAMPLES is not None
    path = SAMPLES / "admiralty" / name
    with pytest.raises(DrakeSyntaxError) as info:
        from_drake(path.read_text(encoding="utf-8"), file=str(path))
    line, message = EXPECTED[name]
    assert info.value.line == line and info.value.message.startswith(message)


@pytest.mark.skipif(SAMPLES is None, reason="../shared/samples is not present")
def test_no_sample_file_is_unity_drake():
    files = sorted(p.name for p in SAMPLES.rglob("*.txt"))
    assert files == sorted(EXPECTED)
