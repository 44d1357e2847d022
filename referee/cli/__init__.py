"""The command line: thin Typer commands over the games, the store and the text catalogs."""
