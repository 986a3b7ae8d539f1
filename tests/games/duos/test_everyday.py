"""Everyday words (not our cards): the bot pairs a thing with what goes with it, as people do, in
every language, from the annotators' lists (content/everyday/)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from duoplay.games.duos.association import choose_pairs, relatedness
from duoplay.games.duos.everyday import english_words, everyday_link, everyday_links, translations

FOLDER = resources.files("duoplay.games.duos").joinpath("content", "everyday")
LANGUAGES = ("es", "fr", "pl", "sv")

# Four things of two kinds each (two foods, two farm animals, two tools...): an encoder pairs by
# kind; people pair each with what goes with it.
BOARD = {
    "en": ["hot dog", "sheep", "hammer", "salt", "mustard", "lamb", "nail", "pepper",
           "hen", "chick", "pillow", "bed"],
    "es": ["perrito caliente", "oveja", "martillo", "sal", "mostaza", "cordero", "clavo", "pimienta",
           "gallina", "pollito", "almohada", "cama"],
    "fr": ["hot-dog", "mouton", "marteau", "sel", "moutarde", "agneau", "clou", "poivre",
           "poule", "poussin", "oreiller", "lit"],
    "pl": ["hot dog", "owca", "młotek", "sól", "musztarda", "jagnię", "gwóźdź", "pieprz",
           "kura", "kurczątko", "poduszka", "łóżko"],
    "sv": ["varmkorv", "får", "hammare", "salt", "senap", "lamm", "spik", "peppar",
           "höna", "kyckling", "kudde", "säng"],
}
WANTED = {(0, 4), (1, 5), (2, 6), (3, 7), (8, 9), (10, 11)}


def test_each_annotator_wrote_alone_with_strengths_from_one_to_three() -> None:
    files = [entry for entry in FOLDER.iterdir() if entry.name.endswith(".json")]
    assert len(files) >= 6
    for entry in files:
        annotator = json.loads(entry.read_text("utf-8"))
        assert annotator["method"] and annotator["how"] and annotator["written"]
        assert len(annotator["links"]) >= 250
        for word, partners in annotator["links"].items():
            assert word and 1 <= len(partners) <= 8, word
            assert all(isinstance(p, str) and p and s in (1, 2, 3) for p, s in partners), word


def test_links_read_either_way_round_in_any_form_and_never_link_a_word_to_itself() -> None:
    assert everyday_link("mustard", "hot dog") == everyday_link("hot dog", "mustard") == 1.0
    assert everyday_link("Lambs", "SHEEP") == 1.0  # plural and capitals, as a board writes them
    assert everyday_link("hot dog", "taco") == 0.0
    assert all(len(pair) == 2 and 0 < link <= 1 for pair, link in everyday_links().items())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_english_word_of_the_lists_is_translated_by_hand(language: str) -> None:
    english = {word for pair in everyday_links() for word in pair}
    said = {word for words in translations(language).values() for word in words}
    assert len(said) >= 0.95 * len(english)
    assert "lamb" in english_words({"es": "cordero", "fr": "agneau", "pl": "jagnię", "sv": "lamm"}[language],
                                   language)


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_a_board_of_everyday_words_is_paired_by_what_goes_together_in_every_language(language: str) -> None:
    names = BOARD[language]
    pairs = set(choose_pairs(relatedness(names, language), count=6))
    assert len(pairs & WANTED) >= 5, [(names[a], names[b]) for a, b in pairs]
