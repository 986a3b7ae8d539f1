"""Alembic environment: runs the migrations over the async engine the server uses."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from duoplay.server.identity import tables as _player_tables  # noqa: F401  (on Base.metadata too)
from duoplay.server.storage.models import Base
from duoplay.server.storage.store import make_engine

target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()


MIGRATION_LOCK = 0x6475_6F70  # PostgreSQL advisory lock: several servers starting at once migrate in turn


async def _run_async() -> None:
    engine = make_engine(context.config.get_main_option("sqlalchemy.url") or "")
    async with engine.connect() as connection:
        locked = connection.dialect.name == "postgresql"
        if locked:
            await connection.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
            await connection.commit()
        try:
            await connection.run_sync(_run)
            await connection.commit()
        finally:
            if locked:
                await connection.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")
                await connection.commit()
    await engine.dispose()


if context.is_offline_mode():
    context.configure(url=context.config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    asyncio.run(_run_async())
