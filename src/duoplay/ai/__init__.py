"""Learning environments for duoplay's games (needs the `ai` extra: pettingzoo, gymnasium, numpy).

A game offers one by declaring `ai_env` (see `duoplay.core.declared`); `env(game)` and
`raw_env(game, **options)` find it by the game's id or alias, and `games()` lists the games
that offer one. `VectorEnv(n, game)` steps n games in one call, numpy in and out.
"""

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:
    raise ImportError(
        f"duoplay.ai needs the 'ai' extra ({missing.name} is missing): pip install 'duoplay[ai]'"
    ) from missing

from duoplay.ai.environments import env, games, raw_env
from duoplay.ai.vector import VectorEnv

__all__ = ["VectorEnv", "env", "games", "raw_env"]
