"""At the table: friends sit together, the Portrayer describes aloud and the phones keep the scene
card, the time, the canvas or (with paper) the judging sheet, and the score sheet."""

from __future__ import annotations

import pytest
from tests.games.duplik.tables import GAME, describing, judge_all, judging, new_match, scribble, state

from duoplay.bots.registry import make_bot
from duoplay.core.errors import MalformedAction
from duoplay.core.match import Match
from duoplay.core.testing import assert_refusal_changes_nothing
from duoplay.games.duplik.actions import (
    DONE,
    NEXT,
    PENS_DOWN,
    STOP,
    Describe,
    Draw,
    KeepDrawing,
    Pass,
    Verdict,
)
from duoplay.games.duplik.bots import DuplikBot
from duoplay.games.duplik.judging import GOLDEN_POINTS
from duoplay.games.duplik.options import parse_options

PAPER = {"at_the_table": "paper"}


def test_play_at_the_table_is_off_by_default_with_the_phone_canvas_or_paper() -> None:
    options = parse_options(None)
    assert options.at_the_table == "off" and not options.spoken and not options.paper
    canvas = parse_options({"at_the_table": "canvas"})
    assert canvas.spoken and not canvas.paper
    assert parse_options(PAPER).paper and parse_options(PAPER).spoken
    for bad in ("yes", True, None):
        with pytest.raises(MalformedAction, match="at_the_table must be one of"):
            parse_options({"at_the_table": bad})


def test_at_the_table_the_portrayer_speaks_so_no_text_is_streamed_or_needed() -> None:
    match = describing(3, at_the_table="canvas")
    portrayer = state(match).round.portrayer
    assert GAME.streams(match.state, portrayer) == {}
    artists = state(match).round.artists(3)
    assert all("ink" in GAME.streams(match.state, a) for a in artists)  # the phone is the canvas
    for artist in artists:
        match.act(artist, Draw(scribble()))
        match.act(artist, DONE)
    assert state(match).round.phase == "pass" and state(match).round.description == ""
    match.act(portrayer, Pass("left"))
    judge = state(match).round.judge_of[artists[0]]
    assert {d["artist"] for d in match.view(judge)["drawings"]} >= {artists[0]}  # judged as online


def test_at_the_table_the_portrayers_phone_holds_the_scene_card_and_the_time() -> None:
    match = describing(3, **PAPER)
    portrayer = state(match).round.portrayer
    view = match.view(portrayer)
    assert view["card"] is not None and len(view["card"]["criteria"]) == 10
    assert view["options"]["at_the_table"] == "paper" and match.deadline() is not None
    assert all(match.view(a)["card"] is None for a in state(match).round.artists(3))
    match.act(portrayer, STOP)  # may say when they have said enough
    assert state(match).round.stopped


def test_with_paper_nothing_is_uploaded() -> None:
    match = describing(3, **PAPER)
    artist = state(match).round.artists(3)[0]
    assert GAME.streams(match.state, artist) == {}
    assert_refusal_changes_nothing(match, artist, Draw(scribble()))
    match.act(None, PENS_DOWN)
    assert_refusal_changes_nothing(match, None, KeepDrawing(artist, scribble()))
    assert state(match).round.drawings == {}


def test_with_paper_each_judge_ticks_or_crosses_the_paper_drawing_they_hold() -> None:
    match = judging(3, **PAPER)
    current = state(match).round
    artists = current.artists(3)
    judge = current.judge_of[artists[0]]
    view = match.view(judge)
    assert view["criterion"] == 1 and view["criteria"][0]["text"] and view["drawings"] == []
    assert Verdict(True) in match.legal_actions(judge)
    golden = current.golden
    judge_all(match, True, criteria=golden - 1)
    match.act(current.judge_of[artists[0]], Verdict(True))
    match.act(current.judge_of[artists[1]], Verdict(False))
    judge_all(match, False)
    scores = match.view(None)["round_scores"]
    assert scores[artists[0]] == golden - 1 + GOLDEN_POINTS
    assert scores[artists[1]] == golden - 1
    assert scores[current.portrayer] == golden


def test_with_paper_the_reveal_shows_the_scene_and_the_scores() -> None:
    match = judging(3, **PAPER)
    judge_all(match, True)
    view = match.view(0)
    assert view["phase"] == "reveal" and view["card"]["picture"].startswith("<svg")
    assert view["drawings"] == [] and sum(view["round_scores"]) > 0
    assert view["sheet"]["rounds"] == [view["round_scores"]]


def test_at_the_table_a_bot_portrayer_shows_its_description_as_text() -> None:
    match = describing(3, **PAPER)
    portrayer = state(match).round.portrayer
    action = DuplikBot(1).choose(match.view(portrayer), match.legal_actions(portrayer), portrayer)
    assert isinstance(action, Describe) and action.text
    match.act(portrayer, action)
    artist = state(match).round.artists(3)[0]
    assert match.view(artist)["description"] == action.text


def test_with_paper_a_bot_artist_puts_its_pencil_down_and_asks_about_a_paper_drawing() -> None:
    match = describing(3, **PAPER)
    artist = state(match).round.artists(3)[0]
    bot = DuplikBot(3)
    assert bot.choose(match.view(artist), match.legal_actions(artist), artist) == DONE
    match.act(None, PENS_DOWN)
    match.act(state(match).round.portrayer, Pass("left"))
    judge = state(match).round.judge_of[artist]
    assert bot.choose(match.view(judge), match.legal_actions(judge), judge) == Verdict(None)


def test_bots_play_a_whole_paper_match_at_the_table() -> None:
    bots = [make_bot("duplik", "normal", seed=s) for s in range(3)]
    match = Match.new("duplik", 3, 5, PAPER)
    for _ in range(5000):
        if match.outcome() is not None:
            break
        moved = False
        for seat in match.to_move():
            action = bots[seat].choose(match.view(seat), match.legal_actions(seat), seat)
            if action is not None:
                match.act(seat, action)
                moved = True
                break
        if not moved:
            deadline = match.deadline()
            assert deadline is not None
            match.act(deadline.seat, deadline.action)
    assert match.outcome() is not None and not state(match).round.drawings
    assert not any(entry.action["type"] in ("drawing", "keep_drawing") for entry in match.log)


def test_a_paper_round_ends_with_the_score_sheet_and_the_next_portrayer() -> None:
    match = judging(3, **PAPER)
    portrayer = state(match).round.portrayer
    judge_all(match, True)
    match.act(portrayer, NEXT)
    view = match.view(None)
    assert view["portrayer"] == (portrayer + 1) % 3 and len(view["sheet"]["rounds"]) == 1
    assert new_match(3, **PAPER).view(0)["options"]["at_the_table"] == "paper"
