"""Game-agnostic foundations: the error family, text catalogs, strict JSON, the game interface."""
