"""A match is its header plus the log: JSON round trips, malformed records, replay."""

import json
from typing import Any

import pytest

from duoplay.core.errors import GameError, IllegalAction, MalformedAction
from duoplay.core.log import LogEntry, MatchHeader, MatchRecord
from duoplay.core.match import Match, replay
from duoplay.core.testing import random_playout
from duoplay.games.uno_duo.game import GAME


def played(seed: int = 3, actions: int = 60) -> Match:
    match = Match.new("uno-duo", 2, seed, {"target_score": 40})
    for _ in range(actions):
        (seat,) = match.to_move()
        match.act(seat, match.legal_actions(seat)[-1])
    return match


def test_header_round_trip() -> None:
    header = MatchHeader("uno-duo", 2, 12345, {"deck_size": 108})
    assert MatchHeader.from_json(header.to_json()) == header
    assert MatchHeader.from_json(json.loads(json.dumps(header.to_json()))) == header
    assert MatchHeader.from_json({"game": "uno-duo", "seats": 2, "seed": 1}).options == {}


def test_record_round_trip_through_text() -> None:
    record = played().record()
    again = MatchRecord.loads(record.dumps())
    assert again == record
    assert again.log[0] == LogEntry(record.log[0].seat, record.log[0].action)
    assert json.loads(record.dumps())["header"]["options"]["target_score"] == 40


def test_a_table_entry_has_no_seat() -> None:
    entry = LogEntry.from_json({"seat": None, "action": {"type": "pass"}})
    assert entry == LogEntry(None, {"type": "pass"})
    assert LogEntry.from_json(entry.to_json()) == entry


@pytest.mark.parametrize("data", [
    None, [], "header", 5,
    {}, {"game": "uno-duo", "seats": 2}, {"game": "uno-duo", "seed": 1}, {"seats": 2, "seed": 1},
    {"game": 7, "seats": 2, "seed": 1}, {"game": "uno-duo", "seats": "2", "seed": 1},
    {"game": "uno-duo", "seats": 2, "seed": 1.5}, {"game": "uno-duo", "seats": True, "seed": 1},
    {"game": "uno-duo", "seats": 2, "seed": False}, {"game": "uno-duo", "seats": 2, "seed": None},
    {"game": "uno-duo", "seats": 2, "seed": 1, "options": []},
    {"game": "uno-duo", "seats": 2, "seed": 1, "options": "deck_size=108"},
])
def test_malformed_headers(data: Any) -> None:
    with pytest.raises(MalformedAction) as refused:
        MatchHeader.from_json(data)
    assert refused.value.reason


GOOD_HEADER = {"game": "uno-duo", "seats": 2, "seed": 1}


@pytest.mark.parametrize("text", [
    "", "{", "not json", "[]", "null", "3", '"record"', "{}",
    json.dumps({"header": GOOD_HEADER, "log": {}}),
    json.dumps({"header": GOOD_HEADER, "log": "draw"}),
    json.dumps({"header": GOOD_HEADER, "log": [5]}),
    json.dumps({"header": GOOD_HEADER, "log": [{"seat": 0}]}),
    json.dumps({"header": GOOD_HEADER, "log": [{"seat": "0", "action": {"type": "draw"}}]}),
    json.dumps({"header": GOOD_HEADER, "log": [{"seat": 1.0, "action": {"type": "draw"}}]}),
    json.dumps({"header": GOOD_HEADER, "log": [{"seat": True, "action": {"type": "draw"}}]}),
    json.dumps({"header": [], "log": []}),
])
def test_malformed_records(text: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        MatchRecord.loads(text)
    assert refused.value.reason


@pytest.mark.parametrize("data", [b"\xff\xfe", 3, None, ["{}"]])
def test_records_that_are_not_text_are_malformed(data: Any) -> None:
    with pytest.raises(MalformedAction):
        MatchRecord.loads(data)


def test_replay_rebuilds_the_exact_state() -> None:
    match = random_playout(GAME, 2, seed=11, options={"target_score": 30})
    record = MatchRecord.loads(match.record().dumps())
    again = replay(record.header, record.log)
    assert again.state == match.state
    assert again.record() == match.record()
    assert again.outcome() == match.outcome()


def test_a_log_replayed_under_another_seed_does_not_give_the_same_game() -> None:
    match = played(seed=3)
    header = MatchHeader(match.header.game, 2, 4, match.header.options)
    try:
        again = replay(header, match.log)
    except GameError:
        return  # another deal: some logged action no longer fits
    assert again.state != match.state


def test_replay_refuses_a_log_with_an_illegal_entry() -> None:
    match = played(actions=20)
    log = [*match.log, LogEntry(1 - match.to_move()[0], {"type": "draw"})]
    with pytest.raises(IllegalAction):
        replay(match.header, log)


def test_replay_refuses_a_log_with_a_malformed_entry() -> None:
    match = played(actions=5)
    with pytest.raises(MalformedAction):
        replay(match.header, [*match.log, LogEntry(0, {"type": "shout"})])


def test_replay_refuses_an_unknown_game() -> None:
    with pytest.raises(MalformedAction, match="Unknown game"):
        replay(MatchHeader("chess", 2, 1), [])
