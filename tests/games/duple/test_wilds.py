"""Rulebook 'Cómo se juega' 4 (Comodines) and 5 (Cascadas)."""

from __future__ import annotations

from tests.games.duple.tables import card, deal, flip, kinds, new_match, state, win


def test_drawer_of_a_wild_flips_again() -> None:
    match = new_match(3)
    deal(match, piles=["", "", ""], flips=["wild heart/bolt", "A/star"])
    events = flip(match, 0)
    assert kinds(events) == ["wild"]
    assert events[0].public == {"seat": 0, "symbols": ["heart", "bolt"], "deck": 71}
    assert match.to_move() == (0,) and match.view(1)["drawer"] == 0
    assert match.view(1)["wild"] == {"symbols": ["heart", "bolt"]}
    assert all(not p.cards for p in state(match).piles)  # the wild lies between the decks
    flip(match, 0)
    assert state(match).piles[0].cards == [card("A/star")]
    assert match.to_move() == (1,)


def test_wild_card_matches_its_two_symbols_until_replaced() -> None:
    match = new_match(3)
    deal(match, piles=["", "L/bolt", ""], flips=["wild heart/bolt", "D/heart"], category="animal")
    flip(match, 0)
    events = flip(match, 0)
    assert kinds(events) == ["flip", "faceoff"]
    assert events[1].public["racers"] == [0, 1] and events[1].public["letters"] == ["D", "L"]
    win(match, 0, "leopardo")
    assert state(match).won[0] == [card("L/bolt")]
    # A new wild replaces it: heart and bolt no longer match, star and moon do.
    match = new_match(3)
    deal(match, piles=["", "L/bolt", "A/moon"], category="animal",
         flips=["wild heart/bolt", "wild star/moon", "D/heart", "E/star"])
    assert kinds(flip(match, 0)) == ["wild"]
    assert kinds(flip(match, 0)) == ["wild"]
    assert match.view(2)["wild"] == {"symbols": ["star", "moon"]}
    assert kinds(flip(match, 0)) == ["flip"]
    assert match.to_move() == (1,)
    events = flip(match, 1)
    assert kinds(events) == ["flip", "faceoff"] and events[1].public["letters"] == ["E", "A"]


def test_wild_card_needs_both_of_its_symbols_on_the_table() -> None:
    match = new_match(3)
    deal(match, piles=["", "L/bolt", ""], flips=["wild heart/bolt", "A/star"])
    assert kinds(flip(match, 0)) == ["wild"]
    assert kinds(flip(match, 0)) == ["flip"]
    assert match.to_move() == (1,)


def test_wild_card_stays_in_play_across_turns() -> None:
    match = new_match(3)
    deal(match, piles=["", "", "L/bolt"], flips=["wild heart/bolt", "A/star", "D/heart"], category="animal")
    flip(match, 0)
    flip(match, 0)
    events = flip(match, 1)
    assert kinds(events) == ["flip", "faceoff"] and events[1].public["racers"] == [1, 2]


def test_drawer_of_a_wild_plays_the_face_offs_it_causes_then_flips_again() -> None:
    match = new_match(3)
    deal(match, piles=["", "D/heart", "L/bolt"], flips=["wild heart/bolt", "A/star"], category="animal")
    events = flip(match, 0)
    assert kinds(events) == ["wild", "faceoff"] and events[1].public["racers"] == [1, 2]
    assert match.to_move() == (1, 2)
    win(match, 1, "leopardo")
    assert state(match).won[1] == [card("L/bolt")]
    assert match.to_move() == (0,)
    flip(match, 0)
    assert state(match).piles[0].cards == [card("A/star")] and match.to_move() == (1,)


def test_a_wild_and_a_revealed_match_cascade() -> None:
    match = new_match(3)
    # The wild makes seat 1's heart match seat 2's bolt; seat 2 then reveals a drop, like seat 0's.
    deal(match, piles=["O/drop", "D/heart", "A/drop L/bolt"], flips=["wild heart/bolt"], category="animal",
         after=["fruta", "animal_marino"])
    events = flip(match, 0)
    assert events[-1].public["racers"] == [1, 2]
    events = win(match, 1, "leopardo")
    assert events[-1].kind == "faceoff" and events[-1].public == {
        "racers": [0, 2], "piles": [0, 2], "letters": ["O", "A"], "category": "fruta"}
    win(match, 2, "mango")
    assert state(match).won == [[], [card("L/bolt")], [card("O/drop")]]
    assert match.to_move() == (0,)  # the drawer of the wild flips again
