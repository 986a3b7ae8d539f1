"""The player tables on SQLite and on a real PostgreSQL: the migration from 0003, deleting a player
for real, and ratings that commit with the match's outcome or not at all."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest
from alembic import command
from sqlalchemy import Table, insert, inspect, select

from duoplay.core.log import LogEntry, MatchHeader
from duoplay.core.match import Match
from duoplay.core.protocol import Outcome
from duoplay.server.identity.players import Players
from duoplay.server.identity.tables import PlayedModel, PlayerModel, RatingModel
from duoplay.server.lobby import HUMAN, PLAYING, Lobby, Seat
from duoplay.server.ratings.read import history, ratings_of
from duoplay.server.ratings.standings import Standings
from duoplay.server.storage import RoomRow, Storage
from duoplay.server.storage.migrate import alembic_config, upgrade_async
from duoplay.server.storage.models import ActionModel, MatchModel

pytestmark = pytest.mark.asyncio

_players = cast(Table, PlayerModel.__table__)
_ratings = cast(Table, RatingModel.__table__)
_played = cast(Table, PlayedModel.__table__)
_matches = cast(Table, MatchModel.__table__)
_actions = cast(Table, ActionModel.__table__)


async def _rows(storage: Storage, table: Table) -> list[Any]:
    async with storage.engine.connect() as conn:
        return list((await conn.execute(select(table))).all())


async def _started(url: str) -> Storage:
    await upgrade_async(url)
    storage = Storage(url)
    await storage.start()
    return storage


async def test_the_migration_from_0003_keeps_matches_and_adds_the_player_tables(database_url: str) -> None:
    config = alembic_config(database_url)

    async def migrate(move: Any, revision: str) -> None:
        await asyncio.to_thread(move, config, revision)  # Alembic's env runs a loop of its own

    await migrate(command.upgrade, "0003")
    storage = Storage(database_url)
    await storage.start()
    try:
        await storage.create_match("old", "ROOM", MatchHeader("uno-duo", 2, 1, {}), ["Ada", "Bo"], 1.0)
        await storage.append_action("old", 1, LogEntry(0, {"type": "draw"}), None)
        await migrate(command.upgrade, "0004")

        def tables(connection: Any) -> set[str]:
            return set(inspect(connection).get_table_names())

        async with storage.engine.connect() as conn:
            assert {"players", "ratings", "played"} <= await conn.run_sync(tables)
        stored = await storage.load_match("old")
        assert stored is not None and stored.names == ["Ada", "Bo"] and len(stored.log) == 1
        await migrate(command.downgrade, "0003")
        async with storage.engine.connect() as conn:
            assert not {"players", "ratings", "played"} & await conn.run_sync(tables)
        await migrate(command.upgrade, "head")
    finally:
        await storage.close()


async def _finished_match(storage: Storage, players: list[str], match_id: str, seed: int) -> Outcome:
    """A match of UNO Duo between `players`, played to its end and stored with what its end writes."""
    match = Match.new("uno-duo", 2, seed=seed, options={"target_score": 1})
    seats = [Seat(HUMAN, name, player=player) for name, player in zip(("Ada", "Bo"), players, strict=True)]
    lobby = Lobby(seats, PLAYING, ["random"], "random")
    await storage.create_room(RoomRow(match_id.upper()[:6], "uno-duo", {}, lobby.stored_seats(), PLAYING,
                                      match_id, 1.0))
    await storage.create_match(match_id, match_id.upper()[:6], match.header, ["Ada", "Bo"], 1.0)
    standings = Standings(storage, match.game, lobby)
    standings.person_acted(0)
    standings.person_acted(1)
    while (outcome := match.outcome()) is None:
        seat = match.to_move()[0]
        match.act(seat, match.legal_actions(seat)[0])
        ended = match.outcome()
        async with standings.finishing(match_id, ended) as also:
            await storage.append_action(match_id, match.version, match.log[-1],
                                        None if ended is None else ended.to_json(), also=also)
    return outcome


async def test_deleting_a_player_deletes_its_rows_and_leaves_the_match_anonymous(database_url: str) -> None:
    storage = await _started(database_url)
    try:
        players = Players(storage)
        ada, _ = await players.create("Ada")
        bo, _ = await players.create("Bo")
        await _finished_match(storage, [ada.id, bo.id], "m1", 3)
        assert len(await ratings_of(storage, ada.id)) == 1 and len(await history(storage, ada.id)) == 1
        actions = len(await _rows(storage, _actions))

        await players.delete(ada.id)
        assert [row.id for row in await _rows(storage, _players)] == [bo.id]
        assert [row.player_id for row in await _rows(storage, _ratings)] == [bo.id]
        assert [row.player_id for row in await _rows(storage, _played)] == [bo.id]
        stored = await storage.load_match("m1")
        assert stored is not None and stored.finished and stored.names == [None, "Bo"]
        assert len(await _rows(storage, _actions)) == actions  # the log stays, for Bo's replay
        [match] = await history(storage, bo.id)
        assert match["names"] == [None, "Bo"] and match["rated"]
    finally:
        await storage.close()


async def test_a_failure_between_the_outcome_and_the_ratings_stores_neither(database_url: str) -> None:
    storage = await _started(database_url)
    try:
        players = Players(storage)
        ada, _ = await players.create("Ada")
        header = MatchHeader("uno-duo", 2, 1, {})
        await storage.create_match("m2", "ROOM", header, ["Ada", "Bo"], 1.0)
        await storage.append_action("m2", 1, LogEntry(0, {"type": "draw"}), None)
        outcome = {"winners": [0], "results": [1, 0], "scores": [10, 0], "reason": "test"}
        good = (insert(_ratings), {"player_id": ada.id, "game": "uno-duo", "mu": 27.0, "sigma": 8.0,
                                   "played": 1, "updated_at": 1.0})
        # The second statement fails (no such player) after the outcome and the first rating were
        # written in the transaction: as a crash between them would, it takes everything with it.
        failing = (insert(_ratings), {"player_id": "nobody", "game": "uno-duo", "mu": 23.0, "sigma": 8.0,
                                      "played": 1, "updated_at": 1.0})
        with pytest.raises(Exception):  # noqa: B017 - the database's own integrity error
            await storage.append_action("m2", 2, LogEntry(1, {"type": "draw"}), outcome, also=(good, failing))
        stored = await storage.load_match("m2")
        assert stored is not None and not stored.finished and stored.outcome is None and len(stored.log) == 1
        assert await _rows(storage, _ratings) == []

        await storage.append_action("m2", 2, LogEntry(1, {"type": "draw"}), outcome, also=(good,))
        stored = await storage.load_match("m2")
        assert stored is not None and stored.finished and len(stored.log) == 2
        assert [(row.player_id, row.mu) for row in await _rows(storage, _ratings)] == [(ada.id, 27.0)]
    finally:
        await storage.close()
