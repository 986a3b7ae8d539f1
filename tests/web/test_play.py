"""Playing UNO Duo in real browsers against a real server: people, bots, reloads and intruders.

The deals are seeded (`tables.new_room(seed=...)`, `driver.seed`), so a round is as short as the
seed makes it and every run plays the same cards; the seeds were chosen offline by playing the
rules as the pages play (tests/web/driver.py: the first playable card, else Keep or Draw) against
the room's seeded random bot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, WebSocket, expect
from tests.web.conftest import Server
from tests.web.driver import (
    act_once,
    add_bot,
    bot_table,
    create_room,
    play_past_the_draft,
    play_until_round_ends,
    seed_room,
    sit,
    start,
    version,
    wait_for_change,
)
from tests.web.tables import (
    LAPTOP,
    PHONE,
    SLOW,
    NewContext,
    Person,
    enter,
    new_room,
    open_table,
    player,
)

pytestmark = pytest.mark.browser

# Two people playing the first playable card: Bo goes out after 25 moves (target 1: the match ends).
TWO_PEOPLE = 52
# The first playable card, UNO said, against the random bot: seat 0 goes out after 25 moves,
# saying UNO on its last but one card.
GOES_OUT_SAYING_UNO = 111
# After the draft seat 0 is to play on a blue 7 holding Y7 G1 G5 G6 G7 G9 Brev: some cards match,
# others cannot be played.
FIRST_TURN_MIXED = 0


def _hand(page: Page) -> list[str]:
    return [c or "" for c in page.locator("#uno-hand button.card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")]


def _errors(page: Page) -> list[str]:
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


def test_two_people_play_a_full_round(new_context: NewContext, server_url: str, screenshots: Path) -> None:
    """Made, shared and joined through the lobby, as people do (the other tests make rooms over
    the API)."""
    ada = new_context(viewport=LAPTOP).new_page()
    ada_errors = _errors(ada)
    code = create_room(ada, server_url, "Ada", {"target_score": "1"})
    seed_room(server_url, code, TWO_PEOPLE)
    sit(ada, 0)
    ada.check("#room-listed")  # a new room is private until its creator lists it
    link = ada.locator("#share-link").input_value()
    assert link.endswith(f"/room/{code}")

    bo = new_context(viewport=PHONE).new_page()
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
        expect(summary).to_be_visible()
        # target_score 1: the first round that scores ends the game; a tied blocked round cannot.
        expect(summary.locator(".revealed")).to_have_count(2)
    # This seed's round is won by a player going out, so it ends the match.
    expect(ada.locator("#uno-game-result")).to_be_visible()
    expect(bo.locator("#uno-game-result")).to_be_visible()
    ada.screenshot(path=str(screenshots / "round-end-laptop.png"))
    # The finished match can be watched again, move by move.
    ada.click("#uno-round-end a[href^='/replay/']")
    # the replay is built off the server's loop: seconds on a loaded machine
    expect(ada.locator("#frame-counter")).to_contain_text("Move 0 of", timeout=SLOW)
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


def test_one_player_against_a_bot_to_the_end_of_a_round(new_context: NewContext, server_url: str) -> None:
    # the random bot: beatable by a first-legal-card player, so UNO gets said
    table = bot_table(new_context, server_url, Person("Ada"), seed=GOES_OUT_SAYING_UNO,
                      options={"target_score": 500})
    page = table.pages[0]
    play_until_round_ends([page], say_uno=True)
    summary = page.locator("#uno-round-end")
    expect(summary).to_contain_text("Round 1 is over")
    log = page.locator("#uno-log").inner_text()
    # UNO was armed before every play that left one card, so the bot never caught us.
    assert "caught you without UNO" not in log
    # This seed's round ends with this player going out, UNO said on the last but one card.
    expect(summary.locator(".result")).to_contain_text("You went out")
    assert "shuffled both hands" not in log
    assert "You said UNO!" in log
    page.click("#uno-round-end-close")
    # target 500: the game goes on with round 2, the totals carried over.
    expect(page.locator("#uno-table .round")).to_have_text("Round 2")
    assert table.errors == []


def test_a_reload_mid_game_returns_to_the_same_seat_and_hand(new_context: NewContext,
                                                             server_url: str) -> None:
    table = bot_table(new_context, server_url, Person("Ada"), seed=FIRST_TURN_MIXED)
    page = table.pages[0]
    play_past_the_draft(page)
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
    expect(page.locator("#recent-games li").first).to_contain_text(table.code)
    expect(page.locator("#recent-games li").first).to_contain_text("Seat 1")


def test_a_dropped_connection_reconnects_to_the_same_seat(new_context: NewContext,
                                                          own_server: Server) -> None:
    table = bot_table(new_context, own_server.url, Person("Ada"), seed=FIRST_TURN_MIXED)
    page = table.pages[0]
    play_past_the_draft(page)
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


def test_another_browser_cannot_act_for_a_seat(new_context: NewContext, server_url: str) -> None:
    table = open_table(new_context, server_url, "uno-duo", [Person("Ada"), Person("Bo")], started=False)
    ada, bo = table.pages[0], table.pages[1]
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
    seats = other.evaluate("() => JSON.parse(localStorage.getItem('duoplay.seats'))")
    other_token = seats[table.code]["token"]
    assert other.evaluate(_FORGE, [table.code, other_token, {"type": "draft-keep"}]) == ["not_your_turn"]
    spectator = new_context(viewport=LAPTOP).new_page()
    spectator.goto(f"{server_url}/room/{table.code}")
    spectator.wait_for_selector("#uno-table[data-version]")
    expect(spectator.locator("#spectating")).to_be_visible()
    assert spectator.locator("#uno-hand").count() == 0
    assert spectator.evaluate(_FORGE, [table.code, None, {"type": "draft-keep"}]) == ["not_seated"]
    assert spectator.evaluate(_FORGE, [table.code, "not-a-token", {"type": "draft-keep"}])[0] == "bad_token"
    # Nothing moved: the mover's own pick, made after all that, is the table's next move.
    assert version(mover) == before
    mover.click("#uno-actions button[data-action='draft-keep']")
    wait_for_change(mover, before)
    assert version(mover) == before + 1
    expect(other.locator("#uno-table")).to_have_attribute("data-version", str(before + 1))


def test_a_card_that_cannot_be_played_says_why(new_context: NewContext, server_url: str) -> None:
    code = new_room(server_url, "uno-duo", 2, {"target_score": 500}, seed=FIRST_TURN_MIXED)
    page, errors = player(new_context, Person("Ada"))
    sent: list[str] = []  # the actions this page sends, in order

    def watch(socket: WebSocket) -> None:
        socket.on("framesent", lambda frame: sent.append(str(frame)) if '"action"' in str(frame) else None)

    page.on("websocket", watch)
    enter(page, server_url, code, 0)
    add_bot(page, 1, "random")
    start(page)
    play_past_the_draft(page)
    refused = page.locator("#uno-hand button.card[data-legal='0']")
    expect(refused).not_to_have_count(0)  # this seed's first turn holds cards that do not match
    card = refused.first.get_attribute("data-card") or ""
    held = _hand(page).count(card)
    asked = len(sent)
    refused.first.click()
    expect(page.locator("#uno-why")).to_contain_text("does not match")
    assert _hand(page).count(card) == held  # the card is still in the hand
    # Not sent: the next action this page sends is the legal move made now, and only it.
    before = version(page)
    assert act_once(page)
    wait_for_change(page, before)
    assert len(sent) == asked + 1, sent[asked:]
    assert json.loads(sent[-1])["action"].get("card") != card, sent[-1]
    assert errors == []
