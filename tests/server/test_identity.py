"""Players kept by a cookie: made once on a first visit, HttpOnly and SameSite, limited per address,
renamed, signed out and deleted."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from tests.server.in_process import live_server

from duoplay.server.identity.cookie import COOKIE
from duoplay.server.identity.service import PROFILE_BURST


def _database(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'duoplay.db'}"


@pytest.mark.asyncio
async def test_a_first_visit_makes_one_player_and_its_cookie_once(tmp_path: Path) -> None:
    async with live_server(_database(tmp_path)) as live, httpx.AsyncClient(base_url=live.http) as browser:
        assert (await browser.get("/api/me")).json() == {"player": None}  # not asked to: nothing made
        assert COOKIE not in browser.cookies
        first = await browser.get("/api/me", params={"create": "1", "name": "  Ada\u202e "})
        assert first.status_code == 201
        player = first.json()["player"]
        assert player["name"] == "Ada" and player["ratings"] == [] and len(player["id"]) >= 12
        header = first.headers["set-cookie"]
        assert header.startswith(f"{COOKIE}=") and "HttpOnly" in header and "SameSite=lax" in header
        assert "Secure" not in header  # plain http here; https gets Secure
        secret = browser.cookies[COOKIE]
        assert len(secret) >= 43 and secret != player["id"]
        again = await browser.get("/api/me", params={"create": "1"})
        assert again.status_code == 200 and again.json()["player"] == player
        assert "set-cookie" not in again.headers  # the cookie is set once
        stored = live.app.state.identity.players
        assert await stored.by_secret(secret) is not None
        async with stored.storage.engine.connect() as conn:
            rows = (await conn.exec_driver_sql("SELECT secret_hash FROM players")).all()
        assert [len(row[0]) for row in rows] == [64] and rows[0][0] != secret  # only its hash is kept


@pytest.mark.asyncio
async def test_rename_sign_out_and_delete(tmp_path: Path) -> None:
    async with live_server(_database(tmp_path)) as live, httpx.AsyncClient(base_url=live.http) as browser:
        assert (await browser.patch("/api/me", json={"name": "X"})).status_code == 401
        player = (await browser.get("/api/me", params={"create": "1"})).json()["player"]
        assert player["name"] == "Player"
        renamed = await browser.patch("/api/me", json={"name": "Bo\n the  Great"})
        assert renamed.json()["player"]["name"] == "Bo the Great"
        assert (await browser.patch("/api/me", json={"name": "\u200b"})).status_code == 400
        secret = browser.cookies[COOKIE]
        out = await browser.post("/api/me/signout")
        assert COOKIE not in browser.cookies and 'Max-Age=0' in out.headers["set-cookie"]
        assert (await browser.get("/api/me")).json() == {"player": None}
        browser.cookies.set(COOKIE, secret)  # the same secret again, as a passkey would bring it back
        assert (await browser.get("/api/me")).json()["player"]["id"] == player["id"]
        deleted = await browser.delete("/api/me")
        assert deleted.json() == {"deleted": player["id"]} and "Max-Age=0" in deleted.headers["set-cookie"]
        browser.cookies.clear()
        browser.cookies.set(COOKIE, secret)  # the old secret names nobody now
        assert (await browser.get("/api/me")).json() == {"player": None}
        assert await live.app.state.identity.players.get(player["id"]) is None


@pytest.mark.asyncio
async def test_new_players_are_limited_per_address(tmp_path: Path) -> None:
    async with live_server(_database(tmp_path), room_limit_exempt=()) as live:
        made = []
        for _ in range(PROFILE_BURST + 1):
            async with httpx.AsyncClient(base_url=live.http) as browser:  # a fresh browser each time
                made.append(await browser.get("/api/me", params={"create": "1"}))
        assert [answer.status_code for answer in made] == [201] * PROFILE_BURST + [429]
        refused = made[-1]
        assert int(refused.headers["Retry-After"]) > 0 and "set-cookie" not in refused.headers
        assert refused.json()["error"]["code"] == "rate_limited"


@pytest.mark.asyncio
async def test_requests_from_other_sites_cannot_change_a_player(tmp_path: Path) -> None:
    async with live_server(_database(tmp_path)) as live, httpx.AsyncClient(base_url=live.http) as browser:
        await browser.get("/api/me", params={"create": "1"})
        elsewhere = {"Origin": "https://evil.example"}
        assert (await browser.delete("/api/me", headers=elsewhere)).status_code == 403
        assert (await browser.patch("/api/me", json={"name": "Eve"}, headers=elsewhere)).status_code == 403
        assert (await browser.get("/api/me")).json()["player"]["name"] == "Player"


@pytest.mark.asyncio
async def test_over_https_the_cookie_is_secure(tmp_path: Path) -> None:
    """Behind a trusted proxy that terminated TLS (X-Forwarded-Proto), the cookie is sent only over https."""
    async with live_server(_database(tmp_path), forwarded_allow_ips=("127.0.0.1",)) as live, \
            httpx.AsyncClient(base_url=live.http) as browser:
        made = await browser.get("/api/me", params={"create": "1"}, headers={"X-Forwarded-Proto": "https"})
        assert made.status_code == 201 and "Secure" in made.headers["set-cookie"]
        assert "HttpOnly" in made.headers["set-cookie"]
