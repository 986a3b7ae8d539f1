"""A room learns whose player sits down: the socket's cookie names the player, and the server writes
its id into the connection's hello (docs/protocol.md). Whatever a client put there is replaced, so a
seat never holds a player it was not sent by; the hello's text carries the id on to the instance
that owns the room, on a cluster."""

from __future__ import annotations

import dataclasses
import json

from starlette.websockets import WebSocket

from duoplay.server import protocol as wire
from duoplay.server.identity.service import current_player


async def stamp_hello(websocket: WebSocket, incoming: wire.Incoming, text: str | None
                      ) -> tuple[wire.Incoming, str | None]:
    """The hello as the room should read it: with the cookie's player id, or with none."""
    hello = incoming.message
    if not isinstance(hello, wire.Hello) or text is None:
        return incoming, text
    player = await current_player(websocket)
    data = json.loads(text)  # parsed once already: it is a JSON object
    data["player"] = None if player is None else player.id
    stamped = dataclasses.replace(hello, player=data["player"])
    return dataclasses.replace(incoming, message=stamped), json.dumps(data)
