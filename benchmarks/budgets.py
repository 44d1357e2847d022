"""The child side of ``run.py``'s issue-27 budgets: measured in a process of its own, under the
referee that ``PYTHONPATH`` (or the interpreter) gives, so that two versions of the code can be
measured interleaved in one run.  Prints one JSON value.

    python benchmarks/budgets.py replay FILE...     # [wall, CPU] seconds of replay --json, in process
    python benchmarks/budgets.py parts FILE...      # CPU seconds of replay --json and of two of its parts
    python benchmarks/budgets.py answer GAME FOLDER RECORD LAST REPEATS
        # seconds of each of the LAST interactive answers at the end of RECORD (medians of
        # REPEATS): {"wall": [...], "cpu": [...], "fsync": [...]} (the wall clock, the CPU time
        # of the process, the wall clock spent waiting in fsync: the disk's part)
"""

from __future__ import annotations

import io
import json
import os
import statistics
import sys
import time


def replay(files: list[str]) -> tuple[float, float]:
    """``replay --json`` of ``files`` in this process (one core), its output thrown away:
    ``(wall-clock seconds, CPU seconds of this process)``.  The CPU time is what a core spends:
    on a shared machine the wall clock also counts the time other processes hold the cores."""
    import inspect

    from referee.cli import replay as cli_replay

    kwargs = {"jobs": 1} if "jobs" in inspect.signature(cli_replay.run).parameters else {}
    out = sys.stdout
    sys.stdout = io.StringIO()
    try:
        start, cpu = time.perf_counter(), time.process_time()
        cli_replay.run(files, as_json=True, default_game=None, lang="en", **kwargs)
        return time.perf_counter() - start, time.process_time() - cpu
    finally:
        sys.stdout = out


def parts(files: list[str], rounds: int = 5) -> dict[str, float]:
    """Where ``replay --json``'s CPU time goes, in this process: the whole command (``replay``),
    the files read and loaded by the strict loader alone (``load``: ``jsonio.read_text`` and
    ``jsonio.loads``), and the records' rules alone (``rules``: ``parse_record`` and the untracked
    replay of documents loaded beforehand, one at a time as the command holds them); ``rest`` is
    what is left (the output written, the NFC check, the game looked up).  Each the least of
    ``rounds`` runs: the machine's noise only adds."""
    import gc

    from referee.core import jsonio, registry

    def load() -> None:
        for path in files:
            jsonio.loads(jsonio.read_text(path))

    def rules() -> None:
        for path in files:
            document = jsonio.loads(jsonio.read_text(path))
            gc.collect(0)  # (the load's young objects not counted here)
            cpu = time.process_time()
            registry.for_document(document, None).parse_record(document).replay(tracked=False)
            spent[0] += time.process_time() - cpu

    best: dict[str, float] = {}
    spent = [0.0]
    for _ in range(rounds):
        cpu = time.process_time()
        load()
        best["load"] = min(best.get("load", 1e9), time.process_time() - cpu)
        spent[0] = 0.0
        rules()
        best["rules"] = min(best.get("rules", 1e9), spent[0])
        best["replay"] = min(best.get("replay", 1e9), replay(files)[1])
    best["rest"] = best["replay"] - best["load"] - best["rules"]
    return best


def answer(game_name: str, folder: str, record: str, last: int, repeats: int
           ) -> dict[str, list[float]]:
    """The interactive answers at the end of the game ``record`` holds, in process: ``Live.apply``
    (the engine's check, the record written and saved, the news), the news drawn, and the next
    entry's dialog run up to its first question, every board or notice before it drawn at 80
    columns by play's prompter (``Prompter.show``: what play draws above a question).  For each of the game's ``last`` entries, the median of ``repeats`` (a fresh session
    each time): by the wall clock (the budget's measure), in CPU time of this process, and the
    wall clock spent in ``os.fsync`` (waiting for the disk)."""
    from rich.console import Console

    from referee.cli.prompter import Prompter
    from referee.cli.render import render
    from referee.core import dialog as dialogs
    from referee.core import registry
    from referee.core.service import SessionService
    from referee.store.sessions import Store

    game = registry.get(game_name)
    with open(record, encoding="utf-8") as f:
        parsed = game.parse_record(json.load(f))
    _, steps = parsed.replay()
    actions = [s.action for s in steps]
    store = Store(folder)
    service = SessionService(store)
    samples: list[list[float]] = [[] for _ in range(last)]
    cpus: list[list[float]] = [[] for _ in range(last)]
    waits: list[list[float]] = [[] for _ in range(last)]
    asking = (dialogs.Select, dialogs.Text, dialogs.Confirm)
    fsync, waited = os.fsync, [0.0]

    def timed_fsync(fd: int) -> None:  # (the disk's part of the wall clock)
        start = time.perf_counter()
        try:
            fsync(fd)
        finally:
            waited[0] += time.perf_counter() - start

    os.fsync = timed_fsync
    for rep in range(repeats):
        name = f"{game_name} {os.getpid()} {rep} {time.perf_counter_ns()}"
        store.create(name, game.name, game.write_record(parsed.players, actions[:-last], {}), "en").close()
        sid = next(e["id"] for e in store.entries() if e.get("name") == name)
        with service.open_live(sid, lang="en") as live:
            # (drawn as play draws: its console never reads markup, emoji codes or highlights)
            console = Console(file=io.StringIO(), width=80, height=24, color_system=None,
                              highlight=False, markup=False, emoji=False)
            prompter = Prompter(console, "en")  # (it draws what play draws above a question)
            for i, action in enumerate(actions[-last:]):
                waited[0] = 0.0
                start, cpu = time.perf_counter(), time.process_time()
                news = live.apply(action)
                if live.over:  # (play draws the last entry's news whole, as it ends)
                    render(news, console)
                else:  # as play's loop: the news shown under the entry's first board
                    prompter.new_entry()
                    dialog = live.dialog()
                    try:  # (a dialog may end without a question: an answer it takes itself)
                        q = next(dialog)
                        while not isinstance(q, asking):
                            if isinstance(q, dialogs.Notice):
                                prompter.show(q.report)
                                prompter.show(news)
                                news = []
                            q = dialog.send(None)
                        prompter.show(news)
                        console.print(q.message)
                        for choice in getattr(q, "choices", ()):
                            console.print(choice.label)
                    except StopIteration:
                        pass
                    dialog.close()
                samples[i].append(time.perf_counter() - start)
                cpus[i].append(time.process_time() - cpu)
                waits[i].append(waited[0])
    os.fsync = fsync
    return {"wall": [statistics.median(s) for s in samples],
            "cpu": [statistics.median(s) for s in cpus],
            "fsync": [statistics.median(s) for s in waits]}


if __name__ == "__main__":
    what, args = sys.argv[1], sys.argv[2:]
    if what == "replay":
        print(json.dumps(replay(args)))
    elif what == "parts":
        print(json.dumps(parts(args)))
    else:
        print(json.dumps(answer(args[0], args[1], args[2], int(args[3]), int(args[4]))))
