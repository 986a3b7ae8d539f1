"""The home page tile's picture: a starter scene card, drawn by the server's scene renderer as the
table shows it to the Portrayer."""

from __future__ import annotations

import re
from functools import lru_cache

from duoplay.games.duplik.scenes.catalog import scene, starter_ids
from duoplay.games.duplik.scenes.render import render


@lru_cache(maxsize=1)
def tile_svg() -> str:
    """The scene card, whole and a little turned, on the table's paper."""
    first = scene(starter_ids()[0])
    picture = render(first, first.titles.get("en", first.id))
    # Placed on the card: the renderer's own size gives way to the card's.
    picture = re.sub(r'<svg ([^>]*?)width="\d+" height="\d+"',
                     r'<svg x="50" y="10" width="150" height="105" \1', picture, count=1)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 130">'
        '<rect width="240" height="130" fill="#e8dfc8"/>'
        '<g transform="rotate(-4 125 62)"><rect x="44" y="4" width="162" height="117" rx="6" fill="#fff" '
        'stroke="#0002"/>' + picture + "</g>"
        '<path d="M206 100l22-40 6 4-22 40-8 3z" fill="#f2c94c" stroke="#333" stroke-width="2"/></svg>'
    )
