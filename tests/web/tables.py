"""What every browser test sets up, in one place: a room on the worker's server with given seats,
bots, seed and house rules, people's pages at a laptop's or a phone's size, and the test hooks that
make a match repeatable (the deal's seed, the clock moved on, the bots' pace).

A test in ten lines is in docs/testing.md (and runs as `test_seeded_tables.py`'s last test).

Rooms are made over the HTTP API, as any client may; everything a player does after that goes
through the pages. Waits are on the state a test expects (`expect`, `wait_for_function`), never on
time: see docs/testing.md.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

LAPTOP = {"width": 1366, "height": 657}
PHONE = {"width": 390, "height": 844}
SIZES = {"laptop": LAPTOP, "phone": PHONE}
SLOW = 60_000  # ms: a wait for the server on a loaded machine (a bot's model, a word list)

NewContext = Callable[..., BrowserContext]  # pytest-playwright's `new_context` fixture

# The element each game's table draws once it has a state to show.
TABLE = {"uno-duo": "#uno-table", "duos": "#duos-table", "duple": "#duple-table", "duplik": "#duplik-table"}


def post(base: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def get(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path, timeout=30) as answer:
        return json.loads(answer.read())


def replay(base: str, match_id: str) -> dict[str, Any]:
    """A stored match's replay, as a spectator would fetch it."""
    data: dict[str, Any] = get(base, f"/api/matches/{match_id}/replay")
    return data


def new_room(base: str, game: str, seats: int | None = None, options: dict[str, Any] | None = None,
             seed: int | None = None, bot_pace: float | None = None) -> str:
    """A waiting room; with `seed` its first match is dealt from it, with `bot_pace` its bots wait
    that many times their usual time (the server must run with `--test-hooks` for either)."""
    body: dict[str, Any] = {"game": game, "options": options or {}}
    if seats is not None:
        body["seats"] = seats
    code: str = post(base, "/api/rooms", body)["code"]
    if seed is not None:
        post(base, f"/api/test/rooms/{code}/seed", {"seed": seed})
    if bot_pace is not None:
        post(base, f"/api/test/rooms/{code}/bots", {"pace": bot_pace})
    return code


def advance(base: str, code: str, seconds: float = 3600.0) -> dict[str, Any]:
    """Move the room's clock on by `seconds` (by default to its armed deadline, which passes now);
    returns the match's version after it and the seconds left of the wait."""
    moved: dict[str, Any] = post(base, f"/api/test/rooms/{code}/clock", {"advance": seconds})
    return moved


@dataclass(frozen=True)
class Person:
    """Somebody at the table: a name, a screen size, the browser's language, reduced motion."""

    name: str
    viewport: dict[str, int] = field(default_factory=lambda: LAPTOP)
    locale: str | None = None
    reduced_motion: bool = False

    @property
    def phone(self) -> bool:
        return self.viewport["width"] < 600


def player(new_context: NewContext, person: Person | str, viewport: dict[str, int] | None = None,
           locale: str | None = None) -> tuple[Page, list[str]]:
    """A fresh browser profile for `person`, and the list its page's script errors go to. A phone
    has touch. pytest-playwright's `new_context` closes the profile after the test."""
    if isinstance(person, str):
        person = Person(person, viewport or LAPTOP, locale)
    options: dict[str, Any] = {"viewport": person.viewport}
    if person.locale:
        options["locale"] = person.locale
    if person.reduced_motion:
        options["reduced_motion"] = "reduce"
    if person.phone:
        options["has_touch"] = True
    context = new_context(**options)
    stored = json.dumps(json.dumps(person.name))
    context.add_init_script(
        f"if (!localStorage.getItem('duoplay.name')) localStorage.setItem('duoplay.name', {stored});")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def enter(page: Page, base: str, code: str, seat: int) -> None:
    """Open the room's page and take `seat`."""
    page.goto(f"{base}/room/{code}")
    page.click(f"li.seat[data-seat='{seat}'] button.sit")
    expect(page.locator(f"li.seat[data-seat='{seat}'] .badge.you")).to_be_visible()


def add_bot(page: Page, seat: int, level: str = "random") -> None:
    page.select_option(f"li.seat[data-seat='{seat}'] select.bot-level", level)
    page.click(f"li.seat[data-seat='{seat}'] button.add-bot")
    expect(page.locator(f"li.seat[data-seat='{seat}'][data-kind='bot']")).to_be_visible()


def start(page: Page, game: str) -> None:
    page.click("#start:not([disabled])")
    page.wait_for_selector(f"{TABLE[game]}[data-version]", timeout=SLOW)


@dataclass
class Table:
    """A room with people's pages in their seats (seat -> page) and their script errors."""

    base: str
    game: str
    code: str
    pages: dict[int, Page]
    errors: list[str]

    def advance(self, seconds: float = 3600.0) -> dict[str, Any]:
        return advance(self.base, self.code, seconds)

    def shown(self, seat: int) -> dict[str, str]:
        """The table's data attributes on `seat`'s page, read at one instant."""
        data: dict[str, str] = self.pages[seat].locator(TABLE[self.game]).evaluate("t => ({...t.dataset})")
        return data


def open_table(new_context: NewContext, base: str, game: str, people: Sequence[Person | str],
               bots: dict[int, str] | None = None, seed: int | None = None,
               options: dict[str, Any] | None = None, bot_pace: float | None = None,
               started: bool = True) -> Table:
    """People take seats 0, 1, ... in order, bots (seat -> level) the seats named; the first person
    adds the bots and, if `started`, starts the match, and every page waits for the table."""
    bots = bots or {}
    code = new_room(base, game, len(people) + len(bots), options, seed, bot_pace)
    pages: dict[int, Page] = {}
    errors: list[str] = []
    free = iter(seat for seat in range(len(people) + len(bots)) if seat not in bots)
    for person in people:
        seat = next(free)
        page, _ = player(new_context, person)
        page.on("pageerror", lambda error: errors.append(str(error)))
        enter(page, base, code, seat)
        pages[seat] = page
    host = pages[min(pages)]
    for seat, level in sorted(bots.items()):
        add_bot(host, seat, level)
    table = Table(base, game, code, pages, errors)
    if started:
        start(host, game)
        for page in pages.values():
            page.wait_for_selector(f"{TABLE[game]}[data-version]", timeout=SLOW)
    return table


def in_viewport(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the page's viewport (seen without scrolling)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return (box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
            and box["x"] >= 0 and box["x"] + box["width"] <= size["width"])
