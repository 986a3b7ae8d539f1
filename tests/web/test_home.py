"""The home page: a tile per game with its picture, one line, players and length, and three ways in
(Play now, With friends, Find players), all in view without scrolling on a laptop and a phone; Play
now lands on a running table among bots in one tap; With friends opens a private room with the house
rules folded at their defaults and the deck in the page's language, shown to whoever joins."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Response, expect
from tests.web.axe import assert_accessible
from tests.web.conftest import LAPTOP, PHONE
from tests.web.driver import play_until_round_ends, start
from tests.web.tables import SLOW, TABLE, NewContext, enter, get, new_room, player

pytestmark = pytest.mark.browser

GAMES = ("uno-duo", "duos", "duple", "duplik")
WAYS = (".play-now", ".with-friends", ".find-players")
SIZES = {"laptop": LAPTOP, "phone": PHONE}


def home(new_context: NewContext, base: str, viewport: dict[str, int], name: str | None = None,
         query: str = "") -> Page:
    """The home page in a fresh profile; `name`: one typed on an earlier visit (None: a newcomer)."""
    if name is None:
        context = new_context(viewport=viewport, locale="en-GB", has_touch=viewport == PHONE)
        page = context.new_page()
    else:
        page, _ = player(new_context, name, viewport, "en-GB")
    page.goto(f"{base}/{query}")
    expect(page.locator(".game-tile")).to_have_count(len(GAMES))
    expect(page.locator(".game-tile .tile-summary")).to_have_count(len(GAMES))  # the lines have come
    return page


def room_made(response: Response) -> bool:
    return response.url.endswith("/api/rooms") and response.request.method == "POST"


def wholly_in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None, selector
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"]
            and box["y"] + box["height"] <= size["height"])


@pytest.mark.parametrize(("size", "lang"),
                         [("laptop", "en"), ("phone", "en"), ("phone", "fr"), ("laptop", "pl")])
def test_every_way_in_is_in_view_without_scrolling(
        new_context: NewContext, server_url: str, screenshots: Path, size: str, lang: str) -> None:
    """In English, and in the languages whose labels run longest on these buttons."""
    page = home(new_context, server_url, SIZES[size], query=f"?lang={lang}")
    for game in GAMES:
        tile = page.locator(f".game-tile[data-game='{game}']")
        expect(tile.locator("img.tile-picture")).to_have_js_property("complete", True)
        assert tile.locator("img.tile-picture").evaluate("img => img.naturalWidth") > 0  # the picture drew
        expect(tile.locator(".tile-meta")).to_contain_text("min")
        for way in WAYS:
            assert wholly_in_view(page, f".game-tile[data-game='{game}'] {way}"), (size, game, way)
        assert wholly_in_view(page, f".game-tile[data-game='{game}'] .tile-name"), (size, game)
    assert wholly_in_view(page, "#player-name")
    assert page.evaluate("scrollY") == 0
    assert_accessible(page, f"home page, {size}, {lang}")
    name = f"home-{size}.png" if lang == "en" else f"home-{size}-{lang}.png"
    page.screenshot(path=str(screenshots / name))


def test_a_newcomer_on_a_phone_plays_each_game_against_bots_in_one_tap(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    games = get(server_url, "/api/games")
    for game in games:
        page = home(new_context, server_url, PHONE)  # a newcomer each time: no name, no seats
        with page.expect_response(room_made) as made:
            page.locator(f".game-tile[data-game='{game['id']}'] .play-now").tap()
        assert made.value.status == 201
        page.wait_for_url(re.compile(r".*/room/[A-Z0-9]{6}$"))
        page.wait_for_selector(f"{TABLE[game['id']]}[data-version]", timeout=SLOW)
        seats = page.locator("li.seat")
        expect(seats).to_have_count(game["play_now_seats"])
        # A phone folds the seats away while the table plays: they are there, under the room's button.
        expect(page.locator("li.seat[data-seat='0'] .badge.you")).to_have_count(1)
        for seat in range(1, game["play_now_seats"]):
            expect(page.locator(f"li.seat[data-seat='{seat}']")).to_have_attribute("data-kind", "bot")
        expect(page.locator("#room-status")).to_contain_text("Playing")
        page.screenshot(path=str(screenshots / f"play-now-{game['id']}-phone.png"))
        page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_with_friends_makes_a_private_room_with_house_rules_folded_at_their_defaults(
        new_context: NewContext, server_url: str, screenshots: Path, size: str) -> None:
    page = home(new_context, server_url, SIZES[size], name="Ada")
    page.locator(".game-tile[data-game='uno-duo'] .with-friends").click()
    dialog = page.locator("#new-room")
    expect(dialog).to_be_visible()
    expect(page.locator("#house-rules")).not_to_have_attribute("open", "")
    expect(page.locator("#house-rules-state")).to_have_text("Defaults")
    expect(page.locator("#opt-target_score")).to_be_hidden()  # folded
    assert wholly_in_view(page, "#create-room")
    page.locator("#house-rules summary").click()
    expect(page.locator("#opt-target_score")).to_have_value("200")  # the game's default, shown
    assert wholly_in_view(page, "#create-room")  # unfolded, the rules scroll under the buttons
    assert_accessible(page, f"with friends, {size}")
    page.screenshot(path=str(screenshots / f"with-friends-{size}.png"))
    page.fill("#opt-target_score", "300")
    expect(page.locator("#house-rules-state")).to_have_text("1 changed")
    with page.expect_response(room_made) as made:
        page.click("#create-room")
    assert made.value.request.post_data_json["options"] == {"target_score": 300}
    page.wait_for_url(re.compile(r".*/room/[A-Z0-9]{6}$"))
    code = page.url.rsplit("/", 1)[-1]
    expect(page.locator("#room-code")).to_have_text(code)
    expect(page.locator("#share-link")).to_have_value(f"{server_url}/room/{code}")
    expect(page.locator("#screen-link")).to_be_visible()  # the big screen, with the room's QR code
    expect(page.locator("li.seat[data-seat='0'] .badge.you")).to_be_visible()
    expect(page.locator("#room-listed")).not_to_be_checked()  # private
    codes = page.evaluate("fetch('/api/rooms').then(r => r.json())")
    assert code not in [room["code"] for room in codes]
    qr = page.request.get(f"{server_url}/api/rooms/{code}/qr.svg")
    assert qr.ok and qr.headers["content-type"].startswith("image/svg+xml")


@pytest.mark.parametrize("game", ["duple", "duos"])
def test_the_deck_starts_in_the_page_language_and_a_joiner_sees_it(
        new_context: NewContext, server_url: str, screenshots: Path, game: str) -> None:
    page = home(new_context, server_url, PHONE, name="Åsa", query="?lang=sv")
    page.locator(f".game-tile[data-game='{game}'] .with-friends").click()
    option = "lang" if game == "duple" else "language"
    expect(page.locator(f"#opt-{option}")).to_have_value("sv")
    expect(page.locator("#deck-line")).to_be_visible()
    page.click("#create-room")
    page.wait_for_url(re.compile(r".*/room/[A-Z0-9]{6}$"))
    expect(page.locator("#room-deck")).to_be_visible()
    code = page.url.rsplit("/", 1)[-1]
    joiner, _ = player(new_context, "Ben", LAPTOP, "en-GB")
    joiner.goto(f"{server_url}/room/{code}")
    expect(joiner.locator("#room-deck")).to_have_text("Deck: Swedish")
    joiner.screenshot(path=str(screenshots / f"deck-{game}-joiner-laptop.png"))


@pytest.mark.parametrize("size", SIZES)
def test_find_players_opens_the_games_queue_and_back_comes_home(
        new_context: NewContext, server_url: str, size: str) -> None:
    page = home(new_context, server_url, SIZES[size])  # a newcomer: the queue asks for a name first
    page.locator(".game-tile[data-game='duple'] .find-players").click()
    page.wait_for_url(f"{server_url}/queue/duple")
    expect(page.locator("#queue-title")).to_have_text("Duple")
    expect(page.locator("#queue-name")).to_be_focused()
    page.go_back()
    expect(page.locator(".game-tile")).to_have_count(len(GAMES))


TWO_PEOPLE = 52  # an UNO Duo deal whose one round (to 1 point) ends the match (tests/web/test_play.py)


def a_match_played_out(new_context: NewContext, server_url: str, ada_size: dict[str, int],
                       bo_size: dict[str, int]) -> tuple[str, Page, Page, list[str], list[str]]:
    """Ada and Bo play a one-round UNO Duo match to its end; the room's code, their pages and errors."""
    code = new_room(server_url, "uno-duo", 2, {"target_score": 1}, seed=TWO_PEOPLE)
    ada, ada_errors = player(new_context, "Ada", ada_size)
    bo, bo_errors = player(new_context, "Bo", bo_size)
    enter(ada, server_url, code, 0)
    enter(bo, server_url, code, 1)
    start(ada)
    bo.wait_for_selector("#uno-table[data-version]")
    play_until_round_ends([ada, bo])
    return code, ada, bo, ada_errors, bo_errors


def test_a_rematch_starts_only_once_both_people_have_accepted(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    code, ada, bo, ada_errors, bo_errors = a_match_played_out(new_context, server_url, LAPTOP, PHONE)
    expect(ada.locator("#uno-game-result")).to_be_visible()
    first = get(server_url, f"/api/rooms/{code}")
    assert first["status"] == "finished"
    for page in (ada, bo):  # the end of the game is shown over the table; closed, the room is there
        page.locator("#uno-round-end").get_by_role("button", name="Close").click()

    ada.click("#start:not([disabled])")  # Rematch
    expect(ada.locator("#start")).to_have_text("Rematch accepted")
    expect(ada.locator("#start")).to_be_disabled()
    expect(ada.locator("#rematch-wait")).to_be_visible()
    # Bo sees that Ada has accepted; the room waits for him.
    expect(bo.locator("li.seat[data-seat='0'] .badge.rematch")).to_have_text("Rematch: yes")
    expect(bo.locator("li.seat[data-seat='1'] .badge.rematch")).to_have_count(0)
    expect(bo.locator("#start")).to_have_text("Rematch")
    bo.screenshot(path=str(screenshots / "rematch-asked-phone.png"))
    ada.screenshot(path=str(screenshots / "rematch-asked-laptop.png"))
    assert get(server_url, f"/api/rooms/{code}")["status"] == "finished"

    bo.click("#start:not([disabled])")
    for page in (ada, bo):
        expect(page.locator("#room-status")).to_contain_text("Playing")
    again = get(server_url, f"/api/rooms/{code}")
    assert again["status"] == "playing"
    assert [seat["name"] for seat in again["seats"]] == ["Ada", "Bo"]  # the seats kept
    assert ada_errors == [] and bo_errors == []


def test_rematch_is_offered_in_the_end_of_game_dialog(new_context: NewContext, server_url: str,
                                                      screenshots: Path) -> None:
    """The dialog that ends the match has the room's Rematch beside Close: nobody has to close it
    to find the room's button. Both press it there, and the next match starts."""
    code, ada, bo, ada_errors, bo_errors = a_match_played_out(new_context, server_url, PHONE, LAPTOP)
    dialog = ada.locator("#uno-round-end")
    expect(dialog.locator("#end-rematch")).to_be_visible()
    ada.screenshot(path=str(screenshots / "rematch-in-end-dialog-phone.png"))
    dialog.locator("#end-rematch").click()
    expect(dialog.locator("#end-rematch")).to_have_text("Rematch accepted")
    expect(bo.locator("li.seat[data-seat='0'] .badge.rematch")).to_have_text("Rematch: yes")
    assert get(server_url, f"/api/rooms/{code}")["status"] == "finished"  # Bo has not accepted yet
    bo.locator("#uno-round-end #end-rematch").click()
    for page in (ada, bo):
        expect(page.locator("#room-status")).to_contain_text("Playing")
        expect(page.locator("#uno-round-end")).to_be_hidden()  # the new match's table, no old dialog
    assert get(server_url, f"/api/rooms/{code}")["status"] == "playing"
    assert ada_errors == [] and bo_errors == []
