"""Rulebook 'Cómo se juega' 1-3 and 5: drawing, face-offs, after a face-off, revealed matches and
cascades; NOTES Duple 2 (several matches at once, in seat order from the drawer)."""

from __future__ import annotations

from tests.games.duple.tables import card, deal, flip, kinds, new_match, state, win

from duoplay.core.errors import IllegalAction, NotYourTurn
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duple.actions import FLIP, PASS, STUCK, TIME_UP


def test_the_dealer_flips_first_and_turns_go_clockwise() -> None:
    match = new_match(3)
    deal(match, piles=["", "", ""], flips=["A/star", "O/drop", "T/moon", "R/sun"], category="animal")
    assert match.to_move() == (0,)
    for seat in (0, 1, 2, 0):
        assert match.to_move() == (seat,)
        events = flip(match, seat)
        assert kinds(events) == ["flip"] and events[0].public["seat"] == seat
    st = state(match)
    assert [[c for c in p.cards] for p in st.piles] == [
        [card("A/star"), card("R/sun")], [card("O/drop")], [card("T/moon")]]
    assert match.view(None)["drawer"] == 1


def test_each_flip_goes_face_up_on_the_drawers_own_play_pile() -> None:
    match = new_match(3)
    deal(match, piles=["", "E/bolt", ""], flips=["A/star"])
    events = flip(match, 0)
    assert events[0].public == {"seat": 0, "pile": 0, "card": {"letter": "A", "symbol": "star"}, "deck": 70}
    top = match.view(2)["piles"][0]
    assert top == {"owner": 0, "count": 1, "top": {"letter": "A", "symbol": "star"}}


def test_no_match_the_next_player_draws() -> None:
    match = new_match(3)
    deal(match, piles=["", "E/bolt", "N/sun"], flips=["A/star"])
    flip(match, 0)
    assert match.to_move() == (1,) and match.view(None)["phase"] == "flip"


def test_matching_symbols_start_a_face_off_between_the_two_players() -> None:
    match = new_match(3)
    deal(match, piles=["", "O/drop", "N/sun"], flips=["A/drop"], category="animal")
    events = flip(match, 0)
    assert kinds(events) == ["flip", "faceoff"]
    assert events[1].public == {"racers": [0, 1], "piles": [0, 1], "letters": ["A", "O"],
                                "category": "animal"}
    assert match.to_move() == (0, 1)
    assert match.view(2)["phase"] == "faceoff"
    assert_refusal_changes_nothing(match, 2, PASS)


def test_the_first_acceptable_word_wins_the_face_off() -> None:
    match = new_match(3)
    deal(match, piles=["", "O/drop", ""], flips=["A/drop"], category="animal")
    flip(match, 0)
    events = win(match, 1, "gato")
    assert [e.visible_to(seat) for e in events if e.kind == "won" for seat in (0, None)] == [
        {"kind": "won", "seat": 1, "race": "faceoff", "from": 0, "pile": 0,
         "card": {"letter": "A", "symbol": "drop"}}] * 2


def test_the_winner_takes_the_losers_top_card() -> None:
    match = new_match(3)
    deal(match, piles=["", "E/star O/drop", ""], flips=["A/drop"], category="animal")
    flip(match, 0)
    win(match, 0, "gato")
    st = state(match)
    assert st.won == [[card("O/drop")], [], []]
    assert st.piles[1].cards == [card("E/star")] and st.piles[0].cards == [card("A/drop")]
    shown = match.view(2)
    assert shown["won"] == [1, 0, 0] and shown["scores"] == [1, 0, 0]
    assert shown["piles"][1]["top"] == {"letter": "E", "symbol": "star"}


def test_the_category_is_discarded_and_a_new_one_is_in_effect_after_a_face_off() -> None:
    match = new_match(3)
    deal(match, piles=["", "O/drop", ""], flips=["A/drop"], category="animal", after=["fruta", "color"])
    flip(match, 0)
    events = win(match, 0, "gato")
    assert [e.public for e in events if e.kind == "category"] == [{"category": "fruta", "name": "fruta"}]
    st = state(match)
    assert st.category == "fruta" and st.discards == ["animal"]
    assert match.view(1)["category"] == {"id": "fruta", "name": "fruta", "all_play": False}


def test_after_a_face_off_the_next_player_draws() -> None:
    match = new_match(3)
    deal(match, piles=["", "O/drop", ""], flips=["A/drop"], category="animal")
    flip(match, 0)
    win(match, 1, "pato")
    assert match.to_move() == (1,) and match.view(None)["phase"] == "flip"


def test_revealed_match_is_played_before_the_next_flip() -> None:
    match = new_match(3)
    deal(match, piles=["", "S/leaf O/drop", "U/leaf"], flips=["A/drop"], category="animal",
         after=["pais", "fruta"])
    flip(match, 0)
    events = win(match, 0, "gato")
    assert kinds(events)[-1] == "faceoff"
    assert events[-1].public == {"racers": [1, 2], "piles": [1, 2], "letters": ["S", "U"], "category": "pais"}
    assert match.to_move() == (1, 2)
    error = assert_refusal_changes_nothing(match, 1, FLIP)
    assert isinstance(error, IllegalAction)
    assert_refusal_changes_nothing(match, 0, FLIP)
    win(match, 2, "Suecia")  # a country with S and U, the category now in effect
    assert state(match).won == [[card("O/drop")], [], [card("S/leaf")]]
    assert match.to_move() == (1,)


def test_a_loser_with_one_card_reveals_nothing() -> None:
    match = new_match(3)
    deal(match, piles=["", "O/drop", "U/leaf"], flips=["A/drop"], category="animal")
    flip(match, 0)
    events = win(match, 0, "gato")
    assert "faceoff" not in kinds(events)
    assert state(match).piles[1].cards == [] and match.view(0)["piles"][1]["top"] is None
    assert match.to_move() == (1,)


def test_cascade_resolves_in_seat_order_from_the_drawer() -> None:
    match = new_match(4, faceoff_categories=1)
    # Seats 0 and 3 show stars; their face-off runs out of time, so their match is settled.
    deal(match, piles=["A/star", "", "", ""], flips=["E/star", "N/star"], category="animal",
         after=["pais", "animal_marino", "fruta"], drawer=3)
    flip(match, 3)
    match.act(None, STUCK)
    match.act(None, TIME_UP)
    assert match.to_move() == (0,)
    deal(match, drawer=2)
    # Seat 2's star now matches seat 0 and seat 3 at once: seat 3 comes first after seat 2.
    events = flip(match, 2)
    assert events[-1].public["racers"] == [2, 3] and events[-1].public["letters"] == ["N", "E"]
    # A player in two face-offs plays them in turn: then seat 2 against seat 0.
    events = win(match, 2, "Nepal")
    assert events[-1].kind == "faceoff" and events[-1].public["racers"] == [0, 2]
    assert events[-1].public["letters"] == ["A", "N"]
    win(match, 0, "anchoa")
    assert state(match).won == [[card("N/star")], [], [card("E/star")], []]
    assert match.to_move() == (3,)


def test_no_one_outside_a_face_off_may_answer() -> None:
    match = new_match(3)
    deal(match, piles=["", "O/drop", ""], flips=["A/drop"], category="animal")
    flip(match, 0)
    error = assert_refusal_changes_nothing(match, 2, {"type": "answer", "word": "gato"})
    assert isinstance(error, NotYourTurn)


def test_a_used_up_category_deck_is_made_again_from_the_discards() -> None:
    match = new_match(3)
    st = deal(match, piles=["", "O/drop", ""], flips=["A/drop"], category="animal")
    st.discards = [c for c in st.categories if c != "all_play"]
    st.categories = []
    flip(match, 0)
    win(match, 0, "gato")
    assert st.category not in ("animal", "all_play") and st.discards == []
    assert len(st.categories) == 39 and "animal" in st.categories  # 40, less the one now in effect
