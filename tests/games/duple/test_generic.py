"""The checks every game passes (duoplay.core.testing): playouts to the end with moves beyond the
menu, replay, JSON, actions' round trips, and views that never show the decks' order."""

from __future__ import annotations

import random

import pytest
from tests.games.duple.tables import GAME, answer, deal, flip, new_match, state

from duoplay.core.match import Match
from duoplay.core.testing import (
    assert_actions_round_trip,
    assert_json_events,
    assert_json_views,
    assert_replay_equal,
    assert_view_hides,
    assert_views_alike,
    random_playout,
)
from duoplay.games.duple.actions import (
    APPEAL,
    CLOSE,
    CLOSE_VOTE,
    FLIP,
    NEW_CATEGORY,
    PASS,
    STUCK,
    TIME_UP,
    Answer,
    CastVote,
)
from duoplay.games.duple.cards import ALL_PLAY, LETTER_CARDS, deck
from duoplay.games.duple.hidden import hidden_variants
from duoplay.games.duple.state import DupleState
from duoplay.games.duple.table import matches


def every_card_accounted_for(st: DupleState) -> None:
    """72 letter and wild cards, 44 category cards: always all there, once."""
    cards = [*st.deck, *(c for p in st.piles for c in p.cards), *(c for w in st.won for c in w)]
    assert sorted(c for c in cards if c < LETTER_CARDS) == list(range(LETTER_CARDS))
    wilds_drawn = {c for c in range(LETTER_CARDS, LETTER_CARDS + 8) if c not in st.deck}
    assert not wilds_drawn & set(cards) and (st.wild is None or st.wild in wilds_drawn)
    categories = [st.category, *st.categories, *st.discards]
    assert categories.count(ALL_PLAY) + sum(st.won_all_play) == 4
    assert len(categories) - categories.count(ALL_PLAY) == 40


def no_flip_before_every_match_is_played(st: DupleState) -> None:
    """Rulebook 'Cómo se juega 3' and 5: whenever a player may flip, no match is left on the table
    (during the pause after a win nobody may); during a face-off its letters are the top cards of
    its two piles."""
    every_card_accounted_for(st)
    if st.race is None and not st.over and not st.resting:
        assert matches(st) == [], matches(st)
    if st.race is not None and st.race.kind == "faceoff":
        cards = deck(st.options.lang)
        tops = tuple(cards.letter(st.piles[p].cards[-1]) for p in st.race.piles)
        assert tops == st.race.letters


@pytest.mark.parametrize("seats, seed", [(2, 1), (3, 2), (5, 3)])
def test_random_playouts_with_odd_moves_end_and_replay(seats: int, seed: int) -> None:
    match = random_playout(GAME, seats=seats, seed=seed, invariant=no_flip_before_every_match_is_played,
                           fuzz=0.3)
    outcome = match.outcome()
    assert outcome is not None and len(outcome.scores) == seats
    assert list(outcome.scores) == match.view(None)["scores"]
    assert_replay_equal(match)
    assert_json_views(match)


def test_a_two_pile_game_without_the_variant_plays_out() -> None:
    match = random_playout(GAME, seats=2, seed=9, options={"four_piles": False, "window_ms": 0})
    assert match.outcome() is not None
    assert_replay_equal(match)


def test_actions_round_trip_through_json_and_notation() -> None:
    assert_actions_round_trip(GAME, [FLIP, PASS, NEW_CATEGORY, APPEAL, CLOSE, STUCK, TIME_UP, CLOSE_VOTE,
                                     Answer("leopardo"), Answer("Costa Rica"), Answer(""), CastVote(True),
                                     CastVote(False)])


def test_events_survive_json() -> None:
    match = new_match(3)
    deal(match, piles=["", "E/star", ""], flips=["wild heart/bolt", "A/star"], category="animal")
    events = flip(match, 0) + flip(match, 0) + answer(match, 0, "mesa") + match.act(0, APPEAL)
    events += match.act(1, CastVote(True)) + match.act(2, CastVote(True))
    assert_json_events(events, 3)
    # Every event keeps its own kind as each seat is shown it: no field overwrites it.
    assert [e.visible_to(1)["kind"] for e in events] == [e.kind for e in events]
    assert "won" in [e.kind for e in events]


def sample_states() -> list[Match]:
    """A few matches stopped at different moments: flipping, racing, voting, an All Play."""
    matches = []
    for seed in range(4):
        match = new_match(3, seed=seed)
        chooser = random.Random(seed)
        for _ in range(15 + 10 * seed):
            if match.outcome() is not None:
                break
            movers = match.to_move()
            if not movers:
                deadline = match.deadline()
                assert deadline is not None
                match.act(deadline.seat, deadline.action)
                continue
            seat = chooser.choice(movers)
            match.act(seat, chooser.choice(list(match.legal_actions(seat))))
        matches.append(match)
    match = new_match(3)
    deal(match, piles=["", "E/star", ""], flips=["A/star"], category="animal")
    flip(match, 0)
    answer(match, 0, "mesa")
    match.act(0, APPEAL)
    matches.append(match)
    return matches


def test_view_shows_no_deck_order() -> None:
    chooser = random.Random(4)
    for match in sample_states():
        for seat in [0, 1, 2, None]:
            for variant in hidden_variants(match.state, seat, chooser):
                assert_view_hides(GAME, match.state, variant, seat)
                assert GAME.legal_actions(variant, seat or 0) == GAME.legal_actions(match.state, seat or 0)


def test_shuffling_the_decks_below_the_top_leaves_views_identical() -> None:
    match = new_match(4, seed=3)
    deal(match, piles=["", "", "", ""], flips=["A/star"], category="animal")
    other = GAME.copy_state(match.state)
    other.deck[:-1] = random.Random(2).sample(other.deck[:-1], len(other.deck) - 1)  # the next card stays
    other.categories = random.Random(3).sample(other.categories, len(other.categories))
    assert other.deck != state(match).deck and other.categories != state(match).categories
    for seat in [0, 1, 2, 3, None]:
        assert_view_hides(GAME, match.state, other, seat)


def test_every_seat_sees_the_same_table() -> None:
    for match in sample_states():
        assert_views_alike(GAME, match.state, 3)


@pytest.mark.parametrize("seats, seed", [(2, 4), (4, 5)])
def test_bot_played_games_keep_the_table_in_order(seats: int, seed: int) -> None:
    """Bots that answer for real: face-offs are won, cards change hands, cascades happen; after
    every move the table is in order and the scores are the win piles'."""
    from duoplay.games.duple.bots import DupleBot

    bots = [DupleBot("hard" if s % 2 else "normal", seed * 10 + s) for s in range(seats)]
    chooser = random.Random(seed)
    match = new_match(seats, seed=seed)
    won = 0
    for _ in range(5000):
        if match.outcome() is not None:
            break
        movers = list(match.to_move())
        chooser.shuffle(movers)
        deadline = match.deadline()
        if deadline is not None and deadline.action == CLOSE and chooser.random() < 0.8:
            movers = []  # the others were slower than the tie window, most of the time
        acted = False
        for seat in movers:
            action = bots[seat].choose(match.view(seat), match.legal_actions(seat), seat)
            if action is not None:
                won += sum(e.kind == "won" for e in match.act(seat, action))
                acted = True
                break
        if not acted:
            deadline = match.deadline()
            assert deadline is not None
            won += sum(e.kind == "won" for e in match.act(deadline.seat, deadline.action))
        no_flip_before_every_match_is_played(match.state)
    outcome = match.outcome()
    assert outcome is not None and won >= 10
    st = state(match)
    assert list(outcome.scores) == [len(w) + 2 * a for w, a in zip(st.won, st.won_all_play, strict=True)]
    assert_replay_equal(match)
