"""Imports point one way (core ← games ← store ← cli; inside a game: state ← engine ←
record/output/summary ← dialog), there are no import cycles (function-level and ``TYPE_CHECKING`` imports included),
no module uses another module's private names, and no function re-imports what its module already
imports.  Read from the source with ``ast``: nothing is imported to check it."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "referee"

#: the layers, lowest first: a module may import only from its own layer or a lower one
LAYERS = ("core", "games", "store", "cli")
#: inside a game package: a module may not import a module of a higher rank (same rank: no
#: import either way unless listed in the same group of the other tests — cycles are caught below)
GAME_RANKS = {"state": 1, "engine": 2, "record": 3, "output": 3, "summary": 3, "dialog": 4,
              # what players read (issue 27: summary.py split along its seams)
              "names": 3, "view": 3, "news": 3, "scores": 3, "exports": 3}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def sources() -> dict[str, tuple[Path, ast.Module]]:
    return {module_name(p): (p, ast.parse(p.read_text(encoding="utf-8"), str(p)))
            for p in sorted(PACKAGE.rglob("*.py"))}


def resolve(importer: str, node: ast.ImportFrom, known: dict[str, tuple[Path, ast.Module]] | None = None) -> str:
    """The absolute module of a ``from … import`` (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    path, _ = (known or sources())[importer]
    base = importer.split(".") if path.name == "__init__.py" else importer.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _type_checking(node: ast.stmt) -> bool:
    """``if TYPE_CHECKING:`` (its imports are for type checkers only: no import at run time)."""
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def edges(known: dict[str, tuple[Path, ast.Module]] | None = None,
          typing_too: bool = False) -> list[tuple[str, str, int, bool]]:
    """(importer, imported referee module, line, at module level) for every import run at import
    or call time (``typing_too``: the ``if TYPE_CHECKING:`` ones as well)."""
    known = sources() if known is None else known
    out = []
    for name, (_, tree) in known.items():
        top = {id(n) for n in tree.body}
        typing_only = {id(n) for block in tree.body if _type_checking(block) for n in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in typing_only and not typing_too:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = resolve(name, node, known)
                # ``from pkg import module`` imports the module; ``from module import name`` the module
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                           for a in node.names]
            for target in targets:
                if target.startswith("referee") and target != name:
                    out.append((name, target, node.lineno, id(node) in top))
    return out


def layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_layers_point_one_way():
    wrong = [f"{a} (line {line}) imports {b}" for a, b, line, _ in edges()
             if layer(a) is not None and layer(b) is not None and layer(b) > layer(a)]
    assert not wrong, wrong


def test_inside_a_game_imports_point_one_way():
    wrong = []
    for a, b, line, _ in edges():
        pa, pb = a.split("."), b.split(".")
        if len(pa) == 4 and len(pb) == 4 and pa[1] == pb[1] == "games" and pa[2] == pb[2]:
            ra, rb = GAME_RANKS.get(pa[3]), GAME_RANKS.get(pb[3])
            if ra is not None and rb is not None and rb > ra:
                wrong.append(f"{a} (line {line}) imports {b}")
    assert not wrong, wrong


def cycles(known: dict[str, tuple[Path, ast.Module]] | None = None) -> list[list[str]]:
    """The import cycles (each a sorted list of modules), counting every import: at the top of a
    module, inside a function (one that defers the cycle to a call), and ``if TYPE_CHECKING:`` (one
    that hides it from the interpreter, not from the design)."""
    graph: dict[str, set[str]] = {}
    for a, b, _, _ in edges(known, typing_too=True):
        graph.setdefault(a, set()).add(b)
    # Tarjan's strongly connected components
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return cycles


def test_no_import_cycles():
    found = cycles()
    assert not found, found


def _package(**modules: str) -> dict[str, tuple[Path, ast.Module]]:
    """A made-up package (module name → source) to try the cycle finder on."""
    return {name: (Path(name.replace(".", "/") + ".py"), ast.parse(source))
            for name, source in modules.items()}


def test_a_cycle_held_apart_by_a_function_level_import_is_a_cycle():
    package = _package(**{
        "referee.core.errors": "from referee.core.text import catalog\n",
        "referee.core.text": "def render(e):\n    from referee.core.errors import RefereeError\n",
        "referee.core.other": "from referee.core import text\n",
    })
    assert cycles(package) == [["referee.core.errors", "referee.core.text"]]


def test_a_cycle_held_apart_by_a_type_checking_import_is_a_cycle():
    package = _package(**{
        "referee.core.errors": "from referee.core.text import catalog\n",
        "referee.core.text": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from referee.core.errors import RefereeError\n"),
    })
    assert cycles(package) == [["referee.core.errors", "referee.core.text"]]
    assert not cycles(_package(**{"referee.core.text": "import os\n", "referee.core.errors": "from . import text\n"}))


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def test_no_private_name_is_used_across_modules():
    known = sources()
    wrong = []
    for name, (_, tree) in known.items():
        aliases: set[str] = set()  # local names bound to referee modules
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = resolve(name, node)
                if not base.startswith("referee"):
                    continue
                for a in node.names:
                    if f"{base}.{a.name}" in known:
                        aliases.add(a.asname or a.name)
                    elif _private(a.name):
                        wrong.append(f"{name} (line {node.lineno}) imports {base}.{a.name}")
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith("referee") and a.asname:
                        aliases.add(a.asname)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and _private(node.attr)
                    and isinstance(node.value, ast.Name) and node.value.id in aliases):
                wrong.append(f"{name} (line {node.lineno}) uses {node.value.id}.{node.attr}")
    assert not wrong, wrong


def test_no_function_imports_what_its_module_imports_already():
    """A function-level import defers loading a module (start-up time) or breaks a cycle; one
    that imports a name again, or another name from a module already loaded at the top of its
    file, does neither.  (Another *submodule* of a package imported at the top is still loaded
    on use: ``from referee.core import registry`` beside a top-level ``from referee.core import
    jsonio`` is allowed.)"""
    known = sources()
    wrong = []
    for name, (_, tree) in known.items():
        at_top: set[tuple[str, str]] = set()
        modules_at_top: set[str] = set()
        for node in tree.body:
            if isinstance(node, ast.Import):
                at_top.update((a.name, a.asname or a.name) for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = resolve(name, node)
                at_top.update((f"{base}.{a.name}", a.asname or a.name) for a in node.names)
                modules_at_top.add(base)
        top = {id(n) for n in tree.body}
        typing_only = {id(n) for block in tree.body if _type_checking(block) for n in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in top | typing_only or not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(node, ast.Import):
                names = {(a.name, a.asname or a.name) for a in node.names}
            else:
                base = resolve(name, node)
                names = {(f"{base}.{a.name}", a.asname or a.name) for a in node.names}
            again = names & at_top
            if again:
                wrong.append(f"{name} (line {node.lineno}) imports again {sorted(again)}")
            elif isinstance(node, ast.ImportFrom) and base in modules_at_top:
                loaded = [a.name for a in node.names if f"{base}.{a.name}" not in known]
                if loaded:
                    wrong.append(f"{name} (line {node.lineno}) imports {loaded} from {base}, "
                                 "which the module imports at the top already")
    assert not wrong, wrong
