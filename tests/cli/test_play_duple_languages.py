"""`duoplay play duple --lang sv|pl|fr`: a face-off in the terminal with the deck's letters and
category, won with a word typed without its letters' marks (as on a plain keyboard)."""

from __future__ import annotations

import pytest
from tests.cli.test_play_duple import Table

pytestmark = pytest.mark.live

# Seed 6: your first card and the bot's face off at once for the deck's "feeling" card.
CASES = [
    ("sv", ("E", "Ö", "KÄNSLA"), "fortroende"),  # förtroende
    ("pl", ("E", "Ż", "UCZUCIE"), "przerazenie"),  # przerażenie
    ("fr", ("A", "Y", "SENTIMENT"), "sympathie"),
]


@pytest.mark.parametrize(("lang", "faceoff", "typed"), CASES)
def test_a_face_off_in_the_decks_language(lang: str, faceoff: tuple[str, str, str], typed: str) -> None:
    # The bot takes 100 times a person's time: the person answers first.
    table = Table("--lang", lang, "--seed", "6", "--bot", "normal", "--bot-pace", "100",
                  "--flip-seconds", "0.3")
    assert table.first_faceoff() == faceoff
    at = table.type(typed)
    table.wait_for(f"• You: «{typed}» ✓ accepted", at)
    table.wait_for(r"Score: you 1 · bot 0", at)
    table.type("/quit")
    assert table.finish() == 0
