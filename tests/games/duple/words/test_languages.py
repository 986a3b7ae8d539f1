"""Duple in Swedish, Polish and French: their letters, their categories, their judge and bot.

Each language loads once per process (its dictionary takes seconds): the `loaded` fixture
warms it up for the whole module, so no single test pays for it twice.
"""

from __future__ import annotations

import random

import pytest

from duoplay.cli.main import main
from duoplay.games.duple.words.answer import find_answer
from duoplay.games.duple.words.categories import LANGUAGES, find_category
from duoplay.games.duple.words.folding import fold, missing_letters
from duoplay.games.duple.words.judge import judge_answer, warm_up

NEW = ("sv", "pl", "fr")


@pytest.fixture(scope="module", params=NEW)
def loaded(request: pytest.FixtureRequest) -> str:
    lang: str = request.param
    warm_up(lang)
    return lang


def test_each_language_folds_its_own_letters_apart() -> None:
    assert fold("fr", "Élève") == "eleve" and fold("fr", "CŒUR") == "coeur"
    assert missing_letters("fr", "garçon", ["C"]) == []
    assert fold("sv", "Kött") == "kött" and fold("sv", "café") == "cafe"
    assert missing_letters("sv", "år", ["A"]) == ["A"]
    assert missing_letters("sv", "år", ["Å"]) == []
    assert fold("pl", "ŁYŻKA") == "łyżka"
    assert missing_letters("pl", "łyżka", ["L"]) == ["L"]
    assert missing_letters("pl", "łyżka", ["Ł", "Ż"]) == []
    assert missing_letters("es", "año", ["N"]) == ["N"]  # Spanish as before


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_deck_takes_the_english_decks_category_ids(lang: str) -> None:
    for english in ("animal", "body_part", "clothing", "colour", "country", "verb", "first_name"):
        found = find_category(lang, english)
        assert found is not None, (lang, english)
        assert found.english == english
    assert find_category(lang, "dinosaur") is None


def test_a_deck_also_takes_its_own_names() -> None:
    assert find_category("es", "pais") == find_category("es", "country") == find_category("es", "País")
    assert find_category("sv", "Kroppsdel") == find_category("sv", "body_part")
    assert find_category("pl", "część ciała") == find_category("pl", "czesc ciala")
    assert find_category("fr", "Partie du corps") == find_category("fr", "body part")


CASES = {
    "sv": [
        ("hund", ["H", "D"], "animal", "ok"),
        ("hundar", ["H", "D"], "animal", "ok"),  # an inflection that does not supply a letter
        ("bilen", ["B", "N"], "vehicle", "plural"),  # bil + -en: the N comes from the ending
        ("kott", ["K", "Ö"], "food", "ok"),  # typed without the dots: read as kött
        ("häst", ["H", "D"], "animal", "missing_letter"),
        ("lampa", ["L", "P"], "animal", "category"),
        ("hxndq", ["H", "D"], "animal", "not_a_word"),
        ("springer", ["S", "R"], "verb", "ok"),
        ("spik", ["S", "P"], "verb", "category"),  # a noun, not read as the imperative of spika
        ("golvlampa", ["L", "M"], "household", "ok"),  # a compound: golv + lampa
        ("fotbollsplan", ["F", "L"], "sport", "category"),  # ...whose last part must fit
        ("Stockholm", ["S", "K"], "city", "ok"),
        ("Sverige", ["S", "R"], "country", "ok"),
        ("Malmö", ["M", "L"], None, "proper_noun"),
        ("mjölk", ["M", "L"], None, "ok"),
        ("glass strut", ["G", "S"], "dessert", "several_words"),
    ],
    "pl": [
        ("kot", ["K", "T"], "animal", "ok"),
        ("żółw", ["Ż", "W"], "animal", "ok"),
        ("zolw", ["Z", "W"], "animal", "missing_letter"),  # ż is not z
        ("lyzka", ["Ł", "K"], None, "ok"),  # read as łyżka
        ("duży", ["D", "Y"], "adjective", "ok"),
        ("czytam", ["C", "Z"], "verb", "ok"),
        ("stół", ["S", "T"], "animal", "category"),
        ("Warszawa", ["W", "R"], "city", "ok"),
        ("Polska", ["P", "L"], "country", "ok"),
        ("Kraków", ["K", "R"], None, "proper_noun"),
        ("psqrk", ["P", "S"], "animal", "not_a_word"),
    ],
    "fr": [
        ("chat", ["C", "T"], "animal", "ok"),
        ("chats", ["C", "S"], "animal", "plural"),
        ("chevaux", ["V", "X"], "animal", "plural"),
        ("eleve", ["E", "L"], None, "ok"),
        ("coeur", ["O", "R"], "body_part", "ok"),
        ("mangeons", ["M", "G"], "verb", "ok"),
        ("belle", ["B", "L"], "adjective", "ok"),
        ("table", ["T", "B"], "animal", "category"),
        ("Paris", ["P", "S"], "city", "ok"),
        ("Paris", ["P", "S"], None, "proper_noun"),
        ("France", ["F", "R"], "country", "ok"),
        ("pomme de terre", ["P", "T"], "vegetable", "several_words"),
        ("chqtx", ["C", "T"], "animal", "not_a_word"),
    ],
}


def test_the_judge_in_each_language(loaded: str) -> None:
    for word, letters, category, reason in CASES[loaded]:
        verdict = judge_answer(loaded, word, letters, category)
        assert verdict.reason == reason, (loaded, word, letters, category, verdict)


PROMPTS = {
    "sv": [(["H", "D"], "animal"), (["S", "K"], "body_part"), (["A", "R", "T"], None)],
    "pl": [(["K", "T"], "animal"), (["R", "K"], "body_part"), (["A", "R", "O"], None)],
    "fr": [(["C", "T"], "animal"), (["B", "R"], "body_part"), (["A", "R", "T"], None)],
}


def test_the_hard_bot_answers_in_each_language(loaded: str) -> None:
    for letters, category in PROMPTS[loaded]:
        word = find_answer(loaded, letters, category, 1.0, random.Random(1))
        assert word is not None, (loaded, letters, category)
        assert judge_answer(loaded, word, letters, category).accepted


def test_the_command_judges_each_language(loaded: str, capsys: pytest.CaptureFixture[str]) -> None:
    word, letters, category, _ = CASES[loaded][0]
    assert main(["duple", "judge", "--lang", loaded, "--letters", *letters, "--category", category,
                 word]) == 0
    assert capsys.readouterr().out == f"{word}: accept\n"
    base = {"sv": "bil", "pl": "kot", "fr": "chat"}[loaded]
    inflected, letters = {"sv": ("bilen", ["B", "N"]), "pl": ("koty", ["K", "Y"]),
                          "fr": ("chats", ["C", "S"])}[loaded]
    assert main(["duple", "judge", "--lang", loaded, "--letters", *letters, "--all-play", inflected]) == 0
    out = capsys.readouterr().out
    assert out in (f"{inflected}: reject (a form of {base} made for a letter)\n", f"{inflected}: accept\n")


def test_bots_play_a_whole_match_in_each_language(loaded: str) -> None:
    from duoplay.bots.play import play_match

    played = play_match("duple", ["hard", "easy", "normal"], 3, options={"lang": loaded})
    assert played.outcome is not None and played.outcome["reason"] == "the letter deck is empty"
    assert sum(played.outcome["scores"]) > 0
