"""More phrasings people use, one class each, in several wordings and languages: a pattern said
of several things in one clause, other names for things and a part for its thing, "on it" or
"to its right" with the thing after it, the holder of "under it" after a "with", a number before
a list, "in" or "on" by what the host can hold, sides (said first for a whole sentence, before
a name, in an aside), heads and flights turned one way, spots, diminutives and compounds."""

from __future__ import annotations

import pytest

from duoplay.games.duplik.listen import listen
from duoplay.games.duplik.scenes.facts import holds
from duoplay.games.duplik.scenes.model import Criterion
from duoplay.games.duplik.sketch import boxes_of, draw


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


@pytest.mark.parametrize(
    ("lang", "text", "pins"),
    [
        ("es", "A la derecha una cesta y al lado una silla.", {"basket": "right", "chair": "right"}),
        ("en", "On the right a box, a basket and a cup.", dict.fromkeys(("box", "basket", "cup"), "right")),
        ("fr", "À gauche une table, un chat et un chien.", {"table": "left", "cat": "left", "dog": "left"}),
        ("sv", "Till vänster, ett bord och en stol.", {"table": "left", "chair": "left"}),
    ],
)
def test_a_side_said_first_is_the_side_of_all_the_sentence_names_after_it(
    lang: str, text: str, pins: dict[str, str]
) -> None:
    assert listen(text, lang).pins == pins


def test_a_side_said_first_ends_with_its_sentence_or_another_side() -> None:
    heard = listen("On the left a tree, a cat. A dog. A cup, a box on the right, a car.", "en")
    assert heard.pins == {"tree": "left", "cat": "left", "box": "right"}


@pytest.mark.parametrize(
    ("lang", "text", "pins"),
    [
        ("fr", "Un panier et à droite une boîte.", {"box": "right"}),
        ("pl", "Drzewo i na prawo auto.", {"car": "right"}),
        ("en", "A tree and on the right a big house.", {"house": "right"}),
        ("en", "A table on the left with a dog under it.", {"table": "left"}),
    ],
)
def test_a_side_goes_to_the_thing_it_follows_else_to_the_thing_right_after(
    lang: str, text: str, pins: dict[str, str]
) -> None:
    assert listen(text, lang).pins == pins


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "A chair (back to the left), a cat."),
        ("sv", "En stol (ryggen till vänster) och en katt."),
        ("fr", "Une chaise (dossier à gauche) et un chat."),
    ],
)
def test_a_side_in_parentheses_is_an_aside_not_where_the_thing_stands(lang: str, text: str) -> None:
    assert listen(text, lang).pins == {}


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("es", "Un árbol y a su derecha un paraguas."),
        ("fr", "Un arbre, et à sa droite un parapluie."),
        ("en", "A tree. To its right an umbrella."),
        ("sv", "Ett träd och till höger om det ett paraply."),
        ("pl", "Drzewo, na prawo od niego parasol."),
    ],
)
def test_a_side_of_it_puts_the_thing_after_beside_the_thing_before(lang: str, text: str) -> None:
    assert _relations(text, lang) == [("left_of", "tree", ("umbrella",))]


def test_a_place_of_it_with_the_thing_after_in_the_next_clause() -> None:
    assert _relations("Una mesa, encima de ella una taza, luego un gato.", "es") == [
        ("on", "cup", ("table",))
    ]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("sv", "Ett träd till höger om mitten och en bil."),
        ("en", "A tree right of the middle and a car."),
    ],
)
def test_right_of_the_middle_is_a_side_of_the_picture_not_of_a_thing(lang: str, text: str) -> None:
    assert _relations(text, lang) == []


@pytest.mark.parametrize(
    ("text", "pins"),
    [
        ("Ett bord t vänster och en katt t höger.", {"table": "left", "cat": "right"}),
        ("Längst t höger en stol.", {"chair": "right"}),
    ],
)
def test_swedish_t_before_a_side_is_till(text: str, pins: dict[str, str]) -> None:
    assert listen(text, "sv").pins == pins


@pytest.mark.parametrize(
    ("lang", "text", "facing"),
    [
        ("pl", "Kot w paski, głowa w lewo.", {"cat": "left"}),
        ("fr", "Un chat, tête à gauche.", {"cat": "left"}),
        ("en", "A bird flying right.", {"bird": "right"}),
        ("sv", "En fågel som flyger åt höger.", {"bird": "right"}),
        ("es", "Un pájaro que vuela a la derecha.", {"bird": "right"}),
    ],
)
def test_a_head_or_a_flight_turned_one_way_is_where_the_animal_faces(
    lang: str, text: str, facing: dict[str, str]
) -> None:
    assert listen(text, lang).facing == facing


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "A spotty dog."),
        ("es", "Un perro con manchas."),
        ("fr", "Un chien à taches."),
        ("sv", "En fläckig hund."),
        ("pl", "Pies w cętki."),
    ],
)
def test_spots_and_patches_are_dots(lang: str, text: str) -> None:
    assert listen(text, lang).patterns == {"dog": "dotted"}


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Stół i małe krzesełko.", ["table", "chair"]),
        ("Pudełeczko i kot.", ["box", "cat"]),
    ],
)
def test_polish_diminutives_with_a_fleeting_e(text: str, kinds: list[str]) -> None:
    assert listen(text, "pl").order == kinds


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("En golvlampa och en katt.", ["lamp", "cat"]),
        ("Ett köksbord och en plastboll.", ["table", "ball"]),
    ],
)
def test_a_swedish_compound_names_its_last_part(text: str, kinds: list[str]) -> None:
    assert listen(text, "sv").order == kinds


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        ("Pudełko z kubkiem w środku.", ("inside", "cup", ("box",))),
        ("Koszyk z kotem w środku i drzewo.", ("inside", "cat", ("basket",))),
    ],
)
def test_polish_w_srodku_after_a_thing_with_something_is_inside_it(
    text: str, relation: tuple[str, str, tuple[str, ...]]
) -> None:
    assert _relations(text, "pl") == [relation]


def test_polish_w_srodku_before_a_thing_is_the_middle() -> None:
    heard = listen("W środku drzewo.", "pl")
    assert heard.relations == [] and heard.pins == {"tree": "middle"}


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "A tree. On the right a box, then a basket at the end."),
        ("es", "Un árbol. A la derecha una caja, luego una cesta al final."),
    ],
)
def test_things_on_one_side_are_drawn_in_the_order_named(lang: str, text: str) -> None:
    boxes = {box.kind: box for box in boxes_of(draw(listen(text, lang)))}
    assert boxes["tree"].cx < boxes["box"].cx < boxes["basket"].cx


@pytest.mark.parametrize(
    ("lang", "text", "sizes"),
    [
        ("en", "A big basket and a small striped umbrella.", {"basket": 1.35, "umbrella": 0.7}),
        ("es", "Una cesta pequeña con un ratón dentro.", {"basket": 0.7}),
        ("sv", "En stor hund och en liten randig katt.", {"dog": 1.35, "cat": 0.7}),
        ("fr", "Un petit chat et un petit chien.", {"cat": 0.7, "dog": 0.7}),
    ],
)
def test_a_size_goes_to_every_thing_it_is_said_of_past_a_pattern_word(
    lang: str, text: str, sizes: dict[str, float]
) -> None:
    assert listen(text, lang).sizes == sizes


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("sv", "Ett träd och till höger om det ett stort paraply."),
        ("es", "Un árbol y a su derecha un gran paraguas de lunares."),
    ],
)
def test_a_side_of_it_reaches_the_thing_past_its_adjectives(lang: str, text: str) -> None:
    assert _relations(text, lang) == [("left_of", "tree", ("umbrella",))]


@pytest.mark.parametrize(
    ("lang", "text", "relation"),
    [
        ("en", "A table. A cat under it.", ("under", "cat", ("table",))),
        ("es", "Una mesa. Un gato debajo de ella.", ("under", "cat", ("table",))),
        ("en", "A box, a basket right of it.", ("left_of", "box", ("basket",))),
        ("pl", "Stół. Kot pod nim.", ("under", "cat", ("table",))),
    ],
)
def test_it_is_the_thing_the_clause_before_named(
    lang: str, text: str, relation: tuple[str, str, tuple[str, ...]]
) -> None:
    assert _relations(text, lang) == [relation]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "A box with a cup on the lid."),
        ("fr", "Une boîte avec une tasse sur le couvercle."),
        ("sv", "En låda med en kopp på locket."),
    ],
)
def test_the_lid_stands_for_the_box(lang: str, text: str) -> None:
    assert _relations(text, lang) == [("on", "cup", ("box",))]


@pytest.mark.parametrize(
    ("lang", "text", "counts"),
    [
        ("en", "A pair of cats and twelve stars.", {"cat": 2, "star": 12}),
        ("es", "Un par de gatos y once estrellas.", {"cat": 2, "star": 11}),
        ("pl", "Dwie piłki i pięciu ptaków.", {"ball": 2, "bird": 5}),
        ("sv", "Ett par katter och tolv stjärnor.", {"cat": 2, "star": 12}),
        ("fr", "3x ballons et des étoiles x4.", {"ball": 3, "star": 4}),
    ],
)
def test_numbers_in_words_and_as_typed(lang: str, text: str, counts: dict[str, int]) -> None:
    assert listen(text, lang).counts == counts


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "A house with a basket on it."),
        ("es", "Una casa y una cesta encima."),
        ("fr", "Un arbre avec un panier dessus."),
        ("en", "A house with a basket in it."),
        ("sv", "Ett hus och en korg under det."),
    ],
)
def test_a_thing_where_its_host_cannot_hold_it_stands_beside_it(lang: str, text: str) -> None:
    boxes = {box.kind: box for box in boxes_of(draw(listen(text, lang)))}
    host = boxes["house"] if "house" in boxes else boxes["tree"]
    assert boxes["basket"].bottom > host.cy and not host.x < boxes["basket"].cx < host.right


def test_a_bird_may_sit_on_a_roof() -> None:
    boxes = {box.kind: box for box in boxes_of(draw(listen("A house with a bird on it.", "en")))}
    assert boxes["house"].x < boxes["bird"].cx < boxes["house"].right
    assert boxes["bird"].bottom <= boxes["house"].y + 0.6 * boxes["house"].h


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        ("A cat under the tree.", ("under", "cat", "tree")),
        ("A dog under the umbrella.", ("under", "dog", "umbrella")),
        ("A cat in the box.", ("inside", "cat", "box")),
    ],
)
def test_a_thing_its_host_can_hold_is_drawn_there(text: str, relation: tuple[str, str, str]) -> None:
    how, subject, host = relation
    boxes = boxes_of(draw(listen(text, "en")))
    assert holds(Criterion(how, subject, (host,)), boxes)
