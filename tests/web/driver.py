"""Drive the web client the way a player does: through the pages' buttons, never the rules."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

# What a player clicks when no card is playable, in this order of preference.
FALLBACK_ACTIONS = ("play-drawn", "draft-keep", "accept", "no-dump", "draw", "keep", "pass")


def create_room(page: Page, base: str, name: str, options: dict[str, str] | None = None) -> str:
    """Create a room from the lobby and return its code."""
    page.goto(base + "/")
    page.wait_for_selector("#game-select option", state="attached")
    page.fill("#player-name", name)
    page.select_option("#game-select", "uno-duo")
    page.wait_for_selector("#opt-target_score")  # the house rules are drawn: the button stops moving
    for option, value in (options or {}).items():
        page.fill(f"#opt-{option}", value)
    page.click("#create-room")
    page.wait_for_url(re.compile(r".*/room/[A-Z0-9]{6}$"))
    code = page.locator("#room-code").inner_text()
    page.wait_for_selector("li.seat")
    return code


def sit(page: Page, seat: int) -> None:
    """Take `seat`; a room's creator already holds seat 0."""
    if page.locator(f"li.seat[data-seat='{seat}'] .badge.you").count() == 0:
        page.click(f"li.seat[data-seat='{seat}'] button.sit")
    expect(page.locator(f"li.seat[data-seat='{seat}'] .badge.you")).to_be_visible()


def add_bot(page: Page, seat: int, level: str = "random") -> None:
    page.select_option(f"li.seat[data-seat='{seat}'] select.bot-level", level)
    page.click(f"li.seat[data-seat='{seat}'] button.add-bot")
    expect(page.locator(f"li.seat[data-seat='{seat}'][data-kind='bot']")).to_be_visible()


def start(page: Page) -> None:
    page.click("#start:not([disabled])")
    page.wait_for_selector("#uno-table[data-version]")


def version(page: Page) -> int:
    return int(page.locator("#uno-table").get_attribute("data-version") or "-1")


def round_over(page: Page) -> bool:
    return page.locator("#uno-round-end").count() > 0


def table_state(page: Page) -> dict[str, str]:
    """The table's data attributes (version, phase, toMove, seat), read at one instant."""
    shown: dict[str, str] = page.evaluate("() => ({...document.getElementById('uno-table').dataset})")
    return shown


def my_turn(page: Page) -> bool:
    shown = table_state(page)
    return shown["seat"] in shown["toMove"].split(",")


def act_once(page: Page, say_uno: bool = False) -> bool:
    """See `_act_once`. When the table changes under the cursor (the round ends, another state
    arrives and the button goes away), no move was made and the caller looks again."""
    shown = version(page)
    try:
        return _act_once(page, say_uno)
    except _Moved:
        return False
    except (PlaywrightTimeoutError, PlaywrightError):
        if round_over(page) or version(page) != shown:
            return False
        raise


class _Moved(Exception):
    """A new state arrived while the move was being chosen."""


def _click_now(page: Page, locator: Locator, seen: int) -> None:
    """Click the element this locator finds now, if the table still shows state `seen`. A later
    redraw detaches the element and the click fails, rather than landing on its look-alike in a
    later state (a Draw button clicked twice, a card played without the UNO just armed)."""
    handle = locator.element_handle(timeout=5000)
    if version(page) != seen:
        raise _Moved
    handle.click(timeout=5000)


def _act_once(page: Page, say_uno: bool) -> bool:
    """Make one legal move on this page, if it has one; prefer playing a card. True if it acted.

    With `say_uno`, a play that leaves one card is made with the UNO button armed first.
    """
    if round_over(page):
        return False
    seen = version(page)
    if say_uno:
        uno = page.locator("#uno-actions button[data-action='uno'][aria-pressed='false']")
        if uno.count():
            _click_now(page, uno.first, seen)
            armed = page.locator("#uno-actions button[data-action='uno']")
            expect(armed).to_have_attribute("aria-pressed", "true")
    colours = page.locator(".colour-picker button[data-colour]")
    if colours.count():
        _click_now(page, colours.first, seen)
        return True
    cards = page.locator("#uno-hand button.card[data-legal='1']")
    if cards.count() and my_turn(page):
        card = cards.first
        wild = (card.get_attribute("data-card") or "").startswith("wild")
        _click_now(page, card, seen)
        if wild:  # a wild asks for its colour first
            _click_now(page, page.locator(".colour-picker button[data-colour]").first, seen)
        return True
    for action in FALLBACK_ACTIONS:
        button = page.locator(f"#uno-actions button[data-action='{action}']")
        if button.count():
            _click_now(page, button.first, seen)
            if action == "play-drawn" and colours.count():  # the drawn card is a wild
                _click_now(page, colours.first, seen)
            return True
    return False


def wait_for_change(page: Page, before: int, timeout: float = 10.0) -> None:
    """Wait until the table shows a newer state (or the round-end summary)."""
    try:
        page.wait_for_function(
            "([v]) => { const t = document.getElementById('uno-table');"
            " return (t && Number(t.dataset.version) > v) || document.getElementById('uno-round-end'); }",
            arg=[before], timeout=timeout * 1000)
    except Exception as error:
        shown = page.evaluate("() => ({why: document.getElementById('uno-why')?.textContent,"
                              " toasts: [...document.querySelectorAll('.toast')].map(t => t.textContent),"
                              " status: document.getElementById('uno-status')?.textContent,"
                              " table: {...document.getElementById('uno-table')?.dataset}})")
        raise AssertionError(f"the table did not move on after a click: {shown}") from error


def play_until_round_ends(pages: list[Page], max_moves: int = 1500, timeout: float = 300.0,
                          say_uno: bool = False) -> int:
    """Click legal moves on every page until one shows the round-end summary; return the moves made."""
    moves = 0
    deadline = time.monotonic() + timeout
    while moves < max_moves and time.monotonic() < deadline:
        if any(round_over(p) for p in pages):
            return moves
        acted = False
        for page in pages:
            before = version(page)
            if act_once(page, say_uno):
                acted = True
                moves += 1
                wait_for_change(page, before)
                break
        if not acted:
            pages[0].wait_for_timeout(50)  # a bot or the other player is to move
    raise AssertionError(f"the round did not end after {moves} moves")
