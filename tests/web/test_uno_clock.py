"""The turn timer as a ring on the seat to move: it drains as the seconds run (in steps with reduced
motion), the seconds stay readable as text, and it pushes neither the hand nor the controls out of
sight on a small laptop or a phone."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.web.driver import act_once, my_turn, table_state

pytestmark = pytest.mark.browser

SIZES = {"laptop": {"width": 1366, "height": 657}, "phone": {"width": 390, "height": 844}}


def _timed_room(base: str) -> str:
    body = json.dumps({"game": "uno-duo", "options": {"turn_timer": 30}}).encode()
    request = urllib.request.Request(base + "/api/rooms", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        code: str = json.load(answer)["code"]
        return code


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


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_ring_drains_on_the_seat_to_move_and_keeps_the_hand_in_view(
        browser: Browser, server_url: str, size: str) -> None:
    still = size == "phone"  # the phone asks for reduced motion: the ring steps, whole seconds
    context = browser.new_context(viewport=SIZES[size], reduced_motion="reduce" if still else "no-preference")
    context.add_init_script("localStorage.setItem('duoplay.name', JSON.stringify('Ada'))")
    page = context.new_page()
    page.goto(f"{server_url}/room/{_timed_room(server_url)}")
    page.click("li.seat[data-seat='0'] button.sit")
    page.click("li.seat[data-seat='1'] button.add-bot")
    page.click("#start:not([disabled])")
    page.wait_for_selector("#uno-table[data-version]")
    # Where the ring has been: the bot's turns are short, so a watcher notes each seat it sat on.
    page.evaluate("""() => { window.ringSeats = new Set(); const note = () => {
        const seat = document.getElementById('uno-ring')?.closest('.player');
        if (seat) window.ringSeats.add(seat.id); };
      new MutationObserver(note).observe(document.getElementById('uno-table'),
        {childList: true, subtree: true});
      note(); }""")

    # Past the draft, to a turn with a whole hand: what has to stay in view.
    for _ in range(120):
        if table_state(page)["phase"] not in ("draft", "start-colour"):
            break
        if not (my_turn(page) and act_once(page)):
            page.wait_for_timeout(100)
    page.wait_for_function("() => { const t = document.getElementById('uno-table');"
                           " return t.dataset.toMove.split(',').includes(t.dataset.seat); }")
    assert table_state(page)["phase"] != "draft"
    ring = page.locator("#uno-me .kit-seat #uno-ring")
    expect(ring).to_be_visible()
    expect(ring).to_have_attribute("role", "timer")
    first = _ring(page)
    assert 25 <= first["seconds"] <= 30, first
    page.wait_for_timeout(2600)
    later = _ring(page)
    assert later["seconds"] < first["seconds"], (first, later)
    assert later["fraction"] < first["fraction"] - 0.05, (first, later)
    # Read in one snapshot: on a loaded machine the ring may tick between two separate reads.
    assert later["label"] == f"{int(later['seconds'])} seconds left", later
    assert later["number"] == str(int(later["seconds"])), later
    if still:  # no animation: the arc stands at whole seconds
        assert abs(later["fraction"] * 30 - round(later["fraction"] * 30)) < 0.02, later
    assert page.evaluate("() => window.scrollY") == 0
    assert _out_of_view(page) == [], _out_of_view(page)
    Path("/tmp").joinpath(f"uno-ring-{size}.png").write_bytes(page.screenshot())
    expect(page.locator("#uno-timer")).to_have_count(0)  # the ring replaces the m:ss beside the status

    # The bot's turn: the ring moves to its seat.
    assert my_turn(page)
    for _ in range(20):
        if act_once(page):
            break
        page.wait_for_timeout(200)
    page.wait_for_function("() => window.ringSeats.has('uno-opponent')")
    page.wait_for_function("() => { const t = document.getElementById('uno-table');"
                           " return t.dataset.toMove.split(',').includes(t.dataset.seat); }")
    expect(page.locator("#uno-me #uno-ring")).to_be_visible()
    assert page.locator("#uno-opponent #uno-ring").count() == 0
    context.close()
