"""Rarer words of a category that the lists lack, placed ahead of time by translation and the
encoder (content/<lang>/inferred.tsv): what the files hold and how the judge uses them, on words
of their own (none from the benchmark's prompt sets)."""

from __future__ import annotations

import pytest

from duoplay.games.duple.words.categories import CONTENT, categories
from duoplay.games.duple.words.dictionary import hunspell
from duoplay.games.duple.words.folding import fold
from duoplay.games.duple.words.inferred import FILE, LANGUAGES, MARGIN, WIDENED, WRITTEN, load_inferred
from duoplay.games.duple.words.inflection import swedish_verb
from duoplay.games.duple.words.judge import judge_answer, language, warm_up


@pytest.fixture(scope="module", autouse=True)
def loaded() -> None:
    for lang in LANGUAGES:
        warm_up(lang)


def rows(lang: str) -> list[list[str]]:
    text = (CONTENT / lang / FILE).read_text("utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_row_places_a_word_its_category_lacks_in_a_category_of_common_nouns(lang: str) -> None:
    found = rows(lang)
    assert len(found) > 500
    curated = language(lang).lexicon.curated
    for category, word, margin, translation in found:
        assert categories(lang)[category].english in WIDENED
        assert fold(lang, word) not in curated.get(category, {})
        assert float(margin) >= WRITTEN and translation


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_judge_reads_the_placements_whose_margin_reaches_the_languages(lang: str) -> None:
    trusted = load_inferred(lang)
    every = load_inferred(lang, WRITTEN)
    assert trusted == language(lang).lexicon.inferred
    assert 0 < sum(map(len, trusted.values())) < sum(map(len, every.values()))
    assert MARGIN[lang] > WRITTEN


@pytest.mark.parametrize(("lang", "word", "letters", "category"), [
    ("pl", "kocica", "KC", "animal"),  # she-cat
    ("pl", "entomolog", "EN", "profession"),
    ("fr", "apothicaire", "AP", "profession"),
    ("sv", "rävhona", "RH", "animal"),  # vixen
])
def test_a_rarer_word_fits_the_category_it_was_placed_in_and_no_unrelated_one(
        lang: str, word: str, letters: str, category: str) -> None:
    assert word not in language(lang).lexicon.curated.get(category, {})
    assert judge_answer(lang, word, list(letters), category).reason == "ok"
    assert judge_answer(lang, word, list(letters), "vehicle").reason == "category"


def test_an_inflected_form_fits_through_its_base() -> None:
    assert judge_answer("pl", "kocice", list("KC"), "animal").reason == "ok"


def test_a_placement_under_the_margin_is_not_trusted() -> None:
    # nectarine: its Polish neighbours are fruit, not other food, by more than the margin allows
    assert "nektarynka" not in load_inferred("pl").get("kitchen", frozenset())
    assert "nektarynka" in load_inferred("pl", WRITTEN)["kitchen"]


def test_swedish_infinitives_are_told_by_their_tenses() -> None:
    lookup = hunspell("sv").lookup
    assert swedish_verb("alstra", lookup) and swedish_verb("bedöma", lookup)
    assert not swedish_verb("lampa", lookup) and not swedish_verb("kyrka", lookup)
    assert not swedish_verb("skapelse", lookup)


def test_a_swedish_compound_ending_in_a_placed_word_fits_too() -> None:
    assert judge_answer("sv", "vårtsvin", list("VR"), "animal").reason == "ok"  # warthog, from svin
    assert judge_answer("sv", "vårtsvin", list("VR"), "vehicle").reason != "ok"
