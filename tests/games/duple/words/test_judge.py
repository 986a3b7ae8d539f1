"""The Duple judge: every reason with a real example, in Spanish and English."""

from __future__ import annotations

import pytest

from duoplay.games.duple.words.folding import fold, missing_letters
from duoplay.games.duple.words.judge import Verdict, judge_answer


def test_folding_keeps_n_tilde_apart_in_spanish_only() -> None:
    assert fold("es", "Canción") == "cancion"
    assert fold("es", "AÑO") == "año"
    assert fold("en", "Piñata") == "pinata"
    assert fold("es", "  Costa \t Rica ") == "costa rica"
    assert fold("en", "o’clock") == "o'clock"
    assert missing_letters("es", "año", ["N"]) == ["N"]
    assert missing_letters("es", "año", ["Ñ"]) == []
    assert missing_letters("en", "piñata", ["N"]) == []
    assert missing_letters("es", "Ángel", ["a", "L"]) == []


@pytest.mark.parametrize(("lang", "word", "letters", "category", "reason"), [
    ("es", "leopardo", ["L", "D"], "animal", "ok"),
    ("en", "leopard", ["L", "D"], "animal", "ok"),
    ("es", "  ", ["L", "D"], "animal", "empty"),
    ("en", "", ["L", "D"], "animal", "empty"),
    ("es", "casa dos", ["C", "D"], None, "several_words"),
    ("en", "ice cream", ["I", "C"], None, "several_words"),
    ("es", "leones", ["L", "S"], "animal", "plural"),
    ("en", "cats", ["C", "S"], "animal", "plural"),
    ("es", "lopardez", ["L", "D"], "animal", "not_a_word"),
    ("en", "leopardz", ["L", "D"], "animal", "not_a_word"),
    ("es", "Madrid", ["M", "D"], None, "proper_noun"),
    ("en", "Paris", ["P", "S"], None, "proper_noun"),
    ("es", "lámpara", ["L", "P"], "animal", "category"),
    ("en", "table", ["T", "B"], "animal", "category"),
])
def test_each_reason(lang: str, word: str, letters: list[str], category: str | None, reason: str) -> None:
    verdict = judge_answer(lang, word, letters, category)
    assert verdict.reason == reason
    assert verdict.accepted == (reason == "ok")


def test_missing_letters_are_named_as_on_the_card() -> None:
    assert judge_answer("es", "león", ["L", "D"], "animal") == Verdict(False, "missing_letter", "D")
    assert judge_answer("en", "cat", ["d", "g"], "animal") == Verdict(False, "missing_letter", "D, G")
    assert judge_answer("es", "pinata", ["Ñ", "P"], None) == Verdict(False, "missing_letter", "Ñ")


def test_an_s_of_the_word_itself_is_not_a_plural() -> None:
    assert judge_answer("es", "crisis", ["C", "S"], None).accepted
    assert judge_answer("en", "glass", ["G", "S"], None).accepted
    # a plural whose singular already has the letters is not made for them
    assert judge_answer("es", "leones", ["L", "N"], "animal").accepted


def test_case_and_accents_do_not_matter() -> None:
    assert judge_answer("es", "LEOPARDO", ["l", "d"], "animal").accepted
    assert judge_answer("es", "Leon", ["L", "N"], "animal").accepted  # león typed without its accent
    assert judge_answer("es", "cancion", ["C", "N"], None).accepted


def test_names_of_several_words_only_where_the_name_fits() -> None:
    assert judge_answer("es", "Costa Rica", ["C", "R"], "pais") == Verdict(True, "ok")
    assert judge_answer("en", "New Zealand", ["N", "Z"], "country") == Verdict(True, "ok")
    assert judge_answer("es", "Costa Rica", ["C", "R"], None).reason == "several_words"
    assert judge_answer("es", "Costa Rica", ["C", "R"], "animal").reason == "several_words"
    assert judge_answer("en", "New Zealand", ["N", "Z"], "animal").reason == "several_words"
    # a region is not a country
    assert judge_answer("es", "Europa", ["E", "R"], "pais").reason == "category"


def test_single_word_names_fit_their_category() -> None:
    assert judge_answer("es", "Madrid", ["M", "D"], "ciudad").accepted
    assert judge_answer("en", "Paris", ["P", "S"], "city").accepted
    assert judge_answer("es", "inglés", ["N", "G"], "idioma").accepted


def test_verbs() -> None:
    assert judge_answer("es", "explotar", ["P", "E"], "verbo").accepted
    assert judge_answer("es", "comieron", ["C", "M"], "verbo").accepted
    assert judge_answer("es", "lámpara", ["L", "P"], "verbo").reason == "category"
    assert judge_answer("en", "running", ["R", "N"], "verb").accepted


def test_remembered_words_pass_if_the_letters_are_there() -> None:
    remembered = frozenset({fold("es", "Tortugón")})
    assert judge_answer("es", "tortugon", ["T", "G"], "animal", remembered) == Verdict(True, "remembered")
    assert judge_answer("es", "tortugon", ["T", "D"], "animal", remembered).reason == "missing_letter"
    assert judge_answer("es", "tortugon", ["T", "G"], "animal").reason == "not_a_word"


def test_all_play_needs_every_letter_and_no_category() -> None:
    letters = ["A", "R", "T", "O"]
    assert judge_answer("es", "rato", letters, None).accepted
    assert judge_answer("es", "tarro", [*letters, "A"], None).accepted
    assert judge_answer("es", "rata", letters, None).reason == "missing_letter"
    assert judge_answer("en", "rota", letters, None).accepted


def test_unknown_language_or_category_is_refused() -> None:
    with pytest.raises(ValueError):
        judge_answer("de", "Hund", ["H"], None)
    with pytest.raises(ValueError):
        judge_answer("es", "perro", ["P"], "dinosaurio")


def test_the_same_question_gets_the_same_answer() -> None:
    first = judge_answer("en", "leopard", ["L", "D"], "animal")
    assert all(judge_answer("en", "leopard", ("L", "D"), "animal") == first for _ in range(3))
