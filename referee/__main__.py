"""``python -m referee`` and the ``referee`` command (``run``).

A signal that comes while Python is still loading the referee (before ``referee.cli.app.main``
installs its own handlers, ``referee.cli.interrupt``) ends it at once with exit 130: nothing is
open or written yet, and nothing is printed (issue 24, fault 11)."""

import os
import signal


def _stop(signum, frame) -> None:  # pragma: no cover - exercised in a child process
    os._exit(130)


def run() -> None:
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _stop)
    from referee.cli.app import main

    main()


if __name__ == "__main__":
    run()
