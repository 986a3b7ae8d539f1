"""More phrasings people use, one class each, in several wordings and languages: a pattern said
of several things in one clause, other names for things and a part for its thing, "on it" with
the thing after it, the holder of "under it" after a "with", a number before a list, "in" or "on" by what the host can hold."""

from __future__ import annotations

import pytest

from duoplay.games.duplik.listen import listen


def _relations(text: str, lang: str) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(r.kind, r.subject, r.others) for r in listen(text, lang).relations]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "A chair with a dotted ball on it and a spotty dog under it."),
        ("fr", "Une chaise avec un ballon à pois dessus et un chien à pois dessous."),
        ("pl", "Krzesło z piłką w kropki i psem w kropki."),
        ("sv", "En prickig boll och en prickig hund."),
    ],
)
def test_a_pattern_said_of_two_things_in_a_clause_goes_to_both(lang: str, text: str) -> None:
    assert listen(text, lang).patterns == {"ball": "dotted", "dog": "dotted"}


@pytest.mark.parametrize(
    ("lang", "text", "kinds"),
    [
        ("en", "A crate and a mug.", ["box", "cup"]),
        ("fr", "Un carton, une caisse et un mug.", ["box", "cup"]),
        ("sv", "En kartong och en mugg.", ["box", "cup"]),
        ("pl", "Pudło, skrzynka i auto.", ["box", "car"]),
        ("es", "Un auto y un balón.", ["car", "ball"]),
    ],
)
def test_other_names_for_things(lang: str, text: str, kinds: list[str]) -> None:
    assert listen(text, lang).order == kinds


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "A chair with an apple on the seat."),
        ("es", "Una silla con una manzana en el asiento."),
        ("fr", "Une chaise avec une pomme sur le siège."),
        ("sv", "En stol med ett äpple på sitsen."),
        ("pl", "Krzesło z jabłkiem na siedzeniu."),
    ],
)
def test_the_seat_stands_for_the_chair(lang: str, text: str) -> None:
    assert _relations(text, lang) == [("on", "apple", ("chair",))]


@pytest.mark.parametrize(
    ("lang", "text", "relation"),
    [
        ("pl", "Po lewej stół a pod nim piesek.", ("under", "dog", ("table",))),
        ("pl", "Duże pudło a w nim kot.", ("inside", "cat", ("box",))),
        ("en", "A table and under it a cat.", ("under", "cat", ("table",))),
        ("es", "Una mesa y encima de ella una taza.", ("on", "cup", ("table",))),
    ],
)
def test_a_place_said_of_it_with_the_thing_after(
    lang: str, text: str, relation: tuple[str, str, tuple[str, ...]]
) -> None:
    assert _relations(text, lang) == [relation]


def test_a_place_said_of_it_followed_by_and_is_said_of_the_thing_before() -> None:
    assert _relations("Krzesło z kotem pod nim i dom.", "pl") == [("under", "cat", ("chair",))]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("es", "Una silla con un perrito encima y una manzana debajo."),
        ("en", "A chair with a dog on it and an apple under it."),
        ("fr", "Une chaise avec un chien dessus et une pomme dessous."),
    ],
)
def test_what_is_under_it_is_under_the_thing_that_has_things(lang: str, text: str) -> None:
    assert _relations(text, lang) == [("on", "dog", ("chair",)), ("under", "apple", ("chair",))]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("pl", "Na dole od lewej 3 kwiatki, stół."),
        ("en", "Bottom left 3 flowers, table."),
    ],
)
def test_a_number_belongs_to_the_name_after_it_not_the_next_name(lang: str, text: str) -> None:
    heard = listen(text, lang)
    assert heard.counts == {"flower": 3} and heard.relations == []


@pytest.mark.parametrize(
    ("lang", "text", "relation"),
    [
        ("es", "Un gato en la caja.", ("inside", "cat", ("box",))),
        ("es", "Una taza en la mesa.", ("on", "cup", ("table",))),
        ("en", "A cat in the chair.", ("on", "cat", ("chair",))),
        ("sv", "En katt i stolen.", ("on", "cat", ("chair",))),
        ("en", "An apple on the basket.", ("inside", "apple", ("basket",))),
    ],
)
def test_in_or_on_is_what_the_host_can_hold(
    lang: str, text: str, relation: tuple[str, str, tuple[str, ...]]
) -> None:
    assert _relations(text, lang) == [relation]


def test_a_word_that_is_an_article_or_a_pronoun_is_the_article_before_a_name() -> None:
    assert _relations("Una mesa y un gato sobre el coche.", "es") == [("on", "cat", ("car",))]
