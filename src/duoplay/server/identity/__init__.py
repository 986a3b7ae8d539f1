"""Players without passwords: an id a cookie keeps, its name, and deleting it (docs/server.md,
Identity). `current_player(connection)` says who is asking; `app.state.identity` holds the players."""

from duoplay.server.identity.players import Player, Players
from duoplay.server.identity.service import Identity, current_player

__all__ = ["Identity", "Player", "Players", "current_player"]
