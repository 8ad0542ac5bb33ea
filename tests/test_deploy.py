"""deploy/jupyterhub_config.py, loaded as JupyterHub loads it (traitlets' config loader): learners land on the
gallery in Voilà, each server has a memory limit, kernels are culled as voila.json culls them, and idle servers are
stopped by a service allowed to do so. Kubernetes' values (deploy/z2jh-values.yaml) and the demo hub of `make hub`
(deploy/jupyterhub_demo_config.py) make the same choices; tests/browser/test_hub.py runs the demo hub."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "jupyterhub_config.py"


@pytest.fixture(scope="module")
def config():
    return PyFileConfigLoader(CONFIG.name, path=str(CONFIG.parent)).load_config()


def flags(args: list[str]) -> dict[str, str]:
    return dict(arg.removeprefix("--").split("=", 1) for arg in args)


def culler(config) -> tuple[str, dict[str, str]]:
    """The idle-culler service's command line, and its ``--name=value`` options by name."""
    (service,) = [s for s in config.JupyterHub.services if s["name"] == "idle-culler"]
    options = flags([arg for arg in service["command"] if arg.startswith("--") and "=" in arg])
    return " ".join(service["command"]), options


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
    assert given["VoilaExecutor.iopub_timeout"] == str(voila["VoilaExecutor"]["iopub_timeout"])
    # and the browser's languages reach the page's kernel, for a page opened without ?lang= (widgets/language.py)
    assert [given["VoilaConfiguration.http_header_envs"]] == voila["VoilaConfiguration"]["http_header_envs"]
    # and the kernel websocket that answers clicks without waiting for the browser's ACK
    assert given["ServerApp.kernel_websocket_connection_class"] == voila["Voila"]["kernel_websocket_connection_class"]
    # and a dead kernel is removed, not restarted, so its page's watchdog can tell the learner (widgets/watchdog.py)
    assert given["KernelRestarter.restart_limit"] == str(voila["KernelRestarter"]["restart_limit"]) == "0"
    # and the tutor's kernel manager, which replaces a kernel that dies as it starts (widgets/kernels.py)
    assert given["ServerApp.kernel_manager_class"] == voila["VoilaConfiguration"]["multi_kernel_manager_class"]


def test_idle_servers_are_stopped_by_a_culler_with_the_rights_it_needs(config) -> None:
    command, options = culler(config)
    assert "jupyterhub_idle_culler" in command
    timeout = int(options["timeout"])
    assert 600 <= timeout <= 7200  # longer than a lesson's pauses, shorter than a school day
    (role,) = [r for r in config.JupyterHub.load_roles if "idle-culler" in r.get("services", [])]
    assert {"list:users", "read:users:activity", "read:servers", "delete:servers"} <= set(role["scopes"])


# -- deploy/z2jh-values.yaml: the same choices for Kubernetes (Zero to JupyterHub's Helm chart) ------------------


@pytest.fixture(scope="module")
def values() -> dict:
    return yaml.safe_load((ROOT / "deploy" / "z2jh-values.yaml").read_text())


def test_kubernetes_learners_land_on_the_gallery_with_the_same_limits(config, values) -> None:
    singleuser = values["singleuser"]
    assert singleuser["defaultUrl"] == config.Spawner.default_url
    assert singleuser["memory"] == {"guarantee": config.Spawner.mem_guarantee, "limit": config.Spawner.mem_limit}
    assert singleuser["cpu"] == {"guarantee": config.Spawner.cpu_guarantee, "limit": config.Spawner.cpu_limit}
    assert singleuser["storage"]["type"] == "none"  # nothing kept, as DockerSpawner.remove says
    assert config.DockerSpawner.remove is True


def test_kubernetes_servers_cull_kernels_and_answer_at_once_as_on_one_machine(config, values) -> None:
    assert values["hub"]["config"]["KubeSpawner"]["args"] == config.Spawner.args


def test_kubernetes_stops_idle_servers_as_the_hubs_culler_does(config, values) -> None:
    _, options = culler(config)
    assert values["cull"]["enabled"] is True
    assert values["cull"]["timeout"] == int(options["timeout"])
    assert values["cull"]["every"] == int(options["cull-every"])


def test_kubernetes_logs_in_with_the_schools_accounts_not_a_demo_password(values) -> None:
    authenticator = values["hub"]["config"]["JupyterHub"]["authenticator_class"]
    assert authenticator not in {"dummy", "null", "shared-password"}


# -- deploy/jupyterhub_demo_config.py (make hub): the school's configuration, with only what a demo must change ---


def test_the_demo_hub_keeps_the_schools_settings_and_says_loudly_it_is_a_demo(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capfd: pytest.CaptureFixture, config
) -> None:
    monkeypatch.setenv("HUB_STATE", str(tmp_path))
    monkeypatch.setenv("HUB_PASSWORD", "a-shared-password")
    monkeypatch.setenv("HUB_IDLE_S", "40")
    demo = PyFileConfigLoader("jupyterhub_demo_config.py", path=str(CONFIG.parent)).load_config()
    assert "NOT FOR A SCHOOL" in capfd.readouterr().err
    assert demo.JupyterHub.ip == demo.JupyterHub.hub_ip == "127.0.0.1"
    assert demo.SharedPasswordAuthenticator.user_password == "a-shared-password"
    assert demo.Spawner.default_url == config.Spawner.default_url
    assert set(config.Spawner.args) <= set(demo.Spawner.args)
    _, options = culler(demo)
    assert (options["timeout"], options["cull-every"]) == ("40", "10")
    assert demo.JupyterHub.db_url.endswith(str(tmp_path / "jupyterhub.sqlite"))


def test_the_table_service_runs_beside_the_hub_reads_the_teachers_group_and_kernels_find_it(config, values) -> None:
    """One hub and one Kubernetes: the table service is a hub service, allowed to read only the teachers' group,
    its database on the hub's persistent storage, and every learner's server is told where it is."""
    (tables,) = [service for service in config.JupyterHub.services if service["name"] == "tables"]
    assert tables["command"][1:3] == ["-m", "tables"] and "/srv/jupyterhub/tables.sqlite" in tables["command"]
    (role,) = [role for role in config.JupyterHub.load_roles if role["name"] == "tables"]
    assert role["scopes"] == ["read:groups!group=teachers"] and role["services"] == ["tables"]
    assert "teachers" in config.JupyterHub.load_groups
    assert config.Spawner.environment["TABLES_URL"].endswith("/services/tables")
    hub = values["hub"]
    assert hub["loadRoles"]["tables"]["scopes"] == role["scopes"] and "teachers" in hub["loadGroups"]
    (sidecar,) = hub["extraContainers"]
    assert "/srv/jupyterhub/tables.sqlite" in sidecar["command"]
    assert {"name": "pvc", "mountPath": "/srv/jupyterhub"} in sidecar["volumeMounts"]  # the hub's own volume
    assert hub["services"]["tables"]["url"].endswith(":8877") and hub["service"]["extraPorts"][0]["port"] == 8877
    assert values["singleuser"]["extraEnv"]["TABLES_URL"].endswith("/services/tables")
