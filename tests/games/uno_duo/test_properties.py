"""Properties of random legal play over many seeds and options: conservation, hidden information,
termination, replay, JSON round trips and refusals that change nothing."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.games.uno_duo.helpers import GAME, check_all_cards
from tests.strategies import seeds, uno_duo_action_like, uno_duo_options

from duoplay.core.errors import GameError
from duoplay.core.match import Match
from duoplay.core.protocol import JSON, Event
from duoplay.core.testing import (
    assert_actions_round_trip,
    assert_json_views,
    assert_refusal_changes_nothing,
    assert_replay_equal,
    assert_view_hides,
    random_playout,
)
from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo.actions import Action, ChooseColour, Play
from duoplay.games.uno_duo.cards import COLOUR_OF, FACE_COUNT, POINTS
from duoplay.games.uno_duo.state import Phase, UnoDuoState

FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_ACTIONS = 50_000

EVERY_ACTION: list[Action] = [
    *(act.play(face, colour, uno) for face in range(FACE_COUNT)
      for colour in (range(4) if COLOUR_OF[face] < 0 else (COLOUR_OF[face],)) for uno in (False, True)),
    *act.SIMPLE_ACTIONS.values(),
    *(ChooseColour(c) for c in range(4)),
]

Check = Callable[[Match, int, Action, list[Event], random.Random], None]


def play(seed: int, options: dict[str, Any], check: Check | None = None) -> Match:
    """Random legal play to the end, including out-of-turn UNO calls and catches."""
    chooser = random.Random(seed)
    match = Match.new("uno-duo", 2, seed, options)
    for _ in range(MAX_ACTIONS):
        if match.outcome() is not None:
            return match
        (seat,) = match.to_move()
        other = 1 - seat
        optional = match.legal_actions(other)
        if optional and chooser.random() < 0.5:
            seat = other
        legal = match.legal_actions(seat)
        assert legal, f"seed {seed}: seat {seat} is to move but has no legal action"
        action = chooser.choice(legal)
        events = match.act(seat, action)
        if check is not None:
            check(match, seat, action, events, chooser)
    raise AssertionError(f"seed {seed}: no end after {MAX_ACTIONS} actions")


def assert_sampled_states_look_the_same(state: UnoDuoState, seat: int, samples: int = 5,
                                        seed: int = 0) -> None:
    """States sampled from a seat's view are all consistent with it (a leak would show)."""
    chooser = random.Random(seed)
    seen = GAME.view(state, seat)
    for _ in range(samples):
        sampled = GAME.sample_state(seen, seat, chooser)
        assert_view_without_history(GAME.view(sampled, seat), seen)


def assert_view_without_history(sampled: JSON, seen: JSON) -> None:
    """A sampled state knows neither the earlier rounds nor the cut: the rest of the view is the same."""
    keys = set(seen) - {"history", "cut"}
    assert {k: sampled.get(k) for k in keys} == {k: seen[k] for k in keys}, (
        "a state sampled from a view does not show that same view"
    )


def secrets_reach_only_their_audience(events: list[Event]) -> None:
    for event in events:
        for seat in (0, 1, None):
            shown = event.visible_to(seat)
            if seat is None or seat not in event.audience:
                assert shown == {"kind": event.kind, **event.public}


@given(seed=seeds, options=uno_duo_options())
@FAST
def test_every_card_is_always_somewhere_exactly_once(seed: int, options: dict[str, Any]) -> None:
    def check(match: Match, *_: Any) -> None:
        check_all_cards(match.state)

    play(seed, options, check)


@given(seed=seeds, options=uno_duo_options())
@FAST
def test_no_view_shows_what_its_seat_cannot_see(seed: int, options: dict[str, Any]) -> None:
    changed = 0

    def check(match: Match, seat: int, action: Action, events: list[Event],
              chooser: random.Random) -> None:
        nonlocal changed
        secrets_reach_only_their_audience(events)
        if chooser.random() > 0.5:
            return
        for viewer in (0, 1, None):
            for other in GAME.hidden_variants(match.state, viewer, chooser):
                changed += other.hands != match.state.hands or other.draw_pile != match.state.draw_pile
                assert_view_hides(GAME, match.state, other, viewer)
        shown = match.view(1 - match.state.current)
        assert "draft_card" not in shown and "drawn" not in shown
        for viewer in (0, 1):
            assert "hand" in match.view(viewer) and "hand" not in match.view(None)

    play(seed, options, check)
    assert changed > 0, "the hidden parts were never changed: the check proved nothing"


@given(seed=seeds, options=uno_duo_options())
@FAST
def test_states_sampled_from_a_view_agree_with_it_and_can_be_played(seed: int,
                                                                   options: dict[str, Any]) -> None:
    def check(match: Match, seat: int, action: Action, events: list[Event],
              chooser: random.Random) -> None:
        if chooser.random() > 0.2:
            return
        state = match.state
        for viewer in (0, 1):
            assert_sampled_states_look_the_same(state, viewer, samples=2, seed=chooser.randrange(99))
            sampled = GAME.sample_state(match.view(viewer), viewer, chooser)
            check_all_cards(sampled)
            if sampled.phase != Phase.GAME_OVER:
                mover = sampled.current
                moves = GAME.legal_actions(sampled, mover)
                assert moves, "a sampled state leaves the seat to move without a legal action"
                GAME.apply(sampled, mover, chooser.choice(moves))  # must not crash

    play(seed, options, check)


@given(seed=seeds, options=uno_duo_options())
@FAST
def test_every_game_ends_and_replays_to_the_same_state(seed: int, options: dict[str, Any]) -> None:
    match = play(seed, options)
    outcome = match.outcome()
    assert outcome is not None and match.state.phase == Phase.GAME_OVER
    loser = 1 - outcome.winners[0]
    assert outcome.scores[loser] >= options["target_score"] > outcome.scores[outcome.winners[0]]
    # Every point comes from a round result: the cards left in the hand of the seat that did not go out.
    totals = [0, 0]
    for number, result in enumerate(match.state.history, start=1):
        assert result.round == number
        if result.winner >= 0:
            left = result.hands[1 - result.winner]
            assert result.points == sum(POINTS[card] for card in left)
            totals[1 - result.winner] += result.points
            assert result.blocked or result.hands[result.winner] == ()
        else:
            assert result.blocked and result.points == 0
    assert tuple(totals) == outcome.scores
    assert_replay_equal(match)
    assert_json_views(match)


@given(seed=seeds, options=uno_duo_options(), cut=st.integers(min_value=0, max_value=400))
@FAST
def test_replay_from_the_middle_of_a_game_is_exact(seed: int, options: dict[str, Any], cut: int) -> None:
    match = random_playout(GAME, 2, seed, options, max_actions=MAX_ACTIONS)
    partial = Match.new("uno-duo", 2, seed, options)
    for entry in match.log[:cut]:
        partial.act(entry.seat, entry.action)
    assert_replay_equal(partial)


@given(seed=seeds, options=uno_duo_options())
@FAST
def test_actions_and_views_survive_json(seed: int, options: dict[str, Any]) -> None:
    def check(match: Match, seat: int, action: Action, events: list[Event],
              chooser: random.Random) -> None:
        for viewer in (0, 1):
            assert_actions_round_trip(GAME, list(match.legal_actions(viewer)))
        if chooser.random() < 0.1:
            assert_json_views(match)

    play(seed, options, check)


def _refusable(match: Match, seat: int, action: Action, legal: list[Action]) -> bool:
    if action in legal:
        return False
    # NOTES 9: an UNO said with a play that leaves more than one card is accepted and does nothing.
    return not (isinstance(action, Play) and action.uno and Play(action.face, action.colour) in legal)


@given(seed=seeds, options=uno_duo_options())
@FAST
def test_illegal_actions_change_nothing(seed: int, options: dict[str, Any]) -> None:
    refused = 0

    def check(match: Match, seat: int, action: Action, events: list[Event],
              chooser: random.Random) -> None:
        nonlocal refused
        if match.outcome() is not None or chooser.random() > 0.1:
            return
        for tester in (0, 1):
            legal = list(match.legal_actions(tester))
            for candidate in chooser.sample(EVERY_ACTION, 6):
                if _refusable(match, tester, candidate, legal):
                    assert_refusal_changes_nothing(match, tester, candidate)
                    assert_refusal_changes_nothing(match, tester, candidate.to_json())
                    refused += 1

    match = play(seed, options, check)
    assert refused > 0 or len(match.log) < 40


@given(seed=st.integers(min_value=0, max_value=30), steps=st.integers(min_value=0, max_value=300),
       data=st.lists(uno_duo_action_like(), min_size=1, max_size=8))
@settings(max_examples=150, deadline=None)
def test_any_json_as_an_action_is_accepted_or_refused_with_a_game_error(seed: int, steps: int,
                                                                      data: list[Any]) -> None:
    match = random_playout_prefix(seed, steps)
    for value in data:
        for seat in (0, 1):
            before = GAME.copy_state(match.state)
            try:
                match.act(seat, value)
            except GameError as error:
                assert error.reason and match.state == before
                continue
            assert match.log[-1].seat == seat  # accepted: it is in the log


def random_playout_prefix(seed: int, steps: int) -> Match:
    chooser = random.Random(seed)
    match = Match.new("uno-duo", 2, seed, {"target_score": 50})
    for _ in range(steps):
        if match.outcome() is not None:
            break
        (seat,) = match.to_move()
        match.act(seat, chooser.choice(match.legal_actions(seat)))
    return match


HOARDING = frozenset({"draw", "keep", "accept", "no-dump"})


@given(seed=seeds, options=uno_duo_options(), greed=st.floats(min_value=0.5, max_value=0.97))
@FAST
def test_hoarding_play_empties_the_piles_and_keeps_every_card(seed: int, options: dict[str, Any],
                                                            greed: float) -> None:
    """Players who mostly draw and keep run the draw pile dry: refills, forced plays and passes."""
    chooser = random.Random(seed)
    match = Match.new("uno-duo", 2, seed, options)
    for _ in range(2_500):
        if match.outcome() is not None:
            break
        (seat,) = match.to_move()
        legal = match.legal_actions(seat)
        assert legal
        hoard = [a for a in legal if a.notation() in HOARDING]
        action = hoard[0] if hoard and chooser.random() < greed else chooser.choice(legal)
        match.act(seat, action)
        check_all_cards(match.state)
        if not match.state.draw_pile and len(match.state.discard) <= 1 and match.state.phase == Phase.TURN:
            assert act.DRAW not in match.legal_actions(match.state.current)  # NOTES 13
    assert_replay_equal(match)


@pytest.mark.slow
@given(seed=seeds, options=uno_duo_options(max_target=300))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_long_games_conserve_cards_and_replay(seed: int, options: dict[str, Any]) -> None:
    match = play(seed, options, lambda m, *_: check_all_cards(m.state))
    assert_replay_equal(match)
