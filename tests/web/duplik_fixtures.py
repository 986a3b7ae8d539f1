"""Helpers for the Duplik browser tests: rooms over the HTTP API, two people and a bot at the table,
strokes drawn with the mouse on the canvas, and a driver that judges criterion by criterion.

The die decides who portrays first, so a helper starts rooms until the first Portrayer is who the
test wants (the bot, or one of the people): the first round is then the one the test plays.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect
from tests.web.duos_fixtures import NewContext, add_bot, enter, player

SLOW = 60_000
LAPTOP = {"width": 1366, "height": 657}
PHONE = {"width": 390, "height": 844}
# Short clocks: describing, disputing a verdict and voting.
QUICK = {"describe_seconds": 60.0, "review_seconds": 4.0, "vote_seconds": 20.0, "prepare_seconds": 0.0}
BOT = 2  # the bot's seat; the people sit at 0 and 1

__all__ = ["LAPTOP", "PHONE", "SLOW", "NewContext", "expect"]


def new_room(base: str, options: dict[str, Any] | None = None) -> str:
    body = json.dumps({"game": "duplik", "seats": 3, "options": {**QUICK, **(options or {})}}).encode()
    request = urllib.request.Request(base + "/api/rooms", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        code: str = json.loads(answer.read())["code"]
    return code


def shown(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.locator("#duplik-table").evaluate("t => ({...t.dataset})")
    return data


def wait_shown(page: Page, test: str, timeout: int = SLOW) -> None:
    """Wait until `test`, a JS expression over `d` (the table's data attributes), holds."""
    page.wait_for_function(
        "() => { const d = document.getElementById('duplik-table')?.dataset;"
        f" return Boolean(d && d.version && ({test})); }}", timeout=timeout)


def two_people_and_a_bot(new_context: NewContext, base: str, portrayer: Callable[[int], bool],
                         options: dict[str, Any] | None = None,
                         viewports: tuple[dict[str, int], dict[str, int]] = (LAPTOP, LAPTOP),
                         tries: int = 12) -> tuple[dict[int, Page], list[str], str]:
    """Ana (seat 0) and Ben (seat 1) sit, a bot takes seat 2, Ana starts; again in a new room until
    the first Portrayer passes `portrayer(seat)`. Returns the pages, their script errors, the room."""
    ana, errors_a = player(new_context, "Ana", viewports[0])
    ben, errors_b = player(new_context, "Ben", viewports[1])
    for _ in range(tries):
        code = new_room(base, options)
        enter(ana, base, code, 0)
        enter(ben, base, code, 1)
        add_bot(ana, BOT, "normal")
        ana.click("#start:not([disabled])")
        wait_shown(ana, "true")
        wait_shown(ben, "true")
        if portrayer(int(shown(ana)["portrayer"])):
            return {0: ana, 1: ben}, errors_a + errors_b, code
    raise AssertionError(f"no room in {tries} had the first Portrayer wanted")


def draw(page: Page, points: list[tuple[float, float]]) -> None:
    """One stroke with the mouse through `points`, given as fractions of the canvas (0-1)."""
    box = page.locator("#duplik-canvas").bounding_box()
    assert box is not None
    at = [(box["x"] + x * box["width"], box["y"] + y * box["height"]) for x, y in points]
    page.mouse.move(*at[0])
    page.mouse.down()
    for x, y in at[1:]:
        page.mouse.move(x, y, steps=6)
    page.mouse.up()


def strokes_on(page: Page, selector: str = "#duplik-canvas") -> int:
    return int(page.locator(selector).get_attribute("data-strokes") or "0")


def house(page: Page) -> None:
    """Three strokes: a square, a roof and a sun."""
    draw(page, [(0.2, 0.5), (0.4, 0.5), (0.4, 0.8), (0.2, 0.8), (0.2, 0.5)])
    draw(page, [(0.18, 0.52), (0.3, 0.35), (0.42, 0.52)])
    draw(page, [(0.75, 0.15), (0.82, 0.12), (0.86, 0.2), (0.8, 0.27), (0.74, 0.22), (0.75, 0.15)])


__all__ += ["draw", "enter", "house", "new_room", "player", "shown", "strokes_on",
            "two_people_and_a_bot", "wait_shown"]
