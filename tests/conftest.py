"""Make the `tests` folder importable, so test modules can share helpers and strategies; start the
servers that a run's workers share."""

import os
import sys
from pathlib import Path

import pytest

_ROOT = str(Path(__file__).resolve().parents[1])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from tests import shared_servers  # noqa: E402 - importable once the line above has run


def pytest_configure(config: pytest.Config) -> None:
    # Bots think at the tests' own priority (duoplay.bots.worker.default_niceness): beside a load at normal
    # priority, bots niced below it starve, and a test waits minutes for a move.
    os.environ.setdefault("DUOPLAY_BOT_NICENESS", "0")
    shared_servers.register(config)


def _tier(item: pytest.Item) -> int:
    """Tests that start servers and commands first (the longest), then the quick in-process ones,
    the browser tests last: a worker that has driven a page keeps Playwright's event loop on its
    thread, where a later test's `asyncio.run` would fail."""
    if item.get_closest_marker("browser"):
        return 2
    if item.get_closest_marker("live") or item.get_closest_marker("postgres"):
        return 0
    return 1


@pytest.hookimpl(trylast=True)  # after tests/web/conftest.py has marked the browser tests
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_tier)  # stable: within a tier, the order of the files
