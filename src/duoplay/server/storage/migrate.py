"""Bring a database up to the current schema with Alembic; the migrations ship inside the package."""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config

MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    # Alembic's config is an ini parser: a literal % must be doubled.
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str) -> None:
    """Run every pending migration. Blocking; call it from a thread if a loop is running."""
    command.upgrade(alembic_config(url), "head")


async def upgrade_async(url: str) -> None:
    await asyncio.to_thread(upgrade, url)
