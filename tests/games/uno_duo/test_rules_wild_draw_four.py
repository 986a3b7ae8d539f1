"""WILD DRAW 4 and WILD DRAW 4 CHALLENGE (uno-duo.en.txt); NOTES 5 (the challenge rule option)
and 6 (guilty, innocent, accepted)."""

import pytest
from tests.games.uno_duo.helpers import Phase, hand, kinds, match_at, position, top

from duoplay.core.errors import IllegalAction, NotYourTurn
from duoplay.core.testing import assert_refusal_changes_nothing

OPPONENT = "Y1 Y2 Y3"
DRAWS = "G1 G2 G3 G4 G5 G6 G7 G8"
ANY = {"challenge_rule": "any-playable"}
COLOUR = {"challenge_rule": "colour-only"}


def played(rest: str, options: dict[str, str] | None = None, discard: str = "B5") -> object:
    match = match_at(position((f"wild+4 {rest}", OPPONENT), discard=discard, draw=DRAWS,
                              options=options))
    match.act(0, "wild+4 red")
    return match


def test_the_opponent_may_challenge_or_accept() -> None:
    match = played("R1 Y7")
    assert (match.state.phase, match.state.current) == (Phase.CHALLENGE, 1)
    assert [a.notation() for a in match.legal_actions(1)] == ["challenge", "accept"]
    assert match.legal_actions(0) == []
    assert match.view(0)["challenger"] == 1 and match.view(0)["colour"] == "red"


def test_accepted_the_opponent_draws_four_and_the_player_goes_again() -> None:
    match = played("R1 R2 B7")  # B7 could have been played: accepting does not look
    events = match.act(1, "accept")
    assert kinds(events) == ["draw"] and events[0].public["count"] == 4
    assert hand(match, 1) == sorted([*OPPONENT.split(), "G1", "G2", "G3", "G4"])
    assert (match.state.phase, match.state.current) == (Phase.TURN, 0)
    assert match.view(0)["colour"] == "red"
    assert {a.notation() for a in match.legal_actions(0)} == {"R1", "R2", "draw"}


@pytest.mark.parametrize("options", [ANY, COLOUR])
def test_guilty_the_offender_draws_four_and_the_challenger_plays(options: dict[str, str]) -> None:
    match = played("B7 R1", options)  # B7 is the current colour: guilty under both rules
    events = match.act(1, "challenge")
    assert kinds(events) == ["challenge", "draw"]
    assert events[0].public == {"seat": 1, "guilty": True}
    assert events[1].public == {"seat": 0, "count": 4}
    assert hand(match, 0) == sorted(["B7", "R1", "G1", "G2", "G3", "G4"])
    assert hand(match, 1) == sorted(OPPONENT.split())
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)
    assert match.view(1)["colour"] == "red"  # the named colour stands


@pytest.mark.parametrize("options", [ANY, COLOUR])
def test_innocent_the_challenger_draws_six_and_the_player_goes_again(options: dict[str, str]) -> None:
    match = played("R1 Y7", options)  # nothing else matched B5
    events = match.act(1, "challenge")
    assert events[0].public == {"seat": 1, "guilty": False}
    assert hand(match, 1) == sorted([*OPPONENT.split(), "G1", "G2", "G3", "G4", "G5", "G6"])
    assert (match.state.phase, match.state.current) == (Phase.TURN, 0)


def test_a_challenged_player_shows_their_hand_to_the_challenger_only() -> None:
    match = played("B7 R1", ANY)
    challenge = match.act(1, "challenge")[0]
    assert challenge.visible_to(1)["offender_hand"] == ["B7", "R1"]
    assert "offender_hand" not in challenge.visible_to(0)
    assert "offender_hand" not in challenge.visible_to(None)


@pytest.mark.parametrize(
    ("rest", "rule", "guilty"),
    [
        ("G5 Y7", ANY, True),  # the same number in another colour could have been played
        ("G5 Y7", COLOUR, False),  # ...but it is not the current colour
        ("wild Y7", ANY, True),  # a plain Wild is always playable
        ("wild Y7", COLOUR, False),
        ("wild+4 Y7", ANY, False),  # another Wild Draw 4 does not count
        ("wild+4 Y7", COLOUR, False),
        ("Bskip", COLOUR, True),
        ("Gskip", ANY, False),
    ],
)
def test_what_counts_as_another_playable_card(rest: str, rule: dict[str, str], guilty: bool) -> None:
    match = played(rest, rule)
    events = match.act(1, "challenge")
    assert events[0].public["guilty"] is guilty


def test_an_action_card_on_top_makes_the_same_action_playable() -> None:
    match = played("Gskip", ANY, discard="R5 Bskip")
    assert match.act(1, "challenge")[0].public["guilty"] is True


def test_a_wild_draw_four_played_right_after_drawing_it_is_never_guilty() -> None:
    match = match_at(position(("B7 B8", OPPONENT), discard="B5", draw=f"wild+4 {DRAWS}"))
    match.act(0, "draw")
    match.act(0, "wild+4 yellow")
    events = match.act(1, "challenge")
    assert events[0].public["guilty"] is False
    assert len(match.state.hands[1]) == 3 + 6


def test_only_the_challenger_answers_and_only_with_challenge_or_accept() -> None:
    match = played("R1 Y7")
    error = assert_refusal_changes_nothing(match, 0, "R1")
    assert isinstance(error, NotYourTurn)
    for action in ["Y1", "draw", "pass", "keep"]:
        error = assert_refusal_changes_nothing(match, 1, action)
        assert type(error) is IllegalAction and error.reason == "Challenge the Wild Draw 4 or accept it"


def test_a_last_wild_draw_four_still_makes_the_opponent_draw_four_with_no_challenge() -> None:
    match = match_at(position(("wild+4", OPPONENT), discard="B5", draw=DRAWS))
    events = match.act(0, "wild+4 red")
    assert kinds(events)[:3] == ["play", "draw", "round-end"]
    # Y1 + Y2 + Y3 + G1 + G2 + G3 + G4 = 16
    assert match.state.scores == [0, 16] and match.state.phase == Phase.DRAFT


def test_a_wild_draw_four_names_any_colour_and_is_playable_on_anything() -> None:
    match = match_at(position(("wild+4 G1", OPPONENT), discard="R5 wild", colour="yellow"))
    legal = {a.notation() for a in match.legal_actions(0)}
    assert {f"wild+4 {c}" for c in ("red", "yellow", "green", "blue")} <= legal
    match.act(0, "wild+4 green")
    assert top(match) == "wild+4"
