"""Setup Completion and It's Time to Play (uno-duo.en.txt): the start card; NOTES 4."""

import pytest
from tests.games.uno_duo.helpers import Phase, check_all_cards, hand, kinds, match_at, position, top

from duoplay.core.errors import IllegalAction, NotYourTurn
from duoplay.core.match import Match
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.uno_duo.cards import CODE_TO_FACE

P1_HAND = "R1 R2 R3 R4 R6 R7 R8"
P2_HAND = "G1 G2 G3 G4 G6 G7"  # plus Y1, the card Player 2 keeps with the last pick


def last_pick(start: str, player_one: int = 0, p1_hand: str = P1_HAND, p2_hand: str = P2_HAND,
              then: str = "B9 B8 B7 B6 B5 B4") -> Match:
    """Player 2 is about to keep Y1; Y2 will be flipped to the draft discards, then `start` turned."""
    hands = (p1_hand, p2_hand) if player_one == 0 else (p2_hand, p1_hand)
    state = position(hands, discard="", draw=f"Y2 {start} {then}", phase=Phase.DRAFT,
                     current=1 - player_one, player_one=player_one, draft_card=CODE_TO_FACE["Y1"])
    match = match_at(state)
    match.act(1 - player_one, "draft-keep")
    check_all_cards(match.state)
    assert top(match) == start
    return match


@pytest.mark.parametrize("player_one", [0, 1])
def test_number_start_card_player_two_plays_first(player_one: int) -> None:
    match = last_pick("B5", player_one)
    p2 = 1 - player_one
    assert (match.state.phase, match.state.current) == (Phase.TURN, p2)
    assert match.view(0)["colour"] == "blue"
    assert len(match.state.hands[p2]) == 7 and len(match.state.hands[player_one]) == 7


@pytest.mark.parametrize("player_one", [0, 1])
def test_draw_two_start_card_player_two_draws_two_and_player_one_plays(player_one: int) -> None:
    match = last_pick("B+2", player_one, then="B9 B8 B7")
    p2 = 1 - player_one
    assert hand(match, p2) == sorted([*P2_HAND.split(), "Y1", "B9", "B8"])
    assert (match.state.phase, match.state.current, match.state.volley) == (Phase.TURN, player_one, 0)


def test_draw_two_start_card_is_no_volley() -> None:
    match = last_pick("B+2", p2_hand="G+2 G2 G3 G4 G6 G7")
    assert match.state.phase == Phase.TURN and match.state.current == 0
    assert all(a.notation() != "G+2" for a in match.legal_actions(1))


@pytest.mark.parametrize("player_one", [0, 1])
def test_skip_start_card_player_one_plays_first(player_one: int) -> None:
    match = last_pick("Bskip", player_one)
    assert (match.state.phase, match.state.current) == (Phase.TURN, player_one)
    assert [len(h) for h in match.state.hands] == [7, 7]


def test_reverse_start_card_lets_player_two_dump_that_colour() -> None:
    match = last_pick("Grev")
    assert (match.state.phase, match.state.current) == (Phase.DUMP_DECIDE, 1)
    assert match.view(1)["dump_colour"] == "green"
    match.act(1, "dump")
    for card in ["G7", "G1", "G3", "G2", "G6", "G4"]:
        match.act(1, card)
    assert hand(match, 1) == ["Y1"]
    assert (match.state.phase, match.state.current) == (Phase.TURN, 0)  # last card a number


def test_reverse_start_card_dump_ending_on_draw_two_gives_player_one_a_volley() -> None:
    match = last_pick("Grev", p2_hand="G+2 G2 G3 G4 G6 G7")
    match.act(1, "dump")
    for card in ["G2", "G3", "G4", "G6", "G7", "G+2 uno"]:
        match.act(1, card)
    assert (match.state.phase, match.state.current, match.state.volley) == (Phase.VOLLEY, 0, 2)


def test_reverse_start_card_declined_passes_the_turn_to_player_one() -> None:
    match = last_pick("Grev")
    match.act(1, "no-dump")
    assert (match.state.phase, match.state.current) == (Phase.TURN, 0)
    assert len(match.state.hands[1]) == 7


def test_reverse_start_card_when_player_two_has_none_of_that_colour() -> None:
    match = last_pick("Brev")
    assert (match.state.phase, match.state.current) == (Phase.TURN, 0)


@pytest.mark.parametrize("player_one", [0, 1])
@pytest.mark.parametrize("start", ["wild", "wild-shuffle", "wild-custom"])
def test_wild_start_card_player_one_names_the_colour_then_player_two_plays(player_one: int,
                                                                          start: str) -> None:
    match = last_pick(start, player_one)
    p2 = 1 - player_one
    assert (match.state.phase, match.state.current) == (Phase.START_COLOUR, player_one)
    assert match.view(player_one)["colour"] is None  # not chosen yet
    hands_before = [list(h) for h in match.state.hands]
    events = match.act(player_one, "yellow")
    assert kinds(events) == ["colour"]
    assert events[0].public == {"seat": player_one, "colour": "yellow"}  # named as views name it
    assert (match.state.phase, match.state.current) == (Phase.TURN, p2)
    assert match.view(p2)["colour"] == "yellow"
    assert match.state.hands == hands_before  # a Wild Shuffle Hands start card is a plain Wild


@pytest.mark.parametrize("player_one", [0, 1])
def test_wild_draw_four_start_card_player_two_draws_four_without_challenge(player_one: int) -> None:
    match = last_pick("wild+4", player_one, then="B9 B8 B7 B6 B5")
    p2 = 1 - player_one
    match.act(player_one, {"type": "colour", "colour": "green"})
    assert hand(match, p2) == sorted([*P2_HAND.split(), "Y1", "B9", "B8", "B7", "B6"])
    assert (match.state.phase, match.state.current) == (Phase.TURN, player_one)
    assert match.view(0)["colour"] == "green"


def test_only_player_one_names_the_start_colour() -> None:
    match = last_pick("wild")
    error = assert_refusal_changes_nothing(match, 1, "red")
    assert isinstance(error, NotYourTurn)
    error = assert_refusal_changes_nothing(match, 0, "R1")
    assert isinstance(error, IllegalAction) and "colour" in error.reason
    assert [a.notation() for a in match.legal_actions(0)] == ["red", "yellow", "green", "blue"]


@pytest.mark.parametrize("seed", range(40))
def test_every_real_start_leaves_the_expected_seat_to_act(seed: int) -> None:
    match = Match.new("uno-duo", 2, seed)
    while match.state.phase == Phase.DRAFT:
        match.act(match.state.current, "draft-keep")
    p1 = match.state.player_one
    start = top(match)
    expected = {"+2": (Phase.TURN, p1), "skip": (Phase.TURN, p1)}
    if start.startswith("wild"):
        assert (match.state.phase, match.state.current) == (Phase.START_COLOUR, p1)
    elif start.endswith("rev"):
        assert match.state.current == (1 - p1 if match.state.phase == Phase.DUMP_DECIDE else p1)
    else:
        kind = start[1:]
        assert (match.state.phase, match.state.current) == expected.get(kind, (Phase.TURN, 1 - p1))
