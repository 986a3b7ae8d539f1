"""What the ISMCTS bot remembers between its views, and how its imagined deals respect it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tests.games.uno_duo.helpers import Phase, cards, check_all_cards, match_at, position

from duoplay.core.match import Match
from duoplay.core.protocol import JSON
from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo.actions import Action
from duoplay.games.uno_duo.bots import HeuristicBot, UnoIsmcts, explains
from duoplay.games.uno_duo.cards import CODE_TO_FACE, COLOUR_INDEX, COLOUR_OF
from duoplay.games.uno_duo.determinize import sample_state
from duoplay.games.uno_duo.reading import DRAFT_DISCARDS, KEPT_ON_SIGHT, Lacking, Memory, OpponentReader
from duoplay.games.uno_duo.state import UnoDuoState


def play(code: str, colour: str, uno: bool = False) -> Action:
    return act.play(CODE_TO_FACE[code], COLOUR_INDEX[colour], uno)


def our_move(match: Match, reader: OpponentReader, action: Action) -> None:
    """Seat 0 looks at the table, decides `action` and plays it, as the ISMCTS bot does."""
    view = match.view(0)
    reader.observe(view, 0)
    reader.record(view, 0, action)
    match.act(0, action)


def learned(match: Match, reader: OpponentReader) -> list[Lacking]:
    assert match.to_move() == (0,)
    reader.observe(match.view(0), 0)
    return reader.lacking


def samples(match: Match, reader: OpponentReader, n: int = 60) -> list[UnoDuoState]:
    rng = random.Random(5)
    return [sample_state(match.view(0), 0, rng, reader.memory) for _ in range(n)]


def test_an_opponent_who_draws_instead_of_playing_is_dealt_no_fitting_card() -> None:
    # We play R7; the opponent (G1 G2 G3) has nothing red, no 7 and no wild, so it draws Y9,
    # which does not fit either, and the turn comes back to us.
    match = match_at(position(("R7 B2 B3", "G1 G2 G3"), discard="R5", draw="Y9"))
    reader = OpponentReader()
    our_move(match, reader, play("R7", "red"))
    match.act(1, act.DRAW)
    [lacking] = learned(match, reader)
    assert (lacking.colour, lacking.rank, lacking.wild, lacking.cards) == (0, 7, True, 4)
    for sample in samples(match, reader):
        assert len(sample.hands[1]) == 4 and not any(lacking.fits(card) for card in sample.hands[1])
        assert sorted(sample.hands[0]) == sorted(cards("B2 B3"))
        check_all_cards(sample)
    # Without the memory, random deals often give it a red card, a 7 or a wild.
    rng = random.Random(5)
    plain = [sample_state(match.view(0), 0, rng).hands[1] for _ in range(60)]
    assert sum(any(lacking.fits(card) for card in hand) for hand in plain) > 30


def test_an_opponent_who_played_teaches_nothing() -> None:
    match = match_at(position(("R7 B2 B3", "R1 G2 G3"), discard="R5", draw="Y9"))
    reader = OpponentReader()
    our_move(match, reader, play("R7", "red"))
    match.act(1, play("R1", "red"))
    assert learned(match, reader) == []


def test_a_drawn_card_played_at_once_shows_the_rest_of_the_hand_did_not_fit() -> None:
    match = match_at(position(("R7 B2 B3", "G1 G2 G3"), discard="R5", draw="R9"))
    reader = OpponentReader()
    our_move(match, reader, play("R7", "red"))
    match.act(1, act.DRAW)
    assert match.state.phase == Phase.DRAWN
    match.act(1, play("R9", "red"))
    [lacking] = learned(match, reader)
    assert (lacking.colour, lacking.rank, lacking.cards) == (COLOUR_INDEX["red"], 7, 3)
    for sample in samples(match, reader):
        assert not any(lacking.fits(card) for card in sample.hands[1])


def test_drawing_a_volley_shows_there_was_no_draw_two() -> None:
    match = match_at(position(("R+2 B2 B3", "G1 G2 G3"), discard="R5"))
    reader = OpponentReader()
    our_move(match, reader, play("R+2", "red"))
    match.act(1, act.DRAW)
    [lacking] = learned(match, reader)
    assert (lacking.rank, lacking.wild, lacking.cards) == (CODE_TO_FACE["R+2"] % 13, False, 3)
    draw_twos = set(cards("R+2 G+2 B+2 Y+2"))
    for sample in samples(match, reader):
        old, new = sample.hands[1][:3], sample.hands[1][3:]
        assert len(new) == 2 and not draw_twos.intersection(old)
    # The two cards drawn since may be anything: over many deals some hold a Draw 2.
    assert any(draw_twos.intersection(s.hands[1]) for s in samples(match, reader, 300))


def test_a_wild_played_from_the_hand_shows_no_coloured_card_fitted() -> None:
    match = match_at(position(("R7 B2 B3", "G1 G2 wild"), discard="R5"))
    reader = OpponentReader()
    our_move(match, reader, play("R7", "red"))
    match.act(1, play("wild", "green"))
    [lacking] = learned(match, reader)
    assert (lacking.colour, lacking.rank, lacking.wild, lacking.cards) == (0, 7, False, 2)
    assert lacking.fits(CODE_TO_FACE["R3"]) and lacking.fits(CODE_TO_FACE["Y7"])
    assert not lacking.fits(CODE_TO_FACE["wild"])


def test_what_was_learned_fades_as_the_opponent_plays_and_is_dropped_by_a_shuffle() -> None:
    reader = OpponentReader()
    match = match_at(position(("R7 R2 wild-shuffle B3", "G1 G2 G3"), discard="R5", draw="Y9 R8"))
    our_move(match, reader, play("R7", "red"))
    match.act(1, act.DRAW)  # Y9: no red, no 7, no wild among its 4 cards
    assert [rule.cards for rule in learned(match, reader)] == [4]
    our_move(match, reader, play("R2", "red"))
    match.act(1, act.DRAW)  # R8, played at once: its 4 other cards have no red and no 2
    match.act(1, play("R8", "red"))
    # The card played may have been one of the four it held before: 3 of them are still known.
    assert sorted(rule.cards for rule in learned(match, reader)) == [3, 4]
    our_move(match, reader, play("wild-shuffle", "blue"))  # the hands are pooled and dealt again
    assert reader.lacking == []


def play_out_draft(seed: int) -> tuple[Match, OpponentReader]:
    """A real round whose seat 0 is read through its draft by a reader, as the bot does."""
    match = Match.new("uno-duo", 2, seed)
    reader = OpponentReader()
    heuristic = HeuristicBot(seed)
    while True:
        seat = match.to_move()[0]
        view = match.view(seat)
        if seat == 0:
            reader.observe(view, 0)
            if view["phase"] != Phase.DRAFT:
                return match, reader
        action = heuristic.choose(view, match.legal_actions(seat), seat)
        if seat == 0:
            reader.record(view, 0, action)
        match.act(seat, action)


def test_the_draft_discards_are_remembered_under_the_draw_pile() -> None:
    for seed in range(6):
        match, reader = play_out_draft(seed)
        bottom = reader.memory.pile_bottom
        assert 12 <= len(bottom) <= DRAFT_DISCARDS
        truth = match.state.draw_pile[:DRAFT_DISCARDS]  # bottom first
        seen = DRAFT_DISCARDS - len(bottom)
        assert truth[seen:] == bottom[::-1]
        for sample in samples(match, reader, 20):
            assert sample.draw_pile[seen:DRAFT_DISCARDS] == bottom[::-1]
            check_all_cards(sample)  # so the opponent holds none of them


def test_the_bot_reads_while_it_plays() -> None:
    bot = UnoIsmcts(seed=2, time_ms=None, iterations=3)
    match = Match.new("uno-duo", 2, 11)
    heuristic = HeuristicBot(11)
    bottoms: list[Any] = []
    while match.outcome() is None and len(match.state.history) == 0:
        seat = match.to_move()[0]
        view = match.view(seat)
        player = bot if seat == 0 else heuristic
        match.act(seat, player.choose(view, match.legal_actions(seat), seat))
        assert bot.reader is not None
        bottoms.append(list(bot.reader.memory.pile_bottom))
    assert any(len(bottom) >= 12 for bottom in bottoms)


def test_cards_the_opponent_kept_on_sight_are_dealt_as_wilds_and_actions_more_often() -> None:
    match, reader = play_out_draft(3)
    opponent = 1
    assert reader.memory.chosen >= 1
    truth = sum(1 for card in match.state.hands[opponent] if KEPT_ON_SIGHT[card] == 1.0)
    assert truth >= reader.memory.chosen  # it kept wilds and actions on sight, and still has them
    rng = random.Random(9)
    view = match.view(0)

    def strong(memory: Memory | None) -> float:
        hands = [sample_state(view, 0, rng, memory).hands[opponent] for _ in range(300)]
        return sum(KEPT_ON_SIGHT[card] == 1.0 for hand in hands for card in hand) / 300

    assert strong(reader.memory) > strong(None) + 0.5 * reader.memory.chosen


def test_the_colour_an_opponent_names_with_a_wild_is_one_it_holds() -> None:
    # It plays a wild on our R7 and names blue, the colour it holds most.
    match = match_at(position(("R7 B2 Y3 Y4", "G1 B8 B9 wild"), discard="R5", draw="G2"))
    reader = OpponentReader()
    our_move(match, reader, play("R7", "red"))
    match.act(1, play("wild", "blue"))
    learned(match, reader)
    assert reader.memory.holding == {COLOUR_INDEX["blue"]}
    blue = {card for card in range(52) if COLOUR_OF[card] == COLOUR_INDEX["blue"]}
    assert all(blue.intersection(s.hands[1]) for s in samples(match, reader))
    # Once it has played a blue card, that may have been its only one.
    our_move(match, reader, play("B2", "blue"))
    match.act(1, play("B9", "blue"))
    learned(match, reader)
    assert reader.memory.holding == set()


def test_an_opponent_who_dumped_after_a_reverse_has_none_of_that_colour_left() -> None:
    match = match_at(position(("R7 B2 Y3", "Rrev R2 R3 G1 G5"), discard="R5"))
    reader = OpponentReader()
    our_move(match, reader, play("R7", "red"))
    match.act(1, play("Rrev", "red"))
    match.act(1, act.DUMP)
    match.act(1, play("R2", "red"))
    match.act(1, play("R3", "red"))
    [lacking] = learned(match, reader)
    assert (lacking.colour, lacking.rank, lacking.wild, lacking.cards) == (COLOUR_INDEX["red"], -1, False, 2)
    for sample in samples(match, reader):
        assert len(sample.hands[1]) == 2
        assert not any(COLOUR_OF[card] == COLOUR_INDEX["red"] for card in sample.hands[1])


def read_heuristic_rounds(seeds: range) -> Iterator[tuple[Match, JSON, OpponentReader]]:
    """Rounds between two heuristics; at each decision of seat 0, after its reader has looked:
    the match (the real hands, for checking), seat 0's view and its reader."""
    for seed in seeds:
        match = Match.new("uno-duo", 2, seed, {"target_score": 1000})
        bots = [HeuristicBot(seed), HeuristicBot(seed + 1)]
        reader = OpponentReader()
        while not match.state.history:
            seat = match.to_move()[0]
            view = match.view(seat)
            if seat == 0:
                reader.observe(view, 0)
                yield match, view, reader
            action = bots[seat].choose(view, match.legal_actions(seat), seat)
            if seat == 0:
                reader.record(view, 0, action)
            match.act(seat, action)


def test_what_the_reader_learns_of_a_heuristic_opponent_is_true_of_its_real_hand() -> None:
    # The reader assumes a sensible opponent; the heuristic is one. Over real rounds, every rule
    # it derives holds for the opponent's actual cards, and the cards it deals as kept on sight
    # match how many wilds and actions the opponent really holds.
    checked = 0
    strong_true = strong_read = strong_plain = 0
    rng = random.Random(1)
    for match, view, reader in read_heuristic_rounds(range(150)):
        hand = match.state.hands[1]  # oldest card first, as the reader counts them
        for rule in reader.lacking:
            assert not any(rule.fits(card) for card in hand[:rule.cards]), (rule, hand)
            checked += 1
        for colour in reader.memory.holding:
            assert any(COLOUR_OF[card] in (colour, -1) for card in hand), (colour, hand)
        if view["phase"] != Phase.DRAFT and reader.memory.chosen:
            strong_true += sum(KEPT_ON_SIGHT[card] == 1.0 for card in hand)
            read = sample_state(view, 0, rng, reader.memory).hands[1]
            plain = sample_state(view, 0, rng).hands[1]
            strong_read += sum(KEPT_ON_SIGHT[card] == 1.0 for card in read)
            strong_plain += sum(KEPT_ON_SIGHT[card] == 1.0 for card in plain)
    assert checked > 2000
    assert abs(strong_read - strong_true) < 0.15 * strong_true < strong_true - strong_plain


def test_the_search_deals_hands_that_explain_the_opponents_last_play() -> None:
    # It plays a wild on our R7 and names blue: a sensible player names the colour it holds most,
    # and plays a wild only when no coloured card fits.
    match = match_at(position(("R7 B2 Y3 Y4", "G1 B8 B9 Y2 wild"), discard="R5"))
    bot = UnoIsmcts(seed=3, time_ms=None, iterations=2, explain_last_play=True)
    assert bot.reader is not None
    our_move(match, bot.reader, play("R7", "red"))
    match.act(1, play("wild", "blue"))
    learned(match, bot.reader)
    last = bot.reader.memory.last_turn
    assert last is not None and last.face == CODE_TO_FACE["wild"] and last.named == COLOUR_INDEX["blue"]
    assert explains(last, match.state, 1, random.Random(1))  # the real hand explains it
    rng = random.Random(4)
    view = match.view(0)

    def blue_most(hand: list[int]) -> bool:
        counts = [sum(COLOUR_OF[card] == colour for card in hand) for colour in range(4)]
        return counts[COLOUR_INDEX["blue"]] == max(counts) > 0

    searched = [bot.search.game.sample_state(view, 0, rng).hands[1] for _ in range(60)]
    assert sum(map(blue_most, searched)) >= 55
    # Without the check, the deals only hold some blue card.
    plain = [sample_state(view, 0, rng, bot.reader.memory).hands[1] for _ in range(60)]
    assert sum(map(blue_most, plain)) < 45  # about half


def test_a_heuristic_opponents_real_hand_explains_its_last_play() -> None:
    explained = turns = 0
    rng = random.Random(2)
    for match, _, reader in read_heuristic_rounds(range(60)):
        if reader.memory.last_turn is not None:
            turns += 1
            explained += explains(reader.memory.last_turn, match.state, 1, rng)
    assert turns > 150 and explained >= 0.95 * turns
