"""Drive the web client the way a player does: through the pages' buttons, never the rules.

Every wait here is on what the table shows (its `data-version`, `data-to-move`, the round-end
summary, the animations running), never on time: a move is made once the table says this seat is
to move, and the next one once the table has moved on.
"""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect
from tests.web.link import Link
from tests.web.tables import SLOW, NewContext, Person, Table, add_bot, enter, new_room, player, post

# What a player clicks when no card is playable, in this order of preference.
FALLBACK_ACTIONS = ("play-drawn", "draft-keep", "accept", "no-dump", "draw", "keep", "pass")

# The table's state as JavaScript sees it, for the waits below.
_SHOWN = """const t = document.getElementById('uno-table');
  const over = Boolean(document.getElementById('uno-round-end'));
  const v = t ? Number(t.dataset.version) : -1;
  const mine = Boolean(t) && t.dataset.seat !== '' && t.dataset.toMove.split(',').includes(t.dataset.seat);"""

# No animation that ends is still running: the cards have landed, the flying ones are gone. (A
# ring's low-time pulse never ends and does not count.)
STILL = """() => document.getAnimations().every((a) => a.playState !== 'running'
  || a.effect === null || a.effect.getComputedTiming().endTime === Infinity)"""


def create_room(page: Page, base: str, name: str, options: dict[str, str] | None = None) -> str:
    """Create a room from the lobby and return its code."""
    page.goto(base + "/")
    page.wait_for_selector(".game-tile .with-friends")
    page.fill("#player-name", name)
    page.click(".game-tile[data-game='uno-duo'] .with-friends")
    page.click("#house-rules summary")
    page.wait_for_selector("#opt-target_score")  # the house rules are drawn: the button stops moving
    for option, value in (options or {}).items():
        page.fill(f"#opt-{option}", value)
    page.click("#create-room")
    page.wait_for_url(re.compile(r".*/room/[A-Z0-9]{6}$"))
    code = page.locator("#room-code").inner_text()
    page.wait_for_selector("li.seat")
    return code


def seed_room(base: str, code: str, number: int) -> None:
    """The room's next match deals from `number` and its bots choose from it (a test hook), for a
    room made through the lobby; `tables.new_room` takes the seed of a room made over the API."""
    post(base, f"/api/test/rooms/{code}/seed", {"seed": number})


def sit(page: Page, seat: int) -> None:
    """Take `seat`. Seat 0 is the room's creator's: the page seats them as the room opens (a click
    meanwhile would race that sit and redraw under the pointer), so for it this only waits."""
    if seat != 0:
        page.click(f"li.seat[data-seat='{seat}'] button.sit")
    expect(page.locator(f"li.seat[data-seat='{seat}'] .badge.you")).to_be_visible()


def bot_table(new_context: NewContext, base: str, person: Person, seed: int | None = None,
              options: dict[str, Any] | None = None, level: str = "random") -> Table:
    """UNO Duo with `person` at seat 0 and a bot of `level` at seat 1, started; with `seed` the
    deal and the bot's choices are the seed's."""
    code = new_room(base, "uno-duo", 2, options, seed)
    page, errors = player(new_context, person)
    enter(page, base, code, 0)
    add_bot(page, 1, level)
    start(page)
    return Table(base, "uno-duo", code, {0: page}, errors)


def linked_bot_table(new_context: NewContext, base: str, person: Person) -> tuple[Table, Link]:
    """`bot_table` (seed 3) with the page's socket in the test's hands (`Link`), played past the
    draft to the page's first move of the main game."""
    table = bot_table(new_context, base, person, seed=3)
    page = table.pages[0]
    link = Link(page)  # the page's next socket goes through the test's hands
    page.reload()
    page.wait_for_selector("#uno-table[data-version]", timeout=SLOW)
    play_past_the_draft(page)
    return table, link


def my_moves(page: Page) -> Locator:
    """The log's lines of this page's own moves."""
    return page.locator("#uno-log li", has_text=re.compile(r"^You (played|drew|kept)"))


def start(page: Page) -> None:
    page.click("#start:not([disabled])")
    page.wait_for_selector("#uno-table[data-version]", timeout=SLOW)


def version(page: Page) -> int:
    return int(page.locator("#uno-table").get_attribute("data-version") or "-1")


def round_over(page: Page) -> bool:
    return page.locator("#uno-round-end").count() > 0


def table_state(page: Page) -> dict[str, str]:
    """The table's data attributes (version, phase, toMove, seat), read at one instant."""
    shown: dict[str, str] = page.evaluate("() => ({...document.getElementById('uno-table').dataset})")
    return shown


def my_turn(page: Page) -> bool:
    shown = table_state(page)
    return shown["seat"] in shown["toMove"].split(",")


def settle(page: Page) -> None:
    """Wait until the cards have landed (no animation that ends is running), e.g. before a
    screenshot or a measure of where things are."""
    page.wait_for_function(STILL, timeout=SLOW)


def wait_for_my_turn(page: Page, after: int = -1) -> dict[str, str]:
    """Wait until the table shows a state newer than version `after` in which this seat is to
    move; return the table's data then."""
    page.wait_for_function(f"([after]) => {{ {_SHOWN} return mine && v > after; }}", arg=[after],
                           timeout=SLOW)
    return table_state(page)


def play_past_the_draft(page: Page) -> dict[str, str]:
    """Keep drafting (clicking Keep) until the draft is over and this page is to move in the main
    game (the first round's); return the table's data then."""
    for _ in range(60):
        shown = wait_for_my_turn(page)
        if shown["phase"] not in ("draft", "start-colour"):
            return shown
        before = int(shown["version"])
        if act_once(page):
            wait_for_change(page, before)
    raise AssertionError("the draft did not end")


def act_once(page: Page, say_uno: bool = False) -> bool:
    """Make one legal move on this page, if it has one; prefer playing a card. True if it acted.

    With `say_uno`, a play that leaves one card is made with the UNO button armed first. When the
    table is redrawn under the cursor (another state arrives, a name changes), the click is not
    made and the move is chosen again from what the table shows then.
    """
    for _ in range(10):  # arming UNO, a wild and its colour, and a few redraws
        step = _choose(page, say_uno)
        if step is None:
            return False
        if not _click_pick(page):
            continue
        if step["then"] is None:
            return True
        # Arming UNO or choosing a wild redraws the controls at once: wait for what comes next.
        page.wait_for_selector(step["then"], timeout=SLOW)
    raise AssertionError("no move was completed in ten clicks")


# What a player would click now, marked `data-pick` for the click that follows: `then` is what
# the click shows next when it does not send the move yet (UNO armed, the colour picker open).
# Every redraw of the table builds its buttons anew, so the mark goes with the state it was
# chosen in and the click cannot land on a look-alike in a later state.
_CHOOSE = """([sayUno, fallback]) => {
  const t = document.getElementById('uno-table');
  if (!t || document.getElementById('uno-round-end')) return null;
  for (const old of document.querySelectorAll('[data-pick]')) delete old.dataset.pick;
  const mine = t.dataset.seat !== '' && t.dataset.toMove.split(',').includes(t.dataset.seat);
  const pick = (el, then) => { el.dataset.pick = '1'; return {then}; };
  const picker = '.colour-picker button[data-colour]';
  const wild = (el) => Boolean(el) && (el.dataset.card || '').startsWith('wild');
  if (sayUno) {
    const uno = document.querySelector("#uno-actions button[data-action='uno'][aria-pressed='false']");
    if (uno) return pick(uno, "#uno-actions button[data-action='uno'][aria-pressed='true']");
  }
  const colour = document.querySelector(picker);
  if (colour) return pick(colour, null);
  const card = mine && document.querySelector("#uno-hand button.card[data-legal='1']");
  if (card) return pick(card, wild(card) ? picker : null);
  const drawnWild = wild(document.querySelector('#uno-hand .card.drawn'));
  for (const action of fallback) {
    const button = document.querySelector(`#uno-actions button[data-action='${action}']`);
    if (button) return pick(button, action === 'play-drawn' && drawnWild ? picker : null);
  }
  return null;
}"""


def _choose(page: Page, say_uno: bool) -> dict[str, str | None] | None:
    step: dict[str, str | None] | None = page.evaluate(_CHOOSE, [say_uno, list(FALLBACK_ACTIONS)])
    return step


def _click_pick(page: Page) -> bool:
    """Click the element `_CHOOSE` marked; False if the table was redrawn meanwhile."""
    handle = page.query_selector("[data-pick]")
    if handle is None:
        return False
    try:
        handle.click(timeout=SLOW)
    except PlaywrightError:
        if handle.evaluate("el => el.isConnected"):
            raise
        return False  # redrawn: not clicked, and the caller looks at the new table
    return True


def wait_for_change(page: Page, before: int, timeout: float = SLOW / 1000) -> None:
    """Wait until the table shows a newer state (or the round-end summary)."""
    try:
        page.wait_for_function(f"([before]) => {{ {_SHOWN} return v > before || over; }}",
                               arg=[before], timeout=timeout * 1000)
    except Exception as error:
        shown = page.evaluate("() => ({why: document.getElementById('uno-why')?.textContent,"
                              " toasts: [...document.querySelectorAll('.toast')].map(t => t.textContent),"
                              " status: document.getElementById('uno-status')?.textContent,"
                              " table: {...document.getElementById('uno-table')?.dataset}})")
        raise AssertionError(f"the table did not move on after a click: {shown}") from error


def _wait_for_a_move(pages: list[Page], tried: dict[int, int]) -> None:
    """No page could move: wait for the state in which one can (a bot or another player moves
    first), or for a round's end. `tried` holds, per page, the version at which it found nothing
    to do; a page to move at that same version is not waited for again, but its next state is."""
    shown = [table_state(page) for page in pages]
    latest = max(range(len(pages)), key=lambda i: int(shown[i]["version"]))
    newest = int(shown[latest]["version"])
    to_move = shown[latest]["toMove"].split(",")
    for i, page in enumerate(pages):
        if shown[i]["seat"] in to_move:  # this page moves next, once it has the newest state
            after = max(newest - 1, tried.get(i, -1))
            page.wait_for_function(f"([after]) => {{ {_SHOWN} return over || (mine && v > after); }}",
                                   arg=[after], timeout=SLOW)
            return
    # A bot (or a seat no page holds) is to move.
    pages[latest].wait_for_function(f"([newest]) => {{ {_SHOWN} return over || v > newest; }}",
                                    arg=[newest], timeout=SLOW)


def play_until_round_ends(pages: list[Page], max_moves: int = 1500, timeout: float = 300.0,
                          say_uno: bool = False) -> int:
    """Click legal moves on every page until one shows the round-end summary; return the moves made."""
    moves = 0
    deadline = time.monotonic() + timeout
    while moves < max_moves and time.monotonic() < deadline:
        if any(round_over(p) for p in pages):
            return moves
        tried: dict[int, int] = {}
        acted = False
        for i, page in enumerate(pages):
            before = version(page)
            if act_once(page, say_uno):
                acted = True
                moves += 1
                wait_for_change(page, before)
                break
            if version(page) == before:
                tried[i] = before
        if not acted:
            _wait_for_a_move(pages, tried)
    raise AssertionError(f"the round did not end after {moves} moves")
