"""Binder's environment, built here the way repo2docker builds it, serves every notebook without an error.

repo2docker copies the repository and runs ``pip install -r binder/requirements.txt`` in its root; the
Binder badge then opens ``/voila/render/notebooks/index.ipynb`` on a Jupyter server, where Voilà is a server
extension. We do the same in a fresh venv over a copy of the repository (so the build leaves nothing here),
then also start that venv's stand-alone ``voila`` as ``make run`` does.
"""

from __future__ import annotations

import html
import json
import re
import secrets
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from harness import ERROR_MARKS, ROOT, free_port, render_url, running_server, running_voila

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

# What a fresh clone would not contain.
NOT_IN_A_CLONE = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "*.egg-info", "build", "dist", ".pytest_cache", ".ruff_cache", ".hypothesis"
)


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(copy of the repository, bin/ of a venv built from binder/requirements.txt in it)."""
    tmp = tmp_path_factory.mktemp("binder")
    repo = tmp / "repo"
    shutil.copytree(ROOT, repo, ignore=NOT_IN_A_CLONE)
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    done = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-r", "binder/requirements.txt"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=780,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return repo, venv / "bin"


def notebooks(repo: Path) -> list[Path]:
    found = sorted((repo / "notebooks").glob("*.ipynb"))
    assert found, "no notebooks"
    return found


def first_heading(notebook: Path) -> str:
    """The first Markdown heading of a notebook, without its #s and inline markup."""
    for cell in json.loads(notebook.read_text())["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("#"):
                    return re.sub(r"[*_`]", "", line.lstrip("#")).strip()
    raise AssertionError(f"{notebook.name} has no Markdown heading")


def fetch(url: str) -> tuple[int, str]:
    # Voilà executes the whole notebook before the page ends, hence the long read timeout.
    with urllib.request.urlopen(url, timeout=180) as reply:
        return reply.status, reply.read().decode("utf-8", errors="replace")


def assert_rendered(notebook: Path, status: int, page: str) -> None:
    assert status == 200
    assert not [mark for mark in ERROR_MARKS if mark in page], f"{notebook.name} shows an error"
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert first_heading(notebook) in text, f"{notebook.name}: its heading is not on the page"


def test_binder_installs_the_project_itself(binder_env: tuple[Path, Path]) -> None:
    _repo, bin_dir = binder_env
    # Run from / so that the import cannot come from the working directory.
    done = subprocess.run(
        [str(bin_dir / "python"), "-c", "import cardlib, widgets; print(cardlib.__file__)"],
        cwd="/",
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "site-packages" in done.stdout


def test_binder_url_renders_every_notebook(binder_env: tuple[Path, Path], tmp_path: Path) -> None:
    """A Jupyter server like Binder's, with no voila-specific setup: the voila package enables its extension."""
    repo, bin_dir = binder_env
    port, token = free_port(), secrets.token_hex(16)
    base = f"http://127.0.0.1:{port}"
    args = [
        str(bin_dir / "jupyter-server"),
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={repo}",
        "--allow-root",  # CI containers run as root; Binder does not, and the flag changes nothing else
    ]
    with running_server(args, f"{base}/api/status?token={token}", cwd=repo, log=tmp_path / "server.log"):
        for notebook in notebooks(repo):
            # The badge's urlpath, voila/render/notebooks/index.ipynb, for every notebook.
            status, page = fetch(f"{base}/voila/render/notebooks/{notebook.name}?token={token}")
            assert_rendered(notebook, status, page)


def test_standalone_voila_renders_every_notebook(binder_env: tuple[Path, Path], tmp_path: Path) -> None:
    repo, bin_dir = binder_env
    with running_voila(bin_dir / "voila", folder=repo / "notebooks", log=tmp_path / "voila.log") as (base, _):
        for notebook in notebooks(repo):
            assert_rendered(notebook, *fetch(render_url(base, notebook.name)))
