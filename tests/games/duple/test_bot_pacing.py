"""How long Duple bots take: each level's times stay in its declared range, the levels differ,
and the room's bot speed scales the time to answer. Seeded draws, no clock."""

from __future__ import annotations

import random
import statistics

import pytest
from tests.games.duple.tables import deal, flip, new_match

from duoplay.core.errors import MalformedAction
from duoplay.games.duple.bots import FLIP_SPAN, LEVELS, VOTE_SPAN, reaction_time
from duoplay.games.duple.options import parse_options
from duoplay.games.duple.pacing import BOT_SPEEDS, Span

DRAWS = 400


def times(phase: str, level: str, seed: int = 0, **options: str) -> list[float]:
    rng = random.Random(seed)
    view = {"phase": phase, "options": options}
    return [reaction_time(view, 0, level, rng) for _ in range(DRAWS)]


def test_the_face_off_ranges_are_the_starting_point_of_the_docs() -> None:
    spans = {level: (found.answer.low, found.answer.high) for level, found in LEVELS.items()}
    assert spans == {"easy": (6.0, 12.0), "normal": (4.0, 8.0), "hard": (2.0, 5.0)}


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("phase", ["faceoff", "allplay"])
def test_each_level_answers_within_its_declared_range(level: str, phase: str) -> None:
    span = LEVELS[level].all_play if phase == "allplay" else LEVELS[level].answer
    drawn = times(phase, level)
    assert all(span.low <= t <= span.high for t in drawn)
    # Spread over the range, not stuck at a bound: the log-normal's median is the range's middle.
    assert statistics.median(drawn) == pytest.approx(span.median, rel=0.08)
    assert min(drawn) < span.median * 0.8 and max(drawn) > span.median * 1.2


def test_the_levels_differ_and_hard_is_quickest() -> None:
    medians = [statistics.median(times("faceoff", level)) for level in ("easy", "normal", "hard")]
    assert medians[0] > medians[1] * 1.3 and medians[1] > medians[2] * 1.3


def test_times_are_skewed_like_people_s_a_long_tail_of_slow_answers() -> None:
    drawn = times("faceoff", "normal")
    assert statistics.mean(drawn) > statistics.median(drawn)


def test_the_draws_follow_the_seed() -> None:
    assert times("faceoff", "hard", seed=3) == times("faceoff", "hard", seed=3)
    assert times("faceoff", "hard", seed=3) != times("faceoff", "hard", seed=4)


@pytest.mark.parametrize("level", list(LEVELS))
def test_flips_and_votes_keep_their_own_pace(level: str) -> None:
    assert all(FLIP_SPAN.low <= t <= FLIP_SPAN.high for t in times("flip", level))
    assert all(VOTE_SPAN.low <= t <= VOTE_SPAN.high for t in times("vote", level, bot_speed="slow"))


@pytest.mark.parametrize("speed", list(BOT_SPEEDS))
@pytest.mark.parametrize("phase", ["faceoff", "allplay"])
def test_the_bot_speed_option_scales_the_time_to_answer(speed: str, phase: str) -> None:
    factor = BOT_SPEEDS[speed]
    assert times(phase, "normal", bot_speed=speed) == pytest.approx(
        [t * factor for t in times(phase, "normal")])
    span = LEVELS["normal"].answer.scaled(factor)
    if phase == "faceoff":
        assert all(span.low <= t <= span.high for t in times(phase, "normal", bot_speed=speed))


def test_slow_bots_give_more_time_and_fast_ones_less() -> None:
    assert BOT_SPEEDS["slow"] > BOT_SPEEDS["normal"] == 1.0 > BOT_SPEEDS["fast"]


def test_the_room_option_reaches_the_bots_through_the_view() -> None:
    match = new_match(3, bot_speed="slow")
    deal(match, piles=["", "E/star", ""], flips=["A/star"], category="animal")
    flip(match, 0)
    view = match.view(1)
    assert view["phase"] == "faceoff" and view["options"]["bot_speed"] == "slow"
    rng = random.Random(0)
    slow = LEVELS["hard"].answer.scaled(BOT_SPEEDS["slow"])
    drawn = [reaction_time(view, 1, "hard", rng) for _ in range(100)]
    assert all(slow.low <= t <= slow.high for t in drawn)
    assert max(drawn) > LEVELS["hard"].answer.high  # slower than the hard bot at normal speed can be


@pytest.mark.parametrize("value", ["warp", "", "Slow", 1.5, None, ["slow"], {"slow": 1}])
def test_a_bot_speed_that_is_not_a_choice_is_refused(value: object) -> None:
    with pytest.raises(MalformedAction) as refused:
        parse_options({"bot_speed": value})
    assert refused.value.reason == "bot_speed must be one of slow, normal, fast"


def test_a_span_draws_inside_itself_whatever_the_random_number() -> None:
    span = Span(2.0, 5.0)

    class Edge(random.Random):
        def __init__(self, value: float) -> None:
            super().__init__(0)
            self.value = value

        def random(self) -> float:
            return self.value

    assert [round(span.draw(Edge(u)), 6) for u in (0.0, 0.5, 0.999999)] == [
        2.0, round(span.median, 6), pytest.approx(5.0, abs=1e-3)]
