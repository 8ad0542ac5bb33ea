"""deploy/jupyterhub_config.py, loaded as JupyterHub loads it (traitlets' config loader): learners land on the
gallery in Voilà, each server has a memory limit, kernels are culled as voila.json culls them, and idle servers are
stopped by a service allowed to do so. Kubernetes' values (deploy/z2jh-values.yaml) and the demo hub of `make hub`
(deploy/jupyterhub_demo_config.py) make the same choices; tests/browser/test_hub.py runs the demo hub. The values
are validated with the schema of the chart they are written for (tests/deploy/), and the table service's own
Kubernetes objects (deploy/tables.yaml) are read and checked: security, volume, probes, resources, network."""

from __future__ import annotations

import copy
import json
import re
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import jsonschema
import pytest
import yaml
from tornado import httputil
from traitlets.config.loader import PyFileConfigLoader

from tables.service import HealthHandler, Service, make_app
from tables.store import Store

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


def test_the_table_service_runs_beside_the_hub_reads_the_teachers_group_and_kernels_find_it(config) -> None:
    """On one hub: the table service is a hub service, allowed to read only the teachers' group, its database on the
    hub's persistent storage, pruned of finished tables, and every learner's server is told where it is."""
    (tables,) = [service for service in config.JupyterHub.services if service["name"] == "tables"]
    assert tables["command"][1:3] == ["-m", "tables"] and "/srv/jupyterhub/tables.sqlite" in tables["command"]
    assert tables["command"][tables["command"].index("--keep-days") + 1] == "30"
    (role,) = [role for role in config.JupyterHub.load_roles if role["name"] == "tables"]
    assert role["scopes"] == ["read:groups!group=teachers"] and role["services"] == ["tables"]
    assert config.Spawner.environment["TABLES_URL"].endswith("/services/tables")


def test_kernels_carry_a_token_for_the_tables_only_and_teachers_are_named(config) -> None:
    """A learner's server token (which its kernels send) carries access to the table service and its activity, not
    the server's own access; every user holds that access; example admins and teachers are set, so someone can add
    teachers in the admin panel (tables/hub.py checks the token with HubAuth; tests/browser/test_hub.py, live)."""
    assert config.Spawner.server_token_scopes == ["users:activity!user", TABLES_ACCESS]
    (user,) = [role for role in config.JupyterHub.load_roles if role["name"] == "user"]
    assert user["scopes"] == ["self", TABLES_ACCESS]
    assert config.JupyterHub.load_groups["teachers"]["users"] and config.Authenticator.admin_users


# -- Zero to JupyterHub 4.4.0: the chart's own schema accepts the values; the table service in its own pod -------

CHART = "4.4.0"  # the chart version the values are written for and validated against
CHART_JUPYTERHUB = "5.5.0"  # the JupyterHub it runs: images/hub/requirements.txt of the chart's 4.4.0 tag
CHART_IDLE_CULLER = "1.4.0"  # and its idle culler, from the same file
CHART_UID = 1000  # the user the chart runs learners' pods as (singleuser.uid in its values.yaml)
TABLES_ACCESS = "access:services!service=tables"
RELEASE = "tutor"  # the Helm release docs/deploy.md installs


def charts_json_schema() -> dict:
    """The chart's values.schema.yaml as Helm gets it: turned into JSON schema as the chart's own
    tools/generate-json-schema.py does, every ``description`` dropped (except a property of that name)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # (the C loader reads the 3,000 lines ten times faster)
    schema = yaml.load((ROOT / "tests" / "deploy" / f"z2jh-{CHART}.values.schema.yaml").read_text(), Loader=loader)

    def clean(level: dict) -> None:
        level.pop("description", None)
        for value in level.get("properties", {}).values():
            if isinstance(value, dict):
                clean(value)

    clean(schema)
    return schema


def merged(defaults: dict, given: dict) -> dict:
    """``given`` over ``defaults``, objects merged key by key, as Helm merges a values file over a chart's own."""
    both = dict(defaults)
    for key, value in given.items():
        both[key] = merged(both[key], value) if isinstance(value, dict) and isinstance(both.get(key), dict) else value
    return both


def schema_errors(values: dict) -> list[str]:
    """What Helm would refuse in ``values``: it validates the chart's defaults with the values merged over them."""
    defaults = yaml.safe_load((ROOT / "tests" / "deploy" / f"z2jh-{CHART}.values.yaml").read_text())
    validator = jsonschema.Draft7Validator(charts_json_schema())
    errors = validator.iter_errors(merged(defaults, values))
    return [f"{'.'.join(map(str, error.absolute_path))}: {error.message}" for error in errors]


def test_the_charts_own_schema_accepts_the_values_and_refuses_what_it_should(values) -> None:
    assert schema_errors(values) == []
    # the schema does refuse: a key the chart has not, where the values once had one
    wrong = copy.deepcopy(values)
    wrong["hub"]["loadGroups"] = {"teachers": {"users": []}}
    assert schema_errors(wrong) == ["hub: Additional properties are not allowed ('loadGroups' was unexpected)"]


def test_the_chart_version_is_named_and_pinned_where_it_is_installed() -> None:
    said = (ROOT / "deploy" / "z2jh-values.yaml").read_text()
    docs = (ROOT / "docs" / "deploy.md").read_text()
    assert f"chart version {CHART}" in said and f"--version {CHART}" in said and f"--version {CHART}" in docs
    assert (ROOT / "tests" / "deploy" / f"z2jh-{CHART}.LICENSE").read_text().startswith("BSD 3-Clause License")


def test_make_hub_tests_the_jupyterhub_the_chart_runs_and_the_learners_image_ships_it() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    hub = dict(pin.split("==") for pin in project["optional-dependencies"]["hub"])
    assert hub["jupyterhub"] == CHART_JUPYTERHUB and hub["jupyterhub-idle-culler"] == CHART_IDLE_CULLER
    binder = (ROOT / "binder" / "requirements.txt").read_text()
    assert re.search(rf"^jupyterhub=={re.escape(CHART_JUPYTERHUB)}$", binder, re.M)  # its jupyterhub-singleuser


def test_the_learners_image_is_built_with_the_charts_user(values, objects) -> None:
    build = f"--user-id {CHART_UID} --user-name jovyan"
    assert build in (ROOT / "deploy" / "z2jh-values.yaml").read_text()
    assert build in (ROOT / "deploy" / "jupyterhub_config.py").read_text()
    assert (ROOT / "docs" / "deploy.md").read_text().count(build) >= 2  # for the school server and for Kubernetes
    assert values["singleuser"].get("uid", CHART_UID) == CHART_UID
    assert pod(objects)["securityContext"]["runAsUser"] == CHART_UID


@pytest.fixture(scope="module")
def objects() -> dict[str, dict]:
    """deploy/tables.yaml: kind -> its object (one of each)."""
    found = {}
    for document in yaml.safe_load_all((ROOT / "deploy" / "tables.yaml").read_text()):
        assert document["kind"] not in found
        found[document["kind"]] = document
    return found


def pod(objects: dict[str, dict]) -> dict:
    return objects["Deployment"]["spec"]["template"]["spec"]


def container(objects: dict[str, dict]) -> dict:
    (only,) = pod(objects)["containers"]
    return only


def environment(objects: dict[str, dict]) -> dict[str, dict]:
    return {variable["name"]: variable for variable in container(objects)["env"]}


def test_the_table_service_runs_in_its_own_pod_as_a_numeric_user_under_a_strict_security_context(
    values, objects
) -> None:
    assert "extraContainers" not in values["hub"]  # nothing of it in the hub's pod: its crash never stops the hub
    assert objects["Deployment"]["spec"]["replicas"] == 1 and objects["Deployment"]["spec"]["strategy"]["type"] == (
        "Recreate"  # one writer of the file, even during an upgrade
    )
    context = pod(objects)["securityContext"]
    assert context["runAsNonRoot"] is True and context["seccompProfile"] == {"type": "RuntimeDefault"}
    assert all(isinstance(context[key], int) and context[key] > 0 for key in ("runAsUser", "runAsGroup", "fsGroup"))
    assert pod(objects)["automountServiceAccountToken"] is False
    mine = container(objects)["securityContext"]
    assert mine["allowPrivilegeEscalation"] is False and mine["readOnlyRootFilesystem"] is True
    assert mine["capabilities"] == {"drop": ["ALL"]}
    image = values["singleuser"]["image"]
    assert container(objects)["image"] == f"{image['name']}:{image['tag']}"  # the learners' image


def test_the_table_service_keeps_its_file_on_a_volume_of_its_own_and_forgets_finished_tables(objects) -> None:
    command = container(objects)["command"]
    assert command[:3] == ["python", "-m", "tables"]
    options = flags([arg for arg in command if arg.startswith("--")])
    mounts = {mount["name"]: mount["mountPath"] for mount in container(objects)["volumeMounts"]}
    volumes = {volume["name"]: volume for volume in pod(objects)["volumes"]}
    (data,) = [name for name, path in mounts.items() if options["db"].startswith(f"{path}/")]
    assert volumes[data]["persistentVolumeClaim"]["claimName"] == objects["PersistentVolumeClaim"]["metadata"]["name"]
    assert float(options["keep-days"]) > 0
    (tmp,) = [name for name, path in mounts.items() if path == "/tmp"]
    assert set(mounts.values()) == {"/data", "/tmp"} and "emptyDir" in volumes[tmp]  # nothing else is writable


def test_the_probes_ask_a_route_the_service_has_and_resources_are_bounded(objects) -> None:
    prefix = environment(objects)["JUPYTERHUB_SERVICE_PREFIX"]["value"]
    app = make_app(Service(Store(":memory:"), "key"), prefix)
    port = container(objects)["ports"][0]
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        asked = container(objects)[probe]["httpGet"]
        assert asked["port"] in (port["name"], port["containerPort"])
        line = httputil.RequestStartLine("GET", asked["path"], "HTTP/1.1")
        request = httputil.HTTPServerRequest(start_line=line, headers=httputil.HTTPHeaders({"Host": "tables"}))
        assert app.find_handler(request).handler_class is HealthHandler, asked["path"]
    resources = container(objects)["resources"]
    for kind in ("cpu", "memory"):
        assert resources["requests"][kind] and resources["limits"][kind]
    assert mebibytes(resources["requests"]["memory"].removesuffix("i")) <= mebibytes(
        resources["limits"]["memory"].removesuffix("i")
    )


def test_kernels_reach_the_service_by_its_in_cluster_name_and_it_reaches_the_hub_with_its_own_token(
    values, objects
) -> None:
    url = urlsplit(values["singleuser"]["extraEnv"]["TABLES_URL"])
    service = objects["Service"]
    assert url.scheme == "http" and url.hostname == service["metadata"]["name"]  # never through the proxy's HTTPS
    (port,) = service["spec"]["ports"]
    assert url.port == port["port"] == container(objects)["ports"][0]["containerPort"]
    assert port["targetPort"] in (container(objects)["ports"][0]["name"], url.port)
    assert url.path + "/" == environment(objects)["JUPYTERHUB_SERVICE_PREFIX"]["value"]
    labels = objects["Deployment"]["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items()
    assert objects["Deployment"]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    # a service of the hub with no address: the proxy has no public route to it
    name = environment(objects)["JUPYTERHUB_SERVICE_NAME"]["value"]
    assert "url" not in values["hub"]["services"][name]
    secret = environment(objects)["JUPYTERHUB_API_TOKEN"]["valueFrom"]["secretKeyRef"]
    assert secret == {"name": "hub", "key": f"hub.services.{name}.apiToken"}  # where the chart keeps its token
    assert urlsplit(environment(objects)["JUPYTERHUB_API_URL"]["value"])[1] == "hub:8081"


def test_the_network_allows_exactly_the_learners_pods_to_the_services_port(values, objects) -> None:
    policy = objects["NetworkPolicy"]["spec"]
    labels = objects["Deployment"]["spec"]["template"]["metadata"]["labels"]
    assert policy["podSelector"]["matchLabels"].items() <= labels.items()
    assert set(policy["policyTypes"]) == {"Ingress", "Egress"}
    learners = {"component": "singleuser-server", "app": "jupyterhub", "release": RELEASE}
    assert policy["ingress"] == [
        {"from": [{"podSelector": {"matchLabels": learners}}], "ports": [{"protocol": "TCP", "port": 8877}]}
    ]
    hub = {"component": "hub", "app": "jupyterhub", "release": RELEASE}
    to_hub, dns = policy["egress"]
    assert to_hub == {"to": [{"podSelector": {"matchLabels": hub}}], "ports": [{"protocol": "TCP", "port": 8081}]}
    assert "to" not in dns and {rule["port"] for rule in dns["ports"]} == {53}
    assert labels["hub.jupyter.org/network-access-hub"] == "true"  # the chart's hub lets it in
    # the learners' pods may go out to it (the chart's own rules let them reach no pod's private address)
    (egress,) = values["singleuser"]["networkPolicy"]["egress"]
    assert egress["to"][0]["podSelector"]["matchLabels"].items() <= labels.items()
    assert egress["ports"] == [{"protocol": "TCP", "port": 8877}]
    # and no port of the hub's is opened to every origin any more
    assert "allowedIngressPorts" not in values["hub"].get("networkPolicy", {})
    assert "extraPorts" not in values["hub"].get("service", {})


def test_kubernetes_gives_kernels_the_same_token_and_names_teachers_and_an_admin(config, values) -> None:
    hub = values["hub"]
    assert hub["config"]["KubeSpawner"]["server_token_scopes"] == config.Spawner.server_token_scopes
    assert hub["loadRoles"]["user"]["scopes"] == ["self", TABLES_ACCESS]
    assert hub["loadRoles"]["tables"]["scopes"] == ["read:groups!group=teachers"]
    assert hub["config"]["JupyterHub"]["load_groups"]["teachers"]["users"]
    assert hub["config"]["Authenticator"]["admin_users"]
