"""Duple's word judge and the bot's word finder (see docs/duple-judge.md)."""
