"""War Chest's speed (issue 14): ``referee replay --json`` throughput, the slowest
``legal_actions`` and the slowest board drawing.

    python3 benchmarks/warchest.py [--games 1000] [--pairs 5] [--repeat 5] [--write]
    python3 benchmarks/warchest.py --quick      # a smoke run: 50 games, 2 pairs (nothing written)

It generates N random complete two-player records with the engine's random table
(``referee.games.warchest.bot``, seeds 0…N-1), writes them as files and measures:

* ``referee replay --json`` throughput, as ``benchmarks/run.py`` measures Na Grunwald!'s: each
  run of ``python -m referee replay --json`` over the N files is paired with a run over 1 file
  just before it, the start-up is subtracted pair by pair (the machine's speed drifts over
  minutes, so a start-up measured at another moment would not cancel out), and the figure is the
  median of the differences (N - 1 games each).  The records go through the engine itself: there
  is no second reader.  One untimed run first checks that every file gives a line and no error;
* the slowest single ``legal_actions`` call over every decision of those games;
* the slowest board drawing, at each game's middle and end: the play screen's picture
  (``view.board``: the ``Board`` block, legend, players and memory aid) built and rendered by
  ``referee.cli.render`` to a Rich console writing to a StringIO at 80 columns, and the HTML
  export's map (``view.grid`` + ``export.svg_board``);
* for comparison, the replay in this process (decoded documents, no start-up, no output line).

Budgets (not a timed test): ≥ 500 games/s, the slowest ``legal_actions`` under 20 ms, the board
drawing under 50 ms.  ``--write`` replaces the table of ``docs/warchest-benchmarks.md`` (its notes,
below ``<!-- notes -->``, stay) and the War Chest section in the notes of ``docs/benchmarks.md``
(``benchmarks/run.py --write`` keeps everything below that file's ``<!-- notes -->``).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.games.warchest import engine, output  # noqa: E402
from referee.games.warchest.bot import random_action  # noqa: E402
from referee.games.warchest.record import parse_record, write_record  # noqa: E402

PLAYERS = ["Ania", "Marek"]
REPLAY_BUDGET = 500.0  # games/s
LEGAL_BUDGET = 20.0  # ms
BOARD_BUDGET = 50.0  # ms
#: the children import this tree's ``referee`` (not whatever an installed one points at)
CHILD_ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
             "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
REFEREE = [sys.executable, "-m", "referee"]


def random_game(seed: int) -> tuple[dict, list]:
    """One complete random two-player game (random deal): its record and its entries."""
    rng = random.Random(seed)
    state = engine.new_state(PLAYERS, {"method": "random"})
    actions = []
    while engine.decision(state) is not None:
        action = random_action(state, rng)
        engine.apply(state, action)
        actions.append(action)
    return write_record(PLAYERS, actions, {"setup": {"method": "random"}}), actions


def write_files(docs: list[dict], folder: str) -> list[str]:
    files = []
    for i, doc in enumerate(docs):
        path = Path(folder, f"game{i:05d}.json")
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
        files.append(str(path))
    return files


# -------------------------------------------------------------------------------- replay --json


def run_timed(cmd: list[str]) -> float:
    """Wall time of one child process (its output thrown away); it must succeed."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=CHILD_ENV,
                            cwd=ROOT)
    _, status, _ = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"benchmark command failed ({code}): {' '.join(cmd[:6])} …")
    return elapsed


def check_cli(files: list[str]) -> int:
    """One untimed ``replay --json`` of every file: how many lines are not a clean replay (an
    error, or a missing line); the timed runs then throw the output away."""
    done = subprocess.run([*REFEREE, "replay", "--json", *files], capture_output=True, text=True,
                          env=CHILD_ENV, cwd=ROOT)
    lines = done.stdout.splitlines()
    if done.returncode != 0 and not lines:
        raise SystemExit(f"referee replay --json failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    errors = sum('"error"' in line[:200] for line in lines)
    return errors + max(0, len(files) - len(lines))


def cli_throughput(files: list[str], pairs: int, jobs: tuple[str, ...] = ()) -> tuple[float, list[float]]:
    """Games per second of ``referee replay --json`` past its start-up: each run over every file
    follows a run over the first file alone, and the start-up (that run) is subtracted pair by
    pair; the figure is the median of the differences, which cover ``len(files) - 1`` games.
    ``jobs``: options of the run over every file (``("--jobs", "1")``: one process)."""
    one = [*REFEREE, "replay", "--json", files[0]]
    many = [*REFEREE, "replay", "--json", *jobs, *files]
    spans = []
    for _ in range(pairs):
        t_one = run_timed(one)
        t_many = run_timed(many)
        spans.append(max(t_many - t_one, 1e-6))
    return (len(files) - 1) / statistics.median(spans), spans


# -------------------------------------------------------------------------------- in process


def throughput(docs: list[dict], repeat: int) -> tuple[float, list[float], float]:
    """Games per second in this process (decoded documents, no start-up, no output line): the
    best pass by the wall clock, every pass, and the best by this process's CPU time."""
    passes, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        for doc in docs:
            state, _ = parse_record(doc).replay(tracked=False)
            output.replay_output(state)
        passes.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return len(docs) / min(passes), passes, len(docs) / min(cpu)


def slowest_legal(games: list[list]) -> tuple[float, float, int, str, int]:
    """The slowest ``legal_actions`` over every decision of the games: by the wall clock (ms; a
    call over 1 ms is timed twice more, best of three: the call, not a scheduler hiccup), by this
    process's CPU time (ms), its game and kind, and how many calls were timed."""
    worst, worst_cpu, where, kind, calls = 0.0, 0.0, -1, "", 0
    for g, actions in enumerate(games):
        state = engine.new_state(PLAYERS, {"method": "random"})
        for action in actions:
            spent, cpu = _best_of_three(1.0, engine.legal_actions, state)
            calls += 1
            worst_cpu = max(worst_cpu, cpu)
            if spent > worst:
                worst, where, kind = spent, g, engine.decision(state).kind
            engine.apply(state, action)
    return worst, worst_cpu, where, kind, calls


def _best_of_three(over_ms: float, f, *args) -> tuple[float, float]:
    """``f(*args)`` timed (ms, wall clock and CPU time); a call over ``over_ms`` is timed twice
    more and the best of three kept (both clocks): the call, not a scheduler hiccup."""
    c, t = time.process_time(), time.perf_counter()
    f(*args)
    spent, cpu = (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000
    for _ in range(2 if spent > over_ms else 0):
        c, t = time.process_time(), time.perf_counter()
        f(*args)
        spent = min(spent, (time.perf_counter() - t) * 1000)
        cpu = min(cpu, (time.process_time() - c) * 1000)
    return spent, cpu


# -------------------------------------------------------------------------------- the board


def positions(games: list[list]):
    """Each game's middle (after half its entries) and end: ``(game, "middle"|"end", state)``."""
    for g, actions in enumerate(games):
        state = engine.new_state(PLAYERS, {"method": "random"})
        half = len(actions) // 2
        for k, action in enumerate(actions):
            if k == half:
                yield g, "middle", state
            engine.apply(state, action)
        yield g, "end", state


def slowest_boards(games: list[list]) -> dict[str, tuple[float, float, float, int, str, int]]:
    """The board drawing at every position of ``positions``, the CLI's way and the export's:
    ``terminal``: the play screen's picture (``view.board`` with the memory aid: the ``Board``
    block, legend, players) built and rendered by ``referee.cli.render`` to a Rich console at 80
    columns writing to a StringIO (colours on, as in a terminal); ``svg``: the HTML export's map
    (``view.grid`` in the export's colours, then ``export.svg_board``).  Per kind: the slowest
    (ms, wall clock; best of three above 5 ms), the slowest by CPU time, the median, its game and
    moment, and how many were drawn."""
    from rich.console import Console

    from referee.cli.render import PlainConsole, render
    from referee.core import export
    from referee.core.service import PALETTE
    from referee.core.text import catalog
    from referee.games.warchest import exports, view

    class BenchConsole(PlainConsole):  # the CLI's console, into a StringIO at 80 columns
        def __init__(self) -> None:
            Console.__init__(self, highlight=False, markup=False, emoji=False, file=io.StringIO(),
                             width=80, force_terminal=True, color_system="truecolor")

    t = catalog("en")
    colors = dict(zip(PLAYERS, PALETTE))  # what live play gives by seat

    def terminal(state) -> None:
        render(view.board(state, t, colors, hints=True), BenchConsole())

    def svg(state) -> None:
        export.svg_board(view.grid(state, t, exports.export_colors(state, {})))

    timed: dict[str, list[tuple[float, float, int, str]]] = {"terminal": [], "svg": []}
    for g, moment, state in positions(games):
        for kind, draw in (("terminal", terminal), ("svg", svg)):
            spent, cpu = _best_of_three(5.0, draw, state)
            timed[kind].append((spent, cpu, g, moment))
    out = {}
    for kind, rows in timed.items():
        worst = max(rows)
        out[kind] = (worst[0], max(r[1] for r in rows), statistics.median(r[0] for r in rows),
                     worst[2], worst[3], len(rows))
    return out


# -------------------------------------------------------------------------------- instructions


REPLAY_FILES = (  # argv: how many to replay, then every file (all decoded: the same cost)
    "import json, sys\n"
    "from referee.games.warchest import output\n"
    "from referee.games.warchest.record import parse_record\n"
    "docs = []\n"
    "for path in sys.argv[2:]:\n"
    "    with open(path, encoding='utf-8') as f:\n"
    "        docs.append(json.load(f))\n"
    "for doc in docs[:int(sys.argv[1])]:\n"
    "    state, _ = parse_record(doc).replay(tracked=False)\n"
    "    output.replay_output(state)\n"
)


def instructions(docs: list[dict], count: int) -> tuple[int, int] | None:
    """Instructions per game (valgrind's callgrind, repeatable to about 0.1% whatever the load):
    the in-process replay (of decoded documents) of ``count`` + 1 records minus that of 1, and
    ``referee replay --json`` of as many files (decoding, output included); ``None`` without
    valgrind."""
    import shutil
    if shutil.which("valgrind") is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        files = write_files(docs[:count + 1], tmp)
        env = {**CHILD_ENV, "PYTHONHASHSEED": "0"}
        out = []
        for in_process in (True, False):
            counted = []
            for some in (files[:1], files):
                if in_process:  # (every file decoded in both runs: replays only)
                    cmd = [sys.executable, "-c", REPLAY_FILES, str(len(some)), *files]
                else:
                    cmd = [*REFEREE, "replay", "--json", *some]
                subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True, env=env, cwd=ROOT)  # (byte code)
                done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg",
                                       *cmd], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                      text=True, env=env, cwd=ROOT, check=True)
                counted.append(int(re.search(r"Collected : (\d+)", done.stderr).group(1)))
            out.append((counted[1] - counted[0]) // count)
        return out[0], out[1]


# -------------------------------------------------------------------------------- the run


def verdict(wall: float, cpu: float, budget: float):
    """``True`` by the wall clock; ``"cpu"`` when only the process's CPU time meets the budget (a
    loaded machine); else ``False``."""
    return True if wall >= budget else "cpu" if cpu >= budget else False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a smoke run: 50 games, 2 pairs, 2 passes")
    ap.add_argument("--games", type=int, default=None, help="random games (default 1000; --quick 50)")
    ap.add_argument("--pairs", type=int, default=None,
                    help="paired replay --json runs (1 file, then every file; default 5, --quick 2)")
    ap.add_argument("--repeat", type=int, default=None,
                    help="passes of the in-process replay (default 5; --quick 2)")
    ap.add_argument("--no-cli", action="store_true", help="skip referee replay --json")
    ap.add_argument("--no-legal", action="store_true", help="skip the legal_actions timing")
    ap.add_argument("--no-board", action="store_true", help="skip the board drawing timing")
    ap.add_argument("--write", action="store_true",
                    help="write docs/warchest-benchmarks.md and the War Chest section of docs/benchmarks.md")
    ap.add_argument("--instructions", type=int, default=0, metavar="N",
                    help="also count the instructions per game over N games (valgrind)")
    args = ap.parse_args()
    args.games = args.games or (50 if args.quick else 1000)
    args.pairs = args.pairs or (2 if args.quick else 5)
    args.repeat = args.repeat or (2 if args.quick else 5)
    if args.games < 2:
        ap.error("--games: at least 2 (the paired runs subtract a run over one file)")

    t = time.perf_counter()
    games = [random_game(seed) for seed in range(args.games)]
    docs = [doc for doc, _ in games]
    entries = sum(len(actions) for _, actions in games)
    print(f"generated {len(docs)} complete games ({entries:,} entries) in {time.perf_counter() - t:.1f} s")
    load = f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"

    rows = []  # (measurement, figure, budget, verdict)
    if not args.no_cli:
        with tempfile.TemporaryDirectory() as tmp:
            files = write_files(docs, tmp)
            errors = check_cli(files)
            rate, spans = cli_throughput(files, args.pairs)
        n = len(files) - 1
        spread = f"{n / max(spans):,.0f}–{n / min(spans):,.0f}"
        rows.append((f"referee replay --json of {len(files)} files, start-up subtracted",
                     f"{rate:,.0f} games/s (median of {len(spans)} paired runs; {spread}; "
                     f"{1000 / rate:.2f} ms/game; one process); {load}"
                     + (f"; {errors} errors!" if errors else ""),
                     f"≥ {REPLAY_BUDGET:,.0f} games/s", rate >= REPLAY_BUDGET and not errors))
        show(rows[-1])
    if not args.no_legal:
        worst, worst_cpu, g, kind, calls = slowest_legal([actions for _, actions in games])
        rows.append(("slowest legal_actions over every decision of those games",
                     f"{worst:.2f} ms by the wall clock (game {g}, a {kind!r} decision); "
                     f"{worst_cpu:.2f} ms of CPU time; {calls:,} calls",
                     f"< {LEGAL_BUDGET:.0f} ms", verdict(-worst, -worst_cpu, -LEGAL_BUDGET)))
        show(rows[-1])
    if not args.no_board:
        drawn = slowest_boards([actions for _, actions in games])
        for kind, name in (("terminal", "slowest board drawing, terminal: view.board (map, legend, "
                            "players, memory aid) rendered by Rich at 80 columns"),
                           ("svg", "slowest board drawing, HTML export: view.grid + export.svg_board")):
            worst, worst_cpu, median, g, moment, count = drawn[kind]
            rows.append((name, f"{worst:.2f} ms by the wall clock (game {g}, its {moment}); "
                         f"{worst_cpu:.2f} ms of CPU time; median {median:.2f} ms; {count:,} boards "
                         "(each game's middle and end)",
                         f"< {BOARD_BUDGET:.0f} ms", verdict(-worst, -worst_cpu, -BOARD_BUDGET)))
            show(rows[-1])
    per_second, passes, per_cpu_second = throughput(docs, args.repeat)
    spread = f"{len(docs) / max(passes):,.0f}–{per_second:,.0f}"
    rows.append(("for comparison, in process: parse_record + replay(tracked=False) + replay_output "
                 "(decoded documents, no start-up)",
                 f"{per_second:,.0f} games/s by the wall clock (best of {len(passes)}; {spread}; "
                 f"{1000 / per_second:.2f} ms/game); {per_cpu_second:,.0f} games/s of CPU time",
                 "—", None))
    show(rows[-1])
    if args.instructions:
        counted = instructions(docs, args.instructions)
        rows.append((f"instructions per game (callgrind, {args.instructions} games)",
                     "valgrind not found" if counted is None else
                     f"{counted[0]:,} in process; {counted[1]:,} through referee replay --json",
                     "—", None))
        show(rows[-1])
    if args.write:
        write(rows, args)
    failed = sum(ok is False for *_, ok in rows)
    print(f"\n{sum(ok is not None for *_, ok in rows) - failed} within budget, {failed} not")
    return 1 if failed else 0


SHOWN = {None: "—", True: "PASS", "cpu": "PASS by CPU time only", False: "FAIL"}


def show(row) -> None:
    name, figure, budget, ok = row
    print(f"{SHOWN[ok]:<5} {name}: {figure}  (budget {budget})", flush=True)


# -------------------------------------------------------------------------------- the docs

NOTES = "<!-- notes -->"
SECTION_START, SECTION_END = "<!-- warchest -->", "<!-- /warchest -->"


def write(rows, args) -> None:
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    machine = (f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()} "
               f"{platform.release()} · Python {platform.python_version()}")
    quick = " · quick run" if args.quick else ""
    lines = [
        "# War Chest benchmarks",
        "",
        f"Run: {when} · {machine}{quick}",
        "",
        f"Produced by `python3 benchmarks/warchest.py --write` ({args.games} random complete "
        "two-player games from `referee.games.warchest.bot`, seeds 0…N-1; "
        f"{args.pairs} paired `replay --json` runs).  Budgets from issue 14; a benchmark, not a "
        "timed test.",
        "",
        "| result | measurement | figure | budget |",
        "| --- | --- | --- | --- |",
    ]
    for name, figure, budget, ok in rows:
        lines.append(f"| {SHOWN[ok]} | {name} | {figure} | {budget} |")
    path = ROOT / "docs" / "warchest-benchmarks.md"
    notes = ""
    if path.exists():
        old = path.read_text(encoding="utf-8")
        if NOTES in old:
            notes = old[old.index(NOTES):]
    path.write_text("\n".join(lines) + "\n\n" + (notes or NOTES + "\n"), encoding="utf-8")
    print(f"wrote {path}")
    write_summary(rows, f"{when}{quick}, {args.games} games")


def write_summary(rows, run: str) -> None:
    """The War Chest section of ``docs/benchmarks.md``: in its notes (below ``<!-- notes -->``,
    which ``benchmarks/run.py --write`` keeps), between ``<!-- warchest -->`` and
    ``<!-- /warchest -->``; the Grunwald table above the notes is left as it is."""
    path = ROOT / "docs" / "benchmarks.md"
    section = [SECTION_START, "", "## War Chest (issue 14)", "",
               f"From `python3 benchmarks/warchest.py --write` ({run}); every figure, and the notes, in "
               "[warchest-benchmarks.md](warchest-benchmarks.md).", ""]
    for name, figure, budget, ok in rows:
        if ok is not None:
            short = re.split(r" \(|; ", figure, maxsplit=1)[0]  # the figure without its details
            section.append(f"- **{SHOWN[ok]}** {name}: {short} (budget {budget})")
    section += ["", SECTION_END]
    text = path.read_text(encoding="utf-8") if path.exists() else f"# Benchmarks\n\n{NOTES}\n"
    if NOTES not in text:
        text = text.rstrip("\n") + f"\n\n{NOTES}\n"
    head, notes = text.split(NOTES, 1)
    if SECTION_START in notes and SECTION_END in notes:
        before, rest = notes.split(SECTION_START, 1)
        after = rest.split(SECTION_END, 1)[1]
        notes = before + "\n".join(section) + after
    else:
        notes = "\n\n" + "\n".join(section) + "\n\n" + notes.lstrip("\n")
    path.write_text(head + NOTES + notes, encoding="utf-8")
    print(f"wrote the War Chest section of {path}")


if __name__ == "__main__":
    sys.exit(main())
