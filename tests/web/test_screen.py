"""The big screen: no seat, the room code large with a QR code, then the public table while phones play.

DUOS on the screen: the 12 cards large, who has locked in as each phone locks in (never their pairs),
the timer, then the reveal pair by pair, with nothing to close.

The screen's reveal runs on the page's timers (a pair every 1.4 s, then 9 s on show): the test holds
the screen's clock and moves it on step by step, so each step is checked as it is, at no wait."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect
from tests.web.duos_fixtures import (
    SLOW,
    NewContext,
    enter,
    lock_in,
    new_room,
    player,
    start,
    tap_pairs,
    wait_locked,
)

TV = {"width": 1920, "height": 1080}
STEP_MS, HOLD_MS = 1400, 9000  # screen.js: a pair of the reveal after another; the whole reveal on show
PHONE = {"width": 390, "height": 844}


def test_a_screen_and_two_phones_play_a_duos_turn(new_context: NewContext, server_url: str,
                                                   screenshots: Path) -> None:
    # Any deal will do; a fixed one replays a failure as it was.
    code = new_room(server_url, 2, {"pairing_seconds": 300}, seed=7)
    screen, screen_errors = player(new_context, "Screen", TV)
    screen.clock.install()  # the screen's timers run as usual until the test holds them
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

    # The screen's own table: the 12 cards large, the timer, both players still pairing.
    table = screen.locator("#screen-table #duos-table[data-screen='1']")
    cards = table.locator("#duos-grid .duos-card")
    expect(cards).to_have_count(12, timeout=SLOW)
    expect(screen.locator("#screen-join")).to_have_class("screen-join small")
    expect(table.locator("#duos-timer")).to_have_text(re.compile(r"^[0-5]:[0-5][0-9]$"), timeout=SLOW)
    first = cards.first.bounding_box()
    assert first is not None and first["width"] >= 150, first  # large, from across the room
    grid = table.locator("#duos-grid").bounding_box()
    assert grid is not None and grid["y"] + grid["height"] <= TV["height"], grid  # the whole grid in sight
    players = table.locator("#duos-players")
    expect(players.locator("[data-locked='1']")).to_have_count(0)
    expect(players.locator("[data-seat='0']")).to_contain_text("Pairing…")

    # Ada pairs and locks in: the screen shows that she has, never which pairs.
    ada.wait_for_selector("#duos-grid .duos-card", timeout=SLOW)
    tap_pairs(ada, [(0, 1), (2, 3)])
    lock_in(ada)
    expect(players.locator("[data-seat='0'][data-locked='1']")).to_contain_text("Locked in ✓")
    expect(players.locator("[data-seat='1'][data-locked='0']")).to_contain_text("Pairing…")
    expect(table.locator(".duos-card.paired, .marker, #duos-controls, .kbd, kbd")).to_have_count(0)
    assert 0 < int(table.locator("#duos-timer").get_attribute("data-seconds") or "0") <= 300
    screen.screenshot(path=str(screenshots / "big-screen-duos.png"))
    # From here the screen's time moves only when the test says (a second on from now).
    screen.clock.pause_at(screen.evaluate("Date.now()") / 1000 + 1)

    # Bo pairs one of the same pairs and locks in: the reveal comes up on the screen, pair by pair.
    bo.wait_for_selector("#duos-grid .duos-card", timeout=SLOW)
    wait_locked(bo, [0])  # Ada's lock has reached Bo's table: nothing redraws it under a tap
    tap_pairs(bo, [(0, 1), (4, 5)])
    lock_in(bo)
    reveal = table.locator("#duos-screen-reveal")
    expect(reveal).to_be_visible(timeout=SLOW)
    expect(reveal.locator("h2")).to_have_text("Turn 1: the reveal")
    expect(reveal).to_have_attribute("data-pairs", "3")
    expect(reveal).to_have_attribute("data-shown", "0")
    expect(reveal.locator(".reveal-pair:visible")).to_have_count(0)
    for shown in (1, 2, 3):
        screen.clock.run_for(STEP_MS)
        expect(reveal).to_have_attribute("data-shown", str(shown))
        expect(reveal.locator(".reveal-pair:visible")).to_have_count(shown)
        expect(reveal).not_to_have_attribute("data-done", "1")
    screen.clock.run_for(STEP_MS)  # then what the turn was worth
    expect(reveal).to_have_attribute("data-done", "1")
    expect(reveal.locator(".reveal-pair:visible")).to_have_count(3)
    both = reveal.locator(".reveal-pair[data-pair='0-1'] .matched")
    expect(both).to_have_text("Ada and Bo")
    expect(reveal.locator(".reveal-pair[data-pair='2-3'] .matched")).to_have_text("Only Ada")
    expect(reveal.locator("#duos-screen-verdict")).to_contain_text("1 identical pair")
    screen.screenshot(path=str(screenshots / "big-screen-duos-reveal.png"))
    # Nobody has to close it: it leaves the next turn's cards in sight by itself.
    screen.clock.run_for(HOLD_MS - 100)
    expect(reveal).to_be_visible()
    screen.clock.run_for(100)
    expect(reveal).to_be_hidden()
    expect(table).to_have_attribute("data-turn", "1")
    expect(players.locator("[data-locked='1']")).to_have_count(0)
    assert screen_errors == [] and ada_errors == [] and bo_errors == []


def test_the_duos_screen_fits_a_small_laptop_and_shows_the_reveal_at_once_without_motion(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    code = new_room(server_url, 2, {"pairing_seconds": 300}, seed=7)
    context = new_context(viewport={"width": 1366, "height": 657}, reduced_motion="reduce")
    screen = context.new_page()
    errors: list[str] = []
    screen.on("pageerror", lambda error: errors.append(str(error)))
    screen.goto(f"{server_url}/room/{code}/screen")
    ada, _ = player(new_context, "Ada", PHONE)
    bo, _ = player(new_context, "Bo", PHONE)
    enter(ada, server_url, code, 0)
    enter(bo, server_url, code, 1)
    start(ada)
    table = screen.locator("#duos-table[data-screen='1']")
    expect(table.locator("#duos-grid .duos-card")).to_have_count(12, timeout=SLOW)
    grid = table.locator("#duos-grid").bounding_box()
    assert grid is not None and grid["y"] + grid["height"] <= 657, grid
    for phone, seat, other in ((ada, 0, 1), (bo, 1, 0)):
        phone.wait_for_selector("#duos-grid .duos-card", timeout=SLOW)
        if seat == 1:
            wait_locked(phone, [other])  # Ada's lock has reached Bo's table: nothing redraws it under a tap
        tap_pairs(phone, [(0, 1)])
        lock_in(phone)
    reveal = table.locator("#duos-screen-reveal")
    expect(reveal).to_have_attribute("data-done", "1", timeout=SLOW)
    expect(reveal.locator(".reveal-pair:visible")).to_have_count(1)
    animation = reveal.locator(".reveal-pair").first.evaluate("e => getComputedStyle(e).animationName")
    assert animation == "none"
    screen.screenshot(path=str(screenshots / "big-screen-duos-laptop.png"))
    assert errors == []
