"""Rulebook "End of the Game": most points wins, ties share the victory."""

from __future__ import annotations

from tests.games.duos.helpers import new_match, place

from duoplay.core.errors import GameOver
from duoplay.core.testing import assert_refusal_changes_nothing


def test_the_most_points_win() -> None:
    match = new_match(3, rounds=1)
    # Seat 1 copies every Narrator; seat 2 never does.
    for _ in range(3):
        narrator = match.view(None)["narrator"]
        place(match, narrator, "0-1 2-3 4-5 6-7")
        for seat in match.to_move():
            place(match, seat, "0-1 2-3 4-5 6-7" if seat == 1 else "0-2 1-3 4-6 5-7")
    outcome = match.outcome()
    assert outcome is not None
    # Seat 1 scores 4 as a guesser twice; seats 0 and 2 score 2 each as Narrator for seat 1.
    assert outcome.scores == (2, 8, 2)
    assert outcome.winners == (1,)
    assert outcome.results == (0.0, 1.0, 0.0)


def test_ties_share_the_win() -> None:
    match = new_match(3, rounds=1)
    while match.outcome() is None:
        for seat in match.to_move():
            place(match, seat, "0-1 2-3 4-5 6-7")
    outcome = match.outcome()
    assert outcome is not None
    assert outcome.winners == (0, 1, 2)
    assert outcome.results == (1 / 3, 1 / 3, 1 / 3)
    assert "share" in outcome.reason


def test_nothing_is_accepted_after_the_end() -> None:
    match = new_match(3, rounds=1)
    while match.outcome() is None:
        for seat in match.to_move():
            place(match, seat, "0-1")
    assert match.to_move() == ()
    assert match.deadline() is None
    error = assert_refusal_changes_nothing(match, 0, {"type": "lock"})
    assert isinstance(error, GameOver)


def test_after_the_end_the_view_shows_the_last_round_not_one_more() -> None:
    match = new_match(3, rounds=2)
    rounds_seen = set()
    while match.outcome() is None:
        rounds_seen.add(match.view(0)["round"])
        for seat in match.to_move():
            place(match, seat, "0-1")
    assert rounds_seen == {1, 2}
    assert match.view(0)["round"] == 2 and match.view(None)["round"] == 2
