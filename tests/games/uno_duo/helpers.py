"""Build UNO Duo positions by hand and act on them, for the rule tests.

Cards are written as their codes ("R5 G+2 wild+4"). A position's draw pile is
given in drawing order (the first card listed is drawn first); by default the
rest of the deck is put beneath it in a fixed order, so every position holds
the whole deck, like a real table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from duoplay.core.log import MatchHeader
from duoplay.core.match import Match
from duoplay.core.protocol import Event
from duoplay.core.rng import GameRng
from duoplay.games.uno_duo.cards import CODE_TO_FACE, COLOUR_INDEX, COLOUR_OF, code, deck_for
from duoplay.games.uno_duo.game import GAME
from duoplay.games.uno_duo.options import UnoDuoOptions, parse_options
from duoplay.games.uno_duo.state import Phase, UnoDuoState

__all__ = [
    "GAME", "Phase", "all_cards", "cards", "check_all_cards", "codes", "hand", "kinds", "match_at",
    "position", "sorted_codes", "top",
]


def cards(text: str) -> list[int]:
    """Faces from codes: cards("R5 G+2 wild") -> [5, 36, 52]."""
    return [CODE_TO_FACE[word] for word in text.split()]


def codes(faces: Iterable[int]) -> list[str]:
    return [code(f) for f in faces]


def sorted_codes(faces: Iterable[int]) -> list[str]:
    return sorted(codes(faces))


def all_cards(state: UnoDuoState) -> Counter[int]:
    """Every card the state holds, wherever it lies."""
    held: Counter[int] = Counter()
    for pile in (*state.hands, state.draw_pile, state.discard, state.draft_discards):
        held.update(pile)
    if state.draft_card >= 0:
        held[state.draft_card] += 1
    return held


def check_all_cards(state: UnoDuoState) -> None:
    """The whole deck, no more and no less, is somewhere on the table."""
    expected = Counter(deck_for(state.options.deck_size))
    held = all_cards(state)
    assert held == expected, f"missing {dict(expected - held)}, extra {dict(held - expected)}"


def position(
    hands: tuple[str, str] = ("", ""),
    discard: str = "R5",
    draw: str = "",
    *,
    colour: str | None = None,
    phase: str = Phase.TURN,
    current: int = 0,
    player_one: int = 0,
    options: dict[str, Any] | None = None,
    fill: bool = True,
    seed: int = 0,
    **fields: Any,
) -> UnoDuoState:
    """A state with these hands, discard pile (bottom first), and draw pile (drawing order).

    `colour` defaults to the top discard's colour; `fields` set any other state field.
    With `fill`, the cards not placed elsewhere lie under the given draw pile.
    """
    opts: UnoDuoOptions = parse_options(options or {})
    hand_cards = [cards(hands[0]), cards(hands[1])]
    discard_cards = cards(discard)
    draw_order = cards(draw)
    placed = Counter(hand_cards[0] + hand_cards[1] + discard_cards + draw_order)
    for name in ("draft_discards",):
        placed.update(fields.get(name, []))
    if fields.get("draft_card", -1) >= 0:
        placed[fields["draft_card"]] += 1
    deck = Counter(deck_for(opts.deck_size))
    too_many = placed - deck
    assert not too_many, f"more copies than the deck holds: {dict(too_many)}"
    rest = list((deck - placed).elements()) if fill else []
    top = discard_cards[-1] if discard_cards else -1
    if colour is not None:
        colour_index = COLOUR_INDEX[colour]
    elif top >= 0 and COLOUR_OF[top] >= 0:
        colour_index = COLOUR_OF[top]
    else:
        colour_index = 0
    state = UnoDuoState(
        options=opts, rng=GameRng(seed), cut=[(5, 3)], player_one=player_one,
        phase=phase, current=current, hands=hand_cards,
        draw_pile=rest + draw_order[::-1], discard=discard_cards, colour=colour_index,
    )
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def match_at(state: UnoDuoState, seed: int = 0) -> Match:
    """A match whose current state is `state` (its log starts here)."""
    header = MatchHeader("uno-duo", 2, seed, GAME.options_to_json(state.options))
    return Match(GAME, header, state)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def hand(match: Match, seat: int) -> list[str]:
    """A seat's hand as sorted codes."""
    return sorted_codes(match.state.hands[seat])


def top(match: Match) -> str:
    return code(match.state.discard[-1])
