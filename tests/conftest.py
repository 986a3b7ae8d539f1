"""Make the `tests` folder importable, so test modules can share helpers and strategies; start the
servers that a run's workers share."""

import sys
from pathlib import Path

import pytest

_ROOT = str(Path(__file__).resolve().parents[1])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from tests import shared_servers  # noqa: E402 - importable once the line above has run


def pytest_configure(config: pytest.Config) -> None:
    shared_servers.register(config)
