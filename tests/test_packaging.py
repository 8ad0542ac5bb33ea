"""The environments agree: pyproject.toml and binder/ pin the same Jupyter stack, Binder installs the project,
and Voilà started as `make run` starts it culls the kernels of closed pages. Fast: no network, no browser."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BINDER_REQUIREMENTS = ROOT / "binder" / "requirements.txt"
JUPYTER_STACK = {"anywidget", "ipywidgets", "jupyterlab", "voila"}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;#]+)")


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lines: list[str]) -> dict[str, str]:
    """name -> version for every ``name==version`` line."""
    found = {}
    for line in lines:
        match = PIN.match(line.strip())
        if match:
            found[normalise(match[1])] = match[2]
    return found


def requirement_lines() -> list[str]:
    lines = (line.split("#", 1)[0].strip() for line in BINDER_REQUIREMENTS.read_text().splitlines())
    return [line for line in lines if line]


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_binder_pins_the_same_versions_as_pyproject() -> None:
    project = pyproject()["project"]
    ours = pins(project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra])
    binder = pins(requirement_lines())
    assert not JUPYTER_STACK - binder.keys(), "binder/requirements.txt must pin the whole Jupyter stack"
    assert not JUPYTER_STACK - ours.keys()
    both = binder.keys() & ours.keys()
    assert {name: binder[name] for name in both} == {name: ours[name] for name in both}


def test_every_binder_requirement_is_pinned_or_the_project() -> None:
    for line in requirement_lines():
        assert line == "." or PIN.match(line), f"binder/requirements.txt: {line!r} is not pinned with =="


def test_binder_installs_the_project() -> None:
    # repo2docker runs `pip install -r binder/requirements.txt` in the repository root, and pip resolves "."
    # against the working directory; with a binder/ folder present nothing else installs the project.
    assert "." in requirement_lines()


def test_binder_python_satisfies_requires_python() -> None:
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-3\.(\d+)", runtime)
    assert match, f"binder/runtime.txt says {runtime!r}"
    floor = re.fullmatch(r">=\s*3\.(\d+)", pyproject()["project"]["requires-python"])
    assert floor and int(match[1]) >= int(floor[1])


def make_recipe(target: str) -> str:
    """The recipe lines of ``target`` in the Makefile."""
    lines = (ROOT / "Makefile").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"^{target}\s*:", line))
    recipe = []
    for line in lines[start + 1 :]:
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return "\n".join(recipe)


def test_make_run_serves_the_notebooks_folder_on_localhost() -> None:
    recipe = make_recipe("run")
    assert re.search(r"voila notebooks\b", recipe)
    assert "--Voila.ip=127.0.0.1" in recipe
    assert "--port=$(PORT)" in recipe
    assert "/voila/render/index.ipynb" in recipe
    # The culling lives in voila.json, which Voilà reads from its working directory: nothing may move it.
    assert "cd " not in recipe and "config_file_paths" not in recipe


def test_voila_json_culls_idle_kernels_of_closed_pages() -> None:
    culling = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
    assert culling["cull_idle_timeout"] > 0
    assert 0 < culling["cull_interval"] <= culling["cull_idle_timeout"]
    assert culling["cull_connected"] is False  # a page still open keeps its kernel
    assert culling["cull_busy"] is False


def test_voila_started_from_the_repository_root_applies_the_culling() -> None:
    """Load Voilà's configuration the way `make run` does and ask the kernel manager it would build."""
    probe = """
import json
from voila.app import Voila
app = Voila()
app.initialize([])
manager = app.voila_configuration.multi_kernel_manager_class(parent=app)
print(json.dumps({name: getattr(manager, name) for name in
                  ("cull_idle_timeout", "cull_interval", "cull_connected", "cull_busy")}
                 | {"show_tracebacks": app.voila_configuration.show_tracebacks,
                    "manager": type(manager).__module__ + "." + type(manager).__name__}))
"""
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    effective = json.loads(done.stdout.strip().splitlines()[-1])
    expected = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
    # and the tutor's kernel manager, which replaces a kernel that dies as it starts (widgets/kernels.py)
    assert effective == expected | {"show_tracebacks": False, "manager": "widgets.kernels.ClassroomKernelManager"}


def test_ci_entry_point_runs_make_test() -> None:
    ci = ROOT / ".ci" / "run"
    assert os.access(ci, os.X_OK)
    text = ci.read_text()
    assert "set -euo pipefail" in text and re.search(r"^make test$", text, re.MULTILINE)


def test_make_run_and_classroom_have_the_table_service_print_the_teachers_lobby_link() -> None:
    """The service prints the lobby's address with the teacher's key after its "#" (tables/service.py, --lobby): the
    lobby is Voilà's page on the port make was given."""
    for target in ("run", "classroom"):
        done = subprocess.run(["make", "-n", target, "PORT=9000"], cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "-m tables" in done.stdout and "--lobby http://127.0.0.1:9000/voila/render/lobby.ipynb" in done.stdout
