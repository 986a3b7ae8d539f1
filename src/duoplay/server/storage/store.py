"""Async storage over SQLAlchemy: SQLite by default, PostgreSQL by URL.

Every write goes through one writer task that commits whatever is queued in a
single transaction (group commit): many rooms appending at once cost one
commit, and SQLite never sees two writers. A caller's `await` returns only
after its write is committed, which is what lets the room broadcast safely.

Writes are data (Core statements), so a batch can run where it is cheapest.
On PostgreSQL it goes over the async engine. On SQLite it runs on a plain
connection, in the event loop itself: in WAL mode with synchronous=NORMAL a
commit only hands pages to the operating system (a fraction of a
millisecond, no disk wait), which costs less than the thread hand-offs an
async driver needs per statement; each hand-off waits for the scheduler, and
on a busy machine that wait, not SQLite, was the slow part. The one step that
waits for the disk, the WAL checkpoint, runs on its own connection in a
thread (`_checkpoint_loop`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import (
    Engine,
    Executable,
    Table,
    Text,
    create_engine,
    event,
    insert,
    make_url,
    select,
    tuple_,
    update,
)
from sqlalchemy import cast as sql_cast
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from duoplay.core.log import LogEntry, MatchHeader
from duoplay.core.protocol import JSON
from duoplay.server.storage.models import ActionModel, MatchModel, RoomModel
from duoplay.server.watchdog import note_commit

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 2.0  # seconds between SQLite WAL checkpoints
SLOW_COMMIT = 0.05  # seconds; slower commits are logged, as every room waits for them
POSTGRES_WRITERS = 4  # transactions in flight at once on PostgreSQL

Statement = tuple[Executable, Any]
"""A Core statement and its parameters (None, one dict, or a list of dicts for a multi-row insert)."""


@dataclass(frozen=True, slots=True)
class Fence:
    """Commit only while the room's stored `generation` is still this one: the claim of the process
    that owns the room on a cluster (docs/server.md). A process that lost the room cannot write."""

    code: str
    generation: int


class Fenced(Exception):
    """A write refused because another process has claimed the room since this one did."""

    def __init__(self, fences: list[Fence]) -> None:
        self.codes = [fence.code for fence in fences]
        super().__init__(f"rooms claimed by another process: {', '.join(self.codes)}")


@dataclass(frozen=True, slots=True)
class Write:
    """Statements that commit together."""

    statements: tuple[Statement, ...]
    fence: Fence | None = None


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One log entry to insert; consecutive ones in a batch go in as a single multi-row insert."""

    values: JSON
    outcome: JSON | None
    fence: Fence | None = None
    also: tuple[Statement, ...] = ()
    """Statements that commit with the outcome (the ratings and history the match's end writes)."""


Item = Write | ActionRow

_rooms = cast(Table, RoomModel.__table__)
_matches = cast(Table, MatchModel.__table__)
_actions = cast(Table, ActionModel.__table__)


@dataclass(slots=True)
class RoomRow:
    code: str
    game: str
    options: JSON
    seats: list[JSON]
    status: str
    match_id: str | None
    created_at: float


@dataclass(slots=True)
class StoredMatch:
    match_id: str
    room_code: str
    header: MatchHeader
    names: list[Any]
    finished: bool
    outcome: JSON | None
    log: list[LogEntry]
    created_at: float = 0.0
    # When each logged action was accepted (wall-clock seconds), None where that was not stored.
    accepted_at: list[float | None] = field(default_factory=list)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL survives a killed process (only power loss can undo a commit).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    # Checkpoints (the only step that waits for the disk) run beside the writer, not inside a commit.
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


def make_engine(url: str) -> AsyncEngine:
    engine = create_async_engine(url)
    if engine.dialect.name == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def make_sqlite_writer(url: str) -> Engine:
    """A plain (blocking) engine on the same SQLite file, used only by the writer."""
    engine = create_engine(make_url(url).set(drivername="sqlite+pysqlite"), pool_size=1, max_overflow=0)
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


LOAD_RUN = 1000  # action rows decoded between two returns to the event loop


class Storage:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._sync = make_sqlite_writer(url) if self.engine.dialect.name == "sqlite" else None
        self._queue: asyncio.Queue[tuple[Item, asyncio.Future[None]]] = asyncio.Queue()
        self._writers: list[asyncio.Task[None]] = []
        self._checkpointer: asyncio.Task[None] | None = None
        # Held from reading players' ratings to committing the match that changes them (and while a
        # player is deleted), so two matches ending at once never rate from the same old rating.
        self.players_lock = asyncio.Lock()

    async def start(self) -> None:
        if not self._writers:
            # SQLite takes one writer. PostgreSQL commits several transactions at once: while one batch
            # waits for its round trips, the next is gathered and sent. Writes of one room never race,
            # since a room waits for each of its writes before it makes the next.
            count = 1 if self._sync is not None else POSTGRES_WRITERS
            self._writers = [
                asyncio.create_task(self._write_loop(), name=f"storage-writer-{n}") for n in range(count)
            ]
        if self.engine.dialect.name == "sqlite" and self._checkpointer is None:
            self._checkpointer = asyncio.create_task(self._checkpoint_loop(), name="storage-checkpoint")

    async def _checkpoint_loop(self) -> None:
        """Copy the WAL into the database now and then, on a connection of its own (PASSIVE never blocks)."""
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            try:
                async with self.engine.connect() as conn:
                    await conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:
                log.exception("WAL checkpoint failed")

    async def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpointer
            self._checkpointer = None
        if self._writers:
            await self._queue.join()  # let queued writes finish before the engine goes
            for writer in self._writers:
                writer.cancel()
            for writer in self._writers:
                with contextlib.suppress(asyncio.CancelledError):
                    await writer
            self._writers = []
        if self._sync is not None:
            self._sync.dispose()
        await self.engine.dispose()

    # --- writes ---------------------------------------------------------------------------

    async def write(self, op: Item) -> None:
        """Queue one write and return once it is committed (raises if it failed)."""
        if not self._writers:
            await self.start()
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._queue.put((op, done))
        await done

    async def _write_loop(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty() and len(batch) < 500:
                batch.append(self._queue.get_nowait())
            started = time.monotonic()
            try:
                await self._commit_items([op for op, _ in batch])
            except Exception:
                # One bad write must not fail its neighbours: redo them one by one.
                await self._write_each(batch)
            else:
                for _, done in batch:
                    if not done.done():
                        done.set_result(None)
            took = time.monotonic() - started
            note_commit(took, len(batch))
            if took > SLOW_COMMIT:
                log.warning("slow commit: %.0f ms for %d writes", took * 1000, len(batch))
            for _ in batch:
                self._queue.task_done()

    async def _write_each(self, batch: list[tuple[Item, asyncio.Future[None]]]) -> None:
        for op, done in batch:
            try:
                await self._commit_items([op])
            except Exception as error:
                log.exception("storage write failed")
                if not done.done():
                    done.set_exception(error)
            else:
                if not done.done():
                    done.set_result(None)

    async def _commit_items(self, items: list[Item]) -> None:
        rows = [item for item in items if isinstance(item, ActionRow) and item.outcome is None]
        if self._sync is None and len(rows) == len(items):
            await self._append_in_one_statement(rows)  # the common batch on PostgreSQL: moves only
        elif self._sync is not None and len(rows) == len(items):
            _append_sync(self._sync, rows)  # the common batch on SQLite: moves only
        else:
            await self._commit(*_plan(items))

    async def _append_in_one_statement(self, rows: list[ActionRow]) -> None:
        """Moves, fenced, in one statement on its own (one round trip instead of four): the fence's
        UPDATE and the INSERT commit together or not at all, and the INSERT inserts nothing unless
        every fence held."""
        fences = list(dict.fromkeys(row.fence for row in rows if row.fence is not None))
        arguments = (
            [fence.code for fence in fences], [fence.generation for fence in fences],
            [row.values["match_id"] for row in rows], [row.values["version"] for row in rows],
            [row.values["seat"] for row in rows], [json.dumps(row.values["action"]) for row in rows],
            [row.values["accepted_at"] for row in rows], len(fences),
        )
        async with self.engine.connect() as conn:
            driver = (await conn.get_raw_connection()).driver_connection
            assert driver is not None
            status = await driver.execute(_APPEND, *arguments)
        if int(status.rsplit(" ", 1)[-1]) != len(rows):
            raise Fenced(fences)  # which one is found when the batch is retried write by write

    async def _commit(self, plan: list[Statement], fences: list[Fence]) -> None:
        """Run statements in one transaction and commit; first check every fence (raises `Fenced`)."""
        if self._sync is not None:
            _commit_sync(self._sync, plan, fences)  # SQLite: see the module docstring
            return
        async with self.engine.begin() as conn:
            # The fence's UPDATE locks the rooms' rows until the commit, so a claim by another
            # process (which bumps the generation) waits for this commit or makes it fail.
            if fences and (await conn.execute(_fence_statement(fences))).rowcount != len(fences):
                raise Fenced(fences)  # which one is found when the batch is retried write by write
            for statement, params in plan:
                await conn.execute(statement, params)

    async def claim_room(self, code: str) -> int | None:
        """Take the room for this process: bump its generation and return it (None: no such room).
        Writes fenced with an older generation fail from the moment this commits."""
        bump = (
            update(_rooms)
            .where(_rooms.c.code == code)
            .values(generation=_rooms.c.generation + 1)
            .returning(_rooms.c.generation)
        )
        async with self.engine.begin() as conn:
            row = (await conn.execute(bump)).first()
        return None if row is None else int(row[0])

    async def create_room(self, row: RoomRow) -> None:
        values = {
            "code": row.code,
            "game": row.game,
            "options": row.options,
            "seats": row.seats,
            "status": row.status,
            "match_id": row.match_id,
            "created_at": row.created_at,
        }

        await self.write(Write(((insert(_rooms), values),)))

    async def update_room(
        self, code: str, seats: list[JSON], status: str, match_id: str | None, fence: Fence | None = None
    ) -> None:
        values = {"seats": seats, "status": status, "match_id": match_id}

        statement = update(_rooms).where(_rooms.c.code == code).values(**values)
        await self.write(Write(((statement, None),), fence))

    async def create_match(
        self, match_id: str, room_code: str, header: MatchHeader, names: list[Any], created_at: float,
        fence: Fence | None = None,
    ) -> None:
        values = {
            "id": match_id,
            "room_code": room_code,
            "game": header.game,
            "seats": header.seats,
            "seed": header.seed,
            "options": header.options,
            "names": names,
            "created_at": created_at,
            "finished": False,
            "outcome": None,
        }

        await self.write(Write(((insert(_matches), values),), fence))

    async def append_action(
        self, match_id: str, version: int, entry: LogEntry, outcome: JSON | None, fence: Fence | None = None,
        accepted_at: float | None = None, also: tuple[Statement, ...] = (),
    ) -> None:
        """Store one accepted action (and, if it ended the match, the outcome and `also`, the statements
        of what its end changes) in one commit, with when it was accepted (wall-clock seconds, default
        now): a resumed room's waits run on from it."""
        values = {
            "match_id": match_id, "version": version, "seat": entry.seat, "action": entry.action,
            "accepted_at": time.time() if accepted_at is None else accepted_at,
        }
        await self.write(ActionRow(values, outcome, fence, also if outcome is not None else ()))

    # --- reads ----------------------------------------------------------------------------

    async def load_room(self, code: str) -> RoomRow | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(_rooms).where(_rooms.c.code == code))).first()
        return None if row is None else _room_row(row)

    async def rooms_with_status(self, status: str) -> list[RoomRow]:
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(_rooms).where(_rooms.c.status == status))).all()
        return [_room_row(row) for row in rows]

    async def load_match(self, match_id: str, after: int = 0) -> StoredMatch | None:
        """The match with its log, or only the actions after version `after` (a reader that has the rest)."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(_matches).where(_matches.c.id == match_id))).first()
            if row is None:
                return None
            # Read in runs, so a long match's rows are decoded a run at a time and other work on
            # the event loop goes on between runs. Each run's actions are read as text and decoded
            # in one call: a decode per row costs several times more.
            rows = await conn.stream(
                select(_actions.c.seat, sql_cast(_actions.c.action, Text), _actions.c.accepted_at)
                .where(_actions.c.match_id == match_id, _actions.c.version > after)
                .order_by(_actions.c.version)
            )
            log: list[LogEntry] = []
            accepted_at: list[float | None] = []
            async for run in rows.partitions(LOAD_RUN):
                actions = json.loads("[" + ",".join(text for _, text, _ in run) + "]")
                log += [LogEntry(seat, action) for (seat, _, _), action in zip(run, actions, strict=True)]
                accepted_at += [at for _, _, at in run]
        header = MatchHeader(row.game, row.seats, row.seed, dict(row.options))
        return StoredMatch(
            match_id=row.id,
            room_code=row.room_code,
            header=header,
            names=list(row.names),
            finished=bool(row.finished),
            outcome=row.outcome,
            log=log,
            created_at=row.created_at,
            accepted_at=accepted_at,
        )


def _plan(items: list[Item]) -> tuple[list[Statement], list[Fence]]:
    """The statements for a batch, in order, with runs of action rows folded into one multi-row insert;
    and the fences they need, each once."""
    plan: list[Statement] = []
    fences = list(dict.fromkeys(item.fence for item in items if item.fence is not None))
    rows: list[ActionRow] = []

    def flush() -> None:
        if rows:
            plan.append((insert(_actions), [row.values for row in rows]))
            for row in rows:
                if row.outcome is not None:
                    finished = _matches.c.id == row.values["match_id"]
                    plan.append(
                        (update(_matches).where(finished).values(finished=True, outcome=row.outcome), None)
                    )
                    plan.extend(row.also)
            rows.clear()

    for item in items:
        if isinstance(item, ActionRow):
            rows.append(item)
        else:
            flush()
            plan.extend(item.statements)
    flush()
    return plan, fences


_APPEND = """
WITH fence AS (
    UPDATE rooms SET generation = rooms.generation
    FROM unnest($1::varchar[], $2::int[]) AS held(code, generation)
    WHERE rooms.code = held.code AND rooms.generation = held.generation
    RETURNING 1
)
INSERT INTO actions (match_id, version, seat, action, accepted_at)
SELECT new.match_id, new.version, new.seat, new.action::json, new.accepted_at
FROM unnest($3::varchar[], $4::int[], $5::int[], $6::text[], $7::float8[])
    AS new(match_id, version, seat, action, accepted_at)
WHERE (SELECT count(*) FROM fence) = $8
"""


def _fence_statement(fences: list[Fence]) -> Executable:
    """One UPDATE that touches each fenced room if its generation is still the one held: as many rows
    as fences, or some room was claimed by another process."""
    held = [(fence.code, fence.generation) for fence in fences]
    touched = tuple_(_rooms.c.code, _rooms.c.generation).in_(held)
    return update(_rooms).where(touched).values(generation=_rooms.c.generation)


def _append_sync(engine: Engine, rows: list[ActionRow]) -> None:
    """Moves only, fenced, on SQLite: one prepared INSERT run by sqlite3 itself for every row, with
    none of the SQL building and type processing an `insert()` costs per batch (a commit of the
    busiest server's moves runs in its event loop)."""
    fences = list(dict.fromkeys(row.fence for row in rows if row.fence is not None))
    values = [(v["match_id"], v["version"], v["seat"], json.dumps(v["action"]), v["accepted_at"])
              for v in (row.values for row in rows)]
    with engine.begin() as conn:
        if fences and conn.execute(_fence_statement(fences)).rowcount != len(fences):
            raise Fenced(fences)
        driver = conn.connection.driver_connection  # sqlite3's own, in the same transaction
        assert driver is not None
        driver.executemany(_APPEND_SQLITE, values)


_APPEND_SQLITE = "INSERT INTO actions (match_id, version, seat, action, accepted_at) VALUES (?, ?, ?, ?, ?)"


def _commit_sync(engine: Engine, plan: list[Statement], fences: list[Fence]) -> None:
    with engine.begin() as conn:
        if fences and conn.execute(_fence_statement(fences)).rowcount != len(fences):
            raise Fenced(fences)
        for statement, params in plan:
            conn.execute(statement, params)


def _room_row(row: Any) -> RoomRow:
    return RoomRow(
        code=row.code,
        game=row.game,
        options=dict(row.options),
        seats=list(row.seats),
        status=row.status,
        match_id=row.match_id,
        created_at=row.created_at,
    )
