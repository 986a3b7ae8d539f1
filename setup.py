"""The compiled part of duoplay; everything else is declared in pyproject.toml.

UNO Duo's learning environment has an optional C module for its observation and action mask
(src/duoplay/games/uno_duo/ai/_compiled.c). `optional=True`: where it cannot be built (no C
compiler, no Python headers), the install goes on and the pure-Python path runs instead.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "duoplay.games.uno_duo.ai._compiled",
            sources=["src/duoplay/games/uno_duo/ai/_compiled.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ],
)
