"""Build DUOS positions by hand and play them, for the rule tests.

Cards on the table are given by their face keys in the match's category
("king princess witch ..."), and pairs by grid position ("0-1 2-3").
"""

from __future__ import annotations

import random
from typing import Any

from duoplay.core.errors import IllegalAction
from duoplay.core.match import Match
from duoplay.games.duos import pairing
from duoplay.games.duos.actions import LOCK, PlacePairs
from duoplay.games.duos.cards import faces
from duoplay.games.duos.game import GAME
from duoplay.games.duos.state import DuosState, Pairs

__all__ = ["GAME", "lay_out", "new_match", "pairs", "place", "random_policy_playout", "state"]


def new_match(seats: int, seed: int = 1, **options: Any) -> Match:
    return Match.new("duos", seats, seed, options)


def state(match: Match) -> DuosState:
    found: DuosState = match.state
    return found


def pairs(text: str) -> Pairs:
    """pairs("0-1 2-3") -> ((0, 1), (2, 3))"""
    return pairing.normal(tuple(int(p) for p in word.split("-")) for word in text.split())


def lay_out(match: Match, keys: str) -> None:
    """Put these cards (face keys of the current category) on the grid, in order."""
    st = state(match)
    category = st.options.category or match.view(None)["category"]
    index = {f.id.split("/")[1]: i for i, f in enumerate(faces(category))}
    wanted = [index[key] for key in keys.split()]
    assert len(wanted) == 12
    everything = st.table + st.draw_pile
    st.table = wanted
    st.draw_pile = [card for card in everything if card not in wanted]


def place(match: Match, seat: int, text: str, lock: bool = True) -> None:
    match.act(seat, PlacePairs(pairs(text), lock))


def random_policy_playout(seats: int, seed: int, options: dict[str, Any] | None = None,
                          lock_rate: float = 0.5) -> Match:
    """Every seat still pairing places a random set of pairs, then locks in or places again;
    co-op seats sometimes give a random help. Plays to the end of the game."""
    chooser = random.Random(seed)
    match = Match.new("duos", seats, seed, options or {})
    everything = pairing.all_placements()
    while match.outcome() is None:
        seat = chooser.choice(match.to_move())
        roll = chooser.random()
        if seats == 2 and roll < 0.15:
            helps = [a for a in match.legal_actions(seat) if a != LOCK and not isinstance(a, PlacePairs)]
            if helps:
                match.act(seat, chooser.choice(helps))
                continue
        action = PlacePairs(chooser.choice(everything), chooser.random() < lock_rate)
        try:
            match.act(seat, action)
        except IllegalAction:
            # A placement that breaks this seat's own YES!/NO! mark: lock in what stands.
            match.act(seat, LOCK)
    return match
