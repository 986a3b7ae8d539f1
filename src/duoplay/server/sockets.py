"""One WebSocket per client of a room (docs/protocol.md): its admission, its reader and its writer."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque

from starlette.websockets import WebSocket, WebSocketDisconnect

from duoplay.server import protocol as wire
from duoplay.server.admission import Admission
from duoplay.server.clients import (
    client_address,
    exempt,
    give_back_lookup,
    lookup_refusal,
    origin_allowed,
    rooms_of,
    take_lookup,
)
from duoplay.server.config import ServerConfig
from duoplay.server.identity.seats import stamp_hello
from duoplay.server.outbox import Outbox
from duoplay.server.protocol import ProtocolError
from duoplay.server.ratelimit import TokenBuckets
from duoplay.server.rooms import RoomUnavailable

MAX_OUTBOX = 1000  # messages waiting for a client that does not read; past this it is dropped
CLOSE_ROOM_NOT_FOUND = 4404
CLOSE_POLICY = 1008
CLOSE_MOVED = 1012  # "service restart": the room moved to another server process; reconnect
CLOSE_TRY_AGAIN = 1013


async def refuse_socket(websocket: WebSocket, error: ProtocolError, code: int = CLOSE_POLICY) -> None:
    await websocket.send_text(wire.encode(wire.error(error)))
    await websocket.close(code)


async def room_socket(websocket: WebSocket) -> None:
    config: ServerConfig = websocket.app.state.config
    await websocket.accept()
    if not origin_allowed(websocket):
        await refuse_socket(websocket, ProtocolError(wire.FORBIDDEN_ORIGIN,
                                                     "Requests from other sites are not allowed here"))
        return
    address = client_address(websocket)
    admission: Admission = websocket.app.state.admission
    if (refusal := admission.handshake(address)) is not None:
        await refuse_socket(websocket, refusal, CLOSE_TRY_AGAIN)
        return
    open_sockets: dict[str, int] = websocket.app.state.open_sockets
    most = config.connections_per_address
    if most > 0 and not exempt(websocket) and open_sockets.get(address, 0) >= most:
        await refuse_socket(websocket, ProtocolError(
            wire.TOO_MANY_CONNECTIONS, "Too many connections from your address (at most {most})", most=most))
        return
    open_sockets[address] = open_sockets.get(address, 0) + 1
    try:
        await _serve_socket(websocket, config, address, admission)
    finally:
        open_sockets[address] -= 1
        if not open_sockets[address]:
            del open_sockets[address]


async def _serve_socket(
    websocket: WebSocket, config: ServerConfig, address: str, admission: Admission
) -> None:
    outbox = Outbox()
    overflow = False

    reader = asyncio.current_task()

    def send(text: str) -> None:
        nonlocal overflow
        if len(outbox) >= MAX_OUTBOX:
            # A client that does not read would make us hold its messages forever: drop it.
            if not overflow and reader is not None:
                overflow = True
                reader.cancel()
            return
        outbox.put(text)

    async def write() -> None:
        with contextlib.suppress(Exception):
            while (text := await outbox.get()) is not None:
                await websocket.send_text(text)

    rooms = rooms_of(websocket)
    moved = False

    def end() -> None:
        """The room moved to another server process: close, and the client reconnects."""
        nonlocal moved
        if not moved and reader is not None:
            moved = True
            reader.cancel()

    if (wait := await take_lookup(websocket)) > 0:
        await refuse_socket(websocket, lookup_refusal(wait))
        return
    try:
        subscription = await rooms.subscribe(websocket.path_params["code"], send, end)
    except RoomUnavailable:
        busy = ProtocolError(wire.SERVER_ERROR, "The server could not do that; try again")
        await refuse_socket(websocket, busy, CLOSE_TRY_AGAIN)
        return
    if subscription is None:
        await refuse_socket(websocket, ProtocolError(wire.ROOM_NOT_FOUND, "No room has that code"),
                            CLOSE_ROOM_NOT_FOUND)
        return
    await give_back_lookup(websocket)
    writer = asyncio.create_task(write())
    limit = TokenBuckets(config.rate_limit, config.rate_limit)  # one key: this connection
    refusals: deque[float] = deque()
    loop = asyncio.get_running_loop()
    hello_by: float | None = loop.time() + config.hello_timeout  # None once the room took the hello
    pings = False  # the client pings: silence means its network went
    try:
        while not overflow and not moved:
            if hello_by is not None:
                try:
                    frame = await asyncio.wait_for(websocket.receive(), max(0.0, hello_by - loop.time()))
                except TimeoutError:
                    send(wire.encode(wire.error(ProtocolError(
                        wire.HELLO_TIMEOUT, "Say hello within {seconds} s of connecting",
                        seconds=config.hello_timeout))))
                    break
            elif pings:
                try:
                    frame = await asyncio.wait_for(websocket.receive(), config.silent_after)
                except TimeoutError:
                    break
            else:
                frame = await websocket.receive()
            arrived = loop.time()  # before anything else: races are decided by this stamp
            if frame["type"] == "websocket.disconnect":
                break
            now = time.monotonic()
            text = frame.get("text")
            # Before anything is parsed: the address's budget over all its sockets.
            if (over := admission.frame(address, text, frame.get("bytes"))) is not None:
                send(wire.encode(wire.error(over)))  # no id: the frame is not read
                break
            try:
                if limit.take("") > 0:
                    raise ProtocolError(wire.RATE_LIMITED, "At most {most} messages per second",
                                        most=config.rate_limit)
                message = wire.parse_client(text, arrived)
            except ProtocolError as error:
                send(wire.encode(wire.error(error, wire.message_id(text))))
                refusals.append(now)
                while refusals and now - refusals[0] > config.abuse_window:
                    refusals.popleft()
                if len(refusals) > config.abuse_limit:
                    break
                continue
            if isinstance(message.message, wire.Hello):
                message, text = await stamp_hello(websocket, message, text)
            if isinstance(message.message, wire.Ping):
                pings = True
                send(wire.encode(wire.message("pong", id=message.id)))
                continue
            # Shielded: a cancelled reader must not stop a move halfway between storage and fan-out.
            await asyncio.shield(rooms.deliver(subscription, message, text))
            if hello_by is not None and isinstance(message.message, wire.Hello):
                if not await rooms.greeted(subscription):
                    break  # the room refused the hello (it has all the spectators it takes)
                hello_by = None
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        if not overflow and not moved:
            raise
    finally:
        await rooms.unsubscribe(subscription)
        outbox.put(None)
        # Give queued messages (such as the last error) a moment to leave before closing.
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(writer), 2.0)
        writer.cancel()
        with contextlib.suppress(Exception):
            await websocket.close(CLOSE_MOVED if moved else CLOSE_POLICY)

