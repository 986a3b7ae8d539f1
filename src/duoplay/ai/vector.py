"""`VectorEnv(n, game)`: n games of one game stepped in one call, numpy in and out.

A game offers one beside its AEC environment: a `VectorEnv` class in the module that its
`ai_env` declaration names.
"""

from __future__ import annotations

import importlib
from typing import Any

from duoplay.ai.environments import games
from duoplay.core import declared
from duoplay.core.registry import find_game


def VectorEnv(n: int, game: str, **kwargs: Any) -> Any:
    """The vector environment of `game` (an id or alias) with `n` games; `kwargs` are its options
    (see the game's own `VectorEnv`).

    Raises `MalformedAction` for an unknown game and `ValueError` for a game that offers no
    vector environment."""
    found = find_game(game)
    target = declared.ai_env(found)
    module = importlib.import_module(target.partition(":")[0]) if target else None
    vector = getattr(module, "VectorEnv", None)
    if vector is None:
        offered = [g for g in games() if hasattr(importlib.import_module(
            (declared.ai_env(find_game(g)) or "").partition(":")[0]), "VectorEnv")]
        raise ValueError(f"{found.name} offers no vector environment; games that do: "
                         f"{', '.join(offered) or 'none'}")
    return vector(n, **kwargs)
