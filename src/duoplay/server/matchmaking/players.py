"""Who is queueing, as far as the queue needs to know: a player id and a rating, when there are any.

Both are answered by the player profiles (`server/identity/`, ratings) once those give them to the
queue; until then every person in a queue is known by their address and name only and has no
rating, so rated queues seat people in order of arrival."""

from __future__ import annotations

from starlette.requests import Request


async def player_of(request: Request) -> str | None:
    """The id of the player making the request, if they have a profile."""
    return None


async def rating_of(player: str, game: str) -> float | None:
    """The player's rating at `game` (its mean, the number pairs are made by), if they have one."""
    return None
