"""The browser client in Spanish, Polish and French: the browser's language picks the catalog, the
switch changes it at once, plural forms follow each language's rule, DUOS names its cards in
the player's language, and the server's refusals read in it too."""

from __future__ import annotations

import gettext
import json
from typing import Any

import pytest
from babel.messages.plurals import get_plural
from playwright.sync_api import Page, expect
from tests.web.conftest import LAPTOP
from tests.web.duos_fixtures import (
    IDLE,
    SLOW,
    NewContext,
    add_bot,
    close_reveal,
    end_turn,
    enter,
    key_pairs,
    lock_in,
    new_room,
    player,
    start,
    tap_pair,
    tap_pairs,
    wait_for_turn,
)

from duoplay.games.duos.cards import face_by_id
from duoplay.i18n import webcatalog

pytestmark = pytest.mark.browser

OWN_NAMES = {"en": "English", "es": "Español", "fr": "Français", "pl": "Polski", "sv": "Svenska"}


def _spanish_player(new_context: NewContext, name: str) -> tuple[Page, list[str]]:
    """A fresh profile whose browser prefers Spanish (navigator.languages starts with es-ES)."""
    return player(new_context, name, LAPTOP, locale="es-ES")


def _catalog(lang: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads(webcatalog.json_path(lang).read_text(encoding="utf-8"))["messages"]
    return messages


def test_a_spanish_browser_sees_the_spanish_lobby_and_the_switch_changes_it(new_context: NewContext,
                                                                            server_url: str) -> None:
    page, errors = _spanish_player(new_context, "Lucía")
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    assert page.evaluate("navigator.languages[0]") == "es-ES"
    with_friends = page.locator(".game-tile[data-game='uno-duo'] .with-friends")
    expect(with_friends).to_have_text("Con amigos")
    expect(page.locator("#join-form h2")).to_have_text("Unirse a una partida")
    expect(page.locator("#pref-lang")).to_have_value("es")
    assert page.evaluate("document.documentElement.lang") == "es"
    # Every language is offered under its own name.
    options = page.locator("#pref-lang option").evaluate_all("os => os.map(o => [o.value, o.textContent])")
    assert {value: label for value, label in options} == OWN_NAMES

    page.select_option("#pref-lang", "pl")
    expect(with_friends).to_have_text("Ze znajomymi")
    expect(page.locator("#join-form h2")).to_have_text("Dołącz do gry")
    expect(page.locator("#pref-colourblind-label")).to_have_text("Tryb dla daltonistów")
    assert page.evaluate("document.documentElement.lang") == "pl"

    page.select_option("#pref-lang", "fr")
    expect(with_friends).to_have_text("Entre amis")
    expect(page.locator("#join-form h2")).to_have_text("Rejoindre une partie")
    expect(page.locator("#pref-colourblind-label")).to_have_text("Mode daltonien")
    # The choice is remembered over the browser's own preference.
    page.reload()
    with_friends.click()
    expect(page.locator("#create-room")).to_have_text("Créer un salon")
    assert errors == []


def test_plural_forms_follow_each_languages_rule(new_context: NewContext, server_url: str) -> None:
    """tn() picks the form Babel's rule names: Polish 1 karta, 2 karty, 5 kart, 22 karty; French 0 carte."""
    page, errors = _spanish_player(new_context, "Lucía")
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    counts = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 102, 112, 122]
    for lang in ("es", "pl", "fr", "sv"):
        shown = page.evaluate(
            """async ([lang, counts]) => {
                 const i18n = await import('/static/i18n.js');
                 await i18n.setLanguage(lang);
                 return counts.map((n) => i18n.tn('{n} card', '{n} cards', n));
               }""", [lang, counts])
        choose = gettext.c2py(get_plural(lang).plural_expr)
        forms = _catalog(lang)["{n} card"]
        assert shown == [forms[choose(n)].replace("{n}", str(n)) for n in counts], lang
    assert _shown_polish(page, [1, 2, 5, 22]) == ["1 karta", "2 karty", "5 kart", "22 karty"]
    assert errors == []


def _shown_polish(page: Page, counts: list[int]) -> list[str]:
    result: list[str] = page.evaluate(
        """async (counts) => {
             const i18n = await import('/static/i18n.js');
             await i18n.setLanguage('pl');
             return counts.map((n) => i18n.tn('{n} card', '{n} cards', n));
           }""", counts)
    return result


def test_uno_duo_card_names_come_from_the_catalogs(new_context: NewContext, server_url: str) -> None:
    """A card's name on its own (a label) and inside a sentence, where a language adds its article
    or case ending: "un Joker +4", "Zmianę kierunku"."""
    page, errors = _spanish_player(new_context, "Lucía")
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    names = {}
    for lang in ("es", "pl", "fr"):
        names[lang] = page.evaluate(
            """async (lang) => {
                 const i18n = await import('/static/i18n.js');
                 const cards = await import('/static/games/uno-duo/cards.js');
                 await i18n.setLanguage(lang);
                 const codes = ['R5', 'G+2', 'Brev', 'Yskip', 'wild+4'];
                 return [codes.map(cards.cardName), codes.map(cards.cardObject)];
               }""", lang)
    assert names["es"][0] == ["5 rojo", "Roba 2 verde", "Cambio de sentido azul", "Pierde turno amarillo",
                              "Comodín Roba 4"]
    assert names["es"][1][0] == "un 5 rojo"
    assert names["pl"][0] == ["5 (czerwony)", "Weź 2 (zielony)", "Zmiana kierunku (niebieski)",
                              "Stop (żółty)", "Zmiana koloru + Weź 4"]
    assert names["pl"][1][2] == "niebieską Zmianę kierunku"  # the colour agrees, in the accusative
    assert names["fr"][0] == ["5 rouge", "+2 vert", "Changement de sens bleu", "Passe ton tour jaune",
                              "Joker +4"]
    assert names["fr"][1] == ["un 5 rouge", "un +2 vert", "un Changement de sens bleu",
                              "un Passe ton tour jaune", "un Joker +4"]
    assert errors == []


def test_a_duos_table_names_the_cards_in_spanish(new_context: NewContext, server_url: str) -> None:
    # Any deal will do; a fixed one replays a failure as it was. The bots stay idle: the room's
    # clock ends each turn once Lucía has locked in.
    code = new_room(server_url, 3, {"pairing_seconds": 300, "rounds": 1}, seed=10, bot_pace=IDLE)
    page, errors = _spanish_player(new_context, "Lucía")
    enter(page, server_url, code, 0)
    add_bot(page, 1, "random")
    add_bot(page, 2, "random")
    start(page)
    expect(page.locator("#duos-controls #duos-lock")).to_contain_text("Confirmar", timeout=SLOW)
    faces = page.locator("#duos-grid .duos-card").evaluate_all("cs => cs.map(c => c.dataset.face)")
    assert faces, "the table shows no cards"
    spanish = [face_by_id()[face].name("es") for face in faces]
    expect(page.locator("#duos-grid .duos-card .name")).to_have_text(spanish)
    # Some of those names differ from the English ones, so the Spanish text really is shown.
    assert spanish != [face_by_id()[face].name("en") for face in faces]
    page.select_option("#pref-lang", "fr")
    expect(page.locator("#duos-grid .duos-card .name")).to_have_text(
        [face_by_id()[face].name("fr") for face in faces])
    page.select_option("#pref-lang", "pl")
    expect(page.locator("#duos-grid .duos-card .name")).to_have_text(
        [face_by_id()[face].name("pl") for face in faces])
    expect(page.locator("#duos-controls #duos-lock")).to_contain_text("Zatwierdź")
    # Play the three turns through in Polish so that no game keeps running on the shared server.
    for number in range(3):
        wait_for_turn(page, number)
        expect(page.locator("#duos-table")).to_have_attribute("data-turn", str(number), timeout=SLOW)
        tap_pairs(page, [(0, 5)])
        lock_in(page)
        end_turn(page, server_url, code)
        reveal = page.locator("#duos-reveal")
        expect(reveal).to_be_visible(timeout=SLOW)
        expect(reveal).to_contain_text(f"Tura {number + 1}: odsłonięcie")
        if number < 2:
            close_reveal(page)
    expect(page.locator("#duos-reveal #duos-result")).to_be_visible()
    assert errors == []


def test_a_refusal_reads_in_swedish_from_the_catalog(new_context: NewContext, server_url: str) -> None:
    """The server refuses with a message id and parameters; the client shows the catalog's text
    for that id with the parameters filled in, never the server's English sentence."""
    # Any deal will do; a fixed one replays a failure as it was. The partner stays idle: the
    # room's clock ends the turn once Sixten has locked in.
    code = new_room(server_url, 2, {"coop_turns": 1, "pairing_seconds": 300}, seed=11, bot_pace=IDLE)
    page, errors = player(new_context, "Sixten", LAPTOP, locale="sv-SE")
    enter(page, server_url, code, 0)
    add_bot(page, 1, "random")
    start(page)
    key_pairs(page, [(0, 1), (2, 3), (4, 5), (6, 7)])
    tap_pair(page, 8, 9)  # a fifth pair: the server refuses it
    template = "Place at most {most} pairs (you sent {n})"
    swedish = _catalog("sv")[template].replace("{most}", "4").replace("{n}", "5")
    assert swedish != "Place at most 4 pairs (you sent 5)"
    expect(page.locator("#duos-why")).to_have_text(swedish, timeout=SLOW)
    expect(page.locator("#toasts .toast.error").last).to_have_text(swedish)
    # Lock in so the one-turn game ends and nothing keeps running on the shared server.
    lock_in(page)
    end_turn(page, server_url, code)
    expect(page.locator("#duos-reveal #duos-result")).to_be_visible(timeout=SLOW)
    assert errors == []
