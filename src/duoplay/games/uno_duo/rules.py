"""UNO Duo rules: setup and apply. Pure: no I/O, no clock, no global random.

Which moves are legal is `legality.py` (re-exported here, with `is_legal`); why one is
refused, `refusals.py`.

Section names in comments refer to ../shared/rules/uno-duo.en.txt; numbered
defaults refer to the UNO Duo part of ../shared/rules/NOTES.md.
`apply` checks the action against `legal_actions` before it changes anything,
so a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

from duoplay.core.errors import GameOver, IllegalAction, NotYourTurn
from duoplay.core.protocol import Deadline, Event, Outcome, Seat
from duoplay.core.rng import GameRng
from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo.actions import (
    CATCH,
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
)
from duoplay.games.uno_duo.legality import (
    MATCHING,
    can_draw,
    holds_colour,
    is_legal,
    matches,
    play_is_legal,
)
from duoplay.games.uno_duo.legality import legal_actions as python_legal_actions
from duoplay.games.uno_duo.native import hot_path
from duoplay.games.uno_duo.options import CHALLENGE_COLOUR_ONLY, UnoDuoOptions
from duoplay.games.uno_duo.refusals import refusal
from duoplay.games.uno_duo.state import (
    CHALLENGE,
    DRAFT,
    DRAWN,
    DUMP_DECIDE,
    DUMPING,
    GAME_OVER,
    START_COLOUR,
    TURN,
    VOLLEY,
    RoundResult,
    UnoDuoState,
)

__all__ = ["apply", "deadline", "hand_points", "idle_seats", "is_legal", "legal_actions", "outcome", "setup"]

HAND_SIZE = 7
_ONLY = (frozenset({0}), frozenset({1}))
_CODE = CODES.__getitem__  # the audience of a seat's secret


# --- The Cards and The Deal / The Drafting Round -------------------------------------------


def setup(options: UnoDuoOptions, seed: int, rng: GameRng | None = None) -> UnoDuoState:
    """The game after the cut and the deal; `rng` stands in for the seed's generator when given (a
    generator whose chance is decided from outside, as OpenSpiel's chance nodes do)."""
    rng = rng if rng is not None else GameRng(seed)
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
    state.rng.shuffle_pile(deck)
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
    state.draft_card = state.rng.take(state.draw_pile)
    events.append(Event("round-start", {"round": state.round, "player_one": state.player_one}))


def _draft(state: UnoDuoState, seat: int, keep: bool, events: list[Event]) -> None:
    """Keep the card and flip the next one, or discard it and keep the next one."""
    looked_at = state.draft_card
    following = state.rng.take(state.draw_pile)
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
    state.draft_card = state.rng.take(state.draw_pile)


def _finish_draft(state: UnoDuoState, events: list[Event]) -> None:
    # The fourteen discards are turned face down and put under the draw pile.
    state.draw_pile = state.draft_discards[::-1] + state.draw_pile
    state.draft_discards = []  # they now lie in the draw pile; a card is in one place only
    state.draft_kept = []
    state.draft_card = -1
    _flip_start_card(state, events)


# --- Setup Completion: the start card (NOTES 4) --------------------------------------------


def _flip_start_card(state: UnoDuoState, events: list[Event]) -> None:
    top = state.rng.take(state.draw_pile)
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
    elif rank == REVERSE and holds_colour(state, player_two, state.colour):
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


# --- Apply --------------------------------------------------------------------------------


def python_apply(state: UnoDuoState, seat: Seat, action: Action) -> list[Event]:
    """`apply` in pure Python: the rules themselves (the C module hands every move it does not make here)."""
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
        if not play_is_legal(state, seat, action):
            raise refusal(state, seat, action)
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
        raise refusal(state, seat, action)
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
    elif rank == REVERSE and holds_colour(state, seat, state.colour):
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
        if (COLOUR_OF[card] == state.colour) if colour_only else matches(state, card):
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
    elif not holds_colour(state, seat, state.dump_colour):
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
    if drawn and drawn[0] in MATCHING[state.colour][state.discard[-1]]:
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
    take = state.rng.take
    if count == 1 and pile:  # the common case, kept short
        card = take(pile)
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
            drawn.append(take(pile))
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
        state.rng.shuffle_pile(rest)
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
        if can_draw(state):
            state.passes = 0
            _draw(state, seat, 1, events)
            _pass_turn_to(state, 1 - seat)  # even a playable card drawn is kept: the time is up
        elif not any(matches(state, face) for face in state.hands[seat]):
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


# The public entry points: the C module's hot path over the functions above where it was built
# (see native.py), else those functions themselves.
apply, legal_actions, NATIVE = hot_path(python_apply, python_legal_actions)
