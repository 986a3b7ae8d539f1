"""Playing UNO Duo in real browsers against a real server: people, bots, reloads and intruders."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.web.conftest import LAPTOP, PHONE, Server
from tests.web.driver import (
    act_once,
    add_bot,
    create_room,
    play_until_round_ends,
    sit,
    start,
    table_state,
    version,
    wait_for_change,
)

pytestmark = pytest.mark.browser

PageMaker = Callable[..., Page]


def _hand(page: Page) -> list[str]:
    return [c or "" for c in page.locator("#uno-hand button.card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")]


@pytest.fixture
def open_page(browser: Browser) -> Iterator[PageMaker]:
    """New pages, each in its own browser context (its own storage: another player), closed after the test."""
    contexts: list[BrowserContext] = []

    def make(viewport: dict[str, int] = LAPTOP, **kwargs: Any) -> Page:
        contexts.append(browser.new_context(viewport=viewport, **kwargs))
        return contexts[-1].new_page()

    yield make
    for context in contexts:
        context.close()


def _errors(page: Page) -> list[str]:
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


def test_two_people_play_a_full_round(open_page: PageMaker, server_url: str, screenshots: Path) -> None:
    ada = open_page()
    ada_errors = _errors(ada)
    code = create_room(ada, server_url, "Ada", {"target_score": "1"})
    sit(ada, 0)
    ada.check("#room-listed")  # a new room is private until its creator lists it
    link = ada.locator("#share-link").input_value()
    assert link.endswith(f"/room/{code}")

    bo = open_page(PHONE)
    bo_errors = _errors(bo)
    bo.goto(server_url + "/")
    expect(bo.locator(f"#open-rooms li:has-text('{code}')")).to_contain_text("Ada")  # listed as open
    bo.fill("#player-name", "Bo")
    bo.fill("#join-code", link)  # joining by link; the code alone works too
    bo.click("#join-form button[type=submit]")
    bo.wait_for_url(f"**/room/{code}")
    sit(bo, 1)
    expect(ada.locator("li.seat[data-seat='1'] .seat-name")).to_have_text("Bo")
    start(ada)
    bo.wait_for_selector("#uno-table[data-version]")

    moves = play_until_round_ends([ada, bo])
    assert moves > 14  # at least the draft of 7 cards each happened through the pages
    for page in (ada, bo):
        summary = page.locator("#uno-round-end")
        expect(summary).to_be_visible(timeout=10_000)
        # target_score 1: the first round that scores ends the game; a tied blocked round cannot.
        expect(summary.locator(".revealed")).to_have_count(2)
    outcome = ada.locator("#uno-game-result")
    if outcome.count():
        expect(bo.locator("#uno-game-result")).to_be_visible()
        ada.screenshot(path=str(screenshots / "round-end-laptop.png"))
        # The finished match can be watched again, move by move.
        ada.click("#uno-round-end a[href^='/replay/']")
        expect(ada.locator("#frame-counter")).to_contain_text("Move 0 of")
        total = int(ada.locator("#frame-counter").inner_text().rsplit(" ", 1)[1])
        assert total >= moves
        ada.keyboard.press("ArrowRight")
        expect(ada.locator("#frame-counter")).to_have_text(f"Move 1 of {total}")
        expect(ada.locator("#uno-log li")).not_to_have_count(0)
        ada.keyboard.press("End")
        expect(ada.locator("#uno-status")).to_have_text("Game over")
        # The game is over, so nothing is secret: the replay can be watched as Bo, his hand shown.
        expect(ada.locator("#uno-hand .card")).to_have_count(0)
        ada.select_option("#replay-seat", label="Bo")
        ada.keyboard.press("Home")
        expect(ada.locator("#frame-counter")).to_have_text(f"Move 0 of {total}")
        ada.locator("#next").click()
        ada.locator("#next").click()
        expect(ada.locator("#uno-hand .card")).not_to_have_count(0)
    assert ada_errors == [] and bo_errors == []


def test_one_player_against_a_bot_to_the_end_of_a_round(open_page: PageMaker, server_url: str,
                                                          screenshots: Path) -> None:
    page = open_page()
    errors = _errors(page)
    create_room(page, server_url, "Ada", {"target_score": "500"})
    sit(page, 0)
    add_bot(page, 1, "random")  # beatable by a first-legal-card player, so UNO gets said often
    start(page)
    play_until_round_ends([page], say_uno=True)
    summary = page.locator("#uno-round-end")
    expect(summary).to_contain_text("Round 1 is over")
    log = page.locator("#uno-log").inner_text()
    # UNO was armed before every play that left one card, so the bot never caught us.
    assert "caught you without UNO" not in log
    went_out = summary.locator(".result").inner_text().startswith("You went out")
    if went_out and "shuffled both hands" not in log:
        assert "You said UNO!" in log
    page.click("#uno-round-end-close")
    # target 500: the game goes on with round 2, the totals carried over.
    expect(page.locator("#uno-table .round")).to_have_text("Round 2")
    assert errors == []


def _play_past_the_draft(page: Page) -> None:
    """Keep drafting (clicking Keep) until the draft is over and it is this page's turn to play."""
    for _ in range(60):
        shown = table_state(page)
        if shown["phase"] == "turn" and shown["seat"] == shown["toMove"]:
            return
        before = version(page)
        if act_once(page):
            wait_for_change(page, before)
        else:
            page.wait_for_timeout(50)
    raise AssertionError("the draft did not end")


def test_a_reload_mid_game_returns_to_the_same_seat_and_hand(open_page: PageMaker, server_url: str) -> None:
    page = open_page()
    code = create_room(page, server_url, "Ada")
    sit(page, 0)
    add_bot(page, 1)
    start(page)
    _play_past_the_draft(page)
    hand = _hand(page)
    assert hand  # the draft dealt this seat its cards
    shown = version(page)

    page.reload()
    page.wait_for_selector("#uno-table[data-version]")
    expect(page.locator("li.seat[data-seat='0'] .badge.you")).to_be_visible()
    assert page.locator("#uno-table").get_attribute("data-seat") == "0"
    assert version(page) == shown
    assert _hand(page) == hand

    # A second tab of the same browser shares the token, and the recent games list the room.
    page.goto(server_url + "/")
    expect(page.locator("#recent-games li").first).to_contain_text(code)
    expect(page.locator("#recent-games li").first).to_contain_text("Seat 1")


def test_a_dropped_connection_reconnects_to_the_same_seat(open_page: PageMaker, own_server: Server) -> None:
    page = open_page()
    create_room(page, own_server.url, "Ada")
    sit(page, 0)
    add_bot(page, 1)
    start(page)
    _play_past_the_draft(page)
    hand, shown = _hand(page), version(page)

    own_server.stop()  # every connection drops
    expect(page.locator("#connection")).to_be_visible()
    own_server.start()  # same port, same database: the match is rebuilt from its log
    expect(page.locator("#connection")).to_be_hidden(timeout=20_000)
    page.wait_for_function(f"() => document.getElementById('uno-table').dataset.version === '{shown}'")
    assert page.locator("#uno-table").get_attribute("data-seat") == "0"
    assert _hand(page) == hand
    before = version(page)
    assert act_once(page)  # and the game goes on from there
    wait_for_change(page, before)


_FORGE = """async ([code, token, action]) => {
  const ws = new WebSocket(`ws://${location.host}/ws/${code}`);
  const errors = [];
  await new Promise((resolve) => ws.addEventListener("open", resolve));
  const done = new Promise((resolve) => ws.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") ws.send(JSON.stringify({v: 1, type: "action", action, version: null}));
    if (msg.type === "error") { errors.push(msg.code); resolve(); }
  }));
  ws.send(JSON.stringify({v: 1, type: "hello", name: "Mallory", token}));
  await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
  ws.close();
  return errors;
}"""


def test_another_browser_cannot_act_for_a_seat(open_page: PageMaker, server_url: str) -> None:
    ada = open_page()
    code = create_room(ada, server_url, "Ada")
    sit(ada, 0)
    bo = open_page()
    bo.goto(f"{server_url}/room/{code}")
    sit(bo, 1)
    start(bo)
    ada.wait_for_selector("#uno-table[data-version]")
    to_move = ada.locator("#uno-table").get_attribute("data-to-move")
    mover, other = (ada, bo) if to_move == "0" else (bo, ada)
    expect(mover.locator("#uno-actions button[data-action='draft-keep']")).to_be_visible()

    # The other seat's cards are backs, not buttons: there is nothing to click for them.
    assert other.locator("#uno-opponent button").count() == 0
    assert other.locator("#uno-opponent .card.back").count() == mover.locator("#uno-hand .card").count()
    assert other.locator("#uno-actions button[data-action='draft-keep']").count() == 0
    # Keys do nothing for the seat that is not to move, and it is told why.
    before = version(mover)
    other.keyboard.press("k")
    other.locator("#uno-draw-pile").click(force=True)
    expect(other.locator("#uno-why")).to_have_text("It is not your turn")

    # Forged actions straight over the WebSocket are refused with a typed error.
    other_token = other.evaluate(f"() => JSON.parse(localStorage.getItem('duoplay.seats'))['{code}'].token")
    assert other.evaluate(_FORGE, [code, other_token, {"type": "draft-keep"}]) == ["not_your_turn"]
    spectator = open_page()
    spectator.goto(f"{server_url}/room/{code}")
    spectator.wait_for_selector("#uno-table[data-version]")
    expect(spectator.locator("#spectating")).to_be_visible()
    assert spectator.locator("#uno-hand").count() == 0
    assert spectator.evaluate(_FORGE, [code, None, {"type": "draft-keep"}]) == ["not_seated"]
    assert spectator.evaluate(_FORGE, [code, "not-a-token", {"type": "draft-keep"}])[0] == "bad_token"
    mover.wait_for_timeout(300)
    assert version(mover) == before  # nothing moved


def test_a_card_that_cannot_be_played_says_why(open_page: PageMaker, server_url: str) -> None:
    page = open_page()
    create_room(page, server_url, "Ada", {"target_score": "500"})
    sit(page, 0)
    add_bot(page, 1)
    start(page)
    for _ in range(40):
        _play_past_the_draft(page)
        refused = page.locator("#uno-hand button.card[data-legal='0']")
        if refused.count():
            card = refused.first.get_attribute("data-card")
            held = _hand(page).count(card or "")
            refused.first.click()
            expect(page.locator("#uno-why")).to_contain_text("does not match")
            page.wait_for_timeout(300)
            # Not sent: the card is still in the hand (the bot may still say UNO or catch meanwhile).
            assert _hand(page).count(card or "") == held
            return
        before = version(page)
        act_once(page)
        wait_for_change(page, before)
    raise AssertionError("never held an unplayable card")
