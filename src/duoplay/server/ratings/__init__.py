"""Ratings per game for rated matches between people (docs/server.md, Ratings): the model, what a
match's end writes, and the reads profiles and leaderboards show."""
