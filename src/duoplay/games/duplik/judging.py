"""Judging a round: criterion by criterion, each Judge gives a verdict on the drawing in front of
them; a Judge in doubt asks the other Judges, and an Artist may dispute a verdict on their own
drawing; either way the other Judges vote (never the Portrayer). A tied or empty vote is decided
by the Portrayer, who holds the card; a Portrayer who leaves it (a bot before a person's drawing,
or time running out) puts it to every player but the author, and a tie there keeps the standing
verdict. Nobody decides on their own drawing, unless the option `tie_breaker` is "artist": the
printed rule, where the Artist concerned decides. Then the scores: 3 for the golden criterion, 1
for each other one; the Portrayer 1 for each criterion at least one Artist met.
"""

from __future__ import annotations

from duoplay.core.errors import IllegalAction, NotYourTurn
from duoplay.core.protocol import Event
from duoplay.games.duplik.options import PORTRAYER
from duoplay.games.duplik.scenes.model import CRITERIA
from duoplay.games.duplik.state import ASK, DISPUTE, REVEAL, DuplikState, Round, Vote

GOLDEN_POINTS = 3


def judged_by(current: Round, judge: int) -> int | None:
    """The Artist whose drawing `judge` holds."""
    for artist, holder in current.judge_of.items():
        if holder == judge:
            return artist
    return None


def waiting_verdicts(current: Round) -> list[int]:
    """Judges who owe a verdict on the current criterion."""
    return [current.judge_of[a] for a in sorted(current.judge_of)
            if a not in current.verdicts and a not in current.asks]


def reviewing(current: Round) -> list[int]:
    """Artists who may still dispute the verdict on their drawing (once every verdict is in)."""
    if current.vote is not None or waiting_verdicts(current) or current.asks:
        return []
    return [a for a in sorted(current.judge_of) if a not in current.settled]


def verdict(state: DuplikState, judge: int, holds: bool | None) -> list[Event]:
    current = state.round
    artist = judged_by(current, judge)
    if artist is None:
        raise NotYourTurn("You hold no drawing to judge")
    if current.vote is not None:
        raise IllegalAction("Wait for the vote to end")
    if artist in current.verdicts or artist in current.asks:
        raise IllegalAction("Your verdict on this criterion is in")
    events = [Event("verdict", {"judge": judge, "artist": artist, "criterion": current.criterion + 1,
                                "holds": holds})]
    if holds is None:
        current.asks.append(artist)
        return events + _next_vote(state)
    current.verdicts[artist] = holds
    return events + _maybe_next_criterion(state)


def accept(state: DuplikState, artist: int) -> list[Event]:
    if artist not in reviewing(state.round):
        raise NotYourTurn("There is no verdict on your drawing to accept now")
    state.round.settled.add(artist)
    return [Event("accepted", {"artist": artist}), *_maybe_next_criterion(state)]


def dispute(state: DuplikState, artist: int) -> list[Event]:
    current = state.round
    if artist not in reviewing(current):
        raise NotYourTurn("There is no verdict on your drawing to dispute now")
    voters = tuple(a for a in current.artists(state.seats) if a != artist)
    return [Event("disputed", {"artist": artist}), *_open_vote(state, artist, DISPUTE, voters)]


def _next_vote(state: DuplikState) -> list[Event]:
    current = state.round
    if current.vote is not None or not current.asks:
        return []
    artist = current.asks.pop(0)
    judge = current.judge_of[artist]
    voters = tuple(a for a in current.artists(state.seats) if a not in (artist, judge))
    return _open_vote(state, artist, ASK, voters)


def _open_vote(state: DuplikState, artist: int, reason: str, voters: tuple[int, ...]) -> list[Event]:
    current = state.round
    current.votes += 1
    current.vote = Vote(current.votes, artist, reason, voters)
    events = [Event("vote", {"artist": artist, "reason": reason, "voters": list(voters)})]
    if not voters:
        return events + _count(state)
    return events


def ballot(state: DuplikState, voter: int, holds: bool | None) -> list[Event]:
    vote = state.round.vote
    if vote is None or vote.deciding:
        raise NotYourTurn("No vote is open to you")
    if voter not in vote.voters:
        raise NotYourTurn("This vote is for the other Judges")
    if voter in vote.ballots:
        raise IllegalAction("You have voted")
    vote.ballots[voter] = holds
    events = [Event("ballot", {"voter": voter})]
    if len(vote.ballots) == len(vote.voters):
        events += _count(state)
    return events


def close_vote(state: DuplikState) -> list[Event]:
    """Time is up: who has not voted abstains; a Portrayer who has not decided leaves it to the
    others; an Artist who has not decided (the printed rule) leaves the standing verdict."""
    vote = state.round.vote
    if vote is None:
        raise IllegalAction("No vote is open")
    if not vote.deciding:
        return _count(state)
    assert vote.decider is not None
    if state.options.tie_breaker == PORTRAYER:
        return _leave_to_the_others(state, vote.decider, late=True)
    return _settle(state, _standing(state.round, vote))


def _standing(current: Round, vote: Vote) -> bool:
    """What a tie nobody broke leaves: the Judge's verdict, or "not met" after a doubt."""
    return bool(current.verdicts.get(vote.owner, False)) if vote.reason == DISPUTE else False


def _count(state: DuplikState) -> list[Event]:
    current = state.round
    vote = current.vote
    assert vote is not None
    yes = sum(1 for b in vote.ballots.values() if b is True)
    no = sum(1 for b in vote.ballots.values() if b is False)
    tally = Event("tally", {"artist": vote.owner, "yes": yes, "no": no, "final": vote.final,
                            "ballots": {str(v): b for v, b in sorted(vote.ballots.items())}})
    if yes != no:
        return [tally, *_settle(state, yes > no)]
    if vote.final:
        standing = _standing(current, vote)
        return [tally, Event("tie_stands", {"artist": vote.owner, "holds": standing}),
                *_settle(state, standing)]
    vote.deciding = True
    vote.decider = current.portrayer if state.options.tie_breaker == PORTRAYER else vote.owner
    return [tally, Event("deciding", {"artist": vote.owner, "decider": vote.decider})]


def decide(state: DuplikState, seat: int, holds: bool | None) -> list[Event]:
    """The decider's word on a tie: met, not met, or (the Portrayer only) the others' to decide."""
    vote = state.round.vote
    if vote is None or not vote.deciding or vote.decider != seat:
        raise NotYourTurn("There is no tie for you to decide")
    if holds is None:
        if state.options.tie_breaker != PORTRAYER:
            raise IllegalAction("Decide: met or not met")
        return _leave_to_the_others(state, seat, late=False)
    return [Event("decided", {"decider": seat, "artist": vote.owner, "holds": holds}), *_settle(state, holds)]


def _leave_to_the_others(state: DuplikState, decider: int, late: bool) -> list[Event]:
    """Every player but the author and the Portrayer votes once more, and a tie there stands."""
    current = state.round
    vote = current.vote
    assert vote is not None
    voters = tuple(s for s in range(state.seats) if s not in (vote.owner, current.portrayer))
    current.votes += 1
    current.vote = Vote(current.votes, vote.owner, vote.reason, voters, final=True)
    return [Event("decided", {"decider": decider, "artist": vote.owner, "holds": None, "late": late}),
            Event("vote", {"artist": vote.owner, "reason": vote.reason, "voters": list(voters),
                           "final": True})]


def _settle(state: DuplikState, holds: bool) -> list[Event]:
    current = state.round
    vote = current.vote
    assert vote is not None
    current.vote = None
    current.verdicts[vote.owner] = holds
    current.settled.add(vote.owner)
    events = [Event("verdict_settled", {"artist": vote.owner, "criterion": current.criterion + 1,
                                        "holds": holds})]
    return events + _next_vote(state) + _maybe_next_criterion(state)


def close_review(state: DuplikState) -> list[Event]:
    current = state.round
    if not reviewing(current):
        raise IllegalAction("No verdict is open to dispute")
    current.settled.update(current.judge_of)
    return _maybe_next_criterion(state)


def _maybe_next_criterion(state: DuplikState) -> list[Event]:
    """Once every verdict on this criterion is settled, the Portrayer reads the next one."""
    current = state.round
    if current.vote is not None or current.asks or waiting_verdicts(current):
        return []
    if set(current.settled) != set(current.judge_of):
        return []
    met = {artist: bool(current.verdicts[artist]) for artist in sorted(current.judge_of)}
    current.results.append(met)
    events = [Event("criterion_judged", {"criterion": current.criterion + 1,
                                         "met": {str(a): m for a, m in met.items()}})]
    current.verdicts, current.settled = {}, set()
    current.criterion += 1
    if current.criterion < CRITERIA:
        return [*events, Event("criterion", {"criterion": current.criterion + 1})]
    return events + score_round(state)


def round_scores(state: DuplikState) -> dict[int, int]:
    current = state.round
    points = {seat: 0 for seat in range(state.seats)}
    for index, met in enumerate(current.results):
        worth = GOLDEN_POINTS if index + 1 == current.golden else 1
        for artist, holds in met.items():
            points[artist] += worth if holds else 0
        points[current.portrayer] += 1 if any(met.values()) else 0
    return points


def score_round(state: DuplikState) -> list[Event]:
    current = state.round
    points = round_scores(state)
    current.scores = points
    state.sheet.append(points)
    state.portrayed.append((current.portrayer, points[current.portrayer]))
    current.phase = REVEAL
    return [Event("scores", {"round": current.number + 1, "points": [points[s] for s in range(state.seats)]}),
            Event("reveal", {"scene": current.scene.id if current.scene else ""})]
