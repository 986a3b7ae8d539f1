"""The room directory in Redis: which instance owns each room, under a lease that the owner renews.

Keys (all under `duoplay:`):
- `room:{code}`: the owning instance's id, expiring after the lease unless renewed;
- `instance:{id}`: the instance is alive, under a heartbeat shorter than the lease. Once it has
  expired, the instance is taken for dead: its rooms may be claimed at once, leases or not (so a
  fail-over waits for the heartbeat, not for the lease);
- `instance:{id}:rooms`: the rooms an instance claimed, so that others can take them over when it dies;
- `instances`: every instance that registered and has not been cleaned up.

A lease only says who should serve a room; it cannot stop a paused instance that wakes up after its
lease ran out. That is the job of the fence in PostgreSQL (`Storage.claim_room`, `Fence`), which every
write of a room checks.
"""

from __future__ import annotations

from typing import Any

PREFIX = "duoplay:"
INSTANCES = PREFIX + "instances"

# KEYS: this instance's key, its rooms' list, the list of instances, then its rooms' keys. ARGV: instance
# id, heartbeat in ms, lease in ms, the length of a room key's prefix. Returns 1 or 0 (was the instance
# key still there), then the 1-based positions of rooms it no longer owns.
# The instance key is set again even when it had run out (a loop stalled past the heartbeat): in the
# same atomic step, every room still under this instance's id is one nobody took over, and from now on
# nobody can (a take-over needs the owner's key gone), so the instance keeps it. Each renewal also puts
# the instance and its rooms back in the lists, which another instance may have cleared while it
# seemed dead, so that its rooms can still be taken over when it really dies.
_RENEW = """
local alive = redis.call('EXISTS', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[3], ARGV[1])
local result = {alive}
for i = 4, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[3])
    redis.call('SADD', KEYS[2], string.sub(KEYS[i], tonumber(ARGV[4]) + 1))
  else
    table.insert(result, i - 3)
  end
end
return result
"""

# KEYS: a room's key, then its owner's instance key. ARGV: this instance's id, the owner's id, lease in ms.
# The room passes to this instance only if the owner still holds it and its heartbeat has run out.
_TAKE_OVER = """
if redis.call('GET', KEYS[1]) == ARGV[2] and redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
  return 1
end
return 0
"""

# KEYS: a room's key. ARGV: instance id. Deletes the key only if this instance owns it.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def room_key(code: str) -> str:
    return f"{PREFIX}room:{code}"


def instance_key(instance: str) -> str:
    return f"{PREFIX}instance:{instance}"


def rooms_key(instance: str) -> str:
    return f"{PREFIX}instance:{instance}:rooms"


class RoomDirectory:
    def __init__(self, redis: Any, instance: str, lease: float, heartbeat: float | None = None) -> None:
        self.redis = redis
        self.instance = instance
        self.lease_ms = max(1, int(lease * 1000))
        self.heartbeat_ms = max(1, int((heartbeat if heartbeat is not None else lease) * 1000))
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)
        self._take_over = redis.register_script(_TAKE_OVER)

    async def register(self) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(instance_key(self.instance), self.instance, px=self.heartbeat_ms)
            pipe.sadd(INSTANCES, self.instance)
            await pipe.execute()

    async def unregister(self) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.delete(instance_key(self.instance), rooms_key(self.instance))
            pipe.srem(INSTANCES, self.instance)
            await pipe.execute()

    async def renew(self, codes: list[str]) -> tuple[bool, list[str]]:
        """Renew this instance's lease and those of `codes`: (was it still registered, codes it lost)."""
        keys = [instance_key(self.instance), rooms_key(self.instance), INSTANCES,
                *(room_key(code) for code in codes)]
        result = await self._renew(keys=keys, args=[self.instance, self.heartbeat_ms, self.lease_ms,
                                                    len(room_key(""))])
        return bool(result[0]), [codes[int(i) - 1] for i in result[1:]]

    async def claim(self, code: str) -> str | None:
        """Take `code` if nobody holds it, or if its owner's heartbeat has run out (it died): this
        instance's id if it did, else the owner's (None: the owner's lease ended just now; ask again)."""
        if await self.redis.set(room_key(code), self.instance, nx=True, px=self.lease_ms):
            await self.redis.sadd(rooms_key(self.instance), code)
            return self.instance
        owner: str | None = await self.redis.get(room_key(code))
        if owner is not None and owner != self.instance and await self._take_over(
                keys=[room_key(code), instance_key(owner)], args=[self.instance, owner, self.lease_ms]):
            await self.redis.sadd(rooms_key(self.instance), code)
            return self.instance
        return owner

    async def owner(self, code: str) -> str | None:
        owner: str | None = await self.redis.get(room_key(code))
        return owner

    async def release(self, code: str) -> None:
        await self._release(keys=[room_key(code)], args=[self.instance])
        await self.redis.srem(rooms_key(self.instance), code)

    async def alive(self, instances: set[str]) -> set[str]:
        """Those of `instances` whose lease is current."""
        ordered = sorted(instances)
        if not ordered:
            return set()
        async with self.redis.pipeline(transaction=False) as pipe:
            for instance in ordered:
                pipe.exists(instance_key(instance))
            found = await pipe.execute()
        return {instance for instance, there in zip(ordered, found, strict=True) if there}

    async def others(self) -> set[str]:
        members: set[str] = await self.redis.smembers(INSTANCES)
        return members - {self.instance}

    async def rooms_of(self, instance: str) -> list[str]:
        return sorted(await self.redis.smembers(rooms_key(instance)))

    async def forget_room(self, instance: str, code: str) -> None:
        """`code` no longer belongs to the dead `instance`'s list."""
        await self.redis.srem(rooms_key(instance), code)

    async def forget_instance(self, instance: str) -> None:
        """A dead instance none of whose rooms is left to take over."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.delete(rooms_key(instance))
            pipe.srem(INSTANCES, instance)
            await pipe.execute()
