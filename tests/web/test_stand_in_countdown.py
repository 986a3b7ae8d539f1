"""A player who drops out of a running game: the others see on that seat how long before a bot takes
over, counting down, and then the bot."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect
from tests.web.conftest import Server

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 657}
GRACE = 6  # seconds the server keeps a dropped player's seat


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[str]:
    server = Server(tmp_path, args=("--replace-after", str(GRACE)))
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


def _player(browser: Browser, name: str) -> BrowserContext:
    context = browser.new_context(viewport=LAPTOP, locale="en-GB")
    context.add_init_script(f"localStorage.setItem('duoplay.name', JSON.stringify({name!r}))")
    return context


def test_the_others_see_a_countdown_then_the_bot(browser: Browser, quick_server: str) -> None:
    body = json.dumps({"game": "uno-duo"}).encode()
    request = urllib.request.Request(quick_server + "/api/rooms", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        code = json.load(answer)["code"]
    ada_context, bo_context = _player(browser, "Ada"), _player(browser, "Bo")
    ada, bo = ada_context.new_page(), bo_context.new_page()
    for page, seat in ((ada, 0), (bo, 1)):
        page.goto(f"{quick_server}/room/{code}")
        page.click(f"li.seat[data-seat='{seat}'] button.sit")
        expect(page.locator(f"li.seat[data-seat='{seat}'] .badge.you")).to_be_visible()
    ada.click("#start:not([disabled])")
    ada.wait_for_selector("#uno-table[data-version]")
    bo.wait_for_selector("#uno-table[data-version]")
    expect(ada.locator("#uno-opponent .kit-seat-name")).to_have_text("Bo")

    bo.close()  # Bo's connection drops
    seat = ada.locator("#uno-opponent .kit-seat")
    countdown = seat.locator(".kit-badge-takeover")
    expect(seat.locator(".kit-badge-offline")).to_have_text("Offline")
    expect(countdown).to_have_text(re.compile(r"^A bot takes over in [1-6] seconds?$"))
    first = int(countdown.get_attribute("data-seconds") or "0")
    ada.screenshot(path="/tmp/uno-takeover.png")
    expect(countdown).to_have_attribute("data-seconds", str(first - 2), timeout=4000)  # it counts down
    # Then the bot plays the seat, still under Bo's name, and the countdown is gone.
    expect(seat.locator(".kit-badge-bot")).to_be_visible(timeout=(GRACE + 5) * 1000)
    expect(seat.locator(".kit-seat-name")).to_have_text("Bo")
    expect(countdown).to_have_count(0)
    expect(seat.locator(".kit-badge-offline")).to_have_count(0)
    ada.screenshot(path="/tmp/uno-takeover-bot.png")
    ada_context.close()
    bo_context.close()
