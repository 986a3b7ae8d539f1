"""Duple on the real server with real WebSocket clients: face-offs raced in order of arrival under
load, per-seat staleness, bots thinking off the room loop (and one that never finds a word),
appeals and votes carried into the room's next match, and malformed moves refused.

One server serves the whole module (the judge takes seconds to load in each process). Matches
are dealt by the server's secret seed; the clients play what they are dealt until a face-off
that suits the test comes up (see duple_support.py)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests import shared_servers
from tests.server.duple_support import (
    JSON,
    NO_CLOCK,
    Load,
    Table,
    busy_room,
    events,
    events_after,
    moves_made,
    next_state,
    off_category_word,
    reply,
    stop_busy_room,
    valid_word,
)
from tests.server.support import Peer, ServerProcess

from duoplay.games.duple.words.folding import fold
from duoplay.games.duple.words.judge import language

pytestmark = [pytest.mark.asyncio, pytest.mark.live]

PACE = 0.1  # the server's --bot-pace (tests/shared_servers.py): a tenth of a person's reaction time


def answer(word: str) -> JSON:
    return {"type": "answer", "word": word}


async def _warm_up(server: ServerProcess) -> None:
    """A hard bot answers once: the server's judge and the bot worker's word lists are loaded."""
    code = server.post("/api/rooms", {"game": "duple", "options": {"flip_seconds": 0}})["code"]
    ada = await Peer.join(f"{server.ws}/ws/{code}", "Ada")
    await ada.sit(0)
    await ada.send(type="add_bot", seat=1, level="hard")
    await ada.send(type="start")
    while True:
        state = await ada.until("state", timeout=120)
        if any(e["seat"] == 1 for e in events(state, "answer")):
            break
        view = state["view"]
        if view["phase"] == "flip" and view["drawer"] == 0:
            await ada.send(type="action", action={"type": "flip"}, version=state["version"])
        elif view["phase"] in ("faceoff", "allplay") and 0 in view["to_move"] and (
            view["phase"] == "allplay" or 1 in view["race"]["passed"]
        ):
            await ada.send(type="action", action={"type": "pass"}, version=state["version"])
    await ada.close()


@pytest.fixture(scope="module")
def duple_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Duple and a quiet test game (tests/shared_servers.py "duple"): the run's shared copy under
    xdist, else one of this module's own."""
    finder = threading.Thread(target=language, args=("es",))  # this process finds the clients' words
    finder.start()
    shared = shared_servers.announced("duple")
    process = None
    if shared is None:
        process, shared = shared_servers.launch("duple", tmp_path_factory.mktemp("duple"))
    server = ServerProcess("", Path(shared.folder), port=shared.port)
    try:
        shared_servers.wait_until_up(shared)
        warm = threading.Thread(target=asyncio.run, args=(_warm_up(server),))
        warm.start()
        warm.join(150)
        finder.join()
        assert not warm.is_alive(), server.log_text()
        yield server
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=10)


# --- 1. races are ordered by arrival, under load -----------------------------------------------


async def _race(table: Table, first: int, gap: float, tag: str) -> tuple[int, float]:
    """Seat `first` answers a valid word, the other seat the same word `gap` seconds later, both
    having seen the face-off at the same version. Returns that version and the gap as sent."""
    word = valid_word(table.view)
    assert word is not None
    version = table.version
    await table.act(first, answer(word), id=f"{tag}-first")
    sent = time.monotonic()
    await asyncio.sleep(gap)
    await table.act(1 - first, answer(word), id=f"{tag}-second")
    return version, time.monotonic() - sent


async def test_an_answer_outside_the_window_wins_the_card_and_two_within_it_tie_under_load(
    duple_server: ServerProcess,
) -> None:
    busy = [await busy_room(duple_server, "duple", "hard", {}) for _ in range(2)]
    started = [await moves_made(duple_server, code) for code, _, _ in busy]
    gaps: list[float] = []
    async with Load(duple_server, rooms=4) as load:
        # A 40 ms tie window: an answer 250 ms after the other's is too late, whoever sends first.
        # Arrival is stamped when the server reads a frame, so the margin (210 ms) is what a stall
        # of the server's process on a loaded machine could eat before both read as one.
        sharp = await Table.open(duple_server, {**NO_CLOCK, "window_ms": 40})
        for race in range(4):
            await sharp.to_faceoff(lambda view: valid_word(view) is not None)
            first, second = race % 2, 1 - race % 2
            before = sharp.view
            version, gap = await _race(sharp, first, 0.25, f"sharp-{race}")
            gaps.append(gap)
            assert (await sharp.peers[first].until("ack", id=f"sharp-{race}-first"))["version"] == version + 1
            late = await sharp.peers[second].until("error", id=f"sharp-{race}-second")
            assert late["code"] == "stale_state", late  # the face-off it answered is over
            await sharp.sync(version + 2)  # the answer, then the table closing the window
            for peer, state in zip(sharp.peers, sharp.states, strict=True):  # both see the card won
                assert state["view"]["won"][first] == before["won"][first] + 1, (race, gap)
                assert state["view"]["won"][second] == before["won"][second], (race, gap)
                assert not events_after(peer, version, "tie")
            assert not any(  # the late answer was not counted in whatever the table turned next
                a["seat"] == second for a in (sharp.view["race"] or {"answers": []})["answers"]
            ), sharp.view

        # The rulebook's 150 ms window: answers 30 ms apart tie, and the table turns a new category
        # (a margin of 120 ms for the second answer to be delayed on a loaded machine).
        table = await Table.open(duple_server, NO_CLOCK)
        for race in range(3):
            await table.to_faceoff(lambda view: valid_word(view) is not None)
            first, second = race % 2, 1 - race % 2
            before = table.view
            version, gap = await _race(table, first, 0.03, f"tie-{race}")
            gaps.append(gap)
            assert (await table.peers[first].until("ack", id=f"tie-{race}-first"))["version"] == version + 1
            # Chosen before the other's answer was seen, and still counted: the question is the same.
            assert (await table.peers[second].until("ack", id=f"tie-{race}-second"))["version"] == version + 2
            await table.sync(version + 3)
            for peer in table.peers:
                assert events_after(peer, version, "tie") == [{"kind": "tie", "seats": [first, second]}]
                assert [e["category"] for e in events_after(peer, version, "category")] == [
                    table.view["category"]["id"]
                ]
            after = table.view
            assert after["phase"] == "faceoff" and after["race"]["letters"] == before["race"]["letters"]
            assert after["category"]["id"] != before["category"]["id"] and after["race"]["tiebreaks"] >= 1
            assert after["race"]["answers"] == [] and after["won"] == before["won"]

    for table_ in (sharp, table):
        await table_.close()
    played = [await moves_made(duple_server, code) - n for (code, _, _), n in zip(busy, started, strict=True)]
    hosts = [await stop_busy_room(duple_server, code, token) for code, token, _ in busy]
    for host in hosts:
        await host.close()
    print(f"\nanswers sent {min(gaps) * 1000:.1f}-{max(gaps) * 1000:.1f} ms apart; meanwhile "
          f"{load.actions} client moves in {load.rooms} UNO Duo rooms in {load.seconds:.1f} s "
          f"and {played} bot moves in two Duple rooms")
    # The two Duple rooms share the server's one bot worker, and one may hold it throughout.
    assert load.actions > 100 * load.seconds and sum(played) >= 1, f"the other rooms were not busy: {played}"


# --- 2. staleness is per question ---------------------------------------------------------------


async def test_an_answer_for_a_face_off_that_ended_is_stale_one_in_the_window_is_not(
    duple_server: ServerProcess,
) -> None:
    table = await Table.open(duple_server, NO_CLOCK)
    ada, bo = table.peers
    await table.to_faceoff(lambda view: valid_word(view) is not None)
    word, version = valid_word(table.view), table.version
    assert word is not None

    # Inside Ada's window, Bo's answer (chosen at the same version) is judged, not refused.
    await table.act(0, answer(word), id="ada")
    await table.act(1, answer("zzzz"), id="bo-wrong")
    # Two sockets: on a loaded machine Bo's may arrive first; either way both are judged.
    acked = {(await ada.until("ack", id="ada"))["version"], (await bo.until("ack", id="bo-wrong"))["version"]}
    assert acked == {version + 1, version + 2}
    # After the window: the face-off Bo saw is over (his screen shows it), and his answer says so
    # instead of counting.
    await next_state(bo, version + 3)
    await table.act(1, answer(word), id="bo-late")
    refused = await bo.until("error", id="bo-late")
    assert refused["code"] == "stale_state" and refused["msg"].startswith("The game has moved on")
    assert refused["params"]["seen"] == version and refused["params"]["now"] == version + 3
    before = table.view
    state = await table.sync(version + 3)
    assert state["view"]["won"] == [before["won"][0] + 1, before["won"][1]]
    verdicts = [(e["seat"], e["accepted"]) for e in events_after(bo, version, "answer")]
    assert sorted(verdicts) == [(0, True), (1, False)]
    assert not [m for m in await ada.quiet(0.2) if m["type"] == "state"]  # nothing changed since
    assert state["version"] == version + 3
    await table.close()


async def test_an_answer_typed_as_the_face_off_turns_stuck_still_counts(duple_server: ServerProcess) -> None:
    table = await Table.open(duple_server, {**NO_CLOCK, "stuck_seconds": 1})
    await table.to_faceoff(lambda view: valid_word(view) is not None)
    word, version = valid_word(table.view), table.version
    assert word is not None
    stuck = await table.sync(version + 1)  # the table's clock, a second later
    assert events(stuck, "stuck") and stuck["view"]["race"]["letters"] == table.view["race"]["letters"]
    await table.peers[0].send(type="action", action=answer(word), version=version, id="typed")
    got = await reply(table.peers[0], "typed")
    await table.close()
    assert got["type"] == "ack", got


async def test_both_players_hear_a_won_card_as_a_won_event(duple_server: ServerProcess) -> None:
    table = await Table.open(duple_server, NO_CLOCK)
    await table.to_faceoff(lambda view: valid_word(view) is not None)
    word, version = valid_word(table.view), table.version
    assert word is not None
    await table.act(0, answer(word))
    await table.sync(version + 2)
    await table.close()
    for peer in table.peers:
        assert [e["seat"] for e in events_after(peer, version, "won")] == [0]


# --- 3. bots play off the room loop ------------------------------------------------------------


async def test_a_hard_bot_flips_answers_with_accepted_words_after_a_reaction_time_and_votes(
    duple_server: ServerProcess,
) -> None:
    code = duple_server.post("/api/rooms", {"game": "duple", "options": {}})["code"]
    ada = await Peer.join(f"{duple_server.ws}/ws/{code}", "Ada")
    await ada.sit(0)
    await ada.send(type="add_bot", seat=1, level="hard")
    await ada.send(type="start")
    bot_flips = 0
    bot_answers: list[tuple[float, JSON]] = []
    votes: list[tuple[list[JSON], JSON]] = []
    asked = time.monotonic()  # when the current question was put to the bot
    appeal: JSON | None = None
    end = time.monotonic() + 40
    while bot_flips < 1 or len(bot_answers) < 3 or not votes:
        assert time.monotonic() < end, (bot_flips, bot_answers, votes)
        message = await ada.recv(max(0.01, end - time.monotonic()))
        if message["type"] == "error":  # only an appeal may come too late (the bot was quicker)
            assert message.get("id") in ("off", "appeal"), message
            appeal = None
            continue
        if message["type"] != "state":
            continue
        now, view = time.monotonic(), message["view"]
        for event in message["events"]:
            if event["kind"] in ("faceoff", "category", "allplay"):
                asked = now
            elif event["kind"] == "flip" and event["seat"] == 1:
                bot_flips += 1
            elif event["kind"] == "answer" and event["seat"] == 1:
                bot_answers.append((now - asked, event))
            elif event["kind"] == "vote":
                votes.append((message["events"], view))
        version, phase = message["version"], view["phase"]
        if phase == "flip" and view["drawer"] == 0:
            await ada.send(type="action", action={"type": "flip"}, version=version)
        elif phase == "faceoff" and not view["race"]["answers"] and len(bot_answers) >= 2 and appeal is None:
            word = off_category_word(view)
            if word is not None:  # a real word off the category, at once, then to a vote
                appeal = {"word": word, "category": view["category"]["id"]}
                await ada.send(type="action", action=answer(word), version=version, id="off")
                await ada.send(type="action", action={"type": "appeal"}, version=version, id="appeal")
        elif phase in ("faceoff", "allplay") and 0 in view["to_move"] and (
            phase == "allplay" or 1 in view["race"]["passed"]
        ):
            await ada.send(type="action", action={"type": "pass"}, version=version)
    await ada.close()

    assert bot_flips >= 1
    for delay, event in bot_answers:
        # The judge accepts what the hard bot says, and it says it as a quick person would
        # (1.2-3 s, here at a tenth of the pace), never at once. The upper bound only catches a bot
        # that waits far longer than a person: its margin covers a busy 2-core machine, where the
        # bot's worker and this client wait their turns for the CPU (2.4 s seen at a load of 11).
        assert event["accepted"] and event["reason"] == "ok", event
        assert PACE * 1.2 - 0.02 <= delay <= PACE * 3.0 * 1.6 + 3.0, (delay, event)
    # The bot voted on Ada's word off the category: a real word gets the benefit of the doubt.
    vote_events, view = votes[0]
    assert {"kind": "voted", "seat": 1} in vote_events and view["won"][0] >= 1
    result = next(e for e in vote_events if e["kind"] == "vote")
    assert appeal is not None and result == {"kind": "vote", "seat": 0, "word": appeal["word"],
                                             "accepted": True, "yes": 1, "no": 0}


async def test_a_bot_with_nothing_to_say_stalls_nothing_the_clock_flips_and_ends_its_races(
    duple_server: ServerProcess,
) -> None:
    options = {"flip_seconds": 1, "stuck_seconds": 1, "race_seconds": 5, "all_play_seconds": 5}
    code = duple_server.post("/api/rooms", {"game": "duple-quiet", "options": options})["code"]
    ada = await Peer.join(f"{duple_server.ws}/ws/{code}", "Ada")
    await ada.sit(0)
    await ada.send(type="add_bot", seat=1, level="quiet")
    await ada.send(type="start")
    waits: list[float] = []  # from the quiet bot's turn to flip to the table flipping for it
    faceoff_ends: list[list[str]] = []  # the events of face-offs the clock ended
    turn_began: float | None = None
    stuck = won = False
    end = time.monotonic() + 40
    while not (waits and faceoff_ends and won):
        state = await ada.until("state", timeout=max(0.01, end - time.monotonic()))
        now, view, kinds = time.monotonic(), state["view"], [e["kind"] for e in state["events"]]
        if turn_began is not None and any(e["kind"] == "flip" and e["seat"] == 1 for e in state["events"]):
            waits.append(now - turn_began)
        stuck = stuck or "stuck" in kinds
        if "time_up" in kinds:
            if stuck:  # (an All Play times out without turning stuck first)
                faceoff_ends.append(kinds)
            stuck = False
        won = view["won"][0] > 0
        turn_began = now if view["phase"] == "flip" and view["drawer"] == 1 else None
        if view["phase"] == "flip" and view["drawer"] == 0:
            await ada.send(type="action", action={"type": "flip"}, version=state["version"])
        elif view["phase"] in ("faceoff", "allplay") and not view["race"]["answers"] and (
            faceoff_ends or view["phase"] == "allplay"
        ):
            # Once the clock has ended a face-off, Ada plays one herself: the room is alive.
            word = valid_word(view)
            if word is not None:
                await ada.send(type="action", action=answer(word), version=state["version"])
    await ada.close()
    # The flip timer (1 s), not the bot: a bot would flip at once. The wait is timed from when this
    # client saw the turn, which a busy machine delivers late (0.88 s seen under load), while the
    # timer runs from the server's own moment: the lower bound has that margin.
    assert all(0.6 <= wait <= 3.0 for wait in waits), waits
    # A face-off that nobody answers turns stuck after 1 s, then times out and is left unwon.
    assert faceoff_ends[0][0] == "time_up", faceoff_ends
    log = duple_server.log_text()
    assert "the bot at seat" not in log and "Traceback" not in log, log


# --- 4. appeals and votes ------------------------------------------------------------------------


async def _appeal(table: Table, votes: list[bool]) -> tuple[JSON, JSON, int]:
    """At the next face-off with a real word off its category, the first racer says it and
    appeals; the other players vote `votes`. Returns the face-off's view, the vote event, the
    appealer."""
    await table.to_faceoff(lambda view: off_category_word(view) is not None)
    faceoff = table.view
    appealer = faceoff["race"]["racers"][0]
    word = off_category_word(faceoff)
    assert word is not None
    version = table.version
    await table.all_act([appealer], answer(word))
    said = table.view["race"]["answers"]
    assert [(a["seat"], a["word"], a["accepted"], a["reason"]) for a in said] == [
        (appealer, word, False, "category")]
    assert {"type": "appeal"} in table.states[appealer]["legal"]
    await table.all_act([appealer], {"type": "appeal"})
    voters = [seat for seat in range(len(table.peers)) if seat != appealer]
    vote = table.view["race"]["vote"]
    assert table.view["phase"] == "vote" and vote == {
        "appealer": appealer, "word": word, "reason": "category", "voters": voters, "voted": []}
    for seat in voters:
        assert table.states[seat]["legal"] == [{"type": "vote", "accept": True},
                                               {"type": "vote", "accept": False}]
    assert table.states[appealer]["legal"] == []
    for seat, accept in zip(voters, votes, strict=True):
        await table.all_act([seat], {"type": "vote", "accept": accept})
    results = [events_after(peer, version, "vote") for peer in table.peers]
    assert all(got == results[0] and len(got) == 1 for got in results), results  # everyone hears it
    return faceoff, results[0][0], appealer


async def test_a_word_voted_in_is_broadcast_and_carried_into_the_rooms_next_match(
    duple_server: ServerProcess,
) -> None:
    table = await Table.open(duple_server, NO_CLOCK, seats=3)
    faceoff, result, appealer = await _appeal(table, [True, True])
    word = result["word"]
    assert result == {"kind": "vote", "seat": appealer, "word": word, "accepted": True, "yes": 2, "no": 0}
    for state in table.states:  # the appealer takes the card
        assert state["view"]["won"][appealer] == 1 and sum(state["view"]["won"]) == 1

    # Another appeal that splits the vote: rejected, the face-off goes on, nothing is remembered.
    split, rejected, _ = await _appeal(table, [True, False])
    assert rejected["accepted"] is False and (rejected["yes"], rejected["no"]) == (1, 1)
    assert table.view["phase"] == "faceoff" and table.view["race"]["vote"] is None
    final = await table.finish()
    assert final["outcome"] is not None

    first_match = next(m for m in reversed(table.peers[0].seen) if m["type"] == "room")["room"]["match_id"]
    for peer in table.peers:  # a rematch in the same room, once everyone at the table accepts
        await peer.send(type="start")
    room = await table.peers[1].room_until(lambda room: room["match_id"] not in (None, first_match))
    remembered = [faceoff["category"]["id"], fold("es", word)]
    # The room's memory is carried into the match it starts, and never sent to the players.
    assert "remembered" not in room["options"]
    state = await table.peers[2].until("state")
    assert state["version"] == 0 and "remembered" not in state["view"]["options"]
    replay = duple_server.get(f"/api/matches/{room['match_id']}/replay")
    carried = replay["header"]["options"]["remembered"]
    assert carried == [remembered] and [split["category"]["id"], fold("es", rejected["word"])] not in carried
    await table.close()


# --- 5. bad input ------------------------------------------------------------------------------


MALFORMED: list[tuple[Any, str, str]] = [
    ({"type": "answer"}, "malformed_action", "An answer needs a 'word' (text)"),
    ({"type": "answer", "word": 7}, "malformed_action", "An answer needs a 'word' (text)"),
    ({"type": "answer", "word": "a" * 61}, "malformed_action", "An answer is at most {count} characters"),
    ({"type": "answer", "word": "sol", "seat": 1}, "malformed_action", ""),
    ({"type": "vote"}, "malformed_action", "A vote needs 'accept': true or false"),
    ({"type": "vote", "accept": "yes"}, "malformed_action", "A vote needs 'accept': true or false"),
    ({"type": "shout"}, "malformed_action", ""),
    ({}, "malformed_action", ""),
    ([1, 2], "malformed_action", ""),
    ("answer " + "b" * 70, "malformed_action", "An answer is at most {count} characters"),
    ({"type": "close"}, "illegal_action", "Only the table's clock does that"),
    ({"type": "stuck"}, "illegal_action", "Only the table's clock does that"),
    ({"type": "time_up"}, "illegal_action", "Only the table's clock does that"),
    ({"type": "close_vote"}, "illegal_action", "Only the table's clock does that"),
    ("close", "illegal_action", "Only the table's clock does that"),
    ({"type": "flip"}, "illegal_action", "Play the face-off before the next flip"),
    ({"type": "new_category"}, "illegal_action", ""),
    ({"type": "appeal"}, "illegal_action", ""),
    ({"type": "vote", "accept": True}, "not_your_turn", "No vote is open"),
]


async def test_malformed_and_table_only_moves_get_typed_errors_and_change_nothing(
    duple_server: ServerProcess,
) -> None:
    table = await Table.open(duple_server, NO_CLOCK)
    ada, bo = table.peers
    await table.to_faceoff(lambda view: valid_word(view) is not None)
    version, before = table.version, table.view
    watcher = await Peer.join(f"{duple_server.ws}/ws/{table.code}", "Watcher")
    await watcher.until("state")
    for n, (action, code, msg) in enumerate(MALFORMED):
        await ada.send(type="action", action=action, version=version, id=n)
        refused = await ada.until("error", id=n)
        assert refused["code"] == code, (action, refused)
        assert refused["message"] and (refused["msg"] == msg or not msg), (action, refused)
    await watcher.send(type="action", action=answer("sol"), version=version, id="w")
    assert (await watcher.until("error", id="w"))["code"] == "not_seated"
    for peer in (ada, bo, watcher):  # no one heard of any of it
        assert not [m for m in await peer.quiet(0.2) if m["type"] == "state"]
    word = valid_word(before)
    assert word is not None
    await ada.send(type="action", action=answer(word), version=version, id="real")
    assert (await ada.until("ack", id="real"))["version"] == version + 1
    await table.sync(version + 2)
    assert table.states[1]["view"]["won"][0] == before["won"][0] + 1
    assert duple_server.get("/healthz") == {"status": "ok"}
    await watcher.close()
    await table.close()
