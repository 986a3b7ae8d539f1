"""The turn timer as a ring on the seat to move: it drains as the seconds run (in steps with reduced
motion), the seconds stay readable as text, and it pushes neither the hand nor the controls out of
sight on a small laptop or a phone.

The room's clock is moved on over the test hook (`Table.advance`): the server's deadline comes
nearer and the page is sent the new time left, so the drain is seen without waiting for it."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.web.driver import (
    act_once,
    bot_table,
    play_past_the_draft,
    settle,
    wait_for_change,
    wait_for_my_turn,
)
from tests.web.tables import SIZES, NewContext, Person, post

pytestmark = pytest.mark.browser

TIMER = 30  # seconds for each decision (the house rule)
# After the draft seat 0 is the first to play, on a blue 7; the first card it can play (Y7) hands
# the turn to the bot.
FIRST_PLAY_PASSES = 0


def _ring(page: Page) -> dict[str, Any]:
    """The ring at one moment: its data, the number it shows and what it says to a screen reader."""
    shown: dict[str, Any] = page.evaluate("""() => { const r = document.getElementById('uno-ring');
      return {fraction: Number(r.dataset.fraction), seconds: Number(r.dataset.seconds),
              number: r.querySelector('.kit-ring-n').textContent, label: r.getAttribute('aria-label')}; }""")
    return shown


def _out_of_view(page: Page) -> list[str]:
    """The hand's cards and the current decision's controls that a player would have to scroll to."""
    out: list[str] = page.evaluate("""() => [...document.querySelectorAll(
        '#uno-hand .card, #uno-actions button, #uno-ring')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth;
    }).map((el) => el.id || el.dataset.card || el.dataset.action)""")
    return out


def _ring_shows_at_most(page: Page, seconds: int) -> None:
    page.wait_for_function("(n) => Number(document.getElementById('uno-ring').dataset.seconds) <= n",
                           arg=seconds)


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_ring_drains_on_the_seat_to_move_and_keeps_the_hand_in_view(
        new_context: NewContext, server_url: str, size: str) -> None:
    still = size == "phone"  # the phone asks for reduced motion: the ring steps, whole seconds
    table = bot_table(new_context, server_url, Person("Ada", SIZES[size], reduced_motion=still),
                      seed=FIRST_PLAY_PASSES, options={"turn_timer": TIMER})
    page = table.pages[0]

    # Past the draft, to a turn with a whole hand: what has to stay in view.
    assert play_past_the_draft(page)["phase"] == "turn"
    settle(page)
    ring = page.locator("#uno-me .kit-seat #uno-ring")
    expect(ring).to_be_visible()
    expect(ring).to_have_attribute("role", "timer")
    first = _ring(page)
    # Read as the turn begins; the five seconds allowed are a loaded machine's delay in getting here.
    assert 25 <= first["seconds"] <= TIMER, first

    # Ten seconds pass on the server: the page is told the time left and the ring drains to it...
    left = table.advance(10)["seconds_left"]
    assert left <= TIMER - 10, left
    _ring_shows_at_most(page, math.ceil(left))
    # ...and from there it drains by itself, a second at a time (a second of real time at most).
    _ring_shows_at_most(page, math.ceil(left) - 1)
    later = _ring(page)
    assert later["seconds"] < first["seconds"], (first, later)
    assert later["fraction"] < first["fraction"] - 0.05, (first, later)
    # Read in one snapshot: on a loaded machine the ring may tick between two separate reads.
    assert later["label"] == f"{int(later['seconds'])} seconds left", later
    assert later["number"] == str(int(later["seconds"])), later
    if still:  # no animation: the arc stands at whole seconds
        assert abs(later["fraction"] * TIMER - round(later["fraction"] * TIMER)) < 0.02, later
    assert page.evaluate("() => window.scrollY") == 0
    assert _out_of_view(page) == [], _out_of_view(page)
    Path("/tmp").joinpath(f"uno-ring-{size}.png").write_bytes(page.screenshot())
    expect(page.locator("#uno-timer")).to_have_count(0)  # the ring replaces the m:ss beside the status

    # The bot's turn: the ring moves to its seat. The bot now takes a minute over a move (a test
    # hook), so its seat holding the ring is a state that lasts, not a moment a check could miss.
    post(server_url, f"/api/test/rooms/{table.code}/bots", {"pace": 100})
    before = int(table.shown(0)["version"])
    assert act_once(page)
    wait_for_change(page, before)
    assert table.shown(0)["toMove"] == "1"
    expect(page.locator("#uno-opponent #uno-ring")).to_be_visible()
    expect(page.locator("#uno-me #uno-ring")).to_have_count(0)
    # Its time runs out (the clock moved on to its deadline): the table moves for it, and the
    # ring comes back to this seat.
    table.advance()
    wait_for_my_turn(page, after=before + 1)
    expect(page.locator("#uno-me #uno-ring")).to_be_visible()
    expect(page.locator("#uno-opponent #uno-ring")).to_have_count(0)
    assert table.errors == []
