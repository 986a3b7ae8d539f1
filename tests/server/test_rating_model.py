"""The rating model on its own: finishing orders from outcomes, leavers last, and how ratings move
and are shown."""

from __future__ import annotations

from duoplay.core.protocol import Outcome
from duoplay.core.ranking import ranks_from_results, rating_ranks
from duoplay.server.ratings.model import Rating, rate
from duoplay.server.ratings.standings import ranks_with_leavers


def test_ranks_follow_the_results_and_ties_share_a_rank() -> None:
    assert ranks_from_results([1, 0]) == (1, 2)
    assert ranks_from_results([0.5, 0.5]) == (1, 1)
    assert ranks_from_results([0, 1, 0.5, 0.5]) == (4, 1, 2, 2)


def test_a_game_may_rank_its_outcomes_itself_or_leave_them_unrated() -> None:
    outcome = Outcome((0,), (1.0, 0.0, 0.0), (9, 5, 1), "done")

    class ByScore:
        def rating_ranks(self, outcome: Outcome) -> tuple[int, ...]:
            return ranks_from_results([float(score) for score in outcome.scores])

    class Cooperative:
        def rating_ranks(self, outcome: Outcome) -> None:
            return None

    assert rating_ranks(object(), outcome) == (1, 2, 2)
    assert rating_ranks(ByScore(), outcome) == (1, 2, 3)
    assert rating_ranks(Cooperative(), outcome) is None


def test_who_left_ranks_last_whatever_the_stand_in_did() -> None:
    assert ranks_with_leavers((1, 2), {0}) == (2, 1)
    assert ranks_with_leavers((1, 2, 3), {0, 2}) == (2, 1, 2)
    assert ranks_with_leavers((2, 1, 3), set()) == (2, 1, 3)


def test_a_win_raises_a_loss_lowers_and_both_grow_surer() -> None:
    new = Rating()
    assert new.shown() == {"rating": 1500, "spread": 1000, "provisional": True, "played": 0}
    winner, loser = rate([new, new], [1, 2])
    assert winner.mu > new.mu > loser.mu
    assert winner.sigma < new.sigma and loser.sigma < new.sigma
    assert winner.played == loser.played == 1
    settled = Rating(25.0, 2.0, 5)
    assert not settled.shown()["provisional"] and settled.shown()["spread"] == 240
    # Beating a proven player moves a newcomer more than it moves the proven one.
    newcomer, proven = rate([new, settled], [1, 2])
    assert newcomer.mu - new.mu > settled.mu - proven.mu > 0
