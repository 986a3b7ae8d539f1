"""Duplik on the big screen: who portrays, the phase and the hourglass large, the bot's description as
it types, who has put their pencil down, the judging live, then the reveal with the scene beside every
drawing; never the scene card or a drawing before the reveal, as no spectator gets them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page
from tests.web.duplik_fixtures import (
    BOT,
    NewContext,
    Seen,
    act,
    draw,
    expect,
    house,
    judge,
    two_people_and_a_bot,
    wait_shown,
)

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}
SMALL = {"width": 1366, "height": 657}
SECRET = ".duplik-picture, .duplik-paper, .duplik-criteria, #duplik-card"  # the scene card, a drawing
# Two minutes to describe: the clock reads m:ss, and the test is done describing long before.
OPTIONS = {"describe_seconds": 120.0}
# Every animation that ends has ended (the reveal's drawings come in one by one).
SETTLED = """() => document.getAnimations().every(a => a.playState !== "running"
  || a.effect.getComputedTiming().iterations === Infinity)"""


def _in_view(page: Page) -> None:
    """The whole screen in sight: no scrolling either way, the stage and the score sheet on screen."""
    page.wait_for_function(SETTLED)  # the layout is the last state's, at the size the page has now
    sizes = page.evaluate("() => { const d = document.documentElement;"
                          " return [d.scrollWidth, d.scrollHeight, innerWidth, innerHeight]; }")
    assert sizes[0] <= sizes[2] and sizes[1] <= sizes[3], sizes
    for part in ("#duplik-screen-stage", "#duplik-scores", "#duplik-timer:visible, #duplik-status"):
        box = page.locator(part).first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= sizes[3], (part, box)


def _judge_everything(pages: dict[int, Page], screen: Page, shots: Path) -> None:
    """Both Judges tick every criterion and both Artists accept, until the screen shows the reveal; at
    the last criterion the whole board of verdicts is still in view on a small laptop."""
    board: list[bool] = []

    def at_the_last_criterion(seen: dict[int, Seen]) -> None:
        if board or seen[0].get("criterion") != "10":
            return
        wait_shown(screen, "d.criterion === '10'")
        expect(screen.locator("#duplik-board tbody tr")).to_have_count(10)
        screen.set_viewport_size(SMALL)
        _in_view(screen)
        screen.screenshot(path=str(shots / "big-screen-duplik-board-laptop.png"))
        screen.set_viewport_size(TV)
        board.append(True)

    judge(pages, after=at_the_last_criterion)
    assert board, "the board was never seen at the last criterion"
    wait_shown(screen, "d.reveal === '1'")


def test_the_screen_shows_a_duplik_round_then_the_reveal_and_nothing_secret(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    room = two_people_and_a_bot(new_context, server_url, BOT, OPTIONS)
    pages, code = room.pages, room.code
    ana, ben = pages[0], pages[1]
    context = new_context(viewport=TV)
    screen = context.new_page()
    screen_errors: list[str] = []
    screen.on("pageerror", lambda error: screen_errors.append(str(error)))
    screen.goto(f"{server_url}/room/{code}/screen")
    table = screen.locator("#screen-table #duplik-table[data-screen='1']")

    # Describing: the bot portrays; the phase, the hourglass and the bot's words as it types, large.
    wait_shown(screen, "d.phase === 'describe'")
    bot = screen.locator(f"#screen-seats li[data-seat='{BOT}']").inner_text()
    expect(table.locator("#duplik-screen-who")).to_contain_text("Round 1")
    expect(table.locator(".duplik-screen-portrayer")).to_have_text(bot)
    expect(table.locator("#duplik-status")).to_have_text(f"{bot} describes, the Artists draw")
    expect(table.locator("#duplik-timer")).to_have_text(re.compile(r"^[0-2]:[0-5][0-9]$"))
    expect(table.locator("#duplik-said")).to_contain_text(re.compile(r"\w+ \w+"))
    # Read from across the room: at least 50 px high, once the screen's styles have loaded.
    screen.wait_for_function(
        "() => document.getElementById('duplik-timer').getBoundingClientRect().height >= 50")
    players = table.locator("#duplik-players")
    expect(players.locator("[data-seat='0'][data-done='0']")).to_contain_text("drawing")
    house(ana)
    ana.locator("#duplik-done").click()
    expect(players.locator("[data-seat='0'][data-done='1']")).to_contain_text("pencil down")
    expect(players.locator("[data-seat='1'][data-done='0']")).to_contain_text("drawing")
    expect(table.locator(SECRET)).to_have_count(0)  # neither the scene nor Ana's finished drawing
    # The screen's text but the Portrayer's words, read in one step: the bot is still typing them,
    # and read apart, what it typed in between would count as the screen's own text.
    secret_free = table.evaluate(
        "t => { const c = t.cloneNode(true); c.querySelector('#duplik-said').remove();"
        " return c.textContent; }")
    screen.screenshot(path=str(screenshots / "big-screen-duplik-describing.png"))
    screen.set_viewport_size(SMALL)
    _in_view(screen)
    screen.screenshot(path=str(screenshots / "big-screen-duplik-describing-laptop.png"))
    screen.set_viewport_size(TV)
    draw(ben, [(0.1, 0.1), (0.9, 0.9)])
    ben.locator("#duplik-done").click()

    # Judging: the criterion read now and the verdicts as they come, still no drawing and no card.
    wait_shown(screen, "d.phase === 'judge'")
    expect(table.locator("#duplik-criterion")).to_have_attribute("data-number", "1")
    expect(ana.locator("#duplik-yes")).to_be_enabled()
    act(ana, ana.locator("#duplik-yes"))
    expect(table.locator("#duplik-board td[data-artist='1'][data-holds='true']")).to_have_count(1)
    expect(table.locator("#duplik-board td[data-artist='0'].waiting")).to_have_count(1)
    expect(table.locator(".duplik-picture, .duplik-paper, #duplik-card")).to_have_count(0)
    screen.screenshot(path=str(screenshots / "big-screen-duplik-judging.png"))
    _judge_everything(pages, screen, screenshots)

    # The reveal: the scene beside both drawings, with points; it stays while the next round prepares.
    reveal = table.locator("#duplik-screen-reveal")
    expect(reveal.locator(".duplik-item")).to_have_count(3)
    expect(reveal.locator(".duplik-original svg")).to_be_visible()
    expect(reveal.locator(".duplik-points")).to_have_count(2)
    assert reveal.locator(".duplik-item[data-artist='0'] svg").get_attribute("data-strokes") == "3"
    item = reveal.locator(".duplik-item[data-artist='0']")
    assert item.evaluate("e => getComputedStyle(e).animationName") == "duplik-screen-in"
    last = reveal.locator(".duplik-item").last
    last.evaluate("e => Promise.all(e.getAnimations().map(a => a.finished))")  # in one by one
    box = item.locator("svg").bounding_box()
    assert box is not None and box["width"] >= 400, box  # large on a TV
    screen.screenshot(path=str(screenshots / "big-screen-duplik-reveal.png"))
    # A small laptop that asks for no motion: everything at once, in view without scrolling.
    screen.set_viewport_size(SMALL)
    screen.emulate_media(reduced_motion="reduce")
    assert item.evaluate("e => getComputedStyle(e).animationName") == "none"
    _in_view(screen)
    screen.screenshot(path=str(screenshots / "big-screen-duplik-reveal-laptop.png"))

    # Nothing secret showed before: none of the ten criteria the reveal lists for the players.
    criteria = ana.locator(".duplik-reveal-box .duplik-criteria .duplik-crit-text").all_inner_texts()
    assert len(criteria) == 10
    leaked = [text for text in criteria if text in secret_free]
    assert leaked == [], leaked
    assert screen_errors == [] and room.errors == []
