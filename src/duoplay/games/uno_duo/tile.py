"""The home page tile's picture: a fan of UNO Duo cards in the table's colours
(web/games/uno-duo/table.css)."""

from __future__ import annotations

# The table's card colours, and the rank and suit each card of the fan shows.
FAN = (("#d7263d", "7", "♥"), ("#f0b400", "+2", "★"), ("#23843f", "⇄", "♣"), ("#1b6ac9", "5", "♦"))


def _card(x: float, angle: float, colour: str, rank: str, suit: str) -> str:
    ink = "#1d2430" if colour == "#f0b400" else "#fff"  # dark figures on yellow, as the table
    return (
        f'<g transform="rotate({angle} {x + 32} 150)">'
        f'<rect x="{x}" y="22" width="64" height="96" rx="8" fill="#fff" stroke="#0003"/>'
        f'<rect x="{x + 5}" y="27" width="54" height="86" rx="6" fill="{colour}"/>'
        f'<ellipse cx="{x + 32}" cy="70" rx="22" ry="32" fill="#fff" transform="rotate(20 {x + 32} 70)"/>'
        f'<text x="{x + 32}" y="81" text-anchor="middle" font-size="30" font-weight="800" '
        f'font-family="system-ui, sans-serif" fill="{colour}">{rank}</text>'
        f'<text x="{x + 11}" y="43" font-size="13" font-weight="700" font-family="system-ui, sans-serif" '
        f'fill="{ink}">{suit}</text></g>'
    )


def tile_svg() -> str:
    cards = "".join(_card(30 + 36 * i, -12 + 8 * i, *card) for i, card in enumerate(FAN))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 130">'
        '<rect width="240" height="130" fill="#1f5f3a"/>' + cards + "</svg>"
    )
