"""Ending the Round, SCORING and The Way to Win (uno-duo.en.txt); NOTES 10 (a last Draw 2 or Wild
Draw 4 still draws) and 12 (target score); the first drafter alternates every round."""

import random

import pytest
from tests.games.uno_duo.helpers import GAME, Phase, kinds, match_at, position

from duoplay.core.errors import GameOver
from duoplay.core.match import Match
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.uno_duo.cards import POINTS, code, deck_for

LOSER_HAND = "R0 Y9 G+2 Brev Rskip wild wild-custom wild-shuffle wild+4"


def test_card_values() -> None:
    values = {code(f): POINTS[f] for f in set(deck_for(112))}
    assert {c: v for c, v in values.items() if c[0] in "RYGB" and c[1:].isdigit()} == {
        f"{c}{n}": n for c in "RYGB" for n in range(10)}
    assert {c: v for c, v in values.items() if not c[1:].isdigit()} == {
        **{f"{c}{a}": 10 for c in "RYGB" for a in ("+2", "rev", "skip")},
        "wild": 15, "wild-custom": 15, "wild-shuffle": 15, "wild+4": 20}


def test_going_out_scores_the_opponents_hand_and_starts_the_next_round() -> None:
    match = match_at(position(("R3", LOSER_HAND), discard="R5"))
    events = match.act(0, "R3")
    assert kinds(events)[:3] == ["play", "round-end", "round-start"]
    end = events[1].public
    assert end["winner"] == 0 and end["points"] == 104 and end["scores"] == [0, 104]
    assert end["hands"] == [[], LOSER_HAND.split()]  # the hands are revealed for scoring
    assert match.state.scores == [0, 104]
    assert (match.state.round, match.state.phase, match.state.player_one) == (2, Phase.DRAFT, 1)
    assert match.state.current == 1 and [len(h) for h in match.state.hands] == [0, 0]
    assert match.view(0)["history"] == [{k: v for k, v in end.items() if k != "scores"}]
    assert end["blocked"] is False


def test_scores_add_up_over_rounds() -> None:
    state = position(("R3", "Y9 Y8"), discard="R5", scores=[40, 120], round=4)
    match = match_at(state)
    match.act(0, "R3")
    assert match.state.scores == [40, 137] and match.state.round == 5


def test_a_last_draw_two_still_makes_the_opponent_draw_the_whole_volley_and_it_scores() -> None:
    match = match_at(position(("R+2", "Y1"), discard="G+2", draw="B1 B2 B3 B4", volley=2,
                              phase=Phase.VOLLEY))
    events = match.act(0, "R+2")
    assert kinds(events)[:3] == ["play", "draw", "round-end"]
    assert events[1].public == {"seat": 1, "count": 4}
    assert match.state.scores == [0, 1 + 1 + 2 + 3 + 4]


def test_reaching_the_target_loses_and_the_lower_total_wins() -> None:
    match = match_at(position(("R3", "Y9 Y1"), discard="R5", scores=[50, 190]))
    events = match.act(0, "R3")
    assert kinds(events)[-1] == "game-end"
    assert match.state.phase == Phase.GAME_OVER
    outcome = match.outcome()
    assert outcome is not None
    assert (outcome.winners, outcome.results, outcome.scores) == ((0,), (1.0, 0.0), (50, 200))
    assert "seat 1 reached 200" in outcome.reason
    assert match.to_move() == () and match.legal_actions(0) == match.legal_actions(1) == []
    assert match.view(None)["to_move"] == []


def test_just_under_the_target_plays_on() -> None:
    match = match_at(position(("R3", "Y8 Y1"), discard="R5", scores=[50, 190]))
    match.act(0, "R3")
    assert match.outcome() is None and match.state.scores == [50, 199]


def test_the_target_score_is_an_option() -> None:
    match = match_at(position(("R3", "Y9 Y1"), discard="R5", options={"target_score": 10}))
    match.act(0, "R3")
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (0, 10)


def test_nothing_is_accepted_after_the_end() -> None:
    match = match_at(position(("R3", "Y9 Y1"), discard="R5", scores=[0, 195]))
    match.act(0, "R3")
    for seat, action in [(0, "draw"), (1, "draft-keep"), (1, "catch"), (0, "uno"), (None, "pass")]:
        error = assert_refusal_changes_nothing(match, seat, action)
        assert isinstance(error, GameOver) and error.code == "game_over"
    with pytest.raises(GameOver):
        GAME.apply(match.state, 0, GAME.parse_action("draw"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_first_drafter_alternates_every_round(seed: int) -> None:
    chooser = random.Random(seed)
    match = Match.new("uno-duo", 2, seed, {"target_score": 1000})
    first = [match.state.player_one]
    while len(first) < 5:
        seat = match.to_move()[0]
        for event in match.act(seat, chooser.choice(match.legal_actions(seat))):
            if event.kind == "round-start":
                first.append(event.public["player_one"])
                assert match.state.current == event.public["player_one"]
    assert first == [first[0], 1 - first[0], first[0], 1 - first[0], first[0]]
