"""Rulebook 'Variante de dos jugadores': two players keep two play piles each; a match between one
player's own piles makes both race, and the winner takes the card just drawn."""

from __future__ import annotations

from tests.games.duple.tables import card, deal, flip, kinds, new_match, state, win


def test_two_player_variant_four_piles() -> None:
    match = new_match(2)
    assert [p["owner"] for p in match.view(0)["piles"]] == [0, 1, 0, 1]
    deal(match, piles=["", "", "", ""], flips=["A/star", "E/moon", "I/drop", "N/sun", "O/leaf"])
    piles = [flip(match)[0].public["pile"] for _ in range(5)]
    assert piles == [0, 1, 2, 3, 0]  # each player's flips go on their two piles in turn


def test_two_players_keep_one_pile_each_without_the_variant() -> None:
    match = new_match(2, four_piles=False)
    assert [p["owner"] for p in match.view(0)["piles"]] == [0, 1]
    deal(match, piles=["", ""], flips=["A/star", "E/moon", "I/drop"])
    assert [flip(match)[0].public["pile"] for _ in range(3)] == [0, 1, 0]


def test_match_within_own_piles_both_race_winner_takes_card_just_drawn() -> None:
    match = new_match(2)
    deal(match, piles=["O/drop", "", "", ""], flips=["A/drop"], category="animal")
    state(match).flips[0] = 1  # seat 0's next flip goes on its second pile
    events = flip(match, 0)
    assert kinds(events) == ["flip", "faceoff"]
    assert events[1].public == {"racers": [0, 1], "piles": [0, 2], "letters": ["O", "A"],
                                "category": "animal"}
    win(match, 1, "gato")
    st = state(match)
    assert st.won == [[], [card("A/drop")]]
    assert st.piles[0].cards == [card("O/drop")] and st.piles[2].cards == []


def test_own_pile_match_won_by_the_drawer_takes_its_own_new_card() -> None:
    match = new_match(2)
    deal(match, piles=["O/drop", "", "", ""], flips=["A/drop"], category="animal")
    state(match).flips[0] = 1
    flip(match, 0)
    win(match, 0, "pato")
    st = state(match)
    assert st.won == [[card("A/drop")], []] and st.piles[0].cards == [card("O/drop")]


def test_two_players_face_off_across_their_piles() -> None:
    match = new_match(2)
    deal(match, piles=["", "", "", "O/drop"], flips=["A/drop"], category="animal")
    events = flip(match, 0)
    assert events[1].public["racers"] == [0, 1] and events[1].public["piles"] == [0, 3]
    win(match, 0, "gato")
    assert state(match).won == [[card("O/drop")], []]
