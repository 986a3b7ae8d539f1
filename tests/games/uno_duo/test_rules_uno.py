"""Saying UNO (uno-duo.en.txt); NOTES 9 (when the catch window opens and closes); the uno_penalty
option."""

import pytest
from tests.games.uno_duo.helpers import Phase, hand, kinds, match_at, position

from duoplay.core.errors import IllegalAction
from duoplay.core.testing import assert_refusal_changes_nothing

P2 = "Y1 Y2 Y3"
DRAWS = "B1 B2 B3 B4 B5"


def legal(match, seat: int) -> set[str]:
    return {a.notation() for a in match.legal_actions(seat)}


def forgot(options: dict[str, int] | None = None) -> object:
    """Seat 0 plays down to one card without saying UNO."""
    match = match_at(position(("R1 G7", P2), discard="R5", draw=DRAWS, options=options))
    assert "R1 uno" in legal(match, 0)
    events = match.act(0, "R1")
    assert "uno" not in kinds(events)
    return match


def test_saying_uno_with_the_play_is_safe() -> None:
    match = match_at(position(("R1 G7", P2), discard="R5", draw=DRAWS))
    events = match.act(0, {"type": "play", "card": "R1", "uno": True})
    assert kinds(events) == ["play", "uno"] and events[1].public == {"seat": 0}
    assert match.view(1)["uno_exposed"] is None
    assert "catch" not in legal(match, 1)


def test_forgetting_uno_lets_the_opponent_catch_for_two_cards() -> None:
    match = forgot()
    assert match.view(1)["uno_exposed"] == 0
    assert "catch" in legal(match, 1) and "uno" in legal(match, 0)
    events = match.act(1, "catch")
    assert kinds(events) == ["catch", "draw"]
    assert events[0].public == {"seat": 1, "caught": 0}
    assert hand(match, 0) == ["B1", "B2", "G7"]
    assert match.state.uno_exposed == -1
    # Catching is not a turn: seat 1 still has its turn to play.
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)


def test_saying_uno_afterwards_closes_the_window() -> None:
    match = forgot()
    events = match.act(0, "uno")  # out of turn: saying UNO is not a move
    assert kinds(events) == ["uno"]
    error = assert_refusal_changes_nothing(match, 1, "catch")
    assert type(error) is IllegalAction and "nothing to be caught" in error.reason
    assert match.state.current == 1


@pytest.mark.parametrize("opponent_action", ["draw", "Y1"])
def test_the_window_closes_when_the_opponent_acts(opponent_action: str) -> None:
    match = match_at(position(("R1 G7", "Y1 R2 R3"), discard="R5", draw="Y4 B1 B2"))
    match.act(0, "R1")
    match.act(1, "R2" if opponent_action == "Y1" else "draw")
    assert match.state.uno_exposed == -1
    assert_refusal_changes_nothing(match, 1, "catch")
    error = assert_refusal_changes_nothing(match, 0, "uno")
    assert "one card" in error.reason


def test_the_opponent_may_catch_while_the_forgetful_player_is_still_moving() -> None:
    match = match_at(position(("Rskip G7", P2), discard="R5", draw=DRAWS))
    match.act(0, "Rskip")  # one card left, no UNO, and seat 0 goes again
    assert match.state.current == 0 and "catch" in legal(match, 1)
    match.act(1, "catch")
    assert hand(match, 0) == ["B1", "B2", "G7"] and match.state.current == 0


@pytest.mark.parametrize("penalty", [0, 1, 4])
def test_the_penalty_is_an_option(penalty: int) -> None:
    match = forgot({"uno_penalty": penalty})
    match.act(1, "catch")
    assert len(match.state.hands[0]) == 1 + penalty
    assert match.state.uno_exposed == -1


def test_nothing_to_catch_and_nothing_to_say() -> None:
    match = match_at(position(("R1 G7 G8", P2), discard="R5", draw=DRAWS))
    assert_refusal_changes_nothing(match, 1, "catch")
    assert_refusal_changes_nothing(match, 0, "uno")
    match.act(0, "R1")  # two cards left: no UNO due
    assert match.state.uno_exposed == -1
    assert_refusal_changes_nothing(match, 1, "catch")


def test_a_caught_player_cannot_catch_themselves() -> None:
    match = forgot()
    error = assert_refusal_changes_nothing(match, 0, "catch")
    assert isinstance(error, IllegalAction)


def test_uno_with_a_drawn_card() -> None:
    match = match_at(position(("G7", P2), discard="R5", draw="R1"))
    match.act(0, "draw")
    assert legal(match, 0) == {"R1", "R1 uno", "keep"}
    match.act(0, "R1 uno")
    assert match.state.uno_exposed == -1


def test_a_player_can_be_caught_in_the_middle_of_a_reverse_dump() -> None:
    match = match_at(position(("Rrev R1 R2", P2), discard="R5", draw="G1 G2"))
    match.act(0, "Rrev")
    match.act(0, "dump")
    match.act(0, "R1")  # one card left, no UNO
    match.act(1, "catch")
    assert hand(match, 0) == ["G1", "G2", "R2"]
    assert match.state.phase == Phase.DUMPING  # the dump goes on with the red card left
    match.act(0, "R2")
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)


def test_drawing_back_to_two_cards_ends_the_exposure() -> None:
    match = match_at(position(("Rskip G7", P2), discard="R5", draw=DRAWS))
    match.act(0, "Rskip")
    match.act(0, "draw")  # two cards again: nothing to catch
    assert match.state.uno_exposed == -1


@pytest.mark.parametrize("seat", [None, 2, -1])
def test_only_the_opponent_is_offered_the_catch(seat: int | None) -> None:
    match = forgot()
    assert match.legal_actions(seat) == []  # type: ignore[arg-type]
    assert "catch" not in legal(match, 0) and "catch" in legal(match, 1)
