"""An Artist who takes their seat from another device draws on from the strokes the server keeps:
the second page's canvas shows them (not a blank pad whose pencil down would keep strokes nobody
sees), and the other players still see no drawing before the reveal."""

from __future__ import annotations

import json

import pytest
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

    # Ana's phone: a profile of its own, holding only her seat's token (as a link to the seat would).
    phone, errors = player(new_context, "Ana", PHONE)
    seats = ana.evaluate("localStorage.getItem('duoplay.seats')")
    phone.context.add_init_script(f"localStorage.setItem('duoplay.seats', {json.dumps(seats)});")
    phone.goto(f"{server_url}/room/{table.code}")
    canvas = phone.locator("#duplik-canvas.duplik-pad-on")
    expect(canvas).to_have_attribute("data-strokes", "2")
    expect(canvas).to_have_attribute("data-kept", "2")
    draw(phone, [(0.1, 0.9), (0.9, 0.9)])
    kept(phone, 3)
    phone.screenshot(path="/tmp/duplik-other-device-phone.png")

    # Ben, the other Artist, sees only his own (empty) pad while Ana draws.
    expect(ben.locator("#duplik-canvas")).to_have_attribute("data-strokes", "0")
    assert errors == [] and table.errors == []
