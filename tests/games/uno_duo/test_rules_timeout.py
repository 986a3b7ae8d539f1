"""The turn timer (docs/rules/uno-duo.md, "Turn timer"): what the table's timeout does in each kind of
decision, when the seat's stand-in bot is wanted, and that a log with timeouts replays exactly."""

from typing import Any

import pytest
from tests.games.uno_duo.helpers import GAME, Phase, codes, hand, kinds, match_at, position, top

from duoplay.core.errors import GameOver, IllegalAction, NotYourTurn
from duoplay.core.match import Match
from duoplay.core.testing import assert_refusal_changes_nothing, assert_replay_equal, random_playout
from duoplay.games.uno_duo.actions import TIMEOUT
from duoplay.games.uno_duo.cards import CODE_TO_FACE

TIMED = {"turn_timer": 30}
DRAWS = "G1 G2 G3 G4 G5 G6 G7 G8"


def timed(hands: tuple[str, str], **fields: Any) -> Match:
    options = {**TIMED, **fields.pop("options", {})}
    return match_at(position(hands, options=options, **fields))


def time_out(match: Match) -> list[Any]:
    deadline = match.deadline()
    assert deadline is not None and deadline.seat is None and deadline.action == TIMEOUT
    return match.act(None, deadline.action)


def test_without_a_timer_there_is_no_deadline_and_no_timeout() -> None:
    match = match_at(position(("R1 R2", "B1 B2"), draw=DRAWS))
    assert match.deadline() is None
    assert_refusal_changes_nothing(match, None, TIMEOUT)


@pytest.mark.parametrize("seconds", [30, 60, 120])
def test_each_decision_has_the_chosen_time(seconds: int) -> None:
    match = timed(("R1 R2", "B1 B2"), draw=DRAWS, options={"turn_timer": seconds})
    deadline = match.deadline()
    assert deadline is not None and deadline.seconds == seconds


def test_an_ordinary_turn_draws_one_card_and_passes_even_a_playable_one() -> None:
    match = timed(("R1 Y2", "B1 B2"), draw="R7 G2")  # R7 would be playable on R5
    events = time_out(match)
    assert kinds(events) == ["timeout", "draw"]
    assert events[0].public == {"seat": 0, "phase": "turn", "in_a_row": 1}
    assert hand(match, 0) == ["R1", "R7", "Y2"]
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)
    assert top(match) == "R5"


def test_nothing_to_draw_and_nothing_to_play_is_the_pass_the_player_had_to_make() -> None:
    match = timed(("Y1 Y2", "B1 B2"), discard="R5", fill=False)
    events = time_out(match)
    assert kinds(events) == ["timeout", "pass"]
    assert match.state.current == 1 and match.state.passes == 1


def test_nothing_to_draw_with_a_playable_card_passes_the_turn_without_blocking_the_round() -> None:
    match = timed(("R1 Y2", "B1 B2"), discard="R5", fill=False)
    assert kinds(time_out(match)) == ["timeout"]
    assert hand(match, 0) == ["R1", "Y2"]
    assert match.state.current == 1 and match.state.passes == 0


def test_a_drawn_playable_card_is_kept() -> None:
    match = timed(("Y1 Y2", "B1 B2"), draw="R7 G2")
    match.act(0, "draw")
    assert match.state.phase == Phase.DRAWN
    assert kinds(time_out(match)) == ["timeout"]
    assert hand(match, 0) == ["R7", "Y1", "Y2"]
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)


def test_a_volley_is_drawn_in_full() -> None:
    match = timed(("R+2 R1", "B+2 B1"), draw=DRAWS)
    match.act(0, "R+2")
    match.act(1, "B+2")
    events = time_out(match)
    assert kinds(events) == ["timeout", "draw"] and events[1].public["count"] == 4
    assert len(match.state.hands[0]) == 5 and match.state.volley == 0
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)


def test_a_wild_draw_four_is_accepted() -> None:
    match = timed(("wild+4 R1 R2", "Y1 Y2 Y3"), discard="B5", draw=DRAWS)
    match.act(0, "wild+4 red")
    events = time_out(match)
    assert kinds(events) == ["timeout", "draw"] and events[1].public["count"] == 4
    assert len(match.state.hands[1]) == 7
    assert (match.state.phase, match.state.current) == (Phase.TURN, 0)


def test_after_a_reverse_the_other_cards_of_its_colour_stay_in_hand() -> None:
    match = timed(("Rrev R1 R2 B3", "Y1 Y2"), draw=DRAWS)
    match.act(0, "Rrev")
    assert match.state.phase == Phase.DUMP_DECIDE
    assert kinds(time_out(match)) == ["timeout"]
    assert hand(match, 0) == ["B3", "R1", "R2"]
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)


def test_a_dump_under_way_is_finished_by_the_table_in_hand_order() -> None:
    match = timed(("Rrev R1 R+2 B3", "Y1 Y2"), draw=DRAWS)
    match.act(0, "Rrev")
    match.act(0, "dump")
    events = time_out(match)
    assert kinds(events) == ["timeout", "play", "play", "volley"]
    assert [e.public["card"] for e in events if e.kind == "play"] == ["R1", "R+2"]
    assert hand(match, 0) == ["B3"]
    assert (match.state.phase, match.state.current, match.state.volley) == (Phase.VOLLEY, 1, 2)


def test_the_draft_keeps_the_card_looked_at() -> None:
    match = timed(("", ""), discard="", draw="R2 R3 R4", phase=Phase.DRAFT, draft_card=CODE_TO_FACE["R1"])
    events = time_out(match)
    assert kinds(events) == ["timeout", "draft"] and events[1].public["kept_first"] is True
    assert codes(match.state.hands[0]) == ["R1"] and match.state.current == 1


def test_a_wild_start_card_takes_the_colour_held_most() -> None:
    match = timed(("R1 B1 B2 B3 G4 wild Y5", "R2 R3"), discard="wild", draw=DRAWS,
                  phase=Phase.START_COLOUR)
    events = time_out(match)
    assert kinds(events) == ["timeout", "colour"] and events[1].public["colour"] == "blue"
    assert match.view(0)["colour"] == "blue"
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)


def test_a_timeout_ends_the_chance_to_catch_the_player_who_timed_out_on() -> None:
    match = timed(("R1 R2", "Y1 B2 G3"), draw=DRAWS)
    match.act(0, "R1")  # one card left, UNO not said: seat 1 could catch
    assert match.state.uno_exposed == 0
    time_out(match)
    assert match.state.uno_exposed == -1
    assert all(a.notation() != "catch" for a in match.legal_actions(1))


def test_calling_uno_out_of_turn_keeps_the_clock_running_and_a_decision_restarts_it() -> None:
    match = timed(("R1 R2", "Y1 B2 G3"), draw=DRAWS)
    match.act(0, "R1")  # one card left, UNO not said; seat 1 is to move
    waiting = match.deadline()
    match.act(0, "uno")
    assert match.deadline() == waiting
    match.act(1, "draw")
    after = match.deadline()
    assert after is not None and waiting is not None and after.key != waiting.key


def test_repeated_timeouts_want_the_stand_in_bot_and_acting_again_ends_the_run() -> None:
    match = timed(("R1 Y2 Y3", "B1 B2 B3"), draw=DRAWS)
    time_out(match)
    assert GAME.idle_seats(match.state) == ()
    match.act(1, "draw")
    events = time_out(match)
    assert events[0].public["in_a_row"] == 2
    assert GAME.idle_seats(match.state) == (0,)
    match.act(1, "draw")
    match.act(0, "draw")  # the seat acts (a person or its bot): the run of timeouts is over
    assert GAME.idle_seats(match.state) == () and match.state.timeouts == [0, 0]


@pytest.mark.parametrize(("most", "idle_after"), [(1, 1), (3, 3)])
def test_the_run_that_hands_over_the_seat_is_an_option(most: int, idle_after: int) -> None:
    match = timed(("R1 Y2 Y3", "B1 B2 B3"), draw=DRAWS, options={"bot_after_timeouts": most})
    for timeouts in range(1, idle_after + 1):
        assert GAME.idle_seats(match.state) == ()
        time_out(match)
        match.act(1, "draw")
        assert match.state.timeouts[0] == timeouts
    assert GAME.idle_seats(match.state) == (0,)


def test_never_means_the_seat_is_never_handed_over() -> None:
    match = timed(("R1 Y2 Y3", "B1 B2 B3"), draw=DRAWS, options={"bot_after_timeouts": 0})
    for _ in range(4):
        time_out(match)
        time_out(match)
    assert GAME.idle_seats(match.state) == ()


def test_a_player_cannot_send_the_tables_timeout() -> None:
    match = timed(("R1 Y2", "B1 B2"), draw=DRAWS)
    error = assert_refusal_changes_nothing(match, 0, {"type": "timeout"})
    assert isinstance(error, IllegalAction) and "clock" in error.reason
    assert isinstance(assert_refusal_changes_nothing(match, 1, "timeout"), NotYourTurn | IllegalAction)


def test_the_table_has_no_other_action() -> None:
    match = timed(("R1 Y2", "B1 B2"), draw=DRAWS)
    assert isinstance(assert_refusal_changes_nothing(match, None, "draw"), NotYourTurn)


def test_a_finished_game_has_no_clock() -> None:
    match = random_playout(GAME, 2, seed=3, options={**TIMED, "target_score": 1})
    assert match.deadline() is None
    with pytest.raises(GameOver):
        match.act(None, TIMEOUT)


@pytest.mark.parametrize("seed", range(4))
def test_a_match_where_the_clock_runs_out_often_replays_to_the_same_state(seed: int) -> None:
    match = Match.new("uno-duo", 2, seed, {**TIMED, "target_score": 60})
    for step in range(1, 5000):
        if match.outcome() is not None:
            break
        if step % 3 == 0:
            time_out(match)
        else:
            seat = match.to_move()[0]
            match.act(seat, match.legal_actions(seat)[0])
    assert sum(1 for entry in match.log if entry.seat is None) > 10
    assert_replay_equal(match)
