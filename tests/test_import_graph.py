"""The import graph of judgebot is a tree: no module imports, directly or through
others, a module that imports it back — counting every import statement, also those
inside functions and under `if TYPE_CHECKING:` (a type-only circle is still a circle)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "judgebot"


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                out.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    return {m for m in out if m in modules and m != name}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
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
                circles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return circles


def test_the_graph_sees_the_imports():
    graph = _graph()
    assert "judgebot.engine.format.reader" in graph["judgebot.engine.format.catalog"]
    assert "judgebot.corpus.alignment" in graph["judgebot.corpus.model"]  # an import inside a function


def test_no_module_circles():
    assert _circles(_graph()) == []


def test_a_circle_is_found():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_card_database_imports_none_of_its_users():
    """judgebot.carddb sits beside corpus and engine: the engine, search, the rule cards,
    the web app and the CLI ask it; it imports none of them (cards → engine as corpus →
    search)."""
    graph = _graph()
    users = ("judgebot.engine", "judgebot.search", "judgebot.cards", "judgebot.web", "judgebot.cli",
             "judgebot.present", "judgebot.card_answer", "judgebot.commands", "judgebot.corpus")
    for module, imported in graph.items():
        if module.startswith("judgebot.carddb"):
            assert not [m for m in imported if m.startswith(users)], module
    assert "judgebot.carddb.lookup" in graph["judgebot.engine.format.realcards"]
