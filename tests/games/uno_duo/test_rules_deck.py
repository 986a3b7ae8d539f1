"""The Cards and The Deal (uno-duo.en.txt); NOTES 1: the 112-card deck and the classic 108."""

from collections import Counter

import pytest
from tests.games.uno_duo.helpers import all_cards

from duoplay.core.match import Match
from duoplay.games.uno_duo.cards import code, deck_for

COLOURED = [f"{c}{r}" for c in "RYGB" for r in ("0", *[str(n) for n in range(1, 10)] * 2,
                                                 "+2", "+2", "rev", "rev", "skip", "skip")]


def _expected(size: int) -> Counter[str]:
    wilds = ["wild"] * 4 + ["wild+4"] * 4
    if size == 112:
        wilds += ["wild-shuffle"] + ["wild-custom"] * 3
    return Counter(COLOURED + wilds)


@pytest.mark.parametrize("size", [112, 108])
def test_deck_contents_are_exact(size: int) -> None:
    deck = Counter(code(f) for f in deck_for(size))
    assert deck == _expected(size)
    assert sum(deck.values()) == size


def test_each_colour_has_one_zero_and_two_of_everything_else() -> None:
    deck = Counter(code(f) for f in deck_for(112))
    for colour in "RYGB":
        assert deck[f"{colour}0"] == 1
        for rank in [*map(str, range(1, 10)), "+2", "rev", "skip"]:
            assert deck[f"{colour}{rank}"] == 2, f"{colour}{rank}"


def test_the_112_deck_is_the_108_plus_four_special_wilds() -> None:
    extra = Counter(code(f) for f in deck_for(112)) - Counter(code(f) for f in deck_for(108))
    assert extra == Counter({"wild-custom": 3, "wild-shuffle": 1})


@pytest.mark.parametrize("size", [112, 108])
def test_a_new_match_holds_exactly_the_chosen_deck(size: int) -> None:
    match = Match.new("uno-duo", 2, seed=3, options={"deck_size": size})
    assert Counter(code(f) for f, n in all_cards(match.state).items() for _ in range(n)) == _expected(size)


def test_default_deck_is_112() -> None:
    match = Match.new("uno-duo", 2, seed=1)
    assert match.header.options["deck_size"] == 112
    assert sum(all_cards(match.state).values()) == 112
