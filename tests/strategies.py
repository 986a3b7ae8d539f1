"""Hypothesis strategies shared by the test suites."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

seeds = st.integers(min_value=0, max_value=2**63 - 1)
"""Match seeds: every seed is a different deal, cut and shuffle order."""


@st.composite
def uno_duo_options(draw: st.DrawFn, max_target: int = 60) -> dict[str, Any]:
    """Any valid UNO Duo options, with a small target score so that games stay short."""
    return {
        "deck_size": draw(st.sampled_from([112, 108])),
        "target_score": draw(st.integers(min_value=1, max_value=max_target)),
        "challenge_rule": draw(st.sampled_from(["any-playable", "colour-only"])),
        "shuffle_on_refill": draw(st.booleans()),
        "uno_penalty": draw(st.integers(min_value=0, max_value=4)),
    }
