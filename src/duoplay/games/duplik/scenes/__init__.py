"""Duplik's scene cards: an object library, a seeded generator, a starter set, the picture (SVG)
and the ten criteria, all from one description of each scene."""
