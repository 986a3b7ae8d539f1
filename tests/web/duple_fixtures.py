"""Helpers for the Duple browser tests: a server whose bots are slow, rooms over the HTTP API, and
a driver that plays the races through the pages (flip button or keys, the answer box, the
buttons), choosing its words with the bots' own word finder, so any deal leads to the
situations a test wants: a won face-off, a tie, a vote, an All Play.

Bots answer after 4 x their reaction time (`--bot-pace 4`): an easy bot needs 16 s or more for
a word, so the two people win the face-offs they want to win. The flip clock (`flip_seconds`)
flips for a slow bot.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from tests.web.conftest import Server, _wait_until_up
from tests.web.duos_fixtures import NewContext, add_bot, enter, player

from duoplay.games.duple.words.answer import find_answer

__all__ = ["NewContext", "add_bot", "enter", "player"]

LAPTOP = {"width": 1366, "height": 657}
PHONE = {"width": 390, "height": 844}
SLOW = 60_000
BOT_PACE = 4.0
# Quick clocks: a bot's flip is made by the clock after 1.5 s; a face-off nobody can answer ends.
QUICK = {
    "lang": "es",
    "flip_seconds": 1.5,
    "stuck_seconds": 3.0,
    "race_seconds": 8.0,
    "all_play_seconds": 8.0,
    "vote_seconds": 6.0,
}


class SlowBotServer(Server):
    """`duoplay serve` with bots `pace` times slower than a person would be."""

    def __init__(self, folder: Path, pace: float = BOT_PACE) -> None:
        super().__init__(folder)
        self.pace = pace

    def start(self) -> None:
        log = self.folder / "server.log"
        duoplay = Path(sys.executable).with_name("duoplay")
        command = [
            str(duoplay),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database",
            f"sqlite+aiosqlite:///{self.folder / 'db.sqlite'}",
            "--bot-pace",
            str(self.pace),
            "--log-level",
            "warning",
        ]
        with log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ})
        _wait_until_up(self.url, self.process, log)


@contextmanager
def slow_bot_server(folder: Path, pace: float = BOT_PACE) -> Iterator[str]:
    server = SlowBotServer(folder, pace)
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


def new_room(base: str, seats: int, options: dict[str, Any] | None = None) -> str:
    body = json.dumps({"game": "duple", "seats": seats, "options": {**QUICK, **(options or {})}}).encode()
    request = urllib.request.Request(
        base + "/api/rooms", data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        code: str = json.loads(answer.read())["code"]
    return code


def start(page: Page) -> None:
    page.click("#start:not([disabled])")
    page.wait_for_selector("#duple-table[data-version]", timeout=SLOW)


def shown(page: Page) -> dict[str, Any]:
    """What the table shows now: its data attributes, the stage's question, the flash line."""
    data: dict[str, Any] = page.evaluate("""() => {
      const table = document.getElementById('duple-table');
      const stage = document.getElementById('duple-stage');
      if (!table) return {};
      return {...table.dataset, category: stage.dataset.category, racers: stage.dataset.racers,
              kind: stage.dataset.kind, letters: document.getElementById('duple-letters').dataset.letters,
              flash: document.getElementById('duple-flash').textContent,
              flashKind: document.getElementById('duple-flash').dataset.kind || '',
              over: Boolean(document.getElementById('duple-summary'))};
    }""")
    return data


_RANDOM = random.Random(7)


def word_for(snapshot: dict[str, Any]) -> str | None:
    """The word a strong player would say for the question on the page, if there is one."""
    letters = [x for x in str(snapshot.get("letters", "")).split(",") if x]
    category = None if snapshot.get("kind") == "allplay" else snapshot.get("category")
    return find_answer("es", letters, category, 1.0, _RANDOM)


def answer(page: Page, word: str, timeout: float = 30_000) -> bool:
    """Type a word and send it; False when the field did not show within `timeout` ms (the race
    ended first, as for a person who was a moment too slow)."""
    try:
        page.locator("#duple-word").fill(word, timeout=timeout)
        page.locator("#duple-word").press("Enter", timeout=timeout)
        return True
    except PlaywrightError:
        return False


def try_click(page: Page, selector: str) -> bool:
    try:
        page.locator(selector).click(timeout=1500)
        return True
    except PlaywrightError:
        return False


# A policy decides what a person does with a race on their page: a word, "pass", or None (wait).
Policy = Callable[[int, dict[str, Any]], str | None]


def strong(seat: int, snapshot: dict[str, Any]) -> str | None:
    """The best word, else pass; when both people race, only the first answers (no endless ties)."""
    racers = [int(x) for x in str(snapshot.get("racers", "")).split(",") if x]
    if snapshot.get("kind") == "faceoff" and {0, 1} <= set(racers) and seat != 0:
        return None
    return word_for(snapshot) or "pass"


def play(
    pages: dict[int, Page],
    until: Callable[[dict[int, dict[str, Any]]], bool],
    policy: Policy = strong,
    timeout: float = 150.0,
    on_race: Callable[[dict[int, dict[str, Any]]], bool] | None = None,
    allow_over: bool = False,
) -> dict[int, dict[str, Any]]:
    """Flip and race on every page until `until(snapshots)`; returns the last snapshots.
    `on_race(snapshots)` may take over a race (a tie, a vote) and returns True when it did."""
    done: set[tuple[int, str]] = set()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        snaps = {seat: shown(page) for seat, page in pages.items()}
        if until(snaps):
            return snaps
        if not allow_over and any(s.get("over") for s in snaps.values()):
            raise AssertionError(f"the game ended first: {snaps}")
        if on_race is not None and on_race(snaps):
            continue
        for seat, page in pages.items():
            snap = snaps[seat]
            if snap.get("phase") == "flip" and snap.get("toMove") == str(seat):
                try_click(page, "#duple-flip")
            elif snap.get("racing") == "1" and (seat, str(snap.get("step"))) not in done:
                done.add((seat, str(snap.get("step"))))
                choice = policy(seat, snap)
                if choice == "pass":
                    try_click(page, "#duple-pass")
                elif choice:
                    answer(page, choice, timeout=1500)  # a race the others ended is let go
        next(iter(pages.values())).wait_for_timeout(120)
    raise AssertionError(f"not reached in {timeout} s: {[shown(p) for p in pages.values()]}")


def two_people_and_a_bot(
    new_context: NewContext,
    base: str,
    options: dict[str, Any] | None = None,
    viewports: tuple[dict[str, int], dict[str, int]] = (LAPTOP, LAPTOP),
    level: str = "easy",
) -> tuple[dict[int, Page], list[str]]:
    """Ana (seat 0) and Ben (seat 1) sit, a bot takes seat 2, Ana starts."""
    code = new_room(base, 3, options)
    ana, errors_a = player(new_context, "Ana", viewports[0])
    ben, errors_b = player(new_context, "Ben", viewports[1])
    enter(ana, base, code, 0)
    enter(ben, base, code, 1)
    add_bot(ana, 2, level)
    start(ana)
    ben.wait_for_selector("#duple-table[data-version]", timeout=SLOW)
    return {0: ana, 1: ben}, errors_a + errors_b


def wait_shown(page: Page, test: str, timeout: int = SLOW) -> None:
    """Wait until `test`, a JS expression over `d` (the table's data), holds on the page."""
    page.wait_for_function(
        f"() => {{ const d = document.getElementById('duple-table')?.dataset; return d && ({test}); }}",
        timeout=timeout,
    )


def in_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return (
        box["y"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"]
    )


def racing_pages(pages: dict[int, Page], snaps: dict[int, dict[str, Any]]) -> list[int]:
    return [seat for seat, s in snaps.items() if s.get("racing") == "1"]


__all__ += ["expect"]
