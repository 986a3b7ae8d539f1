"""A room's part in ratings: which player holds each seat, whether each person played their own
moves, and, when the match ends, the rows its end writes (docs/server.md, Ratings).

A match is rated when it finished and
- every seat is a person's (no bot seat), each with a player, and no player holds two seats;
- every person made at least one move of their own: a seat a stand-in bot played throughout
  (its person never came, or left before moving) makes the match unrated, as does a match
  abandoned before everyone moved;
- the game ranks the outcome (`core/ranking.py`).
A person who left (their seat ended with a stand-in playing for them) ranks last, whatever the
stand-in scored: leaving a rated match loses it.

The rows (new ratings, and a `played` row per seat a player held, rated or not) commit in the same
transaction as the match's outcome: `finishing` holds `Storage.players_lock` from reading the old
ratings to that commit, so two matches ending at once never rate from the same old rating.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Any, cast

from sqlalchemy import Table, insert, update

from duoplay.core.match import Match
from duoplay.core.protocol import Outcome
from duoplay.core.ranking import ranks_from_results, rating_ranks
from duoplay.server.identity.players import Players
from duoplay.server.identity.tables import PlayedModel, RatingModel
from duoplay.server.lobby import HUMAN, Lobby
from duoplay.server.ratings.model import Rating, rate
from duoplay.server.ratings.read import ratings_in
from duoplay.server.storage import Storage
from duoplay.server.storage.store import Statement

log = logging.getLogger(__name__)

_ratings = cast(Table, RatingModel.__table__)
_played = cast(Table, PlayedModel.__table__)


def ranks_with_leavers(ranks: tuple[int, ...], left: set[int]) -> tuple[int, ...]:
    """Seats in `left` rank after every other, tied among themselves; the rest keep their order."""
    keys = [(True, 0) if seat in left else (False, rank) for seat, rank in enumerate(ranks)]
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)


class Standings:
    def __init__(self, storage: Storage, game: Any, lobby: Lobby, match: Match | None = None) -> None:
        self.storage = storage
        self.game = game
        self.lobby = lobby
        # A room loaded again does not know who moved before: a seat with moves in the log is
        # taken to have been played by its person.
        self.acted: set[int] = set() if match is None else {
            entry.seat for entry in match.log if isinstance(entry.seat, int)}

    def new_match(self) -> None:
        self.acted = set()

    def person_acted(self, seat: int) -> None:
        self.acted.add(seat)

    async def seated(self, seat: int, player_id: str | None, name: str) -> None:
        """A person sat at `seat`: it remembers their player and shows their rating in this game.
        The name they sit with becomes their profile's name, as others see it at the table."""
        info = self.lobby.seats[seat]
        info.player, info.rating = player_id, None
        if player_id is None:
            return
        try:
            players = Players(self.storage)
            player = await players.get(player_id)
            if player is None:  # deleted since the hello: the seat is a guest's
                info.player = None
                return
            rating = (await ratings_in(self.storage, self.game.id, {player_id})).get(player_id)
            info.rating = None if rating is None else rating.shown()
            if player.name != name:
                await players.rename(player_id, name)
        except Exception:  # the seat is taken all the same; the rating shows after the next match
            log.exception("could not read the player of a seat")

    def _ranks(self, outcome: Outcome, left: set[int]) -> tuple[tuple[int, ...], bool]:
        ranks = rating_ranks(self.game, outcome)
        rankable = ranks is not None
        return ranks_with_leavers(ranks or ranks_from_results(outcome.results), left), rankable

    @contextlib.asynccontextmanager
    async def finishing(self, match_id: str, outcome: Outcome | None) -> AsyncIterator[tuple[Statement, ...]]:
        """Around storing a match's last action: gives the statements to commit with its outcome
        (none while the match goes on); once they are committed, the seats show the new ratings."""
        if outcome is None:
            yield ()
            return
        seats = self.lobby.seats
        async with self.storage.players_lock:
            held = {index: seat.player for index, seat in enumerate(seats)
                    if seat.kind == HUMAN and seat.player is not None}
            existing = await Players(self.storage).existing(set(held.values()))
            held = {index: player for index, player in held.items() if player in existing}
            left = {index for index, seat in enumerate(seats) if seat.kind == HUMAN and seat.away}
            ranks, rankable = self._ranks(outcome, left)
            rated = (rankable and len(held) == len(seats) and len(set(held.values())) == len(seats)
                     and all(index in self.acted for index in range(len(seats))))
            before = await ratings_in(self.storage, self.game.id, set(held.values()))
            after: dict[int, Rating] = {}
            if rated:
                order = sorted(held)
                new = rate([before.get(held[index], Rating()) for index in order], [ranks[i] for i in order])
                after = dict(zip(order, new, strict=True))
            now = time.time()
            statements: list[Statement] = []
            for index, player in sorted(held.items()):
                old = before.get(player)
                if index in after:
                    statements.append(self._rating_statement(player, old, after[index], now))
                changed = after.get(index)
                statements.append((insert(_played), {
                    "match_id": match_id, "seat": index, "player_id": player, "game": self.game.id,
                    "result": 0.0 if index in left else float(outcome.results[index]),
                    "rank": ranks[index], "rated": changed is not None, "left": index in left,
                    "mu": None if changed is None else changed.mu,
                    "sigma": None if changed is None else changed.sigma,
                    "before_mu": None if changed is None else (old or Rating()).mu,
                    "before_sigma": None if changed is None else (old or Rating()).sigma,
                    "finished_at": now,
                }))
            yield tuple(statements)
        for index, rating in after.items():
            if seats[index].player == held[index]:
                seats[index].rating = rating.shown()

    def _rating_statement(self, player: str, old: Rating | None, new: Rating, now: float) -> Statement:
        values = {"mu": new.mu, "sigma": new.sigma, "played": new.played, "updated_at": now}
        if old is None:
            return insert(_ratings), {"player_id": player, "game": self.game.id, **values}
        where = (_ratings.c.player_id == player) & (_ratings.c.game == self.game.id)
        return update(_ratings).where(where).values(**values), None
