"""Sessions on disk: one small TinyDB file per session plus an index, written atomically."""
