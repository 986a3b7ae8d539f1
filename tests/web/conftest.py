"""Browser tests: a real `duoplay serve` in a subprocess and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from tests import shared_servers
from tests.web.tables import LAPTOP, PHONE

__all__ = ["LAPTOP", "PHONE", "Server"]

# An assertion waits for the state it expects as long as a loaded 2-core machine may take to show
# it; a page that shows it sooner passes sooner, so only a failure takes longer to report.
expect.set_options(timeout=15_000)

# Debian's Chromium headless shell: the same Blink, V8 and network stack as the browser (one source
# package, one version) without the browser's windowing and compositing layers, which cost about
# 40% of the browser tests' CPU for nothing on screen. `--headed` runs the full Chromium.
CHROMIUM_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


class Server:
    """`duoplay serve` in a subprocess; it can be stopped and started again on the same port and database.
    Its test hooks are on (`tables.new_room`'s seed and bot pace, `tables.advance`)."""

    def __init__(self, folder: Path, port: int | None = None, args: tuple[str, ...] = ()) -> None:
        self.folder = folder
        self.port = port or shared_servers.free_port()
        self.args = args  # more `duoplay serve` options, such as ("--replace-after", "4")
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = self.folder / "server.log"
        duoplay = Path(sys.executable).with_name("duoplay")
        command = [str(duoplay), "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--database", f"sqlite+aiosqlite:///{self.folder / 'db.sqlite'}", "--bot-pace", "0.05",
                   "--log-level", "warning", "--test-hooks",
                   # A page closed at a test's end leaves its seat: no stand-in bot plays the room out
                   # meanwhile, loading the server that later tests share (a test may ask for less).
                   "--replace-after", "3600",
                   "--bot-workers", "1",
                   # Many rooms and sockets come from this machine: no per-address limit applies to it.
                   "--room-limit-exempt", "127.0.0.1", "::1", *self.args]
        with log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ})
        process = self.process
        shared_servers.wait_for_health(self.url, lambda: process.poll() is None, log)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


BROWSER_FIXTURES = {"page", "context", "browser", "new_context", "new_page"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that opens a page is a browser test, whether or not its module says so."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server with a fresh SQLite database that every browser test of the run shares
    (unless it stops it): started once by the run's controller under xdist (tests/shared_servers.py),
    else here. It warms up the games that load word lists and models before it answers, so no bot
    decision or first answer of a test waits behind a load that another test's room started."""
    shared = shared_servers.announced("browser")
    if shared is not None:
        shared_servers.wait_until_up(shared)
        yield shared.url
        return
    process, shared = shared_servers.launch("browser", tmp_path_factory.mktemp("server"))
    try:
        shared_servers.wait_until_up(shared)
        yield shared.url
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server for one test, which the test may stop and restart."""
    server = Server(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any],
                             pytestconfig: pytest.Config) -> dict[str, Any]:
    """Playwright's own browser download does not work here: use Debian's Chromium."""
    headed = bool(pytestconfig.getoption("headed", default=False))
    executable, package = (CHROMIUM, "chromium") if headed else (CHROMIUM_SHELL, "chromium-headless-shell")
    if not Path(executable).exists():
        pytest.fail(f"{executable} is missing: apt-get install -y {package}")
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROMIUM_ARGS}


@pytest.fixture
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the tests save what a player sees: docs/screenshots when DUOPLAY_SCREENSHOTS=1
    (`make screenshots`), else a temporary folder, so a test run leaves the docs as they are."""
    if os.environ.get("DUOPLAY_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return SCREENSHOTS
    return tmp_path_factory.mktemp("screenshots")
