"""Find a game by id or alias. Games load lazily, so the server imports only what it serves."""

from __future__ import annotations

import importlib
from typing import Any

from duoplay.core.errors import MalformedAction

# game id -> "module:attribute" of its Game instance
_GAMES: dict[str, str] = {
    "uno-duo": "duoplay.games.uno_duo:GAME",
    "duos": "duoplay.games.duos:GAME",
}

_ALIASES: dict[str, str] = {
    "uno": "uno-duo",
    "unoduo": "uno-duo",
    "uno_duo": "uno-duo",
}


def game_ids() -> list[str]:
    return sorted(_GAMES)


def find_game(name: str) -> Any:
    """Return the `Game` for an id or alias; raise `MalformedAction` for an unknown name."""
    if not isinstance(name, str):
        raise MalformedAction(f"A game name must be text, not {type(name).__name__}")
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    target = _GAMES.get(key)
    if target is None:
        raise MalformedAction(f"Unknown game {name!r}; known games: {', '.join(game_ids())}")
    module_name, attribute = target.split(":")
    return getattr(importlib.import_module(module_name), attribute)
