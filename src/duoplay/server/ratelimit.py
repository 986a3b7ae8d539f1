"""Token buckets per client address: a burst allowance that refills at a steady rate, in bounded memory."""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

MAX_ADDRESSES = 10_000  # about 1 MB of buckets; past this the longest-unseen address is forgotten


@dataclass(slots=True)
class _Bucket:
    tokens: float
    updated: float


class TokenBuckets:
    """Each key may spend `burst` tokens at once; spent tokens come back at `per_second`.

    A bucket that has refilled is the same as no bucket, so it is forgotten: only
    addresses seen within the last `burst / per_second` seconds take memory, and
    never more than `max_keys` of them.
    """

    def __init__(
        self,
        burst: int,
        per_second: float,
        max_keys: int = MAX_ADDRESSES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if burst < 1 or per_second <= 0 or max_keys < 1:
            raise ValueError("a token bucket needs burst >= 1, a positive rate and room for one key")
        self.burst = burst
        self.per_second = per_second
        self.max_keys = max_keys
        self._clock = clock
        self._full_after = burst / per_second
        # Ordered by last use, so the front holds the buckets that refilled first.
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, key: str, cost: float = 1.0) -> float:
        """Spend `cost` tokens of `key`: 0.0 if it had them, else the seconds until it will.

        A cost above `burst` costs `burst`: a full bucket pays for anything, once."""
        cost = min(cost, float(self.burst))
        now = self._clock()
        self._forget(now)
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
        else:
            bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.updated) * self.per_second)
            bucket.updated = now
            self._buckets.move_to_end(key)
        if bucket.tokens >= cost:
            bucket.tokens -= cost
            return 0.0
        return (cost - bucket.tokens) / self.per_second

    def give_back(self, key: str) -> None:
        """Return a token spent on a request that was refused for another reason."""
        bucket = self._buckets.get(key)
        if bucket is not None:
            bucket.tokens = min(float(self.burst), bucket.tokens + 1.0)

    def _forget(self, now: float) -> None:
        while self._buckets:
            key, oldest = next(iter(self._buckets.items()))
            if now - oldest.updated < self._full_after and len(self._buckets) < self.max_keys:
                return
            del self._buckets[key]


class AddressLimit(Protocol):
    """A limit per client address that the web layer spends from: in this process, or shared by a cluster."""

    async def take(self, key: str) -> float:
        """0.0 if `key` may go on, else the seconds until it may."""
        ...

    async def give_back(self, key: str) -> None: ...


class LocalAddressLimit:
    """`AddressLimit` over this process's `TokenBuckets`."""

    def __init__(self, buckets: TokenBuckets) -> None:
        self.buckets = buckets

    async def take(self, key: str) -> float:
        return self.buckets.take(key)

    async def give_back(self, key: str) -> None:
        self.buckets.give_back(key)


def retry_after_header(seconds: float) -> str:
    """Retry-After takes whole seconds; rounding up never invites a retry that is still refused."""
    return str(max(1, math.ceil(seconds)))
