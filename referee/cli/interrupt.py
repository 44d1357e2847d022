"""Ctrl-C, ``kill -INT``, SIGTERM and SIGHUP: always a quiet stop at a safe point (issue 24,
fault 11).

Python's own SIGINT handler raises ``KeyboardInterrupt`` wherever the main thread happens to be:
inside asyncio's teardown (``Exception ignored in BaseEventLoop.__del__ … KeyboardInterrupt``,
and the interrupt is lost), inside prompt_toolkit's cleanup, inside a save.  And while a
questionary menu runs, prompt_toolkit replaces that handler with one that turns the signal into a
``<sigint>`` key, which a menu does not bind: ``kill -INT`` was ignored.  (The Ctrl-C *key* in
raw mode is not a signal at all: questionary binds it to ``KeyboardInterrupt``.)

So the referee installs its own handler (``installed``, by ``referee.cli.app.main``) for SIGINT,
SIGTERM and SIGHUP.  It remembers the signal; outside a ``deferred`` block it raises
``KeyboardInterrupt`` at once (``list`` over a large archive stops at once), inside one it never
raises: a question that is open is closed with ``KeyboardInterrupt`` (``ask``), and the block
raises it when it ends, so the interrupt always surfaces where the session is saved and the event
loop closed.  Every command then ends with exit 130.
"""

from __future__ import annotations

import functools
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

#: the signals that stop the referee (SIGHUP: the terminal was closed)
SIGNALS = tuple(s for s in (getattr(signal, n, None) for n in ("SIGINT", "SIGTERM", "SIGHUP"))
                if s is not None)

_received: list[int] = []  # the signals received (empty: none)
_depth = 0  # how many ``deferred`` blocks the main thread is in
_installed = False


def received() -> bool:
    return bool(_received)


#: the Ctrl-C key (a key, not a signal, while a question has the terminal in raw mode)
CTRL_C = "\x03"


def typed_ahead(keys: str, app: Any = None) -> None:
    """What was typed before a question appeared, about to be thrown away (issue 22): a Ctrl-C
    among it is never thrown away with the rest, it stops as a signal would (issue 24, fault 11).
    Such a Ctrl-C was pressed as the last question was answered: the key came in the same read
    as the answer (prompt_toolkit keeps it for the next question), or after the question had
    stopped reading but before the terminal left raw mode (it waits in the terminal's queue).
    ``app``: the question being drawn (the keys were read while its first screen went out): it is
    closed with ``KeyboardInterrupt`` (raised from its ``run``), never raised inside its drawing."""
    if CTRL_C not in keys:
        return
    if app is None:
        raise KeyboardInterrupt
    if app.is_running and app.future is not None and not app.future.done():
        app.exit(exception=KeyboardInterrupt, style="class:aborting")


def _handler(signum: int, frame: Any) -> None:
    _received.append(signum)
    if _depth:
        _close_question()
        return
    raise KeyboardInterrupt


def _close_question() -> None:
    """Close the question that is open, if one is (``KeyboardInterrupt`` from its ``run``)."""
    import asyncio

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return  # no question is open: the block's end raises
    loop.call_soon_threadsafe(_exit_app)


def _exit_app() -> None:
    from prompt_toolkit.application.current import get_app_or_none

    app = get_app_or_none()
    if app is not None and app.is_running and app.future is not None and not app.future.done():
        app.exit(exception=KeyboardInterrupt, style="class:aborting")


@contextmanager
def installed() -> Iterator[None]:
    """The referee's handler for the duration (the previous handlers are put back after)."""
    global _installed
    import threading

    if _installed or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {}
    for s in SIGNALS:
        try:
            previous[s] = signal.signal(s, _handler)
        except (OSError, ValueError):  # pragma: no cover - a platform without it
            pass
    _installed = True
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        _installed = False
        _received.clear()


@contextmanager
def deferred() -> Iterator[None]:
    """A block a signal never interrupts in the middle: the interrupt is raised when it ends
    (whatever else went wrong meanwhile: a closed terminal fails the question too)."""
    global _depth
    if _received:
        raise KeyboardInterrupt
    _depth += 1
    try:
        yield
    except BaseException:
        _depth -= 1
        if _received:
            raise KeyboardInterrupt from None
        raise
    _depth -= 1
    if _received:
        raise KeyboardInterrupt


def deferring(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` runs as a ``deferred`` block (a command that writes a session)."""
    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> Any:
        with deferred():
            return function(*args, **kwargs)
    return run


def ask(application: Any) -> Any:
    """Run a questionary question's application (what ``unsafe_ask`` does) with the signals
    handled here: never ignored while the question is open, never left behind by it."""
    def check() -> None:  # a signal between the block's start and the question's
        if _received:
            application.exit(exception=KeyboardInterrupt, style="class:aborting")

    with deferred():
        return application.run(pre_run=check, handle_sigint=not _installed)
