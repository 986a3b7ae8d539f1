"""The screen stays on while a seated player plays a match (kit/wakelock.js): the room page asks for
a Screen Wake Lock once the match runs, and lets it go while a bot plays for the player; never for
a spectator or in a room still waiting.

The full Chromium, headless, grants the lock to a page served from 127.0.0.1 (a secure context), so
the lock is held here, not only asked for; the headless shell the other browser tests use refuses
it, so these tests launch the full browser."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, expect
from tests.web import driver
from tests.web.conftest import CHROMIUM
from tests.web.tables import NewContext, Person, add_bot, enter, new_room, player, start

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser(browser_type: BrowserType, browser_type_launch_args: dict[str, Any]) -> Iterator[Browser]:
    full = browser_type.launch(**{**browser_type_launch_args, "executable_path": CHROMIUM})
    yield full
    full.close()


def test_a_seated_player_holds_the_wake_lock_during_a_match(new_context: NewContext, server_url: str) -> None:
    code = new_room(server_url, "uno-duo", 2, seed=3)
    ana, errors = player(new_context, Person("Ana"))
    enter(ana, server_url, code, 0)
    add_bot(ana, 1, "heuristic")
    body = ana.locator("body")
    assert ana.evaluate("document.body.dataset.wakeLock") is None  # waiting: the screen may sleep
    watcher, watcher_errors = player(new_context, Person("Cy"))
    watcher.goto(f"{server_url}/room/{code}")
    start(ana, "uno-duo")
    # The page asks as the match starts, and this browser grants it...
    expect(body).to_have_attribute("data-wake-lock", "held")
    assert ana.evaluate("'wakeLock' in navigator && window.isSecureContext")
    # ...and a spectator's page never asks: nobody plays from it.
    expect(watcher.locator("#uno-table[data-version]")).to_be_attached()
    assert watcher.evaluate("document.body.dataset.wakeLock") is None
    driver.play_past_the_draft(ana)
    expect(body).to_have_attribute("data-wake-lock", "held")  # still held as the match goes on
    # A bot plays for Ana: her screen may sleep. Back in her seat, it stays on again.
    ana.once("dialog", lambda dialog: dialog.accept())
    ana.locator("button.leave").click()
    ana.wait_for_function("() => !('wakeLock' in document.body.dataset)")
    ana.locator("button.take-back").click()
    expect(body).to_have_attribute("data-wake-lock", "held")
    assert errors == [] and watcher_errors == []
