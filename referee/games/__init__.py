"""The games: one package each, found by ``referee.core.registry`` (a new game is a new folder
here whose ``__init__`` defines ``GAME``)."""
