"""The home page tile's picture: letter cards as the table draws them (web/games/duple/cards.js and
symbols.js): a big letter on a card edged in its symbol's colour, the symbol below it."""

from __future__ import annotations

# Shapes and colours of three of the table's symbols (web/games/duple/symbols.js, table.css).
SYMBOLS = {
    "star": ("#d99a00", '<polygon points="12,2 14.9,8.6 22,9.2 16.6,13.9 18.2,21 12,17.3 5.8,21 7.4,13.9 '
             '2,9.2 9.1,8.6"/>'),
    "heart": ("#d7263d", '<path d="M12 21.3S3 15.4 3 9.3A4.8 4.8 0 0 1 12 6.8a4.8 4.8 0 0 1 9 2.5c0 '
              '6.1-9 12-9 12z"/>'),
    "moon": ("#4a5fd6", '<path d="M15.5 2.5a9.5 9.5 0 1 0 6 16.8A8 8 0 0 1 15.5 2.5z"/>'),
    "leaf": ("#2e9e4f", '<path d="M4 20.5C3.5 10 10 3.5 21 3c-.3 11-6.8 17.5-17 17.5z"/>'),
}
CARDS = (("D", "star"), ("U", "heart"), ("P", "moon"), ("L", "leaf"))


def _card(x: float, y: float, letter: str, symbol: str) -> str:
    colour, shape = SYMBOLS[symbol]
    return (
        f'<g><rect x="{x}" y="{y}" width="50" height="70" rx="8" fill="#fffaf0" stroke="{colour}" '
        f'stroke-width="4"/><text x="{x + 25}" y="{y + 40}" text-anchor="middle" font-size="32" '
        f'font-weight="800" font-family="system-ui, sans-serif" fill="#2a1d3a">{letter}</text>'
        f'<g transform="translate({x + 15} {y + 45}) scale(.85)" fill="{colour}" color="{colour}">'
        f"{shape}</g></g>"
    )


def tile_svg() -> str:
    cards = "".join(_card(10 + 57 * i, 22 + (i % 2) * 16, *card) for i, card in enumerate(CARDS))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 130">'
        '<defs><radialGradient id="felt" cx="50%" cy="20%" r="90%"><stop offset="0" stop-color="#55407a"/>'
        '<stop offset="1" stop-color="#2a1d3a"/></radialGradient></defs>'
        '<rect width="240" height="130" fill="url(#felt)"/>' + cards + "</svg>"
    )
