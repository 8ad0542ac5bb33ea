"""The bell-time rush on one machine: the hub as `make hub` runs it (JupyterHub with its configurable-http-proxy and
its table service, deploy/jupyterhub_demo_config.py), a whole year group logging in within a minute, each then
playing at a Njet! table through the hub's proxy, as a learner's kernel does.

    python benchmarks/district.py                                # 200 learners within 60 s, light servers
    python benchmarks/district.py --learners 20 --within 6 --play-s 10          # short
    python benchmarks/district.py --server singleuser --learners 20              # real Jupyter servers

A learner is what a browser does, over HTTP with its own cookies: the login form (its xsrf token, then the shared
password), the redirects the hub answers with, the spawn: ``/hub/spawn`` (a 429, "Too many users trying to log in
right now", is counted and tried again after the Retry-After the hub suggests, as a learner reloading the page when
told to), the pending page's progress stream (``/hub/api/users/NAME/server/progress``, with the page's xsrf token, as
its EventSource asks), then its own server through the proxy (``/user/NAME/api``, which a Jupyter server answers
without a login): ready. It then takes a seat at its table at ``/services/tables/`` with the token the hub gave its
server (read from the server's environment, where its kernels find it) and plays its moves (benchmarks/helpers/
players.py), thinking a few seconds each, until ``--play-s`` seconds after the last learner was ready.

The learners' servers (``--server``): ``light`` (benchmarks/helpers/light_server.py: an HTTP answer where the hub
expects the server and nothing else, about 20 MiB, so 200 fit on a shared machine) or ``singleuser``, the demo's own
``jupyterhub-singleuser`` (a Jupyter server with Voilà, as `make hub` spawns it; about 2.8 CPU-seconds to start and
120 MiB each, so a few dozen at most here). Neither opens a page in Voilà: no kernel runs, and the moves come from
this process, not from kernels (docs/performance.md has what a page's kernel costs). The teacher opens the tables
with the service's teacher key.

Prints one JSON object: logins a minute (login form answered) and servers ready a minute, the 429s (and how many
learners met one), login_s, spawn_s (spawn asked to the progress stream's "ready") and ready_s (the login page
opened to the server answering), each as median / p95 / max; the most spawns pending at once as the learners saw
them (from asking ``/hub/spawn`` to ready, so also those the hub had not answered yet); for the moves through the
proxy, ack_ms (sent to the service's acknowledgement) and told_ms (to the mover's own table after it: what a board
waits for, before the kernel draws it); for the hub, its proxy, the table service and the learners' servers, their
CPU-seconds, their busiest five seconds (share of one core) and their memory. Measurements only: nothing here fails
but a run that could not start. On 2 shared cores the learners, this process, compete with what they measure: the
figures are an upper bound.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import html
import json
import os
import platform
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest, HTTPResponse

ROOT = Path(__file__).resolve().parents[1]
# The project first: benchmarks/tables.py would hide the tables package.
sys.path[0:1] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "browser"), str(ROOT / "benchmarks" / "helpers")]
sys.path.append(str(ROOT / "benchmarks"))

from harness import free_port, make_command, rss_bytes, running_server  # noqa: E402
from measure import cpu_seconds, mib, stats  # noqa: E402
from players import Players  # noqa: E402
from running_service import KEY  # noqa: E402

import tables.client  # noqa: E402
from tables.client import Seat  # noqa: E402

PASSWORD = "bell-time-rush"
LIGHT_SERVER = ROOT / "benchmarks" / "helpers" / "light_server.py"
SEATS = 4  # Njet! (benchmarks/helpers/players.py)
XSRF = re.compile(r'name="_xsrf" value="([^"]+)"')
PROGRESS = re.compile(r'new EventSource\("([^"]+)"\)')
PAGE_TIMEOUT_S = 300

# Each learner's kernel has its own server's token in its environment (tables.client.hub_token); here all learners
# share one process, so each one's token is its task's.
TOKEN: contextvars.ContextVar[str | None] = contextvars.ContextVar("token", default=None)
tables.client.hub_token = TOKEN.get  # type: ignore[assignment]


class Browser:
    """One learner's browser: its cookies (by path, as the hub sets them), pages fetched without following redirects."""

    def __init__(self, base: str):
        self.base = base
        self.cookies: dict[tuple[str, str], str] = {}  # (path, name) -> value

    async def fetch(self, url: str, body: str | None = None, mode: str = "navigate", **extra: Any) -> HTTPResponse:
        url = urljoin(self.base, url)
        path = urlsplit(url).path
        sent = "; ".join(f"{name}={value}" for (where, name), value in self.cookies.items() if path.startswith(where))
        headers = {"Sec-Fetch-Mode": mode, **({"Cookie": sent} if sent else {})}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        request = HTTPRequest(
            url,
            method="GET" if body is None else "POST",
            body=body,
            headers=headers,
            follow_redirects=False,
            request_timeout=PAGE_TIMEOUT_S,
            **extra,
        )
        response = await AsyncHTTPClient().fetch(request, raise_error=False)
        if response.code == 599:  # no answer at all
            raise ConnectionError(f"{path}: {response.error}")
        for line in response.headers.get_list("Set-Cookie"):
            for name, morsel in SimpleCookie(line).items():
                self.cookies[(morsel["path"] or "/", name)] = morsel.value
        return response


class Learner:
    def __init__(self, base: str, number: int, code: str, players: Players, spawning: set[str]):
        self.name, self.code, self.players, self.spawning = f"learner{number:03d}", code, players, spawning
        self.browser = Browser(base)
        self.rng = random.Random(number)
        self.record: dict[str, Any] = {"name": self.name, "throttled": 0, "retry_after_s": []}
        self.done = asyncio.Event()  # ready or failed

    async def run(self, arrive_s: float, server_token: Any) -> dict[str, Any]:
        await asyncio.sleep(arrive_s)
        try:
            await self._log_in()
            TOKEN.set(await server_token(self.name))
            seat = await Seat.join(urljoin(self.browser.base, "/services/tables"), self.code)
        except Exception as error:  # a failed learner is counted and described, the others go on
            self.record["error"] = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
            return self.record
        finally:
            self.spawning.discard(self.name)
            self.done.set()
        try:
            self.players.seat(seat)
            await self.players.play(seat, self.rng)
        except Exception as error:
            self.record["error"] = f"at the table: {type(error).__name__}: {error}"
        finally:
            seat.close()
        return self.record

    async def _log_in(self) -> None:
        started = time.monotonic()
        self.record["arrived"] = time.time()
        form = await self.browser.fetch("/hub/login")
        if not (xsrf := XSRF.search(form.body.decode())):
            raise RuntimeError(f"the login page ({form.code}) has no form")
        fields = {"username": self.name, "password": PASSWORD, "_xsrf": xsrf.group(1)}
        answer = await self.browser.fetch("/hub/login", body=urlencode(fields))
        if answer.code != 302:
            raise RuntimeError(f"the login form answered {answer.code}")
        self.record["login_s"] = time.monotonic() - started
        url = answer.headers["Location"]
        own = f"/user/{self.name}/"
        spawn_asked = time.monotonic()
        while not urlsplit(url).path.startswith(own):  # the hub's pages, until one sends the learner to its server
            if "/hub/spawn" in url and self.name not in self.spawning and "spawn_s" not in self.record:
                self.spawning.add(self.name)
                spawn_asked = time.monotonic()
            page = await self.browser.fetch(url)
            if page.code == 429:  # the hub's "Try again in 30 seconds": the learner reloads the page then
                self.record["throttled"] += 1
                wait_s = float(page.headers.get("Retry-After", 30))
                self.record["retry_after_s"].append(wait_s)
                self.spawning.discard(self.name)
                await asyncio.sleep(wait_s)
            elif page.code in (301, 302, 303, 307):
                url = urljoin(url, page.headers["Location"])
            elif page.code == 200 and (progress := PROGRESS.search(page.body.decode())):
                await self._wait_for_server(html.unescape(progress.group(1)))
                self.record["spawn_s"] = time.monotonic() - spawn_asked
                self.spawning.discard(self.name)  # then the page reloads, and the hub sends it on to the server
            else:
                raise RuntimeError(f"{urlsplit(url).path} answered {page.code}")
        if "spawn_s" not in self.record:
            self.record["spawn_s"] = time.monotonic() - spawn_asked
        for _try in range(50):
            server = await self.browser.fetch(own + "api")
            if server.code == 200 and b"version" in server.body:
                self.record["ready_s"] = time.monotonic() - started
                return
            await asyncio.sleep(0.2)
        raise RuntimeError(f"{own}api answered {server.code} once the hub said the server was ready")

    async def _wait_for_server(self, progress_url: str) -> None:
        """Read the pending page's progress events until the hub says the server is ready (or failed)."""
        events: list[bytes] = []
        stream = await self.browser.fetch(progress_url, mode="cors", streaming_callback=events.append)
        said = [json.loads(line[5:]) for line in b"".join(events).splitlines() if line.startswith(b"data:")]
        if stream.code != 200 or not said or not said[-1].get("ready"):
            raise RuntimeError(f"the spawn's progress ended with {said[-1] if said else stream.code}")


# --- what the hub, its proxy, its services and the servers spend ---

ROLES = {
    "proxy": "configurable-http-proxy",
    "tables": "-m\x00tables",
    "idle_culler": "jupyterhub_idle_culler",
    "servers": "light_server.py|jupyterhub-singleuser",
}


class Sampler:
    """Every second: each role's CPU-seconds and resident memory (the hub; its proxy, services and learners'
    servers, told apart by their command lines; this process)."""

    def __init__(self, hub: int):
        self.hub = hub
        self.roles: dict[int, str] = {hub: "hub", os.getpid(): "learners_simulated"}
        self.series: list[tuple[float, dict[str, float], dict[str, int], int]] = []  # (t, cpu, rss, servers)
        self.cpu: dict[int, float] = {}  # pid -> CPU-seconds when last seen
        self.stop = asyncio.Event()

    def _role(self, process: psutil.Process) -> str | None:
        if process.pid not in self.roles:
            with contextlib.suppress(psutil.Error):
                command = "\x00".join(process.cmdline())
                found = [role for role, marks in ROLES.items() if any(m in command for m in marks.split("|"))]
                self.roles[process.pid] = found[0] if found else "other"
        return self.roles.get(process.pid)

    def sample(self) -> None:
        with contextlib.suppress(psutil.Error):
            for child in psutil.Process(self.hub).children(recursive=True):
                self._role(child)
        cpu: dict[str, float] = Counter()
        rss: dict[str, int] = Counter()
        servers = 0
        for pid, role in self.roles.items():
            if (size := rss_bytes(pid)) is not None:
                rss[role] += size
                servers += role == "servers"
                self.cpu[pid] = cpu_seconds([pid]) or self.cpu.get(pid, 0.0)
            cpu[role] += self.cpu.get(pid, 0.0)  # (a server that has gone, its spawn failed, still counts)
        self.series.append((time.monotonic(), dict(cpu), dict(rss), servers))

    async def run(self) -> None:
        while not self.stop.is_set():
            self.sample()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stop.wait(), 1.0)
        self.sample()

    def summary(self) -> dict[str, Any]:
        first, last = self.series[0], self.series[-1]
        roles = sorted({role for _, cpu, _, _ in self.series for role in cpu} - {"other"})
        found: dict[str, Any] = {}
        for role in roles:
            busiest = max(  # the busiest five seconds, as a share of one core
                (
                    (later[1].get(role, 0) - earlier[1].get(role, 0)) / (later[0] - earlier[0])
                    for earlier, later in zip(self.series, self.series[5:], strict=False)
                ),
                default=0.0,
            )
            found[role] = {
                "cpu_s": round(last[1].get(role, 0) - first[1].get(role, 0), 1),
                "busiest_5s_cores": round(busiest, 2),
                "peak_rss_mib": mib(max(rss.get(role, 0) for _, _, rss, _ in self.series)),
            }
        servers, started = max(count for *_, count in self.series), sum(r == "servers" for r in self.roles.values())
        if servers:
            found["servers"] |= {
                "started": started,
                "most_at_once": servers,
                "cpu_s_each": round(found["servers"]["cpu_s"] / started, 2),
                "rss_mib_each": round(found["servers"]["peak_rss_mib"] / servers, 1),
            }
        return found


def server_token_finder(hub: int) -> Any:
    """``await token(name)``: the token the hub gave ``name``'s server, from that server's environment."""
    tokens: dict[str, str] = {}

    async def token(name: str) -> str:
        for _try in range(100):
            if name in tokens:
                return tokens[name]
            for child in psutil.Process(hub).children(recursive=True):
                with contextlib.suppress(psutil.Error):
                    environment = child.environ()
                    if "JUPYTERHUB_USER" in environment and "JUPYTERHUB_API_TOKEN" in environment:
                        tokens[environment["JUPYTERHUB_USER"]] = environment["JUPYTERHUB_API_TOKEN"]
            await asyncio.sleep(0.1)
        raise RuntimeError(f"no server of {name}'s among the hub's processes")

    return token


def hub_args(options: argparse.Namespace) -> list[str]:
    """`make hub`'s command, on ports of its own, with the learners' servers of ``--server``."""
    words = make_command("hub", "jupyterhub")
    args = [str(ROOT / words[0]), *words[1:]]
    args = [str(ROOT / word) if word.startswith("deploy/") else word for word in args]
    args += [f"--JupyterHub.hub_port={free_port()}", f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{free_port()}"]
    if options.server == "light":
        args += [f"--Spawner.cmd={sys.executable}", f"--Spawner.cmd={LIGHT_SERVER}"]
    if options.spawn_limit is not None:
        args.append(f"--JupyterHub.concurrent_spawn_limit={options.spawn_limit}")
    return args


async def open_tables(base: str, count: int) -> list[str]:
    """The teacher opens ``count`` tables of four learners, with the service's key, through the hub's proxy."""
    codes = []
    for _n in range(count):
        opened = await AsyncHTTPClient().fetch(
            f"{base}/services/tables/tables",
            method="POST",
            body=json.dumps({"game": "njet", "seats": ["person"] * SEATS}),
            headers={"Authorization": f"Bearer {KEY}"},
        )
        codes.append(json.loads(opened.body)["code"])
    return codes


def per_minute(count: int, first: float, last: float) -> float | None:
    return round(60 * count / (last - first), 1) if count and last > first else None


async def rush(options: argparse.Namespace, base: str, hub: int) -> dict[str, Any]:
    AsyncHTTPClient.configure(None, max_clients=10_000)  # each learner its own connections, as browsers have
    codes = await open_tables(base, -(-options.learners // SEATS))
    players, spawning = Players(options.thinking), set[str]()
    class_ = [Learner(base, n + 1, codes[n // SEATS], players, spawning) for n in range(options.learners)]
    sampler = Sampler(hub)
    sampling = asyncio.create_task(sampler.run())
    peak_spawning = 0

    async def watch() -> None:
        """The most learners waiting for their spawn at once; once every learner is ready (or failed), the play
        goes on for --play-s seconds."""
        nonlocal peak_spawning
        while not all(learner.done.is_set() for learner in class_):
            peak_spawning = max(peak_spawning, len(spawning))
            await asyncio.sleep(0.1)
        players.stop = time.monotonic() + options.play_s

    token = server_token_finder(hub)
    started, machine_before = time.monotonic(), psutil.cpu_times()
    every_s = options.within / options.learners
    records, _ = await asyncio.gather(
        asyncio.gather(*(learner.run(n * every_s, token) for n, learner in enumerate(class_))), watch()
    )
    wall_s = time.monotonic() - started
    spent = psutil.cpu_times()
    idle_s = spent.idle + spent.iowait - machine_before.idle - machine_before.iowait
    busy_s = sum(spent) - sum(machine_before) - idle_s  # the whole machine's, ours and other users' alike
    sampler.stop.set()
    await sampling
    processes = sampler.summary()
    tables_cpu = processes.get("tables", {}).get("cpu_s", 0.0)
    arrived = [r["arrived"] for r in records if "arrived" in r]
    logged = [r["arrived"] + r["login_s"] for r in records if "login_s" in r]
    ready = [r["arrived"] + r["ready_s"] for r in records if "ready_s" in r]
    failures = [r for r in records if "error" in r]
    ms = 1000
    return {
        "learners": options.learners,
        "within_s": options.within,
        "wall_s": round(wall_s, 1),
        "failures": len(failures),
        "failure_reasons": dict(Counter(re.sub(r"[0-9]+", "N", r["error"]) for r in failures)),  # (ports, names)
        "logins_per_minute": per_minute(len(logged), min(arrived, default=0), max(logged, default=0)),
        "servers_ready_per_minute": per_minute(len(ready), min(arrived, default=0), max(ready, default=0)),
        "throttled_429": sum(r["throttled"] for r in records),
        "learners_throttled": sum(r["throttled"] > 0 for r in records),
        "retry_after_s": stats([s for r in records for s in r["retry_after_s"]], 0),
        "peak_spawns_pending": peak_spawning,
        "login_s": stats([r["login_s"] for r in records if "login_s" in r]),
        "spawn_s": stats([r["spawn_s"] for r in records if "spawn_s" in r]),
        "ready_s": stats([r["ready_s"] for r in records if "ready_s" in r]),
        "moves": players.moves,
        "ack_ms": stats([ms * s for s in players.acks], 1),
        "told_ms": stats([ms * s for s in players.own], 1),
        "others_told_ms": stats([ms * s for s in players.updates], 1),
        "service_cpu_ms_per_move": round(ms * tables_cpu / players.moves, 2) if players.moves else None,
        "processes": processes,
        "machine_busy_cores": round(busy_s / wall_s, 2),
        "ours_busy_cores": round(sum(role["cpu_s"] for role in processes.values()) / wall_s, 2),
    }


def options(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--within", type=float, default=60, help="seconds over which the learners arrive, evenly")
    parser.add_argument("--server", choices=["light", "singleuser"], default="light", help="the learners' servers")
    parser.add_argument("--play-s", type=float, default=30, help="seconds of play once the last learner is ready")
    parser.add_argument("--thinking", type=float, default=3.0, help="seconds a learner thinks before a move (mean)")
    parser.add_argument(
        "--spawn-limit", type=int, help="JupyterHub.concurrent_spawn_limit (default: as make hub has it)"
    )
    parser.add_argument("--log", type=Path, help="keep the hub's log in this file")
    chosen = parser.parse_args(argv)
    if chosen.learners < 1 or min(chosen.within, chosen.play_s, chosen.thinking) < 0:
        parser.error("--learners must be at least 1; --within, --play-s and --thinking not negative")
    return chosen


def main() -> None:
    chosen = options()
    import jupyterhub

    with tempfile.TemporaryDirectory(prefix="district-bench-") as folder:
        state = Path(folder)
        port = free_port()
        env = {
            **{"HUB_PORT": str(port), "HUB_PASSWORD": PASSWORD, "HUB_STATE": str(state)},
            **{"HUB_TABLES_PORT": str(free_port()), "HUB_TEACHER_KEY": KEY},
        }
        base = f"http://127.0.0.1:{port}"
        log = chosen.log or state / "hub.log"
        load = os.getloadavg()
        with running_server(hub_args(chosen), f"{base}/hub/health", cwd=state, log=log, env=env) as hub:
            result = asyncio.run(rush(chosen, base, hub.pid))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    print(
        json.dumps(
            {
                "benchmark": "district",
                "server": chosen.server,
                "spawn_limit": chosen.spawn_limit if chosen.spawn_limit is not None else "as make hub has it",
                "thinking_s": chosen.thinking,
                "play_s": chosen.play_s,
                **result,
                "jupyterhub": jupyterhub.__version__,
                "commit": commit.stdout.strip(),
                "date": time.strftime("%Y-%m-%d"),
                "machine": {
                    "cpus": os.cpu_count(),
                    "memory_gib": round(psutil.virtual_memory().total / 2**30, 1),
                    "load_before": [round(x, 2) for x in load],
                    "python": platform.python_version(),
                },
            }
        )
    )


if __name__ == "__main__":
    main()
