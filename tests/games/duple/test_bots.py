"""Duple's bots: each level flips, answers words the judge accepts, votes, and races with a
person's reaction time; the hard bot beats the easy one."""

from __future__ import annotations

import random

import pytest
from tests.games.duple.tables import answer, deal, flip, new_match

from duoplay.bots.play import play_match
from duoplay.core.match import Match
from duoplay.games.duple.actions import APPEAL, FLIP, NEW_CATEGORY, PASS, STUCK, Answer, CastVote
from duoplay.games.duple.bots import LEVELS, DupleBot, reaction_time
from duoplay.games.duple.words.judge import judge_answer

LEVEL_NAMES = list(LEVELS)


def choose(bot: DupleBot, match: Match, seat: int) -> object:
    return bot.choose(match.view(seat), match.legal_actions(seat), seat)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_each_level_flips_on_its_turn(level: str) -> None:
    match = new_match(3)
    assert choose(DupleBot(level, 1), match, 0) == FLIP


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_each_level_answers_words_the_judge_accepts(level: str) -> None:
    found = 0
    questions = [("A/drop", "O/drop", "animal"), ("A/star", "E/star", "fruta"), ("C/star", "R/star", "pais"),
                 ("A/drop", "O/drop", "verbo")]
    for seed, (left, right, category) in enumerate(questions):
        match = new_match(3)
        deal(match, piles=["", right, ""], flips=[left], category=category)
        flip(match, 0)
        bot = DupleBot(level, seed)
        for _ in range(4):  # a bot that finds nothing yet thinks again
            chosen = choose(bot, match, 1)
            if isinstance(chosen, Answer):
                race = match.view(1)["race"]
                verdict = judge_answer("es", chosen.word, race["letters"], category)
                assert verdict.accepted, (level, chosen.word, verdict)
                found += 1
                break
            assert chosen in (None, PASS)
    assert found >= 2


def test_the_hard_bot_answers_an_all_play_without_proper_nouns() -> None:
    match = new_match(3)
    deal(match, piles=["", "R/star O/drop", "T/moon"], flips=["A/drop"], category="animal",
         after=["all_play", "fruta"])
    flip(match, 0)
    answer(match, 0, "gato")
    match.act(None, {"type": "close"})
    chosen = choose(DupleBot("hard", 1), match, 2)
    assert isinstance(chosen, Answer)
    assert judge_answer("es", chosen.word, ["A", "R", "T"], None).accepted


def test_a_bot_without_a_word_turns_a_new_category_when_stuck_or_passes() -> None:
    match = new_match(3)
    # No colour holds both V and Z: no bot finds a word.
    deal(match, piles=["", "Z/bolt", ""], flips=["wild heart/bolt", "V/heart"], category="color")
    flip(match, 0)
    flip(match, 0)
    bot = DupleBot("easy", 3)
    assert [choose(bot, match, 0) for _ in range(LEVELS["easy"].blanks)] == [None, None, PASS]
    match.act(None, STUCK)
    assert choose(DupleBot("easy", 3), match, 1) == NEW_CATEGORY


def test_a_bot_turns_two_new_categories_at_most_then_passes() -> None:
    # V and Z fit none of these categories: two bots turning categories would never stop.
    match = new_match(3)
    deal(match, piles=["", "Z/bolt", ""], flips=["wild heart/bolt", "V/heart"], category="color",
         after=["fruta", "mueble", "ropa"])
    flip(match, 0)
    flip(match, 0)
    bot = DupleBot("easy", 3)
    chosen = []
    for _ in range(2 + LEVELS["easy"].blanks):
        if not match.view(0)["race"]["stuck"]:
            match.act(None, STUCK)  # the table's clock: stuck_seconds without a word
        chosen.append(choose(bot, match, 0))
        if chosen[-1] == NEW_CATEGORY:
            match.act(0, NEW_CATEGORY)
    assert chosen == [NEW_CATEGORY, NEW_CATEGORY, None, None, PASS]
    assert match.view(0)["category"]["id"] == "mueble"


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_each_level_votes(level: str) -> None:
    match = new_match(3)
    deal(match, piles=["", "E/star", ""], flips=["A/star"], category="animal")
    flip(match, 0)
    answer(match, 0, "mesa")
    match.act(0, APPEAL)
    chosen = choose(DupleBot(level, 1), match, 2)
    assert chosen == CastVote(True)  # a real word off the category gets the benefit of the doubt
    match = new_match(3)
    deal(match, piles=["", "E/star", ""], flips=["A/star"], category="animal")
    flip(match, 0)
    answer(match, 0, "xyzzyae")
    match.act(0, APPEAL)
    assert choose(DupleBot(level, 1), match, 1) == CastVote(False)


def test_faster_levels_react_sooner() -> None:
    view = {"phase": "faceoff"}
    means = []
    for level in LEVEL_NAMES:
        rng = random.Random(0)
        means.append(sum(reaction_time(view, 0, level, rng) for _ in range(200)) / 200)
    assert means == sorted(means, reverse=True)  # easy, normal, hard: each quicker
    rng = random.Random(0)
    assert all(reaction_time({"phase": "flip"}, 0, "easy", rng) < 3 for _ in range(20))


def test_a_bot_match_ends_with_an_outcome_and_hard_beats_easy() -> None:
    wins = 0
    for seed in range(4):
        played = play_match("duple", ["hard", "easy"], seed)
        assert played.outcome is not None and played.outcome["reason"] == "the letter deck is empty"
        wins += played.outcome["winners"] == [0]
    assert wins >= 3


def test_bots_play_a_four_seat_match_to_the_end() -> None:
    played = play_match("duple", ["hard", "normal", "easy", "normal"], 7)
    assert played.outcome is not None and sum(played.outcome["scores"]) > 0
