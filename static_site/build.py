"""``make site``: the static site (docs/static.md), a folder of files any web server can serve, where the project's
notebooks run in the learner's browser with no server behind them.

Each page is one of the notebooks Voilà serves (the gallery and the five games), its code cells run by Pyodide in a
Web Worker (static_site/worker.js) and its widgets drawn by ipywidgets' and anywidget's own front ends
(static_site/page.js): the same Python as the Voilà apps, only the kernel is the browser's. Everything comes from the
registries at the versions the project pins: Pyodide from npm (package-lock.json), the Python packages from PyPI at
the versions installed in the project's environment (pyproject.toml), the themes from the Voilà installed there.

    python static_site/build.py [--out build/site]
"""

from __future__ import annotations

import argparse
import hashlib
import html
import importlib.metadata
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import mistune

ROOT = Path(__file__).resolve().parent.parent
sys.path[0:0] = [str(ROOT)]

from cardlib.core.i18n import compiled  # noqa: E402
from widgets.browser_page import WORDS  # noqa: E402
from widgets.watchdog import catalogs  # noqa: E402

HERE = Path(__file__).resolve().parent
NODE = ROOT / "node_modules"
# The notebooks that need no server but the page's: the gallery and the games (not the tables' pages, which need
# the table service, nor make_a_lesson.ipynb, which is for JupyterLab).
PAGES = ("index", "napoletana", "nespanini", "njet", "pattuglia", "senza_nome")
# Pyodide's own files a page needs: its loader, the interpreter and the standard library (no package of its own)
PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# ipywidgets and anywidget with what they import, as wheels from PyPI (IPython is stood in for: python/IPython),
# without their tests and their front ends for JupyterLab and the classic notebook (page.js bundles its own)
WHEELS = ("ipywidgets", "anywidget", "traitlets", "comm", "psygnal", "typing_extensions")
NOT_SHIPPED = {"tests", "labextension", "nbextension"}
# pure-Python wheels only, whatever this machine is: the browser's Python is WebAssembly
PIP_DOWNLOAD = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
PIP_DOWNLOAD += ["--platform", "any", "--implementation", "py", "--python-version", "3.14"]
# one minified module; the fonts ipywidgets' CSS names, as files beside it
ESBUILD = "--bundle --format=esm --target=es2020 --minify --charset=utf8 --legal-comments=none --log-level=warning"
ESBUILD += "".join(f" --loader:.{font}=file" for font in ("woff", "woff2", "svg", "ttf", "eot"))
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # every entry of python.zip: zip's own first date
THEMES = Path(sys.prefix) / "share/jupyter/voila/themes/@jupyterlab"  # the ones Voilà serves, from its wheel
FONT_AWESOME = ROOT / "share/jupyter/voila/templates/cardgame/static/fontawesome"


def wheels(cache: Path) -> list[Path]:
    """The pure-Python wheels of WHEELS at the versions this environment has, downloaded once into ``cache``."""
    pins = [f"{name}=={importlib.metadata.version(name)}" for name in WHEELS]
    wanted = [cache / f"{pin.replace('==', '-')}-py3-none-any.whl" for pin in pins]
    if not all(path.is_file() for path in wanted):
        subprocess.run(
            [*PIP_DOWNLOAD, "--dest", str(cache), *pins],
            check=True,
            stderr=subprocess.PIPE,  # pip's warnings about this machine's package mirrors, not about the site
        )
    missing = [path.name for path in wanted if not path.is_file()]
    if missing:
        raise SystemExit(f"pip did not download {', '.join(missing)}")
    return wanted


def python_archive(wheel_files: list[Path]) -> bytes:
    """python.zip, unpacked by the worker onto Python's path: the wheels' packages, the tutor's own ``cardlib`` and
    ``widgets`` (their catalogs compiled, so the browser needs no Babel), browser_kernel and the IPython stand-in.
    static_site/compile.mjs then adds their bytecode. The same files make the same archive, byte for byte (every
    entry dated alike), so a build that changes nothing keeps the version learners' browsers hold (offline.js)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:

        def add(name: str, data: bytes) -> None:
            archive.writestr(zipfile.ZipInfo(name, ZIP_DATE), data, zipfile.ZIP_DEFLATED, 9)

        for wheel in wheel_files:
            with zipfile.ZipFile(wheel) as packed:
                for name in packed.namelist():
                    parts = name.split("/")
                    if not parts[0].endswith(".data") and not NOT_SHIPPED & set(parts):  # .data: JupyterLab's
                        add(name, packed.read(name))
        for package in ("cardlib", "widgets"):
            for path in sorted((ROOT / package).rglob("*")):
                if path.is_dir() or {"__pycache__", "js"} & set(path.parts) or path.suffix in (".pyc", ".pot", ".mo"):
                    continue  # (widgets/js: the sources of widgets/static, which is shipped)
                name = path.relative_to(ROOT).as_posix()
                if path.suffix == ".po":
                    add(name.removesuffix(".po") + ".mo", compiled(path))
                else:
                    add(name, path.read_bytes())
        for path in sorted((HERE / "python").rglob("*.py")):
            add(path.relative_to(HERE / "python").as_posix(), path.read_bytes())
    return out.getvalue()


def bundle(out: Path) -> None:
    """page.js and page.css: the widget manager with ipywidgets' and anywidget's front ends (esbuild)."""
    subprocess.run(
        [str(NODE / ".bin/esbuild"), str(HERE / "page.js"), *ESBUILD.split(), f"--outfile={out / 'page.js'}"],
        check=True,
        cwd=ROOT,
    )


def page(name: str) -> str:
    """``name``.html: the notebook's Markdown cells as HTML, its code cells as places for their widgets."""
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    cells = []
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            cells.append(f"<div class='cg-cell'>{mistune.html(source)}</div>")
        elif cell["cell_type"] == "code":
            cells.append(f"<div class='cg-cell' data-code='{html.escape(source, quote=True)}'></div>")
    words = catalogs(WORDS)
    # the page's title: the notebook's own (a game's name, the same in every language), else the tutor's
    title = re.sub(r"<[^>]+>", "", cells[0]).strip() if notebook["cells"][0]["cell_type"] == "markdown" else None
    template = (HERE / "page.html").read_text(encoding="utf-8")
    return (
        template.replace("{title}", html.escape(html.unescape(title or words["en"]["title"])))
        .replace("{words}", json.dumps({"words": words}, ensure_ascii=False).replace("</", "<\\/"))
        .replace("{cells}", "\n".join(cells))
    )


def build(out: Path, cache: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    (out / "pyodide").mkdir(parents=True)
    for name in PYODIDE:
        shutil.copy2(NODE / "pyodide" / name, out / "pyodide" / name)
    (out / "python.zip").write_bytes(python_archive(wheels(cache)))
    subprocess.run(["node", str(HERE / "compile.mjs"), str(out / "python.zip")], check=True, cwd=ROOT)
    bundle(out)
    shutil.copy2(HERE / "worker.js", out / "worker.js")
    shutil.copy2(HERE / "site.css", out / "site.css")
    for theme in ("light", "dark"):
        shutil.copy2(THEMES / f"theme-{theme}-extension/index.css", out / f"theme-{theme}.css")
    shutil.copytree(FONT_AWESOME, out / "fontawesome", ignore=shutil.ignore_patterns("*.md", "*.txt"))
    for name in PAGES:
        (out / f"{name}.html").write_text(page(name), encoding="utf-8")
    keep_offline(out)
    # not a Jekyll site: GitHub Pages is to serve every file as it is
    (out / ".nojekyll").write_text("", encoding="utf-8")


def keep_offline(out: Path) -> None:
    """offline.js, the service worker that keeps the site for visits with no network: the list of every file of
    the site and a version made of their contents, so that a new build replaces what a browser kept."""
    files = sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if path.is_file() and path.name not in ("offline.js", ".nojekyll")
    )
    version = hashlib.sha256()
    for name in files:
        version.update(name.encode() + b"\0" + (out / name).read_bytes())
    worker = (HERE / "offline.js").read_text(encoding="utf-8")
    worker = worker.replace("{version}", version.hexdigest()[:16]).replace("{files}", json.dumps(["./", *files]))
    (out / "offline.js").write_text(worker, encoding="utf-8")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site", help="the folder to write (replaced)")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "wheels", help="where wheels are kept")
    arguments = parser.parse_args()
    build(arguments.out, arguments.cache)
    print(f"wrote {arguments.out}")
