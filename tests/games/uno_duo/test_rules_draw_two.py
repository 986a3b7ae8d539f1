"""Draw 2 and the Volley Example (uno-duo.en.txt); NOTES 7 (stacking optional, no Wild Draw 4)."""

import pytest
from tests.games.uno_duo.helpers import Phase, hand, kinds, match_at, position, top

from duoplay.core.errors import IllegalAction
from duoplay.core.testing import assert_refusal_changes_nothing

P1 = "R+2 B+2 R3 G7"
P2 = "G+2 Y1 Y2 wild wild+4"
DRAWS = "B1 B2 B3 B4 B5 B6 B7 B8"


def test_draw_two_makes_the_opponent_face_a_volley() -> None:
    match = match_at(position((P1, P2), discard="R5", draw=DRAWS))
    events = match.act(0, "R+2")
    assert kinds(events) == ["play", "volley"] and events[1].public == {"total": 2}
    assert (match.state.phase, match.state.current, match.state.volley) == (Phase.VOLLEY, 1, 2)
    legal = {a.notation() for a in match.legal_actions(1)}
    assert legal == {"G+2", "draw"}
    assert match.view(1)["volley"] == 2


def test_the_rulebook_volley_example_two_plus_two_plus_two_is_six() -> None:
    match = match_at(position((P1, P2), discard="R5", draw=DRAWS))
    match.act(0, "R+2")
    match.act(1, "G+2")
    assert (match.state.current, match.state.volley) == (0, 4)
    match.act(0, "B+2")
    assert (match.state.current, match.state.volley) == (1, 6)
    events = match.act(1, "draw")
    assert kinds(events) == ["draw"] and events[0].public == {"seat": 1, "count": 6}
    assert hand(match, 1) == sorted(["Y1", "Y2", "wild", "wild+4", "B1", "B2", "B3", "B4", "B5", "B6"])
    # Drawing the volley ends that player's turn.
    assert (match.state.phase, match.state.current, match.state.volley) == (Phase.TURN, 0, 0)
    assert top(match) == "B+2"


def test_declining_the_volley_while_holding_a_draw_two_is_allowed() -> None:
    match = match_at(position((P1, P2), discard="R5", draw=DRAWS))
    match.act(0, "R+2")
    match.act(1, "draw")
    assert "G+2" in hand(match, 1) and len(match.state.hands[1]) == 7
    assert (match.state.current, match.state.volley) == (0, 0)


def test_no_wild_draw_four_or_other_card_on_a_volley() -> None:
    match = match_at(position((P1, P2), discard="R5", draw=DRAWS))
    match.act(0, "R+2")
    for action in ["wild+4 red", "wild red", "Y1", "pass"]:
        error = assert_refusal_changes_nothing(match, 1, action)
        assert type(error) is IllegalAction
        assert error.reason == "Play a Draw 2 or draw 2 cards"


def test_after_a_volley_is_drawn_the_draw_two_on_top_matches_by_colour_or_action() -> None:
    match = match_at(position((P1, P2), discard="R5", draw=DRAWS))
    match.act(0, "R+2")
    match.act(1, "draw")
    legal = {a.notation() for a in match.legal_actions(0)}
    assert {"R3", "B+2", "draw"} <= legal and "G7" not in legal
    match.act(0, "B+2")  # a new volley starts from 2
    assert (match.state.current, match.state.volley) == (1, 2)


def test_a_volley_draw_with_too_few_cards_left_draws_what_there_is() -> None:
    state = position((P1, P2), discard="R5", draw="B1", fill=False)
    match = match_at(state)
    match.act(0, "R+2")
    events = match.act(1, "draw")
    # One card in the pile; then the discards under the top (R5) are turned into a new pile.
    assert [e.kind for e in events] == ["refill", "draw"]
    assert events[-1].public == {"seat": 1, "count": 2}
    assert sorted(hand(match, 1)) == sorted([*P2.split(), "B1", "R5"])
    assert top(match) == "R+2" and match.state.draw_pile == []


@pytest.mark.parametrize("card", ["R+2", "B+2"])
def test_a_draw_two_matches_by_colour_or_by_action(card: str) -> None:
    match = match_at(position((P1, P2), discard="B9" if card == "B+2" else "Y+2", draw=DRAWS))
    match.act(0, card)
    assert match.state.phase == Phase.VOLLEY
