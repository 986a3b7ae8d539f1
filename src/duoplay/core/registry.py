"""Find a game by id or alias. Games register themselves; the platform names none of them.

A game is installed under the `duoplay.games` entry point group (see pyproject.toml):
`my-game = "duoplay.games.my_game:GAME"`. A game still in the making can be served
without packaging it: `DUOPLAY_GAMES="my-game=my_package.game:GAME"` (comma-separated)
adds games to those installed. Games load lazily, so a process imports only what it uses.
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from typing import Any

from duoplay.core.errors import MalformedAction

GROUP = "duoplay.games"
ENVIRONMENT = "DUOPLAY_GAMES"


@cache
def _targets() -> dict[str, str]:
    """game id -> "module:attribute" of its Game instance."""
    from importlib.metadata import entry_points  # ~60 ms to import: only once a game is looked up

    targets = {entry.name: entry.value for entry in entry_points(group=GROUP)}
    for item in os.environ.get(ENVIRONMENT, "").split(","):
        name, _, target = item.partition("=")
        if name.strip() and ":" in target:
            targets[name.strip()] = target.strip()
    return targets


def game_ids() -> list[str]:
    return sorted(_targets())


@cache
def _load(game_id: str) -> Any:
    module_name, _, attribute = _targets()[game_id].partition(":")
    return getattr(importlib.import_module(module_name), attribute)


@cache
def _aliases() -> dict[str, str]:
    """Loads every game once, the first time a name is not an id."""
    return {alias: game_id for game_id in game_ids() for alias in _load(game_id).aliases}


def find_game(name: str) -> Any:
    """Return the `Game` for an id or alias; raise `MalformedAction` for an unknown name."""
    if not isinstance(name, str):
        raise MalformedAction("A game name must be text, not {kind}", kind=type(name).__name__)
    key = name.strip().lower()
    if key not in _targets():
        key = _aliases().get(key, key)
    if key not in _targets():
        raise MalformedAction("Unknown game {name!r}; known games: {known}",
                              name=name[:40], known=", ".join(game_ids()))
    return _load(key)
