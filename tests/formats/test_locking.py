"""The advisory lock that campaign and league commands take (drydock/formats/locking.py)."""

import multiprocessing
import os

import pytest

from drydock.formats.locking import FileBusyError, lock_path, locked


def _hold(path, ready, release):
    with locked(path, what="campaign"):
        ready.set()
        release.wait(10)


def test_a_second_holder_is_refused_and_the_lock_is_released(tmp_path):
    target = tmp_path / "war.yaml"
    target.write_text("x")
    ctx = multiprocessing.get_context("spawn")
    ready, release = ctx.Event(), ctx.Event()
    holder = ctx.Process(target=_hold, args=(target, ready, release))
    holder.start()
    try:
        assert ready.wait(30)
        with pytest.raises(FileBusyError, match="another drydock command is changing this campaign"):
            with locked(target, what="campaign"):
                pass
    finally:
        release.set()
        holder.join(30)
    with locked(target):  # released when the holder ended
        pass


def test_a_killed_holder_leaves_no_lock(tmp_path):
    target = tmp_path / "war.yaml"
    ctx = multiprocessing.get_context("spawn")
    ready, release = ctx.Event(), ctx.Event()
    holder = ctx.Process(target=_hold, args=(target, ready, release))
    holder.start()
    assert ready.wait(30)
    holder.kill()
    holder.join(30)
    with locked(target):
        pass


def test_every_name_of_a_file_shares_one_lock(tmp_path):
    real = tmp_path / "war.yaml"
    real.write_text("x")
    link = tmp_path / "link.yaml"
    os.symlink(real, link)
    assert lock_path(link) == lock_path(real) == tmp_path / "war.yaml.lock"
