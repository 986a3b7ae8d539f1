"""A player who drops out of a running game: the others see on that seat how long before a bot takes
over, counting down, and then the bot."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect
from tests.web.conftest import Server
from tests.web.driver import start
from tests.web.tables import LAPTOP, NewContext, Person, enter, new_room, player

pytestmark = pytest.mark.browser

# Seconds the server keeps a dropped player's seat. The server counts them in real time (the clock
# hook moves game deadlines, not this one), so the countdown must be seen within them: four
# seconds leave a loaded machine three to show it, and the bot comes after them.
GRACE = 4


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[str]:
    server = Server(tmp_path, args=("--replace-after", str(GRACE)))
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


def test_the_others_see_a_countdown_then_the_bot(new_context: NewContext, quick_server: str) -> None:
    code = new_room(quick_server, "uno-duo", 2)
    (ada, errors), (bo, _) = (player(new_context, Person(name, LAPTOP, "en-GB")) for name in ("Ada", "Bo"))
    ada.clock.install()  # Ada's page keeps time as usual, until the test moves it on
    enter(ada, quick_server, code, 0)
    enter(bo, quick_server, code, 1)
    start(ada)
    bo.wait_for_selector("#uno-table[data-version]")
    expect(ada.locator("#uno-opponent .kit-seat-name")).to_have_text("Bo")

    bo.context.close()  # Bo's connection drops
    seat = ada.locator("#uno-opponent .kit-seat")
    countdown = seat.locator(".kit-badge-takeover")
    expect(seat.locator(".kit-badge-offline")).to_have_text("Offline")
    expect(countdown).to_have_text(re.compile(rf"^A bot takes over in [1-{GRACE}] seconds?$"))
    first = int(countdown.get_attribute("data-seconds") or "0")
    ada.screenshot(path="/tmp/uno-takeover.png")
    ada.clock.fast_forward(2000)  # two seconds later on Ada's page: it counts down
    expect(countdown).to_have_attribute("data-seconds", str(max(first - 2, 0)))
    # Then the bot plays the seat, still under Bo's name, and the countdown is gone.
    expect(seat.locator(".kit-badge-bot")).to_be_visible(timeout=(GRACE + 5) * 1000)
    expect(seat.locator(".kit-seat-name")).to_have_text("Bo")
    expect(countdown).to_have_count(0)
    expect(seat.locator(".kit-badge-offline")).to_have_count(0)
    ada.screenshot(path="/tmp/uno-takeover-bot.png")
    assert errors == []
