"""Match.act is the one door for actions: version checks, game over, parse, apply, log."""

import pytest

from duoplay.core.errors import GameError, GameOver, IllegalAction, MalformedAction, StaleState
from duoplay.core.match import Match
from duoplay.core.testing import assert_refusal_changes_nothing, random_playout
from duoplay.games.uno_duo.game import GAME


def test_the_version_counts_accepted_actions() -> None:
    match = Match.new("uno-duo", 2, seed=5)
    assert match.version == 0
    (seat,) = match.to_move()
    match.act(seat, "draft-keep", seen_version=0)
    assert match.version == 1 and len(match.log) == 1
    assert match.log[0].action == {"type": "draft-keep"} and match.log[0].seat == seat


@pytest.mark.parametrize("expected", [0, -1, 7])
def test_a_stale_action_is_refused_and_changes_nothing(expected: int) -> None:
    match = Match.new("uno-duo", 2, seed=5)
    (seat,) = match.to_move()
    match.act(seat, "draft-keep")
    before = GAME.copy_state(match.state)
    (seat,) = match.to_move()
    with pytest.raises(StaleState) as refused:
        match.act(seat, "draft-keep", seen_version=expected)
    assert refused.value.code == "stale_state" and "moved on" in refused.value.reason
    assert match.state == before and match.version == 1
    match.act(seat, "draft-keep", seen_version=1)  # the current version is accepted
    assert match.version == 2


def test_in_simultaneous_play_only_what_a_seat_depends_on_makes_it_stale() -> None:
    """DUOS pairing: every seat places pairs having seen the same state; none is refused as
    stale because of the others' moves, but a move chosen before a new turn is."""
    match = Match.new("duos", 4, seed=3)
    seen = match.version
    waiting = match.to_move()
    assert len(waiting) == 4
    for seat in waiting:
        lock = next(a for a in match.legal_actions(seat) if a.to_json().get("lock"))
        if seat == waiting[-1]:
            before = match.version
            match.act(seat, lock, seen_version=seen)  # the last lock ends the turn
            assert match.changed_at(seat) == before + 1
        else:
            match.act(seat, lock, seen_version=seen)
    assert match.state.turn == 1
    (seat, *_) = match.to_move()
    pairs = next(a for a in match.legal_actions(seat) if a.to_json().get("type") == "pairs")
    with pytest.raises(StaleState):
        match.act(seat, pairs, seen_version=seen)
    match.act(seat, pairs, seen_version=match.version)


def test_refused_actions_do_not_reach_the_log() -> None:
    match = Match.new("uno-duo", 2, seed=5)
    (seat,) = match.to_move()
    for bad in ["draw", {"type": "nonsense"}, 17]:
        error = assert_refusal_changes_nothing(match, seat, bad)
        assert isinstance(error, GameError)
    assert match.version == 0


def test_game_over_refuses_everything_after_the_end() -> None:
    match = random_playout(GAME, 2, seed=2, options={"target_score": 20})
    assert match.outcome() is not None and match.to_move() == ()
    for seat in (0, 1, None):
        for action in ["draw", {"type": "draft-keep"}, "garbage that does not parse"]:
            error = assert_refusal_changes_nothing(match, seat, action)
            assert isinstance(error, GameOver) and isinstance(error, IllegalAction)
            assert error.reason == "The game is over"


def test_errors_have_stable_codes_and_a_common_base() -> None:
    codes = {cls: cls("why").code for cls in (GameError, MalformedAction, IllegalAction, GameOver,
                                              StaleState)}
    assert codes == {GameError: "game_error", MalformedAction: "malformed_action",
                     IllegalAction: "illegal_action", GameOver: "game_over", StaleState: "stale_state"}
    assert issubclass(GameError, ValueError)
    assert StaleState("x").reason == "x" and str(StaleState("x")) == "x"


def test_match_new_stores_the_full_options_and_the_canonical_id() -> None:
    match = Match.new("UNO", 2, seed=9, options={"deck_size": 108})
    assert match.header.game == "uno-duo"
    assert match.header.options == GAME.options_to_json(GAME.parse_options({"deck_size": 108}))


def test_the_same_header_gives_the_same_start() -> None:
    assert Match.new("uno-duo", 2, 77).state == Match.new("uno", 2, 77).state
    assert Match.new("uno-duo", 2, 77).state != Match.new("uno-duo", 2, 78).state


def test_views_and_deadline_pass_through() -> None:
    match = Match.new("uno-duo", 2, seed=1)
    assert match.view(0) == GAME.view(match.state, 0)
    assert match.deadline() is None
