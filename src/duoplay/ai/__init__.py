"""Learning environments for duoplay's games (needs the `ai` extra: pettingzoo, gymnasium, numpy).

A game offers one by declaring `ai_env` (see `duoplay.core.declared`); these find it by
the game's id or alias: `env("uno-duo")`, `raw_env("uno-duo", render_mode="ansi")`.
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

__all__ = ["env", "games", "raw_env"]
