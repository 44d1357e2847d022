"""referee: a command-line referee and scoring assistant for physical board games."""

__version__ = "0.1.0"
