"""The layers hold (docs/design.md, "The layers"): every import runs down, notebook -> widgets -> cardlib's match,
saves and lesson files -> cardlib.games -> cardlib.core, and cardlib imports nothing of Jupyter. Beside them, the
table service (``tables``) is a server of cardlib's games that imports nothing of a page or of Jupyter; a page
reaches it only through its client (``tables.client``, and the table codes' rules in ``tables.table``), never its
server, its store or its hub; and the static site, which has no server, never reaches the tables. Read from the
source, so an import inside a function counts as much as one at the top, and so does a module named in a string
for ``import_module``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# What each layer may not reach: the layers above it, and for all of cardlib the Jupyter stack.
JUPYTER = ("ipywidgets", "anywidget", "IPython", "ipykernel", "traitlets", "voila", "jupyter_server", "comm")
# The match and the saved game's format sit above the games: a game never reaches for them.
ABOVE_THE_GAMES = ("cardlib.match", "cardlib.saves", "cardlib.lesson_files", "cardlib.review", "cardlib.mastery")
FORBIDDEN = {
    "cardlib/core": ("cardlib.games", *ABOVE_THE_GAMES, "widgets", *JUPYTER),
    "cardlib/games": (*ABOVE_THE_GAMES, "widgets", *JUPYTER),
    "cardlib": ("widgets", "tables", "static_site", *JUPYTER),
    "tables": ("widgets", "static_site", *JUPYTER),
    "widgets": ("static_site", "tables.service", "tables.store", "tables.hub", "tables.__main__"),
    "static_site": ("tables",),
}


def imported(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """The absolute names of the modules ``path`` imports, with their lines: ``import x``, ``from x import y``,
    relative imports resolved against the file's own package, and ``import_module("x")`` with a constant or an
    f-string whose start is constant."""
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            name = ".".join([*base, node.module] if node.module else base)
            found += [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "import_module":
            first = node.args[0] if node.args else None
            if isinstance(first, ast.JoinedStr) and first.values:
                first = first.values[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((node.lineno, first.value))
    return found


def reaches(name: str, layer: str) -> bool:
    return name == layer or name.startswith(f"{layer}.")


@pytest.mark.parametrize("folder", FORBIDDEN)
def test_no_import_runs_upward(folder: str) -> None:
    upward = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line, name in imported(path)
        if any(reaches(name, layer) for layer in FORBIDDEN[folder])
    ]
    assert upward == []


def test_the_check_sees_an_upward_import_wherever_it_is_written(tmp_path: Path) -> None:
    """The reader above finds each way of writing an import (else the test above could not fail)."""
    source = (
        "import ipywidgets\n"
        "def later():\n    from ..games import load\n    from widgets.app import GameApp\n"
        "import_module(f'widgets.layouts.{id}')\n"
    )
    module = tmp_path / "cardlib" / "core" / "sneaky.py"
    module.parent.mkdir(parents=True)
    module.write_text(source)
    names = [name for _, name in imported(module, tmp_path)]
    assert names == ["ipywidgets", "cardlib.games.load", "widgets.app.GameApp", "widgets.layouts."]


def test_the_static_sites_pages_import_nothing_of_the_tables() -> None:
    """The static site ships ``cardlib`` and ``widgets`` only (static_site/build.py): running a page's notebook must
    not reach ``tables``, at import or as its cells run (a page's Python would stop there, in the browser)."""
    import json
    import subprocess
    import sys

    build = ast.parse((ROOT / "static_site" / "build.py").read_text())
    (pages,) = [
        ast.literal_eval(node.value)
        for node in build.body
        if getattr(node, "targets", [None])[0] and getattr(node.targets[0], "id", "") == "PAGES"
    ]

    pages_cells = [
        [
            "".join(cell["source"])
            for cell in json.loads((ROOT / "notebooks" / f"{page}.ipynb").read_text())["cells"]
            if cell["cell_type"] == "code"
        ]
        for page in pages
    ]
    script = (
        "import sys\nfor cells in PAGES:\n    scope = {}\n    for cell in cells:\n        exec(cell, scope)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'tables'))"
    )
    ran = subprocess.run(
        [sys.executable, "-c", f"PAGES = {pages_cells!r}\n{script}"], cwd=ROOT, capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stdout.strip().splitlines()[-1] == "[]", ran.stdout[-2000:]
