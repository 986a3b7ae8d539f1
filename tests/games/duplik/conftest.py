"""Duplik is served by the registry once its browser table ships; until then its tests register it
for themselves (the documented DUOPLAY_GAMES way) and leave the registry as they found it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from duoplay.core import registry


def _clear() -> None:
    registry._targets.cache_clear()
    registry._load.cache_clear()
    registry._aliases.cache_clear()


@pytest.fixture(autouse=True)
def duplik_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if "duplik" in registry.game_ids():
        yield
        return
    monkeypatch.setenv(registry.ENVIRONMENT, "duplik=duoplay.games.duplik:GAME")
    _clear()
    yield
    monkeypatch.undo()
    _clear()
