"""Playing with friends: a name prompt, the creator seated in a private room, reactions, sound."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.web.driver import seed_room, start
from tests.web.tables import LAPTOP, PHONE, NewContext, Person, enter, new_room, player

pytestmark = pytest.mark.browser

# Seat 0 (the room's creator) drafts first, so the match starts with her turn.
CREATOR_FIRST = 111


def test_the_creator_sits_in_a_private_room_and_a_friend_names_herself(new_context: NewContext,
                                                                        server_url: str) -> None:
    """Through the home page's With friends, as people do (other tests make rooms over the API)."""
    ada = new_context(viewport=LAPTOP).new_page()
    ada.goto(server_url + "/")
    ada.wait_for_selector(".game-tile .with-friends")
    with_friends = ada.locator(".game-tile[data-game='duos'] .with-friends")
    with_friends.click()
    ada.click("#create-room")  # no name yet: the home page asks for one
    expect(ada.locator("#player-name")).to_be_focused()
    ada.fill("#player-name", "Ada")
    with_friends.click()
    ada.click("#create-room")
    ada.wait_for_url(re.compile(r".*/room/[A-Z0-9]{6}$"))
    code = ada.locator("#room-code").inner_text()
    seed_room(server_url, code, CREATOR_FIRST)
    expect(ada.locator("li.seat[data-seat='0'] .badge.you")).to_be_visible()  # seated on creation
    listed = ada.locator("#room-listed")
    expect(listed).not_to_be_checked()
    open_codes = ada.evaluate("() => fetch('/api/rooms').then(r => r.json()).then(rs => rs.map(r => r.code))")
    assert code not in open_codes
    listed.check()
    ada.wait_for_function(
        "c => fetch('/api/rooms').then(r => r.json()).then(rs => rs.some(r => r.code === c))", arg=code)

    bo = new_context(viewport=PHONE).new_page()
    bo.goto(f"{server_url}/room/{code}")
    prompt = bo.locator("#name-prompt")
    expect(prompt).to_be_visible()
    expect(bo.get_by_text("Take a seat to play, or stay to watch.")).to_be_visible()
    expect(bo.locator(".name-field")).to_have_count(0)  # the name is asked once, not twice
    bo.fill("#name-prompt-input", "Bo")
    bo.click("#name-prompt button[type=submit]")
    expect(prompt).to_be_hidden()
    expect(bo.locator(".name-field input")).to_have_value("Bo")  # and may be changed here later
    bo.click("li.seat[data-seat='1'] button.sit")
    expect(ada.locator("li.seat[data-seat='1'] .seat-name")).to_have_text("Bo")
    assert bo.evaluate("() => JSON.parse(localStorage.getItem('duoplay.name'))") == "Bo"

    # Sound is off on a first visit; turned on, the start of Ada's turn plays its cue.
    expect(ada.locator("#pref-sound")).not_to_be_checked()
    ada.check("#pref-sound")
    ada.click("#start:not([disabled])")
    ada.wait_for_function("() => document.body.dataset.lastSound === 'your-turn'", timeout=20_000)
    assert bo.evaluate("() => document.body.dataset.lastSound") is None


def test_a_reaction_shows_at_the_senders_seat_for_the_other_player_during_play(new_context: NewContext,
                                                                               server_url: str) -> None:
    code = new_room(server_url, "uno-duo", 2)
    ada, ada_errors = player(new_context, Person("Ada", LAPTOP))
    bo, bo_errors = player(new_context, Person("Bo", PHONE))
    bo.clock.install()  # Bo's page keeps time as usual, until the test moves it on
    enter(ada, server_url, code, 0)
    enter(bo, server_url, code, 1)
    start(ada)
    expect(bo.locator("#uno-opponent")).to_be_visible()

    ada.click("#emotes button.emote[data-emote='thumbs_up']")
    bubble = bo.locator("[data-seat='0'] .emote-bubble[data-emote='thumbs_up']").first
    expect(bubble).to_be_visible()
    expect(bubble).to_have_attribute("aria-label", "Nice move")
    box = bubble.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844  # in view on the phone
    bo.clock.fast_forward(3000)  # a moment later on Bo's page...
    expect(bubble).to_have_count(0)  # ...it is gone
    assert ada_errors == [] and bo_errors == []
