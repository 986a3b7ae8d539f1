"""The checks every game passes (duoplay.core.testing), with a random pairing policy."""

from __future__ import annotations

import random

import pytest
from tests.games.duos.helpers import GAME, new_match, pairs, random_policy_playout, state

from duoplay.core.testing import (
    assert_actions_round_trip,
    assert_json_views,
    assert_replay_equal,
    assert_view_hides,
    random_playout,
)
from duoplay.games.duos import pairing
from duoplay.games.duos.actions import LOCK, TIMEOUT, GiveHelp, PlacePairs
from duoplay.games.duos.state import DuosState


def scores_add_up(st: DuosState) -> None:
    """What the history awarded is exactly what the scores say."""
    totals = [0] * st.seats
    for result in st.history:
        for seat, points in enumerate(result.points):
            totals[seat] += points
    if st.mode == "coop":
        totals = [totals[0]] * 2
    assert totals == st.scores


@pytest.mark.parametrize("seats, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (2, 6)])
def test_random_pairing_playouts_end_replay_and_survive_json(seats: int, seed: int) -> None:
    match = random_policy_playout(seats, seed)
    outcome = match.outcome()
    assert outcome is not None and len(outcome.scores) == seats
    scores_add_up(state(match))
    assert_replay_equal(match)
    assert_json_views(match)


def test_the_core_random_playout_reaches_the_end() -> None:
    match = random_playout(GAME, seats=3, seed=11, options={"rounds": 1}, invariant=scores_add_up)
    assert match.outcome() is not None
    assert_replay_equal(match)


def test_a_timed_out_game_replays() -> None:
    match = new_match(4, seed=9)
    while match.outcome() is None:
        match.act(0, PlacePairs(pairs("0-1 2-3")))
        match.act(None, TIMEOUT)
    assert_replay_equal(match)


def test_actions_round_trip_through_json_and_notation() -> None:
    actions = [LOCK, TIMEOUT, PlacePairs(()), PlacePairs((), True), PlacePairs(pairs("0-5 2-3 11-4")),
               PlacePairs(pairs("0-1 2-3 4-5 6-7"), True), GiveHelp("word", word="Metal"),
               GiveHelp("yes", card=4), GiveHelp("no", card=11)]
    assert_actions_round_trip(GAME, actions)


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_a_view_does_not_change_when_another_seats_pairs_change(seats: int) -> None:
    chooser = random.Random(seats)
    everything = pairing.all_placements()
    for seed in range(5):
        match = new_match(seats, seed=seed)
        for seat in range(seats):
            match.act(seat, PlacePairs(chooser.choice(everything), chooser.random() < 0.5))
        for seat in [*range(seats), None]:
            for other in range(seats):
                if other == seat:
                    continue
                changed = GAME.copy_state(match.state)
                while changed.pairs[other] == match.state.pairs[other]:
                    changed.pairs[other] = chooser.choice(everything)
                assert_view_hides(GAME, match.state, changed, seat)


def test_a_seat_sees_its_own_pairs_change() -> None:
    match = new_match(3)
    changed = GAME.copy_state(match.state)
    changed.pairs[1] = pairs("0-1")
    assert GAME.view(match.state, 1) != GAME.view(changed, 1)
