"""referee: a command-line referee and scoring assistant for physical board games."""


def __getattr__(name: str) -> str:
    """``referee.__version__``: the installed package's version (one source: pyproject.toml),
    read only when asked, so that importing the package costs nothing."""
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("referee")
        except PackageNotFoundError:  # sources run without an install
            return "0+unknown"
    raise AttributeError(name)
