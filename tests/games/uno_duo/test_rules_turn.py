"""What can I do on my turn? (uno-duo.en.txt): match colour, number or action, or a wild; playing
is never forced; draw one and maybe play it (NOTES 7 for the optional play, 13 for no draw)."""

import pickle

import pytest
from tests.games.uno_duo.helpers import GAME, Phase, hand, kinds, match_at, position, top

from duoplay.core.errors import IllegalAction, MalformedAction, NotYourTurn
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.uno_duo.actions import ChooseColour, Play, Simple
from duoplay.games.uno_duo.cards import CODE_TO_FACE, COLOURS

HANDS = ("R9 G5 Y+2 B3 wild wild+4", "G1 G2 G3")


def plays(match, seat: int) -> set[str]:
    return {a.notation() for a in match.legal_actions(seat)}


def test_legal_plays_match_colour_number_or_action_or_are_wild() -> None:
    match = match_at(position(HANDS, discard="R5"))
    wild_colours = {f"{w} {c}" for w in ("wild", "wild+4") for c in ("red", "yellow", "green", "blue")}
    assert plays(match, 0) == {"R9", "G5", "draw"} | wild_colours
    match = match_at(position(HANDS, discard="G+2"))
    assert plays(match, 0) == {"G5", "Y+2", "draw"} | wild_colours  # colour, or the same action


def test_a_wild_on_top_asks_for_its_chosen_colour() -> None:
    match = match_at(position(HANDS, discard="R5 wild", colour="blue"))
    assert {p for p in plays(match, 0) if not p.startswith("wild")} == {"B3", "draw"}


@pytest.mark.parametrize(("card", "after"), [("R9", "R9"), ("G5", "G5"), ("wild green", "wild")])
def test_a_played_card_goes_on_the_discard_pile_and_the_turn_passes(card: str, after: str) -> None:
    match = match_at(position(HANDS, discard="R5"))
    events = match.act(0, card)
    assert kinds(events) == ["play"]
    assert top(match) == after and len(match.state.hands[0]) == 5
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)
    assert events[0].public == {"seat": 0, "card": after, "colour": COLOURS[match.state.colour], "left": 5}


def test_playing_is_never_forced_draw_is_always_offered() -> None:
    match = match_at(position(HANDS, discard="R5", draw="Y7"))
    assert "draw" in plays(match, 0)
    match.act(0, "draw")
    assert hand(match, 0) == sorted([*HANDS[0].split(), "Y7"])
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)  # Y7 cannot be played


def test_a_playable_drawn_card_may_be_played() -> None:
    match = match_at(position(HANDS, discard="R5", draw="R1"))
    match.act(0, "draw")
    assert (match.state.phase, match.state.current) == (Phase.DRAWN, 0)
    assert plays(match, 0) == {"R1", "keep"}  # only the drawn card, not the rest of the hand
    assert match.view(0)["drawn"] == "R1" and "drawn" not in match.view(1)
    match.act(0, "R1")
    assert top(match) == "R1" and match.state.current == 1
    assert "R1" not in hand(match, 0)


def test_a_playable_drawn_card_may_be_kept() -> None:
    match = match_at(position(HANDS, discard="R5", draw="R1"))
    match.act(0, "draw")
    match.act(0, "keep")
    assert "R1" in hand(match, 0) and top(match) == "R5"
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)


def test_a_drawn_wild_offers_every_colour() -> None:
    match = match_at(position(HANDS, discard="R5", draw="wild"))
    match.act(0, "draw")
    assert plays(match, 0) == {"keep", "wild red", "wild yellow", "wild green", "wild blue"}


def test_after_drawing_only_the_drawn_card_may_be_played() -> None:
    match = match_at(position(HANDS, discard="R5", draw="R1"))
    match.act(0, "draw")
    error = assert_refusal_changes_nothing(match, 0, "R9")
    assert "drew" in error.reason
    assert_refusal_changes_nothing(match, 0, "draw")


def test_the_drawn_card_is_secret_in_events_and_views() -> None:
    match = match_at(position(HANDS, discard="R5", draw="Y7"))
    (draw,) = match.act(0, "draw")
    assert draw.visible_to(0) == {"kind": "draw", "seat": 0, "count": 1, "cards": ["Y7"]}
    assert draw.visible_to(1) == draw.visible_to(None) == {"kind": "draw", "seat": 0, "count": 1}
    assert match.view(1)["hand_counts"] == [7, 3] and "Y7" not in str(match.view(1))


def test_non_matching_card_is_refused_with_a_reason() -> None:
    match = match_at(position(HANDS, discard="R5"))
    error = assert_refusal_changes_nothing(match, 0, "B3")
    assert type(error) is IllegalAction
    assert "B3 does not match R5" in error.reason


def test_card_not_in_hand_is_refused() -> None:
    match = match_at(position(HANDS, discard="R5"))
    error = assert_refusal_changes_nothing(match, 0, "R7")
    assert type(error) is IllegalAction and "no R7" in error.reason
    error = assert_refusal_changes_nothing(match, 0, "wild-shuffle red")
    assert "no wild-shuffle" in error.reason


@pytest.mark.parametrize("action", ["G1", "draw", "pass", "keep", "wild red"])
def test_acting_out_of_turn_is_refused(action: str) -> None:
    match = match_at(position(HANDS, discard="R5"))
    error = assert_refusal_changes_nothing(match, 1, action)
    assert isinstance(error, NotYourTurn) and error.code == "not_your_turn"


@pytest.mark.parametrize("seat", [None, 2, -1])
def test_seats_other_than_the_two_players_cannot_act(seat: int | None) -> None:
    match = match_at(position(HANDS, discard="R5"))
    error = assert_refusal_changes_nothing(match, seat, "R9")
    assert isinstance(error, NotYourTurn)


@pytest.mark.parametrize("action", ["pass", "keep", "challenge", "accept", "dump", "no-dump", "red",
                                    "draft-keep"])
def test_actions_of_other_phases_are_refused(action: str) -> None:
    match = match_at(position(HANDS, discard="R5"))
    error = assert_refusal_changes_nothing(match, 0, action)
    assert type(error) is IllegalAction


def test_pass_while_able_to_draw_is_refused() -> None:
    match = match_at(position(HANDS, discard="R5"))
    error = assert_refusal_changes_nothing(match, 0, "pass")
    assert "nothing to draw" in error.reason


def test_equal_actions_built_anew_act_like_the_parsed_ones() -> None:
    """Actions are values: a copy (built by a bot, unpickled in a worker) must act the same."""
    state = position(HANDS, discard="R5", draw="Y7")
    GAME.apply(state, 0, Simple("draw"))
    assert len(state.hands[0]) == 7 and state.current == 1
    state = position(HANDS, discard="R5", draw="R1")
    GAME.apply(state, 0, pickle.loads(pickle.dumps(Simple("draw"))))
    assert state.phase == Phase.DRAWN
    GAME.apply(state, 0, Simple("keep"))
    assert (state.phase, state.current) == (Phase.TURN, 1)
    state = position(HANDS, discard="R5")
    GAME.apply(state, 0, Play(CODE_TO_FACE["R9"], 0))
    assert state.discard[-1] == CODE_TO_FACE["R9"] and state.current == 1


@pytest.mark.parametrize(
    "junk",
    [{"type": "draw"}, "draw", None, 42, Play(99, 0), Play(-1, 0), Play(9, 7), Play(9, 3),
     ChooseColour(4), Simple("fold")],
)
def test_non_actions_given_to_apply_are_refused_without_a_crash(junk: object) -> None:
    state = position(HANDS, discard="R5")
    before = state.copy()
    with pytest.raises(MalformedAction) as refused:
        GAME.apply(state, 0, junk)  # type: ignore[arg-type]
    assert refused.value.reason
    assert state == before


def test_saying_uno_early_with_a_play_does_nothing() -> None:
    match = match_at(position(HANDS, discard="R5"))
    events = match.act(0, "R9 uno")
    assert kinds(events) == ["play"] and top(match) == "R9"
    assert match.state.uno_exposed == -1 and match.state.current == 1
