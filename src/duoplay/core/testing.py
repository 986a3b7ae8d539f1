"""Checks every game's tests reuse: playouts, replay, JSON round trips, hidden information.

Each function raises `AssertionError` with a readable message, so a game's tests
are one line per property, for example::

    match = random_playout(GAME, seats=2, seed=7, invariant=all_cards_accounted_for)
    assert_replay_equal(match)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from duoplay.core.errors import GameError
from duoplay.core.log import MatchRecord
from duoplay.core.match import Match, replay
from duoplay.core.protocol import JSON, Game

Invariant = Callable[[Any], None]


def random_playout(
    game: Game[Any, Any],
    seats: int,
    seed: int,
    options: JSON | None = None,
    invariant: Invariant | None = None,
    max_actions: int = 200_000,
    check_every_action: Callable[[Match, int, Any], None] | None = None,
) -> Match:
    """Play uniformly random legal actions (by a random seat among those to move) to the end."""
    chooser = random.Random(seed)
    match = Match.new(game.id, seats, seed, options)
    for _ in range(max_actions):
        if match.outcome() is not None:
            return match
        waiting = match.to_move()
        assert waiting, "the game is not over but no seat is to move"
        seat = chooser.choice(waiting)
        legal = list(match.legal_actions(seat))
        assert legal, f"seat {seat} is to move but has no legal action"
        action = chooser.choice(legal)
        if check_every_action is not None:
            check_every_action(match, seat, action)
        match.act(seat, action)
        if invariant is not None:
            invariant(match.state)
    raise AssertionError(f"no outcome after {max_actions} actions (seed {seed})")


def all_views(match: Match) -> list[JSON]:
    """Every seat's view and the spectator's, as JSON-ready data."""
    return [match.view(seat) for seat in range(match.header.seats)] + [match.view(None)]


def assert_replay_equal(match: Match) -> None:
    """The stored record, through JSON and back, replays to the same state and views."""
    record = MatchRecord.loads(match.record().dumps())
    again = replay(record.header, record.log)
    assert again.state == match.state, "replaying the log did not rebuild the same state"
    assert all_views(again) == all_views(match), "replay gives different views"


def assert_json_views(match: Match) -> None:
    for shown in all_views(match):
        assert json.loads(json.dumps(shown)) == shown, "a view does not survive JSON"


def assert_actions_round_trip(game: Game[Any, Any], actions: list[Any]) -> None:
    """`parse_action(a.to_json()) == a`, also through a JSON string, and notations parse back."""
    for action in actions:
        data = action.to_json()
        assert game.parse_action(data) == action, f"{action!r} does not survive to_json"
        assert game.parse_action(json.loads(json.dumps(data))) == action
        assert game.parse_action(action.notation()) == action, f"{action.notation()!r} misparses"


def assert_refusal_changes_nothing(match: Match, seat: int | None, action: Any) -> GameError:
    """Apply an action that must be refused; the state must be exactly as before."""
    before = match.game.copy_state(match.state)
    log_length = len(match.log)
    try:
        match.act(seat, action)
    except GameError as error:
        assert match.state == before, f"refused {action!r} still changed the state"
        assert len(match.log) == log_length, "a refused action reached the log"
        assert error.reason, "a refusal must say why"
        return error
    raise AssertionError(f"{action!r} by seat {seat} was accepted but should be refused")


def assert_view_hides(game: Game[Any, Any], state: Any, other: Any, seat: int | None) -> None:
    """`other` differs from `state` only in what `seat` cannot see: the views must be equal."""
    assert game.view(state, seat) == game.view(other, seat), (
        f"seat {seat}'s view changed when only hidden information changed"
    )


def assert_sampled_states_look_the_same(game: Any, state: Any, seat: int, samples: int = 5,
                                        seed: int = 0) -> None:
    """States sampled from a seat's view are all consistent with it (a leak would show)."""
    chooser = random.Random(seed)
    seen = game.view(state, seat)
    for _ in range(samples):
        sampled = game.sample_state(seen, seat, chooser)
        assert_view_without_history(game.view(sampled, seat), seen)


def assert_view_without_history(sampled: JSON, seen: JSON) -> None:
    keys = set(seen) - {"history", "cut"}
    assert {k: sampled.get(k) for k in keys} == {k: seen[k] for k in keys}, (
        "a state sampled from a view does not show that same view"
    )
