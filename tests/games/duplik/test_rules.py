"""Every rule of Duplik, one test each, named as docs/rules/duplik.md lists them."""

from __future__ import annotations

import pytest
from tests.games.duplik.tables import describing, judge_all, judging, new_match, scribble, state

from duoplay.core.errors import IllegalAction, MalformedAction, NotYourTurn
from duoplay.core.match import Match
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duplik.actions import (
    ACCEPT,
    CLOSE_VOTE,
    DISPUTE,
    DONE,
    DRAW_SCENE,
    NEXT,
    PENS_DOWN,
    ROLL,
    START,
    STOP,
    Ballot,
    Choose,
    Decide,
    Describe,
    Draw,
    Pass,
    Verdict,
    parse_action,
)
from duoplay.games.duplik.game import GAME
from duoplay.games.duplik.judging import round_scores
from duoplay.games.duplik.table import roll_for_first


def test_highest_die_roll_portrays_first_and_ties_roll_again() -> None:
    tied = 0
    for seed in range(200):
        st = state(new_match(4, seed))
        last = st.rolls[-1]
        assert (
            st.first == max(last, key=lambda s: last[s])
            and list(last.values()).count(max(last.values())) == 1
        )
        for earlier in st.rolls[:-1]:  # every reroll is among those tied for the highest
            best = max(earlier.values())
            assert sorted(s for s, v in earlier.items() if v == best) == sorted(
                st.rolls[st.rolls.index(earlier) + 1]
            )
        tied += len(st.rolls) > 1
    assert tied, "no tie in 200 matches: the reroll was never tried"


def test_roll_for_first_is_seeded() -> None:
    from duoplay.core.rng import GameRng

    assert roll_for_first(GameRng(5), 6) == roll_for_first(GameRng(5), 6)


def test_portrayer_chooses_a_scene_or_draws_one_at_random() -> None:
    match = new_match()
    portrayer = state(match).round.portrayer
    looked = [c.scene for c in match.legal_actions(portrayer) if isinstance(c, Choose)]
    assert len(looked) == 3 and DRAW_SCENE in match.legal_actions(portrayer)
    match.act(portrayer, Choose(looked[1]))
    assert state(match).round.scene is not None and state(match).round.scene.id == looked[1]
    drawn = new_match()
    top = state(drawn).deck[0]
    drawn.act(portrayer, DRAW_SCENE)
    assert state(drawn).round.scene is not None and state(drawn).round.scene.id == top


def test_a_scene_not_looked_at_cannot_be_chosen() -> None:
    match = new_match()
    portrayer = state(match).round.portrayer
    with pytest.raises(IllegalAction):
        match.act(portrayer, Choose(state(match).deck[-1]))


def test_only_the_portrayer_sees_the_scene_card() -> None:
    match = describing(4)
    portrayer = state(match).round.portrayer
    assert match.view(portrayer)["card"]["criteria"]
    for seat in [s for s in range(4) if s != portrayer] + [None]:
        assert match.view(seat)["card"] is None and match.view(seat)["criteria"] == []


def test_golden_criterion_is_rolled_among_criteria_1_to_6_by_default() -> None:
    rolled = set()
    for seed in range(60):
        match = new_match(3, seed)
        portrayer = state(match).round.portrayer
        match.act(portrayer, DRAW_SCENE)
        match.act(portrayer, ROLL)
        rolled.add(state(match).round.golden)
        assert all(match.view(s)["golden"] == state(match).round.golden for s in (0, 1, 2, None))
    assert rolled == set(range(1, 7))


def test_golden_die_over_all_ten_criteria_as_an_option() -> None:
    rolled = set()
    for seed in range(80):
        match = new_match(3, seed, golden_faces=10)
        portrayer = state(match).round.portrayer
        match.act(portrayer, DRAW_SCENE)
        match.act(portrayer, ROLL)
        rolled.add(state(match).round.golden)
    assert rolled == set(range(1, 11))


def test_title_is_read_before_the_hourglass_turns() -> None:
    match = new_match()
    portrayer = state(match).round.portrayer
    artist = (portrayer + 1) % 3
    match.act(portrayer, DRAW_SCENE)
    assert match.view(artist)["title"] == ""
    match.act(portrayer, ROLL)
    assert match.view(artist)["title"] == state(match).round.scene.titles["en"]  # type: ignore[union-attr]
    assert match.deadline().key.startswith("prepare")  # type: ignore[union-attr]
    with pytest.raises(IllegalAction):
        match.act(artist, Draw(scribble()))
    match.act(portrayer, START)
    assert state(match).round.phase == "describe"


def test_description_lasts_90_seconds_then_pens_down() -> None:
    match = describing()
    deadline = match.deadline()
    assert deadline is not None and deadline.seconds == 90.0 and deadline.action == PENS_DOWN
    match.act(None, PENS_DOWN)
    assert state(match).round.phase == "pass"
    assert describing(describe_seconds=45).deadline().seconds == 45.0  # type: ignore[union-attr]


def test_no_ink_after_time_is_up() -> None:
    match = describing()
    artist = (state(match).round.portrayer + 1) % 3
    match.act(artist, Draw(scribble()))
    match.act(None, PENS_DOWN)
    assert_refusal_changes_nothing(match, artist, Draw(scribble()))
    assert_refusal_changes_nothing(match, state(match).round.portrayer, Describe("one more thing"))


def test_the_portrayer_describes_and_the_artists_only_draw() -> None:
    match = describing()
    portrayer = state(match).round.portrayer
    artist = (portrayer + 1) % 3
    match.act(portrayer, Describe("A cat under a table."))
    assert match.view(artist)["description"] == "A cat under a table."
    with pytest.raises(NotYourTurn):
        match.act(artist, Describe("Is the cat big?"))  # no questions
    with pytest.raises(NotYourTurn):
        match.act(portrayer, Draw(scribble()))


def test_pens_down_early_once_every_artist_is_done() -> None:
    match = describing(4)
    portrayer = state(match).round.portrayer
    for artist in [s for s in range(4) if s != portrayer]:
        assert state(match).round.phase == "describe"
        match.act(artist, DONE)
    assert state(match).round.phase == "pass"


def test_the_portrayer_never_sees_drawings_before_the_reveal() -> None:
    match = describing(4)
    portrayer = state(match).round.portrayer
    artists = [s for s in range(4) if s != portrayer]
    for artist in artists:
        match.act(artist, Draw(scribble()))
        assert [d["artist"] for d in match.view(artist)["drawings"]] == [artist]
    match.act(None, PENS_DOWN)
    match.act(portrayer, Pass("left"))
    assert match.view(portrayer)["drawings"] == [] and match.view(None)["drawings"] == []
    judge_all(match)
    assert state(match).round.phase == "reveal"
    assert [d["artist"] for d in match.view(portrayer)["drawings"]] == artists


@pytest.mark.parametrize("direction, step", [("left", 1), ("right", -1)])
def test_drawings_pass_left_or_right_as_the_portrayer_decides(direction: str, step: int) -> None:
    match = judging(5, direction=direction)
    current = state(match).round
    artists = current.artists(5)
    for i, artist in enumerate(artists):
        assert current.judge_of[artist] == artists[(i + step) % len(artists)]
    with pytest.raises(MalformedAction):
        parse_action({"type": "pass", "direction": "across"})


def test_criteria_are_read_one_by_one_in_order() -> None:
    match = judging(3)
    artist = (state(match).round.portrayer + 1) % 3
    criteria = state(match).round.scene.criteria  # type: ignore[union-attr]
    for number in range(1, 11):
        shown = match.view(artist)["criteria"]
        assert [c["number"] for c in shown] == list(range(1, number + 1))
        assert shown[-1]["subject"] == criteria[number - 1].subject
        judge_all(match, criteria=1)


def test_the_portrayer_takes_no_part_in_judging() -> None:
    match = judging(4)
    portrayer = state(match).round.portrayer
    assert portrayer not in match.to_move()
    for action in (Verdict(True), Ballot(True), ACCEPT, DISPUTE, Decide(True)):
        assert_refusal_changes_nothing(match, portrayer, action)


def test_a_judge_in_doubt_asks_the_other_judges() -> None:
    match = judging(4)
    current = state(match).round
    artist = current.artists(4)[0]
    judge = current.judge_of[artist]
    match.act(judge, Verdict(None))
    vote = state(match).round.vote
    assert (
        vote is not None
        and vote.owner == artist
        and set(vote.voters) == set(current.artists(4)) - {artist, judge}
    )
    (voter,) = vote.voters
    match.act(voter, Ballot(True))
    assert state(match).round.verdicts[artist] is True


def test_a_dispute_goes_to_a_vote_of_the_other_judges_without_the_portrayer() -> None:
    match = judging(5)
    current = state(match).round
    artists = current.artists(5)
    for artist in artists:
        match.act(current.judge_of[artist], Verdict(False))
    disputer = artists[0]
    match.act(disputer, DISPUTE)
    vote = state(match).round.vote
    assert vote is not None and set(vote.voters) == set(artists) - {disputer}
    assert current.portrayer not in vote.voters
    for voter, ballot in zip(vote.voters, (True, True, False), strict=True):
        match.act(voter, Ballot(ballot))
    assert state(match).round.verdicts[disputer] is True  # two against one: it holds


def _disputed(match: Match, seats: int, ballots: tuple[bool | None, ...]) -> int:
    """Every Judge crosses criterion 1, the first Artist disputes, and the voters cast `ballots`."""
    current = state(match).round
    artists = current.artists(seats)
    for artist in artists:
        match.act(current.judge_of[artist], Verdict(False))
    disputer = artists[0]
    match.act(disputer, DISPUTE)
    vote = current.vote
    assert vote is not None
    for voter, ballot in zip(vote.voters, ballots, strict=True):
        match.act(voter, Ballot(ballot))
    return disputer


def test_a_tied_vote_is_decided_by_the_portrayer_never_the_author() -> None:
    match = judging(5, drawn=True)
    current = state(match).round
    disputer = _disputed(match, 5, (True, False, None))
    vote = current.vote
    assert vote is not None and vote.deciding and vote.decider == current.portrayer
    assert match.to_move() == (current.portrayer,)
    assert match.legal_actions(disputer) == []
    assert_refusal_changes_nothing(match, disputer, Decide(True))
    # The Portrayer, who sees no drawing before the reveal, sees the one being decided, and only it.
    seen = match.view(current.portrayer)
    assert [d["artist"] for d in seen["drawings"]] == [disputer]
    assert seen["vote"]["decider"] == current.portrayer and seen["vote"]["artist"] == disputer
    events = match.act(current.portrayer, Decide(True))
    said = [(e.kind, e.public.get("decider"), e.public.get("artist")) for e in events]
    assert ("decided", current.portrayer, disputer) in said
    assert current.verdicts[disputer] is True and match.view(current.portrayer)["drawings"] == []


def test_with_three_players_an_ask_and_a_dispute_end_empty_or_tied_and_the_portrayer_decides() -> None:
    match = judging(3)
    current = state(match).round
    first, second = current.artists(3)
    # The Judge of the first drawing asks: nobody else judges, the vote is empty.
    match.act(current.judge_of[first], Verdict(None))
    vote = current.vote
    assert vote is not None and vote.voters == () and vote.decider == current.portrayer
    assert_refusal_changes_nothing(match, first, Decide(True))
    match.act(current.portrayer, Decide(False))
    assert current.verdicts[first] is False
    # The second drawing's verdict is disputed; its Judge, the only voter, abstains: a tie.
    match.act(current.judge_of[second], Verdict(False))
    match.act(second, DISPUTE)
    match.act(first, Ballot(None))
    assert match.to_move() == (current.portrayer,)
    assert_refusal_changes_nothing(match, second, Decide(True))
    match.act(current.portrayer, Decide(True))
    assert current.results[0] == {first: False, second: True} and current.criterion == 1


def test_a_portrayer_may_leave_a_tie_to_every_other_player_and_their_tie_stands() -> None:
    match = judging(4)
    current = state(match).round
    artist = current.artists(4)[0]
    judge = current.judge_of[artist]
    match.act(judge, Verdict(None))
    (voter,) = current.vote.voters  # type: ignore[union-attr]
    match.act(voter, Ballot(None))
    events = match.act(current.portrayer, Decide(None))
    assert [e.kind for e in events] == ["decided", "vote"]
    vote = current.vote
    assert vote is not None and vote.final and set(vote.voters) == {judge, voter}  # never the author
    assert_refusal_changes_nothing(match, artist, Ballot(True))
    match.act(judge, Ballot(True))
    events = match.act(voter, Ballot(False))
    assert "tie_stands" in [e.kind for e in events]
    assert current.verdicts[artist] is False  # after a doubt, a tie nobody breaks is "not met"


def test_the_other_players_majority_settles_a_tie_the_portrayer_left() -> None:
    match = judging(4)
    current = state(match).round
    artist = current.artists(4)[0]
    match.act(current.judge_of[artist], Verdict(None))
    match.act(current.vote.voters[0], Ballot(None))  # type: ignore[union-attr]
    match.act(current.portrayer, Decide(None))
    final = current.vote
    assert final is not None
    match.act(final.voters[0], Ballot(True))
    match.act(final.voters[1], Ballot(None))
    assert current.verdicts[artist] is True


def test_a_tie_left_undecided_keeps_the_judges_verdict() -> None:
    match = judging(3)
    current = state(match).round
    disputer = _disputed(match, 3, (None,))
    assert current.vote is not None and current.vote.decider == current.portrayer
    match.act(None, CLOSE_VOTE)  # the Portrayer said nothing in time: the others decide
    assert current.vote is not None and current.vote.final and disputer not in current.vote.voters
    match.act(None, CLOSE_VOTE)  # nor did they
    assert current.verdicts[disputer] is False


def test_the_printed_rule_lets_the_artist_concerned_decide() -> None:
    match = judging(5, tie_breaker="artist")
    current = state(match).round
    disputer = _disputed(match, 5, (True, False, None))
    assert match.to_move() == (disputer,) and current.vote is not None and current.vote.decider == disputer
    assert Decide(None) not in match.legal_actions(disputer)
    assert_refusal_changes_nothing(match, current.portrayer, Decide(True))
    assert_refusal_changes_nothing(match, disputer, Decide(None))
    match.act(disputer, Decide(True))
    assert current.verdicts[disputer] is True
    # Under the printed rule a tie the Artist leaves undecided keeps the Judge's verdict.
    match = judging(3, tie_breaker="artist")
    disputer = _disputed(match, 3, (None,))
    match.act(None, CLOSE_VOTE)
    assert state(match).round.verdicts[disputer] is False


def test_a_criterion_holds_only_if_all_its_elements_are_drawn() -> None:
    from duoplay.games.duplik.scenes.facts import holds
    from duoplay.games.duplik.scenes.model import Box, Criterion

    cat = Box("cat", 100, 500, 100, 80)
    table = Box("table", 50, 450, 250, 170)
    under = Criterion("under", "cat", ("table",))
    assert holds(under, [cat, table])
    assert not holds(under, [cat])  # a cat but no table


def test_artist_scores_3_for_the_golden_criterion_and_1_for_each_other() -> None:
    match = judging(3)
    current = state(match).round
    golden = current.golden
    first, second = current.artists(3)
    while current.phase == "judge":
        number = current.criterion + 1
        for artist in (first, second):
            holds = artist == first or number == golden  # the second meets only the golden one
            match.act(current.judge_of[artist], Verdict(holds))
        for artist in (first, second):
            if current.phase == "judge" and artist in match.to_move():
                match.act(artist, ACCEPT)
    points = round_scores(state(match))
    assert points[first] == 9 + 3 and points[second] == 3


def test_portrayer_scores_1_per_criterion_met_by_at_least_one_artist() -> None:
    match = judging(4)
    current = state(match).round
    artists = current.artists(4)
    while current.phase == "judge":
        number = current.criterion + 1
        for artist in artists:  # criteria 1-4 met by everyone, 5-10 by no one
            match.act(current.judge_of[artist], Verdict(number <= 4))
        for artist in artists:
            if current.phase == "judge" and artist in match.to_move():
                match.act(artist, ACCEPT)
    assert round_scores(state(match))[current.portrayer] == 4  # the golden one counts 1 too


def test_score_sheet_has_a_portrayers_half_and_a_total_half() -> None:
    match = judging(3)
    judge_all(match)
    sheet = match.view(None)["sheet"]
    portrayer = state(match).round.portrayer
    assert sheet["portrayers"] == [{"portrayer": portrayer, "points": 10}]
    assert sheet["rounds"] == [[12 if s != portrayer else 10 for s in range(3)]]
    assert match.view(None)["totals"] == sheet["rounds"][0]


def test_reveal_shows_the_original_beside_every_drawing() -> None:
    match = describing(3)
    portrayer = state(match).round.portrayer
    for artist in state(match).round.artists(3):
        match.act(artist, Draw(scribble()))
    match.act(None, PENS_DOWN)
    match.act(portrayer, Pass("left"))
    judge_all(match)
    for seat in (0, 1, 2, None):
        shown = match.view(seat)
        assert shown["card"]["picture"].startswith("<svg") and len(shown["drawings"]) == 2
        assert len(shown["criteria"]) == 10


def test_next_portrayer_sits_to_the_left() -> None:
    match = judging(4)
    first = state(match).round.portrayer
    judge_all(match)
    match.act(first, NEXT)
    assert state(match).round.portrayer == (first + 1) % 4 and state(match).round.phase == "choose"


@pytest.mark.parametrize("portrayals", [1, 2, 3])
def test_game_ends_when_everyone_has_portrayed(portrayals: int) -> None:
    match = new_match(3, 2, portrayals=portrayals)
    portrayers = []
    while match.outcome() is None:
        current = state(match).round
        portrayers.append(current.portrayer)
        for action in (DRAW_SCENE, ROLL, START):
            match.act(current.portrayer, action)
        match.act(None, PENS_DOWN)
        match.act(current.portrayer, Pass("left"))
        judge_all(match)
        match.act(current.portrayer, NEXT)
    assert sorted(portrayers) == sorted(list(range(3)) * portrayals)
    assert state(match).over and match.to_move() == ()


def test_highest_total_wins_and_ties_share() -> None:
    match = new_match(3, 3)
    while match.outcome() is None:
        current = state(match).round
        for action in (DRAW_SCENE, ROLL, START):
            match.act(current.portrayer, action)
        match.act(None, PENS_DOWN)
        match.act(current.portrayer, Pass("left"))
        judge_all(match)
        match.act(current.portrayer, NEXT)
    outcome = match.outcome()
    # Each portrays once (10) and draws twice meeting every criterion (9 + 3 for the golden one).
    assert outcome is not None and outcome.scores == (34, 34, 34)
    assert outcome.winners == (0, 1, 2) and outcome.results == pytest.approx((1 / 3,) * 3)


def test_three_to_eight_players() -> None:
    assert (GAME.min_seats, GAME.max_seats) == (3, 8)


def test_the_portrayer_may_stop_describing_and_artists_go_on_drawing() -> None:
    match = describing(3)
    portrayer = state(match).round.portrayer
    artist = (portrayer + 1) % 3
    match.act(portrayer, STOP)
    assert_refusal_changes_nothing(match, portrayer, Describe("and also"))
    match.act(artist, Draw(scribble()))
    assert state(match).round.phase == "describe"


def test_the_table_alone_keeps_time() -> None:
    match = describing(3)
    for seat in range(3):
        assert_refusal_changes_nothing(match, seat, PENS_DOWN)
