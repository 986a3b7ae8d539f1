"""Per-address limits shared by every instance: token buckets kept in Redis, refilled on Redis's clock.

The same arithmetic as `duoplay.server.ratelimit.TokenBuckets`, in one script so a take is atomic
however many instances spend from the bucket at once. A bucket that has refilled expires, so Redis
holds only addresses seen within `burst / per_second` seconds.
"""

from __future__ import annotations

from typing import Any

from duoplay.server.cluster.directory import PREFIX

# KEYS: the bucket. ARGV: burst, tokens per second, 1 to take (0 to give one back).
# Returns the seconds to wait (as text; 0 if a token was taken or given back).
_BUCKET = """
local burst, rate, take = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3] == '1'
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local stored = redis.call('HMGET', KEYS[1], 'tokens', 'updated')
if not take and not stored[1] then return '0' end
local tokens = tonumber(stored[1]) or burst
local updated = tonumber(stored[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - updated) * rate)
local wait = 0
if take then
  if tokens >= 1 then tokens = tokens - 1 else wait = (1 - tokens) / rate end
else
  tokens = math.min(burst, tokens + 1)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'updated', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return tostring(wait)
"""


class SharedAddressLimit:
    """`AddressLimit` whose buckets every instance of the cluster shares."""

    def __init__(self, redis: Any, name: str, burst: int, per_second: float) -> None:
        if burst < 1 or per_second <= 0:
            raise ValueError("a token bucket needs burst >= 1 and a positive rate")
        self.burst, self.per_second = burst, per_second
        self._prefix = f"{PREFIX}limit:{name}:"
        self._script = redis.register_script(_BUCKET)

    async def _run(self, key: str, take: bool) -> float:
        wait = await self._script(keys=[self._prefix + key], args=[self.burst, self.per_second, int(take)])
        return float(wait)

    async def take(self, key: str) -> float:
        return await self._run(key, True)

    async def give_back(self, key: str) -> None:
        await self._run(key, False)
