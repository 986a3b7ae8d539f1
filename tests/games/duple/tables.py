"""Build Duple tables by hand and play them, for the rule tests.

Letter cards are named by letter and symbol ("L/bolt"), wild cards by their two symbols
("wild heart/bolt"); `deal` puts named cards on the play piles (bottom to top), on the deck
(in the order they will be flipped) and names the category in effect and the next ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duoplay.core.match import Match
from duoplay.core.protocol import Event
from duoplay.games.duple.actions import CLOSE, FLIP, Answer
from duoplay.games.duple.cards import ALL_PLAY, LETTER_CARDS, deck
from duoplay.games.duple.game import GAME
from duoplay.games.duple.state import DupleState

__all__ = ["ALL_PLAY", "GAME", "answer", "card", "deal", "flip", "kinds", "name", "new_match", "state", "win"]


def new_match(seats: int = 3, seed: int = 1, **options: Any) -> Match:
    # The rule tests follow a win straight to what comes next; the pause after a win that shows
    # the word (a default of online play) has tests of its own in test_table_fairness.py.
    options.setdefault("win_pause_seconds", 0)
    return Match.new("duple", seats, seed, options)


def state(match: Match) -> DupleState:
    found: DupleState = match.state
    return found


def card(text: str, lang: str = "es") -> int:
    """card("L/bolt") -> that letter card's id; card("wild heart/bolt") -> that wild card's id."""
    cards = deck(lang)
    if text.startswith("wild "):
        pair = tuple(text.removeprefix("wild ").split("/"))
        found = [LETTER_CARDS + i for i, w in enumerate(cards.wilds) if w in (pair, pair[::-1])]
    else:
        letter, symbol = text.split("/")
        found = [i for i, c in enumerate(cards.letters) if c == (letter, symbol)]
    assert len(found) == 1, f"no single card {text!r} in the {lang} deck"
    return found[0]


def name(number: int, lang: str = "es") -> str:
    cards = deck(lang)
    if cards.is_wild(number):
        return "wild " + "/".join(cards.wild_symbols(number))
    return f"{cards.letter(number)}/{cards.symbol(number)}"


def deal(match: Match, piles: Sequence[str] | None = None, flips: Sequence[str] = (),
         category: str | None = None, after: Sequence[str] = (), drawer: int | None = None,
         rest: bool = True) -> DupleState:
    """Lay out a table. `piles[i]` lists pile i's cards bottom to top ("A/star O/drop"); `flips`
    are the next cards of the deck, first flipped first; with `rest`, every other card lies
    under them in the deck, else the deck ends after them. `category` is the card in effect,
    `after` the next category cards, first turned first."""
    st = state(match)
    lang = st.options.lang
    if piles is not None:
        assert len(piles) == len(st.piles)
        for pile, text in zip(st.piles, piles, strict=True):
            pile.cards = [card(c, lang) for c in text.split()]
            pile.changed = 0
    laid = {c for p in st.piles for c in p.cards}
    wanted = [card(c, lang) for c in flips]
    under = [c for c in st.deck if c not in laid and c not in wanted] if rest else []
    st.deck = under + wanted[::-1]
    if category is not None or after:
        current = category if category is not None else st.category
        ahead = list(after)
        others = [c for c in [st.category, *st.categories] if c not in ahead and c != current]
        everything = [c for c in others if c != ALL_PLAY]
        all_plays = 4 - ahead.count(ALL_PLAY) - (current == ALL_PLAY)
        st.category = current
        st.categories = [ALL_PLAY] * all_plays + everything + ahead[::-1]
    if drawer is not None:
        st.drawer = drawer
    return st


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def answer(match: Match, seat: int, word: str) -> list[Event]:
    return match.act(seat, Answer(word))


def win(match: Match, seat: int, word: str) -> list[Event]:
    """`seat` answers a word the judge accepts and the tie window closes."""
    events = answer(match, seat, word)
    assert events[-1].public["accepted"], events[-1].public
    return events + match.act(None, CLOSE)


def flip(match: Match, seat: int | None = None) -> list[Event]:
    return match.act(state(match).drawer if seat is None else seat, FLIP)
