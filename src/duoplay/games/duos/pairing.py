"""Pairs of grid positions: their normal form, what makes a placement impossible, how many
pairs two placements share, and the list of all 67,387 placements of 0 to 4 pairs.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from duoplay.core.errors import IllegalAction
from duoplay.games.duos.cards import GRID
from duoplay.games.duos.state import Pair, Pairs

MAX_PAIRS = 4


class FewerPairs(IllegalAction):
    """Locking in with fewer than 4 pairs where the table's rules ask for all 4: a client that
    lets a player lock in early asks first, and shows this refusal when the table forbids it."""

    code = "fewer_pairs"


def normal(pairs: Iterable[Iterable[int]]) -> Pairs:
    """Each pair smallest first, pairs in order: placements that mean the same are equal.
    A pair of two grid positions is always the same tuple (menus hold hundreds of thousands)."""
    ordered: list[Pair] = []
    for pair in pairs:
        a, b = pair
        key = (a, b) if a <= b else (b, a)
        ordered.append(_SHARED.get(key, key))
    return tuple(sorted(ordered))


_SHARED: dict[Pair, Pair] = {(a, b): (a, b) for a in range(16) for b in range(a, 16)}


def problem(pairs: Pairs) -> IllegalAction | None:
    """Why these pairs cannot be placed, or None if they can."""
    if len(pairs) > MAX_PAIRS:
        return IllegalAction("Place at most {most} pairs (you sent {n})", most=MAX_PAIRS, n=len(pairs))
    seen: set[int] = set()
    for a, b in pairs:
        for position in (a, b):
            if not 0 <= position < GRID:
                return IllegalAction("There is no card at position {card}: positions are 0 to {last}",
                                     card=position, last=GRID - 1)
        if a == b:
            return IllegalAction("A pair needs two different cards (position {card} twice)", card=a)
        for position in (a, b):
            if position in seen:
                return IllegalAction("The card at position {card} is in two pairs: "
                                     "each card joins one pair at most", card=position)
            seen.add(position)
    return None


def identical(first: Pairs, second: Pairs) -> int:
    """How many pairs two placements share (marker colours never matter)."""
    return len(set(first) & set(second))


@cache
def all_placements() -> tuple[Pairs, ...]:
    """Every placement of 0 to 4 disjoint pairs on the grid (67,387), fewest pairs first."""
    found: list[Pairs] = []

    def extend(start: int, free: frozenset[int], chosen: tuple[Pair, ...]) -> None:
        found.append(chosen)
        if len(chosen) == MAX_PAIRS:
            return
        for a in range(start, GRID):
            if a not in free:
                continue
            for b in range(a + 1, GRID):
                if b in free:
                    extend(a + 1, free - {a, b}, (*chosen, _PAIRS[a][b]))

    extend(0, frozenset(range(GRID)), ())
    return tuple(sorted(found, key=len))


# One shared tuple per pair keeps the 67,387 placements small in memory.
_PAIRS = [[(a, b) for b in range(GRID)] for a in range(GRID)]
