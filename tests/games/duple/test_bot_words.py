"""The words Duple bots say: easy and normal answer with common words from the category's lists
(by wordfreq's frequency), hard knows rarer ones and always finds the most common accepted word."""

from __future__ import annotations

import random

import pytest

from duoplay.games.duple.ai import DupleWordEnv
from duoplay.games.duple.bots import LEVELS
from duoplay.games.duple.vocabulary import known, say_word
from duoplay.games.duple.words.answer import find_answer
from duoplay.games.duple.words.folding import fold
from duoplay.games.duple.words.judge import judge_answer, language

PROMPTS = 60
TRIES = 10  # a bot that finds nothing thinks again: ten tries are ten reaction times


def face_offs(lang: str) -> list[tuple[list[str], str]]:
    env = DupleWordEnv(lang, all_play_share=0.0)
    prompts = []
    for seed in range(PROMPTS):
        _, info = env.reset(seed=seed)
        prompts.append((info["letters"], info["category_id"]))
    return prompts


def listed(lang: str, category: str, word: str) -> bool:
    lexicon = language(lang).lexicon
    folded = fold(lang, word)
    return folded in lexicon.curated.get(category, {}) or folded in lexicon.extra.get(category, {})


def common_word_exists(lang: str, letters: list[str], category: str, floor: float) -> bool:
    data = language(lang)
    return any(data.common.frequency(lang, word) >= floor and listed(lang, category, word)
               and judge_answer(lang, word, letters, category).accepted
               for word in known(lang, category, LEVELS["hard"].vocabulary).words
               if all(fold(lang, letter) in fold(lang, word) for letter in letters))


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_easy_and_normal_answer_with_common_listed_words_where_one_exists(lang: str, level: str) -> None:
    vocabulary = LEVELS[level].vocabulary
    frequency = language(lang).common.frequency
    answered = with_common = 0
    for seed, (letters, category) in enumerate(face_offs(lang)):
        rng = random.Random(seed)
        words = [say_word(lang, letters, category, vocabulary, rng) for _ in range(TRIES)]
        said = [word for word in words if word is not None]
        for word in said:
            assert judge_answer(lang, word, letters, category).accepted, (letters, category, word)
            assert frequency(lang, word) >= vocabulary.min_zipf, (letters, category, word)
            assert listed(lang, category, word), (letters, category, word)
        if common_word_exists(lang, letters, category, vocabulary.min_zipf):
            with_common += 1
            answered += bool(said)
    assert with_common >= PROMPTS // 2  # most face-offs have a common word
    assert answered == with_common  # ... and the bot finds one within a few tries


def test_nobody_but_the_hard_bot_says_grubby_for_a_sea_creature() -> None:
    # The play test's Normal bot said "grubby" (Y, B; a small fish, but to most people an adjective).
    assert find_answer("en", ["Y", "B"], "sea_creature", 1.0, random.Random(0)) == "grubby"
    for level in ("easy", "normal"):
        said = {say_word("en", ["Y", "B"], "sea_creature", LEVELS[level].vocabulary, random.Random(seed))
                for seed in range(30)}
        assert said == {None}, level


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_hard_bot_says_the_most_common_accepted_word_and_knows_rarer_ones(lang: str) -> None:
    frequency = language(lang).common.frequency
    rarer = 0
    for seed, (letters, category) in enumerate(face_offs(lang)):
        word = say_word(lang, letters, category, LEVELS["hard"].vocabulary, random.Random(seed))
        assert word == find_answer(lang, letters, category, 1.0, random.Random(0))
        rarer += word is not None and frequency(lang, word) < LEVELS["normal"].vocabulary.min_zipf
    assert rarer >= 1


def test_easier_levels_know_fewer_words() -> None:
    sizes = [len(known("es", "animal", LEVELS[level].vocabulary).words)
             for level in ("easy", "normal", "hard")]
    assert sizes[0] < sizes[1] < sizes[2]
