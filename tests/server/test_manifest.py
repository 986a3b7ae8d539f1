"""The site installs to a phone's home screen: the web app manifest and its icons, over HTTP from the
real server, and the page that links them."""

from __future__ import annotations

import struct

import httpx
import pytest
from tests.server.support import ServerProcess

pytestmark = pytest.mark.live

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its first chunk, IHDR)."""
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_opens_the_site_standalone(server: ServerProcess) -> None:
    answer = httpx.get(server.http + "/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.headers["content-type"].split(";")[0] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["name"] == "duoplay" and manifest["short_name"] == "duoplay"
    assert manifest["description"]
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/", "/", "standalone")
    for colour in ("background_color", "theme_color"):
        assert manifest[colour].startswith("#") and len(manifest[colour]) == 7


def test_every_icon_answers_with_the_size_it_claims(server: ServerProcess) -> None:
    icons = httpx.get(server.http + "/manifest.webmanifest").json()["icons"]
    pngs = [icon for icon in icons if icon["type"] == "image/png"]
    assert {icon["sizes"] for icon in pngs} >= {"192x192", "512x512"}
    assert any("maskable" in icon["purpose"].split() for icon in pngs)
    assert any(icon["type"] == "image/svg+xml" for icon in icons)
    for icon in icons:
        answer = httpx.get(server.http + icon["src"])
        assert answer.status_code == 200, icon["src"]
        assert answer.headers["content-type"].split(";")[0] == icon["type"], icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(answer.content)
            assert f"{width}x{height}" == icon["sizes"], icon["src"]
        else:
            assert answer.content.lstrip().startswith(b"<svg")


def test_the_page_links_the_manifest_the_theme_and_the_home_screen_icon(server: ServerProcess) -> None:
    for path in ("/", "/room/ABC123"):
        page = httpx.get(server.http + path).text
        assert '<link rel="manifest" href="/manifest.webmanifest">' in page
        assert '<meta name="theme-color" content="#16202c">' in page
        assert '<link rel="apple-touch-icon" href="/static/assets/apple-touch-icon.png">' in page
    touch = httpx.get(server.http + "/static/assets/apple-touch-icon.png")
    assert touch.status_code == 200 and png_size(touch.content) == (180, 180)
    theme = httpx.get(server.http + "/manifest.webmanifest").json()["theme_color"]
    assert theme == "#16202c"
