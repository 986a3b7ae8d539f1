"""One room, the master of its match: validate -> apply -> store -> fan out views.

Everything that changes a room runs under its lock, so actions are applied,
stored and broadcast in one order. An action is committed to storage before
any client hears of it; if storing fails, the match is rebuilt without it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from duoplay.bots.base import Bot
from duoplay.bots.registry import bot_levels, make_bot
from duoplay.core.errors import GameError
from duoplay.core.log import MatchHeader
from duoplay.core.match import Match, replay
from duoplay.core.protocol import JSON, Deadline, Event, Game, Seat
from duoplay.core.registry import find_game
from duoplay.server import protocol as wire
from duoplay.server.config import ServerConfig
from duoplay.server.deadlines import DeadlineTimer
from duoplay.server.lobby import FINISHED, HUMAN, PLAYING, WAITING, Lobby
from duoplay.server.lobby import Seat as SeatInfo
from duoplay.server.protocol import ClientMessage, ProtocolError
from duoplay.server.storage import RoomRow, Storage

log = logging.getLogger(__name__)

Send = Callable[[str], None]
_client_ids = itertools.count(1)


@dataclass(slots=True)
class Client:
    id: int
    send: Send
    name: str | None = None
    seat: int | None = None
    token: str | None = None

    @property
    def greeted(self) -> bool:
        return self.name is not None


def standin_level(levels: list[str]) -> str:
    return "heuristic" if "heuristic" in levels else levels[0]


class Room:
    def __init__(
        self, row: RoomRow, storage: Storage, config: ServerConfig, match: Match | None = None
    ) -> None:
        self.code = row.code
        self.game: Game[Any, Any] = find_game(row.game)
        self.options = row.options
        self.created_at = row.created_at
        levels = bot_levels(self.game.id)
        self.lobby = Lobby(
            [SeatInfo.from_json(s) for s in row.seats], row.status, levels, standin_level(levels)
        )
        self.match = match
        self.match_id = row.match_id
        self.storage = storage
        self.config = config
        self.clients: dict[int, Client] = {}
        self.lock = asyncio.Lock()
        self._bots: dict[tuple[int, str], Bot] = {}
        self._bot_task: asyncio.Task[None] | None = None
        self._away_tasks: dict[int, asyncio.Task[None]] = {}
        self.deadline = DeadlineTimer(self._deadline_passed)
        self.closed = False

    # --- what clients see ----------------------------------------------------------------

    @property
    def status(self) -> str:
        return self.lobby.status

    def connected_seats(self) -> set[int]:
        return {c.seat for c in self.clients.values() if c.seat is not None}

    def summary(self) -> JSON:
        return {
            "code": self.code,
            "game": self.game.id,
            "seats": self.lobby.public_seats(),
            "status": self.status,
        }

    def room_json(self) -> JSON:
        return {
            "code": self.code,
            "game": self.game.id,
            "options": self.options,
            "seats": self.lobby.public_seats(self.connected_seats()),
            "status": self.status,
            "match_id": self.match_id,
        }

    def _state_message(self, seat: Seat, events: list[Event]) -> str:
        assert self.match is not None
        outcome = self.match.outcome()
        legal: list[JSON] = []
        if seat is not None and outcome is None:
            legal = [a.to_json() for a in self.match.legal_actions(seat)]
        return wire.encode(
            wire.message(
                "state",
                version=self.match.version,
                view=self.match.view(seat),
                legal=legal,
                events=[e.visible_to(seat) for e in events],
                outcome=None if outcome is None else outcome.to_json(),
                deadline=self._deadline_json(),
            )
        )

    def _deadline_json(self) -> JSON | None:
        """When the table will act by itself, so clients can show a countdown."""
        left = self.deadline.seconds_left()
        return None if left is None else {"seconds_left": round(left, 1)}

    def _broadcast_room(self) -> None:
        text = wire.encode(wire.message("room", room=self.room_json()))
        for client in list(self.clients.values()):
            client.send(text)

    def _fan_out(self, events: list[Event]) -> None:
        """Each client gets its own seat's view; encoded once per seat, not once per client."""
        encoded: dict[Seat, str] = {}
        for client in list(self.clients.values()):
            if client.seat not in encoded:
                encoded[client.seat] = self._state_message(client.seat, events)
            client.send(encoded[client.seat])

    def _send_error(self, client: Client, error: ProtocolError) -> None:
        client.send(wire.encode(wire.error(error.code, error.message)))

    # --- connections ---------------------------------------------------------------------

    def connect(self, send: Send) -> int:
        client = Client(next(_client_ids), send)
        self.clients[client.id] = client
        return client.id

    async def disconnect(self, client_id: int) -> None:
        async with self.lock:
            client = self.clients.pop(client_id, None)
            if client is None or client.seat is None:
                return
            self._broadcast_room()
            self._arm_away(client.seat)

    async def handle(self, client_id: int, msg: ClientMessage) -> None:
        """Carry out one client message; any refusal goes back to that client as an error."""
        async with self.lock:
            client = self.clients.get(client_id)
            if client is None:
                return
            try:
                await self._dispatch(client, msg)
            except ProtocolError as error:
                self._send_error(client, error)
            except Exception:
                # A fault of ours (storage down, a bug) is still answered, and the room keeps running.
                log.exception("room %s: could not handle %r", self.code, msg)
                self._send_error(
                    client, ProtocolError(wire.SERVER_ERROR, "The server could not do that; try again")
                )

    async def _dispatch(self, client: Client, msg: ClientMessage) -> None:
        if isinstance(msg, wire.Hello):
            await self._hello(client, msg)
            return
        if not client.greeted:
            raise ProtocolError(wire.MALFORMED_MESSAGE, "Say hello first")
        if isinstance(msg, wire.Sit):
            await self._sit(client, msg.seat)
        elif isinstance(msg, wire.ActionMessage):
            await self._action(client, msg)
        else:
            if client.seat is None:
                raise ProtocolError(wire.NOT_SEATED, "Take a seat first")
            if isinstance(msg, wire.Leave):
                await self._leave(client)
            elif isinstance(msg, wire.AddBot):
                self.lobby.add_bot(msg.seat, msg.level)
                await self._lobby_changed()
            elif isinstance(msg, wire.RemoveBot):
                self.lobby.remove_bot(msg.seat)
                await self._lobby_changed()
            elif isinstance(msg, wire.Start):
                await self._start()

    async def _hello(self, client: Client, msg: wire.Hello) -> None:
        if client.greeted:
            raise ProtocolError(wire.MALFORMED_MESSAGE, "hello was already said on this connection")
        client.name = msg.name
        seat = self.lobby.seat_of(msg.token)
        if msg.token is not None and seat is None:
            self._send_error(client, ProtocolError(wire.BAD_TOKEN, "That token holds no seat in this room"))
        if seat is not None:
            self._take_over(seat, client)
            client.seat, client.token = seat, msg.token
            self._cancel_away(seat)
            if self.lobby.seats[seat].away:
                self.lobby.seats[seat].away = False
                await self._store_room()
                self._cancel_bot_if_idle()
        client.send(
            wire.encode(wire.message("welcome", seat=client.seat, token=client.token, room=self.room_json()))
        )
        self._broadcast_room()
        if self.match is not None:
            client.send(self._state_message(client.seat, []))

    def _take_over(self, seat: int, newcomer: Client) -> None:
        """A seat has one connection: an older one with the same token becomes a spectator."""
        for other in self.clients.values():
            if other is not newcomer and other.seat == seat:
                other.seat, other.token = None, None
                self._send_error(
                    other, ProtocolError(wire.SEAT_TAKEN, "This seat was claimed by another connection")
                )

    async def _sit(self, client: Client, seat: int) -> None:
        assert client.name is not None
        token = self.lobby.sit(seat, client.name, client.seat, client.token)
        client.seat, client.token = seat, token
        client.send(wire.encode(wire.message("seated", seat=seat, token=token)))
        await self._lobby_changed()

    async def _leave(self, client: Client) -> None:
        assert client.seat is not None
        seat = client.seat
        self.lobby.leave(seat)
        client.seat, client.token = None, None
        self._cancel_away(seat)
        await self._lobby_changed()
        if self.match is not None:
            client.send(self._state_message(None, []))
        self._schedule_bot()

    async def _lobby_changed(self) -> None:
        await self._store_room()
        self._broadcast_room()

    async def _store_room(self) -> None:
        await self.storage.update_room(self.code, self.lobby.stored_seats(), self.status, self.match_id)

    # --- the match -----------------------------------------------------------------------

    async def _start(self) -> None:
        self.lobby.check_start()
        header = MatchHeader(self.game.id, len(self.lobby.seats), secrets.randbits(62), self.options)
        match = Match.start(header)
        match_id = secrets.token_urlsafe(9)
        names = [seat.name for seat in self.lobby.seats]
        await self.storage.create_match(match_id, self.code, match.header, names, time.time())
        previous = (self.match, self.match_id, self.lobby.status)
        self.match, self.match_id, self.lobby.status = match, match_id, PLAYING
        try:
            await self._store_room()
        except Exception:
            self.match, self.match_id, self.lobby.status = previous
            raise ProtocolError(wire.SERVER_ERROR, "The game could not be stored; try again") from None
        self._bots.clear()
        self._broadcast_room()
        self._arm_deadline()
        self._fan_out([])
        for seat in range(len(self.lobby.seats)):
            self._arm_away(seat)
        self._after_change()

    async def _action(self, client: Client, msg: wire.ActionMessage) -> None:
        if client.seat is None:
            raise ProtocolError(wire.NOT_SEATED, "Spectators cannot play; take a seat first")
        if self.match is None or self.status == WAITING:
            raise ProtocolError(wire.NOT_STARTED, "The game has not started")
        await self._apply(client.seat, msg.action, msg.version)

    async def _apply(self, seat: Seat, action: Any, version: int | None) -> None:
        """The pipeline. Raises ProtocolError (state unchanged) if the action is refused."""
        match = self.match
        assert match is not None and self.match_id is not None
        try:
            events = match.act(seat, action, version)
        except GameError as error:
            raise ProtocolError.from_game(error) from None
        outcome = match.outcome()
        try:
            await self.storage.append_action(
                self.match_id, match.version, match.log[-1], None if outcome is None else outcome.to_json()
            )
        except Exception:
            log.exception("room %s: could not store action %d", self.code, match.version)
            self.match = replay(match.header, match.log[:-1])
            raise ProtocolError(
                wire.SERVER_ERROR, "The move could not be stored; it was not played"
            ) from None
        if outcome is not None:
            self.lobby.status = FINISHED
            with contextlib.suppress(Exception):  # the outcome is already stored with the last action
                await self._store_room()
        self._arm_deadline()
        self._fan_out(events)
        if outcome is not None:
            self._broadcast_room()
        self._after_change()

    def _arm_deadline(self) -> None:
        """Before states go out, so they carry the time left of the wait they start or continue."""
        if self.match is None or self.status != PLAYING:
            self.deadline.cancel()
        else:
            self.deadline.arm(self.match.version, self.match.deadline())

    def _after_change(self) -> None:
        if self.match is not None and self.status == PLAYING:
            self._schedule_bot()

    async def _deadline_passed(self, version: int, deadline: Deadline) -> None:
        async with self.lock:
            if self.match is None or self.status != PLAYING:
                return
            current = self.match.deadline()
            # A keyed wait stays due while the game still reports it; an unkeyed one only
            # if nothing happened since it was armed.
            still_due = (current is not None and current.key == deadline.key) if deadline.key \
                else self.match.version == version
            if not still_due:
                return
            try:
                await self._apply(deadline.seat, deadline.action, self.match.version)
            except ProtocolError as error:
                log.error("room %s: timeout action refused: %s", self.code, error.message)

    # --- bots ----------------------------------------------------------------------------

    def _bot_to_move(self) -> tuple[int, str] | None:
        if self.match is None or self.status != PLAYING:
            return None
        for seat in self.match.to_move():
            level = self.lobby.bot_level(seat)
            if level is not None:
                return seat, level
        return None

    def _schedule_bot(self) -> None:
        if self.closed or (self._bot_task is not None and not self._bot_task.done()):
            return
        if self._bot_to_move() is not None:
            self._bot_task = asyncio.create_task(self._bot_turn(), name=f"bot-{self.code}")

    def _cancel_bot_if_idle(self) -> None:
        if self._bot_task is not None and self._bot_to_move() is None:
            self._bot_task.cancel()
            self._bot_task = None

    async def _bot_turn(self) -> None:
        if self.config.bot_delay > 0:
            await asyncio.sleep(self.config.bot_delay)
        else:
            await asyncio.sleep(0)  # let the fan-out reach the clients first
        async with self.lock:
            self._bot_task = None
            turn = self._bot_to_move()
            if turn is None or self.match is None:
                return
            seat, level = turn
            legal = list(self.match.legal_actions(seat))
            bot = self._bots.get(turn)
            if bot is None:
                bot = self._bots[turn] = make_bot(self.game.id, level, secrets.randbits(32))
            view = self.match.view(seat)
            try:
                choice = (
                    bot.choose(view, legal, seat)
                    if level == "random"
                    else await asyncio.to_thread(bot.choose, view, legal, seat)
                )
                await self._apply(seat, choice, self.match.version)
            except Exception as error:
                # A bot's mistake must not stall the table: fall back to any legal action.
                log.error("room %s: bot %s at seat %d failed: %s", self.code, level, seat, error)
                if legal:
                    with contextlib.suppress(ProtocolError):
                        await self._apply(seat, legal[0], self.match.version)
                        return
                return
        self._schedule_bot()

    # --- absent players --------------------------------------------------------------------

    def _arm_away(self, seat: int) -> None:
        """A seated player with no connection during a game gets a bot after a grace period."""
        info = self.lobby.seats[seat]
        if self.status != PLAYING or info.kind != HUMAN or info.away or seat in self.connected_seats():
            return
        self._cancel_away(seat)
        self._away_tasks[seat] = asyncio.create_task(
            self._replace_absent(seat), name=f"away-{self.code}-{seat}"
        )

    def _cancel_away(self, seat: int) -> None:
        task = self._away_tasks.pop(seat, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _replace_absent(self, seat: int) -> None:
        await asyncio.sleep(self.config.replace_after)
        async with self.lock:
            self._away_tasks.pop(seat, None)
            info = self.lobby.seats[seat]
            if self.status != PLAYING or info.kind != HUMAN or info.away or seat in self.connected_seats():
                return
            info.away = True
            with contextlib.suppress(Exception):
                await self._store_room()
            self._broadcast_room()
            self._schedule_bot()

    def resume(self) -> None:
        """After loading from storage: nobody is connected yet, so arm every timer afresh."""
        for seat in range(len(self.lobby.seats)):
            self._arm_away(seat)
        self._arm_deadline()
        self._after_change()

    async def close(self) -> None:
        self.closed = True
        tasks = [t for t in (self._bot_task, *self._away_tasks.values()) if t is not None]
        self.deadline.cancel()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
