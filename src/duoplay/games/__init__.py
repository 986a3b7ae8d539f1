"""One package per game; each is a pure rules module behind `duoplay.core.protocol.Game`."""
