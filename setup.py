"""The compiled part of duoplay; everything else is declared in pyproject.toml.

Two optional C modules for UNO Duo: its rules' hot path (src/duoplay/games/uno_duo/_native.c:
legal moves and the commonest moves of `apply`) and its learning environment's observation and
action mask (src/duoplay/games/uno_duo/ai/_compiled.c). `optional=True`: where one cannot be
built (no C compiler, no Python headers), the install goes on and the pure-Python path runs.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "duoplay.games.uno_duo._native",
            sources=["src/duoplay/games/uno_duo/_native.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Extension(
            "duoplay.games.uno_duo.ai._compiled",
            sources=["src/duoplay/games/uno_duo/ai/_compiled.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ],
)
