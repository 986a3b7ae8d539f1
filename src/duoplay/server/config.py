"""Server settings, with the defaults `duoplay serve` uses."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE = "sqlite+aiosqlite:///duoplay.db"
WEB_DIR = Path(__file__).resolve().parent.parent / "web"


def database_from_env() -> str:
    return os.environ.get("DATABASE_URL") or DEFAULT_DATABASE


def redis_from_env() -> str | None:
    return os.environ.get("REDIS_URL") or None


def forwarded_from_env() -> list[str]:
    """The trusted proxies of `$FORWARDED_ALLOW_IPS` (comma-separated), the variable uvicorn reads."""
    return [part.strip() for part in os.environ.get("FORWARDED_ALLOW_IPS", "").split(",") if part.strip()]


def normalize_database_url(url: str) -> str:
    """Accept the usual short forms and pick the async driver the server needs."""
    for prefix, replacement in (
        ("postgres://", "postgresql+asyncpg://"),
        ("postgresql://", "postgresql+asyncpg://"),
        ("sqlite://", "sqlite+aiosqlite://"),
    ):
        if url.startswith(prefix):
            return replacement + url[len(prefix) :]
    return url


@dataclass(frozen=True, slots=True)
class ServerConfig:
    database_url: str = field(default_factory=database_from_env)
    bot_delay: float = 0.6
    """Seconds a bot waits before acting in a game that declares no pace of its own."""
    bot_pace: float = 1.0
    """Scales every bot's wait (the game's or `bot_delay`); 0 makes bots act at once (tests)."""
    bot_workers: int = 0
    """Processes of the bot pool shared by every room; 0 means one per core."""
    replace_after: float = 60.0
    """Seconds a disconnected player keeps the seat before a bot plays for them."""
    rate_limit: int = 20
    """Messages per second one connection may send."""
    abuse_limit: int = 200
    """Refused messages within `abuse_window` seconds after which the connection is closed."""
    abuse_window: float = 10.0
    room_idle: float = 1800.0
    # A playing room nobody has watched for this long leaves memory: its bots stop thinking and its
    # clocks stop; the stored match goes on from where it was when someone comes back.
    unwatched_after: float = 600.0
    """Seconds a waiting room with nobody connected stays in memory; its code works after that too."""
    room_burst: int = 10
    """Rooms one client address may create over HTTP in quick succession; 0 turns the limit off."""
    rooms_per_minute: float = 4.0
    """How fast that allowance comes back once spent."""
    room_limit_exempt: tuple[str, ...] = ()
    """Client addresses the per-address limits spare (new rooms, code lookups and joins, connections,
    WebSocket traffic, replays); none unless named (the test suite names this machine)."""
    forwarded_allow_ips: tuple[str, ...] = ()
    """Proxies (addresses or networks) whose `X-Forwarded-For` names the client (`server/proxies.py`);
    from any other peer the header is ignored. None by default."""
    handshake_timeout: float = 10.0
    """Seconds a new connection (or a new request on a kept-alive one) has to send its request line and
    headers; `duoplay serve` gives it to uvicorn (`duoplay.server.handshake`)."""
    body_timeout: float = 5.0
    """Seconds a request has, once its headers are in, to send its whole body; past it the answer
    is 408 and the connection is closed (`duoplay.server.handshake`)."""
    hello_timeout: float = 10.0
    # A connection that pings (the web client does, every 5 s of quiet) and then says nothing for
    # this long has lost its network: it is closed, so the others see its seat as away.
    silent_after: float = 15.0
    """Seconds a new WebSocket has to say `hello`; until it does it hears nothing of the room."""
    connections_per_address: int = 50
    """Open WebSockets one client address may hold; 0 turns the cap off."""
    http_connections_per_address: int = 50
    """Connections one client address may hold before they become WebSockets; 0 turns the cap off."""
    address_messages_per_second: int = 100
    """WebSocket messages one client address may send a second on all its connections together;
    past it the connection that sent one more is closed (`server/admission.py`). 0 turns it off."""
    address_bytes_per_second: int = 256 * 1024
    """The same budget in bytes of WebSocket messages; 0 turns it off."""
    websockets_per_minute: int = 60
    """New WebSockets one client address may open a minute (as many at once); 0 turns it off."""
    max_spectators: int = 50
    """Spectators (connections without a seat) one room takes; 0 turns the cap off."""
    lookup_burst: int = 20
    """Room codes one address may look up or join without finding the room, in quick succession;
    0 turns the limit off. Codes that exist cost nothing."""
    lookups_per_minute: float = 30.0
    """How fast that allowance comes back once spent."""
    allowed_origins: tuple[str, ...] = ()
    # The names the server answers to (Host); "*": any. `duoplay serve` derives them (server/hosts.py).
    allowed_hosts: tuple[str, ...] = ("*",)
    """Origins (`https://example.org`) besides the server's own whose pages may open WebSockets and
    create rooms; `*` allows any. Requests without an Origin (not from a browser) are always allowed."""
    open_rooms_page: int = 50
    """Most open rooms one `GET /api/rooms` lists; `?offset=` pages through the rest."""
    passkey_rp_id: str | None = None
    """The passkeys' relying party: the site's host name (`play.example.org`), which a passkey is made
    for and works on. None: the host name each page was opened at (docs/server.md, Passkeys)."""
    redis_url: str | None = field(default_factory=redis_from_env)
    """With a Redis URL the server is one instance of a cluster sharing this Redis and one PostgreSQL
    (docs/deploy.md); without, it keeps every room in this process."""
    lease: float = 5.0
    """Seconds a cluster instance's claim on a room lasts unless renewed: how long a room stays its
    owner's while Redis cannot be reached, or while the owner is paused and still has a heartbeat."""
    heartbeat: float = 1.0
    """Seconds a cluster instance counts as alive unless it says so again (every third of it, with
    its rooms' leases): once it has not, others take its rooms over at once, so a fail-over takes
    about this long. An instance paused for longer loses its rooms (the fence keeps every write safe)."""
    queue_more_seconds: float = 10.0
    """Seconds the queue of a game that takes more people than its minimum waits, once the minimum is
    there, for more to come before it seats those it has (docs/server.md, "Finding players")."""
    queue_bots_seconds: float = 45.0
    """Seconds a player waits in the queue before bots are offered to fill the table (they may take the
    offer at any time before)."""
    queue_ticket_seconds: float = 20.0
    """Seconds a queue ticket lives without being asked about: a closed page leaves the queue."""
    queue_burst: int = 10
    """Queue joins one client address may make in quick succession; 0 turns the limit off."""
    queue_joins_per_minute: float = 6.0
    """How fast that allowance comes back once spent."""
    warm_up: tuple[str, ...] = ()
    """Games whose data (word lists, models) are loaded before the server answers, here and in every
    bot pool worker, so that no first room or bot decision waits for them."""
    test_hooks: bool = False
    """Whether the test suite's hooks answer (`duoplay.server.testhooks`: a room's next deal from a
    given seed, its clock moved on); without it they refuse. Never on a server people play on."""
    web_dir: Path = WEB_DIR
