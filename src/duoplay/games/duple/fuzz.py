"""Moves beyond the menu, for tests that try what players might send: answers (words that
fit, words that do not, odd text), votes and every other kind of move, from any seat. The
rules decide; this module never does."""

from __future__ import annotations

import random

from duoplay.games.duple.actions import (
    APPEAL,
    CLOSE,
    CLOSE_VOTE,
    FLIP,
    NEW_CATEGORY,
    PASS,
    STUCK,
    TIME_UP,
    Action,
    Answer,
    CastVote,
)
from duoplay.games.duple.state import DupleState

ODD_WORDS = ("", " ", "two words", "x" * 60, "🙂", "日本", "ñu", "Ñandú", "leopardo", "León", "cats",
             "crisis", "New York", "Costa Rica", "tab\there", "123", "!?", "ÉLÉPHANT", "a-b")


def fuzz_actions(state: DupleState, seat: int, rng: random.Random) -> list[Action]:
    actions: list[Action] = [
        Answer(rng.choice(ODD_WORDS)),
        Answer(_word_with_letters(state, rng)),
        CastVote(rng.random() < 0.5),
        rng.choice((FLIP, PASS, NEW_CATEGORY, APPEAL, CLOSE, STUCK, TIME_UP, CLOSE_VOTE)),
    ]
    return actions


def _word_with_letters(state: DupleState, rng: random.Random) -> str:
    """A string holding the race's letters, sometimes a real answer (the bot's words), often not."""
    race = state.race
    if race is None:
        return "palabra"
    letters = "".join(race.letters).lower()
    return rng.choice((letters, f"x{letters}o", letters[::-1] + "a"))
