"""UNO Duo rules: setup, legal actions and apply. Pure: no I/O, no clock, no global random.

Section names in comments refer to ../shared/rules/uno-duo.en.txt; numbered
defaults refer to the UNO Duo part of ../shared/rules/NOTES.md.
`apply` checks the action against `legal_actions` before it changes anything,
so a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

from duoplay.core.errors import GameError, GameOver, IllegalAction, MalformedAction, NotYourTurn
from duoplay.core.protocol import Deadline, Event, Outcome, Seat
from duoplay.core.rng import GameRng
from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo.actions import (
    ACCEPT,
    CATCH,
    DRAFT_DISCARD,
    DRAFT_KEEP,
    DRAW,
    DUMP,
    KEEP,
    NO_DUMP,
    PASS,
    SAY_UNO,
    SIMPLE_ACTIONS,
    TIMEOUT,
    Action,
    ChooseColour,
    Play,
    Simple,
)
from duoplay.games.uno_duo.actions import CHALLENGE as CHALLENGE_ACTION
from duoplay.games.uno_duo.cards import (
    CODES,
    COLOUR_OF,
    COLOURS,
    DRAW_TWO,
    FACE_COUNT,
    POINTS,
    RANK_OF,
    REVERSE,
    SKIP,
    WILD,
    WILD_CUSTOM,
    WILD_DRAW_FOUR,
    WILD_SHUFFLE,
    code,
    deck_for,
    name,
    rank_name,
)
from duoplay.games.uno_duo.options import CHALLENGE_COLOUR_ONLY, UnoDuoOptions
from duoplay.games.uno_duo.state import Phase, RoundResult, UnoDuoState

HAND_SIZE = 7
# Phases as module constants: the hot path reads them many times per action.
DRAFT = Phase.DRAFT
START_COLOUR = Phase.START_COLOUR
TURN = Phase.TURN
DRAWN = Phase.DRAWN
VOLLEY = Phase.VOLLEY
CHALLENGE = Phase.CHALLENGE
DUMP_DECIDE = Phase.DUMP_DECIDE
DUMPING = Phase.DUMPING
GAME_OVER = Phase.GAME_OVER
_ONLY = (frozenset({0}), frozenset({1}))
_CODE = CODES.__getitem__  # the audience of a seat's secret
_COLOUR_CHOICES = tuple(ChooseColour(c) for c in range(4))


# --- The Cards and The Deal / The Drafting Round -------------------------------------------


def setup(options: UnoDuoOptions, seed: int) -> UnoDuoState:
    rng = GameRng(seed)
    cut = _cut(rng, options)
    # NOTES 2: the highest number card wins the cut and becomes Player 1.
    player_one = 0 if cut[-1][0] > cut[-1][1] else 1
    state = UnoDuoState(options=options, rng=rng, cut=cut, player_one=player_one)
    _start_round(state, [])
    return state


def _cut(rng: GameRng, options: UnoDuoOptions) -> list[tuple[int, int]]:
    """Both players cut until both show number cards of different values (NOTES 2)."""
    deck = deck_for(options.deck_size)
    cuts: list[tuple[int, int]] = []
    while True:
        first = deck[rng.randrange(len(deck))]
        second = deck[rng.randrange(len(deck))]
        cuts.append((first, second))
        ranks = RANK_OF[first], RANK_OF[second]
        if COLOUR_OF[first] >= 0 and COLOUR_OF[second] >= 0 and max(ranks) <= 9 and ranks[0] != ranks[1]:
            return [(RANK_OF[a], RANK_OF[b]) for a, b in cuts]


def _start_round(state: UnoDuoState, events: list[Event]) -> None:
    deck = deck_for(state.options.deck_size)
    state.rng.shuffle(deck)
    state.draw_pile = deck
    state.hands = [[], []]
    state.discard = []
    state.draft_discards = []
    state.draft_kept = []
    state.volley = 0
    state.drawn = -1
    state.dump_colour = -1
    state.uno_exposed = -1
    state.passes = 0
    state.phase = DRAFT
    state.current = state.player_one
    state.draft_card = state.draw_pile.pop()
    events.append(Event("round-start", {"round": state.round, "player_one": state.player_one}))


def _draft(state: UnoDuoState, seat: int, keep: bool, events: list[Event]) -> None:
    """Keep the card and flip the next one, or discard it and keep the next one."""
    looked_at = state.draft_card
    following = state.draw_pile.pop()
    kept, discarded = (looked_at, following) if keep else (following, looked_at)
    state.hands[seat].append(kept)
    state.draft_discards.append(discarded)
    state.draft_kept.append(keep)
    events.append(Event("draft", {"seat": seat, "kept_first": keep, "discarded": CODES[discarded]},
                        {"kept": CODES[kept]}, _ONLY[seat]))
    other = 1 - seat
    # NOTES 3: picks alternate, Player 1 first, until both hold seven.
    if len(state.hands[other]) < HAND_SIZE:
        state.current = other
    elif len(state.hands[seat]) >= HAND_SIZE:
        _finish_draft(state, events)
        return
    state.draft_card = state.draw_pile.pop()


def _finish_draft(state: UnoDuoState, events: list[Event]) -> None:
    # The fourteen discards are turned face down and put under the draw pile.
    state.draw_pile = state.draft_discards[::-1] + state.draw_pile
    state.draft_discards = []  # they now lie in the draw pile; a card is in one place only
    state.draft_kept = []
    state.draft_card = -1
    _flip_start_card(state, events)


# --- Setup Completion: the start card (NOTES 4) --------------------------------------------


def _flip_start_card(state: UnoDuoState, events: list[Event]) -> None:
    top = state.draw_pile.pop()
    state.discard = [top]
    player_one, player_two = state.player_one, 1 - state.player_one
    events.append(Event("start-card", {"card": CODES[top]}))
    if COLOUR_OF[top] < 0:
        state.phase, state.current = START_COLOUR, player_one
        return
    state.colour = COLOUR_OF[top]
    rank = RANK_OF[top]
    if rank == DRAW_TWO:
        _draw(state, player_two, 2, events)
        _pass_turn_to(state, player_one)
    elif rank == SKIP:
        _pass_turn_to(state, player_one)
    elif rank == REVERSE and _holds_colour(state, player_two, state.colour):
        state.phase, state.current, state.dump_colour = DUMP_DECIDE, player_two, state.colour
    elif rank == REVERSE:
        _pass_turn_to(state, player_one)
    else:
        _pass_turn_to(state, player_two)


def _choose_start_colour(state: UnoDuoState, colour: int, events: list[Event]) -> None:
    state.colour = colour
    events.append(Event("colour", {"seat": state.player_one, "colour": COLOURS[colour]}))
    player_two = 1 - state.player_one
    if state.discard[-1] == WILD_DRAW_FOUR:
        _draw(state, player_two, 4, events)
        _pass_turn_to(state, state.player_one)
    else:
        _pass_turn_to(state, player_two)


# --- What can I do on my turn? -------------------------------------------------------------


def _plays_of(face: int, uno: bool) -> tuple[Play, ...]:
    colours = range(4) if COLOUR_OF[face] < 0 else (COLOUR_OF[face],)
    return tuple(act.play(face, colour, with_uno) for colour in colours
                 for with_uno in ((False, True) if uno else (False,)))


# Every face's plays, built once: listing moves copies shared values and builds none.
_PLAYS = tuple(_plays_of(face, False) for face in range(FACE_COUNT))
_PLAYS_UNO = tuple(_plays_of(face, True) for face in range(FACE_COUNT))  # with 2 cards in hand


def _matching_faces(colour: int, top: int) -> frozenset[int]:
    """Faces playable on `top` when `colour` is the colour to match (a wild top: colour only)."""
    top_rank = RANK_OF[top] if COLOUR_OF[top] >= 0 else -1
    return frozenset(face for face in range(FACE_COUNT)
                     if COLOUR_OF[face] < 0 or COLOUR_OF[face] == colour or RANK_OF[face] == top_rank)


# Which faces may be played, as sets to intersect with a hand: the filtering runs in C.
_MATCHING = tuple(tuple(_matching_faces(colour, top) for top in range(FACE_COUNT)) for colour in range(4))
_DRAW_TWOS = frozenset(f for f in range(FACE_COUNT) if COLOUR_OF[f] >= 0 and RANK_OF[f] == DRAW_TWO)
_OF_COLOUR = tuple(frozenset(f for f in range(FACE_COUNT) if COLOUR_OF[f] == c) for c in range(4))


def legal_actions(state: UnoDuoState, seat: int) -> list[Action]:
    moves: list[Action] = []
    phase = state.phase
    if phase == GAME_OVER:
        return moves
    if seat == state.current:
        hand = state.hands[seat]
        plays = _PLAYS_UNO if len(hand) == 2 else _PLAYS
        if phase == TURN:
            for face in _MATCHING[state.colour][state.discard[-1]].intersection(hand):
                moves += plays[face]
            if state.draw_pile or len(state.discard) > 1:
                moves.append(DRAW)
            elif not moves:
                moves.append(PASS)  # NOTES 13: nothing to draw and nothing to play
        elif phase == DRAWN:
            moves += plays[state.drawn]
            moves.append(KEEP)
        elif phase == VOLLEY:
            for face in _DRAW_TWOS.intersection(hand):
                moves += plays[face]
            moves.append(DRAW)
        elif phase == CHALLENGE:
            moves += (CHALLENGE_ACTION, ACCEPT)
        elif phase == DUMP_DECIDE:
            moves += (DUMP, NO_DUMP)
        elif phase == DUMPING:
            for face in _OF_COLOUR[state.dump_colour].intersection(hand):
                moves += plays[face]
        elif phase == START_COLOUR:
            moves += _COLOUR_CHOICES
        elif phase == DRAFT:
            moves += (DRAFT_KEEP, DRAFT_DISCARD)
    exposed = state.uno_exposed
    if exposed == seat:
        moves.append(SAY_UNO)
    elif exposed >= 0 and seat == 1 - exposed and len(state.hands[exposed]) == 1:
        moves.append(CATCH)
    return moves


def is_legal(state: UnoDuoState, seat: int, action: Action) -> bool:
    """`action in legal_actions(state, seat)`, answered without listing every move."""
    phase = state.phase
    if phase == GAME_OVER:
        return False
    if isinstance(action, Play):
        return _play_is_legal(state, seat, action)
    if isinstance(action, Simple):
        kind = action.kind
        exposed = state.uno_exposed
        if kind == "uno":
            return exposed == seat
        if kind == "catch":
            return exposed >= 0 and seat == 1 - exposed and len(state.hands[exposed]) == 1
        if seat != state.current:
            return False
        if phase == TURN:
            if kind == "draw":
                return _can_draw(state)
            return kind == "pass" and not _can_draw(state) and not any(
                _matches(state, face) for face in state.hands[seat])
        return kind in _SIMPLE_BY_PHASE.get(phase, ())
    if isinstance(action, ChooseColour):
        return (phase == START_COLOUR and seat == state.current
                and type(action.colour) is int and 0 <= action.colour < 4)
    return False


def _play_is_legal(state: UnoDuoState, seat: int, action: Play) -> bool:
    face, colour, uno = action.face, action.colour, action.uno
    if type(face) is not int or type(colour) is not int or not 0 <= face < FACE_COUNT:
        return False
    if seat != state.current:
        return False
    hand = state.hands[seat]
    printed = COLOUR_OF[face]
    if (colour != printed) if printed >= 0 else not 0 <= colour < 4:
        return False
    if uno not in (False, True) or (uno and len(hand) != 2) or face not in hand:
        return False
    phase = state.phase
    if phase == TURN:
        return face in _MATCHING[state.colour][state.discard[-1]]
    if phase == DRAWN:
        return face == state.drawn
    if phase == VOLLEY:
        return RANK_OF[face] == DRAW_TWO and printed >= 0
    if phase == DUMPING:
        return printed == state.dump_colour
    return False


_SIMPLE_BY_PHASE = {
    DRAWN: ("keep",),
    VOLLEY: ("draw",),
    CHALLENGE: ("challenge", "accept"),
    DUMP_DECIDE: ("dump", "no-dump"),
    DRAFT: ("draft-keep", "draft-discard"),
}


def _matches(state: UnoDuoState, face: int) -> bool:
    """A card may be played on the pile if it matches colour, number or action, or is wild."""
    return face in _MATCHING[state.colour][state.discard[-1]]


def _can_draw(state: UnoDuoState) -> bool:
    return bool(state.draw_pile) or len(state.discard) > 1


def _holds_colour(state: UnoDuoState, seat: int, colour: int) -> bool:
    return any(COLOUR_OF[card] == colour for card in state.hands[seat])


# --- Apply --------------------------------------------------------------------------------


def apply(state: UnoDuoState, seat: Seat, action: Action) -> list[Event]:
    phase = state.phase
    if phase == GAME_OVER:
        raise GameOver("The game is over")
    if seat is None and isinstance(action, Simple) and action.kind == TIMEOUT.kind:
        return _timeout(state)
    if seat != 0 and seat != 1:
        raise NotYourTurn("UNO Duo has seats 0 and 1 only")
    events = _apply_seat(state, seat, phase, action)
    # A decision taken ends the wait its clock measured; acting at all ends a run of timeouts.
    if isinstance(action, Play) or action.kind not in _OUT_OF_TURN:
        state.decisions += 1
    if state.timeouts[seat]:
        state.timeouts[seat] = 0
    return events


_OUT_OF_TURN = frozenset({SAY_UNO.kind, CATCH.kind})  # calls that are no decision of the seat to move


def _apply_seat(state: UnoDuoState, seat: int, phase: str, action: Action) -> list[Event]:
    events: list[Event] = []
    if isinstance(action, Play):  # the most common action first
        if action.uno and len(state.hands[seat]) != 2:
            action = Play(action.face, action.colour)  # NOTES 9: saying UNO early does nothing
        if not _play_is_legal(state, seat, action):
            raise _refusal(state, seat, action)
        if state.uno_exposed == 1 - seat:
            state.uno_exposed = -1  # NOTES 9: the chance to catch ends with the opponent's own move
        state.passes = 0
        if phase == DUMPING:
            _dump_card(state, seat, action, events)
        else:
            _play(state, seat, action, events)
        return events
    if isinstance(action, Simple):
        # The branches below compare by identity; an equal copy (unpickled, built anew) must act alike.
        action = SIMPLE_ACTIONS.get(action.kind, action)
    if not is_legal(state, seat, action):
        raise _refusal(state, seat, action)
    if action is SAY_UNO:
        state.uno_exposed = -1
        events.append(Event("uno", {"seat": seat}))
        return events
    if action is CATCH:
        _catch(state, seat, events)
        return events
    if state.uno_exposed == 1 - seat:
        state.uno_exposed = -1  # NOTES 9: the chance to catch ends with the opponent's own move
    if action is PASS:
        _pass(state, seat, events)
        return events
    state.passes = 0
    if action is DRAW:
        _draw_action(state, seat, events)
    elif action is KEEP:
        _pass_turn_to(state, 1 - seat)
    elif isinstance(action, ChooseColour):
        _choose_start_colour(state, action.colour, events)
    elif phase == DRAFT:
        _draft(state, seat, action is DRAFT_KEEP, events)
    elif phase == CHALLENGE:
        _answer_wild_draw_four(state, seat, action is CHALLENGE_ACTION, events)
    elif action is DUMP:
        state.phase = DUMPING
        events.append(Event("dump", {"seat": seat, "colour": COLOURS[state.dump_colour]}))
    elif action is NO_DUMP:
        _pass_turn_to(state, 1 - seat)
    return events


def _play(state: UnoDuoState, seat: int, action: Play, events: list[Event]) -> None:
    face = action.face
    guilty = face == WILD_DRAW_FOUR and state.phase == TURN and _could_play_other(state, seat)
    _lay_down(state, seat, action, events)
    opponent = 1 - seat
    rank = RANK_OF[face]
    if rank == DRAW_TWO:
        state.volley += 2
    if not state.hands[seat]:
        # NOTES 10: a last Draw 2 or Wild Draw 4 still makes the opponent draw.
        if rank == DRAW_TWO:
            _draw(state, opponent, state.volley, events)
        elif face == WILD_DRAW_FOUR:
            _draw(state, opponent, 4, events)
        _end_round(state, seat, events)
        return
    if rank < DRAW_TWO or face in (WILD, WILD_CUSTOM):  # numbers and plain wilds
        state.phase, state.current = TURN, opponent
    elif rank == DRAW_TWO:
        state.phase, state.current = VOLLEY, opponent
        events.append(Event("volley", {"total": state.volley}))
    elif rank == SKIP:
        _pass_turn_to(state, seat)  # Skip: the player goes again
    elif rank == REVERSE and _holds_colour(state, seat, state.colour):
        state.phase, state.dump_colour = DUMP_DECIDE, state.colour
    elif face == WILD_DRAW_FOUR:
        state.phase, state.current = CHALLENGE, opponent
        state.w4_offender, state.w4_guilty = seat, guilty
    elif face == WILD_SHUFFLE:
        _shuffle_hands(state, seat, events)
        _pass_turn_to(state, opponent)
    else:
        _pass_turn_to(state, opponent)


def _lay_down(state: UnoDuoState, seat: int, action: Play, events: list[Event]) -> None:
    hand = state.hands[seat]
    hand.remove(action.face)
    state.discard.append(action.face)
    state.colour = action.colour
    state.drawn = -1
    events.append(Event("play", {"seat": seat, "card": CODES[action.face], "colour": COLOURS[action.colour],
                                 "left": len(hand)}))
    if len(hand) == 1:
        if action.uno:
            events.append(Event("uno", {"seat": seat}))
        else:
            state.uno_exposed = seat


def _could_play_other(state: UnoDuoState, seat: int) -> bool:
    """Whether the Wild Draw 4's player held another card it could have played (NOTES 5)."""
    colour_only = state.options.challenge_rule == CHALLENGE_COLOUR_ONLY
    for card in state.hands[seat]:
        if card == WILD_DRAW_FOUR:
            continue
        if (COLOUR_OF[card] == state.colour) if colour_only else _matches(state, card):
            return True
    return False


def _answer_wild_draw_four(state: UnoDuoState, seat: int, challenge: bool,
                           events: list[Event]) -> None:
    """NOTES 6: guilty, the offender draws 4 and loses the extra turn; innocent, the challenger
    draws 6. Unchallenged, the opponent draws 4. Either way the named colour stands.
    A challenged player shows their hand to the challenger (uno-duo.sv.txt, the challenge)."""
    offender = state.w4_offender
    state.w4_offender = -1
    if not challenge:
        _draw(state, seat, 4, events)
        _pass_turn_to(state, offender)
        return
    guilty = state.w4_guilty
    shown = {"offender_hand": sorted(code(c) for c in state.hands[offender])}
    events.append(Event("challenge", {"seat": seat, "guilty": guilty}, shown, frozenset({seat})))
    if guilty:
        _draw(state, offender, 4, events)
        _pass_turn_to(state, seat)
    else:
        _draw(state, seat, 6, events)
        _pass_turn_to(state, offender)


def _dump_card(state: UnoDuoState, seat: int, action: Play, events: list[Event]) -> None:
    """Reverse: every card of its colour, in the player's order; the last one acts (NOTES 8)."""
    _lay_down(state, seat, action, events)
    rank = RANK_OF[action.face]
    if not state.hands[seat]:
        if rank == DRAW_TWO:
            _draw(state, 1 - seat, 2, events)
        _end_round(state, seat, events)
    elif not _holds_colour(state, seat, state.dump_colour):
        state.dump_colour = -1
        if rank == DRAW_TWO:
            state.volley = 2
            state.phase, state.current = VOLLEY, 1 - seat
            events.append(Event("volley", {"total": state.volley}))
        elif rank == SKIP:
            _pass_turn_to(state, seat)
        else:
            _pass_turn_to(state, 1 - seat)


def _shuffle_hands(state: UnoDuoState, seat: int, events: list[Event]) -> None:
    """NOTES 1: pool both hands, shuffle, deal alternately starting with the opponent."""
    pool = state.hands[0] + state.hands[1]
    state.rng.shuffle(pool)
    opponent = 1 - seat
    state.hands[opponent] = pool[0::2]
    state.hands[seat] = pool[1::2]
    state.uno_exposed = -1
    events.append(Event("shuffle-hands", {"seat": seat,
                                          "counts": [len(state.hands[0]), len(state.hands[1])]}))


def _draw_action(state: UnoDuoState, seat: int, events: list[Event]) -> None:
    if state.phase == VOLLEY:
        total, state.volley = state.volley, 0
        _draw(state, seat, total, events)  # drawing the volley ends the turn
        _pass_turn_to(state, 1 - seat)
        return
    drawn = _draw(state, seat, 1, events)
    if drawn and drawn[0] in _MATCHING[state.colour][state.discard[-1]]:
        state.phase, state.drawn = DRAWN, drawn[0]
    else:
        state.phase, state.current = TURN, 1 - seat


def _pass(state: UnoDuoState, seat: int, events: list[Event]) -> None:
    state.passes += 1
    events.append(Event("pass", {"seat": seat}))
    if state.passes >= 2:
        _end_blocked_round(state, events)
    else:
        _pass_turn_to(state, 1 - seat)


def _catch(state: UnoDuoState, seat: int, events: list[Event]) -> None:
    offender = state.uno_exposed
    state.uno_exposed = -1
    events.append(Event("catch", {"seat": seat, "caught": offender}))
    _draw(state, offender, state.options.uno_penalty, events)


def _draw(state: UnoDuoState, seat: int, count: int, events: list[Event]) -> list[int]:
    pile = state.draw_pile
    hand = state.hands[seat]
    if count == 1 and pile:  # the common case, kept short
        card = pile.pop()
        hand.append(card)
        drawn = [card]
        shown = [CODES[card]]
    else:
        drawn = []
        for _ in range(count):
            if not pile:
                _refill(state, events)
                pile = state.draw_pile
                if not pile:
                    break
            drawn.append(pile.pop())
        hand += drawn
        shown = list(map(_CODE, drawn))
    if state.uno_exposed == seat and len(hand) != 1:
        state.uno_exposed = -1
    events.append(Event("draw", {"seat": seat, "count": len(drawn)}, {"cards": shown}, _ONLY[seat]))
    return drawn


def _refill(state: UnoDuoState, events: list[Event]) -> None:
    """Keep the top discard; the rest becomes the draw pile (NOTES 11: shuffled by default)."""
    if len(state.discard) <= 1:
        return
    rest = state.discard[:-1]
    state.discard = state.discard[-1:]
    if state.options.shuffle_on_refill:
        state.rng.shuffle(rest)
    else:
        rest.reverse()  # turned over: the old bottom card is now on top
    state.draw_pile = rest
    events.append(Event("refill", {"count": len(rest)}))


def _pass_turn_to(state: UnoDuoState, seat: int) -> None:
    state.phase, state.current = TURN, seat


# --- The turn timer (an option; docs/rules/uno-duo.md, "Turn timer") ----------------------


def deadline(state: UnoDuoState) -> Deadline | None:
    """With a turn timer, each decision has `turn_timer` seconds; a call of UNO or a catch,
    taken out of turn, is no decision and leaves the clock running."""
    seconds = state.options.turn_timer
    if seconds <= 0 or state.phase == GAME_OVER:
        return None
    return Deadline(seconds, None, TIMEOUT, key=f"decision-{state.decisions}")


def idle_seats(state: UnoDuoState) -> tuple[int, ...]:
    """Seats that timed out `bot_after_timeouts` times in a row: their stand-in bot should play."""
    most = state.options.bot_after_timeouts
    if most <= 0 or state.options.turn_timer <= 0:
        return ()
    return tuple(seat for seat in (0, 1) if state.timeouts[seat] >= most)


def _timeout(state: UnoDuoState) -> list[Event]:
    """The seat to move ran out of time: draw and pass, or what comes nearest in its phase."""
    if state.options.turn_timer <= 0:
        raise IllegalAction("This game has no turn timer")
    seat, phase = state.current, state.phase
    state.timeouts[seat] += 1
    state.decisions += 1
    events = [Event("timeout", {"seat": seat, "phase": phase, "in_a_row": state.timeouts[seat]})]
    if state.uno_exposed == 1 - seat:
        state.uno_exposed = -1  # as with any move of the seat: the chance to catch ends
    if phase == DRAFT:
        _draft(state, seat, True, events)  # keeps the card looked at, as a draw would
    elif phase == START_COLOUR:
        _choose_start_colour(state, _most_held_colour(state.hands[seat]), events)
    elif phase == TURN:
        if _can_draw(state):
            state.passes = 0
            _draw(state, seat, 1, events)
            _pass_turn_to(state, 1 - seat)  # even a playable card drawn is kept: the time is up
        elif not any(_matches(state, face) for face in state.hands[seat]):
            _pass(state, seat, events)  # the very pass the player had to make
        else:
            _pass_turn_to(state, 1 - seat)  # nothing to draw: the turn passes, the round goes on
    elif phase == DRAWN:
        _pass_turn_to(state, 1 - seat)  # keeps the drawn card
    elif phase == VOLLEY:
        _draw_action(state, seat, events)  # draws the whole volley
    elif phase == CHALLENGE:
        _answer_wild_draw_four(state, seat, False, events)  # accepts: draws 4
    elif phase == DUMP_DECIDE:
        _pass_turn_to(state, 1 - seat)  # does not dump
    elif phase == DUMPING:
        # The dumped cards must all be played: the table plays them in the order they were drawn.
        while state.phase == DUMPING and state.current == seat:
            face = next(f for f in state.hands[seat] if COLOUR_OF[f] == state.dump_colour)
            _dump_card(state, seat, act.play(face, COLOUR_OF[face]), events)
    return events


def _most_held_colour(hand: list[int]) -> int:
    """The colour a player holds most of (the first in colour order on a tie)."""
    counts = [0, 0, 0, 0]
    for card in hand:
        if COLOUR_OF[card] >= 0:
            counts[COLOUR_OF[card]] += 1
    return counts.index(max(counts))


# --- Ending the Round / Scoring / The Way to Win -------------------------------------------


def hand_points(hand: list[int]) -> int:
    return sum(POINTS[card] for card in hand)


def _end_round(state: UnoDuoState, winner: int, events: list[Event], blocked: bool = False) -> None:
    loser = 1 - winner
    scored = hand_points(state.hands[loser]) if winner >= 0 else 0
    if winner >= 0:
        state.scores[loser] += scored
    result = RoundResult(state.round, winner, scored,
                         (tuple(state.hands[0]), tuple(state.hands[1])), blocked)
    state.history.append(result)
    events.append(Event("round-end", {**result.to_json(code), "scores": list(state.scores)}))
    if max(state.scores) >= state.options.target_score or state.last_round:
        state.phase = GAME_OVER
        state.uno_exposed = -1
        events.append(Event("game-end", {"scores": list(state.scores)}))
        return
    state.round += 1
    state.player_one = 1 - state.player_one  # the first drafter alternates
    _start_round(state, events)


def _end_blocked_round(state: UnoDuoState, events: list[Event]) -> None:
    """Both players passed in a row with nothing to draw: the lower hand goes out (our rule)."""
    low = [hand_points(h) for h in state.hands]
    winner = -1 if low[0] == low[1] else (0 if low[0] < low[1] else 1)
    _end_round(state, winner, events, blocked=True)


def outcome(state: UnoDuoState) -> Outcome | None:
    if state.phase != GAME_OVER:
        return None
    loser = 0 if state.scores[0] >= state.options.target_score else 1
    winner = 1 - loser
    results = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
    return Outcome((winner,), results, tuple(state.scores),
                   f"seat {loser} reached {state.options.target_score} points")


# --- Why an action is refused -------------------------------------------------------------


def _refusal(state: UnoDuoState, seat: int, action: Action) -> GameError:
    malformed = _malformed(action)
    if malformed is not None:
        return malformed
    if action is TIMEOUT:
        return IllegalAction("Only the table's clock can time a turn out")
    if action is SAY_UNO:
        return IllegalAction("Say UNO when a play leaves you with one card")
    if action is CATCH:
        return IllegalAction("Your opponent has nothing to be caught for")
    if seat != state.current:
        return NotYourTurn("It is your opponent's turn")
    hand = state.hands[seat]
    if isinstance(action, Play) and action.face not in hand:
        return IllegalAction("You have no {card} in your hand", card=code(action.face))
    phase_refusal = _phase_refusal(state)
    if phase_refusal is not None:
        return phase_refusal
    if isinstance(action, Play):
        return IllegalAction("{card} does not match {top}: "
                             "play the same colour, number or action, a wild, or draw",
                             card=code(action.face), top=code(state.discard[-1]))
    if action is PASS:
        return IllegalAction("You can only pass when there is nothing to draw and nothing to play")
    return IllegalAction("'{action}' is not possible now", action=action.notation())


def _phase_refusal(state: UnoDuoState) -> IllegalAction | None:
    """What the seat to move must do in a phase that allows only a few moves."""
    phase = state.phase
    if phase == DRAFT:
        return IllegalAction("In the draft you keep or discard the card you are looking at")
    if phase == START_COLOUR:
        return IllegalAction("Name the colour for the wild start card")
    if phase == DRAWN:
        return IllegalAction("Play the card you just drew, or keep it")
    if phase == VOLLEY:
        return IllegalAction("Play a {card} or draw {n} cards", card=_NAME_DRAW_TWO, n=state.volley)
    if phase == CHALLENGE:
        return IllegalAction("Challenge the {card} or accept it", card=_NAME_WILD_DRAW_FOUR)
    if phase == DUMP_DECIDE:
        return IllegalAction("Choose whether to play all your other cards of the {card}'s colour",
                             card=_NAME_REVERSE)
    if phase == DUMPING:
        return IllegalAction("Play your remaining cards of the {card}'s colour", card=_NAME_REVERSE)
    return None


# Card names as reasons pass them: the names players know from the cards.
_NAME_DRAW_TWO = rank_name(DRAW_TWO)
_NAME_WILD_DRAW_FOUR = name(WILD_DRAW_FOUR)
_NAME_REVERSE = rank_name(REVERSE)


def _malformed(action: object) -> MalformedAction | None:
    """Why a value handed to `apply` directly is no UNO Duo action at all (None if it is one)."""
    if isinstance(action, Play):
        if type(action.face) is not int or type(action.colour) is not int:
            return MalformedAction("A card and a colour are whole numbers")  # 5.0 == 5, but cannot index
        if not (0 <= action.face < FACE_COUNT and 0 <= action.colour < 4):
            return MalformedAction("No such card or colour")
        if COLOUR_OF[action.face] >= 0 and action.colour != COLOUR_OF[action.face]:
            return MalformedAction("{card} is {colour}; only wild cards choose a colour",
                                   card=code(action.face), colour=COLOURS[COLOUR_OF[action.face]])
        return None
    if isinstance(action, ChooseColour):
        return None if 0 <= action.colour < 4 else MalformedAction("No such colour")
    if isinstance(action, Simple):
        if action.kind in SIMPLE_ACTIONS:
            return None
        return MalformedAction("Unknown action '{kind}'", kind=str(action.kind)[:40])
    return MalformedAction("Not an UNO Duo action")
