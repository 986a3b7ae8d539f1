"""The home page tiles' pictures: `GET /api/games/{game}/tile.svg`, drawn by the game from its own
cards or scenes (its `tile_picture` declaration, see core/declared.py) and kept once drawn."""

from __future__ import annotations

from functools import lru_cache

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from duoplay.core import declared
from duoplay.core.errors import GameError
from duoplay.core.registry import find_game, game_ids


@lru_cache(maxsize=32)
def _picture(game_id: str) -> str | None:
    return declared.tile_picture(find_game(game_id))


async def tile(request: Request) -> Response:
    game_id = request.path_params["game"]
    try:
        svg = _picture(game_id) if game_id in game_ids() else None
    except GameError:
        svg = None
    if svg is None:
        return Response("Not Found", status_code=404, media_type="text/plain")
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


def routes() -> list[Route]:
    return [Route("/api/games/{game}/tile.svg", tile)]
