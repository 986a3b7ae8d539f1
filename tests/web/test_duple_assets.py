"""The category bundle the Duple table loads: current with the decks, complete in every language,
and served by the server."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from duoplay.games.duple.cards import ALL_PLAY
from duoplay.games.duple.words.categories import LANGUAGES, categories

BUILD = Path(__file__).resolve().parents[2] / "src/duoplay/web/games/duple/build_assets.py"


def test_the_shipped_bundle_matches_the_decks() -> None:
    check = subprocess.run([sys.executable, str(BUILD), "--check"], capture_output=True, text=True,
                           check=False)
    assert check.returncode == 0, check.stderr


@pytest.mark.live  # the browser tests' server, started for it when the run has none
def test_every_card_of_every_deck_has_a_name_for_every_reader(server_url: str) -> None:
    url = server_url + "/static/games/duple/assets/categories.json"
    with urllib.request.urlopen(url, timeout=10) as answer:
        bundle = json.loads(answer.read())
    for deck in LANGUAGES:
        for category in categories(deck).values():
            english = bundle["decks"][deck][category.id]
            assert english == category.english
            names = bundle["names"][english]
            assert set(names) == set(LANGUAGES), (deck, category.id)
            assert names[deck] == category.name
    assert bundle["names"][bundle["decks"]["es"]["pais"]]["sv"] == "land"
    assert set(bundle["names"][ALL_PLAY]) == set(LANGUAGES)
