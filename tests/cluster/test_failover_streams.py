"""kill -9 of a room's owner in the middle of a Duple race and of a Duplik drawing, with real
processes: two instances share PostgreSQL and Redis, and players reach the room through both (those
on the instance that does not own it are forwarded). The other instance takes the room over within 2 s; the
race's face-off and the hourglass keep their time; what the server acknowledged (actions, and the
strokes it echoed back) is still there; and play goes on to a scored answer and to judging."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.cluster.support import (
    Cluster,
    RedisServer,
    Seated,
    move_stored_times_back,
    start_cluster,
    stored_log,
)
from tests.server.duple_support import NO_CLOCK, valid_word
from tests.server.support import ServerProcess

pytestmark = [pytest.mark.asyncio, pytest.mark.postgres, pytest.mark.live]

# `duoplay serve`'s own defaults, given so the bound below says what it rests on. The owner renews
# its heartbeat every third of HEARTBEAT, so its key runs out 0.67-1.0 s after the kill; the other
# instance looks every third of HEARTBEAT (by 1.33 s it has seen it), then claims the room and
# replays a log of a few dozen actions (the game's data, such as Duple's word lists, it loaded when
# the room was first claimed), and the players are let in, all on loopback: 0.7-1.3 s measured on
# this 2-core machine shared with other work, leaving 0.7 s of the 2 s for its stalls.
LEASE, HEARTBEAT = "5", "1"
FAILOVER_S = 2.0
MOVED_BACK = 60.0  # seconds the stored times move back: the wait had run that long at the kill


@pytest.fixture
def nodes(postgres_url: str, fresh_redis: RedisServer, tmp_path: Path) -> Iterator[Cluster]:
    # Duple's word lists loaded before serving, as a deploy does (`--warm-up`): loading them takes
    # seconds of CPU, and on a busy machine that stalled the owner past its heartbeat mid-test, so the
    # other instance took it for dead before the kill.
    cluster = start_cluster(2, postgres_url, fresh_redis, tmp_path, "--bot-pace", "0", "--replace-after",
                            "3600", "--rate-limit", "1000", "--lease", LEASE, "--heartbeat", HEARTBEAT,
                            "--warm-up", "duple")
    try:
        yield cluster
    finally:
        cluster.stop()


class Hand(Seated):
    """One person at the table, making the moves the test names."""

    @property
    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.state["view"]
        return view

    async def act(self, action: Any) -> int:
        """Make a move at the version last seen; the version it made, once acknowledged."""
        self._ids += 1
        await self.ws.send(type="action", id=self._ids, action=action, version=self.state["version"])
        while True:
            answer = await self.ws.recv(20.0)
            if answer["type"] == "error" and answer.get("id") == self._ids:
                raise AssertionError(f"{self.name}'s {action} was refused: {answer}")
            if answer["type"] == "ack" and answer.get("id") == self._ids:
                self.acked[answer["version"]] = action
                return int(answer["version"])

    async def back(self, token: str | None, killed: float) -> float:
        """Join again (the connection ended with the owner); seconds from the kill to the first
        state, which comes from the room's new owner."""
        await self.join(token)
        await self.ws.until("state", 20.0)
        return time.monotonic() - killed

    async def close(self) -> None:
        if self.peer is not None:
            with contextlib.suppress(Exception):
                await self.peer.close()


async def all_see(hands: list[Hand], version: int) -> None:
    for hand in hands:
        await hand.newest(version)


def every_ack_stored_once(hands: list[Hand], log: list[tuple[int | None, Any]], final: int) -> None:
    """Each acknowledged action is in the log, in order, at or before the version its ack gave (the
    ack follows what the table did at once after it, such as keeping a closed stream)."""
    assert len(log) == final  # versions 1..final, each once (the key is (match, version))
    for hand in hands:
        after = 0
        for version, action in sorted(hand.acked.items()):
            at = next((v for v in range(after, version) if log[v] == (hand.ws.seat, action)), None)
            assert at is not None, f"{hand.name}'s {action} (acknowledged at version {version})"
            after = at + 1


async def seated(
    nodes: Cluster, code: str, owned: list[str], forwarded: list[str]
) -> tuple[list[Hand], ServerProcess]:
    """The first player's instance claims the room, and `owned` join it there; `forwarded` join
    through the other instance. Returns the hands, by seat, once the match has started, and the owner."""
    first = nodes.instances[0]
    hands = []
    for seat, name in enumerate(owned + forwarded):
        instance = first if seat < len(owned) else nodes.other(first)
        hand = Hand(name, f"{instance.ws}/ws/{code}")
        await hand.join()
        await hand.ws.sit(seat)
        hands.append(hand)
    owner = nodes.owner(code)
    assert owner is first
    await hands[0].ws.send(type="start")
    await all_see(hands, 0)
    return hands, owner


async def take_over(nodes: Cluster, owner: ServerProcess, hands: list[Hand]) -> list[float]:
    """kill -9 of `owner`; every hand comes back on the survivor. Seconds from the kill to each
    hand's first state there."""
    survivor = nodes.other(owner)
    tokens = [hand.ws.token for hand in hands]
    forwarded = [hand for hand in hands if hand.url.startswith(f"{survivor.ws}/")]
    owner.kill()
    killed = time.monotonic()

    async def back(hand: Hand, token: str | None) -> float:
        if hand in forwarded:
            # Its instance sees the owner's heartbeat run out and closes the connection (1012).
            with pytest.raises(Exception):  # noqa: B017 - the connection ends, whichever way websockets says it
                await hand.ws.until("never", timeout=15.0)
            assert hand.ws.ws.close_code == 1012
        hand.url = f"{survivor.ws}/ws/{hand.url.rsplit('/', 1)[1]}"
        return await hand.back(token, killed)

    took = await asyncio.gather(*(back(hand, token) for hand, token in zip(hands, tokens, strict=True)))
    return list(took)


# --- Duple: a face-off in progress ------------------------------------------------------------

RACE = 120.0  # the face-off's clock (stuck_seconds): far longer than the test
DUPLE = {**NO_CLOCK, "lang": "es", "stuck_seconds": RACE}


def missing_letter_word(view: dict[str, Any]) -> str:
    """A word without the face-off's letters: refused, and the race goes on."""
    letters = {letter.lower() for letter in view["race"]["letters"]}
    return next(c for c in "xqzwkjyv" if c not in letters) * 4


def events_seen(hand: Hand, kind: str) -> list[dict[str, Any]]:
    """The events of `kind` in the states `hand` has read since it last took the newest one."""
    return [e for m in hand.ws.seen if m["type"] == "state" for e in m["events"] if e["kind"] == kind]


async def to_faceoff(hands: list[Hand]) -> float:
    """Flip and pass until a face-off nobody has answered in, for which a word is known. Returns
    the wall-clock time before the move that began it was sent (its wait began no earlier)."""
    began = time.time()
    for _ in range(200):
        view = hands[0].view
        if view["phase"] == "faceoff" and not view["race"]["answers"] and valid_word(view) is not None:
            return began
        began = time.time()
        movers = [view["drawer"]] if view["phase"] == "flip" else list(view["to_move"])
        action = {"type": "flip"} if view["phase"] == "flip" else {"type": "pass"}
        assert view["phase"] in ("flip", "faceoff", "allplay"), view
        for seat in movers:
            await all_see(hands, await hands[seat].act(action))
    raise AssertionError(f"no face-off came up: {hands[0].view}")


async def test_a_duple_faceoff_survives_kill_9_of_its_owner(nodes: Cluster) -> None:
    code = nodes.instances[0].post("/api/rooms", {"game": "duple", "options": DUPLE, "seats": 2})["code"]
    hands, owner = await seated(nodes, code, ["Ada"], ["Bo"])
    ada, bo = hands
    began = await to_faceoff(hands)
    # Duple sends nothing while a word is typed (the page sends it on Enter): what reaches the table
    # mid-race is an answer. Ada's is refused and logged; the race runs on.
    refused = await ada.act({"type": "answer", "word": missing_letter_word(ada.view)})
    await all_see(hands, refused)
    race = bo.view["race"]
    assert [a["accepted"] for a in race["answers"]] == [False] and bo.view["phase"] == "faceoff"
    assert bo.state["deadline"]["seconds_left"] > RACE - 30
    before = bo.state["version"]

    await move_stored_times_back(nodes.database, MOVED_BACK)
    took = await take_over(nodes, owner, hands)
    shown = time.time()
    assert nodes.owner(code) is nodes.other(owner)
    assert max(took) <= FAILOVER_S, f"play resumed {took} s after the kill"

    for hand in hands:
        state = await hand.newest(before)
        assert state["version"] == before  # nothing acknowledged was lost
        assert hand.view["phase"] == "faceoff" and hand.view["race"] == race  # the same face-off
        # Its clock ran on from the flip: MOVED_BACK s in when the room moved, not a fresh RACE s.
        left = state["deadline"]["seconds_left"]
        assert began + RACE - MOVED_BACK - shown - 0.1 <= left <= RACE - MOVED_BACK

    # Bo's answer, sent to the new owner, is judged and wins the card once the tie window closes
    # (in the same state a match the won card uncovers may start the next face-off).
    word = valid_word(bo.view)
    scores = list(bo.view["scores"])
    await bo.act({"type": "answer", "word": word})
    while (won := events_seen(bo, "won")) == []:
        await bo.ws.until("state", 20.0)
    assert [(e["seat"], e["word"], e["accepted"]) for e in events_seen(bo, "answer")] == [(1, word, True)]
    assert won[0]["seat"] == 1
    final = await bo.newest(0)
    assert final["view"]["scores"][1] > scores[1] and final["view"]["scores"][0] == scores[0]
    every_ack_stored_once(hands, await stored_log(nodes.database, code), final["version"])
    for hand in hands:
        await hand.close()


# --- Duplik: a drawing in progress ------------------------------------------------------------

HOURGLASS = 300.0  # describe_seconds: far longer than the test
DUPLIK = {"describe_seconds": HOURGLASS, "prepare_seconds": 0}
BEFORE = [[[100, 100], [200, 150], [300, 120]], [[400, 400], [420, 430]]]
AFTER = [[[10, 600], [900, 20]]]
TYPED = "A red house on a hill"


async def to_describe(hands: list[Hand]) -> float:
    """The Portrayer's opening moves, to the hourglass. Returns the wall-clock time before the move
    that turned it was sent (its wait began no earlier)."""
    began = time.time()
    for _ in range(10):
        view = hands[0].view
        if view["phase"] == "describe":
            return began
        mover = hands[view["portrayer"]]
        began = time.time()
        await all_see(hands, await mover.act(mover.state["legal"][0]))
    raise AssertionError(f"the round never reached its drawing: {hands[0].view}")


async def stroke(artist: Hand, data: dict[str, Any]) -> None:
    """One ink message, once the server has kept it: it echoes each to the Artist's own seat."""
    await artist.ws.send(type="stream", channel="ink", data=data)
    await artist.ws.until("stream", 10.0, channel="ink", seat=artist.ws.seat)


async def test_a_duplik_drawing_survives_kill_9_of_its_owner(nodes: Cluster) -> None:
    code = nodes.instances[0].post("/api/rooms", {"game": "duplik", "options": DUPLIK, "seats": 4})["code"]
    # Two players on each instance: whoever portrays, an Artist draws on each.
    hands, owner = await seated(nodes, code, ["Ada", "Bo"], ["Cy", "Di"])
    began = await to_describe(hands)
    portrayer = hands[hands[0].view["portrayer"]]
    artists = [hand for hand in hands if hand is not portrayer]
    resent = next(artist for artist in artists if artist.url.startswith(f"{owner.ws}/"))
    # The Portrayer's typing reaches the Artists; the Artists' strokes are kept and echoed.
    await portrayer.ws.send(type="stream", channel="text", data={"text": TYPED})
    for artist in artists:
        await artist.ws.until("stream", 10.0, channel="text")
        for points in BEFORE:
            await stroke(artist, {"stroke": {"points": points}})
    before = hands[0].state["version"]

    await move_stored_times_back(nodes.database, MOVED_BACK)
    took = await take_over(nodes, owner, hands)
    shown = time.time()
    assert nodes.owner(code) is nodes.other(owner)
    assert max(took) <= FAILOVER_S, f"play resumed {took} s after the kill"

    for hand in hands:
        state = await hand.newest(before)
        assert state["version"] == before and hand.view["phase"] == "describe"
        # The hourglass ran on from its turn: MOVED_BACK s in when the room moved, not a fresh one.
        left = state["deadline"]["seconds_left"]
        assert began + HOURGLASS - MOVED_BACK - shown - 0.1 <= left <= HOURGLASS - MOVED_BACK
    # The new owner holds what the old one acknowledged: each Artist's strokes in their own view
    # (what a page joining the seat draws on from), the Portrayer's text in theirs.
    for artist in artists:
        assert [s["points"] for s in artist.view["own_strokes"]] == BEFORE
    assert portrayer.view["description"] == TYPED

    # An Artist on the dead owner had a message fail, so its page sends the drawing again whole
    # after a clear (ink.js); the forwarded Artists' pages noticed nothing. All draw on.
    await stroke(resent, {"clear": True})
    for points in BEFORE:
        await stroke(resent, {"stroke": {"points": points}})
    for artist in artists:
        for points in AFTER:
            await stroke(artist, {"stroke": {"points": points}})
        await all_see(hands, await artist.act({"type": "done"}))
    # Pens down: the drawings and the text are kept; the Portrayer passes them to the Judges.
    while portrayer.view["phase"] != "pass":
        await portrayer.newest(portrayer.state["version"] + 1)
    await all_see(hands, await portrayer.act(portrayer.state["legal"][0]))
    assert portrayer.view["phase"] == "judge" and portrayer.view["description"] == TYPED
    # Each Artist sees their own drawing (and those they judge).
    drawn = {d["artist"]: [s["points"] for s in d["strokes"]] for a in artists for d in a.view["drawings"]}
    assert drawn == {artist.ws.seat: BEFORE + AFTER for artist in artists}
    every_ack_stored_once(hands, await stored_log(nodes.database, code), portrayer.state["version"])
    for hand in hands:
        await hand.close()
