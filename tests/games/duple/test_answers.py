"""Rulebook 'Respuestas permitidas', as the game judges a typed answer at once (NOTES Duple 3).
The judge itself is tested in tests/games/duple/words/; these tests play answers through the rules."""

from __future__ import annotations

import pytest
from tests.games.duple.tables import answer, deal, flip, new_match

from duoplay.core.errors import MalformedAction
from duoplay.core.match import Match
from duoplay.core.testing import assert_refusal_changes_nothing


def face_off(left: str, right: str, category: str, seats: int = 2) -> Match:
    match = new_match(seats, four_piles=False)
    deal(match, piles=["", right] + [""] * (seats - 2), flips=[left], category=category)
    flip(match, 0)
    return match


def verdict(match: Match, word: str) -> tuple[bool, str, str]:
    shown = answer(match, 0, word)[0].public
    return shown["accepted"], shown["reason"], shown["detail"]


def test_the_answer_contains_the_letters_of_both_cards() -> None:
    match = face_off("A/star", "E/star", "animal")
    assert verdict(match, "perro") == (False, "missing_letter", "A")
    assert verdict(match, "abeja")[0] is True


def test_the_letters_may_be_anywhere_in_the_word() -> None:
    match = face_off("L/bolt", "E/bolt", "animal")  # the E comes before the L in "ballena"
    assert verdict(match, "ballena")[0] is True


def test_one_word_answers_only() -> None:
    match = face_off("A/drop", "O/drop", "animal")
    assert verdict(match, "perro gato") == (False, "several_words", "")


def test_proper_nouns_may_be_several_words_when_they_fit_the_category() -> None:
    match = face_off("C/star", "R/star", "pais")
    assert verdict(match, "Costa Rica") == (True, "ok", "")


def test_no_plural_made_to_use_an_s() -> None:
    match = face_off("L/bolt", "S/bolt", "animal")
    assert verdict(match, "leones") == (False, "plural", "")
    assert verdict(match, "oso") == (False, "missing_letter", "L")


def test_the_answer_must_fit_the_category() -> None:
    match = face_off("A/drop", "O/drop", "fruta")
    assert verdict(match, "gato") == (False, "category", "")
    assert verdict(match, "mango")[0] is True


def test_a_made_up_word_is_refused() -> None:
    match = face_off("A/drop", "O/drop", "animal")
    assert verdict(match, "xyzzyao") == (False, "not_a_word", "")


@pytest.mark.parametrize("word", ["LEÓN", "leon", "León"])
def test_accents_and_case_are_ignored(word: str) -> None:
    match = face_off("L/star", "N/star", "animal")
    assert verdict(match, word)[0] is True


def test_n_and_enye_are_different_letters_in_spanish() -> None:
    match = new_match(3)
    deal(match, piles=["", "Ñ/flower", ""], flips=["wild leaf/flower", "A/leaf"], category="insecto")
    flip(match, 0)
    flip(match, 0)
    assert answer(match, 0, "arana")[0].public["detail"] == "Ñ"
    assert answer(match, 1, "araña")[0].public["accepted"] is True


def test_every_answer_and_its_verdict_is_shown_to_everyone() -> None:
    match = face_off("A/drop", "O/drop", "animal", seats=3)
    events = answer(match, 1, "perro")
    assert [events[0].visible_to(s) for s in (0, 2, None)] == [
        {"kind": "answer", "seat": 1, "word": "perro", "accepted": False, "reason": "missing_letter",
         "detail": "A"}] * 3
    assert match.view(2)["race"]["answers"] == [
        {"seat": 1, "word": "perro", "accepted": False, "reason": "missing_letter", "detail": "A"}]


def test_a_rejected_answer_leaves_the_racer_free_to_try_again() -> None:
    match = face_off("A/drop", "O/drop", "animal")
    verdict(match, "perro")
    assert match.to_move() == (0, 1)
    assert verdict(match, "gato")[0] is True


@pytest.mark.parametrize("data", [{"type": "answer", "word": "x" * 61}, {"type": "answer"},
                                  {"type": "answer", "word": 3}, {"type": "answer", "word": "a", "x": 1}])
def test_malformed_answers_are_refused(data: object) -> None:
    match = face_off("A/drop", "O/drop", "animal")
    error = assert_refusal_changes_nothing(match, 0, data)
    assert isinstance(error, MalformedAction)
