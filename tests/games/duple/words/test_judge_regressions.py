"""Answers the judge got wrong in play."""

from __future__ import annotations

import pytest

from duoplay.games.duple.words.judge import Verdict, judge_answer
from duoplay.games.duple.words.wordnet import wordnet_categories


@pytest.mark.parametrize(("word", "letters", "category"), [
    ("sandias", ["S", "D"], "fruta"),  # also an adjective as typed (sandio): the fruit is meant
    ("sandías", ["S", "D"], "fruta"),
    ("sandía", ["S", "D"], "fruta"),
    ("arboles", ["R", "B"], "arbol"),
    ("platanos", ["P", "T"], "fruta"),
    ("camion", ["C", "M"], "vehiculo"),
    ("camiones", ["C", "M"], "vehiculo"),
    ("murcielagos", ["M", "G"], "animal"),
    ("jovenes", ["J", "V"], "adjetivo"),
    ("limon", ["L", "M"], "fruta"),
    ("ebano", ["B", "N"], "arbol"),
])
def test_a_spanish_word_typed_without_its_accents_is_the_word_it_spells(
        word: str, letters: list[str], category: str) -> None:
    assert judge_answer("es", word, letters, category) == Verdict(True, "ok")


def test_a_word_typed_with_its_accents_is_read_as_typed() -> None:
    assert judge_answer("es", "lámpara", ["L", "P"], "verbo").reason == "category"  # not "lampara"
    assert judge_answer("es", "leones", ["L", "S"], "animal").reason == "plural"  # not "leonés"


def test_a_plural_for_the_s_is_still_a_plural_without_accents() -> None:
    assert judge_answer("es", "melones", ["M", "S"], "fruta").reason == "plural"
    assert judge_answer("es", "camiones", ["C", "S"], "vehiculo").reason == "plural"
    assert judge_answer("es", "arboles", ["R", "S"], "arbol").reason == "plural"  # árboles
    assert judge_answer("es", "platanos", ["P", "S"], "fruta").reason == "plural"  # plátanos


@pytest.mark.parametrize("word", ["queen", "worker", "soldier"])
def test_a_role_in_an_insect_colony_is_not_an_insect(word: str) -> None:
    letters = [word[0].upper(), word[-1].upper()]
    assert judge_answer("en", word, letters, "insect") == Verdict(False, "category")


@pytest.mark.parametrize(("word", "category"), [
    ("ant", "insect"), ("bee", "insect"), ("drone", "insect"), ("termite", "insect"),
    ("spider", "insect"), ("vulture", "bird"), ("seabird", "bird"), ("puppy", "animal"),
    ("shark", "sea_creature"), ("fish", "sea_creature"),
])
def test_kinds_of_animal_still_fit(word: str, category: str) -> None:
    letters = [word[0].upper(), word[-1].upper()]
    assert judge_answer("en", word, letters, category) == Verdict(True, "ok")


def test_the_rule_comes_from_wordnet_not_from_a_list() -> None:
    wordnet = wordnet_categories()
    assert wordnet is not None
    assert "queen" not in wordnet.sets["insect"] and "queen" not in wordnet.primary["insect"]
    assert "worker" not in wordnet.sets["insect"]
    assert "pet" not in wordnet.sets["animal"]  # a way of life, not a kind


def test_a_part_of_a_state_name_is_not_the_state() -> None:
    assert judge_answer("en", "jersey", ["J", "R"], "us_state") == Verdict(False, "category")
    assert judge_answer("en", "Jersey", ["J", "R"], "us_state") == Verdict(False, "category")
    assert judge_answer("en", "New Jersey", ["J", "R"], "us_state") == Verdict(True, "ok")
    assert judge_answer("en", "Virginia", ["V", "G"], "us_state") == Verdict(True, "ok")
    assert judge_answer("en", "West Virginia", ["W", "G"], "us_state") == Verdict(True, "ok")
    assert judge_answer("en", "jersey", ["J", "R"], "clothing") == Verdict(True, "ok")


def test_a_regular_plural_of_a_listed_word_is_a_word_when_the_dictionary_lacks_both() -> None:
    # hunspell-es has neither "pingüino" nor "pingüinos"; the animal list has "pingüino"
    assert judge_answer("es", "pingüinos", ["P", "N"], "animal") == Verdict(True, "ok")
    assert judge_answer("es", "pinguinos", ["P", "N"], "animal") == Verdict(True, "ok")
    assert judge_answer("es", "pingüinos", ["P", "S"], "animal") == Verdict(False, "plural")
    assert judge_answer("es", "pingüinoes", ["P", "N"], "animal") == Verdict(False, "not_a_word")


def test_a_french_plural_typed_without_its_accents_is_the_word_it_spells() -> None:
    assert judge_answer("fr", "ecole", ["C", "L"], "place") == Verdict(True, "ok")
    assert judge_answer("fr", "zebres", ["Z", "B"], "animal") == Verdict(True, "ok")  # zèbres
    assert judge_answer("fr", "tetes", ["T", "S"], "body_part") == Verdict(False, "plural", "tête")
