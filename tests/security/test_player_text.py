"""Issue 14, repro 1: player text. Words and answers with control, direction or invisible characters
are refused with a typed error; names drop them; a stored match that holds them still replays."""

from __future__ import annotations

import asyncio
import json
import unicodedata

import httpx
import pytest
from tests.server.support import Peer, ServerProcess, seated_pair

from duoplay.core.log import LogEntry, MatchHeader
from duoplay.server.lobby import FINISHED, Seat
from duoplay.server.storage import RoomRow, Storage

pytestmark = pytest.mark.live

BAD_WORDS = ["a\x1b[31mred", "a\x00b", "\u202eevil", "zero\u200bwidth", "bi\u2066di", "x\ufeff"]

REPLAY_WAIT = 60.0  # seconds; see the first replay below


async def _duos_pair(server: ServerProcess) -> tuple[Peer, Peer]:
    code = server.post("/api/rooms", {"game": "duos", "seats": 2})["code"]
    ada, bo = await seated_pair(server, code)
    await ada.send(type="start")
    await ada.until("state")
    await bo.until("state")
    return ada, bo


@pytest.mark.asyncio
async def test_a_duos_word_with_control_direction_or_invisible_characters_is_refused(
    server: ServerProcess,
) -> None:
    ada, bo = await _duos_pair(server)
    for index, word in enumerate(BAD_WORDS):
        await ada.send(type="action", action={"type": "word", "word": word}, version=None, id=index)
        error = await ada.until("error", id=index)
        assert error["code"] == "malformed_action", error
        assert error["msg"].startswith("The text holds a control, direction or invisible character")
        assert error["params"]["char"].startswith("U+")
    # A lone surrogate never gets as far as the game.
    await ada.send_raw('{"v":1,"type":"action","action":{"type":"word","word":"a\\ud800"},"version":null}')
    assert (await ada.until("error"))["code"] == "malformed_message"
    # The refusals changed nothing: a decent word (in decomposed form) is played, stored as NFC.
    await ada.send(type="action", action={"type": "word", "word": "cafe\u0301"}, version=None, id="ok")
    await ada.until("ack", id="ok")
    state = await bo.state_at(1)
    assert state["version"] == 1 and "caf\u00e9" in json.dumps(state, ensure_ascii=False)
    await ada.close()
    await bo.close()


@pytest.mark.asyncio
async def test_a_duple_answer_with_bad_characters_is_refused(server: ServerProcess) -> None:
    code = server.post("/api/rooms", {"game": "duple", "seats": 2})["code"]
    ada, bo = await seated_pair(server, code)
    await ada.send(type="start")
    await ada.until("state")
    for index, word in enumerate(BAD_WORDS):
        await ada.send(type="action", action={"type": "answer", "word": word}, version=None, id=index)
        error = await ada.until("error", id=index)
        assert error["code"] == "malformed_action", error
        assert error["params"]["char"] == f"U+{ord(next(c for c in word if not c.isprintable())):04X}"
    await ada.close()
    await bo.close()


@pytest.mark.asyncio
async def test_a_name_drops_control_direction_and_invisible_characters(server: ServerProcess) -> None:
    code = server.post("/api/rooms", {"game": "uno-duo"})["code"]
    peer = await Peer.join(f"{server.ws}/ws/{code}", "\u202eAda\x1b[31m\u200b Love\u0301\tlace")
    await peer.sit(0)
    room = await peer.room_until(lambda r: r["seats"][0]["kind"] == "human")
    name = room["seats"][0]["name"]
    assert name == unicodedata.normalize("NFC", "Ada[31m Lové lace")
    await peer.close()


def test_a_stored_match_with_bad_text_still_replays_escaped(server: ServerProcess) -> None:
    """A match stored before the rules on text (written here straight into storage) replays as far as
    today's rules allow, its text escaped."""
    database = server.database

    async def store() -> None:
        storage = Storage(database)
        await storage.start()
        try:
            header = MatchHeader("duos", 2, 12345, {})
            await storage.create_room(RoomRow("SAFE22", "duos", {}, [Seat().to_json()] * 2, FINISHED,
                                              "oldmatch", 1.0))
            await storage.create_match("oldmatch", "SAFE22", header, ["\u202eAda\ud800", "Bo"], 1.0)
            entry = LogEntry(0, {"type": "word", "word": "a\ud800\x1bx\u202ey"})
            await storage.append_action("oldmatch", 1, entry, None)
        finally:
            await storage.close()

    asyncio.run(store())
    # The server's first DUOS replay loads the game's data: on a loaded machine, past httpx's 5 s.
    answer = httpx.get(server.http + "/api/matches/oldmatch/replay", timeout=REPLAY_WAIT)
    assert answer.status_code == 200
    replay = answer.json()
    assert replay["header"]["names"] == ["\\u202eAda\\ud800", "Bo"]
    # The stored WORD is not one word by today's rules: the replay stops there and says why.
    assert len(replay["frames"]) == 1
    assert replay["stopped"]["version"] == 1 and "one word" in replay["stopped"]["reason"]
    assert "\\u" not in json.dumps(replay, ensure_ascii=False).replace("\\\\u", "")
    assert httpx.get(server.http + "/healthz").status_code == 200


def test_a_stored_log_the_rules_refuse_replays_up_to_where_it_stops(server: ServerProcess) -> None:
    """A stored log holding an action the rules refuse: the replay shows what came before and
    says where it stops and why, instead of failing."""

    async def store() -> None:
        storage = Storage(server.database)
        await storage.start()
        try:
            header = MatchHeader("duos", 2, 777, {})
            await storage.create_room(RoomRow("BROKE2", "duos", {}, [Seat().to_json()] * 2, FINISHED,
                                              "brokenlog", 1.0))
            await storage.create_match("brokenlog", "BROKE2", header, ["Ada", "Bo"], 1.0)
            await storage.append_action("brokenlog", 1, LogEntry(0, {"type": "word", "word": "metal"}), None)
            await storage.append_action("brokenlog", 2, LogEntry(0, {"type": "yes", "card": 99}), None)
        finally:
            await storage.close()

    asyncio.run(store())
    answer = httpx.get(server.http + "/api/matches/brokenlog/replay", timeout=REPLAY_WAIT)
    assert answer.status_code == 200, answer.text
    replay = answer.json()
    assert len(replay["frames"]) == 2
    assert replay["stopped"]["version"] == 2 and replay["stopped"]["reason"]
    assert httpx.get(server.http + "/healthz").status_code == 200


@pytest.mark.parametrize("game", ["duos", "uno-duo", "duple"])
def test_a_room_request_with_a_lone_surrogate_is_a_typed_400(server: ServerProcess, game: str) -> None:
    for body in (f'{{"game": "{game}", "options": {{"\\ud800": 1}}}}',
                 f'{{"game": "{game}", "options": {{"lang": "\\udfff"}}}}'):
        answer = httpx.post(server.http + "/api/rooms", content=body,
                            headers={"Content-Type": "application/json"})
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"]["code"] == "malformed_request"
    assert httpx.get(server.http + "/healthz").status_code == 200
