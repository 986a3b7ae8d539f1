"""Finding players: a queue per game and deck language that seats people together at a new private
table as soon as the game's minimum is there (docs/server.md, "Finding players (the queue)").

`grouping.py` decides who sits together (pure), `store.py` and `shared.py` keep the queue (in this
process, or in the cluster's Redis), `service.py` runs it and seats the groups, `api.py` is the HTTP
face."""

from duoplay.server.matchmaking.api import routes
from duoplay.server.matchmaking.service import Matchmaker, open_matchmaker

__all__ = ["Matchmaker", "open_matchmaker", "routes"]
