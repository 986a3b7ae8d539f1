"""NOTES DUOS 1: our own cards. Four categories in two double-sided sets, five languages, a picture each."""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest

from duoplay.games.duos.cards import CATEGORIES, LANGUAGES, SETS, face_by_id, faces, icons, set_size


@pytest.mark.parametrize("category", CATEGORIES)
def test_each_category_has_at_least_58_cards(category: str) -> None:
    assert len(faces(category)) >= 58


def test_the_two_sets_are_double_sided_sport_fairy_tales_and_things_animals() -> None:
    assert [sides for _, sides in SETS] == [("sport", "fairy-tales"), ("things", "animals")]
    for index, (_, (front, back)) in enumerate(SETS):
        assert len(faces(front)) == len(faces(back)) == set_size(index)


@pytest.mark.parametrize("category", CATEGORIES)
def test_every_card_has_a_name_in_every_language(category: str) -> None:
    for face in faces(category):
        names = dict(face.names)
        assert set(names) == set(LANGUAGES), face.id
        for language, name in names.items():
            assert name == name.strip() and name, (face.id, language)
            assert name[0].isupper() or name[0].isdigit(), (face.id, language, name)


@pytest.mark.parametrize("category", CATEGORIES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_two_cards_share_a_name_within_a_language_and_category(category: str, language: str) -> None:
    counts = Counter(face.name(language).casefold() for face in faces(category))
    assert [name for name, n in counts.items() if n > 1] == []


def test_face_ids_are_unique_and_name_their_category() -> None:
    ids = [face.id for category in CATEGORIES for face in faces(category)]
    assert len(ids) == len(set(ids))
    assert all(face.id.startswith(f"{face.category}/") for c in CATEGORIES for face in faces(c))


def test_every_card_has_a_picture_and_only_used_pictures_are_shipped() -> None:
    shipped = icons()
    used = {face.icon for category in CATEGORIES for face in faces(category)}
    assert used == set(shipped)
    for key in used:
        picture = shipped[key]
        assert picture["body"].lstrip().startswith("<") and picture["width"] > 0 and picture["height"] > 0


def test_the_pictures_licence_is_kept_with_them() -> None:
    text = resources.files("duoplay.games.duos").joinpath("content", "LICENSE-icons.txt").read_text("utf-8")
    assert "MIT License" in text and "Microsoft" in text and "fluent-emoji-flat" in text


def test_the_curated_associations_name_real_cards_of_one_category() -> None:
    from duoplay.games.duos.association import _curated, curated_ids_known
    from duoplay.games.duos.cards import face_by_id

    assert curated_ids_known() <= set(face_by_id())
    groups, firsts = _curated()
    for key in (*groups, *firsts):
        assert len(key) == 2 and len({face_id.split("/")[0] for face_id in key}) == 1, key


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bots_hint_words_are_single_words_in_every_language(language: str) -> None:
    from duoplay.games.duos.help_word import is_one_word
    from duoplay.games.duos.lexicon import hint_entries, hint_words

    assert all(set(entry) == set(LANGUAGES) for entry in hint_entries())
    words = hint_words(language)
    assert len(words) >= 100 and all(is_one_word(w) for w in words), [w for w in words if not is_one_word(w)]
    if language == "en":
        assert len(set(words)) == len(words)


def test_the_shipped_vectors_cover_every_card_name_and_hint_word() -> None:
    """A bot reading our own cards never loads the encoder: rebuild with
    `python -m duoplay.games.duos.vectors` after changing names or hint words."""
    from duoplay.games.duos.vectors import shipped, shipped_texts

    assert set(shipped_texts()) <= set(shipped())
    assert all(abs(float((vector * vector).sum()) - 1) < 1e-3 for vector in shipped().values())


def test_every_card_face_is_described_and_goes_with_real_cards_of_its_category() -> None:
    from duoplay.games.duos.descriptions import described_ids, links_known

    assert described_ids() == set(face_by_id())
    assert links_known() <= set(face_by_id())


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_name_is_another_card_name_with_an_ending_added(language: str) -> None:
    """Esquí beside Esquís or Sorcier beside Sorcière read as one card twice."""
    from duoplay.games.duos.lexicon import fold

    for category in CATEGORIES:
        names = sorted({fold(face.name(language)) for face in faces(category)})
        close = [(a, b) for a in names for b in names if b in (a + "s", a + "e", a + "es")]
        assert close == [], (category, close)


STORY_CHARACTERS = ["big-bad-wolf", "snow-queen", "sleeping-beauty", "frog-prince", "ugly-duckling",
                    "white-rabbit", "three-bears", "little-pig"]
# Words a title leaves in lower case ("Reina de las Nieves", "Belle au Bois Dormant").
SMALL_WORDS = {"de", "las", "los", "la", "del", "au", "du", "des", "le", "och", "i"}


def test_story_characters_are_written_as_names() -> None:
    """English capitalizes every word of a story character's name, as it does for Snow Queen."""
    for key in STORY_CHARACTERS:
        name = face_by_id()[f"fairy-tales/{key}"].name("en")
        assert all(word[0].isupper() for word in name.split()), name


@pytest.mark.parametrize("language", LANGUAGES)
def test_story_characters_are_capitalized_one_way_within_each_language(language: str) -> None:
    """"Big bad wolf" beside "Snow Queen" reads as two conventions: each language keeps one, either
    every word of the name capitalized (en, es, pl, fr) or only the first (Swedish "Lilla grisen")."""
    styles = {}
    for key in STORY_CHARACTERS:
        name = face_by_id()[f"fairy-tales/{key}"].name(language)
        words = name.split()
        assert words[0][0].isupper(), name
        later = [w for w in words[1:] if w.casefold() not in SMALL_WORDS]
        if later:
            styles[name] = "title" if all(w[0].isupper() for w in later) else (
                "sentence" if not any(w[0].isupper() for w in later) else "mixed")
    assert len(set(styles.values())) == 1 and "mixed" not in styles.values(), styles


@pytest.mark.parametrize("face_id, language, wrong, right", [
    ("sport/running", "es", "Carrera", "Correr"),
    ("fairy-tales/little-pig", "sv", "Liten gris", "Lilla grisen"),
    ("fairy-tales/three-bears", "sv", "Tre björnar", "De tre björnarna"),
    ("fairy-tales/bag-of-gold", "fr", "Sac d'or", "Bourse d’or"),
])
def test_names_read_as_people_say_them(face_id: str, language: str, wrong: str, right: str) -> None:
    assert face_by_id()[face_id].name(language) == right != wrong


@pytest.mark.parametrize("face_id, language, wrong", [
    ("sport/canoe", "pl", "Kajak"),  # a kayak is another boat; a canoe is a kanadyjka
    ("things/toilet", "pl", "Sedes"),  # the seat, not the toilet
    ("fairy-tales/wizard", "fr", "Sorcier"),  # beside Sorcière (the witch) it reads as the same card
])
def test_names_that_named_something_else_are_gone(face_id: str, language: str, wrong: str) -> None:
    assert face_by_id()[face_id].name(language) != wrong


# Faces whose plain icon showed something else (an oni mask for the ogre, a tengu mask for the goblin,
# Needle's sewing needle, then a ball of yarn, for the spindle, a blue tropical fish for the goldfish) or
# too little (a lone snowflake, one bear's head, a red high heel, a plain goose and egg).
REDRAWN = {"ogre": "ogre", "goblin": "goblin", "spindle": "yarn", "goldfish": "tropical-fish",
           "snow-queen": "snowflake", "three-bears": "bear", "glass-slipper": "high-heeled-shoe",
           "golden-goose": "goose", "golden-egg": "egg"}


@pytest.mark.parametrize("key, old_icon", REDRAWN.items())
def test_the_pictures_found_wrong_are_drawn_for_their_card(key: str, old_icon: str) -> None:
    from duoplay.games.duos.pictures import DRAWN, RECIPES

    face = face_by_id()[f"fairy-tales/{key}"]
    assert face.icon == f"duoplay:{key}" != f"fluent-emoji-flat:{old_icon}"
    assert face.icon in icons() and (key in DRAWN or key in RECIPES)
    if key in DRAWN:
        assert icons()[face.icon]["body"] == DRAWN[key]


def test_no_two_cards_of_a_set_share_a_picture_unless_they_are_the_same_thing() -> None:
    """A picture twice in one set reads as one card twice; the exceptions are a story's animal and
    the animal itself (the Big Bad Wolf and the Wolf), which sit in different sets."""
    for _, sides in SETS:
        pictures = Counter(face.icon for category in sides for face in faces(category))
        assert [icon for icon, n in pictures.items() if n > 1] == []
    assert face_by_id()["fairy-tales/spindle"].icon != face_by_id()["things/needle"].icon


def _colours(icon: str) -> set[tuple[float, float, float]]:
    """(hue in degrees, lightness, saturation) of every colour a picture uses."""
    import colorsys
    import re

    found = set()
    for text in re.findall(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b", icons()[icon]["body"]):
        text = text if len(text) == 6 else "".join(c * 2 for c in text)
        red, green, blue = (int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))
        hue, lightness, saturation = colorsys.rgb_to_hls(red, green, blue)
        found.add((hue * 360, lightness, saturation))
    return found


def test_the_golden_goose_has_gold_feathers_and_the_snow_queen_is_not_the_princess_in_purple() -> None:
    assert not [c for c in _colours("duoplay:golden-goose") if c[1] > 0.9]  # no white feathers left
    purple = [c for c in _colours("duoplay:snow-queen") if 250 <= c[0] <= 285 and c[2] > 0.3]
    assert purple == [] and any(190 <= c[0] <= 215 for c in _colours("duoplay:snow-queen"))
    assert face_by_id()["fairy-tales/snow-queen"].icon != face_by_id()["fairy-tales/princess"].icon
