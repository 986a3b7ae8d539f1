"""Points for one turn, and the co-op verdict after the last turn (rulebook: "The Narrator
Checks the Pairs", "DUOS for Two Players / Scoring")."""

from __future__ import annotations

from duoplay.games.duos.pairing import identical
from duoplay.games.duos.state import Pairs

COOP_WIN_AT = 3  # a co-op turn is won with 3 or 4 identical pairs


def narrator_points(matches: int) -> int:
    """What one player's matches earn the Narrator: 0-1 -> 0, 2-3 -> 1, 4 -> 2."""
    if matches <= 1:
        return 0
    return 1 if matches <= 3 else 2


def compete_turn(pairs: list[Pairs], narrator: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(identical pairs with the Narrator, points) per seat; the Narrator's match count is 0."""
    told = pairs[narrator]
    matches = [0 if seat == narrator else identical(placed, told) for seat, placed in enumerate(pairs)]
    points = list(matches)
    points[narrator] = sum(narrator_points(m) for seat, m in enumerate(matches) if seat != narrator)
    return tuple(matches), tuple(points)


def coop_turn(pairs: list[Pairs]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Both players share the match count; the team wins 1 point with 3 or 4 identical pairs."""
    shared = identical(pairs[0], pairs[1])
    won = 1 if shared >= COOP_WIN_AT else 0
    return (shared, shared), (won, won)


# Our own wording of the rulebook's progress table, from 0 points up to 9 or more.
COOP_VERDICTS = (
    "Not this time: have another go.",
    "A start, and room to grow.",
    "Things are looking up.",
    "You are getting the hang of it!",
    "Nicely done!",
    "Stylish!",
    "Superb teamwork!",
    "Brilliant!",
    "Remarkable! You two think alike.",
    "Incredible! You read each other's minds!",
)


def coop_verdict(points: int) -> str:
    return COOP_VERDICTS[min(max(points, 0), len(COOP_VERDICTS) - 1)]
