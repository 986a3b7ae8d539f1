"""UNO Duo's terminal rendering: what a player reads, from real game positions."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

from duoplay.core.match import Match
from duoplay.core.protocol import JSON
from duoplay.core.terminal import Choice, Style, strip_ansi
from duoplay.games.uno_duo import text
from duoplay.games.uno_duo.actions import Play
from duoplay.games.uno_duo.cards import CODE_TO_FACE, COLOUR_OF, COLOURS, WILD, code
from duoplay.games.uno_duo.state import RoundResult

PLAIN = Style(color=False)
COLOURED = Style(color=True)
ASCII = Style(color=False, unicode=False)
SHAPES = {"red": "♥", "yellow": "★", "green": "♣", "blue": "♦"}

Step = tuple[Match, int, Any, list[JSON], list[JSON]]


def steps(seed: int, target_score: int = 30) -> Iterator[Step]:
    """A random game, step by step: (match after the action, actor, action,
    the action's events as seat 0 sees them, and as seat 1 sees them)."""
    chooser = random.Random(seed)
    match = Match.new("uno-duo", 2, seed, {"target_score": target_score})
    while match.outcome() is None:
        seat = match.to_move()[0]
        action = chooser.choice(list(match.legal_actions(seat)))
        events = match.act(seat, action)
        yield (match, seat, action, [e.visible_to(0) for e in events], [e.visible_to(1) for e in events])


def first(found: Callable[[Step], bool], seeds: int = 200) -> Step:
    for seed in range(seeds):
        for step in steps(seed):
            if found(step):
                return step
    raise AssertionError("no such position in the games searched")


def leaves(choices: tuple[Choice, ...] | list[Choice]) -> list[Any]:
    """Every action the menu can end in, following the follow-up questions."""
    found: list[Any] = []
    for choice in choices:
        if choice.then is not None:
            found += leaves(choice.then.choices)
        else:
            found.append(choice.action)
    return found


def screen(match: Match, seat: int, style: Style = PLAIN) -> tuple[str, list[Choice]]:
    view = match.view(seat)
    choices = text.menu(view, match.legal_actions(seat), style)
    return text.render_view(view, choices, style), choices


# --- cards and colours ---------------------------------------------------------------------


def test_each_colour_has_its_own_shape_beside_its_notation() -> None:
    assert [text.card(f"{letter}5", PLAIN) for letter in "RYGB"] == ["♥R5", "★Y5", "♣G5", "♦B5"]
    assert len(set(text.SYMBOLS)) == 4 and len(set(text.ASCII_SYMBOLS)) == 4
    legend = text.legend(PLAIN)
    for name, shape in SHAPES.items():
        assert f"{name} {shape}" in legend


def test_colours_are_decoration_only() -> None:
    for card_code in ("R5", "G+2", "Brev", "Yskip", "wild+4"):
        coloured = text.card(card_code, COLOURED)
        assert "\x1b[" in coloured
        assert strip_ansi(coloured) == text.card(card_code, PLAIN)
    assert "\x1b[" not in text.card("R5", PLAIN)


def test_terminals_without_unicode_get_distinct_ascii_shapes() -> None:
    shown = [text.card(f"{letter}5", ASCII) for letter in "RYGB"]
    assert all(s.isascii() for s in shown)
    assert len({s[0] for s in shown}) == 4
    assert text.intro(ASCII).isascii()


# --- the table ------------------------------------------------------------------------------


def test_the_opponent_hand_shows_only_as_a_count() -> None:
    match, *_ = first(lambda s: s[0].to_move() == (0,) and s[0].state.phase == "turn"
                      and len(s[0].state.hands[1]) >= 3)
    shown, _ = screen(match, 0)
    hidden = match.state.hands[1]
    assert f"Bot: {len(hidden)} cards" in shown
    # Give the opponent other cards of the same number: seat 0's screen must not change.
    other = match.game.copy_state(match.state)
    picked = [i for i, c in enumerate(other.draw_pile) if c not in hidden][: len(hidden)]
    other.hands[1] = [other.draw_pile[i] for i in picked]
    other.draw_pile = [c for i, c in enumerate(other.draw_pile) if i not in picked] + list(hidden)
    assert sorted(other.hands[1]) != sorted(hidden) and len(other.draw_pile) == len(match.state.draw_pile)
    again = Match(match.game, match.header, other)
    assert screen(again, 0)[0] == shown


def test_the_table_shows_top_card_colour_piles_score_and_turn() -> None:
    match, *_ = first(lambda s: s[0].to_move() == (0,) and s[0].state.phase == "volley"
                      and s[0].state.round > 1)
    view = match.view(0)
    shown, _ = screen(match, 0)
    top = view["top"]
    colour = view["colour"]
    assert f"Top card: {SHAPES[COLOURS[COLOUR_OF[CODE_TO_FACE[top]]]]}{top}" in shown
    assert f"Colour to match: {colour} {SHAPES[colour]}" in shown
    assert f"Volley: {view['volley']}" in shown
    assert f"draw {view['volley']} cards" in shown
    assert f"Draw pile: {view['draw_pile']}" in shown
    you, bot = view["scores"]
    assert f"Score (first to 30 loses): you {you} · bot {bot}" in shown
    assert f"Round {view['round']}" in shown
    assert "Your turn" in shown
    assert "Bot's turn" in screen(match, 1)[0]


def test_playable_cards_carry_their_move_number() -> None:
    match, *_ = first(lambda s: s[0].to_move() == (0,) and s[0].state.phase == "turn"
                      and len(s[0].state.hands[0]) >= 5
                      and any(isinstance(a, Play) for a in s[0].legal_actions(0)))
    shown, choices = screen(match, 0)
    hand_line = next(line for line in shown.splitlines() if line.startswith("Your hand"))
    assert hand_line.startswith(f"Your hand ({len(match.state.hands[0])}): ")
    marked: dict[str, int] = {}
    for token in hand_line.split(": ", 1)[1].split():
        number, shown_card = re.fullmatch(r"(?:\[(\d+)\])?(.+)", token).groups()  # type: ignore[union-attr]
        if number:
            marked[shown_card.lstrip("".join(text.SYMBOLS))] = int(number)
    plays = {action.face for action in match.legal_actions(0) if isinstance(action, Play)}
    assert plays and {CODE_TO_FACE[c] for c in marked} == plays
    for card_code, number in marked.items():
        assert choices[number - 1].keys[0] == card_code.lower()


# --- moves ----------------------------------------------------------------------------------


def test_the_menu_reaches_every_legal_action_and_nothing_else() -> None:
    checked = 0
    for step in steps(seed=4, target_score=60):
        match = step[0]
        for seat in (0, 1):
            legal = list(match.legal_actions(seat))
            reachable = leaves(text.menu(match.view(seat), legal, PLAIN))
            assert sorted(map(repr, reachable)) == sorted(map(repr, legal))
            checked += bool(legal)
    assert checked > 100


def test_a_wild_asks_its_colour_and_a_last_but_one_card_asks_about_uno() -> None:
    match, *_ = first(lambda s: s[0].to_move() == (0,) and s[0].state.phase == "turn"
                      and len(s[0].state.hands[0]) == 2 and WILD in s[0].state.hands[0])
    choices = text.menu(match.view(0), match.legal_actions(0), PLAIN)
    wild = [c for c in choices if c.keys == ("wild",)]
    assert len(wild) == 1 and wild[0].then is not None
    colours = wild[0].then.choices
    assert [c.keys[0] for c in colours] == list(COLOURS)
    for colour_index, colour_choice in enumerate(colours):
        uno = colour_choice.then
        assert uno is not None and "Say UNO" in uno.prompt
        said, silent = (c.action for c in uno.choices)
        assert said == Play(WILD, colour_index, True)
        assert silent == Play(WILD, colour_index, False)


def test_catch_is_offered_when_the_opponent_forgot_uno() -> None:
    match, *_ = first(lambda s: s[0].state.uno_exposed == 1 and len(s[0].state.hands[1]) == 1)
    choices = text.menu(match.view(0), match.legal_actions(0), PLAIN)
    catch = [c for c in choices if "catch" in c.keys]
    assert len(catch) == 1 and "did not say UNO" in catch[0].label


# --- events ---------------------------------------------------------------------------------


def test_a_draw_two_names_the_volley_total() -> None:
    _, actor, action, seen0, _ = first(lambda s: s[1] == 1 and any(e["kind"] == "volley" for e in s[3])
                                        and s[0].state.phase == "volley")
    lines = text.render_events(seen0, 0, actor, action.to_json(), PLAIN)
    volley = next(e for e in seen0 if e["kind"] == "volley")["total"]
    assert lines[0] == f"Bot played {text.card(code(action.face), PLAIN)} — volley is now {volley}"


def test_drawn_cards_show_to_the_drawer_and_only_a_count_to_the_other() -> None:
    _, actor, action, seen0, seen1 = first(
        lambda s: any(e["kind"] == "draw" and e["count"] >= 2 and e["seat"] == 0 for e in s[3]))
    mine = text.render_events(seen0, 0, actor, action.to_json(), PLAIN)
    theirs = text.render_events(seen1, 1, actor, action.to_json(), PLAIN)
    drawn = next(e for e in seen0 if e["kind"] == "draw")
    listed = ", ".join(text.card(c, PLAIN) for c in drawn["cards"])
    assert f"You drew {listed}." in mine
    assert f"Bot drew {drawn['count']} cards." in theirs
    assert not any(text.card(c, PLAIN) in line for c in drawn["cards"] for line in theirs
                   if line.startswith("Bot drew"))


def test_a_round_end_says_who_went_out_what_scored_and_the_totals() -> None:
    _, actor, action, seen0, _ = first(lambda s: any(e["kind"] == "round-end" and e["winner"] == 1
                                                     for e in s[3]))
    end = next(e for e in seen0 if e["kind"] == "round-end")
    lines = "\n".join(text.render_events(seen0, 0, actor, action.to_json(), PLAIN))
    you, bot = end["scores"]
    assert (f"Round {end['round']} ends: bot went out; you score {end['points']}; "
            f"totals: you {you}, bot {bot}.") in lines
    mine = sorted(end["hands"][0], key=CODE_TO_FACE.__getitem__)
    assert "Your hand was: " + " ".join(text.card(c, PLAIN) for c in mine) in lines


def test_the_final_result_names_the_winner_from_each_seat() -> None:
    *_, last = steps(seed=2)
    outcome = last[0].outcome()
    assert outcome is not None
    winner = outcome.winners[0]
    assert text.render_outcome(outcome, winner, PLAIN).startswith("You win!")
    assert text.render_outcome(outcome, 1 - winner, PLAIN).startswith("Bot wins.")
    assert f"Final score: you {outcome.scores[winner]}, bot {outcome.scores[1 - winner]}." in \
        text.render_outcome(outcome, winner, PLAIN)


def test_a_blocked_round_says_nobody_could_move() -> None:
    # Blocked rounds need an exhausted deck, rare in random play; this is the event the rules emit.
    result = RoundResult(3, 1, 12, ((CODE_TO_FACE["R5"], CODE_TO_FACE["Bskip"]), (CODE_TO_FACE["G2"],)),
                         blocked=True).to_json(code)
    event = {"kind": "round-end", **result, "scores": [40, 7]}
    line = text.render_events([event], 0, 0, {"type": "pass"}, PLAIN)[0]
    assert line.startswith("Round 3 ends: nobody could move and bot holds the lower hand; you score 12; "
                           "totals: you 40, bot 7.")
    assert "Your hand was: ♥R5 ♦Bskip" in line
    even = {**event, "winner": -1, "points": 0}
    assert "blocked with equal hands, nobody scores" in text.render_events([even], 0, 0, None, PLAIN)[0]
