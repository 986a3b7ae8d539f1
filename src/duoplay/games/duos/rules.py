"""DUOS rules: setup, legal actions and apply. Pure: no I/O, no clock, no global random.

Section names in comments refer to ../shared/rules/duos.en.txt; numbered defaults
refer to the DUOS part of ../shared/rules/NOTES.md. `apply` runs `check` first, so
a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

from duoplay.core.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn
from duoplay.core.protocol import Deadline, Event, Outcome, Seat
from duoplay.core.rng import GameRng
from duoplay.games.duos import actions as act
from duoplay.games.duos import scoring
from duoplay.games.duos.actions import Action, GiveHelp, PlacePairs
from duoplay.games.duos.cards import CATEGORIES, GRID, SETS, face, set_of, set_size, side_of
from duoplay.games.duos.help_word import MAX_WORD, is_one_word
from duoplay.games.duos.legal import menu_of_pairs
from duoplay.games.duos.options import DuosOptions
from duoplay.games.duos.pairing import MAX_PAIRS, FewerPairs, problem
from duoplay.games.duos.state import COMPETE, COOP, DuosState, Help, Phase, TurnResult

HELP_NAMES = {"word": "WORD", "yes": "YES!", "no": "NO!"}

# --- Setup -------------------------------------------------------------------------------


def setup(seats: int, options: DuosOptions, seed: int) -> DuosState:
    if not 2 <= seats <= 6:
        raise MalformedAction("DUOS is for 2 to 6 players (2 play the cooperative variant)")
    if seats > 2 and options.first_narrator >= seats:
        raise MalformedAction("first_narrator must be a seat from 0 to {last}", last=seats - 1)
    rng = GameRng(seed)
    # Setup: the table chooses a category; here the seed does, unless an option names one.
    category = options.category or CATEGORIES[rng.randrange(len(CATEGORIES))]
    mode = COOP if seats == 2 else COMPETE
    turns = options.coop_turns if mode == COOP else options.rounds * seats
    set_index = set_of(category)
    pile = list(range(set_size(set_index)))
    rng.shuffle(pile)
    state = DuosState(options=options, rng=rng, seats=seats, mode=mode, set_index=set_index,
                      first_side=side_of(category), turns=turns, draw_pile=pile,
                      narrator=options.first_narrator if mode == COMPETE else -1,
                      scores=[0] * seats)
    _start_turn(state, [])
    return state


def category(state: DuosState) -> str:
    return SETS[state.set_index][1][state.side]


def side_for_turn(state: DuosState, turn: int) -> int:
    """NOTES DUOS 2: the category alternates every turn; with an even number of players
    round 2 starts on the other category than round 1, so each narrates once in each."""
    if state.options.fixed_category:
        return state.first_side
    parity = turn
    if state.mode == COMPETE and state.seats % 2 == 0:
        parity += turn // state.seats
    return state.first_side ^ (parity % 2)


def _start_turn(state: DuosState, events: list[Event]) -> None:
    """Preparing the Next Turn: flip the cards if they showed one side only, else deal 12 new."""
    side = side_for_turn(state, state.turn)
    flip = bool(state.table) and not state.flipped and side != state.side
    if flip:
        state.flipped = True
    else:
        if len(state.draw_pile) < GRID:
            # A set has 64 cards: long games shuffle the played cards back under the
            # pile, all but the ones just played, which would otherwise come straight back.
            state.rng.shuffle(state.used)
            state.draw_pile = state.used + state.draw_pile
            state.used = []
        state.used.extend(state.table)
        state.table = [state.draw_pile.pop() for _ in range(GRID)]
        state.flipped = False
    state.side = side
    state.phase = Phase.PAIRING
    state.pairs = [()] * state.seats
    state.locked = [False] * state.seats
    state.helps = []
    events.append(Event("turn-start", {
        "turn": state.turn, "category": category(state), "flipped": flip,
        "narrator": state.narrator if state.narrator >= 0 else None,
    }))


# --- Who may do what -------------------------------------------------------------------------


def to_move(state: DuosState) -> tuple[int, ...]:
    """Simultaneous secret moves: every seat that has not locked in yet."""
    if state.phase != Phase.PAIRING:
        return ()
    return tuple(seat for seat in range(state.seats) if not state.locked[seat])


def legal_actions(state: DuosState, seat: int) -> list[Action]:
    if state.phase != Phase.PAIRING or not 0 <= seat < state.seats or state.locked[seat]:
        return []
    head: list[Action] = [act.LOCK]
    if state.mode == COOP:
        for kind in ("yes", "no"):
            for card in range(GRID):
                help_action = GiveHelp(kind, card=card)
                if _refusal(state, seat, help_action) is None:
                    head.append(help_action)
    # A menu, not every legal move: see legal.py. `check` decides what is legal.
    marks = _marks(state, seat)
    placed = state.pairs[seat]
    if len(placed) < MAX_PAIRS:
        head.remove(act.LOCK)  # listed below as locking in the pairs as they stand, if allowed
    menu = menu_of_pairs(placed, marks.get("no"), marks.get("yes"), state.options.lock_with_fewer_pairs)
    return [*head, *menu]


def _marks(state: DuosState, seat: int) -> dict[str, int]:
    """The cards this seat marked YES! or NO! this turn."""
    return {h.kind: h.card for h in state.helps if h.seat == seat and h.kind != "word"}


def check(state: DuosState, seat: Seat, action: Action) -> None:
    """Raise the error a player would get for this action, or return if it is legal."""
    error = _refusal(state, seat, action)
    if error is not None:
        raise error


def _refusal(state: DuosState, seat: Seat, action: Action) -> IllegalAction | None:
    if state.phase == Phase.GAME_OVER:
        return GameOver("The game is over")
    if action == act.TIMEOUT:
        if seat is not None:
            return IllegalAction("Only the table's clock ends the pairing time")
        return None
    if seat is None:
        return NotYourTurn("Only a player can place pairs or give a help")
    if not (isinstance(seat, int) and 0 <= seat < state.seats):
        return NotYourTurn("This table has seats 0 to {last}", last=state.seats - 1)
    if state.locked[seat]:
        return NotYourTurn("You have locked in your pairs; wait for the others")
    if isinstance(action, PlacePairs):
        return _pairs_refusal(state, seat, action)
    if isinstance(action, GiveHelp):
        return _help_refusal(state, seat, action)
    if action == act.LOCK:
        return _fewer_refusal(state, len(state.pairs[seat]))
    return IllegalAction("'{action}' is not possible now", action=action.notation())


def _pairs_refusal(state: DuosState, seat: int, action: PlacePairs) -> IllegalAction | None:
    why = problem(action.pairs)
    if why is not None:
        return why
    used = {p for pair in action.pairs for p in pair}
    marks = _marks(state, seat)
    if "no" in marks and marks["no"] in used:
        return IllegalAction("You said {help} to the card at position {card}: leave it out",
                             help=HELP_NAMES["no"], card=marks["no"])
    if "yes" in marks and marks["yes"] not in used:
        return IllegalAction("You said {help} to the card at position {card}: keep it in a pair",
                             help=HELP_NAMES["yes"], card=marks["yes"])
    return _fewer_refusal(state, len(action.pairs)) if action.lock else None


def _fewer_refusal(state: DuosState, placed: int) -> IllegalAction | None:
    """The option `lock_with_fewer_pairs` off: lock in only with all 4 pairs, as the rulebook says."""
    if placed < MAX_PAIRS and not state.options.lock_with_fewer_pairs:
        return FewerPairs("Place all {most} pairs before you lock in (you have placed {n})",
                          most=MAX_PAIRS, n=placed)
    return None


def _help_refusal(state: DuosState, seat: int, action: GiveHelp) -> IllegalAction | None:
    """DUOS for Two Players: one help per player per turn, the two players' helps different."""
    if state.mode != COOP:
        return IllegalAction("Helps belong to the two-player game")
    name = HELP_NAMES.get(action.kind, action.kind)
    for given in state.helps:
        if given.seat == seat:
            return IllegalAction("You already used {help} this turn: one help per turn",
                                 help=HELP_NAMES[given.kind])
        if given.kind == action.kind:
            return IllegalAction("Your partner already used {help} this turn: choose another help",
                                 help=name)
    if action.kind == "word":
        word = action.word
        if not word or any(c.isspace() for c in word):
            return IllegalAction("{help} is exactly one word, without spaces", help=name)
        if len(word) > MAX_WORD or not any(c.isalpha() for c in word):
            return IllegalAction("{help} must be a word of at most {most} letters", help=name, most=MAX_WORD)
        if not is_one_word(word):
            return IllegalAction(
                "{help} is one word of letters (a hyphen or an apostrophe inside it is fine)", help=name)
        return None
    if not 0 <= action.card < GRID:
        return IllegalAction("There is no card at position {card}: positions are 0 to {last}",
                             card=action.card, last=GRID - 1)
    used = {p for pair in state.pairs[seat] for p in pair}
    if action.kind == "yes" and action.card not in used:
        return IllegalAction("{help} marks a card you use: place a pair with it first", help=name)
    if action.kind == "no" and action.card in used:
        return IllegalAction("{help} marks a card you do not use: take it out of your pairs first", help=name)
    return None


# --- Apply ----------------------------------------------------------------------------------


def apply(state: DuosState, seat: Seat, action: Action) -> list[Event]:
    check(state, seat, action)
    events: list[Event] = []
    if action == act.TIMEOUT:
        late = tuple(s for s in range(state.seats) if not state.locked[s])
        events.append(Event("timeout", {"seats": list(late)}))
        state.locked = [True] * state.seats
        _reveal(state, events, late)
        return events
    assert seat is not None
    if isinstance(action, PlacePairs):
        state.pairs[seat] = action.pairs
        # Others learn that the seat is pairing, not how many pairs it placed (they are behind a screen).
        events.append(Event("pairs-placed", {"seat": seat},
                            {"count": len(action.pairs), "pairs": [list(p) for p in action.pairs]},
                            frozenset({seat})))
        if action.lock:
            _lock(state, seat, events)
    elif isinstance(action, GiveHelp):
        given = Help(seat, action.kind, action.word, action.card)
        state.helps.append(given)
        # NOTES DUOS 4: the partner sees a help at once.
        shown = given.to_json()
        shown["help"] = shown.pop("kind")  # "kind" names the event itself
        events.append(Event("help", shown))
    else:
        _lock(state, seat, events)
    return events


def _lock(state: DuosState, seat: int, events: list[Event]) -> None:
    state.locked[seat] = True
    events.append(Event("locked", {"seat": seat}))
    if all(state.locked):
        _reveal(state, events, ())


def _reveal(state: DuosState, events: list[Event], timed_out: tuple[int, ...]) -> None:
    """Everyone reveals; the Narrator's pairs are checked one by one; points; next turn."""
    cat = category(state)
    faces = tuple(face(cat, card).id for card in state.table)
    events.append(Event("reveal", {"pairs": [[list(p) for p in pairs] for pairs in state.pairs]}))
    if state.mode == COOP:
        matches, points = scoring.coop_turn(state.pairs)
    else:
        matches, points = scoring.compete_turn(state.pairs, state.narrator)
        for pair in state.pairs[state.narrator]:
            shared = [s for s in range(state.seats) if s != state.narrator and pair in state.pairs[s]]
            events.append(Event("pair-checked", {"pair": list(pair), "matched_by": shared}))
    for s in range(state.seats):
        state.scores[s] += points[s] if state.mode == COMPETE else 0
    if state.mode == COOP:
        state.scores = [state.scores[0] + points[0]] * 2
    state.history.append(TurnResult(
        turn=state.turn, category=cat, faces=faces, narrator=state.narrator,
        pairs=tuple(state.pairs), matches=matches, points=points, helps=tuple(state.helps),
        timed_out=timed_out))
    events.append(Event("turn-scored", {"matches": list(matches), "points": list(points),
                                        "scores": list(state.scores)}))
    state.turn += 1
    if state.turn >= state.turns:
        state.phase = Phase.GAME_OVER
        finished = outcome(state)
        assert finished is not None
        events.append(Event("game-over", finished.to_json()))
        return
    if state.mode == COMPETE:
        state.narrator = (state.narrator + 1) % state.seats  # the DUOS card passes on
    _start_turn(state, events)


# --- End of the Game --------------------------------------------------------------------------


def outcome(state: DuosState) -> Outcome | None:
    if state.phase != Phase.GAME_OVER:
        return None
    scores = tuple(state.scores)
    if state.mode == COOP:
        points = scores[0]
        share = points / state.turns
        # Both players win together when they won most of the turns.
        winners: tuple[int, ...] = (0, 1) if 2 * points > state.turns else ()
        reason = f"{points} of {state.turns} turns won: {scoring.coop_verdict(points)}"
        return Outcome(winners, (share, share), scores, reason)
    best = max(scores)
    winners = tuple(s for s in range(state.seats) if scores[s] == best)
    results = tuple(1 / len(winners) if s in winners else 0.0 for s in range(state.seats))
    if len(winners) == 1:
        reason = f"seat {winners[0]} wins with {best} points"
    else:
        reason = f"seats {', '.join(map(str, winners))} share the win with {best} points"
    return Outcome(winners, results, scores, reason)


def deadline(state: DuosState) -> Deadline | None:
    """NOTES DUOS 3: a time limit for pairing; when it passes the table locks everyone in."""
    seconds = state.options.pairing_seconds
    if state.phase != Phase.PAIRING or seconds <= 0:
        return None
    return Deadline(seconds, None, act.TIMEOUT, key=f"pairing-{state.turn}")
