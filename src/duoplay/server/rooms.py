"""The room interface the web layer talks to, and its in-process implementation.

Everything outside this module sees rooms only through `RoomService`: create,
find, subscribe a client to a room's messages, deliver a client's message,
unsubscribe. A later implementation can spread rooms over several processes
(each room owned by one process, messages relayed) without touching games,
the web layer or clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from duoplay.core import declared
from duoplay.core.errors import GameError, Param, fill
from duoplay.core.match import Match
from duoplay.core.protocol import JSON, Game
from duoplay.core.registry import find_game
from duoplay.server.bot_seats import Decider
from duoplay.server.config import ServerConfig
from duoplay.server.lobby import FINISHED, PLAYING, WAITING, Seat, new_room_code, normalize_code
from duoplay.server.protocol import Incoming
from duoplay.server.replays import NoSuchSeat, ReplayHidden, ReplaysBusy, ReplayWorker
from duoplay.server.room import Room, Send
from duoplay.server.storage import RoomRow, Storage
from duoplay.server.waits import replay_with_wait

log = logging.getLogger(__name__)

SWEEP_EVERY = 60.0  # seconds between looks for rooms to drop from memory, at most


class RoomError(Exception):
    """A refused HTTP request about rooms: `code` is stable, `status` is the HTTP status,
    `template` a message id with its `params` (clients translate it), `message` the English text."""

    def __init__(self, code: str, template: str, status: int = 400, **params: Param) -> None:
        self.code, self.template, self.params, self.status = code, template, params, status
        self.message = fill(template, params)
        super().__init__(self.message)

    @classmethod
    def from_game(cls, code: str, error: GameError) -> RoomError:
        refusal = cls(code, error.template)
        refusal.params, refusal.message = dict(error.params), error.reason
        return refusal


class RoomUnavailable(Exception):
    """The room exists but no server process could take it in time (its owner is being replaced)."""


@dataclass(frozen=True, slots=True)
class Subscription:
    code: str
    client_id: int


End = Callable[[], None]
"""Ends a client's connection so that it reconnects (its room moved to another process)."""


class RoomService(Protocol):
    async def create(self, game: Any, options: Any, seats: Any) -> str:
        """Validate and open a room; raise `RoomError` for a bad request. Returns its code."""
        ...

    async def check(self, game: Any, options: Any, seats: Any) -> None:
        """Raise the `RoomError` that `create` would, without creating anything."""
        ...

    async def find(self, code: str) -> JSON | None:
        """The room's summary, or None."""
        ...

    async def open_rooms(self, offset: int = 0, limit: int | None = None) -> tuple[list[JSON], int]:
        """A page of the waiting rooms with an empty seat, newest first, and how many there are."""
        ...

    async def subscribe(self, code: str, send: Send, end: End | None = None) -> Subscription | None:
        """Attach a client: `send` receives every message meant for it, as text; `end`, if the room
        moves away, closes the connection. Raises `RoomUnavailable` when no process can take the room."""
        ...

    async def deliver(self, subscription: Subscription, message: Incoming, text: str | None = None) -> None:
        """A parsed client message; `text` is the frame it was parsed from (to pass it on unchanged)."""
        ...

    async def greeted(self, subscription: Subscription) -> bool:
        """Whether the client said hello and the room took it."""
        ...

    async def unsubscribe(self, subscription: Subscription) -> None: ...

    async def replay(self, match_id: str, seat: int | None = None) -> bytes | None:
        """The match's replay (JSON, see replays.py) as a spectator saw it, or as `seat` saw it once the
        match has finished."""
        ...


class LocalRooms:
    """The rooms of this process that someone may need, loaded from storage on demand.

    Every room is stored, so memory holds only the rooms in use: a room is
    dropped when nobody needs it (see `_unneeded`) and comes back from storage,
    exactly as it was, the next time its code is used.
    """

    def __init__(
        self, storage: Storage, config: ServerConfig, bots: Decider,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.storage = storage
        self.config = config
        self.bots = bots
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self.clock = clock  # what idle times are measured by (a test may move it on)
        self._idle_since: dict[str, float] = {}  # code -> when its last client left (or it was loaded)
        self._sweeper: asyncio.Task[None] | None = None
        self._warming: set[asyncio.Future[None]] = set()  # games loading what their rules need
        self._replays = ReplayWorker(storage.url)

    async def start(self) -> None:
        """Reload the playing rooms and recent waiting ones, resume the unfinished games, start sweeping.

        A waiting room older than `room_idle` would be dropped at the first sweep, so it
        stays in storage until someone uses its code.
        """
        for row in await self.storage.rooms_with_status(PLAYING):
            await self._load_row(row)
        recent = time.time() - self.config.room_idle
        for row in await self.storage.rooms_with_status(WAITING):
            if row.created_at >= recent:
                await self._load_row(row)
        self._sweeper = asyncio.create_task(self._sweep_loop(), name="room-sweeper")

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for room in list(self.rooms.values()):
            await room.close()
        self._replays.close()

    # --- dropping rooms nobody needs ----------------------------------------------------------

    def _unneeded(self, room: Room, now: float) -> bool:
        """A finished room once nobody is connected; a waiting one after `room_idle` without anyone;
        a playing one after `unwatched_after` without anyone (bots playing to nobody burn a core:
        it stops, stored, and goes on when someone comes back). Until then bots play for absent
        players and deadlines run."""
        if room.clients:
            return False
        if room.status == FINISHED:
            return True
        idle = now - self._idle_since.setdefault(room.code, now)
        if room.status == WAITING:
            return idle >= self.config.room_idle
        return idle >= self.config.unwatched_after

    async def _evict(self, room: Room) -> bool:
        """Drop `room` from memory if it is still unneeded; True if it went."""
        # Under the room's lock: whatever the room was doing (a write to storage, a message)
        # has finished, so storage holds exactly the room that a later load will rebuild.
        async with room.lock:
            # Checked again after waiting for the lock: a client may have connected meanwhile.
            if self.rooms.get(room.code) is not room or not self._unneeded(room, self.clock()):
                return False
            # From here no one can find this copy; `subscribe` checks for a copy it found just before.
            del self.rooms[room.code]
            self._idle_since.pop(room.code, None)
        await room.close()
        await self._dropped(room)
        log.debug("room %s (%s) dropped from memory", room.code, room.status)
        return True

    async def sweep(self) -> int:
        """Drop every room nobody needs; returns how many went."""
        now = self.clock()
        dropped = 0
        for room in list(self.rooms.values()):
            if self._unneeded(room, now) and await self._evict(room):
                dropped += 1
        return dropped

    async def _sweep_loop(self) -> None:
        every = min(SWEEP_EVERY, max(0.05, min(self.config.room_idle, self.config.unwatched_after) / 4))
        while True:
            await asyncio.sleep(every)
            try:
                dropped = await self.sweep()
            except Exception:
                log.exception("could not drop idle rooms")
                continue
            if dropped:
                log.info("%d idle rooms dropped from memory, %d remain", dropped, len(self.rooms))

    async def _load_row(self, row: RoomRow) -> Room:
        match: Match | None = None
        wait_began: float | None = None  # when the match's current wait began (wall clock)
        if row.match_id is not None:
            stored = await self.storage.load_match(row.match_id)
            if stored is not None:
                match, wait_began = replay_with_wait(stored)
        if row.status == PLAYING and (match is None or match.outcome() is not None):
            row.status = FINISHED  # the process stopped between the last action and the room update
        room = self._make_room(row, match)
        self.rooms[row.code] = room
        self._idle_since[row.code] = self.clock()
        room.resume(wait_began)
        if match is not None:
            log.info("room %s resumed at version %d", row.code, match.version)
        return room

    async def _room(self, code: str) -> Room | None:
        code = normalize_code(code)
        room = self.rooms.get(code)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(code)
            if room is None:
                row = await self.storage.load_room(code)
                if row is not None:
                    room = await self._load_row(row)
        return room

    async def local_room(self, code: str) -> Room | None:
        """The room with this code, loaded into this process if it is stored (for the test hooks)."""
        return await self._room(code)

    async def check(self, game: Any, options: Any, seats: Any) -> None:
        self._validate(game, options, seats)

    async def create(self, game: Any, options: Any, seats: Any) -> str:
        rules, options_json, seats = self._validate(game, options, seats)
        code = new_room_code()
        while code in self.rooms or await self.storage.load_room(code) is not None:
            code = new_room_code()
        row = RoomRow(
            code, rules.id, options_json, [Seat().to_json() for _ in range(seats)], WAITING, None, time.time()
        )
        await self.storage.create_room(row)
        self.rooms[code] = self._make_room(row)
        self._warm_up(rules, options_json)
        self._idle_since[code] = self.clock()
        return code

    def _make_room(self, row: RoomRow, match: Match | None = None) -> Room:
        return Room(row, self.storage, self.config, self.bots, match)

    def _warm_up(self, rules: Game[Any, Any], options_json: JSON) -> None:
        """Load what the game's rules need (word lists) here and what its rules and bots need
        (models) in the bot pool's workers, while people gather: not on the room loop, nor on a
        bot's turn, later."""
        if declared.has_warm_up(rules):
            warming = asyncio.get_running_loop().run_in_executor(
                None, declared.warm_up, rules, rules.parse_options(options_json))
            self._warming.add(warming)
            warming.add_done_callback(self._warming.discard)
        if declared.has_bot_warm_up(rules):
            self.bots.warm(rules.id, options_json)

    async def _dropped(self, room: Room) -> None:
        """After `room` left memory (a cluster gives up its claim here)."""

    def _validate(self, game: Any, options: Any, seats: Any) -> tuple[Game[Any, Any], JSON, int]:
        """The game, its options in full and the seat count of a room request, or `RoomError`."""
        if not isinstance(game, str):
            raise RoomError("malformed_request", '"game" must be a game id')
        try:
            rules = find_game(game)
        except GameError as error:
            raise RoomError.from_game("unknown_game", error) from None
        if options is not None and not isinstance(options, dict):
            raise RoomError("bad_options", '"options" must be a JSON object')
        try:
            options_json = rules.options_to_json(rules.parse_options(options))
        except GameError as error:
            raise RoomError.from_game("bad_options", error) from None
        except (TypeError, ValueError) as error:
            raise RoomError("bad_options", str(error)) from None
        if seats is None:
            seats = rules.min_seats
        if (
            not isinstance(seats, int)
            or isinstance(seats, bool)
            or not rules.min_seats <= seats <= rules.max_seats
        ):
            raise RoomError("bad_seats", "{game} takes {least} to {most} seats", game=rules.name,
                            least=rules.min_seats, most=rules.max_seats)
        return rules, options_json, seats

    async def find(self, code: str) -> JSON | None:
        room = await self._room(code)
        return None if room is None else room.summary()

    async def open_rooms(self, offset: int = 0, limit: int | None = None) -> tuple[list[JSON], int]:
        rooms = [r for r in self.rooms.values()
                 if r.listed and r.status == WAITING and r.lobby.has_empty_seat()]
        rooms.sort(key=lambda r: r.created_at, reverse=True)
        page = rooms[offset:] if limit is None else rooms[offset : offset + limit]
        return [r.summary() for r in page], len(rooms)

    async def subscribe(self, code: str, send: Send, end: End | None = None) -> Subscription | None:
        while True:
            room = await self._room(code)
            if room is None:
                return None
            client_id = room.connect(send)
            if self.rooms.get(room.code) is room:
                return Subscription(room.code, client_id)
            # Dropped from memory between finding and connecting: load it afresh and connect there.
            await room.disconnect(client_id)

    async def deliver(self, subscription: Subscription, message: Incoming, text: str | None = None) -> None:
        room = self.rooms.get(subscription.code)
        if room is not None:
            await room.handle(subscription.client_id, message)

    async def greeted(self, subscription: Subscription) -> bool:
        room = self.rooms.get(subscription.code)
        client = None if room is None else room.clients.get(subscription.client_id)
        return client is not None and client.greeted

    async def unsubscribe(self, subscription: Subscription) -> None:
        room = self.rooms.get(subscription.code)
        if room is None:
            return
        # Marked before disconnecting too: once the client is gone, a sweep must not count the
        # idle time from before it came.
        self._idle_since[room.code] = self.clock()
        await room.disconnect(subscription.client_id)
        if not room.clients:
            self._idle_since[room.code] = self.clock()
            if room.status == FINISHED:
                await self._evict(room)

    async def replay(self, match_id: str, seat: int | None = None) -> bytes | None:
        try:
            return await self._replays.body(match_id, seat)
        except NoSuchSeat:
            raise RoomError("bad_seat", "No such seat in this match", 400) from None
        except ReplayHidden:
            raise RoomError("replay_hidden", "Hands are shown in a replay once the match has finished",
                            403) from None
        except ReplaysBusy:
            raise RoomError("replays_busy", "Many replays are being prepared: try again in a moment",
                            503) from None
