"""Binder's environment, built here the way repo2docker builds it, serves every notebook without an error.

repo2docker copies the repository and runs ``pip install -r binder/requirements.txt`` in its root; the
Binder badge then opens ``/voila/render/notebooks/index.ipynb`` on a Jupyter server, where Voilà is a server
extension. We do the same in a fresh venv over a copy of the repository (so the build leaves nothing here),
and render every notebook through it. (The stand-alone ``voila`` of ``make run``, from the same pins, is what the
browser tests open.)
"""

from __future__ import annotations

import html
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from harness import ERROR_MARKS, ROOT, free_port, running_server

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

# What a fresh clone would not contain.
NOT_IN_A_CLONE = shutil.ignore_patterns(
    ".git", ".venv", "node_modules", "__pycache__", "*.egg-info", "build", "dist", ".pytest_cache", ".ruff_cache"
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
        # (bytecode left to each module's first import, as `make deps` leaves it: a third of pip's time here)
        [str(venv / "bin" / "pip"), "install", "--no-compile", "-r", "binder/requirements.txt"],
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


# The notebooks whose widget writes their heading, in the page's language: the gallery and the shared tables' pages.
HEADED_BY_WIDGET = {"index.ipynb", "table.ipynb", "lobby.ipynb"}


def first_heading(notebook: Path) -> str:
    """The first Markdown heading of a notebook, without its #s and inline markup ("" for one whose widget writes
    its own heading)."""
    for cell in json.loads(notebook.read_text())["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("#"):
                    return re.sub(r"[*_`]", "", line.lstrip("#")).strip()
    assert notebook.name in HEADED_BY_WIDGET, f"{notebook.name} has no Markdown heading"
    return ""


def fetch(url: str) -> tuple[int, str]:
    # Voilà executes the whole notebook before the page ends, hence the long read timeout.
    with urllib.request.urlopen(url, timeout=180) as reply:
        return reply.status, reply.read().decode("utf-8", errors="replace")


def assert_rendered(notebook: Path, status: int, page: str) -> None:
    assert status == 200
    assert not [mark for mark in ERROR_MARKS if mark in page], f"{notebook.name} shows an error"
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert first_heading(notebook) in text, f"{notebook.name}: its heading is not on the page"
    # Nothing from outside: the page's stylesheets and scripts come from the same server (our Voilà template,
    # installed with the package, replaces the CDN links of Voilà's own).
    outside = re.findall(r"<(?:link|script)\b[^>]*\b(?:href|src)=\"(https?://[^\"]+)\"", page)
    assert not outside, f"{notebook.name} links {outside}"


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
        str(repo / "binder" / "start"),  # repo2docker's entrypoint runs it before the server, as Binder does
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


def test_binders_server_reads_the_settings_voila_json_gives_make_run(binder_env: tuple[Path, Path]) -> None:
    """Binder's server reads no voila.json: binder/start has it read binder/jupyter_server_config.json, which must
    say what voila.json says (culling, no tracebacks, the wait for a cell's output, the websocket, dead kernels
    removed, the kernel manager)."""
    repo, bin_dir = binder_env
    done = subprocess.run(
        [str(repo / "binder" / "start"), str(bin_dir / "jupyter-server"), "--show-config-json"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    config = json.loads(done.stdout[done.stdout.index("{") :])
    voila = json.loads((ROOT / "voila.json").read_text())
    assert config["MappingKernelManager"] == voila["MappingKernelManager"]
    assert config["KernelRestarter"] == voila["KernelRestarter"]
    assert config["VoilaConfiguration"]["show_tracebacks"] == voila["VoilaConfiguration"]["show_tracebacks"]
    assert config["VoilaExecutor"] == voila["VoilaExecutor"]
    connection = config["ServerApp"]["kernel_websocket_connection_class"]
    assert connection == voila["Voila"]["kernel_websocket_connection_class"]
    # the kernel manager that replaces a kernel dying as it starts: Voilà's own option there, the server's here
    assert config["ServerApp"]["kernel_manager_class"] == voila["VoilaConfiguration"]["multi_kernel_manager_class"]


# repo2docker and the few packages it needs beyond what this environment has, all pinned: installed without
# their dependencies into a throwaway folder (a few seconds), so this environment's Voilà stays as it is.
REPO2DOCKER = [
    "jupyter-repo2docker==2026.4.0",
    "docker==7.2.0",
    "escapism==1.1.0",
    "iso8601==2.1.0",
    "semver==3.1.1",
    "ruamel.yaml==0.19.1",
    "toml==0.10.2",
    "entrypoints==0.4.2",
]


@pytest.fixture(scope="module")
def dockerfile(tmp_path_factory: pytest.TempPathFactory) -> str:
    """What `jupyter-repo2docker --no-build --debug` prints for a clone of this repository: the Dockerfile."""
    tmp = tmp_path_factory.mktemp("repo2docker")
    repo = tmp / "repo"
    shutil.copytree(ROOT, repo, ignore=NOT_IN_A_CLONE)
    target = tmp / "site"
    install = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), *REPO2DOCKER]
    done = subprocess.run(install, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = [sys.executable, "-m", "repo2docker", "--no-build", "--debug", str(repo)]
    done = subprocess.run(run, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    printed = done.stdout + done.stderr
    assert "FROM " in printed, printed[-3000:]
    return printed[printed.index("FROM ") :]


def base_environment(dockerfile: str) -> dict[str, str]:
    """name -> version of repo2docker's base conda environment, from the lock file the Dockerfile copies in (its
    build-context name escapes the path: -2f is "/", -2e is ".", -2d is "-")."""
    copied = re.search(r"COPY \S+ build_script_files/(\S+?)-[0-9a-f]{6} /tmp/env/environment\.lock", dockerfile)
    assert copied, "the Dockerfile installs no conda base environment"
    path = re.sub(r"-([0-9a-f]{2})", lambda m: chr(int(m[1], 16)), copied[1])
    versions = {}
    for line in Path(path).read_text().splitlines():
        match = re.search(r"/([A-Za-z0-9_.-]+?)-(\d[^-]*)-[^-/]+\.(?:conda|tar\.bz2)", line)
        if match:
            versions[normalise(match[1])] = match[2]
    return versions


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_repo2docker_builds_python_311_and_installs_binder_requirements_last(dockerfile: str) -> None:
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()  # python-3.11
    assert f"environment.py-{runtime.removeprefix('python-')}-linux-64.lock" in dockerfile.replace("-2e", ".").replace(
        "-2d", "-"
    )
    # One environment for the server (Voilà's extension) and the kernel (the widgets): the same pins for both.
    assert "ENV KERNEL_PYTHON_PREFIX=${NB_PYTHON_PREFIX}" in dockerfile
    base = dockerfile.index("install-base-env")
    pip = dockerfile.index('RUN ${KERNEL_PYTHON_PREFIX}/bin/pip install --no-cache-dir -r "binder/requirements.txt"')
    assert base < pip, "our pins must be installed after the base environment, so that they win"
    assert re.search(r"COPY --chown=\S+ src/binder/requirements\.txt ", dockerfile)
    # binder/start runs before the server (so that it reads binder/jupyter_server_config.json)
    assert 'ENV R2D_ENTRYPOINT="${REPO_DIR}/binder/start"' in dockerfile
    # Nothing else in binder/ is picked up (an environment.yml would replace pip, a postBuild would run code).
    assert not re.search(r"environment\.yml|postBuild|apt\.txt", dockerfile.split("# The rest of the environment")[1])


def test_binder_pins_win_over_repo2dockers_base_environment(dockerfile: str) -> None:
    """Every package the base image ships that binder/requirements.txt pins is replaced by the pinned version, and
    what the base ships beside it must accept it: its notebook (for an older jupyterlab) is pinned too."""
    base = base_environment(dockerfile)
    pins = {
        normalise(name): version
        for name, version in re.findall(
            r"^([A-Za-z0-9_.-]+)==(\S+)", (ROOT / "binder/requirements.txt").read_text(), re.M
        )
    }
    assert {"jupyterlab", "ipywidgets", "voila", "anywidget"} <= pins.keys()
    stack_in_base = {name: base[name] for name in ("jupyterlab", "ipywidgets", "notebook") if name in base}
    assert stack_in_base, f"repo2docker's base no longer ships a Jupyter stack we know: {sorted(base)[:20]}"
    for name, version in stack_in_base.items():
        assert name in pins, f"the base image has {name} {version}; binder/requirements.txt must pin it"
