"""Rulebook "Choosing Pairs": everyone places 4 pairs in secret, then reveals (simultaneous moves)."""

from __future__ import annotations

import random

import pytest
from tests.games.duos.helpers import GAME, new_match, pairs, place, state

from duoplay.core.errors import GameError, IllegalAction, MalformedAction, NotYourTurn
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duos.actions import LOCK, PlacePairs
from duoplay.games.duos.pairing import FewerPairs


def test_everyone_still_pairing_is_to_move_until_they_lock_in() -> None:
    match = new_match(4)
    place(match, 2, "0-1 2-3 4-5 6-7")
    assert match.to_move() == (0, 1, 3)
    place(match, 0, "0-1", lock=False)
    assert match.to_move() == (0, 1, 3)  # placing without locking keeps the seat pairing


def test_a_seat_may_replace_its_whole_set_of_pairs_before_locking_in() -> None:
    match = new_match(3)
    place(match, 1, "0-1 2-3", lock=False)
    place(match, 1, "5-4 11-10 8-9", lock=False)
    assert match.view(1)["pairs"] == [[4, 5], [8, 9], [10, 11]]
    match.act(1, LOCK)
    assert state(match).pairs[1] == pairs("4-5 8-9 10-11")


def test_views_show_only_who_has_locked_in_never_the_pairs_of_others() -> None:
    match = new_match(3)
    place(match, 0, "0-1 2-3 4-5 6-7")
    place(match, 1, "0-2", lock=False)
    for seat in (1, 2, None):
        shown = match.view(seat)
        assert shown["locked"] == [True, False, False]
        assert "[0, 1]" not in str({k: v for k, v in shown.items() if k != "pairs"})
    assert match.view(0)["pairs"] == [[0, 1], [2, 3], [4, 5], [6, 7]]
    assert match.view(2)["pairs"] == []


def test_placing_pairs_tells_others_only_that_it_happened() -> None:
    match = new_match(3)
    events = match.act(1, PlacePairs(pairs("0-1 2-3"), False))
    assert events[0].visible_to(0) == {"kind": "pairs-placed", "seat": 1}
    assert events[0].visible_to(None) == {"kind": "pairs-placed", "seat": 1}
    assert events[0].visible_to(1) == {"kind": "pairs-placed", "seat": 1, "count": 2,
                                       "pairs": [[0, 1], [2, 3]]}


def test_fewer_than_four_pairs_may_be_locked_in() -> None:
    match = new_match(3)
    place(match, 0, "0-1")
    assert state(match).locked[0]


@pytest.mark.parametrize("bad, reason", [
    ("0-1 1-2", "two pairs"),
    ("0-1 2-3 4-5 6-7 8-9", "at most 4"),
    ("3-3", "two different"),
    ("0-12", "no card at position 12"),
])
def test_impossible_pairs_are_refused_and_change_nothing(bad: str, reason: str) -> None:
    match = new_match(4)
    raw = [[int(p) for p in word.split("-")] for word in bad.split()]
    error = assert_refusal_changes_nothing(match, 0, {"type": "pairs", "pairs": raw, "lock": True})
    assert isinstance(error, IllegalAction)
    assert reason in error.reason


@pytest.mark.parametrize("data", [
    {"type": "pairs", "pairs": [[0, 1, 2]]}, {"type": "pairs", "pairs": "0-1"},
    {"type": "pairs", "pairs": [[0, "1"]]}, {"type": "pairs", "pairs": [], "lock": "yes"},
    {"type": "pairs", "pairs": [], "colour": "red"}, {"type": "play"}, ["pairs"], "pairs 0-x",
    {"type": ["lock"]}, {"type": {"lock": True}}, {"type": None}, {},
])
def test_input_that_is_not_an_action_is_malformed(data: object) -> None:
    match = new_match(4)
    error = assert_refusal_changes_nothing(match, 0, data)
    assert isinstance(error, MalformedAction)


def test_a_seat_that_locked_in_or_does_not_exist_cannot_act() -> None:
    match = new_match(3)
    place(match, 0, "0-1 2-3 4-5 6-7")
    for seat, action in ((0, LOCK), (0, PlacePairs(pairs("0-2"))), (3, LOCK), (-1, LOCK), (None, LOCK)):
        error = assert_refusal_changes_nothing(match, seat, action)
        assert isinstance(error, NotYourTurn)


def test_helps_belong_to_the_two_player_game() -> None:
    match = new_match(3)
    error = assert_refusal_changes_nothing(match, 0, {"type": "word", "word": "metal"})
    assert "two-player" in error.reason


def test_legal_actions_are_a_short_menu_and_larger_placements_are_legal_too() -> None:
    match = new_match(3)
    legal = match.legal_actions(0)
    # Any first pair, or locking in with none (the table allows fewer than 4 pairs by default).
    assert len(legal) == 66 + 1
    assert PlacePairs(pairs("3-11")) in legal and PlacePairs((), True) in legal
    for action in legal:
        assert GAME.parse_action(action.to_json()) == action
    place(match, 0, "0-11 1-10 2-9", lock=False)
    legal = match.legal_actions(0)
    # The fourth pair locks in; the pairs that stand can be locked in as they are.
    assert PlacePairs(pairs("0-11 1-10 2-9 3-8"), True) in legal
    assert PlacePairs(pairs("0-11 1-10 2-9"), True) in legal
    assert not any(isinstance(a, PlacePairs) and len(a.pairs) == 4 and not a.lock for a in legal)
    match.act(0, PlacePairs(pairs("0-1 2-3 4-5 6-7")))  # not listed, still legal
    legal = match.legal_actions(0)
    assert LOCK in legal and PlacePairs(pairs("0-1 2-3 4-5")) in legal  # lock in, or take one back
    match.act(0, LOCK)
    assert list(match.legal_actions(0)) == []


def test_a_seat_choosing_from_the_menu_at_random_places_four_random_pairs() -> None:
    """The random bot level picks uniformly from the menu: it should not lock in after one pair."""
    chooser = random.Random(5)
    counts = []
    for seed in range(40):
        match = new_match(3, seed=seed)
        while not match.view(0)["locked"][0]:
            match.act(0, chooser.choice(list(match.legal_actions(0))))
        counts.append(len(match.view(0)["pairs"]))
    assert sum(c == 4 for c in counts) >= 30, counts


def test_the_table_may_ask_for_all_four_pairs_before_locking_in() -> None:
    match = new_match(3, lock_with_fewer_pairs=False)
    place(match, 0, "0-1 2-3", lock=False)
    for action in ({"type": "lock"}, PlacePairs(pairs("0-1 2-3 4-5"), True)):
        error = assert_refusal_changes_nothing(match, 0, action)
        assert isinstance(error, FewerPairs) and error.code == "fewer_pairs"
        assert error.params == {"most": 4, "n": 2 if action == {"type": "lock"} else 3}
    legal = match.legal_actions(0)
    assert LOCK not in legal and not any(isinstance(a, PlacePairs) and a.lock and len(a.pairs) < 4
                                         for a in legal)
    place(match, 0, "0-1 2-3 4-5 6-7")
    assert match.view(0)["locked"][0]
    # The clock still locks everyone in as they stand.
    match.act(None, {"type": "timeout"})
    assert match.view(None)["turn"] == 1


def test_refused_actions_are_game_errors_with_a_code() -> None:
    match = new_match(3)
    try:
        match.act(0, {"type": "pairs", "pairs": [[0, 0]]})
    except GameError as error:
        assert error.code == "illegal_action"
    else:
        raise AssertionError("a pair of one card was accepted")
