"""Who sits together: given the people waiting in one queue, the next table to seat, if any.

Pure: no clock of its own and no I/O, so the waits are tested by passing times.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from duoplay.server.matchmaking.tickets import Ticket


@dataclass(frozen=True, slots=True)
class TableRule:
    least: int
    """The fewest people the queue seats together (the game's minimum, or more where it is best)."""
    most: int
    """The game's most seats."""
    more_seconds: float
    """How long a table that could take more waits for them once `least` are there."""


@dataclass(frozen=True, slots=True)
class Group:
    people: list[Ticket]
    bots: int


def _closest(anchor: Ticket, others: Sequence[Ticket], count: int) -> list[Ticket]:
    """`count` of `others` to sit with `anchor`: nearest in rating when ratings are known, then in
    order of arrival (the people without a rating come after those with one)."""
    center = anchor.rating
    if center is None:
        return list(others[:count])

    def distance(ticket: Ticket) -> tuple[float, float]:
        gap = float("inf") if ticket.rating is None else abs(ticket.rating - center)
        return gap, ticket.joined

    return sorted(others, key=distance)[:count]


def _pick(waiting: list[Ticket], count: int) -> list[Ticket]:
    """The one who waited longest, and the `count - 1` who suit them best."""
    anchor, rest = waiting[0], waiting[1:]
    return [anchor, *_closest(anchor, rest, count - 1)]


def next_group(waiting: Sequence[Ticket], now: float, rule: TableRule) -> Group | None:
    """The next table among `waiting` (any order), or None while it should wait.

    Someone who asked for bots is seated now with whoever waits (the closest, up to a full table),
    bots making up the game's minimum. Otherwise a full table is seated at once, and a table at its
    minimum once the minimum has been there `more_seconds` (more may come meanwhile)."""
    queue = sorted(waiting, key=lambda ticket: ticket.joined)
    asked = [ticket for ticket in queue if ticket.bots]
    if asked:
        anchor = asked[0]
        others = [ticket for ticket in queue if ticket is not anchor]
        people = [anchor, *_closest(anchor, others, rule.most - 1)]
        return Group(people, max(0, rule.least - len(people)))
    if len(queue) >= rule.most:
        return Group(_pick(queue, rule.most), 0)
    if len(queue) >= rule.least:
        ready_since = queue[rule.least - 1].joined  # when the minimum was first there
        if now - ready_since >= rule.more_seconds:
            return Group(_pick(queue, len(queue)), 0)
    return None


def more_in(waiting: Sequence[Ticket], now: float, rule: TableRule) -> float | None:
    """Seconds until a table at its minimum stops waiting for more, or None when none is waiting so."""
    if not rule.least <= len(waiting) < rule.most:
        return None
    ready_since = sorted(ticket.joined for ticket in waiting)[rule.least - 1]
    return max(0.0, ready_since + rule.more_seconds - now)
