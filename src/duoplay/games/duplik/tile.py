"""The home page tile's picture: a starter scene card, drawn by the server's scene renderer as the
table shows it to the Portrayer."""

from __future__ import annotations

from functools import lru_cache

from duoplay.games.duplik.scenes.catalog import scene, starter_ids
from duoplay.games.duplik.scenes.render import render


@lru_cache(maxsize=1)
def tile_svg() -> str:
    first = scene(starter_ids()[0])
    return render(first, first.titles.get("en", first.id))
