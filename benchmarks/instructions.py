"""Instructions per replayed game: a figure that does not drift with the machine's speed.

    python3 benchmarks/instructions.py [--python PY] [--records N] [--top K]

Wall-clock figures on a shared machine drift by a third within minutes, too much to tell whether a
change saved 3%.  This counts the CPU instructions of ``referee replay --json`` over N records
minus those over one record, with valgrind's callgrind (repeatable to about 0.1%), and lists the
C functions that take the most per game.  It needs ``valgrind`` and an interpreter with the referee
installed (default: the one running this script).  It is a tool for comparing two versions of the
code, not a budget: the budgets are in ``run.py``.

The figure covers everything ``replay --json`` does per record: reading the file, decoding it
(``jsonio.loads``), the engine's untracked replay and the output line.  ``--python`` runs
another interpreter (or another checkout's virtual environment), to compare versions.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

PLAYERS = ["Marek", "Jacek", "Kasia", "Ania"]


def write_records(python: str, folder: Path, count: int) -> list[str]:
    """Complete four-player records from the engine's sensible random table (seeds 0…N-1)."""
    script = (
        "import random, sys\n"
        "from pathlib import Path\n"
        "from referee.core import jsonio\n"
        "from referee.games.grunwald import bot, record\n"
        f"players = {PLAYERS!r}\n"
        "for i in range(int(sys.argv[2])):\n"
        "    _, actions = bot.play_sensible_game(players, random.Random(i))\n"
        "    doc = record.write_record(players, actions, {'date': '2026-01-01'})\n"
        "    Path(sys.argv[1], f'game{i:05d}.json').write_text(jsonio.dumps_pretty(doc))\n"
    )
    subprocess.run([python, "-c", script, str(folder), str(count)], check=True)
    return sorted(str(p) for p in folder.glob("game*.json"))


def callgrind(python: str, files: list[str], out: Path) -> int:
    """Total instructions of one ``replay --json`` run (byte code already compiled)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONHASHSEED"] = "0"
    # valgrind counts one process: many records are replayed by one (only the versions of issue
    # 12 to 27 had ``--jobs`` and forked workers; the others refuse the option)
    usage = subprocess.run([python, "-m", "referee", "replay", "--help"], capture_output=True,
                           text=True, env=env, cwd=out.parent).stdout
    jobs = ["--jobs", "1"] if len(files) >= 64 and "--jobs" in usage else []
    cmd = [python, "-m", "referee", "replay", "--json", *jobs, *files]
    # once without valgrind first, from the same folder (the same copy of the code): any .pyc
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True, env=env, cwd=out.parent)
    result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=out.parent, check=True)
    return int(re.search(r"Collected : (\d+)", result.stderr).group(1))


def by_function(out: Path) -> Counter[str]:
    text = subprocess.run(["callgrind_annotate", "--threshold=100", str(out)],
                          capture_output=True, text=True, check=True).stdout
    counts: Counter[str] = Counter()
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(\S.*?)(?: \[.*)?$", line)
        if m and m.group(2) != "PROGRAM TOTALS":
            name = re.sub(r"^.*?/(Python|Objects|Modules|Include)/", r"\1/", m.group(2))
            counts[name] += int(m.group(1).replace(",", ""))
    return counts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", default=sys.executable, help="an interpreter with the referee")
    ap.add_argument("--records", type=int, default=100)
    ap.add_argument("--top", type=int, default=15, help="list the K costliest functions")
    args = ap.parse_args()
    if args.records < 2:
        ap.error("--records must be at least 2 (the figure is N records minus 1)")
    if shutil.which("valgrind") is None:
        print("instructions.py needs valgrind (and callgrind_annotate) on the PATH", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="referee-instructions-") as tmp:
        work = Path(tmp)
        files = write_records(args.python, work, args.records)
        one = callgrind(args.python, files[:1], work / "one.out")
        many = callgrind(args.python, files, work / "many.out")
        per_game = (many - one) / (len(files) - 1)
        print(f"{per_game:,.0f} instructions per game "
              f"(replay --json of {len(files)} records minus 1 record)")
        if args.top:
            a, b = by_function(work / "one.out"), by_function(work / "many.out")
            diff = {k: (b[k] - a[k]) / (len(files) - 1) for k in b}
            for name, n in sorted(diff.items(), key=lambda kv: -kv[1])[:args.top]:
                print(f"{n:12,.0f}  {n / per_game:6.1%}  {name[:100]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
