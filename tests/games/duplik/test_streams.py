"""Live streams: the Portrayer's typing reaches the Artists only; each Artist's ink is kept for
that Artist; when the channel closes the table keeps what it carried as one action."""

from __future__ import annotations

from tests.games.duplik.tables import GAME, describing, state

from duoplay.games.duplik.actions import DONE, PENS_DOWN, STOP, Describe, KeepDrawing, KeepText


def test_the_description_streams_to_the_artists_only_and_is_kept_at_the_end() -> None:
    match = describing(4)
    portrayer = state(match).round.portrayer
    artists = set(state(match).round.artists(4))
    rule = GAME.streams(match.state, portrayer)["text"]
    assert rule.audience == artists
    assert all("text" not in GAME.streams(match.state, a) for a in artists)
    match.act(portrayer, STOP)
    assert GAME.streams(match.state, portrayer) == {}
    kept = GAME.commit_stream(
        match.state, portrayer, "text", [{"text": "A cat"}, {"text": "A cat on a box."}, 7]
    )
    assert kept == KeepText("A cat on a box.")
    match.act(None, kept)
    assert match.view(None)["description"] == "A cat on a box."


def test_ink_is_kept_stroke_by_stroke_with_undo_and_clear_and_closes_at_pens_down() -> None:
    match = describing(3)
    artist = state(match).round.artists(3)[0]
    assert GAME.streams(match.state, artist)["ink"].audience == {artist}
    line = {"points": [[1, 2], [30, 40]]}
    chunks = [
        {"stroke": line},
        {"stroke": {"points": [[5, 5]]}},
        {"undo": True},
        {"stroke": {"points": "bad"}},
        {"clear": True},
        {"stroke": line},
        {"stroke": {"points": [[9, 9], [10, 10]]}},
        "junk",
    ]
    kept = GAME.commit_stream(match.state, artist, "ink", chunks)
    assert isinstance(kept, KeepDrawing) and kept.seat == artist
    assert [s.points for s in kept.drawing.strokes] == [((1, 2), (30, 40)), ((9, 9), (10, 10))]
    match.act(None, PENS_DOWN)
    assert GAME.streams(match.state, artist) == {}
    match.act(None, kept)  # kept right after pens down, before the drawings pass
    assert state(match).round.drawings[artist] == kept.drawing


def test_an_artist_who_is_done_has_no_ink_channel() -> None:
    match = describing(3)
    artist = state(match).round.artists(3)[0]
    match.act(artist, DONE)
    assert GAME.streams(match.state, artist) == {}


def test_only_the_portrayer_gets_back_the_text_typed_so_far_until_an_action_carries_it() -> None:
    match = describing(3)
    portrayer = state(match).round.portrayer
    artist = state(match).round.artists(3)[0]
    typed = {"text": [{"text": "A cat"}, {"text": "A cat on a box."}]}
    assert GAME.stream_view(match.state, portrayer, typed) == {"description": "A cat on a box."}
    assert GAME.stream_view(match.state, artist, typed) == {}
    # Once the stream is full the page goes on by action: that text is the newer one, and the view has it.
    match.act(portrayer, Describe("A cat on a box, and a dog."))
    assert GAME.stream_view(match.state, portrayer, typed) == {}
    match.act(portrayer, STOP)
    assert GAME.stream_view(match.state, portrayer, typed) == {}


def test_a_description_carried_on_by_action_is_not_replaced_by_the_older_stream_at_the_close() -> None:
    match = describing(3)
    portrayer = state(match).round.portrayer
    match.act(portrayer, Describe("A cat on a box, and a dog."))  # after the stream was full
    match.act(portrayer, STOP)
    assert GAME.commit_stream(match.state, portrayer, "text", [{"text": "A cat on a box."}]) is None
    assert match.view(None)["description"] == "A cat on a box, and a dog."
