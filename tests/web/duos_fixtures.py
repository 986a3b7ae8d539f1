"""Helpers for the DUOS browser tests: rooms made over the HTTP API, players taking seats, pairing.

The lobby form has no seat count, so a 3-player room is created with `POST /api/rooms`, as any
client may. Everything a player does after that goes through the pages.

The table draws its grid anew on every state it gets (its own saved pairs, another seat's pairs or
lock, a help), and a click whose button is redrawn between the mouse's press and its release
reaches no card: the tap is lost. So a test taps only while no state is on its way: its own pairs
saved (`tap_pair` waits for that before each tap) and the bots done (`wait_locked`); the partner
in a two-person test is the test's other page, whose moves the test has already seen arrive.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect
from tests.web import tables
from tests.web.tables import SLOW, NewContext, add_bot, enter, player, replay

__all__ = ["SLOW", "NewContext", "add_bot", "enter", "player", "replay"]


# The bots act at once (their pace 0): a test waits for them to lock in before it taps, and a bot
# that has locked in sends nothing more that turn.
AT_ONCE = 0.0


def new_room(base: str, seats: int, options: dict[str, Any] | None = None, seed: int | None = None,
             bot_pace: float | None = None) -> str:
    return tables.new_room(base, "duos", seats, options, seed, bot_pace)


def start(page: Page) -> None:
    page.click("#start:not([disabled])")
    page.wait_for_selector("#duos-table[data-version]", timeout=SLOW)


def table_data(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.locator("#duos-table").evaluate("t => ({...t.dataset})")
    return data


def turn(page: Page) -> int:
    return int(table_data(page)["turn"])


def wait_for_turn(page: Page, number: int) -> None:
    page.wait_for_function("n => Number(document.getElementById('duos-table')?.dataset.turn) >= n"
                           " || document.getElementById('duos-table')?.dataset.phase === 'game-over'",
                           arg=number, timeout=SLOW)


def wait_locked(page: Page, seats: list[int]) -> None:
    """Until the table shows these seats (bots) locked in: they send nothing more this turn."""
    for seat in seats:
        expect(page.locator(f"#duos-players li[data-seat='{seat}']")).to_have_attribute(
            "data-locked", "1", timeout=SLOW)


def card(page: Page, position: int) -> Locator:
    return page.locator(f"#duos-grid .duos-card[data-pos='{position}']")


def paired(page: Page) -> dict[int, str]:
    """Grid position -> marker index, for every card in one of this player's pairs."""
    cards = page.locator("#duos-grid .duos-card").evaluate_all(
        "cs => cs.filter(c => c.dataset.pair !== '').map(c => [Number(c.dataset.pos), c.dataset.pair])")
    return {int(pos): str(marker) for pos, marker in cards}


def pairs_shown(page: Page) -> set[tuple[int, int]]:
    """This player's pairs as the grid shows them: cards with the same marker."""
    by_marker: dict[str, list[int]] = {}
    for pos, marker in paired(page).items():
        by_marker.setdefault(marker, []).append(pos)
    return {(min(ps), max(ps)) for ps in by_marker.values() if len(ps) == 2}


def wait_saved(page: Page) -> None:
    """Until the server holds the pairs shown and the last answer is in (no state of this
    player's own is on its way any more)."""
    expect(page.locator("#duos-save[data-saved='1']")).to_be_attached(timeout=SLOW)


def tap_pair(page: Page, a: int, b: int) -> None:
    """Tap card `a`, then `b`, and wait until the save that follows has its answer (the server
    may refuse it: the caller checks what it expects). Each tap waits for the one before to show."""
    wait_saved(page)
    page.click(f"#duos-grid .duos-card[data-pos='{a}']")
    expect(card(page, a)).to_have_attribute("data-picked", "1")
    page.click(f"#duos-grid .duos-card[data-pos='{b}']")
    wait_saved(page)


def tap_pairs(page: Page, pairs: list[tuple[int, int]]) -> None:
    """Make these pairs by tapping, one after another, each saved before the next."""
    for a, b in pairs:
        tap_pair(page, a, b)
        marker = card(page, a).get_attribute("data-pair")
        assert marker, f"card {a} is in no pair after tapping {a} and {b}"
        expect(card(page, b)).to_have_attribute("data-pair", marker)


# The keys that pick the 12 cards, row by row (grid.js).
PICK_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="]


def key_pairs(page: Page, pairs: list[tuple[int, int]]) -> None:
    """Make these pairs by keyboard: each card's key, then Enter. A key press reaches the table
    whatever it redraws meanwhile, so only the end waits: the pairs shown and saved."""
    for a, b in pairs:
        for key in (PICK_KEYS[a], PICK_KEYS[b], "Enter"):
            page.keyboard.press(key)
    wait_saved(page)
    assert set(pairs) <= pairs_shown(page), (pairs, pairs_shown(page))


def still(page: Page, selector: str) -> None:
    """Until the element is shown and none of its animations (a dialog fading in, the reveal's
    pairs one by one) is still running: what a screenshot or a measurement should see."""
    page.wait_for_function(
        """s => { const e = document.querySelector(s);
                  return e !== null
                    && e.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'); }""",
        arg=selector, timeout=SLOW)


def close_reveal(page: Page) -> None:
    page.locator("#duos-reveal-close").click()
    expect(page.locator("#duos-reveal")).to_have_count(0)


def shown_text(page: Page, selector: str) -> str:
    return re.sub(r"\s+", " ", page.locator(selector).inner_text()).strip()


def lock_in(page: Page) -> None:
    """Press L as a player does; with fewer than 4 pairs the table asks first, and Enter says yes."""
    fewer = len(pairs_shown(page)) < 4
    page.keyboard.press("l")
    if fewer:
        expect(page.locator("#duos-confirm-lock")).to_be_visible()
        page.keyboard.press("Enter")
        expect(page.locator("#duos-confirm-lock")).to_have_count(0)
