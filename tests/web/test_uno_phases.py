"""Every phase of UNO Duo on a laptop (1366x657) and a phone (390x844): the hand and the controls for
the decision asked are in view without scrolling. The phases come from real matches of the rules
(seeded random playouts), shown to the real room page through its own WebSocket, so the rare ones
(a wild start card, a challenge, a dump) are met every run; a large hand is shown too."""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect
from tests.web.driver import add_bot, settle, start
from tests.web.tables import SIZES, NewContext, Person, enter, new_room, player

from duoplay.core.match import Match
from duoplay.server import protocol as wire

pytestmark = pytest.mark.browser

PHASES = ("draft", "start-colour", "turn", "drawn", "volley", "challenge", "dump-decide", "dumping")


def _state(match: Match, events: list[Any]) -> dict[str, Any]:
    """Seat 0's state message, as the server sends it whole."""
    outcome = match.outcome()
    legal = [] if outcome is not None else [a.to_json() for a in match.legal_actions(0)]
    shown: dict[str, Any] = json.loads(json.dumps(wire.message(
        "state", version=match.version, view=match.view(0), legal=legal,
        events=[e.visible_to(0) for e in events], outcome=None if outcome is None else outcome.to_json(),
        deadline=None)))
    return shown


def _phases() -> dict[str, dict[str, Any]]:
    """For each phase, the first state where seat 0 decides in it and the one with its largest hand;
    the state that ends a round, and the one that ends the match."""
    found: dict[str, dict[str, Any]] = {}
    for seed in range(60):
        rng = random.Random(seed)
        match = Match.new("uno-duo", 2, seed, {"target_score": 60})
        events: list[Any] = []
        while match.outcome() is None:
            kinds = [e.visible_to(0).get("kind") for e in events]
            if "round-end" in kinds:
                found.setdefault("round-end", _state(match, events))
            phase = match.view(0)["phase"]
            if 0 in match.to_move() and match.legal_actions(0):
                found.setdefault(phase, _state(match, events))
                big = found.get(f"big-{phase}")
                if big is None or len(big["view"]["hand"]) < len(match.view(0)["hand"]):
                    found[f"big-{phase}"] = _state(match, events)
            seat = match.to_move()[0]
            events = match.act(seat, rng.choice(list(match.legal_actions(seat))))
        found.setdefault("game-end", _state(match, events))
        if all(p in found for p in PHASES):
            break
    # A hand as big as any a player is likely to hold: the largest turn's, with the discard pile's
    # cards added (only the view changes; what is legal stays as it was).
    huge = json.loads(json.dumps(found["big-turn"]))
    huge["view"]["hand"] += huge["view"]["discard"][:40 - len(huge["view"]["hand"])]
    huge["view"]["hand_counts"][0] = len(huge["view"]["hand"])
    found["huge-turn"] = huge
    return found


@pytest.fixture(scope="module")
def phases() -> dict[str, dict[str, Any]]:
    return _phases()


class Table:
    """A room page whose match was started for real, then shown the states the test sends it."""

    def __init__(self, new_context: NewContext, base: str, viewport: dict[str, int]) -> None:
        # Still: what is measured is where things end up, not how they move there.
        self.page, self.errors = player(new_context, Person("Ada", viewport, reduced_motion=True))
        self.route: WebSocketRoute | None = None
        self.held = False  # once the test shows its own states, the server's are held back
        self.version = 10_000
        self.page.route_web_socket("**/ws/**", self._connect)
        enter(self.page, base, new_room(base, "uno-duo", 2, {"target_score": 500}), 0)
        add_bot(self.page, 1, "random")
        start(self.page)

    def _connect(self, route: WebSocketRoute) -> None:
        server = route.connect_to_server()
        self.route = route
        server.on_message(lambda text: None if self.held and '"state"' in str(text)[:40]
                          else route.send(text))

    def show(self, state: dict[str, Any]) -> None:
        assert self.route is not None
        self.held = True
        self.version += 1
        self.route.send(json.dumps({**state, "version": self.version}))
        expect(self.page.locator("#uno-table")).to_have_attribute("data-version", str(self.version))
        settle(self.page)  # the cards land

    def close(self) -> None:
        self.page.context.close()
        assert self.errors == []


@pytest.fixture(params=list(SIZES))
def table(request: pytest.FixtureRequest, new_context: NewContext,
          server_url: str) -> Iterator[tuple[str, Table]]:
    shown = Table(new_context, server_url, SIZES[request.param])
    yield request.param, shown
    shown.close()


# Where each part a player needs now ends, measured with the page scrolled to its top.
_MEASURE = """() => {
  window.scrollTo(0, 0);
  const box = (selector) => { const el = document.querySelector(selector);
    if (!el || !el.getClientRects().length) return null;
    const r = el.getBoundingClientRect(); return r.height ? r.toJSON() : null; };
  const all = (selector) => [...document.querySelectorAll(selector)]
    .filter((el) => el.getClientRects().length).map((el) => el.getBoundingClientRect().toJSON());
  return {height: window.innerHeight, width: window.innerWidth, scrollY: window.scrollY,
          hand: box('#uno-hand'), cards: all('#uno-hand .card'), actions: all('#uno-actions button'),
          prompt: box('#uno-prompt'), picker: all('.colour-picker button'), status: box('#uno-status'),
          dialog: box('#uno-round-end .kit-modal-content'), close: box('#uno-round-end-close')};
}"""


def _in_view(page: Page, where: str) -> dict[str, Any]:
    shown: dict[str, Any] = page.evaluate(_MEASURE)
    height, width = shown["height"], shown["width"]

    def inside(name: str, rect: dict[str, float] | None) -> None:
        if rect is not None:
            seen = rect["top"] >= 0 and rect["bottom"] <= height + 0.5
            seen = seen and rect["left"] >= 0 and rect["right"] <= width + 0.5
            assert seen, f"{where}: {name} out of view ({rect})"

    for i, rect in enumerate(shown["cards"]):
        inside(f"card {i + 1} of {len(shown['cards'])}", rect)
    for i, rect in enumerate(shown["actions"] + shown["picker"]):
        inside(f"button {i + 1}", rect)
    inside("status", shown["status"])
    inside("round-end dialog's close button", shown["close"])
    return shown


@pytest.mark.parametrize("big", [False, True], ids=["first", "largest-hand"])
def test_every_phase_shows_the_hand_and_its_controls(table: tuple[str, Table], phases: dict[str, Any],
                                                     screenshots: Path, big: bool) -> None:
    size, shown = table
    page = shown.page
    names = [*(f"big-{phase}" for phase in PHASES), "huge-turn"] if big else PHASES
    for name in names:
        state = phases[name]
        phase = state["view"]["phase"]
        shown.show(state)
        expect(page.locator("#uno-table")).to_have_attribute("data-phase", phase)
        page.evaluate("document.getElementById('toasts').replaceChildren()")
        where = f"{size}, {phase}, {len(state['view']['hand'])} cards"
        page.screenshot(path=str(screenshots / f"uno-{name}-{size}.png"))
        measured = _in_view(page, where)
        assert len(measured["cards"]) == len(state["view"]["hand"]), f"{where}: the hand is not all shown"
        controls = measured["actions"] or measured["picker"]
        assert controls or phase in ("turn", "dumping"), f"{where}: no control"
        wild = page.locator("#uno-hand button.card[data-legal='1'][data-card^='wild']")
        if phase == "turn" and wild.count():  # the colour picker opens over a full hand
            wild.first.click()
            page.wait_for_selector(".colour-picker")
            page.screenshot(path=str(screenshots / f"uno-picker{'-big' if big else ''}-{size}.png"))
            _in_view(page, f"{where}, choosing a colour")
            if size == "laptop":  # a keyboard: each colour shows its key, and Esc cancels
                keys = page.locator(".colour-picker button kbd.kit-key").all_inner_texts()
                assert [k for k in keys if k != "Esc"] == [
                    c[0].upper() for c in page.locator(".colour-picker button[data-colour]").evaluate_all(
                        "chips => chips.map(c => c.dataset.colour)")], keys
                expect(page.locator(".colour-picker button[data-cancel] kbd.kit-key")).to_have_text("Esc")
            page.keyboard.press("Escape")


def test_the_end_of_a_round_and_of_the_match(table: tuple[str, Table], phases: dict[str, Any],
                                             screenshots: Path) -> None:
    size, shown = table
    page = shown.page
    shown.show(phases["round-end"])
    expect(page.locator("#uno-round-end")).to_be_visible()
    page.screenshot(path=str(screenshots / f"uno-round-end-{size}.png"))
    _in_view(page, f"{size}, round end")
    page.click("#uno-round-end-close")
    shown.show(phases["game-end"])
    expect(page.locator("#uno-round-end")).to_be_visible()
    page.screenshot(path=str(screenshots / f"uno-game-end-{size}.png"))
    _in_view(page, f"{size}, game end")


# The colour a player sees in a card's top right corner (its plain face, away from the oval and the
# corner figures), read from a screenshot of it: [hue in degrees, lightness 0-1].
_SEEN_COLOUR = """async (png) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + png;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width; canvas.height = image.height;
  const g = canvas.getContext('2d');
  g.drawImage(image, 0, 0);
  const [r, gr, b] = g.getImageData(Math.round(image.width * .84), Math.round(image.height * .13), 1, 1).data;
  const [R, G, B] = [r / 255, gr / 255, b / 255];
  const max = Math.max(R, G, B), min = Math.min(R, G, B), d = max - min;
  let hue = 0;
  if (d) hue = max === R ? 60 * (((G - B) / d) % 6)
    : max === G ? 60 * ((B - R) / d + 2) : 60 * ((R - G) / d + 4);
  return [(hue + 360) % 360, (max + min) / 2];
}"""

# The card colours as table.css paints them: hue and lightness.
_COLOURS = {"R": (353, 0.50), "Y": (45, 0.47), "G": (137, 0.33), "B": (213, 0.45)}


def test_an_unplayable_card_keeps_its_colour(table: tuple[str, Table], phases: dict[str, Any]) -> None:
    """An unplayable card steps back paler, its colour still its own: yellow never turns olive nor
    red maroon on the felt."""
    size, shown = table
    page = shown.page
    shown.show(phases["big-turn"])
    # unplayable cards whose top right corner no card covers (a big hand overlaps)
    page.evaluate("""() => { for (const card of document.querySelectorAll('#uno-hand .card')) {
      const next = card.nextElementSibling, r = card.getBoundingClientRect();
      const n = next && next.getBoundingClientRect();
      card.dataset.open = !n || n.left >= r.right - 1 || n.top >= r.bottom - 1 ? '1' : '0'; } }""")
    cards = page.locator("#uno-hand button.card[data-legal='0'][data-open='1']")
    checked = set()
    for i in range(cards.count()):
        card = cards.nth(i)
        colour = (card.get_attribute("data-card") or "W")[0]
        if colour not in _COLOURS or colour in checked:
            continue
        checked.add(colour)
        box = card.bounding_box()
        assert box is not None
        png = page.screenshot(clip={"x": box["x"], "y": box["y"], "width": box["width"],
                                    "height": box["height"]})
        hue, light = page.evaluate(_SEEN_COLOUR, base64.b64encode(png).decode())
        want_hue, want_light = _COLOURS[colour]
        off = min(abs(hue - want_hue), 360 - abs(hue - want_hue))
        assert off <= 12 and light >= want_light, f"{size}: unplayable {colour} is {hue:.0f}°, {light:.2f}"
    assert len(checked) >= 2, checked
