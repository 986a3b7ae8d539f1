"""A player who drops out of a running game: the others see on that seat how long before a bot takes
over, counting down, and then the bot."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.web.driver import start
from tests.web.tables import LAPTOP, NewContext, Person, advance, enter, new_room, player

pytestmark = pytest.mark.browser

# Seconds of a dropped player's grace left once the test has moved the room's clock on: the
# countdown is read within them, however loaded the machine (the shared server's grace is an hour).
LEFT = 20


def test_the_others_see_a_countdown_then_the_bot(new_context: NewContext, server_url: str) -> None:
    code = new_room(server_url, "uno-duo", 2)
    (ada, errors), (bo, _) = (player(new_context, Person(name, LAPTOP, "en-GB")) for name in ("Ada", "Bo"))
    ada.clock.install()  # Ada's page keeps time as usual, until the test moves it on
    enter(ada, server_url, code, 0)
    enter(bo, server_url, code, 1)
    start(ada)
    bo.wait_for_selector("#uno-table[data-version]")
    expect(ada.locator("#uno-opponent .kit-seat-name")).to_have_text("Bo")

    bo.context.close()  # Bo's connection drops
    seat = ada.locator("#uno-opponent .kit-seat")
    countdown = seat.locator(".kit-badge-takeover")
    expect(seat.locator(".kit-badge-offline")).to_have_text("Offline")
    expect(countdown).to_be_visible()
    grace = int(countdown.get_attribute("data-seconds") or "0")
    advance(server_url, code, grace - LEFT)  # the server tells the room the grace left
    expect(countdown).to_have_text(re.compile(r"^A bot takes over in (1\d|20) seconds$"))
    first = int(countdown.get_attribute("data-seconds") or "0")
    ada.screenshot(path="/tmp/uno-takeover.png")
    ada.clock.fast_forward(2000)  # two seconds later on Ada's page (and maybe more): it counts down
    at_most_two_less = "|".join(str(n) for n in range(first - 1))
    expect(countdown).to_have_attribute("data-seconds", re.compile(rf"^({at_most_two_less})$"))
    # When the grace is over, the bot plays the seat, still under Bo's name, and the countdown is gone.
    advance(server_url, code)
    expect(seat.locator(".kit-badge-bot")).to_be_visible()
    expect(seat.locator(".kit-seat-name")).to_have_text("Bo")
    expect(countdown).to_have_count(0)
    expect(seat.locator(".kit-badge-offline")).to_have_count(0)
    ada.screenshot(path="/tmp/uno-takeover-bot.png")
    assert errors == []
