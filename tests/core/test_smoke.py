
from drydock.core.validation import rate
from drydock.formats import read_designs
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples" / "designs"


def test_majestic_example_rates():
    # Source: Unity Rulebook v2.0, A.6 / construction.md §9.2
    (design,) = read_designs(EXAMPLES / "majestic.yaml")
    r = rate(design)
    assert r.used_su == r.total_su == 1520
    assert r.orat == 605
