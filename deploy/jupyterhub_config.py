# JupyterHub for a school: every learner gets their own small server in a container built from this repository
# (the same image as Binder's, built by repo2docker from binder/), which opens on the gallery in Voilà.
# docs/deploy.md explains each choice; tests/test_deploy.py loads this file and checks the settings that matter.
#
#   jupyter-repo2docker --no-run --user-id 1000 --user-name jovyan --image-name card-tutor:latest .  # once a release
#   jupyterhub -f deploy/jupyterhub_config.py
#
# Needs on the hub machine: jupyterhub, dockerspawner, jupyterhub-idle-culler, and an authenticator of the
# school's choice (below: the school's accounts on the machine, PAM).
import os
import sys

c = get_config()  # noqa: F821 (JupyterHub provides get_config when it loads this file)

# -- who logs in --------------------------------------------------------------------------------------------
c.JupyterHub.authenticator_class = "jupyterhub.auth.PAMAuthenticator"
c.Authenticator.allow_all = True  # every account of the machine; list them in c.Authenticator.allowed_users instead
# Who runs the hub: admins see the admin panel, where they add teachers to the "teachers" group (below). Replace
# these example accounts with the school's own.
c.Authenticator.admin_users = {"it-office"}

# -- each learner's server ------------------------------------------------------------------------------------
c.JupyterHub.spawner_class = "dockerspawner.DockerSpawner"
c.DockerSpawner.image = "card-tutor:latest"
c.DockerSpawner.remove = True  # a stopped server leaves nothing behind: the tutor keeps no files
c.DockerSpawner.notebook_dir = "/home/jovyan"  # repo2docker copies the repository here
c.JupyterHub.hub_ip = "0.0.0.0"  # the containers reach the hub on the Docker bridge
# Voilà as the default app: the learner lands on the gallery, not on JupyterLab.
c.Spawner.default_url = "/voila/render/notebooks/index.ipynb"

# Memory and CPU per learner. A tutor page's kernel needs about 60 MiB and the server about 100 MiB (README,
# Performance); a learner with the gallery and two games open stays under 400 MiB. Above the limit the container
# is killed, not the whole machine. 30 learners: 30 x 512 MiB = 15 GiB at worst, typically a third of it.
c.Spawner.mem_limit = "512M"
c.Spawner.mem_guarantee = "256M"
c.Spawner.cpu_limit = 1.0
c.Spawner.cpu_guarantee = 0.1

# Inside each server: the same kernel culling as voila.json (a closed tab frees its kernel after 5 idle
# minutes), no tracebacks for learners, and, as voila.json has it, a kernel websocket that sends each frame at once
# (widgets/server.py: without it, many clicks are answered 40 ms late, more over a network), and a kernel that
# dies is not restarted but removed, so its page can say the game has stopped (widgets/watchdog.py); and the
# tutor's kernel manager (widgets/kernels.py), which replaces a kernel that dies as it starts; and a page that waits
# up to 30 s for its cells' output instead of Voilà's 4, after which it is shown without the rest of it; and the
# browser's languages passed to the page's kernel, so a page opened without ?lang= speaks the learner's language.
c.Spawner.args = [
    "--MappingKernelManager.cull_idle_timeout=300",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=False",
    "--MappingKernelManager.cull_busy=False",
    "--VoilaConfiguration.show_tracebacks=False",
    "--VoilaConfiguration.http_header_envs=Accept-Language",
    "--VoilaExecutor.iopub_timeout=30",
    "--ServerApp.kernel_websocket_connection_class=widgets.server.NoDelayConnection",
    "--KernelRestarter.restart_limit=0",
    "--ServerApp.kernel_manager_class=widgets.kernels.ClassroomKernelManager",
]

# -- whole servers: stop those nobody used for 30 minutes (a learner who left without logging out) -------------
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=1800", "--cull-every=300"],
    }
]

# -- shared tables: classmates playing each other (tables/, docs/classroom.md, docs/deploy.md) ---------------------
# The table service runs beside the hub as one of its services. It knows learners and teachers by the hub's own
# users: a kernel sends its server's token, the hub says whose it is, and the members of the "teachers" group open
# tables in the lobby (the example accounts here; admins add more in the hub's admin panel). Its database (every
# table and its moves, a few kB a game) lives beside the hub's own, so it is backed up with it; tables that are over
# are forgotten 30 days after their last move, so it stops growing. Learners' kernels reach it through the hub's
# proxy: TUTOR_PUBLIC_URL is where a learner's server reaches the hub (the proxy's address as seen from the
# containers; http://127.0.0.1:8000 when they share the machine's network).
TABLES_PORT = 8877
TABLES_ACCESS = "access:services!service=tables"
c.JupyterHub.load_groups = {"teachers": {"users": ["ms-rossi", "mr-dupont"]}}
c.JupyterHub.load_roles += [
    {"name": "tables", "scopes": ["read:groups!group=teachers"], "services": ["tables"]},
    # Every user may use the table service (a user holds no service's access by default) ...
    {"name": "user", "scopes": ["self", TABLES_ACCESS]},
]
# ... and a learner's server token, which its kernels send to the service, carries that access and the activity
# its server reports, nothing more: not the server's own access (the hub's default), so the service, which sees
# the token, could not use it to reach the learner's server.
c.Spawner.server_token_scopes = ["users:activity!user", TABLES_ACCESS]
c.JupyterHub.services.append(
    {
        "name": "tables",
        "url": f"http://127.0.0.1:{TABLES_PORT}",
        "command": [sys.executable, "-m", "tables", "--db", "/srv/jupyterhub/tables.sqlite", "--keep-days", "30"],
    }
)
c.Spawner.environment = {"TABLES_URL": os.environ.get("TUTOR_PUBLIC_URL", "http://127.0.0.1:8000") + "/services/tables"}
