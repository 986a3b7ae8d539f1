"""The identity service on `app.state.identity`, and `current_player`, which any route or socket
uses to learn who is asking."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from duoplay.server.identity.cookie import secret_of
from duoplay.server.identity.passkeys import Passkeys
from duoplay.server.identity.players import Player, Players
from duoplay.server.ratelimit import AddressLimit, LocalAddressLimit, TokenBuckets
from duoplay.server.storage import Storage

PROFILE_BURST = 5  # new players an address may make at once (a family, a classroom's first minute)
PROFILES_PER_HOUR = 30


def profile_limit() -> AddressLimit:
    return LocalAddressLimit(TokenBuckets(PROFILE_BURST, PROFILES_PER_HOUR / 3600))


class Identity:
    """Players, their passkeys and the limit on making players. `limit` is per client address
    (shared by a cluster's instances when they share limits)."""

    def __init__(self, storage: Storage, limit: AddressLimit | None = None) -> None:
        self.players = Players(storage)
        self.limit = limit if limit is not None else profile_limit()
        self.passkeys = Passkeys(storage)
        self.players.more_secrets.append(self.passkeys.player_of_device)
        self.players.on_sign_out.append(self.passkeys.forget_device)
        self.players.on_delete.append(self.passkeys.deleted_with)


async def current_player(connection: HTTPConnection) -> Player | None:
    """The player whose cookie came with this request or WebSocket, or None (no cookie, or one
    whose player was deleted)."""
    secret = secret_of(connection)
    identity: Identity | None = getattr(connection.app.state, "identity", None)
    if secret is None or identity is None:
        return None
    return await identity.players.by_secret(secret)
