"""Reading a small JSON request body without trusting its size or its shape."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import ClientDisconnect, Request


async def json_object(request: Request, limit: int, empty: bytes = b"") -> dict[str, Any] | None:
    """The body as a JSON object, or None when it is longer than `limit` bytes, cut short, not JSON
    or not an object. `empty` stands for a body that was not sent (b"{}": no fields)."""
    raw = b""
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > limit:
                return None
    except ClientDisconnect:
        return None
    try:
        body = json.loads(raw or empty)
    except (ValueError, RecursionError):
        return None
    return body if isinstance(body, dict) else None
