"""deploy/jupyterhub_config.py, loaded as JupyterHub loads it (traitlets' config loader; JupyterHub itself is not
needed): learners land on the gallery in Voilà, each server has a memory limit, kernels are culled as voila.json
culls them, and idle servers are stopped by a service allowed to do so."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "jupyterhub_config.py"


@pytest.fixture(scope="module")
def config():
    return PyFileConfigLoader(CONFIG.name, path=str(CONFIG.parent)).load_config()


def flags(args: list[str]) -> dict[str, str]:
    return dict(arg.removeprefix("--").split("=", 1) for arg in args)


def mebibytes(size: str) -> float:
    number, unit = re.fullmatch(r"(\d+(?:\.\d+)?)([KMGT]?)", size).groups()
    return float(number) * {"K": 1 / 1024, "M": 1, "G": 1024, "T": 1024**2, "": 1 / 2**20}[unit]


def test_learners_land_on_the_gallery_in_voila(config) -> None:
    url = config.Spawner.default_url
    assert url.startswith("/voila/render/")
    assert (ROOT / url.removeprefix("/voila/render/")).is_file(), f"{url} is not a notebook of this repository"


def test_each_learner_has_a_memory_limit_that_fits_a_few_pages(config) -> None:
    limit, guarantee = mebibytes(config.Spawner.mem_limit), mebibytes(config.Spawner.mem_guarantee)
    # Server (~100 MiB) and three kernels (~60 MiB each) must fit; 30 learners must fit in a school server.
    assert 200 <= guarantee <= limit
    assert 400 <= limit <= 1024
    assert 0 < config.Spawner.cpu_limit <= 2


def test_kernels_are_culled_and_answer_at_once_inside_each_server_as_voila_json_says(config) -> None:
    voila = json.loads((ROOT / "voila.json").read_text())
    given = flags(config.Spawner.args)
    for name, value in voila["MappingKernelManager"].items():
        assert given[f"MappingKernelManager.{name}"] == str(value), name  # str(False) is "False", as on a command line
    assert given["VoilaConfiguration.show_tracebacks"] == "False"
    # and the kernel websocket that answers clicks without waiting for the browser's ACK
    assert given["ServerApp.kernel_websocket_connection_class"] == voila["Voila"]["kernel_websocket_connection_class"]


def test_idle_servers_are_stopped_by_a_culler_with_the_rights_it_needs(config) -> None:
    (service,) = [s for s in config.JupyterHub.services if s["name"] == "idle-culler"]
    command = " ".join(service["command"])
    assert "jupyterhub_idle_culler" in command
    timeout = int(re.search(r"--timeout=(\d+)", command)[1])
    assert 600 <= timeout <= 7200  # longer than a lesson's pauses, shorter than a school day
    (role,) = [r for r in config.JupyterHub.load_roles if "idle-culler" in r.get("services", [])]
    assert {"list:users", "read:users:activity", "read:servers", "delete:servers"} <= set(role["scopes"])
