"""Duplik's live streams: the Portrayer's typing reaches the Artists as it is typed, and each
Artist's strokes are kept by the server as they are drawn (so a reload or a dropped connection
keeps them). At pens down, or when a player finishes early, the table keeps what each stream
carried as one action. At the table (option `at_the_table`) the Portrayer speaks, so no text
stream opens; with drawings on paper no ink stream opens either: nothing is uploaded.

A text chunk is the whole description so far (`{"text": "..."}`); an ink chunk is
`{"stroke": {"points": [[x, y], ...]}}`, `{"undo": true}` or `{"clear": true}`, applied in
order to the drawing the Artist had.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duoplay.core.errors import MalformedAction
from duoplay.core.protocol import JSON, StreamRule
from duoplay.games.duplik.actions import (
    MAX_POINTS,
    MAX_STROKES,
    MAX_TEXT,
    KeepDrawing,
    KeepText,
    parse_strokes,
    strokes_json,
)
from duoplay.games.duplik.state import DESCRIBE, Drawing, DuplikState, Stroke

TEXT, INK = "text", "ink"
# An Artist whose phone lost its network before pens down sends the rest of the drawing once it is
# back: the table takes it this long after pens down, and the bots wait for it (see the server's
# streams). The Portrayer passing the drawings ends it.
LATE_INK_SECONDS = 15.0


def streams(state: DuplikState, seat: int) -> Mapping[str, StreamRule]:
    current = state.round
    if current.phase != DESCRIBE:
        return {}
    options = state.options
    if seat == current.portrayer:
        if current.stopped or options.spoken:
            return {}
        artists = frozenset(current.artists(state.seats))
        return {TEXT: StreamRule(artists, max_bytes=MAX_TEXT * 4 + 64, per_second=10.0)}
    if seat in current.done or not 0 <= seat < state.seats or options.paper:
        return {}
    return {INK: StreamRule(frozenset({seat}), max_bytes=16_384, per_second=30.0,
                            grace_seconds=LATE_INK_SECONDS)}


def commit_stream(state: DuplikState, seat: int, channel: str,
                  chunks: list[Any]) -> KeepText | KeepDrawing | None:
    if channel == TEXT:
        if state.round.description:
            # The page goes on by `describe` actions once the stream is full: the text an action
            # carried is newer than anything the stream did, and the round already has it.
            return None
        texts = [c["text"] for c in chunks if isinstance(c, dict) and isinstance(c.get("text"), str)]
        if not texts:
            return None
        try:
            return KeepText(_text(texts[-1]))
        except MalformedAction:
            return None
    if channel == INK:
        strokes = list(state.round.drawings.get(seat, Drawing()).strokes)
        for chunk in chunks:
            if not isinstance(chunk, dict):
                continue
            if chunk.get("clear") is True:
                strokes = []
            elif chunk.get("undo") is True:
                strokes = strokes[:-1]
            elif "stroke" in chunk:
                try:
                    strokes += parse_strokes([chunk["stroke"]])
                except MalformedAction:
                    continue  # a bad stroke was the sender's loss; the rest is kept
        return KeepDrawing(seat, Drawing(_within_limits(strokes)))
    return None


def stream_view(state: DuplikState, seat: int, kept: Mapping[str, list[Any]]) -> JSON:
    """What a seat's own live stream, as the server keeps it, adds to that seat's view, so that a page
    joining the seat from another device carries on from it and what the table keeps is what that
    page shows. An Artist gets their strokes (`own_strokes`); the Portrayer gets the description
    typed so far as the view's `description` (which otherwise holds only what the table has kept),
    so the typing box opens with it. Only the seat's own view is ever given them: the Artists read
    the text as it streams, and everyone sees the drawings at the reveal."""
    open_streams = streams(state, seat)
    if TEXT in open_streams:
        return _own_text(state, kept.get(TEXT))
    chunks = kept.get(INK)
    if not chunks or INK not in open_streams:
        return {}
    drawing = commit_stream(state, seat, INK, chunks)
    assert isinstance(drawing, KeepDrawing)
    return {"own_strokes": strokes_json(drawing.drawing)}


def _own_text(state: DuplikState, chunks: list[Any] | None) -> JSON:
    # What the table would keep of the stream now (nothing once an action carried a newer text,
    # which the view already has).
    typed = commit_stream(state, state.round.portrayer, TEXT, chunks) if chunks else None
    return {"description": typed.text} if isinstance(typed, KeepText) else {}


def _text(text: str) -> str:
    from duoplay.games.duplik.actions import parse_action

    action = parse_action({"type": "keep_text", "text": text[:MAX_TEXT]})
    assert isinstance(action, KeepText)
    return action.text


def _within_limits(strokes: list[Stroke]) -> tuple[Stroke, ...]:
    kept: list[Stroke] = []
    total = 0
    for stroke in strokes[:MAX_STROKES]:
        total += len(stroke.points)
        if total > MAX_POINTS:
            break
        kept.append(stroke)
    return tuple(kept)
