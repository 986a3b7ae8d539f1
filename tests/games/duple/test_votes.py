"""Rulebook 'Respuestas permitidas' (disputes may be settled by a group vote) and NOTES Duple 3:
a rejected answer may go to a vote of the other players; a majority accepts, a tie rejects;
the room remembers the words it voted in."""

from __future__ import annotations

from tests.games.duple.tables import GAME, answer, card, deal, flip, kinds, new_match, state

from duoplay.core.errors import IllegalAction, NotYourTurn
from duoplay.core.match import Match
from duoplay.core.protocol import Deadline
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duple.actions import APPEAL, CLOSE_VOTE, PASS, Answer, CastVote


def face_off(seats: int = 3, **options: object) -> Match:
    match = new_match(seats, **options)
    deal(match, piles=["", "E/star"] + [""] * (seats - 2), flips=["A/star"], category="animal",
         after=["fruta", "color"])
    flip(match, 0)
    return match


def test_a_rejected_answer_may_go_to_a_vote_of_the_other_players() -> None:
    match = face_off(4)
    answer(match, 0, "mesa")  # a word, but not an animal
    assert APPEAL in match.legal_actions(0) and APPEAL not in match.legal_actions(1)
    events = match.act(0, APPEAL)
    assert events[0].public == {"seat": 0, "word": "mesa", "reason": "category", "voters": [1, 2, 3]}
    assert match.to_move() == (1, 2, 3) and match.view(3)["phase"] == "vote"
    assert match.legal_actions(2) == [CastVote(True), CastVote(False)]
    error = assert_refusal_changes_nothing(match, 1, Answer("abeja"))  # answers wait for the vote
    assert isinstance(error, IllegalAction)


def test_votes_majority_accepts() -> None:
    match = face_off(4)
    answer(match, 0, "mesa")
    match.act(0, APPEAL)
    match.act(1, CastVote(True))
    match.act(2, CastVote(False))
    events = match.act(3, CastVote(True))
    assert events[-1].kind != "vote" and {"kind": "vote", "seat": 0, "word": "mesa", "accepted": True,
                                          "yes": 2, "no": 1} in [e.visible_to(None) for e in events]
    assert "won" in kinds(events)
    assert state(match).won[0] == [card("E/star")]


def test_votes_a_tie_rejects() -> None:
    match = face_off(3)
    answer(match, 0, "mesa")
    match.act(0, APPEAL)
    match.act(1, CastVote(True))
    events = match.act(2, CastVote(False))
    assert [e.public for e in events if e.kind == "vote"] == [
        {"seat": 0, "word": "mesa", "accepted": False, "yes": 1, "no": 1}]
    assert state(match).won == [[], [], []]
    assert match.to_move() == (0, 1)  # the face-off goes on
    assert match.view(0)["phase"] == "faceoff"


def test_an_answer_goes_to_a_vote_once() -> None:
    match = face_off(3)
    answer(match, 0, "mesa")
    match.act(0, APPEAL)
    match.act(1, CastVote(False))
    match.act(2, CastVote(False))
    assert APPEAL not in match.legal_actions(0)
    error = assert_refusal_changes_nothing(match, 0, APPEAL)
    assert isinstance(error, IllegalAction)


def test_a_missing_letter_cannot_go_to_a_vote() -> None:
    match = face_off(3)
    answer(match, 0, "perro")
    assert APPEAL not in match.legal_actions(0)
    assert isinstance(assert_refusal_changes_nothing(match, 0, APPEAL), IllegalAction)


def test_the_appealer_does_not_vote_and_nobody_votes_twice() -> None:
    match = face_off(3)
    answer(match, 0, "mesa")
    match.act(0, APPEAL)
    assert isinstance(assert_refusal_changes_nothing(match, 0, CastVote(True)), NotYourTurn)
    match.act(1, CastVote(True))
    assert isinstance(assert_refusal_changes_nothing(match, 1, CastVote(True)), IllegalAction)
    assert match.to_move() == (2,)


def test_a_vote_shows_who_voted_not_how() -> None:
    match = face_off(3)
    answer(match, 0, "mesa")
    match.act(0, APPEAL)
    events = match.act(1, CastVote(False))
    shown = [e.visible_to(seat) for e in events for seat in (0, 1, 2, None)]
    assert shown == [{"kind": "voted", "seat": 1}] * 4
    assert match.view(2)["race"]["vote"] == {"appealer": 0, "word": "mesa", "reason": "category",
                                             "voters": [1, 2], "voted": [1]}


def test_votes_not_cast_in_time_abstain() -> None:
    match = face_off(4, vote_seconds=12)
    answer(match, 0, "mesa")
    match.act(0, APPEAL)
    assert match.deadline() == Deadline(12.0, None, CLOSE_VOTE, key=f"vote-{state(match).step}")
    match.act(1, CastVote(True))
    events = match.act(None, CLOSE_VOTE)
    assert events[0].public == {"seat": 0, "word": "mesa", "accepted": True, "yes": 1, "no": 0}
    # With no vote cast at all, the answer stays rejected.
    match = face_off(4)
    answer(match, 0, "mesa")
    match.act(0, APPEAL)
    assert match.act(None, CLOSE_VOTE)[0].public["accepted"] is False


def test_a_racer_who_passed_cannot_appeal() -> None:
    match = face_off(3)
    answer(match, 0, "mesa")
    match.act(0, PASS)
    assert isinstance(assert_refusal_changes_nothing(match, 0, APPEAL), IllegalAction)


def test_the_voted_word_is_remembered_and_accepted_next_time_in_the_room() -> None:
    match = face_off(3)
    answer(match, 0, "Mesa")
    match.act(0, APPEAL)
    match.act(1, CastVote(True))
    match.act(2, CastVote(True))
    assert ("animal", "mesa") in state(match).remembered
    options = GAME.next_options(match.state, match.header.options)
    assert ["animal", "mesa"] in options["remembered"]
    again = Match.new("duple", 3, 5, options)
    deal(again, piles=["", "E/star", ""], flips=["A/star"], category="animal", after=["fruta"])
    flip(again, 0)
    events = answer(again, 1, "mesa")
    assert events[0].public["accepted"] is True and events[0].public["reason"] == "remembered"
    # Only in the category it was voted in.
    deal(again, category="fruta")
    assert answer(again, 0, "mesa")[0].public["reason"] == "category"


def test_the_voted_word_is_accepted_again_in_the_same_match() -> None:
    match = face_off(3)
    answer(match, 0, "mesa")
    match.act(0, APPEAL)
    match.act(1, CastVote(True))
    match.act(2, CastVote(True))
    deal(match, piles=["", "E/star", ""], flips=["A/star"], category="animal", drawer=0)
    flip(match, 0)
    assert answer(match, 1, "mesa")[0].public["reason"] == "remembered"


def test_an_all_play_answer_may_go_to_a_vote_and_is_remembered_for_all_play() -> None:
    match = new_match(3)
    deal(match, piles=["", "R/star O/drop", "T/moon"], flips=["A/drop"], category="animal",
         after=["all_play", "fruta"])
    flip(match, 0)
    answer(match, 0, "gato")
    match.act(None, {"type": "close"})
    assert answer(match, 1, "Marta")[0].public["reason"] == "proper_noun"
    assert match.act(1, APPEAL)[0].public["voters"] == [0, 2]
    match.act(0, CastVote(True))
    events = match.act(2, CastVote(True))
    assert "won" in kinds(events)
    assert state(match).won_all_play == [0, 1, 0] and ("all_play", "marta") in state(match).remembered
