"""The placements a seat may make, as shared tuples of actions built once.

A seat still pairing may place any of 67,387 sets of 0-4 pairs, with or without
locking in. Building those actions anew on every request would dominate a bot's or
a playout's time, so the actions are built once per process (about 17 MB) and a seat
with YES!/NO! marks gets a filtered tuple of the same objects.
"""

from __future__ import annotations

from functools import cache, lru_cache

from duoplay.games.duos.actions import PlacePairs
from duoplay.games.duos.pairing import all_placements


@cache
def _every_placement_action() -> tuple[PlacePairs, ...]:
    """Every placement without locking in, then every placement with locking in."""
    placements = all_placements()
    return tuple(PlacePairs(p, False) for p in placements) + tuple(PlacePairs(p, True) for p in placements)


@lru_cache(maxsize=32)
def placement_actions(banned: int | None, required: int | None) -> tuple[PlacePairs, ...]:
    """The placement actions that leave out `banned` and use `required` (a seat's NO! and YES!)."""
    every = _every_placement_action()
    if banned is None and required is None:
        return every
    return tuple(
        action for action in every
        if (banned is None or all(banned not in pair for pair in action.pairs))
        and (required is None or any(required in pair for pair in action.pairs))
    )
