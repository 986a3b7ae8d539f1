"""The judge's rules for words the dictionary does not take apart, in Swedish and Polish, and the
lists that widen: each rule on words of its own (none from the benchmark's prompt sets)."""

from __future__ import annotations

import pytest

from duoplay.games.duple.words.inflection import (
    compound_heads,
    polish_diminutive_bases,
    swedish_compound,
    swedish_town_name,
)
from duoplay.games.duple.words.judge import judge_answer, warm_up


@pytest.fixture(scope="module", autouse=True)
def loaded() -> None:
    for lang in ("sv", "pl", "fr"):
        warm_up(lang)


def reason(lang: str, word: str, letters: str, category: str | None) -> str:
    return judge_answer(lang, word, list(letters), category).reason


def test_a_polish_plural_listed_as_a_stem_is_a_plural_made_for_a_letter() -> None:
    # błota/W in the dictionary: the plural of błoto, listed to hang -om, -ami, -ach on it
    verdict = judge_answer("pl", "błota", ["B", "A"], None)
    assert verdict.reason == "plural" and verdict.detail == "błoto"
    assert reason("pl", "drzwi", "DW", "household") == "ok"  # a plural with no singular stands alone


def test_polish_diminutives_fit_the_category_of_their_base() -> None:
    assert "kubek" in polish_diminutive_bases("kubeczek")
    assert "piernik" in polish_diminutive_bases("pierniczek")
    assert "groch" in polish_diminutive_bases("groszek")
    assert "ryba" in polish_diminutive_bases("rybka") and "piwo" in polish_diminutive_bases("piwko")
    assert "łyżka" in polish_diminutive_bases("łyżeczka")
    assert polish_diminutive_bases("oko") == ()  # no base of fewer than three letters
    assert reason("pl", "piwko", "PK", "drink") == "ok"
    assert reason("pl", "rybka", "RK", "animal") == "ok"
    assert reason("pl", "piwko", "PK", "animal") == "category"  # its base is a drink, not an animal


def test_a_swedish_compound_may_end_in_a_two_letter_word_after_a_long_first_part() -> None:
    drinks = {"öl", "te"}.__contains__
    assert swedish_compound("lättöl", drinks, {"lätt"}.__contains__)
    assert not swedish_compound("xöl", drinks, lambda head: True)  # a first part of one letter
    assert reason("sv", "lättöl", "LÖ", "drink") == "ok"


def test_the_first_part_of_a_swedish_compound_is_a_listed_word_or_drops_a_vowel() -> None:
    assert compound_heads("skol")[:3] == ("skol", "skola", "skole")
    assert "fotboll" in compound_heads("fotbolls") and "gata" in compound_heads("gatu")
    assert reason("sv", "hundbil", "HB", "vehicle") == "ok"
    # "hundar" is an inflection of "hund", not a first part: nothing makes it a word
    assert reason("sv", "hundarbil", "HB", "vehicle") == "not_a_word"


def test_a_compound_the_dictionary_lists_as_a_misspelling_is_refused() -> None:
    # arbetsplast/% is listed as a misspelling of "arbetsplats"; its parts would make a material
    assert reason("sv", "arbetsplast", "AP", "material") == "not_a_word"
    assert reason("sv", "plast", "PS", "material") == "ok"


def test_a_swedish_town_the_dictionary_lists_is_a_city_by_its_ending() -> None:
    assert swedish_town_name("nyköping") and swedish_town_name("borås") and swedish_town_name("umeå")
    assert not swedish_town_name("lindberg") and not swedish_town_name("by")
    assert reason("sv", "Nyköping", "NK", "city") == "ok"
    assert reason("sv", "nyköping", "NK", "place") == "ok"
    assert reason("sv", "Lindberg", "LB", "city") == "category"  # -berg is a surname's ending too
    assert reason("sv", "Xyzköping", "XK", "city") == "not_a_word"  # the dictionary must list it


@pytest.mark.parametrize(("lang", "word", "letters"), [
    ("sv", "hackspett", "HK"), ("pl", "słowik", "SK"), ("fr", "libellule", "LB"),
])
def test_a_bird_or_an_insect_is_an_animal(lang: str, word: str, letters: str) -> None:
    assert reason(lang, word, letters, "animal") == "ok"
    assert reason(lang, word, letters, "vehicle") == "category"
