"""Checks every game's tests reuse: playouts, replay, JSON round trips, hidden information, options.

Each function raises `AssertionError` with a readable message, so a game's tests
are one line per property, for example::

    match = random_playout(GAME, seats=2, seed=7, invariant=all_cards_accounted_for)
    assert_replay_equal(match)

Nothing here names a game: what a game hides, and which moves beyond its menu to try,
it declares itself (`hidden_variants`, `fuzz_actions`; see `duoplay.core.declared`).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from duoplay.core import declared
from duoplay.core.errors import GameError, MalformedAction
from duoplay.core.log import MatchRecord
from duoplay.core.match import Match, replay
from duoplay.core.protocol import JSON, Event, Game, OptionSpec, Seat

Invariant = Callable[[Any], None]
BeforeAction = Callable[[Match, Seat, Any], None]
AfterAction = Callable[[Match, Seat, Any, list[Event]], None]
OnRefusal = Callable[[Match, Seat, Any, GameError], None]

DEADLINE_SHARE = 0.1  # of fuzzed steps, how many let the table's clock run out when it can


def random_playout(
    game: Game[Any, Any],
    seats: int,
    seed: int,
    options: JSON | None = None,
    invariant: Invariant | None = None,
    max_actions: int = 200_000,
    check_every_action: BeforeAction | None = None,
    fuzz: float = 0.0,
    after_action: AfterAction | None = None,
    on_refusal: OnRefusal | None = None,
) -> Match:
    """Play random legal actions to the end: a random seat among those to move plays a uniformly
    random action of its menu (`legal_actions`).

    With `fuzz` > 0, that share of the steps first tries the game's `fuzz_actions` for a random
    seat, to move or not: each one the rules refuse must change nothing
    (`assert_refusal_changes_nothing`, then `on_refusal`); one that they accept is played instead
    of a menu action. Some of those steps let the table's clock run out (`deadline`) instead.
    `check_every_action` sees each action before it is applied, `after_action` after, with its events.
    """
    chooser = random.Random(seed)
    match = Match.new(game.id, seats, seed, options)
    for _ in range(max_actions):
        if match.outcome() is not None:
            return match
        chosen = _fuzzed(match, chooser, on_refusal) if fuzz and chooser.random() < fuzz else None
        if chosen is None:
            chosen = _menu_move(match, chooser)
        seat, action = chosen
        if check_every_action is not None:
            check_every_action(match, seat, action)
        events = match.act(seat, action)
        if after_action is not None:
            after_action(match, seat, action, events)
        if invariant is not None:
            invariant(match.state)
    raise AssertionError(f"no outcome after {max_actions} actions (seed {seed})")


def _menu_move(match: Match, chooser: random.Random) -> tuple[Seat, Any]:
    """A random seat to move plays from its menu; when no seat is to move, the game waits on its
    clock alone (a tie window closing), and the clock's move is played."""
    waiting = match.to_move()
    if not waiting:
        deadline = match.deadline()
        assert deadline is not None, "the game is not over but no seat is to move and no clock runs"
        return deadline.seat, deadline.action
    mover = chooser.choice(waiting)
    legal = list(match.legal_actions(mover))
    assert legal, f"seat {mover} is to move but has no legal action"
    return mover, chooser.choice(legal)


def _fuzzed(match: Match, chooser: random.Random, on_refusal: OnRefusal | None) -> tuple[Seat, Any] | None:
    """Try the game's moves beyond the menu for one seat; return one the rules accept, if any."""
    deadline = match.deadline()
    if deadline is not None and chooser.random() < DEADLINE_SHARE:
        return deadline.seat, deadline.action
    # Mostly a seat the game waits for (a seat that has finished refuses everything), sometimes any.
    waiting = match.to_move()
    anyone = not waiting or chooser.random() < 0.3
    seat = chooser.randrange(match.header.seats) if anyone else chooser.choice(waiting)
    before = _Snapshot(match)  # one for every refusal of this step: a refusal changes nothing
    accepted = []
    for action in declared.fuzz_actions(match.game, match.state, seat, chooser):
        if refusal(match.game, match.state, seat, action) is None:
            accepted.append(action)
            continue
        error = before.assert_refused(match, seat, action)
        if on_refusal is not None:
            on_refusal(match, seat, action, error)
    return (seat, chooser.choice(accepted)) if accepted else None


def refusal(game: Game[Any, Any], state: Any, seat: Seat, action: Any) -> GameError | None:
    """The error `action` by `seat` meets in `state`, or None if the rules accept it (tried on a copy)."""
    try:
        game.apply(game.copy_state(state), seat, action)
    except GameError as error:
        return error
    return None


def viewers(seats: int) -> list[Seat]:
    """Every seat, then the spectator (None)."""
    return [*range(seats), None]


def all_views(match: Match) -> list[JSON]:
    """Every seat's view and the spectator's, as JSON-ready data."""
    return [match.view(seat) for seat in viewers(match.header.seats)]


def assert_replay_equal(match: Match) -> None:
    """The stored record, through JSON and back, replays to the same state and views."""
    record = MatchRecord.loads(match.record().dumps())
    again = replay(record.header, record.log)
    assert again.state == match.state, "replaying the log did not rebuild the same state"
    assert all_views(again) == all_views(match), "replay gives different views"


def assert_json_views(match: Match) -> None:
    for shown in all_views(match):
        assert json.loads(json.dumps(shown)) == shown, "a view does not survive JSON"


def assert_json_events(events: Iterable[Event], seats: int) -> None:
    """Every event, as each seat and a spectator are shown it, survives JSON."""
    for event in events:
        for seat in viewers(seats):
            shown = event.visible_to(seat)
            assert json.loads(json.dumps(shown)) == shown, f"{event!r} shown to {seat} does not survive JSON"


def assert_actions_round_trip(game: Game[Any, Any], actions: Iterable[Any]) -> None:
    """`parse_action(a.to_json()) == a`, also through a JSON string, and notations parse back."""
    for action in actions:
        data = action.to_json()
        assert game.parse_action(data) == action, f"{action!r} does not survive to_json"
        assert game.parse_action(json.loads(json.dumps(data))) == action
        assert game.parse_action(action.notation()) == action, f"{action.notation()!r} misparses"


def assert_refusal_changes_nothing(match: Match, seat: Seat, action: Any) -> GameError:
    """Apply an action that must be refused: the state, the log and every view must be exactly
    as before, and the error must say why, as a message id with JSON parameters."""
    return _Snapshot(match).assert_refused(match, seat, action)


class _Snapshot:
    """A match's state, log length and views at one moment, to compare after a refusal."""

    def __init__(self, match: Match) -> None:
        self.state = match.game.copy_state(match.state)
        self.views = all_views(match)
        self.log_length = len(match.log)

    def assert_refused(self, match: Match, seat: Seat, action: Any) -> GameError:
        try:
            match.act(seat, action)
        except GameError as error:
            assert match.state == self.state, f"refused {action!r} still changed the state"
            assert len(match.log) == self.log_length, "a refused action reached the log"
            assert all_views(match) == self.views, f"refused {action!r} still changed a view"
            assert_readable(error)
            return error
        raise AssertionError(f"{action!r} by seat {seat} was accepted but should be refused")


def assert_readable(error: GameError) -> None:
    """A reason a player can read, and a message id with JSON scalars that a client can translate."""
    assert error.reason.strip(), f"{type(error).__name__} without a reason"
    assert error.template.strip(), f"{error.reason!r} has no message id"
    for name, value in error.params.items():
        assert value is None or isinstance(value, str | int | float | bool), (
            f"parameter {name} of {error.template!r} is {type(value).__name__}, not a JSON scalar")
        assert "{" + name + "}" in error.template, f"{error.template!r} does not use its parameter {name}"


def assert_view_hides(game: Game[Any, Any], state: Any, other: Any, seat: Seat) -> None:
    """`other` differs from `state` only in what `seat` cannot see: the views must be equal."""
    assert game.view(state, seat) == game.view(other, seat), (
        f"seat {seat}'s view changed when only hidden information changed"
    )


# --- Hidden information through the protocol -------------------------------------------------


def assert_hidden_stays_hidden(match: Match, actor: Seat, action: Any, rng: random.Random,
                               alternatives: Sequence[Any] = ()) -> int:
    """Nothing a viewer cannot see reaches it, now or through the next action's events.

    For each seat and the spectator, the game's `hidden_variants` differ from the state only
    in what that viewer cannot see. Then: the viewer's view and legal actions are the same in
    every variant; the next action (`action` by `actor`) is accepted in a variant if it is the
    viewer's own; and where the views after the action still agree, so do the events the viewer
    is shown. (A seat's own move may show it what the rules let it see, like a challenged hand:
    for the actor, only the events' public parts are compared.)

    `alternatives` (other actions of `actor`) are checked the same way: a move of the same kind
    (the same JSON "type": which kind of move a seat makes is public, its arguments need not be)
    that leaves a difference some seat can see but the viewer cannot must not show the viewer
    other events either. (A difference that no view keeps, like the colour named with a round's
    last card, was public when it happened: events may show it.)

    Returns how many variants changed what some other viewer sees (0 means nothing was tested).
    """
    game, state, seats = match.game, match.state, match.header.seats
    after, events = _applied(game, state, actor, action)
    everyone = viewers(seats)
    views = {viewer: game.view(state, viewer) for viewer in everyone}
    views_after = {viewer: game.view(after, viewer) for viewer in everyone}
    meaningful = 0
    for viewer in everyone:
        seen_after = views_after[viewer]
        shown = _shown(events, viewer, actor)
        menu = _menu(game, state, viewer)
        for variant in declared.hidden_variants(game, state, viewer, rng):
            assert game.view(variant, viewer) == views[viewer], (
                f"viewer {viewer}'s view changed with only what it cannot see")
            assert _menu(game, variant, viewer) == menu, (
                f"seat {viewer}'s legal actions changed with only what it cannot see")
            meaningful += any(game.view(variant, other) != views[other]
                              for other in everyone if other != viewer)
            try:
                twin_after, twin_events = _applied(game, variant, actor, action)
            except GameError as error:
                assert actor != viewer, (
                    f"seat {viewer}'s own {action!r} was refused ({error.reason}) in a state it cannot "
                    "tell apart from one where it is accepted")
                continue
            if game.view(twin_after, viewer) == seen_after:
                assert _shown(twin_events, viewer, actor) == shown, (
                    f"the events of {action!r} show viewer {viewer} what it cannot see")
    for other_action in alternatives:
        if _kind(other_action) != _kind(action):
            continue
        try:
            other_after, other_events = _applied(game, state, actor, other_action)
        except GameError:
            continue
        other_views = {viewer: game.view(other_after, viewer) for viewer in everyone}
        if other_views == views_after:
            continue
        for viewer in everyone:
            if viewer != actor and other_views[viewer] == views_after[viewer]:
                assert _shown(other_events, viewer, actor) == _shown(events, viewer, actor), (
                    f"viewer {viewer} cannot tell {action!r} from {other_action!r} by seat {actor} "
                    "in its view, but their events differ")
    return meaningful


def _applied(game: Game[Any, Any], state: Any, seat: Seat, action: Any) -> tuple[Any, list[Event]]:
    after = game.copy_state(state)
    return after, game.apply(after, seat, action)


def _shown(events: list[Event], viewer: Seat, actor: Seat) -> list[JSON]:
    return [event.visible_to(None if viewer == actor else viewer) for event in events]


def _kind(action: Any) -> tuple[type, Any]:
    return type(action), action.to_json().get("type")


def _menu(game: Game[Any, Any], state: Any, seat: Seat) -> list[str]:
    return [] if seat is None else sorted(map(repr, game.legal_actions(state, seat)))


def assert_views_alike(game: Game[Any, Any], state: Any, seats: int) -> None:
    """A game that declares no `hidden_variants` claims to hide nothing: every seat and the
    spectator must see the same, but for fields that name the viewer itself."""
    everyone = viewers(seats)
    shown = {viewer: game.view(state, viewer) for viewer in everyone}
    first = everyone[-1]
    for viewer in everyone[:-1]:
        for key in set(shown[first]) | set(shown[viewer]):
            theirs, mine = shown[first].get(key), shown[viewer].get(key)
            if theirs == mine or (_names(theirs, first) and _names(mine, viewer)):
                continue
            raise AssertionError(
                f"{game.id} declares no hidden_variants, yet seat {viewer} and seat {first} see "
                f"different {key!r}: declare what each seat cannot see")


def _names(value: Any, viewer: Seat) -> bool:
    return value is None if viewer is None else type(value) is int and value == viewer


# --- Options as declared -----------------------------------------------------------------------


def assert_option_specs_match(game: Game[Any, Any]) -> None:
    """The options the lobby offers are the game's options, with the same defaults."""
    defaults = game.options_to_json(game.parse_options(None))
    specs = declared.option_specs(game)
    names = [spec.name for spec in specs]
    assert len(set(names)) == len(names), f"an option is declared twice: {names}"
    offered = set(defaults) - set(declared.carried_options(game))
    assert set(names) == offered, (
        f"declared options {sorted(names)} are not the game's options {sorted(offered)}")
    for spec in specs:
        assert spec.default == defaults[spec.name] and type(spec.default) is type(defaults[spec.name]), (
            f"option {spec.name}: declared default {spec.default!r}, the game's is {defaults[spec.name]!r}")
    again = game.options_to_json(game.parse_options(json.loads(json.dumps(defaults))))
    assert again == defaults, "the default options do not survive JSON"


def assert_option_bounds_enforced(game: Game[Any, Any]) -> None:
    """Every declared bound and choice holds in `parse_options`: the values at the bounds and each
    choice are accepted, values just outside are refused with `MalformedAction`."""
    for spec in declared.option_specs(game):
        for value in _inside(spec):
            try:
                game.parse_options({spec.name: value})
            except MalformedAction as error:
                raise AssertionError(f"option {spec.name} refuses {value!r}, which it declares: "
                                     f"{error.reason}") from None
        for value in _outside(spec):
            try:
                game.parse_options({spec.name: value})
            except MalformedAction as error:
                assert_readable(error)
                continue
            raise AssertionError(f"option {spec.name} accepts {value!r}, outside what it declares")


def _inside(spec: OptionSpec) -> list[Any]:
    values: list[Any] = [spec.default]
    if spec.kind == "choice":
        values += [value for value, _ in spec.choices]
    if spec.kind == "bool":
        values += [True, False]
    for bound in (spec.minimum, spec.maximum):
        if bound is not None:
            values.append(int(bound) if spec.kind == "int" else float(bound))
    return values


def _outside(spec: OptionSpec) -> list[Any]:
    values: list[Any] = []
    if spec.kind == "choice":
        chosen = [value for value, _ in spec.choices]
        numbers = [v for v in chosen if type(v) is int]
        values.append(max(numbers) + 1 if numbers and len(numbers) == len(chosen) else "not-a-choice")
    if spec.kind == "bool":
        values += ["true", 1]
    if spec.kind == "int":
        values.append(0.5 + (spec.minimum or 0))
    whole = spec.kind == "int"
    if spec.minimum is not None:
        values.append(int(spec.minimum) - 1 if whole else math.nextafter(spec.minimum, -math.inf))
    if spec.maximum is not None:
        values.append(int(spec.maximum) + 1 if whole else math.nextafter(spec.maximum, math.inf))
    return values
