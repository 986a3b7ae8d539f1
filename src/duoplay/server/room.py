"""One room, the master of its match: validate -> apply -> store -> fan out views.

Everything that changes a room runs in its loop (`inbox.RoomLoop`), one piece at
a time in order of arrival: clients' messages, bots' moves coming back from the
bot pool, timers. An action is committed to storage before any client hears of
it; if storing fails, the match is rebuilt without it. Bots never think in the
loop (see `bot_seats.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from duoplay.core import declared
from duoplay.core.errors import GameError
from duoplay.core.log import MatchHeader
from duoplay.core.match import Match, replay
from duoplay.core.protocol import JSON, Deadline, Event, Game, Seat
from duoplay.core.registry import find_game
from duoplay.server import protocol as wire
from duoplay.server.away import AwayTimers
from duoplay.server.bot_seats import BotSeats, Decider
from duoplay.server.config import ServerConfig
from duoplay.server.deadlines import DeadlineTimer
from duoplay.server.fanout import FanOut
from duoplay.server.inbox import RoomLoop, log_failure
from duoplay.server.lobby import FINISHED, HUMAN, PLAYING, WAITING, Lobby
from duoplay.server.lobby import Seat as SeatInfo
from duoplay.server.protocol import Incoming, MessageId, ProtocolError
from duoplay.server.ratings.standings import Standings
from duoplay.server.rematch import Rematch
from duoplay.server.room_bots import BotTurns
from duoplay.server.room_streams import LiveStreams
from duoplay.server.storage import RoomRow, Storage
from duoplay.server.streams import StreamRelay

log = logging.getLogger(__name__)

DONE_IDS = 64  # a seat's latest actions whose ids are known: a resend comes within seconds
EMOTE_GAP = 2.0  # seconds a player waits between two reactions: enough to show each, too few to flood

Send = Callable[[str], None]
_client_ids = itertools.count(1)


@dataclass(slots=True)
class Client:
    id: int
    send: Send
    name: str | None = None
    seat: int | None = None
    token: str | None = None
    deltas: bool = False
    player: str | None = None  # the player its cookie named (identity/seats.py)
    last_emote: float = float("-inf")  # time.monotonic() when this connection last reacted

    @property
    def greeted(self) -> bool:
        return self.name is not None


class Room:
    def __init__(
        self, row: RoomRow, storage: Storage, config: ServerConfig, bots: Decider, match: Match | None = None
    ) -> None:
        self.code = row.code
        self.game: Game[Any, Any] = find_game(row.game)
        self.options = row.options
        self.created_at = row.created_at
        levels = [level.id for level in declared.bot_levels(self.game)]
        self.lobby = Lobby(
            [SeatInfo.from_json(s) for s in row.seats], row.status, levels, declared.standin_level(self.game)
        )
        self.match = match
        self.match_id = row.match_id
        self.standings = Standings(storage, self.game, self.lobby, match)  # who is rated, at the end
        self.storage = storage
        self.config = config
        self.clients: dict[int, Client] = {}
        self.lock = asyncio.Lock()
        self.loop = RoomLoop(self.code, self.lock, self._close_due_deadline)
        self.fanout = FanOut(self._own_view)
        self.streams = StreamRelay(self.game)
        self.live = LiveStreams(self)
        self.bot_turns = BotTurns(self)
        self.bots = BotSeats(self.game, bots, config.bot_pace, config.bot_delay, self.bot_turns.turn,
                             self.bot_turns.move, self.code)
        self._done_ids: dict[int, deque[MessageId]] = {}  # per seat, the ids of its latest actions made
        self.away = AwayTimers(self.code, config.replace_after, self.loop.submit, self._absent)
        self.deadline = DeadlineTimer(self._deadline_fired)
        self.next_seed: int | None = None  # the seed of the next match, when a test hook chose it
        self.closed = False
        # Whether the open-room list shows this room; a seated player turns it on and off. It lives in
        # memory only: a room the server reloads is listed again, as a room made without the web client.
        self.listed = True
        self.rematch = Rematch()  # who has accepted the next match, once one has finished

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
        seats = self.lobby.public_seats(self.connected_seats())
        for entry in seats:
            entry["replace_in"] = self._replace_in(entry["seat"])
        carried = declared.carried_options(self.game)  # the room's own memory, never shown: it can be large
        return {
            "code": self.code,
            "game": self.game.id,
            "options": {name: value for name, value in self.options.items() if name not in carried},
            "seats": seats,
            "status": self.status,
            "match_id": self.match_id,
            "listed": self.listed,
            "rematch": self.rematch.to_json(),
        }

    def _deadline_shown(self) -> tuple[object, JSON | None]:
        """The armed wait (compared by identity) and what clients see of it, for a countdown."""
        left = self.deadline.seconds_left()
        return self.deadline.armed, None if left is None else {"seconds_left": round(left, 1)}

    def _full_state(self, client: Client) -> None:
        assert self.match is not None
        client.send(self.fanout.full_state(self.match, client.seat, self._deadline_shown()))

    def _own_view(self, seat: int) -> JSON:
        """What `seat` streamed and the server keeps, in its own view only: a device that joins the
        seat carries on from it (and what the game keeps of the stream is what that device shows)."""
        if self.match is None:
            return {}
        return declared.stream_view(self.game, self.match.state, seat, self.streams.kept_by(seat))

    def _greeted(self) -> list[Client]:
        """The clients that said hello: a connection hears nothing of the room before it does."""
        return [client for client in self.clients.values() if client.greeted]

    def _broadcast_room(self) -> None:
        text = wire.encode(wire.message("room", room=self.room_json()))
        for client in self._greeted():
            client.send(text)

    def _fan_out(self, events: list[Event]) -> None:
        assert self.match is not None
        self.fanout.broadcast(self.match, self._greeted(), events, self._deadline_shown())

    def _send_error(self, client: Client, error: ProtocolError, message_id: MessageId = None) -> None:
        client.send(wire.encode(wire.error(error, message_id)))

    # --- connections ---------------------------------------------------------------------

    def connect(self, send: Send) -> int:
        client = Client(next(_client_ids), send)
        self.clients[client.id] = client
        return client.id

    async def disconnect(self, client_id: int) -> None:
        await self.loop.submit(lambda: self._disconnect(client_id))

    async def _disconnect(self, client_id: int) -> None:
        client = self.clients.pop(client_id, None)
        if client is None or client.seat is None:
            return
        self._arm_away(client.seat)  # first, so the room message says when the bot takes over
        self._broadcast_room()

    async def handle(self, client_id: int, incoming: Incoming) -> None:
        """Carry out one client message in arrival order; any refusal goes back to that client."""
        with contextlib.suppress(asyncio.CancelledError):
            await self.loop.submit(lambda: self._handle(client_id, incoming), incoming.arrived)

    async def _handle(self, client_id: int, incoming: Incoming) -> None:
        client = self.clients.get(client_id)
        if client is None:
            return
        try:
            await self._dispatch(client, incoming)
        except ProtocolError as error:
            self._send_error(client, error, incoming.id)
        except Exception:
            # A fault of ours (storage down, a bug) is still answered, and the room keeps running.
            log.exception("room %s: could not handle %r", self.code, incoming.message)
            self._send_error(
                client,
                ProtocolError(wire.SERVER_ERROR, "The server could not do that; try again"),
                incoming.id,
            )

    async def _dispatch(self, client: Client, incoming: Incoming) -> None:
        msg = incoming.message
        if isinstance(msg, wire.Hello):
            await self._hello(client, msg)
            return
        if not client.greeted:
            raise ProtocolError(wire.MALFORMED_MESSAGE, "Say hello first")
        if isinstance(msg, wire.Sit):
            await self._sit(client, msg.seat)
        elif isinstance(msg, wire.ActionMessage):
            await self._action(client, msg, incoming)
        elif isinstance(msg, wire.StreamMessage):
            await self.live.receive(client, msg, incoming.arrived)
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
                waited = self.rematch.waited_for(self.lobby.seats, self.connected_seats())
                if self.status == FINISHED and not self.rematch.accept(client.seat, waited):
                    self._broadcast_room()  # everyone sees who has accepted the rematch
                    return
                await self._start(incoming.arrived)
            elif isinstance(msg, wire.Emote):
                self._emote(client, msg.emote, time.monotonic())
            elif isinstance(msg, wire.Listed):
                self.listed = msg.listed
                self._broadcast_room()

    async def _hello(self, client: Client, msg: wire.Hello) -> None:
        if client.greeted:
            raise ProtocolError(wire.MALFORMED_MESSAGE, "hello was already said on this connection")
        seat = self.lobby.seat_of(msg.token)
        most = self.config.max_spectators
        if seat is None and most > 0 and sum(1 for c in self._greeted() if c.seat is None) >= most:
            raise ProtocolError(wire.SPECTATORS_FULL, "This room has {most} spectators already; "
                                "take a seat in another room or try again later", most=most)
        client.name, client.deltas, client.player = msg.name, msg.deltas, msg.player
        if msg.token is not None and seat is None:
            self._send_error(client, ProtocolError(wire.BAD_TOKEN, "That token holds no seat in this room"))
        if seat is not None:
            self._take_over(seat, client)
            client.seat, client.token = seat, msg.token
            self.away.cancel(seat)
            await self._end_stand_in(seat)
        client.send(
            wire.encode(wire.message("welcome", seat=client.seat, token=client.token, room=self.room_json()))
        )
        self._broadcast_room()
        if self.match is not None:
            self._full_state(client)

    def _take_over(self, seat: int, newcomer: Client) -> None:
        """A seat has one connection: an older one with the same token becomes a spectator, if the
        room takes one more; else it hears no more until it says hello again (and is refused)."""
        most = self.config.max_spectators
        for other in self.clients.values():
            if other is not newcomer and other.seat == seat:
                other.seat, other.token = None, None
                self._send_error(
                    other, ProtocolError(wire.SEAT_TAKEN, "This seat was claimed by another connection")
                )
                if most > 0 and sum(1 for c in self._greeted() if c.seat is None) > most:
                    other.name = None  # no longer greeted: it neither counts nor hears the room
                elif self.match is not None:
                    self._full_state(other)

    async def _sit(self, client: Client, seat: int) -> None:
        assert client.name is not None
        token = self.lobby.sit(seat, client.name, client.seat, client.token)
        client.seat, client.token = seat, token
        await self.standings.seated(seat, client.player, client.name)
        client.send(wire.encode(wire.message("seated", seat=seat, token=token)))
        await self._lobby_changed()

    async def _leave(self, client: Client) -> None:
        assert client.seat is not None
        seat = client.seat
        self.lobby.leave(seat)
        self.rematch.withdraw(seat)
        client.seat, client.token = None, None
        self.away.cancel(seat)
        await self._lobby_changed()
        if self.match is not None:
            self._full_state(client)
        self.bot_turns.wake()

    def _emote(self, client: Client, emote: str, arrived: float) -> None:
        """A reaction shown briefly at the sender's seat, to everyone in the room."""
        assert client.seat is not None
        wait = client.last_emote + EMOTE_GAP - arrived
        if wait > 0:
            raise ProtocolError(wire.RATE_LIMITED, "Wait {seconds} s before reacting again",
                                seconds=max(1, round(wait)))
        client.last_emote = arrived
        text = wire.encode(wire.message("emote", seat=client.seat, emote=emote))
        for other in self._greeted():
            other.send(text)

    async def _lobby_changed(self) -> None:
        await self._store_room()
        self._broadcast_room()

    async def _store_room(self) -> None:
        await self.storage.update_room(self.code, self.lobby.stored_seats(), self.status, self.match_id)

    # --- the match -----------------------------------------------------------------------

    async def start_match(self) -> None:
        """Start the match now (Play now, see playnow.py), as a seated player's `start` would."""
        await self._start()

    async def _start(self, arrived: float | None = None) -> None:
        self.lobby.check_start()
        if self.match is not None:
            self.options = declared.next_options(self.game, self.match.state, self.options)
        seeded, self.next_seed = self.next_seed, None
        seed = secrets.randbits(62) if seeded is None else seeded
        header = MatchHeader(self.game.id, len(self.lobby.seats), seed, self.options)
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
        self.bots.new_match(seeded)
        self.standings.new_match()
        self.rematch.reset()
        self.streams.reset()
        self._done_ids.clear()
        self.fanout.reset()
        self._broadcast_room()
        self._arm_deadline(self.loop_time() if arrived is None else arrived)
        self._fan_out([])
        for seat in range(len(self.lobby.seats)):
            self._arm_away(seat)
        self.bot_turns.wake()

    async def _action(self, client: Client, msg: wire.ActionMessage, incoming: Incoming) -> None:
        if client.seat is None:
            raise ProtocolError(wire.NOT_SEATED, "Spectators cannot play; take a seat first")
        if self.match is None or self.status == WAITING:
            raise ProtocolError(wire.NOT_STARTED, "The game has not started")
        if self.lobby.seats[client.seat].away:
            # A player whose clock ran out too often, acting again, takes the seat back from the bot.
            await self._end_stand_in(client.seat)
            self._broadcast_room()
        done = self._done_ids.setdefault(client.seat, deque(maxlen=DONE_IDS))
        if incoming.id is not None and incoming.id in done:
            # Sent again after its answer was lost with a connection: it was made once, and that is all.
            client.send(wire.encode(wire.message("ack", id=incoming.id, version=self.match.version)))
            return
        await self._apply(client.seat, msg.action, msg.version, incoming.arrived)
        self.standings.person_acted(client.seat)
        if incoming.id is not None:
            done.append(incoming.id)
            client.send(wire.encode(wire.message("ack", id=incoming.id, version=self.match.version)))

    async def _apply(
        self, seat: Seat, action: Any, version: int | None, arrived: float | None = None
    ) -> None:
        """The pipeline. Raises ProtocolError (state unchanged) if the action is refused."""
        arrived = self.loop_time() if arrived is None else arrived
        match = self.match
        assert match is not None and self.match_id is not None
        try:
            events = match.act(seat, action, version)
        except GameError as error:
            raise ProtocolError.from_game(error) from None
        outcome = match.outcome()
        try:
            async with self.standings.finishing(self.match_id, outcome) as ratings:  # commit with the outcome
                await self.storage.append_action(self.match_id, match.version, match.log[-1],
                                                 None if outcome is None else outcome.to_json(), also=ratings)
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
        self._arm_deadline(arrived)
        self._fan_out(events)
        if outcome is not None:
            self._broadcast_room()
        await self.live.commit_closed(arrived)
        self.bot_turns.wake()

    def _arm_deadline(self, arrived: float) -> None:
        """Before states go out, so they carry the time left of the wait they start or continue.
        A new wait runs from the arrival of the action that began it."""
        if self.match is None or self.status != PLAYING:
            self.deadline.cancel()
        else:
            self.deadline.arm(self.match.version, self.match.deadline(), arrived)

    async def _close_due_deadline(self, arrived: float) -> None:
        """Before anything that arrived at `arrived`: a wait that ended earlier closes first,
        whether or not its timer has fired yet (a late timer must not let a late answer in)."""
        due = self.deadline.due(arrived)
        if due is not None:
            await self._deadline_passed(*due, self.deadline.ends_at)

    async def _deadline_fired(self, version: int, deadline: Deadline, ends_at: float) -> None:
        done = self.loop.submit(lambda: self._deadline_passed(version, deadline, ends_at), ends_at)
        done.add_done_callback(log_failure)

    async def _deadline_passed(self, version: int, deadline: Deadline, ends_at: float) -> None:
        if self.match is None or self.status != PLAYING or self.deadline.armed != (version, deadline):
            return
        current = self.match.deadline()
        # A keyed wait stays due while the game still reports it; an unkeyed one only
        # if nothing happened since it was armed.
        still_due = (
            (current is not None and current.key == deadline.key)
            if deadline.key
            else self.match.version == version
        )
        if not still_due:
            return
        self.deadline.cancel()
        try:
            await self._apply(deadline.seat, deadline.action, None, ends_at)
        except ProtocolError as error:
            log.error("room %s: timeout action refused: %s", self.code, error.message)
            return
        await self._hand_idle_seats_to_bots()

    async def _hand_idle_seats_to_bots(self) -> None:
        """A player the game's clock ran out on too often in a row gets the seat's stand-in bot,
        as an absent one does; acting again (or taking the seat back) ends it."""
        if self.match is None or self.status != PLAYING:
            return
        idle = [
            seat for seat in declared.idle_seats(self.game, self.match.state)
            if self.lobby.seats[seat].kind == HUMAN and not self.lobby.seats[seat].away
        ]
        if not idle:
            return
        for seat in idle:
            self.lobby.seats[seat].away = True
        with contextlib.suppress(Exception):
            await self._store_room()
        self._broadcast_room()
        self.bot_turns.wake()

    async def _end_stand_in(self, seat: int) -> None:
        """The seat's player is back: the stand-in bot stops."""
        if self.lobby.seats[seat].away:
            self.lobby.seats[seat].away = False
            self.bots.stop(seat)
            await self._store_room()

    # --- live streams --------------------------------------------------------------------

    @staticmethod
    def loop_time() -> float:
        return asyncio.get_running_loop().time()

    async def advance_clock(self, seconds: float) -> JSON:
        """Move the game's clock on by `seconds`, at most to the armed deadline, which then passes at
        once, and absent players' grace with it (a test hook: tests wait on states, not on time).
        Returns the version and the time left."""

        async def advance() -> JSON:
            if self.away.bring_forward(seconds):
                self._broadcast_room()  # the seats' countdowns read the new time left
            armed = self.deadline.armed
            if armed is not None:
                if self.deadline.ends_at - seconds <= self.loop_time():
                    self.deadline.ends_at = self.loop_time()
                    await self._deadline_passed(*armed, self.deadline.ends_at)
                else:
                    self.deadline.bring_forward(seconds)
                    for client in self._greeted():  # their countdowns read the new time left
                        self._full_state(client)
            return {"version": None if self.match is None else self.match.version,
                    "seconds_left": self.deadline.seconds_left()}

        result: JSON = await self.loop.submit(advance)
        return result

    # --- absent players --------------------------------------------------------------------

    def _arm_away(self, seat: int) -> None:
        """A seated player with no connection during a game gets a bot after a grace period."""
        info = self.lobby.seats[seat]
        if self.status != PLAYING or info.kind != HUMAN or info.away or seat in self.connected_seats():
            return
        self.away.arm(seat)

    def _replace_in(self, seat: int) -> float | None:
        return None if self.status != PLAYING else self.away.seconds_left(seat)

    async def _absent(self, seat: int) -> None:
        info = self.lobby.seats[seat]
        if self.status != PLAYING or info.kind != HUMAN or info.away or seat in self.connected_seats():
            return
        info.away = True
        with contextlib.suppress(Exception):
            await self._store_room()
        self._broadcast_room()
        self.bot_turns.wake()

    def resume(self, wait_began: float | None = None) -> None:
        """After loading from storage: nobody is connected yet, so arm every timer afresh, except the
        game's wait, which runs on from when it began (`wait_began`, wall-clock seconds) if known:
        a crash or a hand-over costs no player time. A wait that ended meanwhile passes now (so the
        next one runs from now: nobody could act while the room was down), unless it ended more
        than `unwatched_after` ago: a room left that long stops its clocks (it leaves memory), so
        it starts the wait afresh. A start ahead of this machine's clock (another instance's, on a
        cluster) counts from now."""
        for seat in range(len(self.lobby.seats)):
            self._arm_away(seat)
        now = self.loop_time()
        ran = 0.0 if wait_began is None else max(0.0, time.time() - wait_began)
        deadline = None if self.match is None else self.match.deadline()
        if deadline is not None:
            ran = 0.0 if ran > deadline.seconds + self.config.unwatched_after else min(ran, deadline.seconds)
        self._arm_deadline(now - ran)
        self.bot_turns.wake()

    async def close(self) -> None:
        self.closed = True
        self.deadline.cancel()
        self.away.close()
        if self.live.late_wake is not None:
            self.live.late_wake.cancel()
        await self.bots.close()
        await self.loop.close()

