"""Who the queue seats together, and when: the grouping rules with the times passed in."""

from __future__ import annotations

from duoplay.server.matchmaking.grouping import TableRule, more_in, next_group
from duoplay.server.matchmaking.tickets import Ticket

PAIR = TableRule(least=2, most=2, more_seconds=10.0)  # UNO Duo
TABLE = TableRule(least=3, most=6, more_seconds=10.0)  # DUOS: best with three, up to six


def person(name: str, joined: float, rating: float | None = None, bots: bool = False) -> Ticket:
    return Ticket(name, "q", "g", None, rating is not None, name, "10.0.0.1", name, joined, rating=rating,
                  bots=bots)


def names(group: object) -> list[str]:
    return [ticket.name for ticket in getattr(group, "people", [])]


def test_a_pair_is_seated_as_soon_as_the_second_person_comes() -> None:
    assert next_group([person("ada", 0.0)], 100.0, PAIR) is None
    group = next_group([person("bo", 1.0), person("ada", 0.0)], 1.0, PAIR)
    assert group is not None and names(group) == ["ada", "bo"] and group.bots == 0


def test_the_longest_waiting_are_seated_first_when_more_come_than_fit() -> None:
    group = next_group([person(n, t) for n, t in (("cy", 2.0), ("ada", 0.0), ("bo", 1.0))], 2.0, PAIR)
    assert names(group) == ["ada", "bo"]


def test_a_table_that_takes_more_waits_a_little_for_them_then_seats_who_came() -> None:
    three = [person("ada", 0.0), person("bo", 1.0), person("cy", 5.0)]
    assert next_group(three[:2], 60.0, TABLE) is None  # below the minimum nobody is seated
    assert next_group(three, 14.9, TABLE) is None  # the minimum came at 5.0: wait for more until 15.0
    assert more_in(three, 14.0, TABLE) == 1.0
    four = [*three, person("di", 12.0)]
    group = next_group(four, 15.0, TABLE)
    assert names(group) == ["ada", "bo", "cy", "di"] and group is not None and group.bots == 0


def test_a_full_table_does_not_wait() -> None:
    six = [person(f"p{n}", float(n)) for n in range(7)]
    group = next_group(six, 6.0, TABLE)
    assert names(group) == [f"p{n}" for n in range(6)]
    assert more_in(six[:6], 6.0, TABLE) is None


def test_asking_for_bots_seats_the_asker_with_whoever_waits_and_bots_make_up_the_minimum() -> None:
    alone = next_group([person("ada", 0.0, bots=True)], 0.0, TABLE)
    assert names(alone) == ["ada"] and alone is not None and alone.bots == 2
    two = next_group([person("ada", 0.0), person("bo", 3.0, bots=True)], 3.0, TABLE)
    assert names(two) == ["bo", "ada"] and two is not None and two.bots == 1


def test_rated_queues_seat_the_closest_ratings_with_the_longest_waiting() -> None:
    queue = [person("ada", 0.0, 25.0), person("bo", 1.0, 40.0), person("cy", 2.0, 24.0)]
    assert names(next_group(queue, 2.0, PAIR)) == ["ada", "cy"]
    # Without ratings (none known yet) it is the order of arrival.
    unrated = [person("ada", 0.0), person("bo", 1.0), person("cy", 2.0)]
    assert names(next_group(unrated, 2.0, PAIR)) == ["ada", "bo"]
    # Someone without a rating comes after everyone with one.
    mixed = [person("ada", 0.0, 25.0), person("bo", 1.0), person("cy", 2.0, 60.0)]
    assert names(next_group(mixed, 2.0, PAIR)) == ["ada", "cy"]
