"""The bot's word finder: it says words the judge accepts, the most common first, fast."""

from __future__ import annotations

import random
import time

import pytest

from duoplay.games.duple.words.answer import candidates, find_answer
from duoplay.games.duple.words.judge import judge_answer, warm_up


@pytest.mark.parametrize(("lang", "letters", "category"), [
    ("es", ["L", "D"], "animal"),
    ("es", ["P", "A"], "pais"),
    ("es", ["A", "R", "T", "O"], None),
    ("en", ["L", "D"], "animal"),
    ("en", ["R", "B"], "bird"),
    ("en", ["A", "R", "T", "O", "S"], None),
])
def test_the_hard_bot_says_a_word_the_judge_accepts(lang: str, letters: list[str],
                                                    category: str | None) -> None:
    word = find_answer(lang, letters, category, 1.0, random.Random(1))
    assert word is not None
    assert judge_answer(lang, word, letters, category).accepted


def test_the_hard_bot_says_the_most_common_accepted_word_every_time() -> None:
    first = find_answer("es", ["R", "O"], "animal", 1.0, random.Random(1))
    assert first is not None
    assert find_answer("es", ["R", "O"], "animal", 1.0, random.Random(99)) == first
    found = candidates("es", "animal")
    accepted = [w for w in found.words if judge_answer("es", w, ["R", "O"], "animal").accepted]
    assert accepted[0] == first


def test_weaker_bots_know_fewer_words_and_sometimes_miss() -> None:
    rng = random.Random(5)
    answers = [find_answer("es", ["R", "O"], "animal", 0.2, rng) for _ in range(200)]
    assert None in answers
    said = [a for a in answers if a is not None]
    assert said and all(judge_answer("es", a, ["R", "O"], "animal").accepted for a in said)


def test_impossible_letters_get_no_answer() -> None:
    assert find_answer("en", ["Q", "X", "Z", "J"], "bird", 1.0, random.Random(0)) is None


def test_an_answer_takes_well_under_50_ms_once_loaded() -> None:
    warm_up("en")
    candidates("en", "animal")
    started = time.process_time()
    for letters in (["L", "D"], ["Y", "K"], ["P", "W"], ["J", "V"]):
        find_answer("en", letters, "animal", 1.0, random.Random(0))
    assert (time.process_time() - started) / 4 < 0.05
