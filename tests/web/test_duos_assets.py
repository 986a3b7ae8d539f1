"""The card bundle the DUOS table loads: current with the game's content, and served by the server."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from duoplay.games.duos.cards import CATEGORIES, LANGUAGES, faces

BUILD = Path(__file__).resolve().parents[2] / "src" / "duoplay" / "web" / "games" / "duos" / "build_assets.py"


def test_the_shipped_bundle_matches_the_content() -> None:
    check = subprocess.run([sys.executable, str(BUILD), "--check"], capture_output=True, text=True,
                           check=False)
    assert check.returncode == 0, check.stderr


@pytest.mark.live  # the browser tests' server, started for it when the run has none
def test_the_server_serves_every_face_with_its_names_and_picture(server_url: str) -> None:
    with urllib.request.urlopen(server_url + "/static/games/duos/assets/cards.json", timeout=10) as answer:
        bundle = json.loads(answer.read())
    for category in CATEGORIES:
        for face in faces(category):
            shown = bundle["faces"][face.id]
            assert {lang: shown["names"][lang] for lang in LANGUAGES} == dict(face.names)
            assert bundle["icons"][shown["icon"]]["body"].startswith("<")
