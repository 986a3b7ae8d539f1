"""Helpers for the DUOS browser tests: rooms made over the HTTP API, players taking seats, pairing.

The lobby form has no seat count, so a 3-player room is created with `POST /api/rooms`, as any
client may. Everything a player does after that goes through the pages.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect
from tests.web import tables
from tests.web.tables import SLOW, NewContext, add_bot, enter, player, replay

__all__ = ["SLOW", "NewContext", "add_bot", "enter", "player", "replay"]


def new_room(base: str, seats: int, options: dict[str, Any] | None = None, seed: int | None = None) -> str:
    return tables.new_room(base, "duos", seats, options, seed)


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


def tap_pairs(page: Page, pairs: list[tuple[int, int]]) -> None:
    for a, b in pairs:
        page.click(f"#duos-grid .duos-card[data-pos='{a}']")
        page.click(f"#duos-grid .duos-card[data-pos='{b}']")


def wait_saved(page: Page) -> None:
    expect(page.locator("#duos-save[data-saved='1']")).to_be_attached(timeout=SLOW)


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
