"""What profiles and leaderboards read: a player's ratings, its finished matches and rating history,
and the best players of a game. Only names, ratings and finished matches: nothing else of a profile
is ever shown to others."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, select

from duoplay.core.protocol import JSON
from duoplay.server.identity.tables import PlayedModel, PlayerModel, RatingModel
from duoplay.server.ratings.model import Rating, shown_point
from duoplay.server.storage import Storage
from duoplay.server.storage.models import MatchModel

_players = cast(Table, PlayerModel.__table__)
_ratings = cast(Table, RatingModel.__table__)
_played = cast(Table, PlayedModel.__table__)
_matches = cast(Table, MatchModel.__table__)

HISTORY = 30  # recent matches a profile lists
CHART = 50  # rated matches a game's chart draws
LEADERBOARD = 50


def _rating(row: Any) -> Rating:
    return Rating(row.mu, row.sigma, row.played)


async def ratings_of(storage: Storage, player_id: str) -> dict[str, Rating]:
    query = select(_ratings).where(_ratings.c.player_id == player_id)
    async with storage.engine.connect() as conn:
        rows = (await conn.execute(query)).all()
    return {row.game: _rating(row) for row in rows}


async def ratings_in(storage: Storage, game: str, player_ids: set[str]) -> dict[str, Rating]:
    if not player_ids:
        return {}
    query = select(_ratings).where(_ratings.c.game == game, _ratings.c.player_id.in_(player_ids))
    async with storage.engine.connect() as conn:
        rows = (await conn.execute(query)).all()
    return {row.player_id: _rating(row) for row in rows}


def shown_ratings(ratings: dict[str, Rating]) -> list[JSON]:
    return [{"game": game, **rating.shown()} for game, rating in sorted(ratings.items())]


async def history(storage: Storage, player_id: str, limit: int = HISTORY) -> list[JSON]:
    """The player's latest finished matches, newest first, with the names at the table."""
    query = (
        select(_played, _matches.c.names)
        .join(_matches, _matches.c.id == _played.c.match_id)
        .where(_played.c.player_id == player_id)
        .order_by(_played.c.finished_at.desc())
        .limit(limit)
    )
    async with storage.engine.connect() as conn:
        rows = (await conn.execute(query)).all()
    return [{
        "match_id": row.match_id, "game": row.game, "seat": row.seat, "finished_at": row.finished_at,
        "result": row.result, "rank": row.rank, "rated": row.rated, "left": row.left,
        "names": list(row.names),
        "rating": None if row.mu is None else shown_point(row.mu, row.sigma),
        "before": None if row.before_mu is None else shown_point(row.before_mu, row.before_sigma),
    } for row in rows]


async def charts(storage: Storage, player_id: str, limit: int = CHART) -> dict[str, list[JSON]]:
    """Per game, the rating before the first of the latest rated matches and after each of them,
    oldest first."""
    query = (
        select(_played.c.game, _played.c.mu, _played.c.sigma, _played.c.before_mu, _played.c.before_sigma,
               _played.c.finished_at)
        .where(_played.c.player_id == player_id, _played.c.rated.is_(True))
        .order_by(_played.c.finished_at.desc())
    )
    rows: dict[str, list[Any]] = {}
    async with storage.engine.connect() as conn:
        for row in (await conn.execute(query)).all():
            kept = rows.setdefault(row.game, [])
            if len(kept) < limit:
                kept.append(row)
    points: dict[str, list[JSON]] = {}
    for game, newest_first in rows.items():
        oldest = newest_first[-1]
        points[game] = [shown_point(oldest.before_mu, oldest.before_sigma)] + [
            {**shown_point(row.mu, row.sigma), "at": row.finished_at} for row in reversed(newest_first)]
    return points


async def leaderboard(storage: Storage, game: str, limit: int = LEADERBOARD) -> list[JSON]:
    conservative = _ratings.c.mu - 2 * _ratings.c.sigma
    query = (
        select(_ratings, _players.c.name)
        .join(_players, _players.c.id == _ratings.c.player_id)
        .where(_ratings.c.game == game)
        .order_by(conservative.desc(), _ratings.c.player_id)
        .limit(limit)
    )
    async with storage.engine.connect() as conn:
        rows = (await conn.execute(query)).all()
    return [{"place": place, "player": row.player_id, "name": row.name, **_rating(row).shown()}
            for place, row in enumerate(rows, 1)]
