"""Rulebook 'Fin del juego': the game ends when the letter deck is empty; letter cards are worth
1 point, All Play cards 2; the most points wins."""

from __future__ import annotations

from tests.games.duple.tables import card, deal, flip, kinds, new_match, win

from duoplay.core.errors import GameOver
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duple.actions import FLIP


def test_game_ends_when_the_letter_deck_is_empty() -> None:
    match = new_match(3)
    deal(match, piles=["", "E/bolt", ""], flips=["A/star", "N/sun"], rest=False)
    flip(match, 0)
    assert match.outcome() is None
    events = flip(match, 1)
    assert kinds(events) == ["flip", "over"] and events[-1].public == {"scores": [0, 0, 0]}
    outcome = match.outcome()
    assert outcome is not None and outcome.reason == "the letter deck is empty"
    assert match.to_move() == () and match.deadline() is None and match.view(0)["phase"] == "over"
    error = assert_refusal_changes_nothing(match, 2, FLIP)
    assert isinstance(error, GameOver)


def test_face_offs_of_the_last_card_are_played_before_the_end() -> None:
    match = new_match(3)
    deal(match, piles=["", "O/drop", ""], flips=["A/drop"], category="animal", rest=False)
    flip(match, 0)
    assert match.outcome() is None and match.to_move() == (0, 1)
    events = win(match, 1, "gato")
    assert kinds(events)[-1] == "over"
    outcome = match.outcome()
    assert outcome is not None and outcome.scores == (0, 1, 0) and outcome.winners == (1,)


def test_a_wild_as_the_last_card_ends_the_game() -> None:
    match = new_match(3)
    deal(match, piles=["", "", ""], flips=["wild star/moon"], rest=False)
    assert kinds(flip(match, 0)) == ["wild", "over"]
    assert match.outcome() is not None


def test_letter_cards_score_one_all_play_cards_two_and_the_most_points_wins() -> None:
    match = new_match(3)
    st = deal(match, piles=["", "", ""], flips=["A/star"], rest=False)
    st.won = [[card("E/star"), card("O/drop"), card("N/sun")], [card("I/drop")], [card("U/leaf")]]
    st.won_all_play = [0, 1, 1]
    flip(match, 0)
    outcome = match.outcome()
    assert outcome is not None
    assert outcome.scores == (3, 3, 3) and outcome.winners == (0, 1, 2)
    assert outcome.results == (1 / 3, 1 / 3, 1 / 3)
    match = new_match(3)
    st = deal(match, piles=["", "", ""], flips=["A/star"], rest=False)
    st.won = [[card("E/star")], [], [card("U/leaf")]]
    st.won_all_play = [0, 1, 0]
    flip(match, 0)
    outcome = match.outcome()
    assert outcome is not None and outcome.scores == (1, 2, 1) and outcome.winners == (1,)
    assert outcome.results == (0.0, 1.0, 0.0)
