"""Passkeys (WebAuthn) that keep one profile on several devices.

A player with a profile adds a passkey (registration); on another browser, signing in with it
(authentication, with a discoverable credential: no name to type) gives that browser a cookie of
its own for the same player (`player_devices`). The `webauthn` package checks every answer: the
challenge, the relying party (this site's host name), the origin, the signature and the counter.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, delete, insert, select, update
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from duoplay.server.identity.cookie import hash_secret, new_secret
from duoplay.server.identity.passkey_tables import CeremonyModel, DeviceModel, PasskeyModel
from duoplay.server.identity.players import Player, tidy_name
from duoplay.server.storage import Storage
from duoplay.server.storage.store import Statement, Write

_passkeys = cast(Table, PasskeyModel.__table__)
_devices = cast(Table, DeviceModel.__table__)
_ceremonies = cast(Table, CeremonyModel.__table__)

CEREMONY_SECONDS = 300.0  # how long a challenge waits for its answer (the browser's own timeout is 60 s)
MOST_PASSKEYS = 10  # per player: enough for every device a person owns
REGISTER, SIGN_IN = "register", "sign_in"
SITE_NAME = "duoplay"


class PasskeyError(Exception):
    """A refused ceremony: `code` for programs, `message` for people (a message id with `params`)."""

    def __init__(self, code: str, message: str, status: int = 400, **params: Any) -> None:
        super().__init__(message.format(**params) if params else message)
        self.code, self.message, self.status, self.params = code, message, status, params


@dataclass(frozen=True, slots=True)
class Site:
    """Who the browser talks to: the relying party id (the host name, never an IP address) and the
    origin the page was served from."""

    rp_id: str
    origin: str


@dataclass(frozen=True, slots=True)
class Passkey:
    id: str
    label: str
    created_at: float
    used_at: float | None


def _now() -> float:
    return time.time()


class Passkeys:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    # --- ceremonies ------------------------------------------------------------------------------

    async def _open(self, purpose: str, challenge: bytes, player_id: str | None) -> str:
        ceremony = secrets.token_urlsafe(18)
        now = _now()
        await self.storage.write(Write((
            (delete(_ceremonies).where(_ceremonies.c.expires_at < now), None),  # the stale ones go too
            (insert(_ceremonies), {"id": ceremony, "purpose": purpose, "player_id": player_id,
                                   "challenge": challenge, "expires_at": now + CEREMONY_SECONDS}),
        )))
        return ceremony

    async def _close(self, ceremony: Any, purpose: str) -> tuple[bytes, str | None]:
        """The ceremony's challenge and player, once: a second answer to it finds nothing."""
        if not isinstance(ceremony, str) or not 0 < len(ceremony) <= 32:
            raise PasskeyError("bad_ceremony", "That passkey request has expired: try again")
        async with self.storage.engine.connect() as conn:
            row = (await conn.execute(select(_ceremonies).where(_ceremonies.c.id == ceremony))).first()
        await self.storage.write(Write(((delete(_ceremonies).where(_ceremonies.c.id == ceremony), None),)))
        if row is None or row.purpose != purpose or row.expires_at < _now():
            raise PasskeyError("bad_ceremony", "That passkey request has expired: try again")
        return bytes(row.challenge), row.player_id

    # --- adding a passkey to a profile -----------------------------------------------------------

    async def registration_options(self, site: Site, player: Player) -> dict[str, Any]:
        known = await self.of_player(player.id)
        if len(known) >= MOST_PASSKEYS:
            raise PasskeyError("too_many_passkeys", "A profile keeps at most {most} passkeys",
                               most=MOST_PASSKEYS)
        options = generate_registration_options(
            rp_id=site.rp_id, rp_name=SITE_NAME, user_id=player.id.encode(), user_name=player.name,
            user_display_name=player.name,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,  # found on sign-in without a name typed
                user_verification=UserVerificationRequirement.PREFERRED),
            exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(key.id))
                                 for key in known],
        )
        ceremony = await self._open(REGISTER, options.challenge, player.id)
        return {"ceremony": ceremony, "publicKey": json.loads(options_to_json(options))}

    async def register(self, site: Site, player: Player, ceremony: Any, credential: Any,
                       label: Any = None) -> Passkey:
        challenge, owner = await self._close(ceremony, REGISTER)
        if owner != player.id:
            raise PasskeyError("bad_ceremony", "That passkey request has expired: try again")
        try:
            verified = verify_registration_response(
                credential=_credential(credential), expected_challenge=challenge,
                expected_rp_id=site.rp_id, expected_origin=site.origin)
        except (WebAuthnException, ValueError, TypeError, KeyError) as error:
            raise PasskeyError("passkey_refused", "The passkey could not be checked: {reason}",
                               reason=str(error)[:200]) from None
        key = Passkey(_b64(verified.credential_id), tidy_name(label) or "Passkey", _now(), None)
        await self.storage.write(Write(((insert(_passkeys), {
            "credential_id": key.id, "player_id": player.id, "public_key": verified.credential_public_key,
            "sign_count": verified.sign_count, "label": key.label, "created_at": key.created_at,
            "used_at": None}),)))
        return key

    async def of_player(self, player_id: str) -> list[Passkey]:
        query = select(_passkeys).where(_passkeys.c.player_id == player_id).order_by(_passkeys.c.created_at)
        async with self.storage.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [Passkey(row.credential_id, row.label, row.created_at, row.used_at) for row in rows]

    async def remove(self, player_id: str, credential_id: str) -> bool:
        keys = {key.id for key in await self.of_player(player_id)}
        if credential_id not in keys:
            return False
        await self.storage.write(Write(((delete(_passkeys).where(
            (_passkeys.c.credential_id == credential_id) & (_passkeys.c.player_id == player_id)), None),)))
        return True

    # --- signing in on another browser -----------------------------------------------------------

    async def sign_in_options(self, site: Site) -> dict[str, Any]:
        options = generate_authentication_options(
            rp_id=site.rp_id, user_verification=UserVerificationRequirement.PREFERRED)
        ceremony = await self._open(SIGN_IN, options.challenge, None)
        return {"ceremony": ceremony, "publicKey": json.loads(options_to_json(options))}

    async def sign_in(self, site: Site, ceremony: Any, credential: Any) -> tuple[str, str]:
        """The player the passkey belongs to, and a new cookie secret for this browser."""
        challenge, _ = await self._close(ceremony, SIGN_IN)
        answer = _credential(credential)
        credential_id = answer.get("id") if isinstance(answer, dict) else None
        if not isinstance(credential_id, str) or not 0 < len(credential_id) <= 1400:
            raise PasskeyError("passkey_refused", "The passkey could not be checked: {reason}",
                               reason="no credential id")
        async with self.storage.engine.connect() as conn:
            found = select(_passkeys).where(_passkeys.c.credential_id == credential_id)
            row = (await conn.execute(found)).first()
        if row is None:
            raise PasskeyError("unknown_passkey", "This passkey belongs to no profile here (it may have been "
                               "removed, or its profile deleted)", 404)
        try:
            verified = verify_authentication_response(
                credential=answer, expected_challenge=challenge, expected_rp_id=site.rp_id,
                expected_origin=site.origin, credential_public_key=bytes(row.public_key),
                credential_current_sign_count=row.sign_count)
        except (WebAuthnException, ValueError, TypeError, KeyError) as error:
            raise PasskeyError("passkey_refused", "The passkey could not be checked: {reason}",
                               reason=str(error)[:200]) from None
        secret = new_secret()
        now = _now()
        await self.storage.write(Write((
            (update(_passkeys).where(_passkeys.c.credential_id == credential_id)
             .values(sign_count=verified.new_sign_count, used_at=now), None),
            (insert(_devices), {"secret_hash": hash_secret(secret), "player_id": row.player_id,
                                "created_at": now}),
        )))
        return row.player_id, secret

    async def forget_device(self, secret_hash: str) -> None:
        """Sign-out on a browser a passkey signed in: its secret stops working anywhere."""
        gone = delete(_devices).where(_devices.c.secret_hash == secret_hash)
        await self.storage.write(Write(((gone, None),)))

    async def player_of_device(self, secret_hash: str) -> str | None:
        """The player a browser signed in by a passkey keeps, from its secret's hash."""
        query = select(_devices.c.player_id).where(_devices.c.secret_hash == secret_hash)
        async with self.storage.engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return None if row is None else str(row.player_id)

    def deleted_with(self, player_id: str) -> list[Statement]:
        """A deleted player's passkeys, browsers and open ceremonies go in the same commit (the
        foreign keys would cascade too; this does not rely on them)."""
        return [(delete(table).where(table.c.player_id == player_id), None)
                for table in (_ceremonies, _devices, _passkeys)]


def _credential(credential: Any) -> Any:
    """The browser's `PublicKeyCredential.toJSON()`, as an object (the webauthn package parses it)."""
    if not isinstance(credential, dict) or len(json.dumps(credential)) > 64 * 1024:
        raise PasskeyError("passkey_refused", "The passkey could not be checked: {reason}",
                           reason="the answer is not a credential")
    return credential


def _b64(raw: bytes) -> str:
    return str(bytes_to_base64url(raw))
