"""REVERSE (uno-duo.en.txt): play every other card of its colour, all or none; the last card
acts on the opponent. NOTES 8 (action cards included, wilds excluded, the player's order)."""

import pytest
from tests.games.uno_duo.helpers import Phase, hand, kinds, match_at, position, top

from duoplay.core.errors import IllegalAction
from duoplay.core.testing import assert_refusal_changes_nothing

OPPONENT = "Y1 Y2 Y3 G+2"


def reversed_with(rest: str, discard: str = "R5", draw: str = "B1 B2 B3 B4") -> object:
    match = match_at(position((f"Rrev {rest}", OPPONENT), discard=discard, draw=draw))
    match.act(0, "Rrev")
    return match


def test_reverse_asks_whether_to_dump_the_colour() -> None:
    match = reversed_with("R1 R+2 G4 wild")
    assert (match.state.phase, match.state.current) == (Phase.DUMP_DECIDE, 0)
    assert [a.notation() for a in match.legal_actions(0)] == ["dump", "no-dump"]
    assert match.view(1)["dump_colour"] == "red"


def test_declining_the_dump_ends_the_turn() -> None:
    match = reversed_with("R1 R+2 G4")
    match.act(0, "no-dump")
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)
    assert hand(match, 0) == ["G4", "R+2", "R1"]


def test_a_dump_plays_all_cards_of_the_colour_and_only_those_wilds_excluded() -> None:
    match = reversed_with("R1 R+2 Rskip G4 wild wild+4")
    events = match.act(0, "dump")
    assert [e.public for e in events if e.kind == "dump"] == [{"seat": 0, "colour": "red"}]
    assert match.state.phase == Phase.DUMPING
    assert {a.notation() for a in match.legal_actions(0)} == {"R1", "R+2", "Rskip"}
    for other in ("G4", "wild red", "wild+4 red", "draw", "no-dump"):
        error = assert_refusal_changes_nothing(match, 0, other)
        assert type(error) is IllegalAction


def test_the_player_chooses_the_order_and_a_number_last_passes_the_turn() -> None:
    match = reversed_with("R1 R+2 Rskip G4")
    match.act(0, "dump")
    for card in ["Rskip", "R+2"]:
        match.act(0, card)
        assert (match.state.phase, match.state.current) == (Phase.DUMPING, 0)
    match.act(0, "R1")
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)
    assert [c for c in hand(match, 0)] == ["G4"] and top(match) == "R1"
    assert match.state.volley == 0  # a Draw 2 in the middle of a dump does nothing


def test_a_draw_two_last_gives_the_opponent_a_volley_they_may_return() -> None:
    match = reversed_with("R1 R+2 G4")
    match.act(0, "dump")
    match.act(0, "R1")
    events = match.act(0, "R+2")
    assert "volley" in kinds(events)
    assert (match.state.phase, match.state.current, match.state.volley) == (Phase.VOLLEY, 1, 2)
    match.act(1, "G+2")
    assert (match.state.current, match.state.volley) == (0, 4)


def test_a_skip_last_lets_the_dumping_player_go_again() -> None:
    match = reversed_with("R1 Rskip G4")
    match.act(0, "dump")
    match.act(0, "R1")
    match.act(0, "Rskip")
    assert (match.state.phase, match.state.current) == (Phase.TURN, 0)


def test_a_reverse_last_has_no_further_effect() -> None:
    match = reversed_with("R1 Rrev G4")
    match.act(0, "dump")
    match.act(0, "R1")
    match.act(0, "Rrev")
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)


def test_a_reverse_with_nothing_else_of_its_colour_just_passes_the_turn() -> None:
    match = reversed_with("G4 wild")
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)


def test_a_reverse_played_on_a_reverse_dumps_its_own_colour() -> None:
    match = match_at(position(("Brev B1 R1", OPPONENT), discard="Rrev"))
    match.act(0, "Brev")
    assert match.view(0)["dump_colour"] == "blue"
    match.act(0, "dump")
    assert {a.notation() for a in match.legal_actions(0)} == {"B1", "B1 uno"}


def test_a_drawn_reverse_may_start_a_dump() -> None:
    match = match_at(position(("R1 G4", OPPONENT), discard="R5", draw="Rrev"))
    match.act(0, "draw")
    match.act(0, "Rrev")
    assert match.state.phase == Phase.DUMP_DECIDE


@pytest.mark.parametrize(("last", "drawn"), [("R+2", 2), ("R7", 0)])
def test_going_out_with_a_dump_ends_the_round_and_a_last_draw_two_still_draws(last: str,
                                                                           drawn: int) -> None:
    match = reversed_with(f"R1 {last}")
    match.act(0, "dump")
    match.act(0, "R1 uno")
    events = match.act(0, last)
    (end,) = [e for e in events if e.kind == "round-end"]
    assert end.public["winner"] == 0
    assert len(end.public["hands"][1]) == 4 + drawn
    # Y1 + Y2 + Y3 + G+2 = 16, plus B1 and B2 if the Draw 2 made the opponent draw them
    assert match.state.scores == [0, 16 + (3 if drawn else 0)]
