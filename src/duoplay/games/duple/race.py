"""Running a race: answers judged at once, the tie window, passing, a stuck face-off's new
category, appeals and votes, and the prize.

A valid answer opens the tie window (`window_ms`, NOTES default 4); the table's `close`
ends it. One valid answer wins; several are a tie: a new category, the same letters, again.
A face-off nobody wins is played again under a new category (`faceoff_categories`), since no
card is drawn until every face-off has been played. A win rests the table for
`win_pause_seconds`, the winning word on show, before the next category and race.
"""

from __future__ import annotations

from duoplay.core.errors import IllegalAction, NotYourTurn
from duoplay.core.protocol import Event
from duoplay.games.duple.cards import ALL_PLAY, deck
from duoplay.games.duple.judging import APPEALABLE, judge, remember
from duoplay.games.duple.state import ALL_PLAY_RACE, FACEOFF, Answer, DupleState, Race, Vote, Win
from duoplay.games.duple.table import (
    card_json,
    next_category,
    settle,
    settle_unwon,
    shuffle_back_all_play,
    start_all_play,
    take_top,
)


def racing(state: DupleState, seat: int) -> bool:
    """`seat` may still answer or pass in the race now run."""
    race = state.race
    return (race is not None and race.vote is None and seat in race.racers
            and seat not in race.passed and seat not in race.accepted)


def check_racing(state: DupleState, seat: int) -> Race:
    race = state.race
    if race is None:
        raise NotYourTurn("No race is on: wait for a match")
    if seat not in race.racers:
        raise NotYourTurn("This face-off is between other players")
    if race.vote is not None:
        raise IllegalAction("Wait for the vote to end")
    if seat in race.accepted:
        raise IllegalAction("Your answer is in: wait for the result")
    if seat in race.passed:
        raise IllegalAction("You passed this race")
    return race


def answer(state: DupleState, seat: int, word: str) -> list[Event]:
    race = check_racing(state, seat)
    category = None if race.kind == ALL_PLAY_RACE else state.category
    verdict = judge(state, word, race.letters, category)
    race.answers.append(Answer(seat, word, verdict.accepted, verdict.reason, verdict.detail))
    events = [Event("answer", {"seat": seat, "word": word, "accepted": verdict.accepted,
                               "reason": verdict.reason, "detail": verdict.detail})]
    if verdict.accepted:
        race.accepted.append(seat)
        if state.options.window_ms == 0:
            events += close(state)
    return events


def close(state: DupleState) -> list[Event]:
    """The tie window ends: one valid answer wins; several tie."""
    race = state.race
    if race is None or not race.accepted or race.vote is not None:
        raise IllegalAction("No tie window is open")
    if len(race.accepted) == 1:
        winner = race.accepted[0]
        word = next(a.word for a in reversed(race.answers) if a.seat == winner and a.accepted)
        return award(state, winner, word)
    tied = list(race.accepted)
    if race.kind == ALL_PLAY_RACE:  # our default: a tied All Play is left unwon
        return [Event("tie", {"seats": tied}), *_end_unwon(state)]
    race.tiebreaks += 1
    _fresh_question(race)
    return [Event("tie", {"seats": tied}), *next_category(state, tiebreak=True)]


def _fresh_question(race: Race) -> None:
    race.answers.clear()
    race.accepted.clear()
    race.passed.clear()
    race.stuck = False


def award(state: DupleState, winner: int, word: str) -> list[Event]:
    """A face-off's winner takes the loser's top card (within one seat's own piles: the newest
    of the two cards); an All Play's winner keeps the All Play card. Then, after the pause that
    shows the winning word, a new category."""
    race = state.race
    assert race is not None
    state.race = None
    state.step += 1
    category = state.category
    if race.kind == ALL_PLAY_RACE:
        state.won_all_play[winner] += 1
        state.last_win = Win(winner, word, race.letters, ALL_PLAY_RACE, category)
        return [Event("won", {"seat": winner, "race": ALL_PLAY_RACE}), *_rest(state)]
    i, j = race.piles
    owners = {state.piles[i].owner, state.piles[j].owner}
    if len(owners) == 2:
        pile = i if state.piles[i].owner != winner else j
    else:
        pile = i if state.piles[i].changed > state.piles[j].changed else j
    card = take_top(state, pile)
    state.won[winner].append(card)
    taken = card_json(deck(state.options.lang), card)
    state.last_win = Win(winner, word, race.letters, FACEOFF, category, taken["letter"])
    events = [Event("won", {"seat": winner, "race": FACEOFF, "from": state.piles[pile].owner, "pile": pile,
                            "card": taken})]
    return events + _rest(state)


def _rest(state: DupleState) -> list[Event]:
    """The next category is turned; a race it or a revealed match starts waits for the end of
    the pause after a win (none at 0 seconds), which the table's `resume` ends."""
    if state.options.win_pause_seconds <= 0:
        return next_category(state) + settle(state)
    state.resting = True
    return next_category(state, start=False)


def resume(state: DupleState) -> list[Event]:
    """The pause after a win ends: an All Play turned meanwhile starts, or a revealed match
    faces off, or the next player flips."""
    if not state.resting:
        raise IllegalAction("The table is not resting")
    state.resting = False
    state.step += 1
    events = start_all_play(state) if state.category == ALL_PLAY else []
    return events + settle(state)


def pass_race(state: DupleState, seat: int) -> list[Event]:
    race = check_racing(state, seat)
    race.passed.add(seat)
    events = [Event("pass", {"seat": seat})]
    if race.accepted:
        return events
    if all(s in race.passed for s in race.racers):
        return events + _no_winner(state)
    return events


def time_up(state: DupleState) -> list[Event]:
    race = state.race
    if race is None or race.accepted or race.vote is not None:
        raise IllegalAction("No race is waiting for answers")
    if race.kind == FACEOFF and not race.stuck:
        raise IllegalAction("The face-off has not been stuck yet")
    return [Event("time_up", {}), *_no_winner(state)]


def _no_winner(state: DupleState) -> list[Event]:
    """Nobody found a word: a face-off is stuck, so (the rulebook's remedy) a new category for
    the same letters, until `faceoff_categories` have been tried; then it ends unwon."""
    race = state.race
    assert race is not None
    if race.kind == FACEOFF and race.replays + 1 < state.options.faceoff_categories:
        race.replays += 1
        _fresh_question(race)
        shown = {"categories": race.replays + 1, "of": state.options.faceoff_categories}
        return [Event("replay", shown), *next_category(state, tiebreak=True)]
    return _end_unwon(state)


def _end_unwon(state: DupleState) -> list[Event]:
    """Nobody won: a face-off's match is settled and its category discarded; an All Play card
    goes back into the category deck (the rulebook's 30 seconds)."""
    race = state.race
    assert race is not None
    state.race = None
    state.step += 1
    events = [Event("unwon", {"race": race.kind})]
    if race.kind == ALL_PLAY_RACE:
        events += shuffle_back_all_play(state)
    else:
        settle_unwon(state, race.piles)
        events += next_category(state)
    return events + settle(state)


def stuck(state: DupleState) -> list[Event]:
    race = state.race
    if race is None or race.kind != FACEOFF or race.stuck or race.accepted or race.vote is not None:
        raise IllegalAction("No face-off is waiting for answers")
    race.stuck = True  # the question is the same: an answer typed before this still counts
    return [Event("stuck", {})]


def new_category(state: DupleState, seat: int) -> list[Event]:
    """A face-off stuck for a while: a racer may turn a new category for the same letters."""
    race = check_racing(state, seat)
    if race.kind != FACEOFF:
        raise IllegalAction("An All Play has no category to change")
    if not race.stuck:
        raise IllegalAction("A new category may be turned only when the face-off is stuck")
    _fresh_question(race)
    return [Event("new_category", {"seat": seat}), *next_category(state, tiebreak=True)]


def appealable(state: DupleState, seat: int) -> Answer | None:
    """The seat's last answer in this race, if it was rejected on a point people may dispute."""
    race = state.race
    if race is None or race.vote is not None or race.accepted or seat not in race.racers:
        return None
    last = next((a for a in reversed(race.answers) if a.seat == seat), None)
    if last is None or last.accepted or last.reason not in APPEALABLE:
        return None
    return None if (seat, last.word) in race.appealed else last


def appeal(state: DupleState, seat: int) -> list[Event]:
    if seat in (state.race.passed if state.race else ()):
        raise IllegalAction("You passed this race")
    rejected = appealable(state, seat)
    if rejected is None:
        raise IllegalAction("Only your last rejected answer can go to a vote, once")
    race = state.race
    assert race is not None
    race.appealed.add((seat, rejected.word))
    voters = tuple(s for s in range(state.seats) if s != seat)
    race.vote = Vote(seat, rejected.word, rejected.reason, voters)
    state.step += 1
    return [Event("appeal", {"seat": seat, "word": rejected.word, "reason": rejected.reason,
                             "voters": list(voters)})]


def cast_vote(state: DupleState, seat: int, accept: bool) -> list[Event]:
    race = state.race
    vote = race.vote if race is not None else None
    if vote is None:
        raise NotYourTurn("No vote is open")
    if seat not in vote.voters:
        raise NotYourTurn("You cannot vote on your own answer")
    if seat in vote.ballots:
        raise IllegalAction("You have voted")
    vote.ballots[seat] = accept
    events = [Event("voted", {"seat": seat})]
    if len(vote.ballots) == len(vote.voters):
        events += close_vote(state)
    return events


def close_vote(state: DupleState) -> list[Event]:
    """A majority of the votes cast accepts; a tie (or no vote) rejects."""
    race = state.race
    vote = race.vote if race is not None else None
    if race is None or vote is None:
        raise IllegalAction("No vote is open")
    yes = sum(vote.ballots.values())
    no = len(vote.ballots) - yes
    accepted = yes > no
    race.vote = None
    state.step += 1
    events = [Event("vote", {"seat": vote.appealer, "word": vote.word, "accepted": accepted,
                             "yes": yes, "no": no})]
    if not accepted:
        return events
    category = ALL_PLAY if race.kind == ALL_PLAY_RACE else state.category
    remember(state, category, vote.word)
    return events + award(state, vote.appealer, vote.word)
