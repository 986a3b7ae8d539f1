"""The table: dealing the decks, flipping onto play piles, finding matches, turning categories.

Order of play (NOTES default 2): after every change of a top card, every match on the table
is played before the next flip, one at a time, the match nearest the drawer in seat order
first. A race (face-off or All Play) is started here and run in `race.py`.
"""

from __future__ import annotations

from typing import TypeVar

from duoplay.core.protocol import Event
from duoplay.core.rng import GameRng
from duoplay.games.duple.cards import (
    ALL_PLAY,
    ALL_PLAY_CARDS,
    LETTER_CARDS,
    NO_ALL_PLAY_ON_TOP,
    WILD_CARDS,
    Deck,
    deck,
)
from duoplay.games.duple.options import DupleOptions
from duoplay.games.duple.state import ALL_PLAY_RACE, FACEOFF, DupleState, Pile, Race
from duoplay.games.duple.words.folding import fold

T = TypeVar("T", int, str)


def setup(seats: int, options: DupleOptions, seed: int) -> DupleState:
    rng = GameRng(seed)
    cards = deck(options.lang)
    wilds = list(range(LETTER_CARDS, LETTER_CARDS + WILD_CARDS))
    letters: list[int] = _spread(list(range(LETTER_CARDS)), wilds, rng, 0)
    all_play = [ALL_PLAY] * ALL_PLAY_CARDS
    categories: list[str] = _spread(list(cards.categories), all_play, rng, NO_ALL_PLAY_ON_TOP)
    letters.reverse()  # drawn from the end
    categories.reverse()
    piles_each = 2 if seats == 2 and options.four_piles else 1
    # Two piles each: seat 0, seat 1, seat 0, seat 1, so piles alternate around the table.
    piles = [Pile(owner) for _ in range(piles_each) for owner in range(seats)]
    state = DupleState(seats, options, rng, letters, categories, "", piles,
                       flips=[0] * seats, won=[[] for _ in range(seats)], won_all_play=[0] * seats,
                       remembered={(c, fold(options.lang, word)) for c, word in options.remembered})
    state.category = state.categories.pop()
    return state


def _spread(cards: list[T], extras: list[T], rng: GameRng, clear_top: int) -> list[T]:
    """Shuffle `cards`, then spread `extras` through them: one in each equal part, none in the
    first `clear_top` cards (wild cards through the letters, All Play through the categories)."""
    rng.shuffle(cards)
    rng.shuffle(extras)
    top, rest = list(cards[:clear_top]), list(cards[clear_top:])
    size = len(rest) / len(extras)
    spread: list[T] = list(top)
    for i, extra in enumerate(extras):
        part = rest[round(i * size): round((i + 1) * size)]
        part.insert(rng.randrange(len(part) + 1), extra)
        spread += part
    return spread


def seat_piles(state: DupleState, seat: int) -> list[int]:
    return [i for i, pile in enumerate(state.piles) if pile.owner == seat]


def flip(state: DupleState, seat: int) -> list[Event]:
    """The drawer turns the top card: a wild goes between the decks (and they flip again), a
    letter onto their play pile (their two piles in turn, in the two-player variant)."""
    cards = deck(state.options.lang)
    card = state.deck.pop()
    state.step += 1
    if cards.is_wild(card):
        state.wild = card
        state.again = True
        events = [Event("wild", {"seat": seat, "symbols": list(cards.wild_symbols(card)),
                                 "deck": len(state.deck)})]
    else:
        own = seat_piles(state, seat)
        pile = own[state.flips[seat] % len(own)]
        state.flips[seat] += 1
        _put(state, pile, card)
        state.again = False
        events = [Event("flip", {"seat": seat, "pile": pile, "card": card_json(cards, card),
                                 "deck": len(state.deck)})]
    return events + settle(state)


def _put(state: DupleState, pile: int, card: int) -> None:
    state.clock += 1
    if state.piles[pile].cards:
        _unsettle(state, state.piles[pile].cards[-1])
    state.piles[pile].cards.append(card)
    state.piles[pile].changed = state.clock


def take_top(state: DupleState, pile: int) -> int:
    state.clock += 1
    card = state.piles[pile].cards.pop()
    _unsettle(state, card)
    state.piles[pile].changed = state.clock
    return card


def _unsettle(state: DupleState, card: int) -> None:
    """A top card covered or taken: its unwon matches are over, so if it is ever on top again
    (revealed), it may face off again."""
    if any(card in pair for pair in state.settled):
        state.settled = {pair for pair in state.settled if card not in pair}


def card_json(cards: Deck, card: int) -> dict[str, str]:
    return {"letter": cards.letter(card), "symbol": cards.symbol(card)}


def matches(state: DupleState) -> list[tuple[int, int]]:
    """Pairs of piles whose top cards match, nearest the drawer first (NOTES default 2).

    Tops match with the same symbol, or with the wild card's two symbols. Piles of one seat
    match each other only in the two-player variant; a match that ended unwon stays settled
    until one of its top cards changes."""
    cards = deck(state.options.lang)
    wild = set(cards.wild_symbols(state.wild)) if state.wild is not None else set()
    tops = [(i, p.owner, cards.symbol(p.cards[-1])) for i, p in enumerate(state.piles) if p.cards]
    found = []
    for a, (i, owner_i, symbol_i) in enumerate(tops):
        for j, owner_j, symbol_j in tops[a + 1:]:
            if owner_i == owner_j and not own_matches(state):
                continue
            if symbol_i != symbol_j and {symbol_i, symbol_j} != wild:
                continue
            if _top_pair(state, i, j) in state.settled:
                continue
            found.append((i, j))

    def nearness(pair: tuple[int, int]) -> tuple[int, ...]:
        turns = sorted((state.piles[p].owner - state.drawer) % state.seats for p in pair)
        return (*turns, *pair)

    return sorted(found, key=nearness)


def own_matches(state: DupleState) -> bool:
    return any(p.owner == state.piles[0].owner for p in state.piles[1:])


def _top_pair(state: DupleState, i: int, j: int) -> frozenset[int]:
    return frozenset((state.piles[i].cards[-1], state.piles[j].cards[-1]))


def settle_unwon(state: DupleState, piles: tuple[int, ...]) -> None:
    if len(piles) == 2:
        state.settled.add(_top_pair(state, *piles))


def settle(state: DupleState) -> list[Event]:
    """After any change: start the next match's face-off, else pass the turn (or end the game)."""
    if state.race is not None or state.over:
        return []
    found = matches(state)
    if found:
        return [start_faceoff(state, *found[0])]
    if not state.again:
        state.drawer = (state.drawer + 1) % state.seats
    if not state.deck:
        state.over = True
        return [Event("over", {"scores": scores(state)})]
    return []


def start_faceoff(state: DupleState, i: int, j: int) -> Event:
    cards = deck(state.options.lang)
    owners = (state.piles[i].owner, state.piles[j].owner)
    # A match within one seat's own piles (two-player variant) makes both players race.
    racers = tuple(range(state.seats)) if owners[0] == owners[1] else tuple(sorted(owners))
    letters = (cards.letter(state.piles[i].cards[-1]), cards.letter(state.piles[j].cards[-1]))
    state.race = Race(FACEOFF, racers, letters, (i, j))
    state.last_win = None  # the next race: the word won before leaves the screens
    state.step += 1
    return Event("faceoff", {"racers": list(racers), "piles": [i, j], "letters": list(letters),
                             "category": state.category})


def face_up_letters(state: DupleState) -> tuple[str, ...]:
    cards = deck(state.options.lang)
    seen: dict[str, None] = {}
    for pile in state.piles:
        if pile.cards:
            seen[cards.letter(pile.cards[-1])] = None
    return tuple(seen)


def next_category(state: DupleState, tiebreak: bool = False, start: bool = True) -> list[Event]:
    """Discard the category in effect and turn the next one. An All Play turned during a
    tie-break (or a stuck face-off) goes back into the deck; otherwise everyone races for it
    (with `start` False, later: `start_all_play` once the pause after a win ends)."""
    if state.category != ALL_PLAY:
        state.discards.append(state.category)
    state.category = _draw_category(state, tiebreak)
    state.step += 1
    event = _category_event(state)
    if state.category != ALL_PLAY or not start:
        return [event]
    return [event, *start_all_play(state)]


def start_all_play(state: DupleState) -> list[Event]:
    """The All Play card in effect: everyone races, or it goes back with nothing to spell with."""
    letters = face_up_letters(state)
    if not letters:
        return shuffle_back_all_play(state)
    state.race = Race(ALL_PLAY_RACE, tuple(range(state.seats)), letters)
    state.last_win = None
    return [Event("allplay", {"letters": list(letters)})]


def _draw_category(state: DupleState, tiebreak: bool) -> str:
    while True:
        only_all_play = all(c == ALL_PLAY for c in state.categories)
        if state.discards and (not state.categories or (tiebreak and only_all_play)):
            # A long game: the discards become the deck again.
            state.categories += state.discards
            state.discards = []
            state.rng.shuffle(state.categories)
            continue
        card = state.categories.pop()
        if card != ALL_PLAY or not tiebreak or all(c == ALL_PLAY for c in state.categories):
            return card
        state.categories.insert(state.rng.randrange(len(state.categories) + 1), card)


def shuffle_back_all_play(state: DupleState) -> list[Event]:
    """Nobody won the All Play: it goes back into the category deck and the next card is turned."""
    state.categories.insert(state.rng.randrange(len(state.categories) + 1), ALL_PLAY)
    state.category = _draw_category(state, tiebreak=True)
    state.step += 1
    return [_category_event(state)]


def _category_event(state: DupleState) -> Event:
    """The category turned, with its name in the game's language (logs name earlier categories too)."""
    name = deck(state.options.lang).category_name(state.category)
    return Event("category", {"category": state.category, "name": name})


def scores(state: DupleState) -> list[int]:
    """Letter cards are worth 1 point, All Play cards 2."""
    return [len(state.won[s]) + 2 * state.won_all_play[s] for s in range(state.seats)]
