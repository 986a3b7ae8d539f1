"""Duplik's canvas and description in real browsers: strokes survive a reload, the canvas fits a
phone with its controls in sight, no ink goes down after time is up, and what a person portraying
types reaches the other person as it is typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.web.conftest import Server
from tests.web.duplik_fixtures import (
    BOT,
    LAPTOP,
    PHONE,
    NewContext,
    draw,
    expect,
    house,
    kept,
    shown,
    strokes_on,
    two_people_and_a_bot,
    wait_shown,
    with_clock,
)
from tests.web.tables import in_viewport

pytestmark = pytest.mark.browser

# A stroke of pointer events of one kind ("touch", "pen") across the canvas.
POINTER_STROKE = """(canvas, kind) => {
  const box = canvas.getBoundingClientRect();
  const at = (f) => ({ pointerId: kind === "pen" ? 7 : 8, pointerType: kind, isPrimary: true, bubbles: true,
    cancelable: true, clientX: box.left + f * box.width, clientY: box.top + (1 - f) * box.height * 0.8,
    pressure: 0.5 });
  canvas.dispatchEvent(new PointerEvent("pointerdown", at(0.1)));
  for (const f of [0.2, 0.3, 0.4, 0.5]) canvas.dispatchEvent(new PointerEvent("pointermove", at(f)));
  canvas.dispatchEvent(new PointerEvent("pointerup", at(0.5)));
}"""




def test_a_reload_in_the_middle_of_drawing_keeps_the_strokes(
        new_context: NewContext, server_url: str) -> None:
    table = two_people_and_a_bot(new_context, server_url, BOT)
    ana, ben = table.pages[0], table.pages[1]
    wait_shown(ana, "d.phase === 'describe'")
    house(ana)
    expect(ana.locator("#duplik-canvas")).to_have_attribute("data-strokes", "3")
    kept(ana, 3)  # the strokes have left one by one, and the server has them
    ana.reload()
    wait_shown(ana, "d.phase === 'describe'")
    expect(ana.locator("#duplik-canvas")).to_have_attribute("data-strokes", "3")
    expect(ana.locator("#duplik-canvas.duplik-pad-on")).to_be_visible()
    draw(ana, [(0.5, 0.9), (0.9, 0.9)])  # and the drawing goes on
    expect(ana.locator("#duplik-canvas")).to_have_attribute("data-strokes", "4")
    ana.locator("#duplik-done").click()
    ben.locator("#duplik-done").click()
    # The server kept every stroke: Ben, who judges Ana's drawing, sees all four.
    wait_shown(ben, "d.phase === 'judge'")
    expect(ben.locator("#duplik-judged")).to_have_attribute("data-artist", "0")
    assert strokes_on(ben, "#duplik-judged svg") == 4
    assert table.errors == []


def test_strokes_outlive_a_dropped_connection_and_a_server_restart(
        new_context: NewContext, own_server: Server) -> None:
    table = two_people_and_a_bot(with_clock(new_context), own_server.url, BOT)
    ana, ben = table.pages[0], table.pages[1]
    canvas = ana.locator("#duplik-canvas")
    wait_shown(ana, "d.phase === 'describe'")
    draw(ana, [(0.2, 0.2), (0.6, 0.6)])
    draw(ana, [(0.2, 0.6), (0.6, 0.2)])
    kept(ana, 2)  # both strokes reached the server
    own_server.stop()  # every connection drops, and the server forgets what was streamed
    expect(ana.locator("#connection")).to_be_visible()
    # The page notices it cannot send at its next heartbeat (every 2 s, brought on now): the server's
    # copy is unknown now, and the whole drawing waits to be sent again.
    ana.clock.fast_forward(2000)
    expect(canvas).to_have_attribute("data-kept", "")
    expect(canvas).not_to_have_attribute("data-unsent", "0")
    own_server.start()  # the match is rebuilt from its log
    for page in (ana, ben):
        # The page tries to connect again after 0.3, 1, 2, 4, then every 8 s: that try comes now.
        page.clock.fast_forward(8000)
        expect(page.locator("#connection")).to_be_hidden()
        wait_shown(page, "d.phase === 'describe'")
    expect(canvas).to_have_attribute("data-strokes", "2")
    kept(ana, 2)  # the restarted server has the whole drawing again
    draw(ana, [(0.7, 0.3), (0.9, 0.5)])  # and drawing goes on
    expect(canvas).to_have_attribute("data-strokes", "3")
    ana.locator("#duplik-done").click()
    ben.locator("#duplik-done").click()
    wait_shown(ben, "d.phase === 'judge'")
    # The whole drawing reached the new server: Ben, who judges it, sees all three strokes.
    expect(ben.locator("#duplik-judged")).to_have_attribute("data-artist", "0")
    assert strokes_on(ben, "#duplik-judged svg") == 3
    assert table.errors == []


def test_the_canvas_and_its_controls_fit_a_phone(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    table = two_people_and_a_bot(new_context, server_url, BOT, viewports=(PHONE, LAPTOP))
    phone = table.pages[0]
    wait_shown(phone, "d.phase === 'describe'")
    expect(phone.locator("#duplik-said")).not_to_be_empty()
    for selector in ("#duplik-canvas", "#duplik-done", "#duplik-undo", "#duplik-said", "#duplik-status"):
        assert in_viewport(phone, selector), selector
    box = phone.locator("#duplik-canvas").bounding_box()
    assert box is not None and abs(box["width"] / box["height"] - 10 / 7) < 0.02
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    house(phone)
    expect(phone.locator("#duplik-canvas")).to_have_attribute("data-strokes", "3")
    for kind in ("touch", "pen"):  # a finger and a stylus draw as the mouse does
        phone.locator("#duplik-canvas").evaluate(POINTER_STROKE, kind)
    expect(phone.locator("#duplik-canvas")).to_have_attribute("data-strokes", "5")
    phone.screenshot(path=str(screenshots / "duplik-drawing-phone.png"))
    phone.locator("#duplik-done").click()
    table.pages[1].locator("#duplik-done").click()
    wait_shown(phone, "d.phase === 'judge'")
    for selector in ("#duplik-criterion", "#duplik-yes", "#duplik-no"):
        assert in_viewport(phone, selector), selector
    phone.screenshot(path=str(screenshots / "duplik-judging-phone.png"))
    assert table.errors == []


def test_no_ink_after_time_is_up(new_context: NewContext, server_url: str) -> None:
    table = two_people_and_a_bot(new_context, server_url, BOT)
    ana, ben = table.pages[0], table.pages[1]
    wait_shown(ana, "d.phase === 'describe'")
    draw(ana, [(0.2, 0.2), (0.6, 0.6)])
    expect(ana.locator("#duplik-canvas")).to_have_attribute("data-strokes", "1")
    kept(ana, 1)  # the server has the stroke before the hourglass runs out
    box = ana.locator("#duplik-canvas").bounding_box()
    assert box is not None
    table.advance()  # the hourglass runs out now: pens down, by the table
    wait_shown(ana, "d.phase !== 'describe'")
    # The same mouse stroke over the same place leaves nothing: the canvas is gone, the drawing kept.
    ana.mouse.move(box["x"] + 20, box["y"] + 20)
    ana.mouse.down()
    ana.mouse.move(box["x"] + box["width"] - 20, box["y"] + box["height"] - 20, steps=8)
    ana.mouse.up()
    assert ana.locator("#duplik-canvas.duplik-pad-on").count() == 0
    wait_shown(ana, "d.phase === 'judge'")
    expect(ana.locator("#duplik-judged")).to_have_attribute("data-artist", "1")
    wait_shown(ben, "d.phase === 'judge'")
    # Ben judges Ana's drawing as it was at zero: one stroke.
    expect(ben.locator("#duplik-judged")).to_have_attribute("data-artist", "0")
    assert strokes_on(ben, "#duplik-judged svg") == 1
    assert table.errors == []


def test_a_person_portraying_types_and_the_other_reads_it_as_it_is_typed(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    table = two_people_and_a_bot(with_clock(new_context), server_url, 0, viewports=(PHONE, PHONE))
    teller, artist = table.pages[0], table.pages[1]  # Ana portrays first, Ben draws
    expect(teller.locator("#duplik-offer button.duplik-scene-choice")).to_have_count(3)
    teller.locator("#duplik-offer button.duplik-scene-choice").first.click()
    teller.locator("#duplik-roll").click()
    expect(teller.locator("#duplik-card .duplik-criteria li")).to_have_count(10)
    expect(teller.locator("#duplik-card .duplik-criteria li.golden")).to_have_count(1)
    title = teller.locator("#duplik-card .duplik-card-title").inner_text()
    expect(artist.locator("#duplik-title")).to_contain_text(title)  # read aloud before the hourglass
    teller.locator("#duplik-start").click()
    wait_shown(artist, "d.phase === 'describe'")
    wait_shown(teller, "d.phase === 'describe'")
    # The picture and the text box are both in sight on the Portrayer's phone.
    for selector in ("#duplik-work .duplik-picture", "#duplik-typing", "#duplik-stop"):
        assert in_viewport(teller, selector), selector
    teller.locator("#duplik-typing").press_sequentially("A big tree on the left", delay=20)
    # Streamed, not yet kept: the other person reads it while the hourglass runs, at once (a
    # message at most every 0.3 s; 10 s leave a loaded machine its margin).
    expect(artist.locator("#duplik-said")).to_have_text("A big tree on the left", timeout=10_000)
    assert shown(artist)["phase"] == "describe"
    teller.screenshot(path=str(screenshots / "duplik-describing-phone.png"))
    teller.locator("#duplik-typing").press_sequentially(", a small cat under it.", delay=20)
    expect(artist.locator("#duplik-said")).to_have_text("A big tree on the left, a small cat under it.")
    # An Artist who reloads reads it again within seconds: the Portrayer's page sends the text again
    # every 5 s, and the next time comes now.
    artist.reload()
    wait_shown(artist, "d.phase === 'describe'")
    teller.clock.fast_forward(5000)
    expect(artist.locator("#duplik-said")).to_have_text("A big tree on the left, a small cat under it.")
    teller.locator("#duplik-stop").click()
    expect(artist.locator("#duplik-log")).to_contain_text("has finished describing")
    assert table.errors == []
