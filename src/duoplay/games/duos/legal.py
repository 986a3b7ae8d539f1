"""The menu of moves `legal_actions` lists for a seat still pairing.

Any placement of up to 4 disjoint pairs is legal (67,387 of them, twice: with and
without locking in), and WORD takes any single word, so the list cannot hold every
legal move without sending megabytes to every client on every change. It lists what
can be chosen from a menu: locking in, the YES!/NO! marks the seat may give, and
placing any one pair, with or without locking in. Every other placement is just as
legal: `rules.check` decides, never membership in this list.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from duoplay.games.duos.actions import PlacePairs
from duoplay.games.duos.cards import GRID


@cache
def single_pair_actions(banned: int | None, required: int | None) -> tuple[PlacePairs, ...]:
    """Placing one pair, then the same pairs locking in; respecting the seat's own marks.
    Built once per pair of marks: every seat's menu is asked for after every move."""
    pairs = [
        (a, b) for a, b in combinations(range(GRID), 2)
        if banned not in (a, b) and (required is None or required in (a, b))
    ]
    return tuple(PlacePairs((pair,), lock) for lock in (False, True) for pair in pairs)
