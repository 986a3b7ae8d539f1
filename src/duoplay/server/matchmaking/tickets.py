"""A place in a queue: who waits, for which queue, since when, and where they were seated."""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import asdict, dataclass

from duoplay.core.protocol import JSON

WAITING, SEATED = "waiting", "seated"


def new_ticket() -> str:
    """The secret a client holds: whoever has it may poll, leave or take bots for its place."""
    return secrets.token_urlsafe(24)


def ticket_id(ticket: str) -> str:
    """What the queue stores a ticket under: the secret itself never sits in the store."""
    return hashlib.sha256(ticket.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def queue_name(game: str, lang: str | None, rated: bool) -> str:
    """One queue per game, deck language and rated or not: people meet only people they can play."""
    return f"{game}:{lang or '-'}:{'rated' if rated else 'casual'}"


@dataclass(slots=True)
class Ticket:
    id: str
    queue: str
    game: str
    lang: str | None
    rated: bool
    name: str
    address: str
    owner: str
    """Whom the one-live-ticket rule counts: the player, or the address and name without one."""
    joined: float
    """Wall-clock seconds (every instance of a cluster compares them)."""
    player: str | None = None
    rating: float | None = None
    bots: bool = False
    """The holder asked to fill the table with bots now."""
    state: str = WAITING
    code: str | None = None
    seat: int | None = None
    token: str | None = None

    def to_text(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str) -> Ticket:
        data: JSON = json.loads(text)
        return cls(**data)

    def seated_json(self) -> JSON:
        return {"state": SEATED, "code": self.code, "seat": self.seat, "token": self.token,
                "url": f"/room/{self.code}"}
