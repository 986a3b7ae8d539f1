"""Duple with a Swedish, a Polish and a French deck in real browsers: the face-off shows the
deck's letters and category, a word missing a letter is refused, and a word typed without its
letters' marks (as on a phone keyboard without them) wins."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect
from tests.web.conftest import Server
from tests.web.duple_fixtures import SLOW, NewContext, duple_table, flip, race_on, send

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


@pytest.mark.parametrize(("lang", "seed", "letters", "name", "refused", "typed"), CASES)
def test_a_face_off_in_the_decks_language(new_context: NewContext, languages_server: str, screenshots: Path,
                                          lang: str, seed: int, letters: str, name: str, refused: str,
                                          typed: str) -> None:
    table = duple_table(new_context, languages_server, options={"lang": lang}, seed=seed)
    ana, ben = table.pages[0], table.pages[1]
    flip(ana, 0)
    flip(ben, 1)
    for page in (ana, ben):
        race_on(page, "faceoff", letters, "feeling")
        expect(page.locator("#duple-category-name")).to_have_text(name)
    # The category's own name lacks a card letter: refused, and Ben's page says which.
    send(ben, refused)
    expect(ana.locator("#duple-answers li.no[data-seat='1'] .word")).to_have_text(refused, timeout=SLOW)
    ana.screenshot(path=str(screenshots / f"duple-{lang}-faceoff-laptop.png"))
    send(ana, typed)
    expect(ben.locator("#duple-flash")).to_contain_text("Ana wins the face-off", timeout=SLOW)
    won = ana.locator("#duple-piles .duple-seat[data-seat='0'] .duple-won")
    expect(won).to_have_attribute("data-won", "1")
    assert table.errors == []
