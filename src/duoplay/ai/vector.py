"""`VectorEnv(n, game)`: n games of one game stepped in one call, numpy in and out.

A game offers one beside its AEC environment: a `VectorEnv` class in the module that its
`ai_env` declaration names.
"""

from __future__ import annotations

from typing import Any

from duoplay.ai.environments import _find, companion, games


def VectorEnv(n: int, game: str, **kwargs: Any) -> Any:
    """The vector environment of `game` (an id or alias) with `n` games; `kwargs` are its options
    (see the game's own `VectorEnv`).

    Raises `UnknownGame` for an unknown game and `ValueError` for a game that offers no
    vector environment."""
    vector = companion(game, "VectorEnv")
    if vector is None:
        offered = [g for g in games() if companion(g, "VectorEnv") is not None]
        raise ValueError(f"{_find(game).name} offers no vector environment; games that do: "
                         f"{', '.join(offered) or 'none'}")
    return vector(n, **kwargs)
