"""Actions beyond the menu `legal_actions` lists, for tests that try what players might send.

The menu holds locking in, the seat's YES!/NO! marks and single pairs; any set of up to
4 disjoint pairs is just as legal, and WORD takes any single word. These are random
sets of pairs (some valid, some overlapping, repeating a card or off the grid), helps
with odd words and marks on any position, and the table's own timeout. Some are legal,
most are refused; `rules.check` decides, never this module.
"""

from __future__ import annotations

import random

from duoplay.games.duos.actions import LOCK, TIMEOUT, Action, GiveHelp, PlacePairs
from duoplay.games.duos.cards import GRID
from duoplay.games.duos.pairing import MAX_PAIRS, all_placements, normal
from duoplay.games.duos.state import DuosState

# Words a person might type as a WORD help: accented, non-Latin, long, short, punctuated,
# and words that are no single word at all (spaces, no letter, empty, too long).
ODD_WORDS = (
    "metal", "Métal", "naïve", "o'clock", "İstanbul", "straße", "日本", "ÅÄÖ", "x", "a1", "pairs",
    "lock", "word", "yes", "no", "well-known", "x" * 40, "x" * 41, "", " ", "two words", "tab\there",
    "no\u00a0break", "123", "!?", "🙂", "🙂a",
)
_LETTERS = "abcdefghijklmnopqrstuvwxyzéüñåøæ-'0"


def fuzz_actions(state: DuosState, seat: int, rng: random.Random) -> list[Action]:
    actions: list[Action] = [
        PlacePairs(rng.choice(all_placements()), rng.random() < 0.3),  # valid, unless it breaks a mark
        PlacePairs(_any_pairs(rng), rng.random() < 0.3),
        PlacePairs(_any_pairs(rng), rng.random() < 0.3),
        GiveHelp("word", word=rng.choice(ODD_WORDS)),
        GiveHelp("word", word=_random_word(rng)),
        GiveHelp(rng.choice(("yes", "no")), card=rng.randrange(-2, GRID + 2)),
        rng.choice((LOCK, TIMEOUT)),
    ]
    used = [p for pair in state.pairs[seat] for p in pair] if 0 <= seat < state.seats else []
    if used:  # YES! on a used card and NO! on an unused one are legal in the co-op game
        actions.append(GiveHelp("yes", card=rng.choice(used)))
    actions.append(GiveHelp("no", card=rng.choice([c for c in range(GRID) if c not in used])))
    return actions


def _any_pairs(rng: random.Random) -> tuple[tuple[int, int], ...]:
    """0 to 5 pairs of positions in and around the grid: overlaps, a card twice, off the grid."""
    count = rng.randrange(MAX_PAIRS + 2)
    return normal((rng.randrange(-1, GRID + 1), rng.randrange(-1, GRID + 1)) for _ in range(count))


def _random_word(rng: random.Random) -> str:
    return "".join(rng.choice(_LETTERS) for _ in range(rng.randrange(1, 12)))
