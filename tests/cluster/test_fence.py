"""The fence on PostgreSQL: once another process claims a room, nothing the old owner writes commits."""

from __future__ import annotations

import asyncio
import random

import pytest

from duoplay.core.match import Match
from duoplay.server.lobby import PLAYING
from duoplay.server.storage import Fence, Fenced, RoomRow, Storage
from duoplay.server.storage.migrate import upgrade_async

pytestmark = [pytest.mark.asyncio, pytest.mark.postgres]


async def test_an_old_owner_cannot_commit_after_a_new_claim(postgres_url: str) -> None:
    await upgrade_async(postgres_url)
    old, new = Storage(postgres_url), Storage(postgres_url)  # two processes' storage, one database
    try:
        match = Match.new("uno-duo", 2, seed=99)
        rng = random.Random(3)
        for code, match_id in (("AAAAAA", "m1"), ("BBBBBB", "m2")):
            await old.create_room(RoomRow(code, "uno-duo", match.header.options, [], PLAYING, match_id, 1.0))
            await old.create_match(match_id, code, match.header, ["Ada", "Bo"], 1.0)
        first = await old.claim_room("AAAAAA")
        other = await old.claim_room("BBBBBB")
        assert first == 1 and other == 1 and await old.claim_room("NOSUCH") is None
        seat = match.to_move()[0]
        match.act(seat, rng.choice(list(match.legal_actions(seat))))
        await old.append_action("m1", 1, match.log[-1], None, Fence("AAAAAA", first))

        taken = await new.claim_room("AAAAAA")
        assert taken == first + 1
        seat = match.to_move()[0]
        match.act(seat, rng.choice(list(match.legal_actions(seat))))
        # In one batch with a write of a room the old owner still holds: that one commits, this one not.
        refused, kept = await asyncio.gather(
            old.append_action("m1", 2, match.log[-1], None, Fence("AAAAAA", first)),
            old.append_action("m2", 1, match.log[0], None, Fence("BBBBBB", other)),
            return_exceptions=True,
        )
        assert isinstance(refused, Fenced) and refused.codes == ["AAAAAA"] and kept is None
        with pytest.raises(Fenced):
            await old.update_room("AAAAAA", [], "finished", "m1", Fence("AAAAAA", first))
        await new.append_action("m1", 2, match.log[-1], None, Fence("AAAAAA", taken))

        stored = await new.load_match("m1")
        assert stored is not None and [e.to_json() for e in stored.log] == [e.to_json() for e in match.log]
        room = await new.load_room("AAAAAA")
        assert room is not None and room.status == PLAYING  # the refused update changed nothing
        second = await new.load_match("m2")
        assert second is not None and len(second.log) == 1
    finally:
        await old.close()
        await new.close()
