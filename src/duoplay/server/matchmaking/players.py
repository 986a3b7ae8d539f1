"""Who is queueing, as far as the queue needs to know: the player of the request (the profile its
cookie names, `server/identity/`) and that player's rating at the game (`server/ratings/`).

A person without a profile is known by address and name only and has no rating; so is everyone
until they have played a rated match: a rated queue seats them in order of arrival."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.requests import Request

from duoplay.server.identity import current_player
from duoplay.server.ratings.read import ratings_in
from duoplay.server.storage import Storage

RatingOf = Callable[[str, str], Awaitable[float | None]]
"""(player id, game id) -> the player's rating at the game, or None."""


async def player_of(request: Request) -> str | None:
    """The id of the player making the request, if their cookie names one."""
    player = await current_player(request)
    return None if player is None else player.id


def ratings_from(storage: Storage) -> RatingOf:
    async def rating_of(player: str, game: str) -> float | None:
        """The player's rating mean (what pairs are made by: the skill, not the shown rating that
        is cautious about newcomers), or None before their first rated match."""
        rating = (await ratings_in(storage, game, {player})).get(player)
        return None if rating is None else rating.mu

    return rating_of
