"""The menu of moves `legal_actions` lists for a seat still pairing.

Any placement of up to 4 disjoint pairs is legal (67,387 of them, twice: with and
without locking in), and WORD takes any single word, so the list cannot hold every
legal move without sending megabytes to every client on every change. It lists the
next step from where the seat stands, as a person at the table takes it: add one pair
to the pairs placed so far (the fourth pair locks in), take one pair back once all four
are down, and lock in as they stand when the table allows fewer than 4 pairs. A seat
that picks from this menu at random therefore places 4 random pairs, almost always.
Every other placement is just as legal: `rules.check` decides, never this list.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from duoplay.games.duos.actions import PlacePairs
from duoplay.games.duos.cards import GRID
from duoplay.games.duos.pairing import MAX_PAIRS, normal
from duoplay.games.duos.state import Pairs


@lru_cache(maxsize=2048)  # asked for after every move, for every seat still pairing: the seats in play
def menu_of_pairs(placed: Pairs, banned: int | None, required: int | None,
                  lock_with_fewer: bool) -> tuple[PlacePairs, ...]:
    """Add a pair, take one back, or lock in as they stand; respecting the seat's own marks
    (NO! keeps its card out; YES! marks a card already placed, which stays)."""
    menu: list[PlacePairs] = []
    if len(placed) < MAX_PAIRS:
        used = {p for pair in placed for p in pair}
        free = [c for c in range(GRID) if c not in used and c != banned]
        completes = len(placed) == MAX_PAIRS - 1
        menu += [PlacePairs(normal((*placed, pair)), completes) for pair in combinations(free, 2)]
        if lock_with_fewer:
            menu.append(PlacePairs(placed, True))
    else:
        menu += [PlacePairs(tuple(p for p in placed if p != pair), False)
                 for pair in placed if required not in pair]
    return tuple(menu)
