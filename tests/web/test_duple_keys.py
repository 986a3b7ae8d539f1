"""Duple by keyboard only, and a reload in the middle of a face-off: the page comes back to the
same race with the answer box usable."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.web.duple_fixtures import (
    SLOW,
    NewContext,
    play,
    shown,
    slow_bot_server,
    strong,
    two_people_and_a_bot,
    word_for,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with slow_bot_server(tmp_path_factory.mktemp("duple-server")) as url:
        yield url


def test_keyboard_only_flips_and_races(new_context: NewContext, base: str) -> None:
    """Ana never clicks: Space or Enter flips, the answer box has the focus when she races, Enter sends."""
    pages, errors = two_people_and_a_bot(new_context, base, {"flip_seconds": 10.0})
    ana = pages[0]
    seen = {"flips": 0, "words": 0}
    done: set[str] = set()

    def by_keys(snaps: dict[int, dict[str, Any]]) -> bool:
        a = snaps[0]
        if a.get("holding") != "0":
            return False
        if a.get("phase") == "flip" and a.get("toMove") == "0" and f"flip{a['version']}" not in done:
            done.add(f"flip{a['version']}")
            ana.keyboard.press(" " if seen["flips"] % 2 == 0 else "Enter")
            ana.wait_for_function(
                "v => document.getElementById('duple-table').dataset.version !== v", arg=a["version"]
            )
            seen["flips"] += 1
            return True
        if a.get("racing") == "1" and f"race{a['step']}" not in done:
            done.add(f"race{a['step']}")
            ana.wait_for_function(
                "() => document.activeElement && document.activeElement.id === 'duple-word'"
            )
            word = word_for(a)
            if word is None:
                ana.keyboard.press("Tab")  # from the box to the buttons
                ana.keyboard.press("Tab")
                focused = ana.evaluate("() => document.activeElement.dataset.action")
                assert focused in ("pass", "appeal", "new_category")
                return False
            ana.keyboard.type(word)
            ana.keyboard.press("Enter")
            # The word is Ana's answer, unless another racer closed the race first (a loaded machine).
            ana.wait_for_function(
                "([w, s]) => document.getElementById('duple-mine').textContent.includes(w)"
                " || document.getElementById('duple-table').dataset.step !== s",
                arg=[word, a["step"]], timeout=SLOW,
            )
            if word in ana.locator("#duple-mine").inner_text():
                seen["words"] += 1
            return True
        return False

    def others(seat: int, snap: dict[str, Any]) -> str | None:
        return None if seat == 0 else strong(seat, snap)

    play(
        pages,
        lambda s: seen["flips"] >= 3 and seen["words"] >= 2,
        policy=others,
        on_race=by_keys,
        timeout=240,
    )
    assert errors == []


def test_a_reload_in_a_face_off_comes_back_to_the_same_race(
    new_context: NewContext, base: str, screenshots: Path
) -> None:
    pages, errors = two_people_and_a_bot(new_context, base, {"race_seconds": 60.0, "stuck_seconds": 30.0})
    ana = pages[0]
    result: dict[str, Any] = {}

    def reload_mid_race(snaps: dict[int, dict[str, Any]]) -> bool:
        a = snaps[0]
        if result or not (a.get("racing") == "1" and a.get("kind") == "faceoff" and a.get("holding") == "0"):
            return False
        ana.fill("#duple-word", "zzqx")
        ana.press("#duple-word", "Enter")
        expect(ana.locator("#duple-answers li[data-seat='0']")).to_have_count(1, timeout=SLOW)
        ana.reload()
        ana.wait_for_selector("#duple-table[data-version]", timeout=SLOW)
        again = shown(ana)
        assert (again["step"], again["letters"], again["category"]) == (
            a["step"],
            a["letters"],
            a["category"],
        )
        assert again["racing"] == "1"
        expect(ana.locator("#duple-answers li[data-seat='0'] .word")).to_have_text(
            "zzqx"
        )  # the race's answers are back
        expect(ana.locator("#duple-word")).to_be_enabled()
        assert ana.evaluate("() => document.activeElement && document.activeElement.id") == "duple-word"
        word = word_for(again)
        if word is not None:
            ana.keyboard.type(word)
            ana.keyboard.press("Enter")
            expect(ana.locator("#duple-answers li.ok[data-seat='0']")).to_have_count(1, timeout=SLOW)
        result["done"] = True
        return True

    play(pages, lambda s: bool(result), on_race=reload_mid_race, timeout=180)
    assert errors == []
