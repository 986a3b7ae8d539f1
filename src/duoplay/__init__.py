"""duoplay: UNO Duo, DUOS, Duple and Duplik for people, bots and agents."""

__version__ = "0.1.0"
