"""Duple whose only bot level never has a move ready, served through DUOPLAY_GAMES in the server
tests: every decision it returns is None ("nothing yet"), so only the table's clock (the flip
timer, a face-off getting stuck and timing out) moves its seat's turns along."""

from __future__ import annotations

from duoplay.core.protocol import BotLevel
from duoplay.games.duple.game import Duple


class QuietDuple(Duple):
    id = "duple-quiet"
    name = "Duple with a quiet bot"
    bot_levels = (BotLevel("quiet", "Quiet"),)  # type: ignore[assignment]
    standin_level = "quiet"


GAME = QuietDuple()
