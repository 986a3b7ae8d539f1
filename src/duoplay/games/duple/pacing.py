"""How long a Duple bot takes to act, drawn as a person's time is: a log-normal within a range.

People's response times are right-skewed: most answers come near a typical time, a few take
much longer, none come at once. The log-normal is the usual model of such times (Luce,
*Response Times*, 1986; Ratcliff, "Methods for dealing with reaction time outliers", 1993),
and it never draws the near-instant answers a uniform draw from a low bound gives as often as
any other. A `Span` is the range where a person at that level answers: its median is the
range's geometric middle, 90% of the log-normal falls inside it, and the rest is drawn again
(a truncated draw, by the inverse of its distribution: one random number per time, no pile-up
at the bounds).

The ranges are a starting point, not a measurement: see `docs/rules/duple.md` ("Bots") for
where each comes from. The room's `bot_speed` option multiplies the answer times.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from statistics import NormalDist

INSIDE = 0.90  # share of the untruncated log-normal that falls in the span
_STANDARD = NormalDist()
_Z = _STANDARD.inv_cdf(0.5 + INSIDE / 2)  # 1.645: the span is the median x/÷ exp(1.645 sigma)

# The room option `bot_speed`: how much longer or shorter the bots take to answer.
BOT_SPEEDS = {"slow": 1.5, "normal": 1.0, "fast": 0.7}


@dataclass(frozen=True, slots=True)
class Span:
    """A person's time for one kind of move, in seconds: log-normal, kept within [low, high]."""

    low: float
    high: float

    @property
    def median(self) -> float:
        return math.sqrt(self.low * self.high)

    @property
    def sigma(self) -> float:
        """The log-normal's spread: `INSIDE` of it between low and high."""
        return math.log(self.high / self.low) / (2 * _Z)

    def scaled(self, factor: float) -> Span:
        return Span(self.low * factor, self.high * factor)

    def draw(self, rng: random.Random) -> float:
        mu, sigma = math.log(self.median), self.sigma
        below = _STANDARD.cdf((math.log(self.low) - mu) / sigma)
        above = _STANDARD.cdf((math.log(self.high) - mu) / sigma)
        z = _STANDARD.inv_cdf(below + (above - below) * rng.random())
        return min(self.high, max(self.low, math.exp(mu + sigma * z)))


def speed_factor(options: object) -> float:
    """The factor the view's `bot_speed` option asks for (1.0 when the view has none)."""
    speed = options.get("bot_speed", "normal") if isinstance(options, dict) else "normal"
    return BOT_SPEEDS.get(speed, 1.0)
