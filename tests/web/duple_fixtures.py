"""Helpers for the Duple browser tests: seeded rooms on the worker's server where nothing happens
unless a test makes it happen, and the few steps every test takes through the pages.

Nothing happens by itself: every clock is long (`LONG`) and moves only when a test calls
`table.advance()`, and the bot thinks 100 times as long as a person (`PASSIVE_BOT`): at least
50 s to flip, 150 s to vote and 300 s to answer, where the tests move the clock at once. So the
people win the races they race, a race ends only when a test ends it, and the deal follows from
the seed (`SEED`, `SCREEN_SEED`): each test knows what comes next and waits for it on the page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from playwright.sync_api import Page, expect
from tests.web.tables import LAPTOP, PHONE, SLOW, NewContext, Person, Table, open_table

from duoplay.core.match import Match
from duoplay.core.protocol import JSON

__all__ = ["LAPTOP", "PHONE", "SLOW", "NewContext", "Person", "expect"]

# Clocks no test waits for: each phase's own length, so a countdown tells which clock runs.
LONG = {
    "lang": "es",
    "flip_seconds": 110.0,
    "stuck_seconds": 120.0,
    "race_seconds": 600.0,
    "all_play_seconds": 240.0,
    "vote_seconds": 100.0,
    # Off here: the seeds' notes below count the clock's moves with an unwon face-off ending at its
    # first category and the next flip right after a win. test_duple_wins.py plays both defaults.
    "faceoff_categories": 1,
    "win_pause_seconds": 0.0,
}
PASSIVE_BOT = 100.0  # the most a room's bot pace may be

# Three seats. Ana (seat 0) flips U and Ben (seat 1) P, both bolts: the two people face off at
# once, for "vehiculo" (patrulla); a tie-break would turn "ropa" (pañuelo).
# - If Ana wins it, the bot flips C, Ana L, Ben O and the bot I: Ana and the bot face off, L + I
#   for "ropa" (bolsillo); once she wins that too, her next card, I, faces off Ben's O.
# - If nobody answers and the clock makes every move, its 20th move turns an All Play for
#   I, E, Y (incluye).
SEED = 2297
# Two seats: Ana flips U and Ben M, of one symbol: a face-off for "edificio" (museo); once Ana
# wins, no match is left on the table.
SCREEN_SEED = 147


def duple_table(new_context: NewContext, base: str, people: Sequence[Person | str] = ("Ana", "Ben"),
                options: dict[str, Any] | None = None, seed: int = SEED, bot: bool = True,
                started: bool = True) -> Table:
    """Ana (seat 0) and Ben (seat 1), and by default an easy bot in seat 2 that never moves first."""
    return open_table(new_context, base, "duple", people, bots={len(people): "easy"} if bot else {},
                      seed=seed, options={**LONG, **(options or {})}, bot_pace=PASSIVE_BOT, started=started)


def shown(page: Page) -> dict[str, Any]:
    """What the table shows now: its data attributes, the stage's question, the flash line."""
    data: dict[str, Any] = page.evaluate("""() => {
      const table = document.getElementById('duple-table');
      const stage = document.getElementById('duple-stage');
      if (!table) return {};
      return {...table.dataset, category: stage.dataset.category, racers: stage.dataset.racers,
              kind: stage.dataset.kind, letters: document.getElementById('duple-letters').dataset.letters,
              flash: document.getElementById('duple-flash').textContent};
    }""")
    return data


def wait_shown(page: Page, test: str, timeout: int = SLOW) -> None:
    """Wait until `test`, a JS expression over `d` (the table's data attributes), holds on the page."""
    page.wait_for_function(
        "() => { const d = document.getElementById('duple-table')?.dataset;"
        f" return Boolean(d && ({test})); }}",
        timeout=timeout,
    )


def wait_to_flip(page: Page, seat: int) -> None:
    wait_shown(page, f"d.phase === 'flip' && d.toMove === '{seat}'")


def flip(page: Page, seat: int) -> None:
    """`seat` flips with the button once it is their turn, and its page shows the new card."""
    wait_to_flip(page, seat)
    step = shown(page)["step"]
    page.locator("#duple-flip").click()
    wait_shown(page, f"d.step !== '{step}'")


def calm(page: Page) -> None:
    """Wait until the page takes keys as the table's again: a person has stopped typing into a
    field (kit/keys.js, TYPING_GRACE_MS), as they pause before pressing a table's key."""
    page.wait_for_function("() => !('typing' in document.body.dataset)")


def race_on(page: Page, kind: str, letters: str, category: str | None = None) -> dict[str, Any]:
    """Wait until the page's seat races the seeded race (`letters` as "U,P"), and check it is that one."""
    wait_shown(page, f"d.racing === '1' && d.phase === '{kind}'")
    now = shown(page)
    assert now["letters"] == letters, now
    if category is not None:
        assert now["category"] == category, now
    return now


def first_faceoff(ana: Page, ben: Page, watcher: Page | None = None) -> dict[str, Any]:
    """Ana and Ben flip their first cards (SEED: U and P, both bolts): their face-off for "vehiculo"
    is on, as `watcher`'s page (Ana's by default) shows; returns what it shows."""
    flip(ana, 0)
    flip(ben, 1)
    return race_on(watcher or ana, "faceoff", "U,P", "vehiculo")


def send(page: Page, word: str) -> None:
    """Type a word into the answer box and send it with Enter."""
    page.locator("#duple-word").fill(word)
    page.locator("#duple-word").press("Enter")


def clock_moves(until: Callable[[JSON], bool], since: Callable[[JSON], bool] = lambda view: True,
                seed: int = SEED, seats: int = 3) -> int:
    """How many moves of the room's clock take the seeded match from the first view where `since`
    holds to the first where `until` does, when nobody answers: the rules' own count (a flip made
    by its drawer is the clock's flip, an unanswered word leaves the race as it was)."""
    match = Match.new("duple", seats, seed, LONG)
    moves, started = 0, False
    while not until(view := match.view(None)):
        started = started or since(view)
        wait = match.deadline()
        assert wait is not None, "the match is over first"
        match.act(wait.seat, wait.action)
        moves += started
    return moves


def move_clock(table: Table, moves: int) -> None:
    for _ in range(moves):
        table.advance()


