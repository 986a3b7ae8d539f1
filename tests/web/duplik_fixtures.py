"""Helpers for the Duplik browser tests: two people and a bot at a seeded table, strokes drawn with
the mouse on the canvas, and drivers that act and wait for the server's answer, never for time.

The die decides who portrays first. A room's first match deals from a seed (the server's test hook),
so each test names the seed that makes the seat it wants the first Portrayer. The die is thrown
before anything else, so only the seed and the number of seats decide it, whatever the options:

    from duoplay.core.log import MatchHeader
    from duoplay.core.match import Match
    from duoplay.core.registry import find_game
    game = find_game("duplik")
    for seed in range(12):
        match = Match.start(MatchHeader("duplik", 3, seed, game.options_to_json(game.parse_options({}))))
        print(seed, match.view(0)["portrayer"])

The clocks are long (`LONG`): a test that wants a wait to end moves the room's clock to it
(`Table.advance`). Waits are on the table's data attributes: `data-version`, `data-phase`, and
`data-answered` (how many of the page's actions the server has answered); the canvas's
`data-strokes`, `data-unsent` (messages still to leave) and `data-kept` (strokes the server keeps).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Expect, Locator, Page
from tests.web.tables import LAPTOP, PHONE, SLOW, NewContext, Person, Table, open_table

# These tests' assertions wait for a state as long as a loaded machine may take to show it (a
# state, a stream relayed by the server), not Playwright's 5 s; the other tests keep theirs.
expect = Expect()
expect.set_options(timeout=SLOW)

BOT = 2  # the bot's seat; the people sit at 0 and 1
# The first Portrayer a seed gives with 3 seats (computed as in the module's docstring).
FIRST = {0: 6, 1: 0, 2: 2}
# Clocks no test waits out: describing, disputing a verdict, voting; no choice made for the Portrayer.
LONG = {"describe_seconds": 600.0, "review_seconds": 120.0, "vote_seconds": 120.0, "prepare_seconds": 0.0}
# Deciding buttons of the judging, by a quick and agreeable Judge or Artist.
AGREE = ("#duplik-accept", "#duplik-vote-yes", "#duplik-decide-yes")

__all__ = ["BOT", "FIRST", "LAPTOP", "LONG", "PHONE", "SLOW", "NewContext", "Person", "Table", "expect"]


def shown(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.locator("#duplik-table").evaluate("t => ({...t.dataset})")
    return data


def wait_shown(page: Page, test: str, timeout: int = SLOW) -> None:
    """Wait until `test`, a JS expression over `d` (the table's data attributes), holds."""
    page.wait_for_function(
        "() => { const d = document.getElementById('duplik-table')?.dataset;"
        f" return Boolean(d && d.version && ({test})); }}", timeout=timeout)


def version(page: Page) -> int:
    return int(shown(page).get("version") or 0)


def seeded_table(new_context: NewContext, base: str, people: list[Person], first: int,
                 options: dict[str, Any] | None = None, bots: dict[int, str] | None = None,
                 bot_pace: float | None = None) -> Table:
    """People at seats 0, 1, ... (and `bots`, at `bot_pace`), the match started from the seed that
    makes `first` the first Portrayer, with long clocks unless `options` says otherwise."""
    table = open_table(new_context, base, "duplik", people, bots=bots, seed=FIRST[first],
                       options={**LONG, **(options or {})}, bot_pace=bot_pace)
    for page in table.pages.values():
        assert shown(page)["portrayer"] == str(first), "the seed no longer gives this first Portrayer"
    return table


def two_people_and_a_bot(new_context: NewContext, base: str, first: int,
                         options: dict[str, Any] | None = None,
                         viewports: tuple[dict[str, int], dict[str, int]] = (LAPTOP, LAPTOP),
                         bot_pace: float | None = None, still: bool = False) -> Table:
    """Ana (seat 0) and Ben (seat 1) sit, a bot takes seat 2, Ana starts; `first` portrays first.
    `still`: their browsers ask for reduced motion (for tests that are not about motion)."""
    people = [Person(name, viewport, reduced_motion=still)
              for name, viewport in zip(("Ana", "Ben"), viewports, strict=True)]
    return seeded_table(new_context, base, people, first, options, bots={BOT: "normal"}, bot_pace=bot_pace)


def with_clock(new_context: NewContext) -> NewContext:
    """Profiles whose pages' timers the test can move on (Playwright's clock; time still flows)."""
    def make(**options: Any) -> BrowserContext:
        context = new_context(**options)
        context.clock.install()
        return context
    return make


# The table's data attributes; the buttons one can press now (by id, else by class); whether the
# text box takes a description; the strokes on the canvas when it takes ink (null when it does not);
# whether the end of the game is shown: all read at one instant, once `dataset[key] >= least`
# (polled every 20 ms; null if that takes longer than SLOW).
LOOK = """async ([key, least, slow]) => {
  const end = Date.now() + slow;
  for (;;) {
    const t = document.getElementById("duplik-table");
    if (t && t.dataset.version && Number(t.dataset[key] || 0) >= least) {
      return {...t.dataset,
        buttons: [...document.querySelectorAll("button")]
          .filter(b => !b.disabled && b.getClientRects().length)
          .map(b => b.id ? "#" + b.id : "." + b.classList[0]),
        typing: Boolean(document.querySelector("#duplik-typing:not([disabled])")),
        pad: document.querySelector("#duplik-canvas.duplik-pad-on")?.dataset.strokes ?? null,
        over: Boolean(document.getElementById("duplik-summary"))};
    }
    if (Date.now() > end) return null;
    await new Promise(done => setTimeout(done, 20));
  }
}"""

Seen = dict[str, Any]  # what `look` read


def look(page: Page, key: str = "version", least: int = 0) -> Seen:
    """The page's table and buttons once its `data-<key>` is at least `least`."""
    seen: Seen | None = page.evaluate(LOOK, [key, least, SLOW])
    assert seen is not None, f"the page never showed {key} >= {least}: {shown(page)}"
    return seen


def act(page: Page, button: Locator, answered: int | None = None) -> Seen:
    """Click a button that sends an action, and wait until the server has answered it: by then the
    state it made is shown (the server sends the state before the answer). `answered`: the page's
    count of answers before, when just read. Returns the page as it is then."""
    before = int(shown(page).get("answered") or 0) if answered is None else answered
    button.click()
    return look(page, "answered", before + 1)


# Clicks only while the page shows the state the choice was made on: another seat's move (a bot's,
# at once) may redraw the buttons in between, and a click on the redrawn look-alike sends nothing.
CLICK_IF_STILL = """([selector, version]) => {
  const table = document.getElementById("duplik-table");
  const button = document.querySelector(selector);
  if (!table || table.dataset.version !== version || !button || button.disabled) return false;
  button.click();
  return true;
}"""


def act_if_still(page: Page, selector: str, seen: Seen) -> Seen | None:
    """`act` on the state `seen`, if the page still shows it; None when it has moved on."""
    if not page.evaluate(CLICK_IF_STILL, [selector, seen["version"]]):
        return None
    return look(page, "answered", int(seen.get("answered") or 0) + 1)


def glance(pages: dict[int, Page], known: dict[int, Seen] | None = None) -> dict[int, Seen]:
    """Every page's table and buttons (`known`: pages just looked at), once each shows the newest
    state any of them shows (each gets every state)."""
    seen = {seat: (known or {}).get(seat) or look(page) for seat, page in pages.items()}
    newest = max(int(data["version"]) for data in seen.values())
    for seat, page in pages.items():
        if int(seen[seat]["version"]) < newest:
            seen[seat] = look(page, "version", newest)
    return seen


def judge(pages: dict[int, Page], tick: Callable[[int], str] = lambda criterion: "#duplik-yes",
          after: Callable[[dict[int, Seen]], None] = lambda seen: None) -> None:
    """Until nobody judges any more, one decision at a time by the first page that has one: the
    verdict `tick(criterion)` gives, else accepting, voting yes or deciding yes; `after(seen)` is
    told what was seen before each."""
    known: dict[int, Seen] = {}
    for _ in range(500):
        seen = glance(pages, known)
        if all(data["phase"] != "judge" for data in seen.values()):
            return
        known = _judge_once(pages, seen, tick)
        after(seen)
    raise AssertionError(f"the judging did not end: {glance(pages)}")


def _judge_once(pages: dict[int, Page], seen: dict[int, Seen], tick: Callable[[int], str]) -> dict[int, Seen]:
    for seat, data in seen.items():
        criterion = data.get("criterion") or ""
        for selector in (tick(int(criterion) if criterion.isdigit() else 0), *AGREE):
            if selector in data["buttons"]:
                after = act_if_still(pages[seat], selector, data)
                return {} if after is None else {seat: after}  # moved on: look again
    raise AssertionError(f"judging waits for nobody here: {seen}")


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


def kept(page: Page, strokes: int) -> None:
    """Wait until the server has said it keeps `strokes` strokes of this page's drawing."""
    expect(page.locator("#duplik-canvas")).to_have_attribute("data-kept", str(strokes))


def house(page: Page) -> None:
    """Three strokes: a square, a roof and a sun."""
    draw(page, [(0.2, 0.5), (0.4, 0.5), (0.4, 0.8), (0.2, 0.8), (0.2, 0.5)])
    draw(page, [(0.18, 0.52), (0.3, 0.35), (0.42, 0.52)])
    draw(page, [(0.75, 0.15), (0.82, 0.12), (0.86, 0.2), (0.8, 0.27), (0.74, 0.22), (0.75, 0.15)])


__all__ += ["Seen", "act", "draw", "glance", "house", "judge", "kept", "look", "seeded_table", "shown",
            "strokes_on", "two_people_and_a_bot", "version", "wait_shown", "with_clock"]
