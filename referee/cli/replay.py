"""``referee replay``: one or many records, as a readable summary or as the spec's JSON."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from referee.core import jsonio, registry
from referee.core.errors import RecordError, RefereeError, from_file
from referee.core.records import load_record


def _replay_json(path: str | Path, default_game: str | None):
    """``(game, state)`` of a record for ``--json``, replayed untracked.  The file is read as
    ``load_record`` reads it (the strict loader, names in NFC); the NFC walk over the document is
    skipped when the bytes prove every string is NFC already (no ``\\u`` escape, and
    ``jsonio.nfc_text``)."""
    data = jsonio.read_bytes(path)
    text = jsonio.decode_text(data, path)
    with from_file(path):
        document = jsonio.loads(text)
        if b"\\u" in data or not (data.isascii() or jsonio.nfc_text(data)):
            document = jsonio.nfc_document(document)
        game = registry.for_document(document, default_game)
        return game, game.parse_record(document).replay(tracked=False)[0]


#: below this many records one process replays them all: starting workers costs more than it saves
PARALLEL_FROM = 64
#: records handed to a worker at a time (few enough that every core stays busy to the end)
CHUNK = 32


def run(files: Sequence[str | Path], *, as_json: bool, default_game: str | None, lang: str,
        jobs: int | None = None) -> int:
    """Replay ``files`` and write what each gives, in the order given; returns the exit code.
    With ``as_json`` and many files, ``jobs`` processes (default: one per core this process may
    use) replay them side by side, each through the same ``_json_lines``: the output is the same
    byte for byte, only sooner."""
    from referee.core.text import catalog

    several = len(files) > 1
    failed = 0
    out = sys.stdout
    if as_json:
        for line, problem in _json_results(files, default_game, lang, several, jobs):
            if problem is not None:
                failed += 1
                sys.stderr.write(problem)
            out.write(line)
        out.flush()
        return 1 if failed else 0
    console = None
    for path in files:
        try:
            game, record = load_record(path, default_game)
            state, _steps = record.replay()
        except RefereeError as error:
            if not several:
                raise
            failed += 1
            sys.stderr.write(_problem_line(error, path, lang))
            continue
        from referee.cli.render import render

        if console is None:
            console = summary_console()
        render(game.summary(state, catalog(lang), str(path)), console)
    out.flush()
    return 1 if failed else 0


def _problem_line(error: RefereeError, path: str | Path, lang: str) -> str:
    """The line on standard error for a record that cannot be replayed, among several."""
    message = " ".join(error.render(lang).split())
    if not isinstance(error, RecordError) and str(path) not in message:
        message = f"{path}: {message}"  # (a file's own errors name it already)
    return f"referee: {message}\n"


def _json_lines(path: str | Path, default_game: str | None, lang: str,
                several: bool) -> tuple[str, str | None]:
    """``(output line, error line or None)`` of one record for ``--json``.  Alone, a record that
    cannot be replayed raises its error (the CLI says it); among several, it is an output line
    naming the error and a line for standard error."""
    try:
        game, state = _replay_json(path, default_game)
    except RefereeError as error:
        if not several:
            raise
        entry = {"file": str(path), "error": _error_dict(error, lang)}
        return jsonio.dumps_line(entry) + "\n", _problem_line(error, path, lang)
    result = game.replay_output(state)
    if several:
        result = {"file": str(path), **result}
    return jsonio.dumps_line_plain(result) + "\n", None  # (a replay output has no floats)


def _json_results(files: Sequence[str | Path], default_game: str | None, lang: str,
                  several: bool, jobs: int | None):
    """``_json_lines`` of every file, in order: in this process, or, for many files where the
    system forks (Linux), in ``jobs`` worker processes forked from this one (they have every
    module loaded already)."""
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 2 or len(files) < PARALLEL_FROM or not sys.platform.startswith("linux"):
        for path in files:
            yield _json_lines(path, default_game, lang, several)
        return
    yield from _in_workers(files, (default_game, lang, several), jobs)


def _in_workers(files: Sequence[str | Path], args: tuple, jobs: int):
    """``_json_lines`` of every file by ``jobs`` forked workers, ``CHUNK`` files a task, in order.

    * A worker never dies of Ctrl-C: it is blocked while the workers are forked (each inherits it
      blocked, ignores it, then unblocks it); this process gets it after, and stops them all.
    * A few tasks ahead at most: a slow reader of the output does not make results pile up.
    * An unexpected error is raised here at the file that raised it, after the lines before it,
      as one process raises it; a worker that dies (killed, out of memory) is an error here
      (``BrokenProcessPool``), never a wait for ever."""
    import gc
    import multiprocessing
    import signal
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor

    chunks = [files[i:i + CHUNK] for i in range(0, len(files), CHUNK)]
    jobs = min(jobs, len(chunks))
    pool = ProcessPoolExecutor(jobs, multiprocessing.get_context("fork"),
                               initializer=_worker_start)
    pending: deque = deque()
    try:
        sys.stdout.flush()  # (nothing written yet is to be written twice by a child)
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        gc.freeze()  # (the workers' collector leaves what they share alone: fewer pages copied)
        try:
            pending.append(pool.submit(_chunk_lines, chunks[0], *args))  # (forks every worker)
        finally:
            gc.unfreeze()
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        for chunk in chunks[1:]:
            pending.append(pool.submit(_chunk_lines, chunk, *args))
            if len(pending) > 2 * jobs:
                yield from _unpacked(pending.popleft().result())
        while pending:
            yield from _unpacked(pending.popleft().result())
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _chunk_lines(paths: Sequence[str | Path], default_game: str | None, lang: str,
                 several: bool) -> list:
    """In a worker: ``_json_lines`` of each path, up to an unexpected error, which ends the list
    (the exception itself if it can cross to the parent, else a ``_Fault`` that stands for it)."""
    import pickle

    done: list = []
    for path in paths:
        try:
            done.append(_json_lines(path, default_game, lang, several))
        except Exception as exc:  # (a bug, or the machine: the parent raises it at this file)
            try:
                pickle.loads(pickle.dumps(exc))
                done.append(exc)
            except Exception:
                done.append(_Fault(type(exc).__name__, str(exc)))
            break
    return done


class _Fault:
    """An exception that cannot cross processes as itself: its type's name and its message,
    raised in the parent as an exception of that name (what the CLI says of it is the same)."""

    def __init__(self, name: str, message: str) -> None:
        self.name = name
        self.message = message


def _unpacked(done: list):
    for result in done:
        if isinstance(result, _Fault):
            raise type(result.name, (Exception,), {})(result.message)
        if isinstance(result, BaseException):
            raise result
        yield result


def default_jobs() -> int:
    """One worker per core this process may run on."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _worker_start() -> None:
    """A worker leaves Ctrl-C to the parent, which stops them all and exits as it always does
    (it was forked with Ctrl-C blocked: ignored first, then unblocked, it is never received)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):  # (the parent's handlers, ``cli.interrupt``, are its own:
        signal.signal(getattr(signal, name), signal.SIG_DFL)  # a worker it stops just ends)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


#: the width of a summary written to a file or a pipe (no terminal to fit): tables keep the
#: orientation ``play`` shows them in (players as rows), not the one an 80-column guess forces
FILE_WIDTH = 160


def summary_console():
    """The console a summary is drawn on: the one ``play`` draws on (names as typed, never
    markup), as wide as the terminal; written to a file or a pipe, ``FILE_WIDTH`` wide unless
    ``COLUMNS`` says otherwise."""
    import os

    from referee.cli.render import plain_console

    console = plain_console()
    if not console.is_terminal and not os.environ.get("COLUMNS"):
        console.width = FILE_WIDTH
    return console


def _error_dict(error: RefereeError, lang: str) -> dict:
    if isinstance(error, RecordError):
        return error.as_dict(lang)
    return {"rule": None, "location": None, "message": error.render(lang)}
