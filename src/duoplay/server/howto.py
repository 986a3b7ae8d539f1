"""The "how to play" pages: each game ships them in its own folder, one file per language,
`<game package>/content/howto/<lang>.md`, and the server reads, renders and serves them here.

A page starts with a few `key: value` lines between `---` lines: `summary` (the lobby's one line)
and `seats N` or `seats N-M` (what that many players changes, for the games where it does).
Then a `# Title` and the page. A language a game has no page in falls back to English.

Routes: `GET /api/rules?lang=xx` (every game's summary), `GET /api/rules/{game}?lang=xx` (one
page, rendered), `GET /rules/{game}/reference` (the full English rules reference, docs/rules/).
"""

from __future__ import annotations

import functools
import importlib.resources
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from duoplay.core.errors import MalformedAction
from duoplay.core.registry import find_game, game_ids
from duoplay.server.minimarkdown import render

FALLBACK = "en"
UNKNOWN_GAME = "unknown_game"
NO_PAGE = "no_rules_page"
# The full references live beside the code in a source checkout (docs/rules/<game id>.md).
REFERENCE_DIR = Path(__file__).resolve().parents[3] / "docs" / "rules"
_LANG = re.compile(r"[a-z]{2,3}")
_SEATS = re.compile(r"seats (\d+)(?:-(\d+))?")


class PageError(ValueError):
    """A page file that does not follow the format above: a bug in the game's content."""


@dataclass(frozen=True)
class HowTo:
    game: str
    lang: str
    title: str
    summary: str
    seats: dict[int, str] = field(default_factory=dict)
    html: str = ""
    sections: tuple[str, ...] = ()

    def brief(self) -> dict[str, Any]:
        """What the lobby shows beside a game."""
        return {"game": self.game, "lang": self.lang, "title": self.title, "summary": self.summary,
                "seats": {str(n): text for n, text in sorted(self.seats.items())}}


def folder(game: Any) -> Path:
    """The game's howto folder: `content/howto/` in the package that holds the game's class."""
    module = sys.modules[type(game).__module__]
    package = (module.__spec__.parent if module.__spec__ is not None else None) or module.__name__
    return Path(str(importlib.resources.files(package))) / "content" / "howto"


def languages(game: Any) -> list[str]:
    place = folder(game)
    return sorted(path.stem for path in place.glob("*.md")) if place.is_dir() else []


def parse(game_id: str, lang: str, text: str) -> HowTo:
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---" or "---" not in (line.strip() for line in lines[1:]):
        raise PageError(f"{game_id}/{lang}: a page starts with its --- header")
    end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    summary, seats = "", {}
    for line in lines[1:end]:
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or not value:
            raise PageError(f"{game_id}/{lang}: {line!r} is not 'key: value'")
        if key == "summary":
            summary = value
        elif match := _SEATS.fullmatch(key):
            low = int(match.group(1))
            seats.update(dict.fromkeys(range(low, int(match.group(2) or low) + 1), value))
        else:
            raise PageError(f"{game_id}/{lang}: unknown header key {key!r}")
    body = lines[end + 1:]
    titles = [i for i, line in enumerate(body) if line.startswith("# ")]
    if not summary or not titles:
        raise PageError(f"{game_id}/{lang}: a page needs a summary and a '# Title'")
    title = body[titles[0]][2:].strip()
    rest = "\n".join(body[:titles[0]] + body[titles[0] + 1:])
    sections = tuple(line[3:].strip() for line in rest.splitlines() if line.startswith("## "))
    return HowTo(game_id, lang, title, summary, seats, render(rest), sections)


@functools.cache
def _load(game_id: str, lang: str) -> HowTo | None:
    game = find_game(game_id)
    path = folder(game) / f"{lang}.md"
    if not path.is_file():
        return None
    return parse(game.id, lang, path.read_text(encoding="utf-8"))


def page(game_name: str, lang: str | None) -> HowTo | None:
    """The game's page in `lang` (a tag such as "sv" or "sv-SE"), else in English, else None.
    An unknown game raises `MalformedAction`."""
    game_id = find_game(game_name).id
    wanted = (lang or "").split("-")[0].lower()
    if _LANG.fullmatch(wanted) and (found := _load(game_id, wanted)) is not None:
        return found
    return _load(game_id, FALLBACK)


def reference(game_name: str) -> Path | None:
    path = REFERENCE_DIR / f"{find_game(game_name).id}.md"
    return path if path.is_file() else None


def _error(code: str, message: str, status: int) -> JSONResponse:
    body = {"code": code, "message": message, "msg": message, "params": {}}
    return JSONResponse({"error": body}, status_code=status)


def _unknown_game() -> JSONResponse:
    return _error(UNKNOWN_GAME, "No game has that name", 404)


async def all_rules(request: Request) -> Response:
    lang = request.query_params.get("lang")
    pages = [page(game_id, lang) for game_id in game_ids()]
    return JSONResponse([found.brief() for found in pages if found is not None])


async def one_game(request: Request) -> Response:
    try:
        found = page(request.path_params["game"], request.query_params.get("lang"))
    except MalformedAction:
        return _unknown_game()
    if found is None:
        return _error(NO_PAGE, "This game has no rules page", 404)
    has_reference = reference(found.game) is not None
    return JSONResponse({**found.brief(), "name": find_game(found.game).name, "html": found.html,
                         "sections": list(found.sections),
                         "reference": f"/rules/{found.game}/reference" if has_reference else None})


async def reference_text(request: Request) -> Response:
    try:
        path = reference(request.path_params["game"])
    except MalformedAction:
        return _unknown_game()
    if path is None:
        return _error(NO_PAGE, "The full rules reference is not installed on this server", 404)
    return PlainTextResponse(path.read_text(encoding="utf-8"), headers={"Cache-Control": "max-age=3600"})


def routes() -> list[Route]:
    return [
        Route("/api/rules", all_rules),
        Route("/api/rules/{game}", one_game),
        Route("/rules/{game}/reference", reference_text),
    ]
