"""duoplay: tabletop party and card games for people, bots and agents; each game is a package
under duoplay.games, registered in the duoplay.games entry point group."""

__version__ = "0.1.0"
