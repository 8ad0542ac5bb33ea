"""What ``make site`` builds (static_site/build.py, docs/static.md), read without a browser: each page is its
notebook, the browser's Python gets the pinned packages and the catalogs compiled exactly as the tutor compiles them,
and the GitHub Pages workflow publishes that build. tests/browser/test_site.py opens and plays the same build."""

from __future__ import annotations

import gettext
import html
import importlib.metadata
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from cardlib.core.i18n import catalog, languages

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "static_site"))
import build  # noqa: E402 (static_site/build.py)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("static") / "site"
    subprocess.run([sys.executable, str(ROOT / "static_site/build.py"), "--out", str(out)], check=True)
    return out


def test_each_page_holds_its_notebooks_cells_in_order(site: Path) -> None:
    for name in build.PAGES:
        notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
        code = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
        page = (site / f"{name}.html").read_text(encoding="utf-8")
        assert [html.unescape(found) for found in re.findall(r"data-code='([^']*)'", page)] == code, name
    assert sorted(path.name for path in site.glob("*.html")) == sorted(f"{name}.html" for name in build.PAGES)


def bytecode_of(source: str, tag: str) -> str:
    """Where Python looks for a module's bytecode: ``pkg/mod.py`` -> ``pkg/__pycache__/mod.<tag>.pyc``."""
    folder, _, file = source.rpartition("/")
    return f"{folder}/__pycache__/{file.removesuffix('.py')}.{tag}.pyc".lstrip("/")


def test_the_browsers_python_gets_the_pinned_packages_and_no_ipython(site: Path) -> None:
    names = zipfile.ZipFile(site / "python.zip").namelist()
    for package in build.WHEELS:
        version = importlib.metadata.version(package)
        assert f"{package}-{version}.dist-info/METADATA" in names, f"{package} is not at {version}"
    assert sorted(name for name in names if name.startswith("IPython/") and name.endswith(".py")) == [
        "IPython/__init__.py",
        "IPython/core/__init__.py",
        "IPython/core/interactiveshell.py",
        "IPython/display.py",
    ]
    assert not [name for name in names if name.endswith(".po") or ".data/" in name or "/tests/" in name]
    # every module with its bytecode, compiled by the browser's own Python (static_site/compile.mjs)
    compiled = {name for name in names if name.endswith(".pyc")}
    tag = next(iter(compiled)).rsplit(".", 2)[1]  # "cpython-314": Pyodide's Python, not this one
    sources = [name for name in names if name.endswith(".py")]
    assert not [name for name in sources if bytecode_of(name, tag) not in compiled]
    assert tag.startswith("cpython-3") and tag != sys.implementation.cache_tag
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"]
    assert f'"{pinned}"' in (site / "pyodide/pyodide.mjs").read_text(), f"Pyodide is not at {pinned}"


@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != "en"])
def test_the_catalogs_shipped_are_this_checkouts_compiled(site: Path, lang: str) -> None:
    with (
        zipfile.ZipFile(site / "python.zip") as archive,
        archive.open(f"cardlib/locale/{lang}/LC_MESSAGES/cardlib.mo") as mo,
    ):
        compiled = gettext.GNUTranslations(mo)
    assert compiled._catalog == catalog(lang)._catalog  # type: ignore[attr-defined]


def test_github_pages_publishes_what_make_site_builds() -> None:
    workflow = (ROOT / ".github/workflows/pages.yml").read_text()
    assert "- run: make site\n" in workflow
    default = re.search(r"^SITE \?= (\S+)$", (ROOT / "Makefile").read_text(), re.M)
    assert default and f"path: {default.group(1)}\n" in workflow


def test_the_service_worker_keeps_every_file_and_a_build_that_changes_nothing_keeps_its_version(
    site: Path, tmp_path: Path
) -> None:
    worker = (site / "offline.js").read_text()
    kept = json.loads(re.search(r"^const FILES = (.*);$", worker, re.M).group(1))  # type: ignore[union-attr]
    files = {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()}
    assert set(kept) == {"./"} | files - {"offline.js", ".nojekyll"}
    # built again: the same bytes, so learners' browsers keep what they hold (a new version fetches it all again)
    subprocess.run([sys.executable, str(ROOT / "static_site/build.py"), "--out", str(tmp_path / "again")], check=True)
    assert (tmp_path / "again/python.zip").read_bytes() == (site / "python.zip").read_bytes()
    version = re.compile(r'^const VERSION = SITE \+ "([0-9a-f]{16})";$', re.M)
    assert version.search(worker) and version.search((tmp_path / "again/offline.js").read_text())
    assert version.findall(worker) == version.findall((tmp_path / "again/offline.js").read_text())
