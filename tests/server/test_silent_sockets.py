"""A connection whose network went says nothing more, and its socket may look open for minutes.
A client that pings (the web client does after 5 s of quiet) and then falls silent is closed after
`silent_after`, so the others see its seat as away at once, not when TCP gives up. A client that
never pings (a script, a bot) is never closed for being quiet."""

from __future__ import annotations

from typing import Any

import pytest
from tests.server.in_process import eventually, live_server
from tests.server.support import Peer

pytestmark = [pytest.mark.asyncio, pytest.mark.live]

SILENT_AFTER = 0.5


def _connected(room: dict[str, Any], seat: int) -> bool:
    return bool(room["seats"][seat]["connected"])


async def test_a_pinging_client_that_falls_silent_is_closed_and_its_seat_shows_away(sqlite_url: str) -> None:
    async with live_server(sqlite_url, silent_after=SILENT_AFTER) as live:
        code = await live.create()
        ada, bo = await Peer.join(live.ws(code), "Ada"), await Peer.join(live.ws(code), "Bo")
        await ada.sit(0)
        await bo.sit(1)
        await ada.send(type="start")
        await bo.until("state")
        await ada.send(type="ping", id="p-1")
        assert (await ada.until("pong"))["id"] == "p-1"  # answered by the connection, at once
        # Ada's phone loses its network: nothing more comes from her socket, and it is not closed.
        room = await bo.room_until(lambda room: not _connected(room, 0), timeout=10 * SILENT_AFTER + 5)
        assert room["seats"][0]["replace_in"] is not None  # the stand-in countdown runs for the others
        await bo.close()


async def test_a_client_that_never_pings_may_stay_quiet(sqlite_url: str) -> None:
    async with live_server(sqlite_url, silent_after=SILENT_AFTER) as live:
        code = await live.create()
        ada = await Peer.join(live.ws(code), "Ada")
        await ada.sit(0)
        room = live.rooms.rooms[code]
        # Quiet for several times the silence that closes a pinging client: still seated, connected.
        assert not await eventually(lambda: 0 not in room.connected_seats(), timeout=6 * SILENT_AFTER)
        await ada.send(type="emote", emote="wow")
        assert (await ada.until("emote"))["seat"] == 0
        await ada.close()
