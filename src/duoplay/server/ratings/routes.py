"""Profiles and leaderboards: `GET /api/players/{id}` (name, ratings, rating charts, finished
matches) and `GET /api/leaderboard/{game}`; the pages `/player/{id}` and `/leaderboard/{game}` are
the web client's (`web/profile.js`)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from duoplay.core.errors import MalformedAction
from duoplay.core.registry import find_game
from duoplay.server.identity.service import Identity, current_player
from duoplay.server.ratings import read
from duoplay.server.ratings.model import PROVISIONAL, SCALE


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, "msg": message, "params": {}}},
                        status_code=status)


async def profile(request: Request) -> Response:
    identity: Identity = request.app.state.identity
    player = await identity.players.get(request.path_params["player_id"])
    if player is None:
        return _error("player_not_found", "No player has that id", 404)
    me = await current_player(request)
    storage = identity.players.storage
    ratings = await read.ratings_of(storage, player.id)
    return JSONResponse({
        "id": player.id, "name": player.name, "mine": me is not None and me.id == player.id,
        "ratings": read.shown_ratings(ratings),
        "charts": await read.charts(storage, player.id),
        "matches": await read.history(storage, player.id),
        "provisional_below": PROVISIONAL, "scale": SCALE,
    }, headers={"Cache-Control": "no-store"})


async def leaderboard(request: Request) -> Response:
    try:
        game = find_game(request.path_params["game"])
    except MalformedAction:
        return _error("unknown_game", "No game has that name", 404)
    identity: Identity = request.app.state.identity
    board = await read.leaderboard(identity.players.storage, game.id)
    return JSONResponse({"game": game.id, "name": game.name, "players": board},
                        headers={"Cache-Control": "no-store"})


def routes() -> list[Route]:
    return [
        Route("/api/players/{player_id}", profile),
        Route("/api/leaderboard/{game}", leaderboard),
    ]
