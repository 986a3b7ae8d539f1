"""Who a rematch waits for: the people seated and connected; bots and empty-handed seats do not."""

from __future__ import annotations

from duoplay.server.lobby import BOT, HUMAN, Seat
from duoplay.server.rematch import Rematch


def test_a_rematch_waits_for_every_connected_person_and_a_leaver_withdraws() -> None:
    seats = [Seat(kind=HUMAN, name="Ada"), Seat(kind=BOT, name="bot", level="random"),
             Seat(kind=HUMAN, name="Bo")]
    rematch = Rematch()
    waited = rematch.waited_for(seats, connected={0, 2})
    assert waited == [0, 2]  # the bot accepts at once
    assert rematch.accept(0, waited) is False
    assert rematch.to_json() == [0]
    rematch.withdraw(0)  # Ada left her seat
    assert rematch.accept(2, waited) is False
    assert rematch.accept(0, waited) is True
    rematch.reset()
    assert rematch.to_json() == []


def test_a_person_nobody_is_connected_for_does_not_hold_the_rematch_up() -> None:
    seats = [Seat(kind=HUMAN, name="Ada"), Seat(kind=HUMAN, name="Bo", away=True)]
    rematch = Rematch()
    assert rematch.accept(0, rematch.waited_for(seats, connected={0})) is True
    # Bo is back at the table (a bot played for him): his acceptance is awaited again.
    assert Rematch().accept(0, rematch.waited_for(seats, connected={0, 1})) is False
