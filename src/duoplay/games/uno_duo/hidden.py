"""States that differ from an UNO Duo state only in what one seat cannot see, for leak tests.

Hidden from a seat: the opponent's hand (its size shows), the order of the draw pile, the
card the opponent looks at in the draft, whether a Wild Draw 4 it did not play was played
with another playable card, and the shuffle generator. A spectator sees neither hand.
A variant deals the unseen hands anew from the unseen cards, keeping what the table
knows the player to move holds (the playable card it drew, a card of a Reverse's colour
to dump), so the variant could have been reached. At the last pick of the draft it keeps
the two cards that pick shows both players (the card looked at and the next one, one of
them discarded face up) before the discards go face down under the pile: events may
show what no view keeps afterwards, and a variant should not change it.
"""

from __future__ import annotations

import random

from duoplay.core.protocol import Seat
from duoplay.core.rng import GameRng
from duoplay.games.uno_duo.cards import COLOUR_OF
from duoplay.games.uno_duo.rules import HAND_SIZE
from duoplay.games.uno_duo.state import Phase, UnoDuoState

VARIANTS = 2


def hidden_variants(state: UnoDuoState, seat: Seat, rng: random.Random) -> list[UnoDuoState]:
    return [_variant(state, seat, rng) for _ in range(VARIANTS)]


def _variant(state: UnoDuoState, seat: Seat, rng: random.Random) -> UnoDuoState:
    other = state.copy()
    other.rng = GameRng(rng.getrandbits(64))
    if state.phase == Phase.CHALLENGE and state.w4_offender != seat:
        other.w4_guilty = rng.random() < 0.5
    unseen = [s for s in (0, 1) if s != seat]
    kept = {s: _known_to_hold(state, s) for s in unseen}
    last_pick = _last_pick(state)
    shown_next = other.draw_pile[-1:] if last_pick else []
    pool = other.draw_pile[:len(other.draw_pile) - len(shown_next)]
    for s in unseen:
        hand = list(other.hands[s])
        for card in kept[s]:
            hand.remove(card)
        pool += hand
    hide_draft = state.phase == Phase.DRAFT and state.current != seat and not last_pick
    if hide_draft:
        pool.append(other.draft_card)
    rng.shuffle(pool)
    for s in unseen:
        count = len(other.hands[s]) - len(kept[s])
        other.hands[s] = pool[:count] + kept[s]
        pool = pool[count:]
    if hide_draft:
        other.draft_card = pool.pop()
    other.draw_pile = pool + shown_next
    return other


def _last_pick(state: UnoDuoState) -> bool:
    hands = state.hands
    return (state.phase == Phase.DRAFT and len(hands[state.current]) == HAND_SIZE - 1
            and len(hands[1 - state.current]) >= HAND_SIZE)


def _known_to_hold(state: UnoDuoState, seat: int) -> list[int]:
    """Cards the table knows `seat` holds: what the phase it is in requires of it."""
    if seat != state.current:
        return []
    if state.phase == Phase.DRAWN and state.drawn >= 0:
        return [state.drawn]
    if state.phase in (Phase.DUMP_DECIDE, Phase.DUMPING):
        return [card for card in state.hands[seat] if COLOUR_OF[card] == state.dump_colour][:1]
    return []
