"""Every two cards of a category rated by annotators (content/rated/): the files are whole, and the
bot reads them."""

from __future__ import annotations

from importlib import resources

import pytest

from duoplay.games.duos import association
from duoplay.games.duos.association import relatedness
from duoplay.games.duos.cards import CATEGORIES, faces
from duoplay.games.duos.rated import rated, ratings

FOLDER = resources.files("duoplay.games.duos").joinpath("content", "rated")


@pytest.mark.parametrize("category", CATEGORIES)
def test_two_annotators_rated_every_pair_of_the_category_once(category: str) -> None:
    names = {face.name("en") for face in faces(category)}
    files = [entry for entry in FOLDER.iterdir() if entry.name.startswith(f"{category}-")
             and entry.name.endswith(".tsv")]
    assert len(files) >= 2
    for entry in files:
        pairs = [line.split("\t") for line in entry.read_text("utf-8").splitlines()]
        every = len(names) * (len(names) - 1) // 2
        assert len({frozenset((a, b)) for a, b, _ in pairs}) == len(pairs) == every
        assert all(a in names and b in names and a != b and score in "0123" for a, b, score in pairs)
        assert (FOLDER / entry.name.replace(".tsv", ".about.txt")).is_file()  # how they rated


def test_ratings_are_symmetric_means_between_zero_and_one() -> None:
    assert all(0 < value <= 1 for value in ratings().values())
    assert rated("sport/skiing", "sport/skis") == rated("sport/skis", "sport/skiing") > 0.5


def test_a_rated_pair_no_judgment_links_is_nearer_for_the_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    names = ["Princess", "Sleeping Beauty", "Dragon", "Treasure chest"]
    with_ratings = relatedness(names, "en")[0, 1]
    monkeypatch.setattr(association, "RATED_WEIGHT", 0.0)
    assert with_ratings > relatedness(names, "en")[0, 1]
