"""A passkey carries a profile to a second browser: Ada adds one on her profile page (Chromium's
virtual authenticator stands in for the phone's or laptop's), her passkey reaches the other device
(as a synced passkey does), and there "Sign in with a passkey" brings her profile, ratings and all;
signing out there leaves the first browser signed in; deleting the profile removes the passkey."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import CDPSession, Page, expect
from tests.web.conftest import Server
from tests.web.tables import SIZES, NewContext, Person, player

pytestmark = pytest.mark.browser


def authenticator(page: Page) -> tuple[CDPSession, str]:
    """A platform authenticator in this browser that verifies its user (a fingerprint, a PIN)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True}})
    return cdp, str(added["authenticatorId"])


def me(page: Page) -> dict[str, Any] | None:
    answer: dict[str, Any] = page.evaluate("() => fetch('/api/me').then((r) => r.json())")
    return answer["player"]


def open_own_profile(page: Page, base: str) -> str:
    page.goto(base + "/")
    page.locator("#my-profile").click()
    page.wait_for_url("**/player/*")
    expect(page.locator("#profile-own")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


@pytest.mark.parametrize("sizes", ["laptop-phone", "phone-laptop"])
def test_a_passkey_brings_the_profile_to_another_browser(new_context: NewContext, own_server: Server,
                                                        screenshots: Path, sizes: str) -> None:
    # A passkey belongs to a host name, never an IP address: the site is opened at localhost.
    base = own_server.url.replace("127.0.0.1", "localhost")
    first_size, second_size = sizes.split("-")
    ada, ada_errors = player(new_context, Person("Ada", SIZES[first_size]))
    other, other_errors = player(new_context, Person("Someone", SIZES[second_size]))
    ada_keys, ada_authenticator = authenticator(ada)
    other_keys, other_authenticator = authenticator(other)

    ada_id = open_own_profile(ada, base)
    expect(ada.locator("#passkeys li.empty")).to_be_visible()
    ada.locator("#add-passkey").click()
    expect(ada.locator("#passkeys li[data-passkey]")).to_have_count(1)
    ada.screenshot(path=str(screenshots / f"passkey-added-{first_size}.png"), full_page=True)

    # The passkey reaches the other device, as a passkey synced between one's devices does.
    made = ada_keys.send("WebAuthn.getCredentials", {"authenticatorId": ada_authenticator})["credentials"]
    assert len(made) == 1 and made[0]["isResidentCredential"]
    other_keys.send("WebAuthn.addCredential", {"authenticatorId": other_authenticator, "credential": made[0]})

    # The other browser made a player of its own on its first visit; the passkey brings Ada's.
    stranger = open_own_profile(other, base)
    assert stranger != ada_id
    other.locator("#passkey-sign-in").click()
    other.wait_for_url(f"**/player/{ada_id}")
    expect(other.locator("#profile-title")).to_have_text("Ada")
    expect(other.locator("#profile-own")).to_be_visible()  # hers to manage from here too
    expect(other.locator("#passkeys li[data-passkey]")).to_have_count(1)
    assert (me(other) or {}).get("id") == ada_id
    other.screenshot(path=str(screenshots / f"passkey-signed-in-{second_size}.png"), full_page=True)

    # Signing out there does not sign Ada out on her first browser.
    other.locator("#sign-out").click()
    other.wait_for_url(base + "/")
    assert (me(other) or {}).get("id") != ada_id
    ada.reload()
    assert (me(ada) or {}).get("id") == ada_id

    # Deleting the profile deletes the passkey with it: signing in with it finds no profile.
    ada.locator("#delete-profile").click()
    ada.locator("#delete-for-good").click()
    expect(ada.locator("#profile-gone")).to_be_visible()
    open_own_profile(other, base)
    other.locator("#passkey-sign-in").click()
    expect(other.locator("#toasts")).to_contain_text("belongs to no profile")
    assert ada_errors == [] and other_errors == []
