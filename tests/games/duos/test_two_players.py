"""Rulebook "DUOS for Two Players" and NOTES DUOS 4: the cooperative variant with helps."""

from __future__ import annotations

import itertools
import random

import pytest
from tests.games.duos.helpers import new_match, pairs, place

from duoplay.bots.registry import make_bot
from duoplay.core.errors import GameError, IllegalAction
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duos.actions import GiveHelp, PlacePairs
from duoplay.games.duos.scoring import COOP_VERDICTS, coop_verdict


def test_two_players_cooperate_for_nine_turns_without_a_narrator() -> None:
    match = new_match(2)
    shown = match.view(0)
    assert shown["mode"] == "coop" and shown["narrator"] is None and shown["turns"] == 9
    turns = 0
    while match.outcome() is None:
        place(match, 0, "0-1 2-3 4-5 6-7")
        place(match, 1, "0-1 2-3 4-5 6-7")
        turns += 1
    assert turns == 9
    outcome = match.outcome()
    assert outcome is not None and outcome.scores == (9, 9) and outcome.winners == (0, 1)
    assert COOP_VERDICTS[9] in outcome.reason


@pytest.mark.parametrize("second, won", [
    ("0-1 2-3 4-5 6-7", 1), ("0-1 2-3 4-5 6-8", 1), ("0-1 2-3 4-6 5-7", 0), ("", 0),
])
def test_a_turn_is_won_with_three_or_four_identical_pairs(second: str, won: int) -> None:
    match = new_match(2)
    place(match, 0, "0-1 2-3 4-5 6-7")
    match.act(1, PlacePairs(pairs(second), True))
    assert match.view(0)["scores"] == [won, won]
    assert match.view(0)["history"][0]["points"] == [won, won]


def test_the_verdict_reads_the_points_from_zero_to_nine_or_more() -> None:
    assert len(set(COOP_VERDICTS)) == 10
    assert [coop_verdict(p) for p in range(10)] == list(COOP_VERDICTS)
    assert coop_verdict(12) == COOP_VERDICTS[9]


def test_few_turns_won_is_a_shared_loss_with_its_verdict() -> None:
    match = new_match(2, coop_turns=3)
    while match.outcome() is None:
        place(match, 0, "0-1")
        place(match, 1, "2-3")
    outcome = match.outcome()
    assert outcome is not None
    assert outcome.winners == () and outcome.results == (0.0, 0.0)
    assert outcome.reason.endswith(COOP_VERDICTS[0])
    assert match.view(0)["verdict"] == COOP_VERDICTS[0]


def test_helps_are_seen_by_the_partner_at_once() -> None:
    match = new_match(2)
    events = match.act(0, {"type": "word", "word": "Metal"})
    assert events[0].visible_to(1) == {"kind": "help", "seat": 0, "help": "word", "word": "Metal"}
    assert match.view(1)["helps"] == [{"seat": 0, "kind": "word", "word": "Metal"}]
    place(match, 1, "3-4", lock=False)
    match.act(1, {"type": "yes", "card": 4})
    assert match.view(0)["helps"][1] == {"seat": 1, "kind": "yes", "card": 4}


def test_one_help_per_player_and_never_the_same_help_as_the_partner() -> None:
    match = new_match(2)
    match.act(0, GiveHelp("no", card=5))
    error = assert_refusal_changes_nothing(match, 0, GiveHelp("word", word="sea"))
    assert "already used" in error.reason
    error = assert_refusal_changes_nothing(match, 1, GiveHelp("no", card=6))
    assert "partner" in error.reason
    match.act(1, GiveHelp("word", word="sea"))


def test_helps_come_back_after_every_turn() -> None:
    match = new_match(2)
    match.act(0, GiveHelp("word", word="sea"))
    place(match, 0, "0-1")
    place(match, 1, "0-1")
    assert match.view(0)["helps"] == []
    assert match.view(0)["history"][0]["helps"] == [{"seat": 0, "kind": "word", "word": "sea"}]
    match.act(0, GiveHelp("word", word="forest"))


@pytest.mark.parametrize("word", [
    "two words", "", " ", "1234", "x" * 41, "tab\there", "shoes,royal", "shoes/royal", "shoes_royal_evil",
    "a.b.c.d", "shoes1", "-shoes", "shoes-", "o''clock", "shoes!", "日本",
])
def test_word_is_one_word_of_letters(word: str) -> None:
    match = new_match(2)
    error = assert_refusal_changes_nothing(match, 0, {"type": "word", "word": word})
    assert isinstance(error, IllegalAction)


@pytest.mark.parametrize("joiner", ["\u200b", "\u200d", "\u2060", "\u00ad", "\ufeff"])
def test_words_joined_by_invisible_characters_are_refused(joiner: str) -> None:
    match = new_match(2)
    error = assert_refusal_changes_nothing(match, 0, {"type": "word", "word": f"shoes{joiner}royal"})
    assert isinstance(error, GameError)


@pytest.mark.parametrize("word", ["shoes", "well-known", "o'clock", "aujourd’hui", "Zapatos", "skor",
                                  "Mädchen", "żółw", "Ålborg", "niño", "cœur"])
def test_a_word_may_have_accents_and_a_hyphen_or_apostrophe_inside(word: str) -> None:
    match = new_match(2)
    match.act(0, {"type": "word", "word": word})
    assert match.view(1)["helps"] == [{"seat": 0, "kind": "word", "word": word}]


def test_cooperative_turns_alternate_the_two_categories_of_the_set() -> None:
    match = new_match(2, coop_turns=9)
    while match.outcome() is None:
        place(match, 0, "0-1")
        place(match, 1, "0-1")
    played = [turn["category"] for turn in match.view(0)["history"]]
    assert len(played) == 9 and len(set(played)) == 2
    assert all(a != b for a, b in itertools.pairwise(played))


def test_yes_marks_a_card_in_your_pairs_and_keeps_it_there() -> None:
    match = new_match(2)
    error = assert_refusal_changes_nothing(match, 0, GiveHelp("yes", card=3))
    assert "place a pair with it first" in error.reason
    place(match, 0, "3-8", lock=False)
    match.act(0, GiveHelp("yes", card=3))
    error = assert_refusal_changes_nothing(match, 0, PlacePairs(pairs("0-1 2-4"), True))
    assert "YES!" in error.reason
    place(match, 0, "0-1 3-4")
    assert match.view(0)["locked"] == [True, False]


def test_no_marks_a_card_outside_your_pairs_and_keeps_it_out() -> None:
    match = new_match(2)
    place(match, 1, "2-9", lock=False)
    error = assert_refusal_changes_nothing(match, 1, GiveHelp("no", card=9))
    assert "take it out" in error.reason
    match.act(1, GiveHelp("no", card=7))
    error = assert_refusal_changes_nothing(match, 1, PlacePairs(pairs("7-8"), False))
    assert "NO!" in error.reason
    legal = match.legal_actions(1)
    assert all(7 not in {p for pair in a.pairs for p in pair} for a in legal if isinstance(a, PlacePairs))
    assert GiveHelp("no", card=7) not in legal and PlacePairs(pairs("2-9"), True) in legal


@pytest.mark.parametrize("data", [{"type": "yes", "card": 12}, {"type": "no", "card": -1}])
def test_a_mark_must_be_on_a_card_of_the_grid(data: dict[str, object]) -> None:
    error = assert_refusal_changes_nothing(new_match(2), 0, data)
    assert "no card at position" in error.reason


def test_a_player_who_locked_in_gives_no_more_help() -> None:
    match = new_match(2)
    place(match, 0, "0-1")
    error = assert_refusal_changes_nothing(match, 0, GiveHelp("word", word="sea"))
    assert error.code == "not_your_turn"


def test_the_random_level_places_four_pairs_as_a_cooperative_partner() -> None:
    """The random bot level picks from the menu, helps included: it places 4 pairs on most turns
    (placing one, as it once did, no co-op turn could ever be won)."""
    placed: list[int] = []
    for seed in range(6):
        match = new_match(2, seed=seed)
        bots = [make_bot("duos", "random", 2 * seed + seat) for seat in (0, 1)]
        chooser = random.Random(seed)
        while match.outcome() is None:
            seat = chooser.choice(match.to_move())
            match.act(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat), seat))
        placed += [len(turn_pairs) for turn in match.view(0)["history"] for turn_pairs in turn["pairs"]]
    assert len(placed) == 6 * 9 * 2
    assert sum(n == 4 for n in placed) >= 0.7 * len(placed), placed
