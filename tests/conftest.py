import os
import subprocess
import sys
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
EXAMPLES = ROOT / "examples"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
# scripted terminals answer at once: a question shown after an automatic answer takes keys at
# once too (tests/test_keys.py tests the pause a table gets, ``Prompter.grace``, on its own)
os.environ.setdefault("REFEREE_KEY_GRACE", "0")

import pytest  # noqa: E402

from referee.core import registry  # noqa: E402


def referee(*args, env=None, cwd=None):
    """Run the real ``referee`` command (``python -m referee``) in a child process."""
    full_env = {**os.environ, "COLUMNS": "120", **(env or {})}
    full_env.pop("REFEREE_LANG", None) if "REFEREE_LANG" not in (env or {}) else None
    # stdin is never the developer's terminal: a command that would ask refuses the same everywhere
    return subprocess.run([sys.executable, "-m", "referee", *map(str, args)], capture_output=True,
                          text=True, env=full_env, cwd=cwd, timeout=60, stdin=subprocess.DEVNULL)


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Tests read English text unless they ask otherwise, whatever the machine's REFEREE_LANG."""
    monkeypatch.setenv("REFEREE_LANG", "en")


# --------------------------------------------------------------------------------------------
# Games: the registered ones and the throwaway games defined inside tests/ (each
# ``tests/<folder>/game.py`` with a ``GAME``), registered only while a test uses them.


def throwaway_games() -> dict:
    """The throwaway games defined inside tests/, by name."""
    found = {}
    for path in sorted(TESTS.glob("*/game.py")):
        game = getattr(import_module(f"tests.{path.parent.name}.game"), "GAME", None)
        if game is not None:
            found[game.name] = game
    return found




def game_names() -> list[str]:
    """Every game the shared tests run over: the registered ones, then the tests' own."""
    return [*registry.names(), *(n for n in throwaway_games() if n not in registry.names())]


@contextmanager
def registered(game):
    """``game`` is in the registry (and its catalogs are read) for the duration."""
    known = game.name in registry.names()
    if not known:
        registry.register(game)
    try:
        yield registry.get(game.name)
    finally:
        if not known:
            registry.unregister(game.name)


def pytest_generate_tests(metafunc):
    """A test that takes ``game_name`` runs once for every game (``game`` fixture: the game,
    registered for the test)."""
    own = {name.strip() for marker in metafunc.definition.iter_markers("parametrize")
           for name in (marker.args[0].split(",") if isinstance(marker.args[0], str) else marker.args[0])}
    if "game_name" in metafunc.fixturenames and "game_name" not in own:
        metafunc.parametrize("game_name", game_names())


@pytest.fixture
def game(game_name):
    own = throwaway_games().get(game_name)
    if own is None:
        yield registry.get(game_name)
    else:
        with registered(own) as g:
            yield g
