"""Fair to every player: a face-off is played out before the next flip (rulebook 'Cómo se juega' 3
and 7: no card is drawn until every face-off has been played; a stuck face-off may change its
category), the time limit runs from the face-off's start, a win rests the table with the winning
word on show before anything new comes, and a voter sees their own vote."""

from __future__ import annotations

from typing import Any

from tests.games.duple.tables import ALL_PLAY, answer, card, deal, flip, kinds, new_match, state, win

from duoplay.core.errors import IllegalAction, NotYourTurn
from duoplay.core.match import Match
from duoplay.core.protocol import Deadline
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duple.actions import (
    APPEAL,
    CLOSE,
    FLIP,
    NEW_CATEGORY,
    PASS,
    RESUME,
    STUCK,
    TIME_UP,
    CastVote,
)


def face_off(**options: Any) -> Match:
    """Seat 0 flips A/drop onto nothing against seat 1's O/drop: A + O, "animal", then fruta, color, pais."""
    match = new_match(3, **options)
    deal(match, piles=["", "O/drop", ""], flips=["A/drop", "E/star"], category="animal",
         after=["fruta", "color", "pais"])
    flip(match, 0)
    return match


# --- a face-off nobody wins is played out -----------------------------------------------------


def test_when_every_racer_passes_the_face_off_gets_a_new_category_and_no_flip_comes() -> None:
    match = face_off()
    match.act(0, PASS)
    events = match.act(1, PASS)
    assert kinds(events) == ["pass", "replay", "category"]
    assert events[1].public == {"categories": 2, "of": 3}
    assert events[2].public["category"] == "fruta"
    race = match.view(2)["race"]
    assert race["letters"] == ["A", "O"] and race["racers"] == [0, 1]
    assert race["passed"] == [] and race["answers"] == [] and race["replays"] == 1
    assert match.to_move() == (0, 1)
    # No card is drawn while the face-off is on: the next drawer's flip is refused.
    error = assert_refusal_changes_nothing(match, 1, FLIP)
    assert isinstance(error, IllegalAction)
    win(match, 1, "mango")
    assert state(match).won[1] == [card("A/drop")]


def test_the_face_off_time_running_out_turns_a_new_category_too() -> None:
    match = face_off()
    match.act(None, STUCK)
    events = match.act(None, TIME_UP)
    assert kinds(events) == ["time_up", "replay", "category"]
    assert state(match).race is not None and state(match).category == "fruta"
    # A new category is a new question: its clock starts again, stuck first.
    deadline = match.deadline()
    assert deadline == Deadline(10.0, None, STUCK, key=f"race-{state(match).step}")


def test_after_the_last_category_the_face_off_ends_unwon_and_the_turn_passes() -> None:
    match = face_off()
    for _ in range(2):
        match.act(None, STUCK)
        match.act(None, TIME_UP)
    match.act(0, PASS)
    events = match.act(1, PASS)
    assert kinds(events) == ["pass", "unwon", "category"]
    st = state(match)
    assert st.race is None and st.won == [[], [], []]
    assert st.discards == ["animal", "fruta", "color"] and st.category == "pais"
    assert match.to_move() == (1,)


def test_faceoff_categories_is_an_option_and_1_ends_the_face_off_at_once() -> None:
    match = face_off(faceoff_categories=1)
    match.act(0, PASS)
    assert kinds(match.act(1, PASS)) == ["pass", "unwon", "category"]
    match = face_off(faceoff_categories=5)
    for n in range(2, 6):
        match.act(None, STUCK)
        events = match.act(None, TIME_UP)
        assert events[1].public == {"categories": n, "of": 5}
    match.act(None, STUCK)
    assert kinds(match.act(None, TIME_UP)) == ["time_up", "unwon", "category"]


def test_a_replayed_face_off_skips_an_all_play() -> None:
    match = new_match(3)
    deal(match, piles=["", "O/drop", ""], flips=["A/drop"], category="animal", after=[ALL_PLAY, "fruta"])
    flip(match, 0)
    match.act(0, PASS)
    events = match.act(1, PASS)
    assert events[-1].public["category"] == "fruta" and state(match).race is not None
    assert state(match).race.kind == "faceoff"  # type: ignore[union-attr]


def test_a_new_category_asked_for_is_not_one_of_the_replays() -> None:
    match = face_off(faceoff_categories=2)
    match.act(None, STUCK)
    match.act(0, NEW_CATEGORY)
    match.act(None, STUCK)
    assert kinds(match.act(None, TIME_UP)) == ["time_up", "replay", "category"]


# --- the time limit runs from the face-off's start --------------------------------------------


def test_the_time_limit_left_after_the_stuck_signal_ends_race_seconds_after_the_start() -> None:
    for stuck, limit in ((10.0, 60.0), (8.0, 40.0), (30.0, 45.0)):
        match = face_off(stuck_seconds=stuck, race_seconds=limit)
        first = match.deadline()
        assert first is not None and first.action == STUCK
        match.act(None, STUCK)  # the table applies it when its wait ends: `stuck` seconds in
        then = match.deadline()
        assert then is not None and then.action == TIME_UP
        # A wait that fired is over, so the limit is a wait of its own, with what is left of it.
        assert then.key != first.key
        assert first.seconds + then.seconds == limit


def test_a_stuck_signal_after_the_limit_leaves_no_time() -> None:
    match = face_off(stuck_seconds=90, race_seconds=60)
    match.act(None, STUCK)
    assert match.deadline() == Deadline(0.0, None, TIME_UP, key=f"limit-{state(match).step}")


def test_answers_keep_the_limit_running() -> None:
    match = face_off()
    match.act(None, STUCK)
    before = match.deadline()
    answer(match, 0, "perro")  # refused: the same question, the same wait
    assert match.deadline() == before


# --- the pause after a win --------------------------------------------------------------------


def paused() -> Match:
    """Seat 1 wins the A + O face-off with "gato" at the default pause."""
    match = face_off(win_pause_seconds=2.0)
    answer(match, 1, "gato")
    match.act(None, CLOSE)
    return match


def test_a_win_rests_the_table_with_the_winning_word_on_show() -> None:
    match = paused()
    view = match.view(2)
    assert view["phase"] == "pause" and view["race"] is None and match.to_move() == ()
    assert view["win"] == {"seat": 1, "word": "gato", "letters": ["A", "O"], "kind": "faceoff",
                           "category": {"id": "animal", "name": "animal"}, "letter": "A"}
    assert view["scores"] == [0, 1, 0]
    assert match.deadline() == Deadline(2.0, None, RESUME, key=f"pause-{state(match).step}")


def test_a_flip_during_the_pause_is_refused_and_changes_nothing() -> None:
    match = paused()
    drawer = state(match).drawer
    error = assert_refusal_changes_nothing(match, drawer, FLIP)
    assert isinstance(error, IllegalAction) and "won" in error.reason
    for seat in range(3):
        assert match.legal_actions(seat) == []
        assert isinstance(assert_refusal_changes_nothing(match, seat, PASS), NotYourTurn)


def test_only_the_table_ends_the_pause() -> None:
    match = paused()
    assert isinstance(assert_refusal_changes_nothing(match, 0, RESUME), IllegalAction)
    events = match.act(None, RESUME)
    assert kinds(events) == []
    assert match.view(0)["phase"] == "flip" and match.to_move() == (1,)
    deadline = match.deadline()
    assert deadline is not None and deadline.action == FLIP and deadline.seat == 1
    assert isinstance(assert_refusal_changes_nothing(match, None, RESUME), IllegalAction)


def test_the_won_word_stays_until_the_next_race_starts() -> None:
    match = paused()
    match.act(None, RESUME)
    assert match.view(0)["win"]["word"] == "gato"
    deal(match, flips=["N/star"], drawer=1)
    events = flip(match, 1)  # onto seat 1's O/drop: no star on the table to match
    assert "faceoff" not in kinds(events) and match.view(0)["win"]["word"] == "gato"
    deal(match, flips=["R/star"], drawer=2)
    events = flip(match, 2)  # against seat 1's N/star
    assert kinds(events)[-1] == "faceoff" and match.view(0)["win"] is None


def test_a_revealed_match_waits_for_the_end_of_the_pause() -> None:
    match = new_match(3, win_pause_seconds=2.0)
    # Seat 1 loses O/drop to seat 0, revealing E/star against seat 2's N/star.
    deal(match, piles=["", "E/star O/drop", "N/star"], flips=["A/drop"], category="animal",
         after=["fruta", "color"])
    flip(match, 0)
    events = win(match, 0, "gato")
    assert kinds(events) == ["answer", "won", "category"]
    assert state(match).race is None and match.to_move() == ()
    events = match.act(None, RESUME)
    assert kinds(events) == ["faceoff"] and events[0].public["letters"] == ["E", "N"]


def test_an_all_play_turned_after_a_win_starts_when_the_pause_ends() -> None:
    match = new_match(3, win_pause_seconds=2.0)
    deal(match, piles=["", "O/drop", "R/moon"], flips=["A/drop"], category="animal", after=[ALL_PLAY])
    flip(match, 0)
    events = win(match, 0, "gato")
    assert kinds(events)[-1] == "category" and state(match).category == ALL_PLAY
    assert state(match).race is None
    events = match.act(None, RESUME)
    assert kinds(events) == ["allplay"] and match.view(0)["win"] is None


def test_an_all_play_won_rests_the_table_too() -> None:
    match = new_match(3, win_pause_seconds=2.0)
    deal(match, piles=["", "O/drop", "R/moon"], flips=["A/drop"], category="animal",
         after=[ALL_PLAY, "fruta"])
    flip(match, 0)
    win(match, 0, "gato")
    match.act(None, RESUME)
    win(match, 2, "rata")  # R, A: seat 1's O went to seat 0
    view = match.view(0)
    assert view["phase"] == "pause" and view["win"]["kind"] == "allplay" and view["win"]["word"] == "rata"
    assert view["scores"] == [1, 0, 2] and view["category"]["id"] == "fruta"


def test_no_pause_at_0_seconds() -> None:
    match = face_off(win_pause_seconds=0)
    events = win(match, 1, "gato")
    assert kinds(events) == ["answer", "won", "category"] and match.to_move() == (1,)
    assert match.view(0)["phase"] == "flip" and match.view(0)["win"]["word"] == "gato"


def test_a_word_won_by_vote_is_the_word_on_show() -> None:
    match = face_off(win_pause_seconds=2.0)
    answer(match, 0, "sopa")  # a real word, not an animal: refused, may go to a vote
    match.act(0, APPEAL)
    match.act(1, CastVote(True))
    match.act(2, CastVote(True))
    assert match.view(1)["win"]["word"] == "sopa" and match.view(1)["phase"] == "pause"


# --- votes ------------------------------------------------------------------------------------


def test_ballots_stay_secret_until_the_vote_ends_even_the_voters_own() -> None:
    # Every view shows who has voted, never how: the voter's page remembers its own vote.
    match = face_off()
    answer(match, 0, "sopa")
    match.act(0, APPEAL)
    match.act(1, CastVote(False))
    views = [match.view(seat)["race"]["vote"] for seat in (0, 1, 2, None)]
    assert all(view == views[0] and view["voted"] == [1] for view in views)
    match.act(2, CastVote(True))  # 1-1: a tie refuses the word
    assert state(match).race is not None and state(match).race.vote is None  # type: ignore[union-attr]
