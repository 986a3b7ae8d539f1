"""What every registered game must do, checked through the protocol alone.

A game registered under the `duoplay.games` entry points is covered here without naming
it: random play to the end for every seat count (trying moves beyond the menu that the
game declares with `fuzz_actions`), refusals that change nothing, replay, JSON round trips
of actions, views and events, hidden information (with the game's `hidden_variants`), the
options it declares, and its bot levels.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from duoplay.bots.registry import make_bot
from duoplay.core import declared
from duoplay.core.errors import GameError
from duoplay.core.match import Match
from duoplay.core.protocol import JSON, Event, Seat
from duoplay.core.registry import find_game, game_ids
from duoplay.core.testing import (
    assert_actions_round_trip,
    assert_hidden_stays_hidden,
    assert_json_events,
    assert_json_views,
    assert_option_bounds_enforced,
    assert_option_specs_match,
    assert_readable,
    assert_replay_equal,
    assert_views_alike,
    random_playout,
    refusal,
)

MORE_SEEDS_UP_TO = 4
SEEDS = (1, 2, 3)
FUZZ = 0.25  # of the steps, how many try moves beyond the menu first
HIDDEN_CHECKS = 0.1  # of the steps, how many check hidden information (each costs many views)
ALWAYS_CHECKED = 20  # the first actions are all checked for hidden information (short games too)
MENU_SAMPLE = 8  # legal actions per step whose JSON and notation round trips are checked
MAX_ACTIONS = 100_000  # random play at default options can run long (over 15,000 moves)


def playouts() -> list[Any]:
    cases = []
    for game_id in game_ids():
        game = find_game(game_id)
        for seats in range(game.min_seats, game.max_seats + 1):
            # The first seed of each is quick feedback (`make test-fast`); the others run in `make test`,
            # up to MORE_SEEDS_UP_TO seats: a bigger table plays the same rules, only longer.
            more = SEEDS if seats <= MORE_SEEDS_UP_TO else SEEDS[:1]
            cases += [pytest.param(game_id, seats, seed, id=f"{game_id}-{seats}-seats-seed-{seed}",
                                   marks=() if seed == SEEDS[0] else pytest.mark.slow)
                      for seed in more]
    return cases


class Enough(Exception):
    """The playout has shown what the test wanted to see."""


class Tally:
    """What a playout saw: proof that each check had something to check."""

    def __init__(self, enough: int = 0) -> None:
        self.enough = enough  # stop once this many refusals and moves beyond the menu were seen
        self.refused: list[GameError] = []
        self.beyond_menu = 0
        self.hidden_variants = 0
        self.actions: list[Any] = []


@pytest.mark.parametrize("game_id, seats, seed", playouts())
def test_random_play_with_moves_beyond_the_menu(game_id: str, seats: int, seed: int) -> None:
    match, tally = play(game_id, seats, seed, FUZZ)
    outcome = match.outcome()
    assert outcome is not None and len(outcome.results) == seats
    assert_replay_equal(match)
    assert_json_views(match)
    assert_actions_round_trip(match.game, tally.actions)
    if declared.has_hidden_variants(match.game):
        assert tally.hidden_variants, "no hidden variant changed anything: the leak check proved nothing"


def fuzzing_games() -> list[str]:
    """Games with moves beyond their menu (`fuzz_actions`); a game whose menu lists every move has none."""
    return [game_id for game_id in game_ids() if callable(getattr(find_game(game_id), "fuzz_actions", None))]


@pytest.mark.parametrize("game_id", fuzzing_games())
def test_moves_beyond_the_menu_are_tried_and_some_are_legal(game_id: str) -> None:
    game = find_game(game_id)
    state = Match.new(game_id, game.min_seats, seed=6).state
    assert declared.fuzz_actions(game, state, game.to_move(state)[0], random.Random(0)), (
        f"{game_id} declares fuzz_actions but offers none at the start")
    tally = Tally(enough=5)
    with pytest.raises(Enough):  # a long game need not be played to the end for this
        play(game_id, game.min_seats, seed=6, fuzz=0.9, tally=tally)
    assert tally.refused, "no move beyond the menu was refused: the fuzzing tried nothing"
    assert tally.beyond_menu, "no move beyond the menu was accepted: the fuzzing found nothing legal"


def play(game_id: str, seats: int, seed: int, fuzz: float, tally: Tally | None = None) -> tuple[Match, Tally]:
    """A random playout with every check along the way; what it saw is in the tally."""
    game = find_game(game_id)
    checker = random.Random(seed)
    tally = tally or Tally()

    def before(match: Match, seat: Seat, action: Any) -> None:
        if seat is not None and action not in match.legal_actions(seat):
            tally.beyond_menu += 1
        if tally.enough and min(len(tally.refused), tally.beyond_menu) >= tally.enough:
            raise Enough
        if len(match.log) < ALWAYS_CHECKED or checker.random() < HIDDEN_CHECKS:
            check_hidden(match, seat, action, checker, tally)

    def after(match: Match, seat: Seat, action: Any, events: list[Event]) -> None:
        tally.actions.append(action)
        assert_json_events(events, seats)
        if checker.random() < 0.1:
            assert_json_views(match)
            for mover in match.to_move():
                menu = list(match.legal_actions(mover))
                tally.actions += checker.sample(menu, min(MENU_SAMPLE, len(menu)))

    def refused(match: Match, seat: Seat, action: Any, error: GameError) -> None:
        tally.refused.append(error)

    match = random_playout(game, seats, seed, fuzz=fuzz, check_every_action=before, after_action=after,
                           on_refusal=refused, max_actions=MAX_ACTIONS)
    return match, tally


def check_hidden(match: Match, seat: Seat, action: Any, rng: random.Random, tally: Tally) -> None:
    game = match.game
    if not declared.has_hidden_variants(game):
        assert_views_alike(game, match.state, match.header.seats)
        return
    alternatives: list[Any] = []
    if seat is not None:
        menu = list(match.legal_actions(seat))
        alternatives = rng.sample(menu, min(4, len(menu)))
        alternatives += [a for a in declared.fuzz_actions(game, match.state, seat, rng)
                         if refusal(game, match.state, seat, a) is None]
    tally.hidden_variants += assert_hidden_stays_hidden(match, seat, action, rng, alternatives)


# --- The checks have teeth ---------------------------------------------------------------------------


def hiding_games() -> list[str]:
    """Games that hide something from some seat (the others are checked by `assert_views_alike`)."""
    return [game_id for game_id in game_ids() if declared.has_hidden_variants(find_game(game_id))]


class Leaky:
    """A registered game whose views carry a digest of the whole state: every secret leaks."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def view(self, state: Any, seat: Seat) -> JSON:
        digest = hashlib.sha256(repr(state).encode()).hexdigest()
        return {**self._game.view(state, seat), "digest": digest}


class Unhidden:
    """A registered game that does not say what it hides."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        if name == "hidden_variants":
            raise AttributeError(name)
        return getattr(self._game, name)


@pytest.mark.parametrize("game_id", hiding_games())
def test_a_leaking_view_is_caught(game_id: str) -> None:
    game = find_game(game_id)
    match = Match.new(game_id, game.min_seats, seed=4)
    leaky = Match(Leaky(game), match.header, match.state)
    seat = match.to_move()[0]
    with pytest.raises(AssertionError, match="cannot see"):
        assert_hidden_stays_hidden(leaky, seat, match.legal_actions(seat)[0], random.Random(1))


@pytest.mark.parametrize("game_id", hiding_games())
def test_a_game_that_hides_something_must_say_what(game_id: str) -> None:
    game = find_game(game_id)
    match = Match.new(game_id, game.min_seats, seed=4)
    rng = random.Random(2)
    for _ in range(30):  # until some seat's view shows something the others' do not
        seat = rng.choice(match.to_move())
        fuzzed = [a for a in declared.fuzz_actions(game, match.state, seat, rng)
                  if refusal(game, match.state, seat, a) is None]
        match.act(seat, rng.choice(fuzzed or list(match.legal_actions(seat))))
        try:
            assert_views_alike(Unhidden(game), match.state, match.header.seats)
        except AssertionError as error:
            assert "declares no hidden_variants" in str(error)
            return
    raise AssertionError("every seat saw the same: the check would let a game hide nothing")


# --- Options ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", game_ids())
def test_declared_options_are_the_games_options(game_id: str) -> None:
    assert_option_specs_match(find_game(game_id))


@pytest.mark.parametrize("game_id", game_ids())
def test_declared_bounds_and_choices_are_enforced(game_id: str) -> None:
    assert_option_bounds_enforced(find_game(game_id))


# --- Bots ---------------------------------------------------------------------------------------------


def bot_levels() -> list[Any]:
    return [pytest.param(game_id, level.id, id=f"{game_id}-{level.id}")
            for game_id in game_ids() for level in declared.bot_levels(find_game(game_id))]


@pytest.mark.parametrize("game_id", game_ids())
def test_the_standin_is_a_declared_level(game_id: str) -> None:
    game = find_game(game_id)
    assert declared.standin_level(game) in [level.id for level in declared.bot_levels(game)]


@pytest.mark.parametrize("game_id, level", bot_levels())
def test_every_bot_level_plays_a_legal_move_from_a_view(game_id: str, level: str) -> None:
    game = find_game(game_id)
    bot = make_bot(game_id, level, seed=1)
    try:
        for seats in sorted({game.min_seats, game.max_seats}):
            match = Match.new(game_id, seats, seed=5)
            seat = match.to_move()[0]
            action = bot.choose(match.view(seat), match.legal_actions(seat), seat)
            try:
                match.act(seat, action)
            except GameError as error:
                assert_readable(error)
                raise AssertionError(f"the {level} bot chose {action!r}, refused: {error.reason}") from None
    finally:
        close = getattr(bot, "close", None)
        if callable(close):
            close()
