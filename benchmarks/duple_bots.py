"""How the Duple bot levels fare against a simulated person: answer times and win rates.

Two measures, both in simulated time:

1. **Answer time alone**: for `--prompts` face-offs drawn as the game draws them (two matching
   letters and a category card, `duoplay.games.duple.ai`), the time from the face-off appearing
   to the first word the judge accepts: one reaction time per try, another after each try
   that finds nothing (a blank), at most `race_seconds`. Reported for each level and each
   simulated person: median, 10th and 90th percentile, and the share of face-offs without a word.
2. **Against a person**: two-player matches (four play piles) between a bot level and a
   simulated person, on the table's own clock (tie window, stuck face-offs, All Play, votes;
   `duoplay.bots.raced`), every answer through the judge. Matches come in pairs with the seats
   swapped on the same shuffle. Reported: the bot's share of races won (face-offs and All
   Plays), its match win rate with a 95% Wilson interval (a tie counts half), and the points.

The simulated people (documented in docs/benchmarks/duple_bots.md):

- **practised**: answers a face-off in 2-6 s (log-normal, median 3.5 s), knows the common
  words of the category's lists (Zipf >= 3.0), says the first that comes to mind 85% of the
  time it scans past one, and draws a blank on 10% of tries;
- **casual**: 3.5-10 s (median 5.9 s), Zipf >= 3.5, 70%, blanks 15%.

Both take 1.6 times as long for an All Play, flip and vote as the bots do. `--reference`
adds the Normal bot of the play test of 2026-12-05 (uniform 2-5 s, the old skill 0.75) to
check the practised person against what the play tester saw (the old bot won 28 of 40 races).

    python benchmarks/duple_bots.py --matches 100 --prompts 400 [--lang es] [--reference] [--speed slow]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tqdm import tqdm

from duoplay.bots.base import Bot
from duoplay.bots.raced import Plan, RaceClock
from duoplay.bots.stats import wilson_interval
from duoplay.core.match import Match
from duoplay.games.duple.ai import DupleWordEnv
from duoplay.games.duple.bots import ALL_PLAY_SLOWER, LEVELS, DupleBot, Level, reaction_time
from duoplay.games.duple.options import DupleOptions
from duoplay.games.duple.pacing import BOT_SPEEDS, Span
from duoplay.games.duple.vocabulary import Vocabulary, say_word
from duoplay.games.duple.words.judge import warm_up


@dataclass(frozen=True, slots=True)
class Uniform(Span):
    """The play test's bot drew its time uniformly from a range."""

    def scaled(self, factor: float) -> Span:
        return Uniform(self.low * factor, self.high * factor)

    def draw(self, rng: random.Random) -> float:
        return rng.uniform(self.low, self.high)


def _person(answer: Span, vocabulary: Vocabulary, blanks: int) -> Level:
    return Level(answer, answer.scaled(ALL_PLAY_SLOWER), vocabulary, blanks)


PEOPLE = {
    "casual": _person(Span(3.5, 10.0),
                      Vocabulary(min_zipf=3.5, lists_only=True, recall=0.7, blank=0.15), 3),
    "practised": _person(Span(2.0, 6.0),
                         Vocabulary(min_zipf=3.0, lists_only=True, recall=0.85, blank=0.1), 4),
}
# The Normal bot the play test met: uniform 2-5 s, words down to Zipf 1.5 (WordNet's too), the old
# finder's skill 0.75 (a word passed over 12.5% of the time, a blank 6.25% of tries).
REFERENCE = Level(Uniform(2.0, 5.0), Uniform(3.2, 8.0),
                  Vocabulary(min_zipf=1.5, lists_only=False, recall=0.875, blank=0.0625), 4)


MAX_STEPS = 100_000  # a match takes a few thousand: more is a table that never ends


def players(reference: bool) -> dict[str, Level]:
    found = dict(LEVELS)
    if reference:
        found["play-test normal"] = REFERENCE
    return found


# -- 1. answer time alone -----------------------------------------------------------------------


def answer_times(lang: str, level: Level, prompts: int, seed: int,
                 speed: str = "normal") -> tuple[list[float], int]:
    """Seconds to the first accepted word for each prompt that got one, and how many got none."""
    env = DupleWordEnv(lang, all_play_share=0.0)
    rng = random.Random(seed)
    limit = DupleOptions().race_seconds
    times, none = [], 0
    view = {"phase": "faceoff", "options": {"bot_speed": speed}}
    for index in range(prompts):
        _, info = env.reset(seed=seed * 100_000 + index)
        spent = 0.0
        while spent < limit:
            spent += reaction_time(view, 0, level, rng)
            if say_word(lang, info["letters"], info["category_id"], level.vocabulary, rng) is not None:
                break
        if spent < limit:
            times.append(spent)
        else:
            none += 1
    return times, none


def describe_times(name: str, times: list[float], none: int) -> str:
    deciles = statistics.quantiles(times, n=10)
    return (f"{name:>17}: median {statistics.median(times):.1f} s, "
            f"10-90% {deciles[0]:.1f}-{deciles[-1]:.1f} s, fastest {min(times):.1f} s; "
            f"no word in {100 * none / (len(times) + none):.0f}%")


# -- 2. matches against a person ----------------------------------------------------------------


class PersonClock(RaceClock):
    """The race clock with each seat's own pace (a bot level or a simulated person). The room's
    `bot_speed` is for bots: the person's view is timed without it."""

    def __init__(self, match: Match, bots: Sequence[Bot], paces: Sequence[Level], person: int,
                 seed: int) -> None:
        super().__init__(match, bots, ["custom"] * len(paces), seed, None, _choose)
        self.paces, self.person = paces, person

    def _plan(self, seat: int, question: Hashable, now: float) -> Plan:
        action = self.decide(self.match, self.bots[seat], seat, self.played)
        view = self.match.view(seat)
        if seat == self.person:
            view = {**view, "options": {}}
        delay = reaction_time(view, seat, self.paces[seat], self.random)
        return Plan(question, now + delay, action)


def _choose(match: Match, bot: Bot, seat: int, played: Any) -> Any:
    return bot.choose(match.view(seat), match.legal_actions(seat), seat)


@dataclass(slots=True)
class Tally:
    matches: int = 0
    wins: float = 0.0  # the bot's matches won, a tie counting half
    races: list[int] = field(default_factory=lambda: [0, 0])  # races won: bot, person
    points: list[list[int]] = field(default_factory=lambda: [[], []])


def play(lang: str, speed: str, bot: Level, person: Level, seed: int, swapped: bool, tally: Tally) -> None:
    paces = [person, bot] if swapped else [bot, person]
    bots: list[Bot] = [DupleBot(pace, seed * 1000 + seat) for seat, pace in enumerate(paces)]
    match = Match.new("duple", 2, seed, {"lang": lang, "bot_speed": speed})
    bot_seat = 1 if swapped else 0
    clock = PersonClock(match, bots, paces, 1 - bot_seat, seed)
    last_win = None
    for _ in range(MAX_STEPS):
        if match.outcome() is not None or not clock.step():
            break
        win = match.state.last_win
        if win is not None and win is not last_win:
            tally.races[0 if win.seat == bot_seat else 1] += 1
        last_win = win
    outcome = match.outcome()
    assert outcome is not None, "a match ends when the letter deck is empty"
    tally.matches += 1
    tally.wins += outcome.results[bot_seat]
    tally.points[0].append(outcome.scores[bot_seat])
    tally.points[1].append(outcome.scores[1 - bot_seat])


def describe_tally(name: str, person: str, tally: Tally) -> str:
    low, high = wilson_interval(tally.wins, tally.matches)
    races = sum(tally.races)
    return (f"{name:>17} vs {person:<9}: races won {100 * tally.races[0] / races:.0f}% of {races}; "
            f"matches won {100 * tally.wins / tally.matches:.0f}% [{100 * low:.0f}, {100 * high:.0f}] "
            f"of {tally.matches}; points {statistics.mean(tally.points[0]):.1f} vs "
            f"{statistics.mean(tally.points[1]):.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=40, help="matches per level and person (even)")
    parser.add_argument("--prompts", type=int, default=400, help="face-offs for the answer times")
    parser.add_argument("--lang", default="es", choices=("es", "en", "fr", "pl", "sv"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reference", action="store_true", help="add the play test's Normal bot")
    parser.add_argument("--speed", default="normal", choices=tuple(BOT_SPEEDS),
                        help="the room's bot_speed option (the people keep their pace)")
    args = parser.parse_args(argv)
    if args.matches < 2 or args.prompts < 10:
        parser.error("give at least 2 matches and 10 prompts")
    started = time.perf_counter()
    warm_up(args.lang)
    print(f"judge and word lists for {args.lang} loaded in {time.perf_counter() - started:.1f} s")
    levels = players(args.reference)
    print(f"answer time to a face-off, alone ({args.prompts} face-offs, simulated; bot_speed {args.speed}):")
    for name, level in levels.items():
        print(describe_times(name, *answer_times(args.lang, level, args.prompts, args.seed, args.speed)))
    for name, level in PEOPLE.items():
        print(describe_times(f"person {name}", *answer_times(args.lang, level, args.prompts, args.seed)))
    games = args.matches // 2 * 2
    tallies = {(name, person): Tally() for name in levels for person in PEOPLE}
    with tqdm(total=games * len(tallies), unit="match", file=sys.stderr) as progress:
        for (name, person), tally in tallies.items():
            progress.set_description(f"{name} vs {person}")
            for index in range(games):
                play(args.lang, args.speed, levels[name], PEOPLE[person], args.seed + index // 2,
                     index % 2 == 1, tally)
                progress.update()
    print(f"two-player matches against a simulated person ({games} each, seats swapped in pairs):")
    for (name, person), tally in tallies.items():
        print(describe_tally(name, person, tally))
    print(f"simulated and measured in {time.perf_counter() - started:.0f} s of real time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
