"""The shape of the source (docs/architecture.md): a package imports only from its own layer or
the layers below it, no import cycle anywhere in ``src/arbiter``, no module over 400 lines.

Imports are read from the source (an AST walk, nothing is imported): module-level ones,
imports inside functions and ``if TYPE_CHECKING:`` ones alike, relative ones resolved, ``from
pkg import module`` counted as an import of ``pkg.module``. A module named only in a string
(``importlib.import_module``, as the command line's areas are) is not seen.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PACKAGE = "arbiter"

#: The layers, bottom to top: a package may import its own layer and the layers below.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "i18n", "limits", "spreadsheet"),
    ("games", "clock"),
    ("match", "records", "render", "events"),
    ("reports", "engines"),
    ("server",),
    ("commands",),
    ("cli", "__main__"),
)
#: The longest a module may be, in lines.
MOST_LINES = 400
#: Where the browser's scripts are, held to the same length.
STATIC = SRC / PACKAGE / "server" / "web" / "static"


@dataclass(frozen=True)
class Import:
    """One module importing another, and where the source says so (``path:line``)."""

    importer: str
    imported: str
    where: str
    line: int


def modules(src: Path, package: str = PACKAGE) -> dict[str, Path]:
    """Every module of ``package`` under ``src`` by its dotted name: Python files, and the
    stubs of compiled modules (which have no Python source)."""
    found: dict[str, Path] = {}
    for path in sorted((src / package).rglob("*.py*")):
        if path.suffix not in (".py", ".pyi"):
            continue
        parts = path.relative_to(src).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if path.suffix == ".py" or name not in found:
            found[name] = path
    return found


def imports(src: Path, package: str = PACKAGE) -> list[Import]:
    """Every import of a module of ``package`` by a module of ``package``, wherever it stands
    in the importer (module level, a function, ``if TYPE_CHECKING:``)."""
    known = modules(src, package)
    found: list[Import] = []
    for importer, path in known.items():
        shown = path.relative_to(ROOT if path.is_relative_to(ROOT) else src)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        here = importer if path.stem == "__init__" else importer.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in _targets(node, here, known):
                    if target.split(".")[0] == package:
                        line = node.lineno
                        found.append(Import(importer, target, f"{shown}:{line}", line))
    return found


def _targets(node: ast.Import | ast.ImportFrom, here: str, known: dict[str, Path]) -> Iterable[str]:
    """The modules ``node`` imports; ``here`` is the importer's package, for relative
    imports."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield _longest_known(alias.name, known)
    else:
        base = node.module or ""
        if node.level:
            parts = here.split(".")
            anchor = ".".join(parts[: len(parts) - node.level + 1])
            base = f"{anchor}.{base}" if base else anchor
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            yield sub if sub in known else _longest_known(base, known)


def _longest_known(name: str, known: dict[str, Path]) -> str:
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in known:
            return ".".join(parts[:end])
    return name


def layer_of(module: str) -> int | None:
    """The layer (0 = the bottom) of ``module``'s top package; ``None`` for none. The package
    ``arbiter`` itself (its version) is below everything."""
    parts = module.split(".")
    if len(parts) == 1:
        return -1
    for number, names in enumerate(LAYERS):
        if parts[1] in names:
            return number
    return None


def _layer_name(number: int) -> str:
    return f"layer {number}: {', '.join(LAYERS[number])}" if number >= 0 else "the package"


def upward(found: Iterable[Import]) -> list[str]:
    """The imports of a higher layer by a lower one, one line each."""
    wrong = []
    for imp in found:
        low, high = layer_of(imp.importer), layer_of(imp.imported)
        if low is not None and high is not None and high > low:
            wrong.append(
                f"{imp.where}: {imp.importer} ({_layer_name(low)}) "
                f"imports {imp.imported} ({_layer_name(high)})"
            )
    return sorted(wrong)


def knots(found: Iterable[Import]) -> list[list[str]]:
    """The strongly connected components of the import graph that hold a cycle (Tarjan's
    algorithm, without recursion), each sorted, smallest module first."""
    graph: dict[str, set[str]] = {}
    for imp in found:
        graph.setdefault(imp.importer, set()).add(imp.imported)
        graph.setdefault(imp.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    result: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        result.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return sorted(result)


def shortest_cycle(knot: list[str], found: Iterable[Import]) -> list[Import]:
    """A shortest cycle among the modules of ``knot``, as the imports that make it."""
    members = set(knot)
    edges: dict[str, dict[str, Import]] = {}
    for imp in found:
        if imp.importer in members and imp.imported in members:
            edges.setdefault(imp.importer, {}).setdefault(imp.imported, imp)
    best: list[Import] = []
    for start in knot:
        came: dict[str, Import] = {}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for target, imp in sorted(edges.get(node, {}).items()):
                if target == start:
                    path = [imp]
                    while path[0].importer != start:
                        path.insert(0, came[path[0].importer])
                    if not best or len(path) < len(best):
                        best = path
                    queue.clear()
                    break
                if target not in came:
                    came[target] = imp
                    queue.append(target)
    return best


def describe_cycles(found: list[Import]) -> list[str]:
    """Each knot of modules importing each other: a shortest cycle in it, with where each of
    its imports is, and the knot's other members."""
    lines = []
    for knot in knots(found):
        cycle = shortest_cycle(knot, found)
        names = [imp.importer for imp in cycle] + [cycle[0].importer]
        lines.append(" → ".join(names))
        lines.extend(f"    {imp.where}: imports {imp.imported}" for imp in cycle)
        others = sorted(set(knot) - set(names))
        if others:
            lines.append(f"    (in the same knot of {len(knot)} modules: {', '.join(others)})")
    return lines


def too_long(paths: Iterable[Path]) -> list[str]:
    """The files of ``paths`` over :data:`MOST_LINES` lines, with their length."""
    long = []
    for path in sorted(paths):
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > MOST_LINES:
            long.append(f"{path.relative_to(ROOT)}: {count} lines")
    return long


# -- the project ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def project() -> list[Import]:
    return imports(SRC)


def test_every_package_has_a_layer() -> None:
    lost = sorted({m.split(".")[1] for m in modules(SRC) if "." in m and layer_of(m) is None})
    assert not lost, f"in no layer of LAYERS (tests/test_architecture.py): {lost}"


def test_no_package_imports_a_layer_above_it(project: list[Import]) -> None:
    wrong = upward(project)
    assert not wrong, f"{len(wrong)} upward imports:\n" + "\n".join(wrong)


def test_no_import_cycles(project: list[Import]) -> None:
    cycles = describe_cycles(project)
    count = len(knots(project))
    assert not cycles, f"{count} import cycles:\n" + "\n".join(cycles)


def test_no_module_is_over_400_lines() -> None:
    sources = [*(SRC / PACKAGE).rglob("*.py"), *STATIC.rglob("*.js")]
    long = too_long(sources)
    assert not long, f"{len(long)} modules over {MOST_LINES} lines:\n" + "\n".join(long)


# -- the checks themselves, on a small tree -----------------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_every_kind_of_import_is_seen(tmp_path: Path) -> None:
    src = _tree(
        tmp_path,
        {
            "arbiter/__init__.py": "",
            "arbiter/events/__init__.py": "from arbiter.events.event import Event\n",
            "arbiter/events/event.py": "def f():\n    from . import standings\n",
            "arbiter/events/standings.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from ..events import event\n"
            ),
            "arbiter/games/__init__.py": "",
            "arbiter/games/go.py": "import arbiter.server.app\nfrom arbiter import events\n",
            "arbiter/games/_core.pyi": "",
            "arbiter/games/toguz.py": "from arbiter.games import _core\n",
            "arbiter/server/__init__.py": "",
            "arbiter/server/app.py": "from .. import games\n",
        },
    )
    found = {(i.importer, i.imported, i.line) for i in imports(src)}
    assert found == {
        ("arbiter.events", "arbiter.events.event", 1),
        ("arbiter.events.event", "arbiter.events.standings", 2),
        ("arbiter.events.standings", "arbiter.events.event", 3),
        ("arbiter.games.go", "arbiter.server.app", 1),
        ("arbiter.games.go", "arbiter.events", 2),
        ("arbiter.games.toguz", "arbiter.games._core", 1),
        ("arbiter.server.app", "arbiter.games", 1),
    }
    assert knots(imports(src)) == [["arbiter.events.event", "arbiter.events.standings"]]
    assert describe_cycles(imports(src))[0] == (
        "arbiter.events.event → arbiter.events.standings → arbiter.events.event"
    )
    assert upward(imports(src)) == [
        "arbiter/games/go.py:1: arbiter.games.go (layer 1: games, clock) imports "
        "arbiter.server.app (layer 4: server)",
        "arbiter/games/go.py:2: arbiter.games.go (layer 1: games, clock) imports "
        "arbiter.events (layer 2: match, records, render, events)",
    ]


def test_a_cycle_through_packages_is_named_whole(tmp_path: Path) -> None:
    src = _tree(
        tmp_path,
        {
            "arbiter/__init__.py": "",
            "arbiter/a.py": "from arbiter import b\nimport arbiter.d\n",
            "arbiter/b.py": "import arbiter.c\n",
            "arbiter/c.py": "from arbiter.a import x\n",
            "arbiter/d.py": "from arbiter import a\n",
        },
    )
    assert knots(imports(src)) == [["arbiter.a", "arbiter.b", "arbiter.c", "arbiter.d"]]
    assert describe_cycles(imports(src)) == [
        "arbiter.a → arbiter.d → arbiter.a",
        "    arbiter/a.py:2: imports arbiter.d",
        "    arbiter/d.py:1: imports arbiter.a",
        "    (in the same knot of 4 modules: arbiter.b, arbiter.c)",
    ]
