"""A rematch at the end of a match: the seats stay, and the next match starts once every person
seated and present has accepted (a `start` in a finished room is an acceptance, docs/protocol.md).
Bots accept at once, and so does a seat nobody is connected to (its stand-in bot plays for it, as
in any match); a person who leaves their seat withdraws. Nothing here is stored: a room the server
reloads asks again."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from duoplay.server.lobby import HUMAN
from duoplay.server.lobby import Seat as SeatInfo


class Rematch:
    def __init__(self) -> None:
        self.accepted: set[int] = set()

    def accept(self, seat: int, waited: Iterable[int]) -> bool:
        """`seat` accepts; True once every seat in `waited` (see `waited_for`) has."""
        self.accepted.add(seat)
        return all(index in self.accepted for index in waited)

    def withdraw(self, seat: int) -> None:
        self.accepted.discard(seat)

    def reset(self) -> None:
        self.accepted.clear()

    @staticmethod
    def waited_for(seats: Sequence[SeatInfo], connected: set[int]) -> list[int]:
        """The seats whose person must accept: a person's, with someone connected to it."""
        return [index for index, seat in enumerate(seats) if seat.kind == HUMAN and index in connected]

    def to_json(self) -> list[int]:
        return sorted(self.accepted)
