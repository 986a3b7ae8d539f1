"""`VectorEnv(n, game)`: n games of one game stepped in one call, numpy in and out.

A game offers one beside its AEC environment: a `VectorEnv` class in the module that its
`ai_env` declaration names. With an `opponent`, the agent plays one seat of each game and the
opponent the other (`duoplay.ai.hosted.OpponentVectorEnv`, built on the AEC environment).
"""

from __future__ import annotations

from typing import Any

from duoplay.ai.environments import _find, companion, games
from duoplay.ai.opponents import OpponentSpec


def VectorEnv(n: int, game: str, opponent: OpponentSpec | None = None, **kwargs: Any) -> Any:
    """The vector environment of `game` (an id or alias) with `n` games; `kwargs` are its options
    (see the game's own `VectorEnv`). With `opponent` (a bot level such as `"heuristic"`, a bot,
    or a policy: see `duoplay.ai.opponents`) each game seats the agent against it, and each row
    is the agent's (see `OpponentVectorEnv`).

    Raises `UnknownGame` for an unknown game and `ValueError` for a game that offers no
    vector environment."""
    vector = companion(game, "VectorEnv")
    if vector is None:
        offered = [g for g in games() if companion(g, "VectorEnv") is not None]
        raise ValueError(f"{_find(game).name} offers no vector environment; games that do: "
                         f"{', '.join(offered) or 'none'}")
    if opponent is not None:
        from duoplay.ai.hosted import OpponentVectorEnv

        return OpponentVectorEnv(n, game, opponent, **kwargs)
    return vector(n, **kwargs)
