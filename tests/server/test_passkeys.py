"""Passkeys as the server sees them: each refusal is typed and changes nothing, a challenge is used
once, a second browser's secret stops working when it signs out, and deleting a profile deletes its
passkeys and browsers. (The whole ceremony with an authenticator: tests/web/test_passkeys.py.)"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import insert
from tests.server.in_process import live_server

from duoplay.server.identity.cookie import COOKIE, hash_secret, new_secret
from duoplay.server.identity.passkey_tables import DeviceModel, PasskeyModel
from duoplay.server.storage.store import Write


def _database(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'duoplay.db'}"


async def _rows(live: object, table: str) -> int:
    storage = live.app.state.identity.players.storage  # type: ignore[attr-defined]
    async with storage.engine.connect() as conn:
        return int((await conn.exec_driver_sql(f"SELECT COUNT(*) FROM {table}")).scalar_one())


@pytest.mark.asyncio
async def test_every_refusal_is_typed_and_stores_nothing(tmp_path: Path) -> None:
    async with live_server(_database(tmp_path)) as live, httpx.AsyncClient(base_url=live.http) as browser:
        # Without a player there is nothing to add a passkey to.
        refused = await browser.post("/api/me/passkeys/options", json={})
        assert refused.status_code == 401 and refused.json()["error"]["code"] == "no_player"
        await browser.get("/api/me", params={"create": "1", "name": "Ada"})
        options = (await browser.post("/api/me/passkeys/options", json={})).json()
        key = options["publicKey"]
        assert key["rp"]["id"] == httpx.URL(live.http).host  # the host name the page was opened at
        assert key["authenticatorSelection"]["residentKey"] == "required"
        for body, code in [
            ({"ceremony": "nonsense", "credential": {}}, "bad_ceremony"),
            ({"ceremony": options["ceremony"], "credential": "not an object"}, "passkey_refused"),
        ]:
            answer = await browser.post("/api/me/passkeys", json=body)
            assert answer.status_code == 400 and answer.json()["error"]["code"] == code, answer.json()
        # The challenge was used by the refused answer: it cannot be answered again.
        stale = {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {}}
        again = await browser.post("/api/me/passkeys",
                                   json={"ceremony": options["ceremony"], "credential": stale})
        assert again.json()["error"]["code"] == "bad_ceremony"
        garbage = await browser.post("/api/me/passkeys", content=b"\xff{")
        assert garbage.status_code == 400 and garbage.json()["error"]["code"] == "malformed_request"
        huge = await browser.post("/api/me/passkeys", content=b"{" + b" " * 70_000 + b"}")
        assert huge.status_code == 400
        # Signing in with a passkey nobody has.
        sign_in = (await browser.post("/api/passkeys/options", json={})).json()
        # No passkey is named: the browser offers the ones it keeps for this site (no name to type).
        assert sign_in["publicKey"]["challenge"] and not sign_in["publicKey"].get("allowCredentials")
        nobodys = {"id": "bm9ib2R5", "rawId": "bm9ib2R5", "type": "public-key", "response": {}}
        unknown = await browser.post("/api/passkeys/sign-in", json={"ceremony": sign_in["ceremony"],
                                                                    "credential": nobodys})
        assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_passkey"
        removed = await browser.delete("/api/me/passkeys/bm9ib2R5")
        assert removed.status_code == 404 and removed.json()["error"]["code"] == "unknown_passkey"
        assert (await browser.get("/api/me/passkeys")).json() == {"passkeys": []}
        assert await _rows(live, "passkeys") == 0 and await _rows(live, "player_devices") == 0
        # Another site's page is refused before anything is read.
        foreign = await browser.post("/api/passkeys/options", json={},
                                     headers={"Origin": "https://evil.example"})
        assert foreign.status_code == 403 and foreign.json()["error"]["code"] == "forbidden_origin"


@pytest.mark.asyncio
async def test_a_second_browser_signs_out_alone_and_deleting_takes_the_passkeys(tmp_path: Path) -> None:
    async with live_server(_database(tmp_path)) as live, httpx.AsyncClient(base_url=live.http) as first, \
            httpx.AsyncClient(base_url=live.http) as second:
        player = (await first.get("/api/me", params={"create": "1", "name": "Ada"})).json()["player"]
        # What a passkey's sign-in leaves behind: the passkey, and a secret of the second browser's own.
        secret = new_secret()
        storage = live.app.state.identity.players.storage
        await storage.write(Write((
            (insert(PasskeyModel.__table__), {"credential_id": "a2V5", "player_id": player["id"],
                                              "public_key": b"k", "sign_count": 0, "label": "Phone",
                                              "created_at": time.time(), "used_at": None}),
            (insert(DeviceModel.__table__), {"secret_hash": hash_secret(secret), "player_id": player["id"],
                                             "created_at": time.time()}),
        )))
        second.cookies.set(COOKIE, secret)
        assert (await second.get("/api/me")).json()["player"]["id"] == player["id"]
        listed = (await second.get("/api/me/passkeys")).json()["passkeys"]
        assert [key["label"] for key in listed] == ["Phone"]
        await second.post("/api/me/signout")
        second.cookies.set(COOKIE, secret)  # the old cookie, kept by some other means: it no longer works
        assert (await second.get("/api/me")).json() == {"player": None}
        assert (await first.get("/api/me")).json()["player"]["id"] == player["id"]  # the first stays in
        # A second browser again, then the profile is deleted: passkeys and browsers go with it.
        await storage.write(Write(((insert(DeviceModel.__table__), {
            "secret_hash": hash_secret(secret), "player_id": player["id"], "created_at": time.time()}),)))
        assert (await first.delete("/api/me")).status_code == 200
        assert (await second.get("/api/me")).json() == {"player": None}
        assert await _rows(live, "passkeys") == 0 and await _rows(live, "player_devices") == 0
