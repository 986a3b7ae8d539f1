"""Creating rooms from the home page's With friends: the number of players, and house rules built from
what each game declares (kinds, bounds, choices and labels, in the player's language)."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Browser, Response, expect
from tests.web.conftest import LAPTOP

from duoplay.i18n import webcatalog

pytestmark = pytest.mark.browser


def test_a_duos_room_for_four_players_with_no_fixed_category(browser: Browser, server_url: str) -> None:
    page = browser.new_context(viewport=LAPTOP, locale="en-GB").new_page()
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    page.fill("#player-name", "Ada")
    page.click(".game-tile[data-game='duos'] .with-friends")
    page.click("#house-rules summary")
    page.wait_for_selector("#opt-category")
    # The category is chosen by the deal unless a player picks one: the form offers that as a choice.
    expect(page.locator("#opt-category")).to_have_value("")
    expect(page.locator("#seats-select")).to_be_visible()
    page.select_option("#seats-select", "4")
    page.click("#create-room")
    page.wait_for_url(re.compile(r".*/room/[A-Z0-9]{6}$"))
    expect(page.locator("li.seat")).to_have_count(4)
    page.context.close()


def test_a_fixed_category_is_sent_and_a_two_player_game_asks_no_player_count(
        browser: Browser, server_url: str) -> None:
    page = browser.new_context(viewport=LAPTOP, locale="en-GB").new_page()
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    page.click(".game-tile[data-game='uno-duo'] .with-friends")
    page.click("#house-rules summary")
    page.wait_for_selector("#opt-target_score")
    expect(page.locator("#seats-select")).to_be_hidden()
    page.click("#new-room-cancel")
    page.fill("#player-name", "Ada")  # a room is made by someone with a name
    page.click(".game-tile[data-game='duos'] .with-friends")
    page.click("#house-rules summary")
    page.wait_for_selector("#opt-category")
    page.select_option("#opt-category", "animals")
    with page.expect_response(_room_created) as created:
        page.click("#create-room")
    assert created.value.ok
    assert created.value.request.post_data_json["options"] == {"category": "animals"}
    page.context.close()


def _room_created(response: Response) -> bool:
    return response.url.endswith("/api/rooms") and response.request.method == "POST"


def _games(base: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(base + "/api/games", timeout=10) as answer:
        games: list[dict[str, Any]] = json.loads(answer.read())
    return games


def _catalog(lang: str) -> dict[str, str]:
    """What the client shows for each message id in `lang` (a message not listed shows its id)."""
    messages: dict[str, str] = json.loads(webcatalog.json_path(lang).read_text(encoding="utf-8"))["messages"]
    return messages


def _number(value: float) -> str:
    """A number as an HTML attribute shows it (3600.0 is "3600")."""
    return str(int(value)) if float(value).is_integer() else str(value)


def test_the_house_rules_follow_each_games_option_specs(browser: Browser, server_url: str) -> None:
    en = _catalog("en")

    def shown(msgid: str) -> str:
        return en.get(msgid, msgid)

    page = browser.new_context(viewport=LAPTOP, locale="en-GB").new_page()
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    for game in _games(server_url):
        page.click(f".game-tile[data-game='{game['id']}'] .with-friends")
        page.click("#house-rules summary")
        expect(page.locator("#new-room [data-option]")).to_have_count(len(game["option_specs"]))
        for spec in game["option_specs"]:
            field = page.locator(f"#opt-{spec['name']}")
            expect(page.locator(f"label[for='opt-{spec['name']}']")).to_have_text(shown(spec["label"]))
            if spec.get("seat"):
                # A seat is chosen by its number as the room shows it, counted from 1.
                seats = range(int(spec["min"]), int(spec["max"]) + 1)
                expect(field.locator("option")).to_have_text([f"Seat {n + 1}" for n in seats])
                expect(field).to_have_value(str(spec["default"]))
            elif spec["kind"] in ("int", "float"):
                expect(field).to_have_attribute("type", "number")
                expect(field).to_have_attribute("step", "1" if spec["kind"] == "int" else "any")
                expect(field).to_have_value(_number(spec["default"]))
                for bound in ("min", "max"):
                    if bound in spec:
                        expect(field).to_have_attribute(bound, _number(spec[bound]))
            elif spec["kind"] == "choice":
                expect(field.locator("option")).to_have_text([shown(c["label"]) for c in spec["choices"]])
                # A deck starts on the page's language (English here), the rest on their default.
                starting = "en" if spec.get("page_language") else spec["default"]
                expect(field).to_have_value("" if starting is None else str(starting))
            elif spec["kind"] == "bool":
                expect(field).to_have_attribute("type", "checkbox")
                assert field.is_checked() == spec["default"]
        page.click("#new-room-cancel")
    page.context.close()


def test_house_rules_are_sent_as_the_kinds_the_game_declares(browser: Browser, server_url: str) -> None:
    page = browser.new_context(viewport=LAPTOP, locale="en-GB").new_page()
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    page.fill("#player-name", "Ada")  # a room is made by someone with a name
    page.click(".game-tile[data-game='duos'] .with-friends")
    page.click("#house-rules summary")
    page.fill("#opt-rounds", "3")
    page.fill("#opt-pairing_seconds", "90.5")
    page.check("#opt-fixed_category")
    page.select_option("#opt-category", "animals")
    page.select_option("#opt-first_narrator", label="Seat 2")
    with page.expect_response(_room_created) as created:
        page.click("#create-room")
    assert created.value.ok
    sent = created.value.request.post_data_json["options"]
    assert sent == {"rounds": 3, "pairing_seconds": 90.5, "fixed_category": True, "category": "animals",
                    "first_narrator": 1}
    assert isinstance(sent["rounds"], int)
    page.context.close()


def test_option_and_bot_level_labels_are_translated(browser: Browser, server_url: str) -> None:
    sv = _catalog("sv")
    uno = next(game for game in _games(server_url) if game["id"] == "uno-duo")
    page = browser.new_context(viewport=LAPTOP, locale="sv-SE").new_page()
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    page.fill("#player-name", "Ada")
    page.click(".game-tile[data-game='uno-duo'] .with-friends")
    for spec in uno["option_specs"]:
        expect(page.locator(f"label[for='opt-{spec['name']}']")).to_have_text(sv[spec["label"]])
        if spec["kind"] == "choice":
            expect(page.locator(f"#opt-{spec['name']} option")).to_have_text(
                [sv[choice["label"]] for choice in spec["choices"]])
    page.click("#create-room")
    page.wait_for_url(re.compile(r".*/room/[A-Z0-9]{6}$"))
    expect(page.locator("li.seat[data-seat='0'] .badge.you")).to_be_visible()  # the creator sits at once
    levels = page.locator("li.seat[data-seat='1'] select.bot-level option")
    expect(levels).to_have_text([sv[uno["bot_level_labels"][level]] for level in uno["bot_levels"]])
    page.context.close()


def test_open_rooms_say_how_many_seats_are_free(browser: Browser, server_url: str) -> None:
    """An empty room reads "2 seats free", not "empty seat · empty seat"; a seated player is named."""
    empty = _new_room(server_url, {"game": "uno-duo"})
    four = _new_room(server_url, {"game": "duos", "seats": 4})
    taken = _new_room(server_url, {"game": "uno-duo"})
    context = browser.new_context(viewport=LAPTOP, locale="en-GB")
    context.add_init_script("localStorage.setItem('duoplay.name', JSON.stringify('Ada'))")
    page = context.new_page()
    page.goto(f"{server_url}/room/{taken}")
    page.click("li.seat[data-seat='0'] button.sit")
    expect(page.locator("li.seat[data-seat='0'] .badge.you")).to_be_visible()
    lobby = context.new_page()
    lobby.goto(server_url + "/")
    row = lambda code: lobby.locator("#open-rooms li", has=lobby.locator(".code", has_text=code))  # noqa: E731
    expect(row(empty).locator(".seats")).to_have_text("2 seats free")
    expect(row(four).locator(".seats")).to_have_text("4 seats free")
    expect(row(taken).locator(".seats")).to_have_text("Ada · 1 seat free")
    context.close()


def _new_room(base: str, body: dict[str, Any]) -> str:
    request = urllib.request.Request(base + "/api/rooms", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        code: str = json.loads(answer.read())["code"]
    return code


@pytest.mark.parametrize(("locale", "deck"), [("sv-SE", "sv"), ("pl-PL", "pl"), ("fr-FR", "fr")])
def test_a_duple_room_starts_on_the_deck_of_the_page_language(browser: Browser, server_url: str,
                                                              locale: str, deck: str) -> None:
    page = browser.new_context(viewport=LAPTOP, locale=locale).new_page()
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    page.fill("#player-name", "Ada")
    page.click(".game-tile[data-game='duple'] .with-friends")
    expect(page.locator("#opt-lang")).to_have_value(deck)
    with page.expect_response(_room_created) as created:
        page.click("#create-room")
    assert created.value.ok
    assert created.value.request.post_data_json["options"] == {"lang": deck}
    page.wait_for_url(re.compile(r".*/room/[A-Z0-9]{6}$"))
    page.context.close()
