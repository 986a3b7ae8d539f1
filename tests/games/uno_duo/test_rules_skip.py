"""SKIP (uno-duo.en.txt): the player who plays a Skip goes again."""

from tests.games.uno_duo.helpers import Phase, hand, match_at, position, top


def test_skip_gives_the_player_another_turn() -> None:
    match = match_at(position(("Rskip R3 G4", "Y1 Y2"), discard="R5", draw="B1"))
    match.act(0, "Rskip")
    assert (match.state.phase, match.state.current) == (Phase.TURN, 0)
    match.act(0, "R3")
    assert match.state.current == 1 and top(match) == "R3"


def test_skip_matches_a_skip_of_another_colour() -> None:
    match = match_at(position(("Gskip R3 G4", "Y1 Y2"), discard="Rskip"))
    assert "Gskip" in {a.notation() for a in match.legal_actions(0)}
    match.act(0, "Gskip")
    assert match.state.current == 0 and match.view(0)["colour"] == "green"


def test_skip_then_draw_ends_the_turn_normally() -> None:
    match = match_at(position(("Rskip G4 G5", "Y1 Y2"), discard="R5", draw="B1"))
    match.act(0, "Rskip")
    match.act(0, "draw")
    assert match.state.current == 1 and "B1" in hand(match, 0)


def test_skip_as_the_last_card_ends_the_round() -> None:
    match = match_at(position(("Rskip", "Y1 Y2"), discard="R5"))
    events = match.act(0, "Rskip")
    assert next(e for e in events if e.kind == "round-end").public["winner"] == 0
    assert match.state.scores == [0, 3] and match.state.round == 2
