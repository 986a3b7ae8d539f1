"""Play now: one request makes a private room, seats the person who asked in its first seat, bots
in the others at the game's stand-in level, and starts the match; the answer carries the seat's
token, so the room page opens on the running table (docs/protocol.md, "Play now")."""

from __future__ import annotations

from typing import Any

from duoplay.core import declared
from duoplay.core.errors import GameError
from duoplay.core.registry import find_game
from duoplay.server import protocol as wire
from duoplay.server.protocol import ProtocolError
from duoplay.server.rooms import LocalRooms, RoomError, RoomService

FILL = "fill"  # the value of "bots" in a room request that asks for Play now


def player_name(name: Any) -> str:
    """The name as a room's hello would take it, or `RoomError`."""
    try:
        hello = wire.parse_data({"v": wire.VERSION, "type": "hello", "name": name})
    except ProtocolError as error:
        raise RoomError("bad_name", "Type your name first: the other players see it at the table.") from error
    assert isinstance(hello, wire.Hello)
    return hello.name


def seats_for(game: Any) -> int:
    """How many seats a Play-now room of `game` has, or `RoomError` for an unknown game."""
    if not isinstance(game, str):
        raise RoomError("malformed_request", '"game" must be a game id')
    try:
        return declared.play_now_seats(find_game(game))
    except GameError as error:
        raise RoomError.from_game("unknown_game", error) from None


async def play_now(rooms: RoomService, game: Any, options: Any, name: Any) -> dict[str, Any]:
    """Make, fill and start the room; returns its code, link, the person's seat and token."""
    shown = player_name(name)
    if not isinstance(rooms, LocalRooms):  # every service this server runs is one (a cluster's too)
        raise RoomError("server_error", "The server cannot start a room here", 500)
    code = await rooms.create(game, options, seats_for(game))
    # The room is taken into this process (on a cluster, claimed here), filled and started in its loop.
    room = await rooms.local_room(code)
    if room is None:
        raise RoomError("room_not_found", "No room has that code", 404)

    async def fill_and_start() -> str:
        token = room.lobby.sit(0, shown, None, None)
        for seat in range(1, len(room.lobby.seats)):
            room.lobby.add_bot(seat, room.lobby.standin_level)
        room.listed = False
        await room.start_match()
        return token

    token: str = await room.loop.submit(fill_and_start)
    return {"code": code, "url": f"/room/{code}", "seat": 0, "token": token}
