"""`ClusterRooms`: the room service of one instance among several sharing PostgreSQL and Redis.

Each room lives in exactly one instance, its owner, which holds the room's lease in Redis
(`directory.py`) and a generation in PostgreSQL that fences every write (`fenced.py`). A room is
claimed lazily, by the first instance that needs it: the one a client connects to, or the one that
takes over the rooms of an instance that died. A client connected to an instance that does not own
its room is forwarded: its frames go to the owner over Redis and the room's messages come back
(`forwards.py` is that edge half; the owner half is here, `_open_served` and `_serve`).

Fail-over: an instance renews its heartbeat and its rooms' leases every third of `heartbeat`. When
one dies, its heartbeat runs out (the rooms' longer leases need not: a room whose owner has no
heartbeat may be claimed at once); another instance sees it gone, claims its rooms (bumping each
one's generation, so nothing the dead one might still write can commit), replays their logs from
PostgreSQL, carries on their live streams from Redis (`stream_journal.py`) and resumes them. Clients of
the dead instance reconnect; clients forwarded to it are disconnected so they reconnect too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from redis.asyncio import Redis
from redis.exceptions import RedisError
from sqlalchemy.exc import IntegrityError

from duoplay.core import declared
from duoplay.core.protocol import JSON
from duoplay.core.registry import find_game
from duoplay.server import protocol as wire
from duoplay.server.bot_seats import Decider
from duoplay.server.cluster.bus import OUT, Bus
from duoplay.server.cluster.directory import RoomDirectory
from duoplay.server.cluster.fenced import FencedStore
from duoplay.server.cluster.forwards import GONE, GREETED, OPENED, REFUSED, Forwards
from duoplay.server.cluster.limits import SharedAddressLimit
from duoplay.server.cluster.listing import OpenRooms
from duoplay.server.cluster.stream_journal import StreamJournal
from duoplay.server.config import ServerConfig
from duoplay.server.lobby import FINISHED, PLAYING, WAITING, Lobby, Seat, new_room_code, normalize_code
from duoplay.server.protocol import Incoming, ProtocolError
from duoplay.server.ratelimit import AddressLimit, LocalAddressLimit
from duoplay.server.room import Room, Send
from duoplay.server.rooms import End, LocalRooms, RoomUnavailable, Subscription
from duoplay.server.storage import Fence, RoomRow, Storage
from duoplay.server.streams import Key

log = logging.getLogger(__name__)

WARM = "warm"  # on the bus: load a game's data, for a room this instance may take over

Owned = Room | str | None
"""What a code names here: the room (this instance owns it), the owner's id, or None (no such room)."""


def instance_id() -> str:
    """Unique per process: a restarted instance is a new one, and never believes it owns old rooms."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


def row_summary(row: RoomRow) -> JSON:
    """A stored room's summary, as `Room.summary` would give it, without loading the room."""
    game = find_game(row.game)
    levels = [level.id for level in declared.bot_levels(game)]
    lobby = Lobby([Seat.from_json(s) for s in row.seats], row.status, levels, declared.standin_level(game))
    return {"code": row.code, "game": game.id, "seats": lobby.public_seats(), "status": row.status}


@dataclass(slots=True)
class Served:
    """A client of a room owned here, connected through another instance (`edge`)."""

    edge: str
    link: int  # its id at the edge
    code: str
    client_id: int  # its id in the room
    queue: asyncio.Queue[str | None]
    task: asyncio.Task[None] | None = None


class ClusterRooms(LocalRooms):
    def __init__(
        self, storage: Storage, config: ServerConfig, bots: Decider,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not config.redis_url:
            raise ValueError("a cluster needs a Redis URL")
        super().__init__(storage, config, bots, clock)
        self.instance = instance_id()
        self.redis: Any = Redis.from_url(config.redis_url, decode_responses=True)
        self.directory = RoomDirectory(self.redis, self.instance, config.lease, config.heartbeat)
        self.listing = OpenRooms(self.redis)
        self.bus = Bus(self.redis, self.instance, self._on_bus)
        self.forwards = Forwards(self.bus)
        self.journal = StreamJournal(self.redis)
        self._streams_kept: dict[str, dict[Key, list[Any]]] = {}  # code -> streams read for its loading
        self._generations: dict[str, int] = {}  # code -> generation claimed, for each room owned here
        self._claims: dict[str, asyncio.Future[Owned]] = {}
        self._enders: dict[int, End] = {}  # local client id -> how to end its connection
        self._served: dict[tuple[str, int], Served] = {}
        self._loops: list[asyncio.Task[None]] = []
        self._tasks: set[asyncio.Task[Any]] = set()

    # --- start and stop ----------------------------------------------------------------------

    async def start(self) -> None:
        if self.storage.engine.dialect.name != "postgresql":
            raise ValueError("a cluster stores its rooms in PostgreSQL: give a postgresql:// database URL")
        await self.directory.register()
        await self.bus.start()
        await self._adopt_unowned()
        self._sweeper = asyncio.create_task(self._sweep_loop(), name="room-sweeper")
        # Renewing runs apart from watching: taking over many rooms of a dead instance must never
        # delay the renewal of this instance's own leases.
        self._loops = [asyncio.create_task(self._every_third_of_heartbeat(self._renew), name="cluster-renew"),
                       asyncio.create_task(self._every_third_of_heartbeat(self._watch), name="cluster-watch")]
        log.info("cluster instance %s ready: %d rooms owned", self.instance, len(self.rooms))

    async def close(self) -> None:
        """Hand every room over at once: clients reconnect, and another instance claims the rooms."""
        for loop in self._loops:
            loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await loop
        for room in list(self.rooms.values()):
            self._end_clients(room)
        await super().close()
        for code in list(self._generations):
            with contextlib.suppress(Exception):
                await self.directory.release(code)
        self._generations.clear()
        await self.forwards.close_all()
        await self.listing.close()
        await asyncio.sleep(0)  # let the last batches to other instances go out
        await self.bus.close()
        with contextlib.suppress(Exception):
            await self.directory.unregister()
        await self.redis.aclose()

    def shared_limit(self, name: str, local: AddressLimit | None) -> AddressLimit | None:
        """The cluster-wide version of a per-address limit of this process (None stays None)."""
        if not isinstance(local, LocalAddressLimit):
            return local
        return SharedAddressLimit(self.redis, name, local.buckets.burst, local.buckets.per_second)

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- owning rooms ------------------------------------------------------------------------

    async def _owned(self, code: str) -> Owned:
        code = normalize_code(code)
        room = self.rooms.get(code)
        if room is not None:
            return room
        pending = self._claims.get(code)
        if pending is not None:
            return await asyncio.shield(pending)
        claim: asyncio.Future[Owned] = asyncio.get_running_loop().create_future()
        self._claims[code] = claim
        try:
            result = await self._claim(code)
        except BaseException as error:
            claim.set_exception(error)
            claim.exception()  # retrieved: whoever waits on it sees it, nobody else needs to
            raise
        else:
            claim.set_result(result)
        finally:
            del self._claims[code]
        return result

    async def _claim(self, code: str) -> Owned:
        owner = await self.directory.claim(code)
        if owner != self.instance:
            return owner if owner is not None else ""  # "": the owner's lease just ended; ask again
        generation = await self.storage.claim_room(code)
        if generation is None:
            await self.directory.release(code)
            return None
        # Read after the claim committed: whatever an earlier owner committed is in it, and nothing
        # it tries to commit from now on can be.
        row = await self.storage.load_room(code)
        if row is None:
            await self.directory.release(code)
            return None
        self._generations[code] = generation
        try:
            if row.match_id is not None:
                # The replay judges the logged moves: what the game loads for that (a word game's
                # lists, seconds) loads off the loop, which meanwhile renews this instance's heartbeat.
                await self._load_rules_data(row)
                self._streams_kept[code] = await self.journal.load(row.match_id)
            room = await self._load_row(row)
        except BaseException:
            self._generations.pop(code, None)
            await self.directory.release(code)
            raise
        self._warm_up(room.game, room.options)
        if declared.has_warm_up(room.game):
            self._spawn(self._others_warm(room.game.id, room.options))
        self._listing_changed(code)
        log.info("room %s claimed (generation %d, %s)", code, generation, room.status)
        return room

    async def _load_rules_data(self, row: RoomRow) -> None:
        rules = find_game(row.game)
        if declared.has_warm_up(rules):
            await asyncio.get_running_loop().run_in_executor(
                None, declared.warm_up, rules, rules.parse_options(row.options))

    async def _others_warm(self, game: str, options: JSON) -> None:
        """Any other instance may have to take this room over: each loads the game's data now, so
        that a take-over replays at once instead of loading it then (a word game's lists take seconds)."""
        try:
            for other in await self.directory.others():
                await self.bus.tell(other, WARM, game, json.dumps(options))
        except RedisError:
            log.warning("could not ask the other instances to load %s's data", game)

    async def _room(self, code: str) -> Room | None:
        owned = await self._owned(code)
        return owned if isinstance(owned, Room) else None

    def _make_room(self, row: RoomRow, match: Any = None) -> Room:
        code, generation = row.code, self._generations[row.code]

        def lost() -> None:
            if self._generations.get(code) == generation:
                log.warning("room %s was claimed by another instance: leaving it", code)
                self._spawn(self._lose(code))

        store = FencedStore(self.storage, Fence(code, generation), lambda: self._listing_changed(code), lost)
        room = Room(row, cast(Storage, store), self.config, self.bots, match)
        room.live.journal = self.journal
        kept = self._streams_kept.pop(code, None)
        if kept and match is not None and row.match_id is not None:
            # What the previous owner streamed carries on here; streams closed since are closed here too.
            for seat, channel in room.streams.restore(match.state, kept):
                self._spawn(self.journal.closed(row.match_id, seat, channel))
        return room

    def _listing_changed(self, code: str) -> None:
        def now() -> tuple[JSON, float] | None:
            room = self.rooms.get(code)
            return None if room is None else (room.summary(), room.created_at)

        self.listing.changed(code, now)

    async def _dropped(self, room: Room) -> None:
        """Evicted (nobody needs it): give up the claim; a waiting room leaves the open list, as on
        one process, until someone uses its code again."""
        self._generations.pop(room.code, None)
        await self.directory.release(room.code)
        await self.listing.hide(room.code)

    async def _lose(self, code: str) -> None:
        """This instance no longer owns `code`: drop it, and send its clients to reconnect."""
        self._generations.pop(code, None)
        room = self.rooms.pop(code, None)
        self._idle_since.pop(code, None)
        if room is None:
            return
        self._end_clients(room)
        await room.close()
        with contextlib.suppress(Exception):
            await self.directory.release(code)

    def _end_clients(self, room: Room) -> None:
        for client_id in list(room.clients):
            ender = self._enders.pop(client_id, None)
            if ender is not None:
                ender()
        for key, served in list(self._served.items()):
            if served.code == room.code:
                self.bus.post(served.edge, served.link, GONE)
                self._unserve(key)

    # --- the room service --------------------------------------------------------------------

    async def create(self, game: Any, options: Any, seats: Any) -> str:
        """Stored, and listed; the first instance a client of the room reaches claims it."""
        rules, options_json, count = self._validate(game, options, seats)
        while True:
            code = new_room_code()
            row = RoomRow(code, rules.id, options_json, [Seat().to_json() for _ in range(count)], WAITING,
                          None, time.time())
            if await self.storage.load_room(code) is not None:
                continue
            try:
                await self.storage.create_room(row)
            except IntegrityError:
                continue  # another instance drew the same code at the same moment
            break
        try:
            await self.listing.show(row_summary(row), row.created_at)
        except RedisError:
            log.exception("room %s: stored, but not listed (Redis cannot be reached)", code)
        return code

    async def find(self, code: str) -> JSON | None:
        code = normalize_code(code)
        room = self.rooms.get(code)
        if room is not None:
            return room.summary()
        row = await self.storage.load_room(code)
        return None if row is None else row_summary(row)

    async def open_rooms(self, offset: int = 0, limit: int | None = None) -> tuple[list[JSON], int]:
        return await self.listing.page(offset, limit)

    async def subscribe(self, code: str, send: Send, end: End | None = None) -> Subscription | None:
        code = normalize_code(code)
        loop = asyncio.get_running_loop()
        # Long enough for a dead owner's lease to run out and the room to be claimed here.
        give_up = loop.time() + 2 * self.config.lease + 5
        while True:
            try:
                owned = await self._owned(code)
            except RedisError:
                log.exception("room %s: the room directory cannot be reached", code)
                raise RoomUnavailable(code) from None
            if owned is None:
                return None
            if isinstance(owned, Room):
                subscription = await super().subscribe(code, send)
                if subscription is not None:
                    if end is not None:
                        self._enders[subscription.client_id] = end
                    return subscription
                continue
            if owned:
                timeout = min(1.0, self.config.lease / 2)
                link = await self.forwards.open(owned, code, send, end, timeout)
                if link is not None:
                    return Subscription(code, link.id)
            if loop.time() > give_up:
                raise RoomUnavailable(code)
            await asyncio.sleep(0.1)

    async def deliver(self, subscription: Subscription, message: Incoming, text: str | None = None) -> None:
        if subscription.client_id > 0:
            await super().deliver(subscription, message)
        elif text is not None:
            await self.forwards.deliver(subscription.client_id, text, isinstance(message.message, wire.Hello))
        else:
            log.error("room %s: a message without its text cannot be forwarded", subscription.code)

    async def greeted(self, subscription: Subscription) -> bool:
        if subscription.client_id > 0:
            return await super().greeted(subscription)
        return self.forwards.greeted(subscription.client_id)

    async def unsubscribe(self, subscription: Subscription) -> None:
        if subscription.client_id > 0:
            self._enders.pop(subscription.client_id, None)
            await super().unsubscribe(subscription)
        else:
            await self.forwards.close(subscription.client_id)

    # --- clients of rooms owned here, connected through other instances ---------------------

    async def _on_bus(self, kind: str, sender: str, fields: list[str]) -> None:
        if kind == OUT:
            self.forwards.received(sender, fields)
        elif kind == "open":
            self._open_served(sender, int(fields[0]), fields[1])
        elif kind == WARM:  # loaded once; asked again, the game finds it loaded
            self._warm_up(find_game(fields[0]), json.loads(fields[1]))
        elif kind in ("msg", "close"):
            served = self._served.get((sender, int(fields[0])))
            if served is not None:
                served.queue.put_nowait(fields[1] if kind == "msg" else None)

    def _open_served(self, edge: str, link: int, code: str) -> None:
        room = self.rooms.get(code)
        if room is None or room.closed:
            self.bus.post(edge, link, REFUSED)
            return

        def send(text: str) -> None:
            self.bus.post(edge, link, text)

        client_id = room.connect(send)
        served = Served(edge, link, code, client_id, asyncio.Queue())
        served.task = asyncio.create_task(self._serve(served), name=f"served-{code}")
        self._served[(edge, link)] = served
        self.bus.post(edge, link, OPENED)

    async def _serve(self, served: Served) -> None:
        """One forwarded client's frames, in order, as `_serve_socket` would hand them to its room."""
        subscription = Subscription(served.code, served.client_id)
        loop = asyncio.get_running_loop()
        try:
            while (text := await served.queue.get()) is not None:
                try:
                    incoming = wire.parse_client(text, loop.time())  # the owner's clock orders arrivals
                except ProtocolError as error:
                    refusal = wire.encode(wire.error(error, wire.message_id(text)))
                    self.bus.post(served.edge, served.link, refusal)
                    continue
                await super().deliver(subscription, incoming)
                if isinstance(incoming.message, wire.Hello):
                    took = await super().greeted(subscription)
                    self.bus.post(served.edge, served.link, GREETED + ("1" if took else "0"))
        finally:
            self._served.pop((served.edge, served.link), None)
            await super().unsubscribe(subscription)

    def _unserve(self, key: tuple[str, int]) -> None:
        served = self._served.pop(key, None)
        if served is not None:
            served.queue.put_nowait(None)

    # --- leases, dead instances --------------------------------------------------------------

    async def _every_third_of_heartbeat(self, work: Callable[[], Any]) -> None:
        while True:
            await asyncio.sleep(self.config.heartbeat / 3)
            try:
                await work()
            except Exception:
                log.exception("cluster: %s failed", getattr(work, "__name__", "work"))

    async def _renew(self) -> None:
        registered, lost = await self.directory.renew(list(self._generations))
        if not registered:
            # Stalled past its heartbeat: others may have taken some rooms over (`lost` names them,
            # the fence keeps this instance from writing to them); the rest are still its own.
            log.warning("instance %s: heartbeat ran out; %d of its %d rooms were taken over",
                        self.instance, len(lost), len(self.rooms))
        for code in lost:
            await self._lose(code)
        if not registered:
            self._spawn(self._adopt_unowned())

    async def _watch(self) -> None:
        """Links to instances that died end; the rooms of dead instances are taken over."""
        others = await self.directory.others()
        peers = self.forwards.owners() | {served.edge for served in self._served.values()}
        alive = await self.directory.alive(others | peers) | {self.instance}
        self.forwards.owner_gone(alive)
        for key, served in list(self._served.items()):
            if served.edge not in alive:
                self._unserve(key)
        for dead in sorted(others - alive):
            await self._adopt(dead)

    async def _adopt(self, dead: str) -> None:
        """Take over the unfinished rooms of an instance whose heartbeat has run out."""
        waiting = False
        for code in await self.directory.rooms_of(dead):
            owner = await self.directory.owner(code)
            if owner in (dead, None):  # a dead owner's room is claimed at once, its lease or not
                row = await self.storage.load_room(code)
                if row is not None and row.status != FINISHED:
                    owned = await self._owned(code)
                    if owned == "":
                        waiting = True
                        continue
                    log.info("room %s of dead instance %s: now %s", code, dead,
                             "here" if isinstance(owned, Room) else owned)
            await self.directory.forget_room(dead, code)
        if not waiting:
            await self.directory.forget_instance(dead)

    async def _adopt_unowned(self) -> None:
        """Claim the playing rooms nobody owns (the whole cluster was down, or Redis lost its data)."""
        for row in await self.storage.rooms_with_status(PLAYING):
            if row.code not in self.rooms and await self.directory.owner(row.code) is None:
                await self._owned(row.code)
