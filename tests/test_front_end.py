"""The front end is in files: each module anywidget loads (widgets/static/table.js, saves.js, gallery.js,
landmark.js, projector.js) is the esbuild bundle of its ES module in widgets/js/ and what that imports, exactly as
`make js` writes it now; and no widget carries JavaScript or CSS in a Python string."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUNDLES = ("table.js", "saves.js", "gallery.js", "landmark.js", "fragment.js", "projector.js")


def test_every_bundle_is_built_from_the_modules_as_they_are_now(tmp_path: Path) -> None:
    npm = shutil.which("npm")
    if npm is None or not (ROOT / "node_modules" / ".bin" / "esbuild").exists():
        pytest.fail("esbuild is not installed: make test installs it (npm ci), or run `make js` once")
    built = subprocess.run(
        [npm, "run", "--silent", "build"],
        cwd=ROOT,
        env={**os.environ, "OUTDIR": str(tmp_path)},
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    for name in BUNDLES:
        fresh = (tmp_path / name).read_text(encoding="utf-8")
        kept = (ROOT / "widgets" / "static" / name).read_text(encoding="utf-8")
        assert kept == fresh, f"widgets/static/{name} is behind widgets/js/: run `make js` and commit it"


def test_each_widget_loads_its_module_and_its_styles_from_a_file() -> None:
    from widgets.gallery import Gallery
    from widgets.panels import Landmark
    from widgets.projector import Heading
    from widgets.saves import SaveBar
    from widgets.tabletop import Tabletop

    static = ROOT / "widgets" / "static"
    for widget, name in (
        (Tabletop, "table"),
        (SaveBar, "saves"),
        (Gallery, "gallery"),
        (Landmark, "landmark"),
        (Heading, "projector"),
    ):
        # anywidget reads a Path's file (and, with ANYWIDGET_HMR=1, reloads it when it changes)
        assert str(widget._esm) == (static / f"{name}.js").read_text(encoding="utf-8")
    for widget, name in ((Tabletop, "table"), (SaveBar, "saves"), (Gallery, "gallery"), (Heading, "projector")):
        assert str(widget._css) == (static / f"{name}.css").read_text(encoding="utf-8")


def test_no_python_file_of_the_widgets_holds_a_script() -> None:
    scripts = []
    for path in sorted((ROOT / "widgets").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                if ("function " in text and ("=>" in text or "export " in text)) or "{display:" in text:
                    scripts.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not scripts, f"JavaScript or CSS in a Python string: {scripts}"
