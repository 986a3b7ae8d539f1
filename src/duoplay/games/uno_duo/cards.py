"""The UNO Duo deck as small integers.

A card face is an int: colour * 13 + rank for coloured cards (ranks 0-9 are
numbers, then Draw 2, Reverse, Skip), and 52-55 for the four kinds of wild.
Identical cards share a face, so a hand is a list of faces.
"""

from __future__ import annotations

from collections import Counter

COLOURS = ("red", "yellow", "green", "blue")
COLOUR_LETTERS = ("R", "Y", "G", "B")
RED, YELLOW, GREEN, BLUE = range(4)

DRAW_TWO, REVERSE, SKIP = 10, 11, 12
RANKS_PER_COLOUR = 13

WILD = 52
WILD_DRAW_FOUR = 53
WILD_SHUFFLE = 54  # Wild Shuffle Hands, in the 112-card deck
WILD_CUSTOM = 55  # Wild Customizable, plays as a plain Wild
FACE_COUNT = 56

_RANK_CODES = (*tuple(str(n) for n in range(10)), "+2", "rev", "skip")
_WILD_CODES = {WILD: "wild", WILD_DRAW_FOUR: "wild+4", WILD_SHUFFLE: "wild-shuffle",
               WILD_CUSTOM: "wild-custom"}
_RANK_NAMES = (*tuple(str(n) for n in range(10)), "Draw 2", "Reverse", "Skip")
_WILD_NAMES = {WILD: "Wild", WILD_DRAW_FOUR: "Wild Draw 4", WILD_SHUFFLE: "Wild Shuffle Hands",
               WILD_CUSTOM: "Wild Customizable"}


def face(colour: int, rank: int) -> int:
    return colour * RANKS_PER_COLOUR + rank


def colour_of(card: int) -> int:
    """The printed colour of a coloured card; -1 for wilds."""
    return -1 if card >= WILD else card // RANKS_PER_COLOUR


def rank_of(card: int) -> int:
    """0-9, DRAW_TWO, REVERSE or SKIP for coloured cards; the face itself for wilds."""
    return card if card >= WILD else card % RANKS_PER_COLOUR


def points(card: int) -> int:
    """Scoring value: numbers at face value, coloured actions 10, Wild Draw 4 20, other wilds 15."""
    if card == WILD_DRAW_FOUR:
        return 20
    if card >= WILD:
        return 15
    rank = card % RANKS_PER_COLOUR
    return rank if rank < DRAW_TWO else 10


def code(card: int) -> str:
    """Short stable text used in JSON: 'R5', 'G+2', 'Brev', 'Yskip', 'wild', 'wild+4'."""
    if card >= WILD:
        return _WILD_CODES[card]
    return COLOUR_LETTERS[card // RANKS_PER_COLOUR] + _RANK_CODES[card % RANKS_PER_COLOUR]


def rank_name(rank: int) -> str:
    """A coloured card's rank as players call it: '5', 'Draw 2', 'Reverse', 'Skip'."""
    return _RANK_NAMES[rank]


def name(card: int) -> str:
    """Readable English name: 'red 5', 'green Draw 2', 'Wild Draw 4'."""
    if card >= WILD:
        return _WILD_NAMES[card]
    return f"{COLOURS[card // RANKS_PER_COLOUR]} {_RANK_NAMES[card % RANKS_PER_COLOUR]}"


CODES = tuple(code(f) for f in range(FACE_COUNT))
CODE_TO_FACE = {code(f): f for f in range(FACE_COUNT)}
COLOUR_INDEX = {**{c: i for i, c in enumerate(COLOURS)},
                **{c.lower(): i for i, c in enumerate(COLOUR_LETTERS)}}

# Precomputed per face, for the hot path.
COLOUR_OF = tuple(colour_of(f) for f in range(FACE_COUNT))
RANK_OF = tuple(rank_of(f) for f in range(FACE_COUNT))
POINTS = tuple(points(f) for f in range(FACE_COUNT))


def classic_deck() -> list[int]:
    """The 108 cards: per colour one 0, two each of 1-9 and of each action; 4 Wild, 4 Wild Draw 4."""
    deck: list[int] = []
    for colour in range(4):
        deck.append(face(colour, 0))
        for rank in range(1, RANKS_PER_COLOUR):
            deck += [face(colour, rank)] * 2
    deck += [WILD] * 4 + [WILD_DRAW_FOUR] * 4
    return deck


def retail_deck() -> list[int]:
    """The 112-card deck: the classic 108 plus 1 Wild Shuffle Hands and 3 Wild Customizable."""
    return [*classic_deck(), WILD_SHUFFLE, *[WILD_CUSTOM] * 3]


def deck_for(size: int) -> list[int]:
    return retail_deck() if size == 112 else classic_deck()


def census(*piles: list[int]) -> Counter[int]:
    """How many of each face the piles hold together (for conservation checks)."""
    total: Counter[int] = Counter()
    for pile in piles:
        total.update(pile)
    return total
