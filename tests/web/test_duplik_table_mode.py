"""Duplik at the table with drawings on paper, on three phones: the Portrayer's phone is the scene
card and the hourglass (no text box: they describe aloud), the Artists' phones only the hourglass,
each Judge's phone the judging sheet (the criterion read now, tick or cross for the paper drawing
they hold, never a drawing on screen), and everyone's the scores at the reveal."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page
from tests.web.duplik_fixtures import (
    PHONE,
    NewContext,
    Person,
    Table,
    act,
    draw,
    expect,
    judge,
    seeded_table,
    shown,
    version,
    wait_shown,
)

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cleo")
# Two minutes of hourglass: the test is done long before, and moves the clock to zero when it wants.
PAPER = {"at_the_table": "paper", "describe_seconds": 120.0}
TOTALS = "cells => cells.map(c => Number(c.textContent))"
FIRST = 0  # the seed makes Ana the first Portrayer


def _three_phones(new_context: NewContext, base: str, options: dict[str, object] = PAPER) -> Table:
    table = seeded_table(new_context, base, [Person(name, PHONE) for name in NAMES], FIRST, options)
    for page in table.pages.values():
        wait_shown(page, "d.phase === 'choose'")
    return table


def _in_sight(page: Page, selector: str) -> None:
    """`selector` is on the phone's screen without scrolling."""
    box = page.locator(selector).bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (selector, box)


def _judging_sheet(pages: dict[int, Page], portrayer: int, shots: Path) -> None:
    """The first Judge's sheet: the criterion, whose paper drawing to look at, and the ticks."""
    seat = next(s for s in pages if s != portrayer)
    page = pages[seat]
    expect(page.locator("#duplik-yes")).to_be_enabled()
    expect(page.locator("#duplik-sheet-note")).to_contain_text(
        NAMES[next(a for a in (0, 1, 2) if a not in (seat, portrayer))])
    expect(page.locator(".duplik-figure, #duplik-canvas")).to_have_count(0)
    for selector in ("#duplik-criterion", "#duplik-sheet-note", "#duplik-yes", "#duplik-no"):
        _in_sight(page, selector)
    page.screenshot(path=str(shots / "duplik-table-judging-phone.png"))


def _big_clock(page: Page) -> tuple[int, str]:
    """The seconds the big hourglass shows and its text, read at one instant."""
    read = page.locator("#duplik-big-clock").evaluate("c => [Number(c.dataset.seconds), c.textContent]")
    seconds, text = read
    return int(seconds), str(text)


def test_three_phones_play_a_round_at_the_table_with_paper(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    table = _three_phones(new_context, server_url)
    pages, portrayer = table.pages, FIRST
    artists = [seat for seat in pages if seat != portrayer]
    teller = pages[portrayer]
    teller.locator("#duplik-offer .duplik-scene-choice").first.click()
    teller.locator("#duplik-roll").click()
    teller.locator("#duplik-start").click()
    for page in pages.values():
        wait_shown(page, "d.phase === 'describe'")

    # The Portrayer's phone: the scene card and the hourglass, no text box.
    expect(teller.locator("#duplik-work .duplik-picture")).to_be_visible()
    expect(teller.locator("#duplik-card-criteria li")).to_have_count(10)
    expect(teller.locator("#duplik-timer")).to_be_visible()
    expect(teller.locator("#duplik-aloud")).to_be_visible()
    expect(teller.locator("#duplik-typing")).to_have_count(0)
    teller.screenshot(path=str(screenshots / "duplik-table-portrayer-phone.png"))

    # The Artists' phones: only the hourglass (and pencil down); no canvas, no scene, no text.
    for seat in artists:
        page = pages[seat]
        expect(page.locator("#duplik-big-clock")).to_be_visible()
        seconds, text = _big_clock(page)  # minutes and seconds of the two minutes left
        assert 0 < seconds <= 120 and text == f"{seconds // 60}:{seconds % 60:02d}", (seconds, text)
        expect(page.locator("#duplik-canvas, .duplik-picture, #duplik-typing, #duplik-said")).to_have_count(0)
        _in_sight(page, "#duplik-big-clock")
        _in_sight(page, "#duplik-done")
    first = pages[artists[0]]
    seconds, _ = _big_clock(first)
    # It runs: the next second shows within one (a few, on a loaded machine).
    first.wait_for_function("s => Number(document.getElementById('duplik-big-clock').dataset.seconds) < s",
                            arg=seconds, timeout=10_000)
    first.screenshot(path=str(screenshots / "duplik-table-artist-phone.png"))

    # One Artist is done early; the other's pencil goes down at zero, as online.
    act(first, first.locator("#duplik-done"))
    wait_shown(teller, f"Number(d.version) >= {version(first)}")
    assert shown(teller)["phase"] == "describe"  # the other Artist still draws
    table.advance()  # the hourglass runs out now
    wait_shown(teller, "d.phase === 'pass'")
    expect(pages[artists[1]].locator("#duplik-paper-note")).to_be_visible()
    act(teller, teller.locator("#duplik-pass-left"))
    for page in pages.values():
        wait_shown(page, "d.phase === 'judge'")
    expect(teller.locator("#duplik-yes")).to_have_count(0)  # the Portrayer does not judge

    _judging_sheet(pages, portrayer, screenshots)
    # Each Judge ticks odd criteria and crosses even ones; each Artist accepts; until the reveal.
    judge(pages, lambda criterion: "#duplik-yes" if criterion % 2 else "#duplik-no")

    # The reveal: the scene and everyone's points; no drawing, since they are on paper.
    for page in pages.values():
        reveal = page.locator("#duplik-reveal-round")
        expect(reveal).to_be_visible()
        expect(reveal.locator(".duplik-picture")).to_be_visible()
        expect(reveal.locator(".duplik-paper")).to_have_count(0)
        rows = reveal.locator("tbody tr")
        expect(rows).to_have_count(3)
        points = rows.evaluate_all("rows => rows.map(r => Number(r.dataset.points))")
        # Odd criteria ticked for both Artists: 5 criteria met, 3 for the golden one if it is odd.
        assert points[portrayer] == 5 and all(points[a] in (5, 7) for a in artists), points
        board = page.locator("#duplik-scoreboard .kit-total").evaluate_all(TOTALS)
        assert sorted(board) == sorted(points)  # the score sheet agrees
    teller.screenshot(path=str(screenshots / "duplik-table-reveal-phone.png"))
    assert table.errors == []


def _describing(pages: dict[int, Page]) -> tuple[int, list[int]]:
    portrayer = int(shown(pages[0])["portrayer"])
    teller = pages[portrayer]
    teller.locator("#duplik-draw-scene").click()
    teller.locator("#duplik-roll").click()
    teller.locator("#duplik-start").click()
    for page in pages.values():
        wait_shown(page, "d.phase === 'describe'")
    return portrayer, [seat for seat in pages if seat != portrayer]


def test_at_the_table_with_the_phone_canvas_the_artists_draw_on_their_phones(
        new_context: NewContext, server_url: str) -> None:
    table = _three_phones(new_context, server_url, {"at_the_table": "canvas"})
    pages = table.pages
    portrayer, artists = _describing(pages)
    teller = pages[portrayer]
    expect(teller.locator("#duplik-aloud")).to_be_visible()
    expect(teller.locator("#duplik-typing")).to_have_count(0)
    for seat in artists:
        page = pages[seat]
        expect(page.locator("#duplik-canvas.duplik-pad-on")).to_be_visible()
        expect(page.locator("#duplik-big-clock, #duplik-said")).to_have_count(0)
        draw(page, [(0.2, 0.3), (0.5, 0.6), (0.8, 0.3)])
        expect(page.locator("#duplik-canvas")).to_have_attribute("data-strokes", "1")
        page.locator("#duplik-done").click()
    wait_shown(teller, "d.phase === 'pass'")
    teller.locator("#duplik-pass-left").click()
    judge = pages[artists[0]]
    wait_shown(judge, "d.phase === 'judge'")
    # Judged as online: the Judge sees the drawing they hold.
    expect(judge.locator("#duplik-judged")).to_be_visible()
    expect(judge.locator("#duplik-judged svg")).to_have_attribute("data-strokes", "1")
    expect(judge.locator("#duplik-sheet-note")).to_have_count(0)
    assert table.errors == []
