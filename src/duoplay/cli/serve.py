"""`duoplay serve`: the web server (HTTP API, WebSocket rooms and the browser client)."""

from __future__ import annotations

import argparse
import logging
import sys

from duoplay.core.registry import game_ids
from duoplay.server.config import (
    DEFAULT_DATABASE,
    ServerConfig,
    database_from_env,
    forwarded_from_env,
    redis_from_env,
)
from duoplay.server.hosts import implied_hosts
from duoplay.server.protocol import MAX_MESSAGE_BYTES
from duoplay.server.proxies import AddressSet, network_problem, split_entries


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--database",
        default=None,
        help=f"database URL (default: $DATABASE_URL, else {DEFAULT_DATABASE} in the current folder); "
        "postgresql+asyncpg://user@host:port/db for PostgreSQL",
    )
    parser.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )
    parser.add_argument("--bot-delay", type=float, default=0.6,
                        help="seconds a bot waits before it acts, in a game that declares no pace of its own")
    parser.add_argument("--bot-pace", type=float, default=1.0,
                        help="scales every bot's wait; 0 makes bots act at once (default 1)")
    parser.add_argument("--bot-workers", type=int, default=0,
                        help="processes of the bot pool that every room shares (default: one per core)")
    parser.add_argument(
        "--replace-after",
        type=float,
        default=60.0,
        help="seconds a disconnected player keeps the seat before a bot plays for them",
    )
    parser.add_argument(
        "--rate-limit", type=int, default=20, help="messages per second one connection may send (default 20)"
    )
    parser.add_argument(
        "--abuse-limit",
        type=int,
        default=200,
        help="refused messages within 10 s after which a connection is closed (default 200)",
    )
    parser.add_argument(
        "--room-idle",
        type=float,
        default=1800.0,
        help="seconds a waiting room with nobody in it stays in memory (default 1800); "
        "its code keeps working after",
    )
    parser.add_argument(
        "--unwatched-after",
        type=float,
        default=600.0,
        help="seconds a playing room with nobody connected goes on (its bots playing, its clocks "
        "running) before it stops and leaves memory (default 600); it goes on when someone is back",
    )
    parser.add_argument(
        "--room-burst",
        type=int,
        default=10,
        help="rooms one address may create in quick succession (default 10; 0 turns the limit off)",
    )
    parser.add_argument(
        "--rooms-per-minute",
        type=float,
        default=4.0,
        help="how fast an address's room allowance comes back (default 4 per minute)",
    )
    parser.add_argument(
        "--room-limit-exempt",
        nargs="*",
        default=[],
        metavar="ADDRESS",
        help="client addresses the per-address limits (new rooms, code lookups, connections, WebSocket "
        "traffic, replays) do not apply to (default: none)",
    )
    parser.add_argument("--forwarded-allow-ips", nargs="*", default=None, metavar="ADDRESS",
                        help="proxies (addresses or networks, such as 10.0.0.11 or 10.0.0.0/24) whose "
                        "X-Forwarded-For header names the client; from any other peer it is ignored "
                        "(default: $FORWARDED_ALLOW_IPS, else none)")
    parser.add_argument("--handshake-timeout", type=float, default=10.0,
                        help="seconds a new connection has to send its request headers (default 10)")
    parser.add_argument("--body-timeout", type=float, default=5.0,
                        help="seconds a request has, once its headers are in, to send its whole body; "
                        "past it the answer is 408 and the connection is closed (default 5)")
    parser.add_argument("--hello-timeout", type=float, default=10.0,
                        help="seconds a new WebSocket has to say hello before it is closed (default 10)")
    parser.add_argument("--connections-per-address", type=int, default=50,
                        help="open WebSockets one client address may hold (default 50; 0 turns the cap off)")
    parser.add_argument("--http-connections-per-address", type=int, default=50,
                        help="connections one client address may hold open before they become WebSockets "
                        "(silent ones, ones still sending headers, HTTP keep-alive; default 50; 0 turns "
                        "the cap off)")
    parser.add_argument("--address-messages-per-second", type=int, default=100,
                        help="WebSocket messages one client address may send a second on all its "
                        "connections together; the connection past it is closed (default 100; 0: off)")
    parser.add_argument("--address-bytes-per-second", type=int, default=256 * 1024,
                        help="the same budget in bytes (default 262144; 0: off)")
    parser.add_argument("--websockets-per-minute", type=int, default=60,
                        help="new WebSockets one client address may open a minute, as many at once "
                        "(default 60; 0: off)")
    parser.add_argument("--max-spectators", type=int, default=50,
                        help="spectators one room takes (default 50; 0 turns the cap off)")
    parser.add_argument("--lookup-burst", type=int, default=20,
                        help="room codes one address may look up or join without finding a room, in quick "
                        "succession (default 20; 0 turns the limit off)")
    parser.add_argument("--lookups-per-minute", type=float, default=30.0,
                        help="how fast an address's lookup allowance comes back (default 30 per minute)")
    parser.add_argument("--allowed-origins", nargs="*", default=[], metavar="ORIGIN",
                        help="origins besides the server's own whose pages may open WebSockets and create "
                        "rooms, such as https://example.org; * allows any (default: none)")
    parser.add_argument("--allowed-hosts", nargs="*", default=None, metavar="NAME",
                        help="names the server answers to (the Host header), such as play.example.org; "
                        "* answers to any (default: the loopback names and --host, plus the names of "
                        "--allowed-origins; any name when --host is 0.0.0.0)")
    parser.add_argument("--passkey-rp-id", default=None, metavar="NAME",
                        help="the host name passkeys are made for, such as play.example.org (default: "
                        "the name each page was opened at; an IP address cannot hold passkeys, so open "
                        "the site at localhost, not 127.0.0.1, to try them locally)")
    parser.add_argument("--open-rooms-page", type=int, default=50,
                        help="most open rooms one GET /api/rooms lists (default 50)")
    parser.add_argument("--redis-url", default=None,
                        help="Redis shared by the instances of a cluster (default: $REDIS_URL; none: this "
                        "process keeps every room); needs a PostgreSQL --database (docs/deploy.md)")
    parser.add_argument("--warm-up", nargs="*", default=[], metavar="GAME",
                        help="games whose word lists and models are loaded, with their default options, "
                        "before the server answers (default: none; each loads with its first room)")
    parser.add_argument("--queue-more-seconds", type=float, default=10.0,
                        help="seconds the queue of a game that takes more people waits for more once its "
                        "minimum is there (default 10)")
    parser.add_argument("--queue-bots-seconds", type=float, default=45.0,
                        help="seconds a player waits in the queue before bots are offered (default 45)")
    parser.add_argument("--queue-ticket-seconds", type=float, default=20.0,
                        help="seconds a queue ticket lives without being asked about: a closed page "
                        "leaves the queue (default 20)")
    parser.add_argument("--queue-burst", type=int, default=10,
                        help="queue joins one address may make in quick succession (default 10; 0 turns "
                        "the limit off)")
    parser.add_argument("--queue-joins-per-minute", type=float, default=6.0,
                        help="how fast an address's queue joins come back (default 6 per minute)")
    parser.add_argument("--test-hooks", action="store_true",
                        help="for the test suite only: rooms may be dealt from a given seed and their clocks "
                        "moved on over HTTP (docs/testing.md); never on a server people play on")
    parser.add_argument("--lease", type=float, default=5.0,
                        help="on a cluster, seconds a room stays its owner's without a renewal (default 5)")
    parser.add_argument("--heartbeat", type=float, default=1.0,
                        help="on a cluster, seconds before a silent instance counts as dead and its rooms "
                        "are taken over (default 1; at most --lease)")


def settings_problem(args: argparse.Namespace) -> str | None:
    if args.bot_delay < 0 or args.bot_pace < 0:
        return "--bot-delay and --bot-pace must be 0 or more"
    if args.bot_workers < 0:
        return "--bot-workers must be 0 (one per core) or more"
    if args.room_idle < 0:
        return "--room-idle must be 0 or more seconds"
    if args.unwatched_after < 0:
        return "--unwatched-after must be 0 or more seconds"
    if args.room_burst < 0:
        return "--room-burst must be 0 (no limit) or more"
    if args.room_burst > 0 and args.rooms_per_minute <= 0:
        return "--rooms-per-minute must be more than 0"
    if args.hello_timeout <= 0 or args.handshake_timeout <= 0 or args.body_timeout <= 0:
        return "--hello-timeout, --handshake-timeout and --body-timeout must be more than 0 seconds"
    caps = (args.connections_per_address, args.http_connections_per_address, args.max_spectators,
            args.lookup_burst, args.address_messages_per_second, args.address_bytes_per_second,
            args.websockets_per_minute)
    if min(caps) < 0:
        return ("--connections-per-address, --http-connections-per-address, --max-spectators, "
                "--lookup-burst, --address-messages-per-second, --address-bytes-per-second and "
                "--websockets-per-minute must be 0 (no limit) or more")
    if 0 < args.address_bytes_per_second < MAX_MESSAGE_BYTES:
        return f"--address-bytes-per-second must be 0 (no limit) or at least {MAX_MESSAGE_BYTES}, one message"
    for entry in split_entries(args.room_limit_exempt):
        if (problem := network_problem(entry)) is not None:
            return f"--room-limit-exempt: {problem}"
    for entry in split_entries(trusted_proxies(args)):
        if (problem := network_problem(entry)) is not None:
            return f"--forwarded-allow-ips: {problem}"
    if args.lookup_burst > 0 and args.lookups_per_minute <= 0:
        return "--lookups-per-minute must be more than 0"
    unknown = [game for game in args.warm_up if game not in game_ids()]
    if unknown:
        return f"--warm-up: no such game: {', '.join(unknown)} (games: {', '.join(game_ids())})"
    if args.open_rooms_page < 1:
        return "--open-rooms-page must be 1 or more"
    if min(args.queue_more_seconds, args.queue_bots_seconds) < 0 or args.queue_ticket_seconds <= 0:
        return ("--queue-more-seconds and --queue-bots-seconds must be 0 or more, "
                "--queue-ticket-seconds more than 0")
    if args.queue_burst < 0 or (args.queue_burst > 0 and args.queue_joins_per_minute <= 0):
        return "--queue-burst must be 0 (no limit) or more, and --queue-joins-per-minute more than 0"
    if not 0.3 <= args.lease <= 600:
        return "--lease must be from 0.3 to 600 seconds"
    if not 0.3 <= args.heartbeat <= args.lease:
        return "--heartbeat must be from 0.3 seconds to --lease"
    database = args.database or database_from_env()
    if (args.redis_url or redis_from_env()) and not database.startswith(("postgres://", "postgresql")):
        return "--redis-url (a cluster) needs a PostgreSQL database: --database postgresql://..."
    return None


def trusted_proxies(args: argparse.Namespace) -> list[str]:
    if args.forwarded_allow_ips is None:
        return forwarded_from_env()
    return split_entries(args.forwarded_allow_ips)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    if (problem := settings_problem(args)) is not None:
        print(f"duoplay serve: {problem}", file=sys.stderr)
        return 2

    from duoplay.server.app import create_app
    from duoplay.server.frames import StrictTextProtocol
    from duoplay.server.handshake import handshake_deadline

    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    config = ServerConfig(
        database_url=args.database or database_from_env(),
        bot_delay=args.bot_delay,
        bot_pace=args.bot_pace,
        bot_workers=args.bot_workers,
        replace_after=args.replace_after,
        rate_limit=args.rate_limit,
        abuse_limit=args.abuse_limit,
        room_idle=args.room_idle,
        unwatched_after=args.unwatched_after,
        room_burst=args.room_burst,
        rooms_per_minute=args.rooms_per_minute,
        room_limit_exempt=tuple(split_entries(args.room_limit_exempt)),
        forwarded_allow_ips=tuple(trusted_proxies(args)),
        handshake_timeout=args.handshake_timeout,
        body_timeout=args.body_timeout,
        hello_timeout=args.hello_timeout,
        connections_per_address=args.connections_per_address,
        http_connections_per_address=args.http_connections_per_address,
        address_messages_per_second=args.address_messages_per_second,
        address_bytes_per_second=args.address_bytes_per_second,
        websockets_per_minute=args.websockets_per_minute,
        max_spectators=args.max_spectators,
        lookup_burst=args.lookup_burst,
        lookups_per_minute=args.lookups_per_minute,
        allowed_origins=tuple(o.rstrip("/") for o in args.allowed_origins),
        allowed_hosts=tuple(args.allowed_hosts) if args.allowed_hosts is not None
        else implied_hosts(args.host, args.allowed_origins),
        open_rooms_page=args.open_rooms_page,
        passkey_rp_id=args.passkey_rp_id,
        redis_url=args.redis_url or redis_from_env(),
        lease=args.lease,
        heartbeat=args.heartbeat,
        warm_up=tuple(args.warm_up),
        queue_more_seconds=args.queue_more_seconds,
        queue_bots_seconds=args.queue_bots_seconds,
        queue_ticket_seconds=args.queue_ticket_seconds,
        queue_burst=args.queue_burst,
        queue_joins_per_minute=args.queue_joins_per_minute,
        test_hooks=args.test_hooks,
    )
    app = create_app(config)
    # The app keeps the protocol class: its count of open HTTP connections per address is one
    # the test hooks report.
    # A trusted proxy's connections carry many clients: the cap before WebSockets spares them.
    spared = AddressSet([*config.room_limit_exempt, *config.forwarded_allow_ips])
    app.state.http_protocol = handshake_deadline(
        config.handshake_timeout, config.http_connections_per_address, spared, config.body_timeout
    )
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        http=app.state.http_protocol,
        ws=StrictTextProtocol,
        # The app finds the client behind a trusted proxy itself (server/proxies.py); uvicorn's own
        # middleware would trust any local peer's X-Forwarded-For.
        proxy_headers=False,
        ws_max_size=1024 * 1024,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        # Messages are deltas of a few hundred bytes; compressing them kept a zlib state of hundreds of
        # KB per connection, and the server's memory climbed with connection churn (docs/benchmarks/soak.md).
        ws_per_message_deflate=False,
    )
    return 0
