"""The queue at work: joins, polls, leaving, bots on request, and a loop that seats the groups
`grouping.py` forms at a new private table (created, filled and started here; its people learn
their seat by polling whichever instance they reach)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from duoplay.core import declared
from duoplay.core.errors import GameError
from duoplay.core.protocol import JSON, Game
from duoplay.core.registry import find_game
from duoplay.server import protocol as wire
from duoplay.server.config import ServerConfig
from duoplay.server.matchmaking.grouping import Group, TableRule, more_in, next_group
from duoplay.server.matchmaking.players import RatingOf, ratings_from
from duoplay.server.matchmaking.shared import SharedQueue
from duoplay.server.matchmaking.store import MemoryQueue, QueueStore
from duoplay.server.matchmaking.tickets import SEATED, Ticket, new_ticket, queue_name, ticket_id
from duoplay.server.playnow import player_name  # the name as a room's hello takes it
from duoplay.server.ratelimit import AddressLimit, LocalAddressLimit, TokenBuckets, retry_after_header
from duoplay.server.rooms import LocalRooms, RoomError

log = logging.getLogger(__name__)

TICK = 0.5  # seconds between looks at every queue: the waits for more and expired tickets


def table_rule(game: Game[Any, Any], config: ServerConfig) -> TableRule:
    """The fewest people the queue seats: the game's minimum, or the table it is best at (the seats of
    its Play now) when that is more; the most: its seats."""
    best = getattr(game, "play_now_seats", None)
    least = max(game.min_seats, min(game.max_seats, best if isinstance(best, int) else game.min_seats))
    return TableRule(least, game.max_seats, config.queue_more_seconds)


def deck_language(game: Game[Any, Any]) -> tuple[str, list[Any], Any] | None:
    """The option that is the game's deck language (its spec says `page_language`): its name, its
    choices and its default; None for a game without one."""
    for spec in declared.option_specs(game):
        if spec.page_language:
            return spec.name, [value for value, _ in spec.choices], spec.default
    return None


def _game(game: Any) -> Game[Any, Any]:
    if not isinstance(game, str):
        raise RoomError("malformed_request", '"game" must be a game id')
    try:
        rules: Game[Any, Any] = find_game(game)
    except GameError as error:
        raise RoomError.from_game("unknown_game", error) from None
    return rules


def _language(rules: Game[Any, Any], lang: Any) -> str | None:
    deck = deck_language(rules)
    if deck is None:
        return None  # one queue for the game: its cards speak no language
    _, choices, default = deck
    if lang is None:
        return str(default)
    if lang not in choices:
        raise RoomError("bad_language", "{game} has no deck in that language", game=rules.name)
    return str(lang)


class Matchmaker:
    def __init__(
        self, store: QueueStore, rooms: LocalRooms, config: ServerConfig,
        room_limit: AddressLimit | None, join_limit: AddressLimit | None,
        rating_of: RatingOf | None = None, clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.rooms = rooms
        self.config = config
        self.room_limit = room_limit
        self.join_limit = join_limit
        self.rating_of = rating_of
        self.clock = clock
        self._loop: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._loop = asyncio.create_task(self._every_tick(), name="queue-seating")

    async def close(self) -> None:
        if self._loop is not None:
            self._loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop
        await self.store.close()

    def _spared(self, address: str) -> bool:
        return address in self.config.room_limit_exempt

    # --- what a client asks ------------------------------------------------------------------

    async def join(self, game: Any, lang: Any, rated: Any, name: Any, address: str,
                   player: str | None = None) -> tuple[str, JSON]:
        """A new place in the queue: the ticket (the client's secret) and the status."""
        rules = _game(game)
        deck = _language(rules, lang)
        if rated is not None and not isinstance(rated, bool):
            raise RoomError("malformed_request", '"rated" must be true or false')
        shown = player_name(name)
        if self.join_limit is not None and not self._spared(address):
            wait = await self.join_limit.take(address)
            if wait > 0:
                after = retry_after_header(wait)
                raise RoomError(wire.RATE_LIMITED, "Too many queue joins from your address; try again in "
                                "{seconds} s", 429, seconds=int(after))
        rating = None
        if rated and player is not None and self.rating_of is not None:
            rating = await self.rating_of(player, rules.id)
        secret = new_ticket()
        owner = f"player:{player}" if player else f"address:{address}:{shown.casefold()}"
        ticket = Ticket(ticket_id(secret), queue_name(rules.id, deck, bool(rated)), rules.id, deck,
                        bool(rated), shown, address, owner, self.clock(), player, rating)
        await self.store.put(ticket)  # a live ticket of the same owner is replaced
        await self.seat_ready(ticket.queue)
        return secret, await self.status(secret)

    async def _ticket(self, secret: str) -> Ticket:
        ticket = await self.store.get(ticket_id(secret))
        if ticket is None:
            raise RoomError("ticket_not_found", "You are no longer in the queue: it was left, or not "
                            "asked about for a while", 404)
        return ticket

    async def status(self, secret: str) -> JSON:
        ticket = await self._ticket(secret)
        if ticket.state == SEATED:
            return ticket.seated_json()
        waiting = await self.store.waiting(ticket.queue)
        rule = table_rule(find_game(ticket.game), self.config)
        now = self.clock()
        bots_in = max(0.0, ticket.joined + self.config.queue_bots_seconds - now)
        more = more_in(waiting, now, rule)
        return {"state": "waiting", "game": ticket.game, "lang": ticket.lang, "rated": ticket.rated,
                "waiting": len(waiting), "least": rule.least, "most": rule.most,
                "bots_in": round(bots_in, 1), "bots_offered": bots_in == 0,
                "more_in": None if more is None else round(more, 1)}

    async def leave(self, secret: str) -> None:
        await self.store.remove(ticket_id(secret))

    async def bots_now(self, secret: str, address: str) -> JSON:
        """Fill the holder's table with bots now (with whoever else waits); a room made for one person
        counts against their address's room allowance, as a room they made themselves would."""
        ticket = await self._ticket(secret)
        if ticket.state == SEATED:
            return ticket.seated_json()
        if not ticket.bots:
            if self.room_limit is not None and not self._spared(address):
                wait = await self.room_limit.take(address)
                if wait > 0:
                    after = retry_after_header(wait)
                    raise RoomError(wire.RATE_LIMITED, "Too many new rooms from your address; try again in "
                                    "{seconds} s", 429, seconds=int(after))
            ticket.bots = True
            await self.store.save(ticket)
        await self.seat_ready(ticket.queue)
        return await self.status(secret)

    # --- seating -----------------------------------------------------------------------------

    async def _every_tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            try:
                queues = await self.store.queues()
            except Exception:
                log.exception("queue: could not read the queues")
                continue
            for queue in queues:  # one queue's trouble does not hold up the others
                try:
                    await self.seat_ready(queue)
                except Exception:
                    log.exception("queue %s: could not seat the waiting", queue)

    async def seat_ready(self, queue: str) -> None:
        """Seat every table `queue` is ready for, unless another instance is doing it now."""
        async with self.store.turn(queue) as mine:
            if not mine:
                return
            while True:
                waiting = await self.store.waiting(queue)
                if not waiting:
                    return
                group = next_group(waiting, self.clock(), table_rule(find_game(waiting[0].game), self.config))
                if group is None:
                    return
                await self.store.take(queue, [ticket.id for ticket in group.people])
                try:
                    await self._seat(group)
                except Exception:
                    log.exception("queue %s: could not seat a table of %d", queue, len(group.people))
                    for ticket in group.people:
                        ticket.bots = False  # asked again, not retried for ever
                        await self.store.save(ticket)
                        await self.store.put_back(ticket)
                    return

    async def _seat(self, group: Group) -> None:
        """One private room with the group seated under their names (in a random order: nobody
        keeps the first seat for having come first), the bots added, the match started."""
        first = group.people[0]
        if group.bots == 0:
            await self._count_room(max(group.people, key=lambda ticket: ticket.joined).address)
        rules = find_game(first.game)
        deck = deck_language(rules)
        options = {deck[0]: first.lang} if deck is not None and first.lang is not None else None
        count = len(group.people) + group.bots
        code = await self.rooms.create(first.game, options, count)
        room = await self.rooms.local_room(code)  # on a cluster, claimed by this instance
        if room is None:
            raise RoomError("room_not_found", "No room has that code", 404)
        seats = list(range(count))
        secrets.SystemRandom().shuffle(seats)
        people_seats, bot_seats = seats[: len(group.people)], seats[len(group.people):]

        async def fill_and_start() -> list[str]:
            tokens = []
            for seat, ticket in zip(people_seats, group.people, strict=True):
                tokens.append(room.lobby.sit(seat, ticket.name, None, None))
                # The seat's player, as a `sit` records it: the match is rated between profiles.
                await room.standings.seated(seat, ticket.player, ticket.name)
            for seat in bot_seats:
                room.lobby.add_bot(seat, room.lobby.standin_level)
            room.listed = False
            await room.start_match()
            return tokens

        tokens: list[str] = await room.loop.submit(fill_and_start)
        for ticket, seat, token in zip(group.people, people_seats, tokens, strict=True):
            ticket.state, ticket.code, ticket.seat, ticket.token = SEATED, code, seat, token
            await self.store.save(ticket)
        log.info("queue %s: seated %d and %d bots in room %s", first.queue, len(group.people), group.bots,
                 code)

    async def _count_room(self, address: str) -> None:
        """A table of people counts against the room allowance of whoever joined last (it was their
        join that made it); it is never refused: each of them spent a queue join already."""
        if self.room_limit is not None and not self._spared(address):
            await self.room_limit.take(address)


def open_matchmaker(config: ServerConfig, rooms: LocalRooms, room_limit: AddressLimit | None) -> Matchmaker:
    """The queue for this server: in the cluster's Redis when there is one, else in this process."""
    local = (LocalAddressLimit(TokenBuckets(config.queue_burst, config.queue_joins_per_minute / 60))
             if config.queue_burst > 0 else None)
    redis = getattr(rooms, "redis", None)
    store: QueueStore
    join_limit: AddressLimit | None = local
    if redis is not None:
        store = SharedQueue(redis, config.queue_ticket_seconds)
        shared_limit = getattr(rooms, "shared_limit", None)
        if shared_limit is not None:
            join_limit = shared_limit("queue", local)
    else:
        store = MemoryQueue(config.queue_ticket_seconds)
    return Matchmaker(store, rooms, config, room_limit, join_limit, ratings_from(rooms.storage))
