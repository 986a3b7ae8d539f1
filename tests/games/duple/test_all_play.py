"""Rulebook 'Cómo se juega' 6 (Todas las cartas de juego, All Play) and 'Fin del juego' (All Play
cards are worth 2 points)."""

from __future__ import annotations

from tests.games.duple.tables import ALL_PLAY, answer, card, deal, flip, kinds, new_match, state, win

from duoplay.core.errors import IllegalAction
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duple.actions import CLOSE, NEW_CATEGORY, TIME_UP


def all_play(after: tuple[str, ...] = (ALL_PLAY, "fruta", "color"), **options: object):  # type: ignore[no-untyped-def]
    """Seat 0 wins a face-off (taking O/drop from seat 1); the next category is an All Play, with
    A, R and T face up."""
    match = new_match(3, **options)
    deal(match, piles=["", "R/star O/drop", "T/moon"], flips=["A/drop"], category="animal", after=after)
    flip(match, 0)
    events = win(match, 0, "gato")
    return match, events


def test_all_play_uses_every_face_up_letter() -> None:
    match, events = all_play()
    assert kinds(events)[-2:] == ["category", "allplay"] and events[-1].public == {"letters": ["A", "R", "T"]}
    shown = match.view(1)
    assert shown["phase"] == "allplay" and shown["category"]["all_play"] is True
    assert shown["race"]["racers"] == [0, 1, 2] and shown["race"]["letters"] == ["A", "R", "T"]
    assert match.to_move() == (0, 1, 2)
    assert answer(match, 1, "rana")[0].public["reason"] == "missing_letter"


def test_all_play_has_no_category() -> None:
    match, _ = all_play()
    events = win(match, 2, "tarta")  # not a animal, nor a fruit: any word will do
    assert events[0].public["accepted"] is True


def test_all_play_refuses_proper_nouns() -> None:
    match, _ = all_play()
    events = answer(match, 1, "Marta")
    assert events[0].public["accepted"] is False and events[0].public["reason"] == "proper_noun"


def test_all_play_refuses_several_words() -> None:
    match, _ = all_play()
    assert answer(match, 1, "rata tarta")[0].public["reason"] == "several_words"


def test_all_play_won_is_worth_two_points() -> None:
    match, _ = all_play()
    events = win(match, 2, "rata")
    assert events[1].visible_to(0) == {"kind": "won", "seat": 2, "race": "allplay"}
    st = state(match)
    assert st.won_all_play == [0, 0, 1] and st.won == [[card("O/drop")], [], []]
    assert match.view(0)["scores"] == [1, 0, 2]
    assert st.category == "fruta" and ALL_PLAY not in st.discards and st.categories.count(ALL_PLAY) == 3
    assert match.to_move() == (1,)  # the next player draws


def test_all_play_unwon_is_shuffled_back_after_30_seconds() -> None:
    match, _ = all_play()
    deadline = match.deadline()
    assert deadline is not None
    assert (deadline.seconds, deadline.seat, deadline.action) == (30.0, None, TIME_UP)
    answer(match, 0, "rana")  # a rejected answer does not stop the clock
    assert match.deadline() == deadline
    events = match.act(None, TIME_UP)
    assert kinds(events) == ["time_up", "unwon", "category"]
    assert events[-1].public == {"category": "fruta", "name": "fruta"}
    st = state(match)
    assert st.categories.count(ALL_PLAY) == 4 and st.won_all_play == [0, 0, 0]
    assert match.to_move() == (1,) and match.view(0)["phase"] == "flip"


def test_all_play_time_is_an_option() -> None:
    match, _ = all_play(all_play_seconds=45)
    deadline = match.deadline()
    assert deadline is not None and deadline.seconds == 45.0


def test_all_play_tie_is_left_unwon() -> None:
    match, _ = all_play()
    answer(match, 1, "rata")
    answer(match, 2, "tarta")
    events = match.act(None, CLOSE)
    assert kinds(events)[:3] == ["tie", "unwon", "category"]
    st = state(match)
    assert st.won_all_play == [0, 0, 0] and st.categories.count(ALL_PLAY) == 4


def test_all_play_category_cannot_be_changed() -> None:
    match, _ = all_play()
    error = assert_refusal_changes_nothing(match, 0, NEW_CATEGORY)
    assert isinstance(error, IllegalAction)


def test_one_category_card_is_turned_per_face_off() -> None:
    match, _ = all_play(after=("fruta", ALL_PLAY, "color"))
    assert state(match).category == "fruta" and state(match).race is None
    assert match.to_move() == (1,) and match.view(1)["phase"] == "flip"


def test_all_play_ends_unwon_when_everyone_passes() -> None:
    match, _ = all_play()
    for seat in (0, 1):
        match.act(seat, {"type": "pass"})
    events = match.act(2, {"type": "pass"})
    assert kinds(events)[:3] == ["pass", "unwon", "category"]
    assert state(match).categories.count(ALL_PLAY) == 4 and match.to_move() == (1,)


def test_all_play_needs_a_letter_face_up_twice_only_once() -> None:
    match = new_match(3)
    deal(match, piles=["", "R/star O/drop", "A/moon"], flips=["A/drop"], category="animal",
         after=[ALL_PLAY, "fruta"])
    flip(match, 0)
    events = win(match, 0, "gato")
    assert events[-1].public == {"letters": ["A", "R"]}
    assert win(match, 1, "mar")[0].public["accepted"] is True
