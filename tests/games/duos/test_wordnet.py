"""WordNet definitions as an association signal (Debian's wordnet-base files, optional)."""

from __future__ import annotations

from pathlib import Path

import pytest

from duoplay.games.duos.wordnet import DEFAULT_FOLDER, load


def test_without_the_files_the_signal_is_off(tmp_path: Path) -> None:
    assert load(tmp_path) is None


@pytest.fixture(scope="module")
def dictionary():  # type: ignore[no-untyped-def]
    found = load(DEFAULT_FOLDER)
    if found is None:
        pytest.fail("Debian's wordnet-base is not installed (apt-get install wordnet-base; "
                    "make test installs it)")
    return found


@pytest.mark.parametrize("a, b", [("Glove", "Hand"), ("Saddle", "Horse"), ("Saucer", "Cup"),
                                  ("Hat", "Head"), ("Gloves", "hands")])
def test_a_definition_that_names_the_other_card_links_them(dictionary, a: str, b: str) -> None:  # type: ignore[no-untyped-def]
    assert dictionary.mentions(a, b) and dictionary.mentions(b, a)


@pytest.mark.parametrize("a, b", [("Glove", "River"), ("Piano", "Carrot"), ("Dragon", "Pea")])
def test_unrelated_cards_are_not_linked(dictionary, a: str, b: str) -> None:  # type: ignore[no-untyped-def]
    assert not dictionary.mentions(a, b)


def test_plurals_and_irregular_plurals_find_their_entry(dictionary) -> None:  # type: ignore[no-untyped-def]
    assert dictionary.base("gloves") == "glove"
    assert dictionary.base("boxes") == "box"
    assert dictionary.base("mice") == "mouse"
    assert dictionary.heads("Seven-league boots") >= {"boot"}
