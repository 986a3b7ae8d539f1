"""The Drafting Round (uno-duo.en.txt); NOTES 2 (the cut) and 3 (drafting order)."""

import pytest
from tests.games.uno_duo.helpers import Phase, cards, check_all_cards, codes, match_at, position

from duoplay.core.errors import IllegalAction, NotYourTurn
from duoplay.core.match import Match
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.uno_duo.cards import CODE_TO_FACE, code

SEEDS = range(12)


def draft_position(draw: str, current: int = 0) -> Match:
    """Player 1 (seat 0) looks at R1; the draw pile continues with `draw`."""
    return match_at(position(discard="", draw=draw, phase=Phase.DRAFT, current=current,
                             draft_card=CODE_TO_FACE["R1"]))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_cut_repeats_until_two_different_numbers_and_the_higher_is_player_one(seed: int) -> None:
    match = Match.new("uno-duo", 2, seed)
    cuts = match.view(0)["cut"]
    *redone, (first, second) = cuts
    assert max(first, second) <= 9 and first != second
    for a, b in redone:  # a tie or an action/wild card (rank above 9) forces another cut
        assert a == b or a > 9 or b > 9
    assert match.state.player_one == (0 if first > second else 1)


def test_the_cut_picks_player_one_from_both_seats_over_many_seeds() -> None:
    assert {Match.new("uno-duo", 2, seed).state.player_one for seed in range(30)} == {0, 1}


def test_player_one_drafts_first_looking_at_the_top_card() -> None:
    match = Match.new("uno-duo", 2, seed=4)
    state = match.state
    assert state.phase == Phase.DRAFT and state.current == state.player_one
    assert state.hands == [[], []] and state.discard == [] and state.draft_discards == []
    assert len(state.draw_pile) == 111 and state.draft_card >= 0
    check_all_cards(state)


def test_keep_takes_the_card_and_flips_the_next_to_the_discards() -> None:
    match = draft_position("R2 R3 R4")
    events = match.act(0, "draft-keep")
    assert codes(match.state.hands[0]) == ["R1"]
    assert codes(match.state.draft_discards) == ["R2"]
    assert match.state.current == 1 and codes([match.state.draft_card]) == ["R3"]
    draft = events[0]
    assert draft.visible_to(1) == {"kind": "draft", "seat": 0, "kept_first": True, "discarded": "R2"}
    assert draft.visible_to(0)["kept"] == "R1"


def test_discard_throws_the_card_away_and_forces_the_next_one() -> None:
    match = draft_position("R2 R3 R4")
    events = match.act(0, "draft-discard")
    assert codes(match.state.hands[0]) == ["R2"]
    assert codes(match.state.draft_discards) == ["R1"]
    assert match.state.current == 1 and codes([match.state.draft_card]) == ["R3"]
    assert events[0].visible_to(0)["kept"] == "R2"
    assert "kept" not in events[0].visible_to(1) and "kept" not in events[0].visible_to(None)


def test_picks_alternate_and_discarded_cards_are_never_taken() -> None:
    match = draft_position("R2 R3 R4 R5 R6 R7 R8 R9")
    match.act(0, "draft-keep")  # keeps R1, R2 discarded
    match.act(1, "draft-discard")  # R3 discarded, keeps R4
    match.act(0, "draft-keep")  # keeps R5, R6 discarded
    match.act(1, "draft-keep")  # keeps R7, R8 discarded
    assert codes(match.state.hands[0]) == ["R1", "R5"]
    assert codes(match.state.hands[1]) == ["R4", "R7"]
    assert codes(match.state.draft_discards) == ["R2", "R3", "R6", "R8"]
    assert match.state.current == 0 and codes([match.state.draft_card]) == ["R9"]


def test_everyone_sees_which_picks_kept_the_card_looked_at() -> None:
    # At the table a keep turns the next card up and a discard throws the card looked at:
    # both players and spectators see which, and the draft view shows it per discard.
    match = draft_position("R2 R3 R4 R5 R6 R7 R8 R9")
    for seat, action in ((0, "draft-keep"), (1, "draft-discard"), (0, "draft-discard")):
        match.act(seat, action)
    for seat in (0, 1, None):
        view = match.view(seat)
        assert view["draft_discards"] == ["R2", "R3", "R5"]
        assert view["draft_kept"] == [True, False, False]


@pytest.mark.parametrize("seed", [0, 1, 2, 5])
@pytest.mark.parametrize("keep", [True, False])
def test_fourteen_picks_alternate_from_player_one_to_seven_cards_each(seed: int, keep: bool) -> None:
    match = Match.new("uno-duo", 2, seed)
    p1 = match.state.player_one
    order = []
    events = []
    while match.state.phase == Phase.DRAFT:
        order.append(match.state.current)
        events = match.act(match.state.current, "draft-keep" if keep else "draft-discard")
        check_all_cards(match.state)
    assert order == [p1, 1 - p1] * 7
    # The last pick also turns the start card, which may make Player 2 draw.
    drawn = [0, 0]
    for event in events:
        if event.kind == "draw":
            drawn[event.public["seat"]] += event.public["count"]
    assert [len(h) - d for h, d in zip(match.state.hands, drawn, strict=True)] == [7, 7]


@pytest.mark.parametrize("seed", [0, 3, 8])
def test_the_fourteen_discards_go_face_down_under_the_draw_pile_in_order(seed: int) -> None:
    match = Match.new("uno-duo", 2, seed)
    discards: list[int] = []
    pile_before_last_pick: list[int] = []
    while match.state.phase == Phase.DRAFT:
        pile_before_last_pick = list(match.state.draw_pile)
        discarded = [e for e in match.act(match.state.current, "draft-keep") if e.kind == "draft"]
        discards.append(CODE_TO_FACE[discarded[0].public["discarded"]])
    assert len(discards) == 14
    pile = match.state.draw_pile
    # Turning the discard pile over puts its first card on top of the packet, right under
    # the old draw pile; so once the old pile is used up the first discard is drawn first.
    assert pile[:14] == discards[::-1]
    # The start card is the top of what was left of the draw pile after the last pick.
    start = match.state.discard[0]
    assert pile_before_last_pick[-2] == start
    assert pile[14:] == pile_before_last_pick[:-2]
    assert match.state.draft_discards == []  # they are in the draw pile now, not in two places
    assert "draft_discards" not in match.view(0)
    check_all_cards(match.state)


def test_draft_view_shows_the_card_only_to_the_drafter() -> None:
    match = draft_position("R2 R3")
    assert match.view(0)["draft_card"] == "R1"
    assert "draft_card" not in match.view(1) and "draft_card" not in match.view(None)
    match.act(0, "draft-keep")
    assert match.view(1)["draft_card"] == "R3"
    assert "draft_card" not in match.view(0)
    assert match.view(0)["draft_discards"] == match.view(1)["draft_discards"] == ["R2"]


@pytest.mark.parametrize("action", ["draft-keep", "draft-discard"])
def test_the_other_seat_cannot_draft_out_of_turn(action: str) -> None:
    match = draft_position("R2 R3")
    error = assert_refusal_changes_nothing(match, 1, action)
    assert isinstance(error, NotYourTurn)


@pytest.mark.parametrize("action", ["draw", "R1", "pass", "uno", "catch", "red", "keep", "dump"])
def test_only_keep_or_discard_during_the_draft(action: str) -> None:
    match = draft_position("R2 R3")
    error = assert_refusal_changes_nothing(match, 0, action)
    assert isinstance(error, IllegalAction)
    assert match.state.phase == Phase.DRAFT


def test_draft_legal_actions() -> None:
    match = draft_position("R2 R3")
    assert [a.notation() for a in match.legal_actions(0)] == ["draft-keep", "draft-discard"]
    assert match.legal_actions(1) == []
    assert cards("R1") == [match.state.draft_card]
    assert code(match.state.draw_pile[-1]) == "R2"
