"""The checks every game passes (duoplay.core.testing), run here while Duplik is registered by
its tests: random playouts to the end with moves beyond the menu, refusals that change nothing,
replay, JSON, actions' round trips, hidden information, the declared options and the bot."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.games.duplik.tables import GAME

from duoplay.bots.registry import make_bot
from duoplay.core.match import Match
from duoplay.core.testing import (
    assert_actions_round_trip,
    assert_hidden_stays_hidden,
    assert_json_events,
    assert_json_views,
    assert_option_bounds_enforced,
    assert_option_specs_match,
    assert_replay_equal,
    random_playout,
    refusal,
)


@pytest.mark.parametrize("seats, seed", [(3, 1), (4, 2), (6, 3), (8, 4)])
def test_random_play_with_moves_beyond_the_menu(seats: int, seed: int) -> None:
    checker = random.Random(seed)
    actions: list[Any] = []
    hidden = [0]
    refused: list[Any] = []

    def before(match: Match, seat: Any, action: Any) -> None:
        if checker.random() < 0.08:
            extra = []
            if seat is not None:
                extra = [
                    a
                    for a in GAME.fuzz_actions(match.state, seat, checker)
                    if refusal(GAME, match.state, seat, a) is None
                ]
            hidden[0] += assert_hidden_stays_hidden(match, seat, action, checker, extra)

    def after(match: Match, seat: Any, action: Any, events: Any) -> None:
        actions.append(action)
        assert_json_events(events, seats)

    match = random_playout(
        GAME,
        seats,
        seed,
        fuzz=0.25,
        check_every_action=before,
        after_action=after,
        on_refusal=lambda m, s, a, e: refused.append(e),
    )
    assert match.outcome() is not None
    assert_replay_equal(match)
    assert_json_views(match)
    assert_actions_round_trip(GAME, actions)
    assert hidden[0] and refused


def test_declared_options_are_the_games_options_and_bounds_hold() -> None:
    assert_option_specs_match(GAME)
    assert_option_bounds_enforced(GAME)


def test_bots_play_a_whole_match_from_their_views() -> None:
    bots = [make_bot("duplik", "normal", seed=s) for s in range(4)]
    match = Match.new("duplik", 4, 9)
    steps = 0
    while match.outcome() is None:
        steps += 1
        assert steps < 5000
        moved = False
        for seat in match.to_move():
            action = bots[seat].choose(match.view(seat), match.legal_actions(seat), seat)
            if action is not None:
                match.act(seat, action)
                moved = True
                break
        if not moved:
            deadline = match.deadline()
            assert deadline is not None
            match.act(deadline.seat, deadline.action)
    assert sum(match.outcome().scores) > 0  # type: ignore[union-attr]
