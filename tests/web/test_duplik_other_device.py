"""An Artist who takes their seat from another device draws on from the strokes the server keeps:
the second page's canvas shows them (not a blank pad whose pencil down would keep strokes nobody
sees), and the other players still see no drawing before the reveal. A Portrayer who does the same
types on from the description the server keeps, and the table keeps the whole of it."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page
from tests.web.duplik_fixtures import (
    BOT,
    PHONE,
    NewContext,
    draw,
    expect,
    kept,
    two_people_and_a_bot,
    wait_shown,
)
from tests.web.tables import player

pytestmark = pytest.mark.browser


def test_a_second_device_of_the_artist_shows_the_strokes_the_server_keeps(
        new_context: NewContext, server_url: str) -> None:
    table = two_people_and_a_bot(new_context, server_url, BOT)  # the bot portrays; Ana and Ben draw
    ana, ben = table.pages[0], table.pages[1]
    wait_shown(ana, "d.phase === 'describe'")
    draw(ana, [(0.2, 0.2), (0.6, 0.6)])
    draw(ana, [(0.2, 0.6), (0.6, 0.2)])
    kept(ana, 2)

    phone, errors = _on_a_phone(new_context, ana, f"{server_url}/room/{table.code}")
    canvas = phone.locator("#duplik-canvas.duplik-pad-on")
    expect(canvas).to_have_attribute("data-strokes", "2")
    expect(canvas).to_have_attribute("data-kept", "2")
    draw(phone, [(0.1, 0.9), (0.9, 0.9)])
    kept(phone, 3)
    phone.screenshot(path="/tmp/duplik-other-device-phone.png")

    # Ben, the other Artist, sees only his own (empty) pad while Ana draws.
    expect(ben.locator("#duplik-canvas")).to_have_attribute("data-strokes", "0")
    assert errors == [] and table.errors == []


def _on_a_phone(new_context: NewContext, laptop: Page, url: str) -> tuple[Page, list[str]]:
    """The laptop's person on a phone: a profile of its own, holding only their seat's token (as a
    link to the seat would)."""
    phone, errors = player(new_context, "Ana", PHONE)
    seats = laptop.evaluate("localStorage.getItem('duoplay.seats')")
    phone.context.add_init_script(f"localStorage.setItem('duoplay.seats', {json.dumps(seats)});")
    phone.goto(url)
    return phone, errors


def test_a_second_device_of_the_portrayer_types_on_from_the_description_so_far(
        new_context: NewContext, server_url: str) -> None:
    table = two_people_and_a_bot(new_context, server_url, 0)  # Ana portrays first, Ben draws
    ana, ben = table.pages[0], table.pages[1]
    ana.locator("#duplik-offer button.duplik-scene-choice").first.click()
    ana.locator("#duplik-roll").click()
    ana.locator("#duplik-start").click()
    wait_shown(ben, "d.phase === 'describe'")
    ana.locator("#duplik-typing").fill("A big tree on the left")
    expect(ben.locator("#duplik-said")).to_have_text("A big tree on the left")

    phone, errors = _on_a_phone(new_context, ana, f"{server_url}/room/{table.code}")
    typing = phone.locator("#duplik-typing:not([disabled])")
    expect(typing).to_have_value("A big tree on the left")
    typing.press("End")
    typing.press_sequentially(", a small cat under it.", delay=20)
    whole = "A big tree on the left, a small cat under it."
    expect(ben.locator("#duplik-said")).to_have_text(whole)
    phone.screenshot(path="/tmp/duplik-other-device-portrayer-phone.png")
    phone.locator("#duplik-stop").click()
    expect(ben.locator("#duplik-log")).to_contain_text("has finished describing")
    # What the table kept is the whole text: a page opened now, with no stream to read, shows it.
    ben.reload()
    expect(ben.locator("#duplik-said")).to_have_text(whole)
    assert errors == [] and table.errors == []
