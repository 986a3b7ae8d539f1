"""Rulebook 'Cómo se juega' 7 (a face-off stuck for more than 10 seconds may change its category;
an All Play turned then goes back) and what online play adds: passing, and a time limit after
which a face-off ends without a winner."""

from __future__ import annotations

from tests.games.duple.tables import ALL_PLAY, answer, card, deal, flip, kinds, new_match, state, win

from duoplay.core.errors import IllegalAction, NotYourTurn
from duoplay.core.match import Match
from duoplay.core.protocol import Deadline
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duple.actions import NEW_CATEGORY, PASS, STUCK, TIME_UP


def face_off(seats: int = 3, after: tuple[str, ...] = ("fruta", "color", "pais"), **options: object) -> Match:
    match = new_match(seats, **options)
    deal(match, piles=["", "O/drop", ""][:seats] + [""] * (seats - 3), flips=["A/drop", "E/star"],
         category="animal", after=after)
    flip(match, 0)
    return match


def test_stuck_face_off_may_change_category_after_10_seconds() -> None:
    match = face_off()
    key = f"race-{state(match).step}"
    assert match.deadline() == Deadline(10.0, None, STUCK, key=key)
    assert NEW_CATEGORY not in match.legal_actions(0)
    error = assert_refusal_changes_nothing(match, 0, NEW_CATEGORY)
    assert isinstance(error, IllegalAction)
    answer(match, 0, "perro")  # a rejected answer: still stuck
    assert kinds(match.act(None, STUCK)) == ["stuck"]
    assert NEW_CATEGORY in match.legal_actions(0) and NEW_CATEGORY in match.legal_actions(1)
    events = match.act(1, NEW_CATEGORY)
    assert kinds(events) == ["new_category", "category"]
    assert events[1].public == {"category": "fruta", "name": "fruta"}
    race = match.view(2)["race"]
    assert race["letters"] == ["A", "O"] and race["racers"] == [0, 1]
    assert race["stuck"] is False and race["answers"] == []
    assert state(match).discards == ["animal"]
    win(match, 0, "mango")
    assert state(match).won[0] == [card("O/drop")]


def test_stuck_seconds_is_an_option() -> None:
    match = face_off(stuck_seconds=4)
    deadline = match.deadline()
    assert deadline is not None and deadline.seconds == 4.0 and deadline.action == STUCK


def test_a_new_category_for_a_stuck_face_off_skips_all_play() -> None:
    match = face_off(after=(ALL_PLAY, "fruta"))
    match.act(None, STUCK)
    events = match.act(0, NEW_CATEGORY)
    assert events[-1].public == {"category": "fruta", "name": "fruta"}
    st = state(match)
    assert st.race is not None and st.race.kind == "faceoff" and st.categories.count(ALL_PLAY) == 4


def test_only_a_racer_may_change_the_category() -> None:
    match = face_off()
    match.act(None, STUCK)
    error = assert_refusal_changes_nothing(match, 2, NEW_CATEGORY)
    assert isinstance(error, NotYourTurn)


def test_a_stuck_face_off_ends_unwon_when_the_race_time_runs_out() -> None:
    match = face_off(faceoff_categories=1)
    match.act(None, STUCK)
    deadline = match.deadline()
    # The limit counts from the start of the face-off: 10 s went by before it got stuck.
    assert deadline == Deadline(50.0, None, TIME_UP, key=f"limit-{state(match).step}")
    events = match.act(None, TIME_UP)
    assert kinds(events) == ["time_up", "unwon", "category"]
    st = state(match)
    assert st.won == [[], [], []] and st.category == "fruta" and st.discards == ["animal"]
    assert match.to_move() == (1,)


def test_time_up_waits_for_the_face_off_to_be_stuck() -> None:
    match = face_off()
    error = assert_refusal_changes_nothing(match, None, TIME_UP)
    assert isinstance(error, IllegalAction)


def test_unwon_match_is_not_played_again_until_a_top_card_changes() -> None:
    match = face_off(faceoff_categories=1)
    match.act(None, STUCK)
    match.act(None, TIME_UP)
    assert state(match).race is None
    events = flip(match, 1)  # seat 1 covers its O/drop with E/star
    assert kinds(events) == ["flip"]
    deal(match, flips=["U/drop"], drawer=2)
    events = flip(match, 2)  # a new drop: it matches seat 0's A/drop
    assert events[-1].kind == "faceoff" and events[-1].public["racers"] == [0, 2]


def test_a_racer_may_pass() -> None:
    match = face_off()
    events = match.act(0, PASS)
    assert kinds(events) == ["pass"] and match.to_move() == (1,)
    assert match.view(2)["race"]["passed"] == [0]
    assert_refusal_changes_nothing(match, 0, PASS)
    win(match, 1, "pato")
    assert state(match).won[1] == [card("A/drop")]


def test_when_every_racer_passes_the_face_off_ends_unwon() -> None:
    match = face_off(faceoff_categories=1)
    match.act(0, PASS)
    events = match.act(1, PASS)
    assert kinds(events) == ["pass", "unwon", "category"]
    assert events[1].visible_to(2) == {"kind": "unwon", "race": "faceoff"}
    assert state(match).won == [[], [], []] and match.to_move() == (1,)


def test_a_pass_after_a_valid_answer_leaves_it_to_win() -> None:
    match = face_off()
    answer(match, 0, "gato")
    assert kinds(match.act(1, PASS)) == ["pass"]
    assert match.to_move() == ()  # only the tie window is left to close


def test_an_unwon_match_revealed_again_faces_off_again() -> None:
    match = new_match(4, faceoff_categories=1)
    deal(match, piles=["A/star", "", "", ""], flips=["E/star", "I/bolt", "T/moon", "E/moon"],
         category="color", after=["animal", "fruta"], drawer=1)
    flip(match, 1)  # E/star against A/star: nobody finds a word
    match.act(None, STUCK)
    match.act(None, TIME_UP)
    flip(match, 2)
    flip(match, 3)
    events = flip(match, 0)  # E/moon covers A/star and matches seat 3's T/moon
    assert events[-1].public["racers"] == [0, 3]
    events = win(match, 3, "elefante")  # seat 0 loses E/moon: A/star is on top again, against E/star
    assert events[-1].kind == "faceoff" and events[-1].public["racers"] == [0, 1]
    assert events[-1].public["letters"] == ["A", "E"]
    win(match, 1, "fresa")
