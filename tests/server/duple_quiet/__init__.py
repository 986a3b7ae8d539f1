"""Duple with a bot that never finds anything: the server must not stall on it."""
