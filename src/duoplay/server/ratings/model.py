"""OpenSkill's Plackett-Luce model, and how a rating is shown.

Plackett-Luce rates any number of seats from their finishing order (ties allowed), which every
game here has, two seats or six. A rating is a mean `mu` and an uncertainty `sigma`; a new player
starts at the model's 25 ± 8.33. Shown, both are scaled by SCALE: a new player is "1,500 ± 1,000"
(the ± is two sigmas: the rating lies within it with 95% confidence), and fewer than PROVISIONAL
rated matches are marked provisional. Leaderboards order by the conservative `mu - 2 sigma`, so a
lucky first win does not put a newcomer above someone proven over many matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from duoplay.core.protocol import JSON

MODEL = PlackettLuce()
SCALE = 60  # shown rating = SCALE * mu: a new player shows 1,500
PROVISIONAL = 5  # rated matches before a rating is shown as settled


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    played: int = 0

    @property
    def conservative(self) -> float:
        return self.mu - 2 * self.sigma

    def shown(self) -> JSON:
        """What pages show: the rating, its ± and whether it is still provisional."""
        return {"rating": round(SCALE * self.mu), "spread": round(SCALE * 2 * self.sigma),
                "provisional": self.played < PROVISIONAL, "played": self.played}


def rate(before: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """The ratings after a match where seat i (rated `before[i]`) finished at `ranks[i]` (1 first)."""
    teams = [[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in before]
    after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [Rating(team[0].mu, team[0].sigma, rating.played + 1)
            for team, rating in zip(after, before, strict=True)]


def shown_point(mu: float, sigma: float) -> JSON:
    return {"rating": round(SCALE * mu), "spread": round(SCALE * 2 * sigma)}
