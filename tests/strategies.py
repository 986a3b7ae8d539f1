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


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
"""Any JSON value: what a client could send in place of an action."""


@st.composite
def uno_duo_action_like(draw: st.DrawFn) -> Any:
    """JSON that looks like an UNO Duo action more or less closely (to reach deep parse paths)."""
    field_values = json_values | st.sampled_from(
        ["play", "draw", "colour", "R5", "wild", "wild+4", "red", "blue", "uno", "keep", "pass"])
    keys = st.sampled_from(["type", "card", "colour", "uno", "seat", "extra"])
    return draw(json_values | st.dictionaries(keys, field_values, max_size=4)
                | st.text(alphabet="RGBYwildskiprev+0123456789 uno", max_size=16))
