"""Duple with a Swedish, a Polish and a French deck in real browsers, two people and a bot: the
face-off shows the deck's letters and category, a word missing a letter is refused, a word typed
without its letters' marks (as on a phone keyboard without them) wins, and the game plays on to
its summary."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect
from tests.web.conftest import Server
from tests.web.duple_fixtures import SLOW, NewContext, Person, duple_table, flip, race_on, send
from tests.web.phone_checks import controls_out_of_view, settle
from tests.web.tables import PHONE

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def languages_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of these tests' own: a room of a new language loads its dictionary and word lists
    (seconds of CPU, hundreds of MB) in the server and its bot worker, which on the server the
    other browser tests share would hold up every bot there meanwhile."""
    server = Server(tmp_path_factory.mktemp("languages"))
    server.start()
    try:
        yield server.url
    finally:
        server.stop()

# With each seed, Ana's and Ben's first cards face off at once (both of one symbol), for the
# deck's "feeling" card. `typed` is how a player writes the word on a plain keyboard.
CASES = [
    ("sv", 6, "E,Ö", "känsla", "känsla", "fortroende"),  # förtroende
    ("pl", 6, "E,Ż", "uczucie", "uczucie", "przerazenie"),  # przerażenie
    ("fr", 6, "A,Y", "sentiment", "sentiment", "sympathie"),
]

ANA_WINS = {"sv": "Ana vinner duellen", "pl": "Ana wygrywa pojedynek", "fr": "Ana gagne le duel"}


@pytest.mark.parametrize(("lang", "seed", "letters", "name", "refused", "typed"), CASES)
def test_a_game_in_the_decks_language(new_context: NewContext, languages_server: str, screenshots: Path,
                                          lang: str, seed: int, letters: str, name: str, refused: str,
                                          typed: str) -> None:
    # A table of that language: its people read the site in it too.
    # Ana plays on a phone, Ben on a laptop.
    people = [Person("Ana", viewport=PHONE, locale=lang), Person("Ben", locale=lang)]
    table = duple_table(new_context, languages_server, people, options={"lang": lang}, seed=seed)
    ana, ben = table.pages[0], table.pages[1]
    flip(ana, 0)
    flip(ben, 1)
    for page in (ana, ben):
        race_on(page, "faceoff", letters, "feeling")
        expect(page.locator("#duple-category-name")).to_have_text(name)
    # The category's own name lacks a card letter: refused, and Ben's page says which.
    send(ben, refused)
    expect(ana.locator("#duple-answers li.no[data-seat='1'] .word")).to_have_text(refused, timeout=SLOW)
    ana.screenshot(path=str(screenshots / f"duple-{lang}-faceoff-phone.png"))
    send(ana, typed)
    expect(ben.locator("#duple-flash")).to_contain_text(ANA_WINS[lang], timeout=SLOW)
    won = ana.locator("#duple-piles .duple-seat[data-seat='0'] .duple-won")
    expect(won).to_have_attribute("data-won", "1")
    # The clock plays the rest of the game out: every card left is flipped, every race (the bot's
    # among them) ends, and each page shows the summary, Ana first with her face-off.
    for _ in range(200):
        if table.advance()["seconds_left"] is None:
            break
    for page in (ana, ben):
        rows = page.locator("#duple-summary tbody tr")
        expect(rows).to_have_count(3, timeout=SLOW)
        expect(rows.first).to_have_attribute("data-seat", "0")
        # The news of the last race is in the summary now, not in a toast over its buttons, and
        # the buttons are in view without scrolling, on the phone too.
        assert page.locator("#toasts .toast:not(.error)").count() == 0
        settle(page)
        assert controls_out_of_view(page, ".kit-modal button") == []
    ana.screenshot(path=str(screenshots / f"duple-{lang}-over-phone.png"), animations="disabled")
    ben.screenshot(path=str(screenshots / f"duple-{lang}-over-laptop.png"), animations="disabled")
    assert table.errors == []


def test_each_reader_sees_the_category_in_their_own_language(new_context: NewContext, server_url: str,
                                                              screenshots: Path) -> None:
    """A Spanish deck read by a Swedish and an English player: each sees the category in their
    language (the answers stay Spanish), in the question, the judge's refusal and the word won."""
    people = [Person("Ana", locale="sv-SE"), Person("Ben", locale="en-GB")]
    table = duple_table(new_context, server_url, people)
    ana, ben = table.pages[0], table.pages[1]
    flip(ana, 0)
    flip(ben, 1)
    for page, name in ((ana, "fordon"), (ben, "vehicle")):
        race_on(page, "faceoff", "U,P", "vehiculo")
        expect(page.locator("#duple-category-name")).to_have_text(name)
    send(ana, "pulpo")  # a Spanish word with both letters, but an octopus
    expect(ana.locator("#duple-answers li.no[data-seat='0'] .why")).to_contain_text("passar inte fordon",
                                                                                    timeout=SLOW)
    expect(ben.locator("#duple-answers li.no[data-seat='0'] .why")).to_contain_text("does not fit vehicle")
    send(ben, "patrulla")
    expect(ana.locator("#duple-win")).to_contain_text("fordon", timeout=SLOW)
    expect(ben.locator("#duple-win")).to_contain_text("vehicle")
    ana.screenshot(path=str(screenshots / "duple-sv-reader-es-deck.png"))
    assert table.errors == []
