"""Seats, room codes and tokens: who sits where, and who may act for a seat.

Pure bookkeeping, no I/O: the room calls these and then stores the result.
Tokens are kept only as SHA-256 hashes, so neither the database nor a room
summary ever holds one that could be replayed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from duoplay.core.protocol import JSON
from duoplay.server.protocol import (
    ALREADY_STARTED,
    MALFORMED_MESSAGE,
    ROOM_FULL,
    SEAT_TAKEN,
    SEATS_EMPTY,
    ProtocolError,
)

# No 0/O, 1/I: codes are read aloud and typed from screens.
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 6

HUMAN, BOT, EMPTY = "human", "bot", "empty"
WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"


def new_room_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(code: str) -> str:
    return code.strip().upper()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(slots=True)
class Seat:
    kind: str = EMPTY
    name: str | None = None
    level: str | None = None
    token_hash: str | None = None
    away: bool = False
    """A human's seat that a bot plays for now (the player left or lost the connection)."""
    player: str | None = None
    """The id of the person's player (`server/identity/`), if their browser keeps one."""
    rating: JSON | None = None
    """Their rating in this game as shown (`ratings/model.py`), if they have one."""

    @property
    def bot_plays(self) -> bool:
        return self.kind == BOT or (self.kind == HUMAN and self.away)

    def public_kind(self) -> str:
        return BOT if self.bot_plays else self.kind

    def to_json(self) -> JSON:
        return {
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "token_hash": self.token_hash,
            "away": self.away,
            "player": self.player,
            "rating": self.rating,
        }

    @classmethod
    def from_json(cls, data: JSON) -> Seat:
        return cls(
            kind=data.get("kind", EMPTY),
            name=data.get("name"),
            level=data.get("level"),
            token_hash=data.get("token_hash"),
            away=bool(data.get("away", False)),
            player=data.get("player"),
            rating=data.get("rating"),
        )


class Lobby:
    """The seats of one room and its status."""

    def __init__(self, seats: list[Seat], status: str, bot_levels: list[str], standin_level: str) -> None:
        self.seats = seats
        self.status = status
        self.bot_levels = bot_levels
        self.standin_level = standin_level

    def _check_seat(self, seat: int) -> Seat:
        if not 0 <= seat < len(self.seats):
            raise ProtocolError(
                MALFORMED_MESSAGE, "There is no seat {seat}; seats are 0 to {last}",
                seat=seat, last=len(self.seats) - 1)
        return self.seats[seat]

    def _check_waiting(self) -> None:
        if self.status == PLAYING:
            raise ProtocolError(ALREADY_STARTED, "The game has started; seats are fixed until it ends")

    def seat_of(self, token: str | None) -> int | None:
        if not token:
            return None
        wanted = hash_token(token)
        for index, seat in enumerate(self.seats):
            if seat.kind == HUMAN and seat.token_hash and hmac.compare_digest(seat.token_hash, wanted):
                return index
        return None

    def sit(self, seat: int, name: str, current: int | None, token: str | None) -> str:
        """Take an empty seat; a seated client moves and keeps its token. Returns the token."""
        self._check_waiting()
        target = self._check_seat(seat)
        if current == seat:
            assert token is not None
            return token
        if target.kind != EMPTY:
            if all(s.kind != EMPTY for s in self.seats):
                raise ProtocolError(ROOM_FULL, "Every seat is taken")
            raise ProtocolError(SEAT_TAKEN, "Seat {seat} is taken", seat=seat)
        if current is not None and token is not None:
            self.seats[current] = Seat()
        else:
            token = new_token()
        self.seats[seat] = Seat(kind=HUMAN, name=name, token_hash=hash_token(token))
        return token

    def leave(self, seat: int) -> None:
        if self.status == PLAYING:
            # The token stays valid: the player may come back and take the seat again.
            self.seats[seat].away = True
        else:
            self.seats[seat] = Seat()

    def add_bot(self, seat: int, level: str) -> None:
        self._check_waiting()
        target = self._check_seat(seat)
        if level not in self.bot_levels:
            raise ProtocolError(
                MALFORMED_MESSAGE, "No bot level {level!r}; choose from {levels}", level=level[:40],
                levels=", ".join(self.bot_levels)
            )
        if target.kind != EMPTY:
            raise ProtocolError(SEAT_TAKEN, "Seat {seat} is taken", seat=seat)
        self.seats[seat] = Seat(kind=BOT, name=f"{level} bot", level=level)

    def remove_bot(self, seat: int) -> None:
        self._check_waiting()
        if self._check_seat(seat).kind != BOT:
            raise ProtocolError(SEAT_TAKEN, "Seat {seat} holds no bot", seat=seat)
        self.seats[seat] = Seat()

    def check_start(self) -> None:
        if self.status == PLAYING:
            raise ProtocolError(ALREADY_STARTED, "The game is already running")
        if any(seat.kind == EMPTY for seat in self.seats):
            raise ProtocolError(SEATS_EMPTY, "Every seat needs a player or a bot before the start")

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot that plays `seat` now, or None if a person does."""
        target = self.seats[seat]
        if target.kind == BOT:
            return target.level
        return self.standin_level if target.bot_plays else None

    def has_empty_seat(self) -> bool:
        return any(seat.kind == EMPTY for seat in self.seats)

    def stored_seats(self) -> list[JSON]:
        return [seat.to_json() for seat in self.seats]

    def public_seats(self, connected: set[int] | None = None) -> list[JSON]:
        shown = []
        for index, seat in enumerate(self.seats):
            kind = seat.public_kind()
            entry: JSON = {"seat": index, "name": seat.name, "kind": kind, "level": self.bot_level(index)}
            if connected is not None:  # the room message: who is there, and their profiles
                entry["connected"] = kind == BOT or (seat.kind == HUMAN and index in connected)
                entry["player"], entry["rating"] = seat.player, seat.rating
            shown.append(entry)
        return shown
