"""Rulebook 'Cómo se juega' 8 (Desempates) and 7 (an All Play during a tie-break); NOTES Duple 4
(two valid answers within the tie window, 150 ms by default, are a tie)."""

from __future__ import annotations

from tests.games.duple.tables import ALL_PLAY, answer, card, deal, flip, kinds, new_match, state, win

from duoplay.core.errors import IllegalAction
from duoplay.core.protocol import Deadline
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duple.actions import CLOSE, Answer


def face_off(window_ms: int = 150, after: tuple[str, ...] = ("fruta", "color")):  # type: ignore[no-untyped-def]
    match = new_match(3, window_ms=window_ms)
    deal(match, piles=["", "O/drop", ""], flips=["A/drop"], category="animal", after=after)
    flip(match, 0)
    return match


def test_a_valid_answer_opens_the_tie_window() -> None:
    match = face_off()
    answer(match, 0, "gato")
    assert match.deadline() == Deadline(0.15, None, CLOSE, key=f"window-{state(match).step}")
    assert match.to_move() == (1,)  # the other racer may still answer within the window
    assert_refusal_changes_nothing(match, 0, Answer("pato"))


def test_one_valid_answer_in_the_window_wins() -> None:
    match = face_off()
    answer(match, 0, "gato")
    events = answer(match, 1, "perro")  # no A: rejected, not a tie
    assert events[0].public["accepted"] is False
    events = match.act(None, CLOSE)
    assert kinds(events)[:2] == ["won", "category"] and events[0].public["seat"] == 0


def test_two_valid_answers_within_the_window_tie() -> None:
    match = face_off()
    answer(match, 0, "gato")
    answer(match, 1, "pato")
    events = match.act(None, CLOSE)
    assert kinds(events) == ["tie", "category"] and events[0].public == {"seats": [0, 1]}
    assert state(match).won == [[], [], []]
    assert match.to_move() == (0, 1)


def test_tie_break_turns_a_new_category_with_the_same_letters() -> None:
    match = face_off()
    answer(match, 0, "gato")
    answer(match, 1, "pato")
    match.act(None, CLOSE)
    race = match.view(2)["race"]
    assert match.view(2)["category"]["id"] == "fruta" and state(match).discards == ["animal"]
    assert race["letters"] == ["A", "O"] and race["racers"] == [0, 1] and race["piles"] == [0, 1]
    assert race["answers"] == [] and race["accepted"] == [] and race["tiebreaks"] == 1
    assert answer(match, 0, "gato")[0].public["reason"] == "category"  # the old category no longer counts
    win(match, 1, "mango")
    assert state(match).won[1] == [card("A/drop")]


def test_all_play_turned_during_a_tie_break_goes_back() -> None:
    match = face_off(after=(ALL_PLAY, "fruta"))
    answer(match, 0, "gato")
    answer(match, 1, "pato")
    events = match.act(None, CLOSE)
    st = state(match)
    assert events[-1].public == {"category": "fruta", "name": "fruta"} and st.category == "fruta"
    assert st.race is not None and st.race.kind == "faceoff"
    assert st.categories.count(ALL_PLAY) == 4 and ALL_PLAY not in st.discards


def test_with_no_window_the_first_valid_answer_wins_at_once() -> None:
    match = face_off(window_ms=0)
    events = answer(match, 1, "pato")
    assert kinds(events)[:2] == ["answer", "won"]
    assert state(match).won[1] == [card("A/drop")]
    error = assert_refusal_changes_nothing(match, 0, Answer("gato"))
    assert error.reason


def test_the_table_closes_a_window_only_when_one_is_open() -> None:
    match = face_off()
    error = assert_refusal_changes_nothing(match, None, CLOSE)
    assert isinstance(error, IllegalAction)


def test_a_tie_break_with_only_all_play_left_takes_the_discards_back() -> None:
    match = face_off()
    st = state(match)
    st.discards = [c for c in st.categories if c != ALL_PLAY]
    st.categories = [ALL_PLAY] * 4
    answer(match, 0, "gato")
    answer(match, 1, "pato")
    events = match.act(None, CLOSE)
    assert kinds(events) == ["tie", "category"]
    assert st.category != ALL_PLAY and st.race is not None and st.race.kind == "faceoff"
    assert st.categories.count(ALL_PLAY) == 4 and len(st.categories) == 43 and st.discards == []
