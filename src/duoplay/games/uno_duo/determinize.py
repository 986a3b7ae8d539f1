"""Sample a full UNO Duo state consistent with what one seat has seen (for ISMCTS).

Unknown cards are the deck less the seat's own hand and the face-up discards; they
are dealt at random to the opponent's hand and the draw pile in the sizes the view
shows. Whether a Wild Draw 4 was played with another playable card is guessed from
the sampled hand against the card it was played on.

A seat that remembers more than its view (a `reading.Memory`) narrows the deal: the
draft discards it saw lie at the bottom of the draw pile, and the opponent's older
cards avoid what it was seen to lack.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

from duoplay.core.protocol import JSON
from duoplay.core.rng import GameRng
from duoplay.games.uno_duo.cards import (
    CODE_TO_FACE,
    COLOUR_INDEX,
    COLOUR_OF,
    RANK_OF,
    WILD,
    WILD_DRAW_FOUR,
    deck_for,
)
from duoplay.games.uno_duo.options import UnoDuoOptions, parse_options
from duoplay.games.uno_duo.reading import DRAFT_DISCARDS, KEPT_ON_SIGHT, Lacking, Memory
from duoplay.games.uno_duo.state import Phase, UnoDuoState


@dataclass(frozen=True, slots=True)
class Table:
    """What one view (and memory) says about where the cards are. A search samples many
    states from one view, so it reads the table once (`read_table`) and passes it on."""

    options: UnoDuoOptions
    mine: list[int]
    discard: list[int]
    draft_discards: list[int]
    my_draft_card: int
    unknown: list[int]  # the cards the seat cannot place (the remembered pile bottom aside)
    bottom: list[int]  # remembered draft discards, first discarded first


def read_table(seen: JSON, memory: Memory | None = None) -> Table:
    options = _options(tuple(sorted(seen["options"].items())))
    mine = [CODE_TO_FACE[c] for c in seen["hand"]]
    discard = [CODE_TO_FACE[c] for c in seen["discard"]]
    known = Counter(mine) + Counter(discard)
    draft_discards = [CODE_TO_FACE[c] for c in seen.get("draft_discards", [])]
    known.update(draft_discards)
    my_draft_card = CODE_TO_FACE[seen["draft_card"]] if "draft_card" in seen else -1
    if my_draft_card >= 0:
        known[my_draft_card] += 1
    census = _deck_census(options.deck_size) - known
    bottom = _pile_bottom(memory, census, seen["draw_pile"]) if seen["phase"] != Phase.DRAFT else []
    return Table(options, mine, discard, draft_discards, my_draft_card, list(census.elements()), bottom)


def sample_state(seen: JSON, seat: int, rng: random.Random, memory: Memory | None = None,
                 table: Table | None = None) -> UnoDuoState:
    """`table`, if given, is `read_table(seen, memory)`, read once for many samples."""
    if table is None:
        table = read_table(seen, memory)
    options, bottom, my_draft_card = table.options, table.bottom, table.my_draft_card
    mine, discard = table.mine[:], table.discard[:]
    opponent = 1 - seat
    phase = seen["phase"]
    current = seen["to_move"][0] if seen["to_move"] else seat
    unknown = table.unknown[:]
    rng.shuffle(unknown)
    opponent_count = seen["hand_counts"][opponent]
    colour = COLOUR_INDEX[seen["colour"]] if seen["colour"] else 0
    dump_colour = COLOUR_INDEX[seen["dump_colour"]] if "dump_colour" in seen else -1
    opponent_drawn = -1
    held = 0  # 1 when the opponent's first dealt card is one it is known to hold
    if current == opponent and unknown and phase in (Phase.DRAWN, Phase.DUMP_DECIDE, Phase.DUMPING):
        # What the opponent is doing tells us one of its cards: the drawn card fits the pile;
        # a dump needs a card of the Reverse's colour. Deal one such card to it first.
        if phase == Phase.DRAWN:
            first = next((i for i, card in enumerate(unknown) if _fits(card, colour, discard)), 0)
        else:
            first = next((i for i, card in enumerate(unknown) if COLOUR_OF[card] == dump_colour), 0)
        unknown[0], unknown[first] = unknown[first], unknown[0]
        opponent_drawn = unknown[0] if phase == Phase.DRAWN else -1
        held = 1
    hands: list[list[int]] = [[], []]
    hands[seat] = mine
    hands[opponent] = unknown[:opponent_count]
    rest = unknown[opponent_count:]
    if memory is not None and memory.chosen:
        _favour_chosen(hands[opponent], rest, memory.chosen, held, rng)
    if memory is not None and memory.lacking:
        # The card the opponent is known to hold (unknown[0]) is its newest: the others come first.
        _deal_around(hands[opponent], rest, memory.lacking, held)
    if memory is not None and memory.holding:
        _deal_colours(hands[opponent], rest, memory, held)
    if bottom:
        # Unseen draft discards (the last ones) lie lowest, then the seen ones, last seen lowest.
        unseen = DRAFT_DISCARDS - len(bottom)
        rest = rest[:unseen] + bottom[::-1] + rest[unseen:]
    draft_card = my_draft_card
    if phase == Phase.DRAFT and current == opponent:
        draft_card = rest.pop()
    state = UnoDuoState(
        options=options, rng=GameRng(rng.getrandbits(64)), cut=[], player_one=seen["player_one"],
        round=seen["round"], scores=list(seen["scores"]), phase=phase, current=current,
        hands=hands, draw_pile=rest, discard=discard,
        colour=colour, volley=seen["volley"],
        draft_card=draft_card, draft_discards=table.draft_discards[:],
        draft_kept=list(seen.get("draft_kept", [])),
        drawn=CODE_TO_FACE[seen["drawn"]] if "drawn" in seen else opponent_drawn,
        dump_colour=dump_colour,
        uno_exposed=seen["uno_exposed"] if seen["uno_exposed"] is not None else -1,
    )
    if phase == Phase.CHALLENGE:
        state.w4_offender = 1 - current
        state.w4_guilty = _guess_guilt(hands[state.w4_offender], discard, rng)
    return state


def _pile_bottom(memory: Memory | None, census: Counter[int], pile: int) -> list[int]:
    """The remembered draft discards, taken out of `census`, while they can still lie where
    they were put: nothing when the pile has been drawn down to them or they do not add up."""
    if memory is None or not memory.pile_bottom or pile <= DRAFT_DISCARDS:
        return []
    needed = Counter(memory.pile_bottom)
    if any(census[card] < n for card, n in needed.items()):
        return []
    census.subtract(needed)
    return memory.pile_bottom


def _favour_chosen(hand: list[int], pile: list[int], chosen: int, skip: int, rng: random.Random) -> None:
    """Redeal the first `chosen` cards of `hand` (after `skip`) in proportion to how likely a
    drafter keeps each card on sight (rejection sampling over the unknown cards)."""
    if not pile:
        return
    for i in range(skip, min(skip + chosen, len(hand))):
        if rng.random() < KEPT_ON_SIGHT[hand[i]]:
            continue
        for _ in range(40):
            j = rng.randrange(len(pile))
            if rng.random() < KEPT_ON_SIGHT[pile[j]]:
                hand[i], pile[j] = pile[j], hand[i]
                break


def _deal_around(hand: list[int], pile: list[int], lacking: list[Lacking], skip: int) -> None:
    """Swap cards that break what the opponent is known to lack out of `hand` (after its first
    `skip` cards) for pile cards that break nothing there. Position i of the hand (from
    `skip`) is one of its i+1 oldest cards, which every `Lacking` with more cards covers.
    The pile is in random order, so the first card that serves is a random one."""
    swapped: set[int] = set()
    for i in range(len(hand) - skip):
        rules = [rule for rule in lacking if rule.cards > i]
        if not rules:
            return
        card = hand[skip + i]
        if not any(rule.fits(card) for rule in rules):
            continue
        for j, other in enumerate(pile):
            if j not in swapped and not any(rule.fits(other) for rule in rules):
                hand[skip + i], pile[j] = other, card
                swapped.add(j)
                break


def _deal_colours(hand: list[int], pile: list[int], memory: Memory, skip: int) -> None:
    """Give the opponent a card of each colour it is known to hold, in the newest place where
    no `Lacking` forbids one. (A hand of wilds alone names any colour: that deal stands.)"""
    for colour in memory.holding:
        if any(COLOUR_OF[card] == colour for card in hand) or all(card >= WILD for card in hand):
            continue
        candidates = [j for j, card in enumerate(pile) if COLOUR_OF[card] == colour]  # in random order
        for i in range(len(hand) - 1, skip - 1, -1):
            rules = [rule for rule in memory.lacking if rule.cards > i - skip]
            j = next((j for j in candidates if not any(rule.fits(pile[j]) for rule in rules)), -1)
            if j >= 0:
                hand[i], pile[j] = pile[j], hand[i]
                break


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
