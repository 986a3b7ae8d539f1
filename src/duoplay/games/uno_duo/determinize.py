"""Sample a full UNO Duo state consistent with what one seat has seen (for ISMCTS).

Unknown cards are the deck less the seat's own hand and the face-up discards; they
are dealt at random to the opponent's hand and the draw pile in the sizes the view
shows. Whether a Wild Draw 4 was played with another playable card is guessed from
the sampled hand against the card it was played on.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

from duoplay.core.protocol import JSON
from duoplay.core.rng import GameRng
from duoplay.games.uno_duo.cards import (
    CODE_TO_FACE,
    COLOUR_INDEX,
    COLOUR_OF,
    RANK_OF,
    WILD_DRAW_FOUR,
    deck_for,
)
from duoplay.games.uno_duo.options import UnoDuoOptions, parse_options
from duoplay.games.uno_duo.state import Phase, UnoDuoState


def sample_state(seen: JSON, seat: int, rng: random.Random) -> UnoDuoState:
    options = _options(tuple(sorted(seen["options"].items())))
    opponent = 1 - seat
    mine = [CODE_TO_FACE[c] for c in seen["hand"]]
    discard = [CODE_TO_FACE[c] for c in seen["discard"]]
    phase = seen["phase"]
    current = seen["to_move"][0] if seen["to_move"] else seat
    known = Counter(mine) + Counter(discard)
    draft_discards = [CODE_TO_FACE[c] for c in seen.get("draft_discards", [])]
    known.update(draft_discards)
    my_draft_card = CODE_TO_FACE[seen["draft_card"]] if "draft_card" in seen else -1
    if my_draft_card >= 0:
        known[my_draft_card] += 1
    unknown = list((_deck_census(options.deck_size) - known).elements())
    rng.shuffle(unknown)
    opponent_count = seen["hand_counts"][opponent]
    colour = COLOUR_INDEX[seen["colour"]] if seen["colour"] else 0
    dump_colour = COLOUR_INDEX[seen["dump_colour"]] if "dump_colour" in seen else -1
    opponent_drawn = -1
    if current == opponent and unknown and phase in (Phase.DRAWN, Phase.DUMP_DECIDE, Phase.DUMPING):
        # What the opponent is doing tells us one of its cards: the drawn card fits the pile;
        # a dump needs a card of the Reverse's colour. Deal one such card to it first.
        if phase == Phase.DRAWN:
            first = next((i for i, card in enumerate(unknown) if _fits(card, colour, discard)), 0)
        else:
            first = next((i for i, card in enumerate(unknown) if COLOUR_OF[card] == dump_colour), 0)
        unknown[0], unknown[first] = unknown[first], unknown[0]
        opponent_drawn = unknown[0] if phase == Phase.DRAWN else -1
    hands: list[list[int]] = [[], []]
    hands[seat] = mine
    hands[opponent] = unknown[:opponent_count]
    rest = unknown[opponent_count:]
    draft_card = my_draft_card
    if phase == Phase.DRAFT and current == opponent:
        draft_card = rest.pop()
    state = UnoDuoState(
        options=options, rng=GameRng(rng.getrandbits(64)), cut=[], player_one=seen["player_one"],
        round=seen["round"], scores=list(seen["scores"]), phase=phase, current=current,
        hands=hands, draw_pile=rest, discard=discard,
        colour=colour, volley=seen["volley"],
        draft_card=draft_card, draft_discards=draft_discards,
        drawn=CODE_TO_FACE[seen["drawn"]] if "drawn" in seen else opponent_drawn,
        dump_colour=dump_colour,
        uno_exposed=seen["uno_exposed"] if seen["uno_exposed"] is not None else -1,
    )
    if phase == Phase.CHALLENGE:
        state.w4_offender = 1 - current
        state.w4_guilty = _guess_guilt(hands[state.w4_offender], discard, rng)
    return state


@cache
def _options(items: tuple[tuple[str, Any], ...]) -> UnoDuoOptions:
    """Searches sample thousands of states from views of one match: parse its options once."""
    return parse_options(dict(items))


@cache
def _deck_census(deck_size: int) -> Counter[int]:
    return Counter(deck_for(deck_size))


def _guess_guilt(hand: list[int], discard: list[int], rng: random.Random) -> bool:
    """Could this hand have played on the card under the Wild Draw 4?"""
    under = discard[-2] if len(discard) >= 2 else -1
    if under < 0 or COLOUR_OF[under] < 0:
        colour, rank = rng.randrange(4), -1  # a wild's chosen colour is gone from the pile
    else:
        colour, rank = COLOUR_OF[under], RANK_OF[under]
    return any(card != WILD_DRAW_FOUR and (COLOUR_OF[card] < 0 or COLOUR_OF[card] == colour
                                           or RANK_OF[card] == rank) for card in hand)


def _fits(card: int, colour: int, discard: list[int]) -> bool:
    """Whether `card` may be played on the pile (a wild, the colour, or the top's number/action)."""
    if COLOUR_OF[card] < 0 or COLOUR_OF[card] == colour:
        return True
    top = discard[-1] if discard else -1
    return top >= 0 and COLOUR_OF[top] >= 0 and RANK_OF[top] == RANK_OF[card]
