"""When the draw pile runs out (uno-duo.en.txt, 'What can I do on my turn?'); NOTES 11 (shuffle
option) and 13 (nothing left to draw); a round nobody can move in ends blocked."""

import pytest
from tests.games.uno_duo.helpers import Phase, codes, hand, kinds, match_at, position, top

from duoplay.core.errors import IllegalAction
from duoplay.core.testing import assert_refusal_changes_nothing

PILE = "R1 R2 R3 R4 R5"


def empty_pile(hands: tuple[str, str], shuffle: bool = True, discard: str = PILE, seed: int = 0):
    return match_at(position(hands, discard=discard, fill=False, seed=seed,
                             options={"shuffle_on_refill": shuffle}))


def test_without_shuffle_the_old_discards_are_turned_over_under_the_top_card() -> None:
    match = empty_pile(("G7 G8", "Y1 Y2"), shuffle=False)
    events = match.act(0, "draw")
    assert kinds(events) == ["refill", "draw"] and events[0].public == {"count": 4}
    assert codes(match.state.discard) == ["R5"]
    # Turned face down, the old bottom card (R1) is now the top of the draw pile.
    assert events[1].visible_to(0)["cards"] == ["R1"]
    assert codes(match.state.draw_pile[::-1]) == ["R2", "R3", "R4"]
    assert match.state.phase == Phase.DRAWN  # R1 matches R5


def test_with_shuffle_the_new_pile_holds_the_same_cards_in_a_seeded_order() -> None:
    orders = set()
    for seed in range(12):
        match = empty_pile(("G7 G8", "Y1 Y2"), seed=seed)
        match.act(0, "draw")
        assert top(match) == "R5"
        new_pile = codes(match.state.draw_pile) + [c for c in hand(match, 0) if c.startswith("R")]
        assert sorted(new_pile) == ["R1", "R2", "R3", "R4"]
        orders.add(tuple(new_pile))
        again = empty_pile(("G7 G8", "Y1 Y2"), seed=seed)
        again.act(0, "draw")
        assert again.state == match.state  # the shuffle comes from the match's seeded generator
    assert len(orders) > 3


def test_nothing_left_to_draw_a_player_must_play_if_they_can() -> None:
    match = empty_pile(("R7 G8", "Y1 Y2"), discard="R5")
    assert {a.notation() for a in match.legal_actions(0)} == {"R7", "R7 uno"}
    error = assert_refusal_changes_nothing(match, 0, "draw")
    assert type(error) is IllegalAction
    error = assert_refusal_changes_nothing(match, 0, "pass")
    assert "nothing to draw and nothing to play" in error.reason


def test_nothing_to_draw_and_nothing_to_play_means_pass() -> None:
    match = empty_pile(("G7 G8", "Y1 R2"), discard="R5")
    assert [a.notation() for a in match.legal_actions(0)] == ["pass"]
    events = match.act(0, "pass")
    assert kinds(events) == ["pass"]
    assert (match.state.phase, match.state.current) == (Phase.TURN, 1)
    match.act(1, "R2 uno")  # a play makes the old top drawable again
    assert [a.notation() for a in match.legal_actions(0)] == ["draw"]


def test_a_pass_then_a_play_does_not_count_towards_a_blocked_round() -> None:
    match = empty_pile(("G7 G8 Y9", "Y1 R2 B4"), discard="R5")
    match.act(0, "pass")
    match.act(1, "R2")
    match.act(0, "draw")  # the refill turns R5 back into the draw pile
    match.act(0, "keep")
    assert [a.notation() for a in match.legal_actions(1)] == ["pass"]
    match.act(1, "pass")  # one pass since the last play: the round goes on
    assert match.state.round == 1 and match.state.current == 0
    assert {a.notation() for a in match.legal_actions(0)} == {"R5"}


@pytest.mark.parametrize(("hands", "winner", "scores"), [
    (("G7 G8", "Y1 Y2"), 1, [15, 0]),  # 15 points against 3: the lower hand counts as going out
    (("G1 G2", "Y7 B9"), 0, [0, 16]),
    (("G1 G2", "Y1 B2"), -1, [0, 0]),  # equal hands: nobody scores
])
def test_both_passing_in_a_row_ends_a_blocked_round(hands: tuple[str, str], winner: int,
                                                   scores: list[int]) -> None:
    match = empty_pile(hands, discard="R5")
    match.act(0, "pass")
    events = match.act(1, "pass")
    assert kinds(events)[:3] == ["pass", "round-end", "round-start"]
    end = events[1].public
    assert (end["winner"], end["blocked"], end["round"]) == (winner, True, 1)
    assert match.state.scores == scores
    assert match.state.round == 2 and match.state.phase == Phase.DRAFT
