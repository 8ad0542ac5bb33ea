# `make hub`: a real JupyterHub on this machine, for a demo or a test, with the school's settings of
# jupyterhub_config.py. Only what needs Docker and the machine's accounts is replaced: each learner's server is a
# process of the user who runs the hub, and everyone logs in with one shared password. NOT FOR A SCHOOL: any name
# logs in, and nothing limits a server's memory (docs/deploy.md gives the real thing).
#
#   make hub                          # http://127.0.0.1:8000, a new password printed at each start
#   make hub HUB_PASSWORD=tutor-demo  # the same password each time (8 characters or more)
#
# Environment: HUB_PORT, HUB_PASSWORD, HUB_STATE (the hub's database, cookie secret and learners' homes;
# default .hub/ in the repository), HUB_IDLE_S (idle seconds before a learner's server is stopped; short for tests).
import os
import secrets
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent  # the hub runs from the project's environment, with jupyterhub in it

c = get_config()  # noqa: F821 (JupyterHub provides get_config and load_subconfig when it loads this file)
load_subconfig(str(Path(__file__).with_name("jupyterhub_config.py")))  # noqa: F821

# -- one machine, its loopback only ---------------------------------------------------------------------------
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = int(os.environ.get("HUB_PORT") or 8000)
c.JupyterHub.hub_ip = "127.0.0.1"
c.ConfigurableHTTPProxy.command = [str(ROOT / "node_modules" / ".bin" / "configurable-http-proxy")]
state = Path(os.environ.get("HUB_STATE", ROOT / ".hub"))
state.mkdir(parents=True, exist_ok=True)
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(state / "jupyterhub.pid")

# -- who logs in: anyone, by any name, with the shared password -------------------------------------------------
password = os.environ.get("HUB_PASSWORD") or secrets.token_urlsafe(9)
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = password
c.Authenticator.admin_users = set()  # any name logs in here: no name may be an admin's

# -- each learner's server: a local process, home in the state folder, the repository as its root -----------------
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(state / "homes" / "{username}")
c.Spawner.cmd = [str(VENV_BIN / "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(ROOT)
if os.geteuid() == 0:  # a container's root, as on this project's build machines
    c.Spawner.args = [*c.Spawner.args, "--ServerApp.allow_root=True"]

# -- shared tables: the service of jupyterhub_config.py, its database in the state folder, the demo's teachers ------
# HUB_TEACHERS (names, comma-separated; "teacher" by default) open tables in the lobby; HUB_TEACHER_KEY, if set, is
# the service's teacher's key too (a test opens tables with it).
(tables,) = [service for service in c.JupyterHub.services if service["name"] == "tables"]
tables["command"] = [sys.executable, "-m", "tables", "--db", str(state / "tables.sqlite"), "--keep-days", "30"]
tables["url"] = f"http://127.0.0.1:{os.environ.get('HUB_TABLES_PORT') or 8877}"
if os.environ.get("HUB_TEACHER_KEY"):
    tables["environment"] = {"TABLES_TEACHER_KEY": os.environ["HUB_TEACHER_KEY"]}
teachers = [name.strip() for name in os.environ.get("HUB_TEACHERS", "teacher").split(",") if name.strip()]
c.JupyterHub.load_groups = {"teachers": {"users": teachers}}
c.Spawner.environment = {"TABLES_URL": f"http://127.0.0.1:{c.JupyterHub.port}/services/tables"}

# -- stopping idle servers: the culler of jupyterhub_config.py, with a shorter idle time when asked ---------------
idle_s = int(os.environ.get("HUB_IDLE_S") or 0)
if idle_s:
    every_s = max(1, idle_s // 4)
    (culler,) = [service for service in c.JupyterHub.services if service["name"] == "idle-culler"]
    kept = [arg for arg in culler["command"] if not arg.startswith(("--timeout=", "--cull-every="))]
    culler["command"] = [*kept, f"--timeout={idle_s}", f"--cull-every={every_s}"]
    # The culler reads each server's last activity from the hub: it must be reported more often than it is read.
    c.JupyterHub.last_activity_interval = every_s
    c.Spawner.environment = {**c.Spawner.environment, "JUPYTERHUB_ACTIVITY_INTERVAL": str(every_s)}

print(
    "\n".join(
        [
            "*" * 100,
            "*** make hub: a DEMO JupyterHub, NOT FOR A SCHOOL. Anyone who reaches it and knows the password logs in",
            "*** under any name; every learner's server runs as this machine's user, without memory limits.",
            f"*** Learners: open http://127.0.0.1:{c.JupyterHub.port}/ with any name and the password {password}",
            f"*** Teachers ({', '.join(teachers)}): open lobby.ipynb to open shared tables.",
            "*** For a real school server see docs/deploy.md.",
            "*" * 100,
        ]
    ),
    file=sys.stderr,
    flush=True,
)
