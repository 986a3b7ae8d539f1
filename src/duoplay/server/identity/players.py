"""The players table: create a player, find one by the cookie's secret or by id, rename, delete."""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, delete, insert, select, update

from duoplay.core.text import tidy_player_text
from duoplay.server.identity.cookie import hash_secret, new_secret
from duoplay.server.identity.tables import PlayedModel, PlayerModel, RatingModel
from duoplay.server.protocol import MAX_NAME
from duoplay.server.storage import Storage
from duoplay.server.storage.models import MatchModel
from duoplay.server.storage.store import Statement, Write

_players = cast(Table, PlayerModel.__table__)
_ratings = cast(Table, RatingModel.__table__)
_played = cast(Table, PlayedModel.__table__)
_matches = cast(Table, MatchModel.__table__)

DEFAULT_NAME = "Player"


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str
    created_at: float


def new_player_id() -> str:
    return secrets.token_urlsafe(9)  # 12 characters, public: it only names a profile


def tidy_name(name: Any) -> str | None:
    """The name as seats show it (the player-text rule, at most MAX_NAME characters), or None if
    nothing printable is left."""
    if not isinstance(name, str):
        return None
    shown = tidy_player_text(name)[:MAX_NAME].rstrip()
    return shown or None


def _player(row: Any) -> Player:
    return Player(row.id, row.name, row.created_at)


class Players:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        # More of a player's rows to delete with it (a later table's, such as its passkeys):
        # each gives the statements that delete them, run in the same commit.
        self.on_delete: list[Callable[[str], list[Statement]]] = []
        # More places a cookie's secret may be kept (a second browser's, signed in by a passkey):
        # each takes the secret's hash and gives the player id it keeps, or None.
        self.more_secrets: list[Callable[[str], Awaitable[str | None]]] = []
        # What a browser's sign-out ends beside its cookie (a passkey's second browser: its secret);
        # each takes the secret's hash.
        self.on_sign_out: list[Callable[[str], Awaitable[None]]] = []

    async def create(self, name: str | None = None) -> tuple[Player, str]:
        """A new player and the secret its cookie keeps."""
        secret = new_secret()
        player = Player(new_player_id(), tidy_name(name) or DEFAULT_NAME, time.time())
        values = {"id": player.id, "secret_hash": hash_secret(secret), "name": player.name,
                  "created_at": player.created_at}
        await self.storage.write(Write(((insert(_players), values),)))
        return player, secret

    async def by_secret(self, secret: str) -> Player | None:
        hashed = hash_secret(secret)
        async with self.storage.engine.connect() as conn:
            row = (await conn.execute(select(_players).where(_players.c.secret_hash == hashed))).first()
        if row is not None:
            return _player(row)
        for more in self.more_secrets:
            if (player_id := await more(hashed)) is not None:
                return await self.get(player_id)
        return None

    async def sign_out(self, secret: str) -> None:
        """The browser keeping `secret` forgets its player: a secret a passkey gave stops working."""
        hashed = hash_secret(secret)
        for forget in self.on_sign_out:
            await forget(hashed)

    async def get(self, player_id: str) -> Player | None:
        if not 0 < len(player_id) <= 16:
            return None
        async with self.storage.engine.connect() as conn:
            row = (await conn.execute(select(_players).where(_players.c.id == player_id))).first()
        return None if row is None else _player(row)

    async def existing(self, player_ids: set[str]) -> set[str]:
        if not player_ids:
            return set()
        async with self.storage.engine.connect() as conn:
            rows = (await conn.execute(select(_players.c.id).where(_players.c.id.in_(player_ids)))).all()
        return {row.id for row in rows}

    async def rename(self, player_id: str, name: str) -> None:
        statement = update(_players).where(_players.c.id == player_id).values(name=name)
        await self.storage.write(Write(((statement, None),)))

    async def delete(self, player_id: str) -> None:
        """Delete the player, its ratings and its history, in one commit. The logs of its finished
        matches stay (the other players' history and replays need them), with its name removed
        from their seats: they become matches of an anonymous player."""
        async with self.storage.players_lock:  # no rating of a match that ends meanwhile refers to it
            async with self.storage.engine.connect() as conn:
                seats = (await conn.execute(
                    select(_played.c.match_id, _played.c.seat).where(_played.c.player_id == player_id))).all()
                names = {row.id: list(row.names) for row in (await conn.execute(
                    select(_matches.c.id, _matches.c.names)
                    .where(_matches.c.id.in_({seat.match_id for seat in seats})))).all()}
            for seat in seats:
                if seat.match_id in names and 0 <= seat.seat < len(names[seat.match_id]):
                    names[seat.match_id][seat.seat] = None
            statements: list[Statement] = [
                (update(_matches).where(_matches.c.id == match_id).values(names=shown), None)
                for match_id, shown in names.items()
            ]
            for more in self.on_delete:
                statements += more(player_id)
            statements += [
                (delete(_played).where(_played.c.player_id == player_id), None),
                (delete(_ratings).where(_ratings.c.player_id == player_id), None),
                (delete(_players).where(_players.c.id == player_id), None),
            ]
            await self.storage.write(Write(tuple(statements)))
