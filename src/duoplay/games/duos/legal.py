"""The placements a seat may make, as shared tuples of actions built once per mark set.

A seat still pairing may place any of 67,387 sets of 0-4 pairs, with or without
locking in. Building those actions anew on every request would dominate a bot's or
a playout's time, so each (NO!, YES!) mark combination's actions are built once.
"""

from __future__ import annotations

from functools import lru_cache

from duoplay.games.duos.actions import PlacePairs
from duoplay.games.duos.pairing import placements


@lru_cache(maxsize=16)
def placement_actions(banned: int | None, required: int | None) -> tuple[PlacePairs, ...]:
    """Every placement without locking in, then every placement with locking in."""
    allowed = placements(banned, required)
    return tuple(PlacePairs(pairs, False) for pairs in allowed) + tuple(
        PlacePairs(pairs, True) for pairs in allowed)
