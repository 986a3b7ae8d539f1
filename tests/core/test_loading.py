"""Large loads run with the cyclic collector paused, and leave it as they found it."""

from __future__ import annotations

import gc

import pytest

from duoplay.core.loading import collector_paused


def test_the_collector_is_off_inside_and_back_on_after() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause does not end the outer one
    assert gc.isenabled()


def test_a_load_that_fails_still_turns_the_collector_back_on() -> None:
    with pytest.raises(OSError), collector_paused():
        raise OSError("a word list is missing")
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_program_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_what_a_load_made_is_not_walked_by_later_collections() -> None:
    before = gc.get_freeze_count()
    with collector_paused():
        tables = [[str(n)] for n in range(10_000)]  # lists: objects the collector tracks
    assert gc.get_freeze_count() >= before + len(tables)
    gc.collect()
    assert tables[-1] == ["9999"]
