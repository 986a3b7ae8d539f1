"""Helpers for the DUOS browser tests: rooms made over the HTTP API, players taking seats, pairing.

The lobby form has no seat count, so a 3-player room is created with `POST /api/rooms`, as any
client may. Everything a player does after that goes through the pages.

The table draws its grid anew on every state it gets (its own saved pairs, another seat's pairs or
lock, a help), and a mouse's click whose button is redrawn between the press and the release
reaches no card: the click is lost. A finger's tap on a phone is not: the browser makes its click
from the whole touch at once, on the card under the finger when it lifts. So a test taps only
while no other seat's state is on its way (the bots done: `wait_locked`; the partner in a
two-person test is the test's other page, whose moves the test has already seen arrive), and
with a mouse only once its own last pairs are saved (`tap_pairs` waits for that before each pair).
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
# The bots wait 100 times their usual time (minutes): they do nothing while the test runs, and the
# test ends each turn with the room's clock (`end_turn`). For tests to which the bots' pairs do
# not matter: they need no bot to decide (a decision may queue behind a game's warm-up in the
# server's bot pool) and no bot's state redraws the table under a tap.
IDLE = 100.0


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


def end_turn(page: Page, base: str, code: str) -> None:
    """Once the table shows this player locked in, the pairing clock runs out (the test hook):
    the seats still pairing lock in with the pairs they have, and the reveal follows."""
    expect(page.locator("#duos-table")).to_have_attribute("data-locked", "1", timeout=SLOW)
    tables.advance(base, code)


# ms: a bot decides in the server's bot pool, where a decision waits behind any warm-up queued
# before it: every new room queues its game's warm-up in each worker, and Duple's word lists alone
# take 40 s on a loaded machine (more in a worker, which runs at a lower priority). After another
# test's first Duple room a bot's first move can take over a minute: this is the margin for it.
BOT_MARGIN = 180_000


def wait_locked(page: Page, seats: list[int]) -> None:
    """Until the table shows these seats (bots) locked in: they send nothing more this turn."""
    for seat in seats:
        expect(page.locator(f"#duos-players li[data-seat='{seat}']")).to_have_attribute(
            "data-locked", "1", timeout=BOT_MARGIN)


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


def _finger(page: Page) -> bool:
    """A phone's page (its profile has touch): the player taps with a finger."""
    return bool(page.evaluate("navigator.maxTouchPoints > 0"))


def _pick_pair(page: Page, a: int, b: int) -> None:
    """Tap card `a`, wait until it shows picked, tap `b` (which makes the pair). With a mouse,
    first wait until the last pairs are saved: no state of this player's own is then on its way."""
    finger = _finger(page)
    if not finger:
        wait_saved(page)
    for position in (a, b):
        target = card(page, position)
        if finger:
            target.tap()
        else:
            target.click()
        if position == a:
            expect(target).to_have_attribute("data-picked", "1")


def tap_pair(page: Page, a: int, b: int) -> None:
    """Tap card `a`, then `b`, and wait until the save that follows has its answer (the server
    may refuse it: the caller checks what it expects)."""
    _pick_pair(page, a, b)
    wait_saved(page)


def tap_pairs(page: Page, pairs: list[tuple[int, int]]) -> None:
    """Make these pairs by tapping, one after another, each shown before the next; then wait
    until the server holds them."""
    for a, b in pairs:
        _pick_pair(page, a, b)
        expect(card(page, a)).not_to_have_attribute("data-pair", "")
        expect(card(page, b)).to_have_attribute("data-pair", card(page, a).get_attribute("data-pair") or "")
    wait_saved(page)
    assert set(pairs) <= pairs_shown(page), (pairs, pairs_shown(page))


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


def quick_motion(page: Page, rate: float = 10.0) -> None:
    """The page's animations play `rate` times as fast (Chromium's own animation clock): what they
    end on is the same, and a test waits for that end (`still`), not for their length."""
    page.context.new_cdp_session(page).send("Animation.setPlaybackRate", {"playbackRate": rate})


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
