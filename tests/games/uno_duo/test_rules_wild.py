"""WILD (uno-duo.en.txt) and the four extra wilds of the 112-card deck (NOTES 1)."""

import pytest
from tests.games.uno_duo.helpers import Phase, hand, kinds, match_at, position, sorted_codes, top

from duoplay.core.errors import MalformedAction
from duoplay.core.testing import assert_refusal_changes_nothing


@pytest.mark.parametrize("wild", ["wild", "wild-custom"])
def test_a_wild_can_be_played_on_anything_and_names_the_colour(wild: str) -> None:
    match = match_at(position((f"{wild} G1 B2 Y9", "Y1 Y2"), discard="R5", draw="Y5"))
    match.act(0, f"{wild} blue")
    assert top(match) == wild and match.view(1)["colour"] == "blue"
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)
    match.act(1, "draw")
    assert {a.notation() for a in match.legal_actions(0)} == {"B2", "draw"}


def test_the_opponent_must_follow_the_named_colour() -> None:
    match = match_at(position(("wild G1 G4", "Y1 R5 G2 G3"), discard="R5"))
    match.act(0, "wild green")
    assert {a.notation() for a in match.legal_actions(1)} == {"G2", "G3", "draw"}  # not R5, not Y1


def test_a_wild_needs_a_colour() -> None:
    match = match_at(position(("wild G1", "Y1"), discard="R5"))
    error = assert_refusal_changes_nothing(match, 0, {"type": "play", "card": "wild"})
    assert isinstance(error, MalformedAction) and "colour" in error.reason
    error = assert_refusal_changes_nothing(match, 0, {"type": "play", "card": "wild", "colour": "pink"})
    assert isinstance(error, MalformedAction)


def test_wild_shuffle_hands_pools_both_hands_and_deals_from_the_opponent() -> None:
    match = match_at(position(("wild-shuffle R1 R2 R3", "Y1 Y2 Y3 Y4"), discard="R5"))
    events = match.act(0, "wild-shuffle green")
    assert kinds(events) == ["play", "shuffle-hands"]
    assert events[1].public == {"seat": 0, "counts": [3, 4]}  # 7 cards: the opponent is dealt first
    assert sorted_codes(match.state.hands[0] + match.state.hands[1]) == sorted(
        ["R1", "R2", "R3", "Y1", "Y2", "Y3", "Y4"])
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)
    assert match.view(1)["colour"] == "green"


def test_wild_shuffle_hands_really_shuffles() -> None:
    dealt = set()
    for seed in range(20):
        match = match_at(position(("wild-shuffle R1 R2 R3", "Y1 Y2 Y3 Y4"), discard="R5", seed=seed))
        match.act(0, "wild-shuffle green")
        dealt.add(tuple(hand(match, 0)))
    assert len(dealt) > 5


def test_wild_shuffle_hands_ends_an_uno_exposure() -> None:
    match = match_at(position(("wild-shuffle R1", "Y1 Y2 Y3"), discard="R5"))
    match.act(0, "wild-shuffle red")  # one card left and no UNO said, but the hands are redealt
    assert [len(h) for h in match.state.hands] == [2, 2]
    assert match.state.uno_exposed == -1
    assert "catch" not in {a.notation() for a in match.legal_actions(1)}


def test_wild_shuffle_hands_as_the_last_card_ends_the_round_without_a_shuffle() -> None:
    match = match_at(position(("wild-shuffle", "Y1 Y2 Y3"), discard="R5"))
    events = match.act(0, "wild-shuffle red")
    assert "shuffle-hands" not in kinds(events)
    assert match.state.scores == [0, 6]


def test_the_108_deck_has_no_wild_shuffle_hands() -> None:
    with pytest.raises(AssertionError, match="more copies"):
        position(("wild-shuffle R1", "Y1"), options={"deck_size": 108})


def test_nobody_owes_an_uno_call_after_the_hands_are_dealt_anew() -> None:
    match = match_at(position(("wild-shuffle R1", "Y1 Y2"), discard="R5"))
    match.act(0, "wild-shuffle red")
    assert [len(h) for h in match.state.hands] == [1, 2]  # three cards: the opponent gets two
    assert match.state.uno_exposed == -1 and match.view(1)["uno_exposed"] is None
