"""The Artist bot hears the phrasings people use, one cause each, in several languages: a place
said first with its thing after a comma, capitals, a size word on a pattern, abbreviated sides,
diminutives, a bare "encima"/"dessus" or a word followed by "and", a size word on the name beside
it, and a clause that names nothing (said of the thing before)."""

from __future__ import annotations

import pytest

from duoplay.games.duplik.listen import listen


def _relations(text: str, lang: str) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(r.kind, r.subject, r.others) for r in listen(text, lang).relations]


@pytest.mark.parametrize(
    ("lang", "text", "relation"),
    [
        ("fr", "Dans le panier, un chat.", ("inside", "cat", ("basket",))),
        ("en", "Under the chair, a ball.", ("under", "ball", ("chair",))),
        ("es", "Encima de la mesa, una taza.", ("on", "cup", ("table",))),
        ("sv", "Under bordet, en katt.", ("under", "cat", ("table",))),
        ("pl", "Pod stołem, kot.", ("under", "cat", ("table",))),
        ("en", "To the left of the house, a tree.", ("left_of", "tree", ("house",))),
    ],
)
def test_a_place_said_first_waits_for_its_thing_after_the_comma(
    lang: str, text: str, relation: tuple[str, str, tuple[str, ...]]
) -> None:
    assert _relations(text, lang) == [relation]


@pytest.mark.parametrize(
    ("lang", "text", "relation"),
    [
        ("fr", "SOUS la chaise, un ballon.", ("under", "ball", ("chair",))),
        ("en", "A CAT ON THE TABLE", ("on", "cat", ("table",))),
        ("es", "UN GATO DEBAJO DE LA MESA", ("under", "cat", ("table",))),
    ],
)
def test_capitals_read_as_lower_case(
    lang: str, text: str, relation: tuple[str, str, tuple[str, ...]]
) -> None:
    assert _relations(text, lang) == [relation]


@pytest.mark.parametrize(
    ("lang", "text", "thing"),
    [
        ("fr", "Un chat couvert de gros pois.", "cat"),
        ("en", "A dog with big dots.", "dog"),
        ("es", "Un paraguas con grandes lunares.", "umbrella"),
    ],
)
def test_a_size_word_on_the_dots_sizes_the_dots_not_the_thing(lang: str, text: str, thing: str) -> None:
    heard = listen(text, lang)
    assert heard.patterns == {thing: "dotted"} and heard.sizes == {}


@pytest.mark.parametrize(
    ("lang", "text", "pins"),
    [
        ("es", "Un árbol a la izq. y una casa a la der.", {"tree": "left", "house": "right"}),
        ("es", "Una casa a la dcha, un árbol a la izqda", {"house": "right", "tree": "left"}),
        ("sv", "Ett träd t.v. och ett hus t.h.", {"tree": "left", "house": "right"}),
        ("pl", "Drzewo po lew., dom po pr.", {"tree": "left", "house": "right"}),
        ("fr", "Un arbre à g. et une maison à d.", {"tree": "left", "house": "right"}),
    ],
)
def test_abbreviated_sides_are_written_out(lang: str, text: str, pins: dict[str, str]) -> None:
    assert listen(text, lang).pins == pins


def test_an_abbreviated_side_ending_a_sentence_still_ends_it() -> None:
    heard = listen("Un perro mirando a la izq. Un gato a la der.", "es")
    assert heard.facing == {"dog": "left"} and heard.pins == {"cat": "right"}


@pytest.mark.parametrize(
    ("lang", "text", "kinds"),
    [
        ("pl", "Lampka, rybka i kotek.", ["lamp", "fish", "cat"]),
        ("pl", "Drzewko i domek.", ["tree", "house"]),
        ("es", "Un gatito y una mesita.", ["cat", "table"]),
        ("en", "A doggy and a birdie.", ["dog", "bird"]),
    ],
)
def test_diminutives_name_their_thing(lang: str, text: str, kinds: list[str]) -> None:
    assert listen(text, lang).order == kinds


def test_a_diminutive_plural_makes_a_group() -> None:
    assert listen("Na stole kwiatki.", "pl").counts == {"flower": 3}


@pytest.mark.parametrize(
    ("lang", "text", "relation"),
    [
        ("es", "Una mesa con una taza encima y un gato.", ("on", "cup", ("table",))),
        ("fr", "Une table avec une tasse dessus et un chat.", ("on", "cup", ("table",))),
        ("sv", "Ett bord med en kopp på och en katt.", ("on", "cup", ("table",))),
        ("en", "A chair with a ball under it and a lamp.", ("under", "ball", ("chair",))),
        ("pl", "Stół z kubkiem na nim i kot.", ("on", "cup", ("table",))),
    ],
)
def test_a_place_word_with_no_object_is_said_of_the_thing_before(
    lang: str, text: str, relation: tuple[str, str, tuple[str, ...]]
) -> None:
    assert _relations(text, lang) == [relation]


def test_with_something_on_it_the_host_is_the_thing_just_before() -> None:
    assert _relations("Right of the basket is a chair with a ball under it.", "en")[-1] == (
        "under", "ball", ("chair",)
    )


@pytest.mark.parametrize(
    ("lang", "text", "sizes"),
    [
        ("pl", "Stół i mały pies.", {"dog": 0.7}),
        ("en", "A table and a small dog.", {"dog": 0.7}),
        ("es", "Una mesa y un perro pequeño.", {"dog": 0.7}),
        ("sv", "Ett bord och en stor hund.", {"dog": 1.35}),
    ],
)
def test_a_size_word_goes_to_the_name_beside_it(lang: str, text: str, sizes: dict[str, float]) -> None:
    assert listen(text, lang).sizes == sizes


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Under the table a cat, it's looking left."),
        ("fr", "Un chat sous la table, il regarde à gauche."),
        ("sv", "En katt under bordet. Den tittar åt vänster."),
    ],
)
def test_a_clause_naming_nothing_speaks_of_the_thing_before(lang: str, text: str) -> None:
    assert listen(text, lang).facing == {"cat": "left"}


def test_the_animal_that_looks_is_the_one_the_clause_is_about() -> None:
    heard = listen("en liten katt till höger om hunden som tittar åt vänster", "sv")
    assert heard.facing == {"cat": "left"}
