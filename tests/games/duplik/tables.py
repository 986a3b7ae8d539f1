"""Matches at chosen moments, for Duplik's tests."""

from __future__ import annotations

from typing import Any

from duoplay.core.match import Match
from duoplay.games.duplik.actions import ACCEPT, DRAW_SCENE, PENS_DOWN, ROLL, START, Draw, Pass, Verdict
from duoplay.games.duplik.game import GAME
from duoplay.games.duplik.state import Drawing, DuplikState, Stroke

__all__ = ["GAME", "describing", "judge_all", "judging", "new_match", "scribble", "state"]


def new_match(seats: int = 3, seed: int = 1, **options: Any) -> Match:
    return Match.new("duplik", seats, seed, options or None)


def state(match: Match) -> DuplikState:
    found: DuplikState = match.state
    return found


def describing(seats: int = 3, seed: int = 1, **options: Any) -> Match:
    match = new_match(seats, seed, **options)
    portrayer = state(match).round.portrayer
    for action in (DRAW_SCENE, ROLL, START):
        match.act(portrayer, action)
    return match


def judging(seats: int = 3, seed: int = 1, direction: str = "left", drawn: bool = False,
            **options: Any) -> Match:
    """Judging begins; `drawn`: every Artist has drawn a scribble (else the drawings are blank)."""
    match = describing(seats, seed, **options)
    if drawn:
        for artist in state(match).round.artists(seats):
            match.act(artist, Draw(scribble()))
    match.act(None, PENS_DOWN)
    match.act(state(match).round.portrayer, Pass(direction))
    return match


def judge_all(match: Match, holds: bool = True, criteria: int = 10) -> None:
    """Every Judge gives `holds` and every Artist accepts, for the next `criteria` criteria."""
    start = state(match).round.criterion
    while state(match).round.phase == "judge" and state(match).round.criterion < start + criteria:
        seat = match.to_move()[0]
        match.act(seat, Verdict(holds) if Verdict(holds) in match.legal_actions(seat) else ACCEPT)


def scribble() -> Drawing:
    return Drawing((Stroke(((10, 10), (200, 200), (300, 100))),))
