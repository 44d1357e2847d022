import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Tests read English text unless they ask otherwise, whatever the machine's REFEREE_LANG."""
    monkeypatch.setenv("REFEREE_LANG", "en")
