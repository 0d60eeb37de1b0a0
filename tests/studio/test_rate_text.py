"""``drydock.rate_text``: what ``rate_files`` gives for a file, for a text not yet saved (the studio's rating)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from drydock import rate_files, rate_text
from drydock.resources import examples_dir

EXAMPLES = sorted([*(examples_dir() / "designs").glob("*.yaml"), *(examples_dir() / "fleets/ships").glob("*.yaml")])


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
@pytest.mark.parametrize("as_json", [True, False])
def test_the_same_as_rate_files_for_every_example(path: Path, as_json: bool) -> None:
    name = os.path.relpath(path)
    text = path.read_text(encoding="utf-8")
    assert rate_text(text, name, as_json=as_json) == rate_files((name,), None, as_json=as_json)


def test_a_library_is_found_beside_the_path_given_not_the_name(tmp_path: Path) -> None:
    ship = examples_dir() / "fleets/ships/vanguard-destroyer.yaml"
    text = ship.read_text(encoding="utf-8")
    assert "library:" in text
    rated = rate_text(text, "vanguard.yaml", as_json=True, path=str(ship))
    assert not rated.failed and '"file": "vanguard.yaml"' in rated.text
    lost = rate_text(text, "vanguard.yaml", as_json=True, path=str(tmp_path / "vanguard.yaml"))
    assert lost.failed and lost.messages[0].startswith("drydock: error: vanguard.yaml:")


def test_a_text_that_cannot_be_read_is_one_error_with_its_name() -> None:
    rated = rate_text("hull: [", "draft.yaml", as_json=True)
    assert rated.text == "[]\n" and rated.failed
    assert rated.messages == ["drydock: error: draft.yaml:2:1: not valid YAML: did not find expected node content"]
