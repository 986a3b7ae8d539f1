"""A finished match's finishing order, for ratings: rank 1 first, tied seats sharing a rank.

A game may declare `rating_ranks(outcome) -> tuple[int, ...] | None` (None: this match says
nothing about who played better, so it is not rated). By default the ranks follow the outcome's
`results` (1 a win, 0 a loss, a share for a tie): a higher result finishes ahead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duoplay.core.protocol import Outcome


def ranks_from_results(results: Sequence[float]) -> tuple[int, ...]:
    """Competition ranking: [1, 0.5, 0.5, 0] -> (1, 2, 2, 4)."""
    return tuple(1 + sum(1 for other in results if other > result) for result in results)


def rating_ranks(game: Any, outcome: Outcome) -> tuple[int, ...] | None:
    declared = getattr(game, "rating_ranks", None)
    if callable(declared):
        ranks: tuple[int, ...] | None = declared(outcome)
        return ranks
    return ranks_from_results(outcome.results)
