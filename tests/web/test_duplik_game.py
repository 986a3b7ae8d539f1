"""A whole game of Duplik in real browsers: everyone portrays once, two people and a bot, and the end
shows the totals and every round's drawings to download."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from tests.web.duplik_fixtures import (
    NewContext,
    draw,
    expect,
    shown,
    strokes_on,
    two_people_and_a_bot,
    wait_shown,
)

pytestmark = pytest.mark.browser

BUTTONS = ("#duplik-reveal-close", "#duplik-roll", "#duplik-start", "#duplik-pass-left", "#duplik-yes",
           "#duplik-accept", "#duplik-vote-yes", "#duplik-decide-yes", "#duplik-next")

SCORES = "rows => rows.map(row => Number(row.dataset.score))"


def _step(page: Page) -> None:
    """What a quick, agreeable person does with the table as it is now."""
    offer = page.locator("#duplik-offer .duplik-scene-choice")
    if offer.count():
        # The last round's reveal may still be open over the offer: the person closes it first.
        with contextlib.suppress(PlaywrightError):
            close = page.locator("#duplik-reveal-close")
            if close.count() and close.is_visible():
                close.click(timeout=2000)
            else:
                offer.first.click(timeout=2000)
        return
    data = shown(page)
    if data["phase"] == "describe":
        typing = page.locator("#duplik-typing")
        if typing.count() and typing.is_enabled():
            typing.fill("A tree on the left and a cat under it.")
            page.locator("#duplik-stop").click()
            return
        if page.locator("#duplik-canvas.duplik-pad-on").count():
            if strokes_on(page) == 0:
                draw(page, [(0.2, 0.3), (0.4, 0.6), (0.6, 0.3)])
                return
            page.locator("#duplik-done").click()
            return
    for selector in BUTTONS:
        button = page.locator(selector)
        if button.count() and button.is_visible() and button.is_enabled():
            # A dialog may open over it meanwhile (the reveal): the next step closes it.
            with contextlib.suppress(PlaywrightError):
                button.click(timeout=2000)
            return


def test_a_whole_game_ends_with_the_totals_and_every_rounds_drawings(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    pages, errors, _ = two_people_and_a_bot(new_context, server_url, lambda seat: True)
    ana, ben = pages[0], pages[1]
    for _ in range(1500):
        if all(page.locator("#duplik-summary").count() for page in pages.values()):
            break
        for page in pages.values():
            if not page.locator("#duplik-summary").count():
                _step(page)
        ana.wait_for_timeout(100)
    else:
        raise AssertionError(f"the game did not end: {[shown(page) for page in pages.values()]}")
    for page in (ana, ben):
        summary = page.locator("#duplik-summary")
        expect(summary.locator(".duplik-round")).to_have_count(3)  # every round, each with its drawings
        expect(summary.locator(".duplik-round .duplik-item")).to_have_count(9)
        totals = summary.locator(".duplik-final tbody tr").evaluate_all(SCORES)
        assert totals == sorted(totals, reverse=True) and sum(totals) > 0
    board = ana.locator("#duplik-scoreboard .kit-total").evaluate_all("cs => cs.map(c => +c.textContent)")
    final = ana.locator("#duplik-summary .duplik-final tbody tr").evaluate_all(SCORES)
    assert sorted(board, reverse=True) == final  # the score sheet's totals
    ana.screenshot(path=str(screenshots / "duplik-over-laptop.png"))
    with ana.expect_download() as download:
        ana.locator("#duplik-r3-download-scene").click()
    assert Path(download.value.path()).read_text(encoding="utf-8").startswith("<svg")
    # The replay shows the last reveal: the scene and every drawing, kept with the match.
    ana.locator("#duplik-end-close").click()
    ana.locator("#replay-link").click()
    ana.wait_for_selector("#duplik-table[data-version]")
    ana.keyboard.press("End")
    wait_shown(ana, "d.phase === 'over'")
    expect(ana.locator("#duplik-reveal-stage .duplik-item")).to_have_count(3)
    assert errors == []
