"""The authoritative game server: rooms, seats, bots and the stored action log, generic over games."""
