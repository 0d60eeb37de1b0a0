"""The league file: read and written back unchanged (a T.2 league mid-game, a T.3 tournament in its knockout
stage); a newer version, a size past its limit and a contradiction refused with the file named; the writer refuses
what the reader refuses."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from drydock.core.league.games import enter_result, roll_game
from drydock.core.marked import Marked
from drydock.errors import DrydockError
from drydock.formats.league import LeagueFileError, league_text, parse_league, read_league, write_league
from tests.core.test_league import _play_group, t2, t3


def _t2_mid() -> object:
    from drydock.core.league import rotation

    lg = roll_game(rotation.open_game(t2(victories=3)), 0, (3, 2))
    lg = rotation.challenge(lg, lg.order[1])
    a, b = lg.games[0].sides
    return enter_result(lg, 0, winner=a, vp={a: 600, b: 100}, destroyed=[lg.entrants[b].ships[0].id],
                        damage={lg.entrants[a].ships[0].id: Marked(hull=2, engines=1)})


@pytest.mark.parametrize("make", [_t2_mid, lambda: _play_group(t3(3), {"Ann1": 9, "Ann2": 7, "Bob1": 8, "Bob2": 1,
                                                                        "Cy1": 5, "Cy2": 2})])
def test_round_trip(tmp_path: Path, make: object) -> None:
    lg = make()  # type: ignore[operator]
    path = tmp_path / "league.yaml"
    write_league(path, lg, new=True)
    back = read_league(path)
    assert back == lg
    assert league_text(back) == path.read_text(encoding="utf-8")
    with pytest.raises(DrydockError, match="already exists"):
        write_league(path, lg, new=True)


def _data(tmp_path: Path) -> tuple[Path, dict]:
    path = tmp_path / "l.yaml"
    write_league(path, _t2_mid(), new=True)  # type: ignore[arg-type]
    return path, yaml.safe_load(path.read_text(encoding="utf-8"))


def test_a_newer_version_is_named(tmp_path: Path) -> None:
    path, data = _data(tmp_path)
    data["drydock_league"] = 9
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(LeagueFileError, match="newer drydock"):
        read_league(path)


def test_sizes_are_checked_before_work(tmp_path: Path) -> None:
    path, data = _data(tmp_path)
    data["entrants"] = {f"P{i}": {"fleet": "x.yaml", "ships": []} for i in range(65)}
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(DrydockError, match="entrants"):
        read_league(path)


def test_contradictions_are_refused(tmp_path: Path) -> None:
    path, data = _data(tmp_path)
    data["games"][0]["scenario"] = "S.1"  # the dice 3, 2 roll S.7
    with pytest.raises(LeagueFileError, match="roll S.7, not S.1"):
        parse_league(yaml.safe_dump(data), str(path))
    path, data = _data(tmp_path / "b") if (tmp_path / "b").mkdir() is None else (path, data)
    data["games"][0]["winner"] = "Nobody"
    with pytest.raises(LeagueFileError, match="did not play it"):
        parse_league(yaml.safe_dump(data), str(path))


def test_the_writer_refuses_what_the_reader_refuses(tmp_path: Path) -> None:
    lg = _t2_mid()
    lg.games[0].scenario = "S.1"  # type: ignore[attr-defined]
    with pytest.raises(LeagueFileError):
        write_league(tmp_path / "bad.yaml", lg)  # type: ignore[arg-type]
    assert not (tmp_path / "bad.yaml").exists()
