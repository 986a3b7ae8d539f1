"""The big screen: no seat, the room code large with a QR code, then the public table while phones play."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect
from tests.web.conftest import LAPTOP, PHONE
from tests.web.duos_fixtures import SLOW, NewContext, enter, new_room, player, start, tap_pairs, wait_saved


def test_a_screen_and_two_phones_play_a_duos_turn(new_context: NewContext, server_url: str,
                                                   screenshots: Path) -> None:
    code = new_room(server_url, 2, {"pairing_seconds": 300})
    screen, screen_errors = player(new_context, "Screen", LAPTOP)
    screen.goto(f"{server_url}/room/{code}/screen")
    expect(screen.locator("#screen-code")).to_have_text(code)
    qr = screen.locator("img.screen-qr")
    screen.wait_for_function("() => document.querySelector('img.screen-qr').naturalWidth > 100")
    assert code in (qr.get_attribute("alt") or "")
    svg = screen.request.get(f"{server_url}/api/rooms/{code}/qr.svg")
    assert svg.ok and svg.headers["content-type"].startswith("image/svg+xml") and b"<svg" in svg.body()

    ada, ada_errors = player(new_context, "Ada", PHONE)
    bo, bo_errors = player(new_context, "Bo", PHONE)
    enter(ada, server_url, code, 0)
    enter(bo, server_url, code, 1)
    expect(screen.locator("#screen-seats li[data-seat='0']")).to_have_text("Ada")
    expect(screen.locator("#screen-seats li[data-seat='1']")).to_have_text("Bo")
    screen.screenshot(path=str(screenshots / "big-screen-waiting.png"))
    start(ada)

    # The screen has no seat: it shows the 12 cards and no hand of its own to pair.
    expect(screen.locator("#screen-table #duos-grid .duos-card")).to_have_count(12, timeout=SLOW)
    expect(screen.locator("#screen-join")).to_have_class("screen-join small")
    for phone in (ada, bo):
        phone.wait_for_selector("#duos-grid .duos-card", timeout=SLOW)
        tap_pairs(phone, [(0, 1), (2, 3)])
        wait_saved(phone)
        phone.keyboard.press("l")
    # Both locked in: the turn is revealed on the screen too.
    expect(screen.locator("#screen-table #duos-reveal")).to_be_visible(timeout=SLOW)
    screen.screenshot(path=str(screenshots / "big-screen-duos-reveal.png"))
    assert screen_errors == [] and ada_errors == [] and bo_errors == []
