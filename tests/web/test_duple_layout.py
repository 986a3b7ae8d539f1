"""Duple on a phone held in one hand (390x844) and on a laptop (1366x657): the racing letters and
the answer box are in sight without scrolling, on both, during a face-off and an All Play."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from tests.web.duple_fixtures import (
    LAPTOP,
    PHONE,
    NewContext,
    in_viewport,
    play,
    slow_bot_server,
    two_people_and_a_bot,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with slow_bot_server(tmp_path_factory.mktemp("duple-server")) as url:
        yield url


def _race_in_sight(page: Page) -> None:
    scrolled = page.evaluate("() => window.scrollY")
    for selector in ("#duple-letters", "#duple-word", "#duple-category", "#duple-send"):
        assert in_viewport(page, selector), f"{selector} is out of sight ({page.viewport_size})"
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= window.innerWidth"
    )  # no sideways scroll
    assert page.evaluate("() => window.scrollY") == scrolled


def test_the_race_is_in_sight_on_a_phone_and_a_laptop(
    new_context: NewContext, base: str, screenshots: Path
) -> None:
    pages, errors = two_people_and_a_bot(
        new_context, base, {"race_seconds": 30.0, "stuck_seconds": 20.0}, viewports=(PHONE, LAPTOP)
    )
    phone, laptop = pages[0], pages[1]
    taken: dict[str, bool] = {}

    def shoot(snaps: dict[int, dict[str, Any]]) -> bool:
        """A face-off where both people race: look at it on both screens, then let it go on."""
        a, b = snaps[0], snaps[1]
        if (
            "faceoff" not in taken
            and a.get("racing") == "1"
            and b.get("racing") == "1"
            and a.get("kind") == "faceoff"
        ):
            _race_in_sight(phone)
            _race_in_sight(laptop)
            assert phone.evaluate("() => document.activeElement && document.activeElement.id") == "duple-word"
            phone.locator("#duple-word").fill("xz")
            phone.press("#duple-word", "Enter")
            phone.wait_for_selector("#duple-mine.no")
            phone.screenshot(path=str(screenshots / "duple-faceoff-phone.png"))
            laptop.wait_for_selector("#duple-answers li.no")
            laptop.screenshot(path=str(screenshots / "duple-faceoff-laptop.png"))
            taken["faceoff"] = True
        if "flip" not in taken and b.get("phase") == "flip" and b.get("toMove") == "1":
            laptop.screenshot(path=str(screenshots / "duple-flip-laptop.png"))
            taken["flip"] = True
        if "allplay" not in taken and a.get("kind") == "allplay" and a.get("racing") == "1":
            _race_in_sight(phone)
            _race_in_sight(laptop)
            phone.screenshot(path=str(screenshots / "duple-allplay-phone.png"))
            laptop.screenshot(path=str(screenshots / "duple-allplay-laptop.png"))
            taken["allplay"] = True
        return False

    play(pages, lambda snaps: {"faceoff", "allplay"} <= set(taken), on_race=shoot, timeout=240)
    assert errors == []
