"""Rulebook 'Componentes' and 'Preparar'; NOTES Duple 1 (our decks: 8 symbols x 8 letter cards,
letter frequencies per language, wilds of two different symbols) and 5 (languages)."""

from __future__ import annotations

from collections import Counter

import pytest
from tests.games.duple.tables import new_match, state

from duoplay.games.duple.cards import ALL_PLAY, LANGUAGES, LETTER_CARDS, deck


@pytest.mark.parametrize("lang", LANGUAGES)
def test_64_letter_cards_8_symbols_8_wilds_spread(lang: str) -> None:
    cards = deck(lang)
    assert len(cards.letters) == 64 and len(cards.symbols) == 8
    assert Counter(symbol for _, symbol in cards.letters) == {symbol: 8 for symbol in cards.symbols}
    assert len(set(cards.letters)) == 64  # no two cards alike
    assert len(cards.wilds) == 8 and all(a != b and {a, b} <= set(cards.symbols) for a, b in cards.wilds)
    assert len({frozenset(w) for w in cards.wilds}) == 8
    for seed in range(40):
        st = state(new_match(3, seed=seed, lang=lang))
        drawn = st.deck[::-1]  # in the order they will be flipped
        assert sorted(drawn) == list(range(72))
        wilds = [i for i, c in enumerate(drawn) if c >= LETTER_CARDS]
        # One wild in each eighth of the deck (each of 8 letter cards and its wild).
        assert [position // 9 for position in wilds] == list(range(8)), (seed, wilds)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_letter_frequencies_follow_the_language(lang: str) -> None:
    letters = Counter(letter for letter, _ in deck(lang).letters)
    common = {"es": "AEO", "en": "EAT", "sv": "AERT", "pl": "AEIO", "fr": "EAS"}[lang]
    assert all(letters[c] >= 4 for c in common)
    assert ("Ñ" in letters) == (lang == "es")


@pytest.mark.parametrize(("lang", "own", "none"), [
    ("sv", "ÅÄÖ", "QWXZ"),  # Å, Ä, Ö are letters of their own; X and the loanword letters too rare
    ("pl", "ĄĆĘŁŃÓŚŻ", "QVX"),  # Ź is too rare for a card; Q, V, X are not Polish letters
    ("fr", "", "ÉÈÊÇKWZ"),  # accents fold into their letters; K, W, Z too rare
])
def test_a_deck_has_its_languages_own_letters(lang: str, own: str, none: str) -> None:
    letters = Counter(letter for letter, _ in deck(lang).letters)
    assert all(letters[c] >= 1 for c in own)
    assert not any(letters[c] for c in none)
    symbols = [symbol for letter, symbol in deck(lang).letters if letter == "E"]
    assert len(symbols) == len(set(symbols))  # one letter's cards show different symbols


def test_a_shuffled_deck_differs_with_the_seed() -> None:
    assert state(new_match(3, seed=1)).deck != state(new_match(3, seed=2)).deck
    assert state(new_match(3, seed=1)).deck == state(new_match(3, seed=1)).deck


@pytest.mark.parametrize("lang", LANGUAGES)
def test_44_category_cards_with_4_all_play_spread(lang: str) -> None:
    for seed in range(40):
        st = state(new_match(4, seed=seed, lang=lang))
        turned = [st.category, *st.categories[::-1]]
        assert len(turned) == 44 and turned.count(ALL_PLAY) == 4
        assert sorted(c for c in turned if c != ALL_PLAY) == sorted(deck(lang).categories)
        positions = [i for i, c in enumerate(turned) if c == ALL_PLAY]
        # After the first five, one All Play in each quarter of the other 35 categories.
        starts = [5 + round(i * 35 / 4) + i for i in range(5)]
        assert all(starts[i] <= p < starts[i + 1] for i, p in enumerate(positions)), (seed, positions)


def test_no_all_play_in_the_first_five_categories() -> None:
    for seed in range(200):
        st = state(new_match(3, seed=seed))
        assert ALL_PLAY not in [st.category, *st.categories[-4:]], seed


def test_the_category_deck_is_face_up_beside_the_letters() -> None:
    match = new_match(3)
    shown = match.view(1)
    assert shown["category"]["id"] == state(match).category and shown["category"]["all_play"] is False
    assert shown["categories_left"] == 43 and shown["deck"] == 72
    assert shown["piles"] == [{"owner": s, "count": 0, "top": None} for s in range(3)]
    assert shown["wild"] is None and shown["scores"] == [0, 0, 0]


@pytest.mark.parametrize("seats", [2, 3, 5, 8])
def test_every_player_has_a_play_pile_and_the_dealer_starts(seats: int) -> None:
    match = new_match(seats)
    piles = 4 if seats == 2 else seats
    assert len(match.view(None)["piles"]) == piles
    assert match.to_move() == (0,) and match.view(None)["phase"] == "flip"


@pytest.mark.parametrize(("lang", "name", "all_play"), [
    ("es", "parte del cuerpo", "Todos juegan"), ("en", "body part", "All Play"),
    ("sv", "kroppsdel", "Alla spelar"), ("pl", "część ciała", "Wszyscy grają"),
    ("fr", "partie du corps", "Tous en jeu"),
])
def test_each_language_has_its_categories(lang: str, name: str, all_play: str) -> None:
    cards = deck(lang)
    assert name in [c.name for c in cards.categories.values()]
    assert cards.all_play_name == all_play
    assert any(c.proper_nouns for c in cards.categories.values())
