"""`make hub`: a real JupyterHub (configurable-http-proxy from npm, deploy/jupyterhub_demo_config.py over the
school's deploy/jupyterhub_config.py). Two learners log in, land on the gallery in Voilà in their own servers, and
play La partita Napoletana against each other at a table of the hub's table service, each from a kernel of their own
server; neither reaches the other's server, and once their tabs are closed the idle culler stops both servers."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator

import psutil
import pytest
from harness import ROOT, free_port, running_server
from playwright.sync_api import Browser, Page, expect
from running_service import KEY

from cardlib.games import GAMES

pytestmark = pytest.mark.browser

PASSWORD = "learners-of-the-test"
# a learner's server is stopped after this long without activity (culler every 3 s); an open game page is active
# every 10 s at most (its watchdog's poll), so no open page's server is stopped
IDLE_S = 14
LEARNERS = ("ana", "ben")


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, psutil.Process]]:
    state = tmp_path_factory.mktemp("hub")
    port = free_port()
    env = {
        **{"HUB_PORT": str(port), "HUB_PASSWORD": PASSWORD, "HUB_STATE": str(state), "HUB_IDLE_S": str(IDLE_S)},
        **{"HUB_TABLES_PORT": str(free_port()), "HUB_TEACHER_KEY": KEY},
    }
    args = [
        str(ROOT / ".venv" / "bin" / "jupyterhub"),
        "-f",
        str(ROOT / "deploy" / "jupyterhub_demo_config.py"),
        f"--JupyterHub.hub_port={free_port()}",
        f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{free_port()}",
    ]
    base = f"http://127.0.0.1:{port}"
    with running_server(args, f"{base}/hub/health", cwd=state, log=state / "hub.log", env=env) as proc:
        yield base, psutil.Process(proc.pid)


def servers(hub: psutil.Process) -> dict[str, int]:
    """The learners' single-user servers the hub has started: name -> process id."""
    found = {}
    for child in hub.children(recursive=True):
        try:
            if any(part.endswith("jupyterhub-singleuser") for part in child.cmdline()):
                found[child.environ().get("JUPYTERHUB_USER", "?")] = child.pid
        except psutil.NoSuchProcess:
            continue
    return found


# What each page's watchdog heard of its kernel (widgets/watchdog.py): the status of each of its polls
POLLS: dict[str, list[int]] = {}
WATCHDOG_POLL = re.compile(r"/api/kernels/[0-9a-f-]+$")  # (Voilà's own requests carry a query)


def log_in(browser: Browser, base: str, name: str) -> Page:
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.set_default_timeout(120_000)
    polls = POLLS.setdefault(name, [])
    page.on("response", lambda response: polls.append(response.status) if WATCHDOG_POLL.search(response.url) else None)
    page.goto(f"{base}/hub/login")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    # the hub starts the learner's own server, which opens on the gallery in Voilà
    page.wait_for_url(re.compile(rf"/user/{name}/voila/render/notebooks/index\.ipynb"))
    expect(page.locator(".cg-game")).to_have_count(len(GAMES))
    return page


def play_a_table(pages: dict[str, Page], base: str) -> str:
    """The hub's table service: a table opened with the teacher's key through the hub's proxy; the two learners,
    each in their own server, take its seats (the hub says who they are) and play it: a move clicked in one
    server's page reaches the other's."""
    opened = pages["ana"].request.post(
        f"{base}/services/tables/tables",
        data=json.dumps({"game": "napoletana", "seats": ["person", "person"], "seed": 5}),
        headers={"Authorization": f"Bearer {KEY}"},
    )
    assert opened.status == 201, opened.text()
    code = opened.json()["code"]
    for name, seat in (("ana", "Red"), ("ben", "Black")):
        page = pages[name]
        page.goto(f"{base}/user/{name}/voila/render/notebooks/table.ipynb?table={code}")
        page.get_by_role("button", name=f"Sit as {seat}").click()
        expect(page.locator(".cg-table")).to_be_visible()
    pages["ana"].locator('.cg-table .cg-button[data-button="keep"]').click()
    expect(pages["ben"].get_by_text("Red keeps its hand.").first).to_be_visible()
    # the hub said who each learner is: the teacher's lobby names them (and nobody else is told)
    listed = pages["ana"].request.get(f"{base}/services/tables/tables", headers={"Authorization": f"Bearer {KEY}"})
    (table,) = [table for table in listed.json()["tables"] if table["code"] == code]
    assert {seat: about["who"] for seat, about in table["seats"].items()} == {"red": "ana", "black": "ben"}
    return code


def environ_of(hub: psutil.Process, *command: str) -> dict[str, str]:
    """The environment of the hub's child process whose command line holds ``command``."""
    for child in hub.children(recursive=True):
        with contextlib.suppress(psutil.NoSuchProcess):
            line = child.cmdline()
            if any(line[i : i + len(command)] == list(command) for i in range(len(line))):
                return child.environ()
    raise AssertionError(f"the hub runs no {command}")


def only_learners_tokens_see_a_table(page: Page, base: str, hub: psutil.Process, code: str) -> None:
    """Nothing of a table without a learner's login: the public route answers no one without a token, nor a
    service's token (the tables service's own, the culler's), nor a learner's token that was not given access to the
    service; a learner's server token, which its kernels send, carries that access and not its server's."""
    table = f"{base}/services/tables/tables/{code}"

    def asked(token: str | None) -> int:
        answer = page.request.get(table, headers={"Authorization": f"token {token}"} if token else {})
        assert answer.status == 200 or "seats" not in answer.text(), answer.text()
        return answer.status

    assert asked(None) == 403
    assert asked(environ_of(hub, "-m", "tables")["JUPYTERHUB_API_TOKEN"]) == 403
    assert asked(environ_of(hub, "-m", "jupyterhub_idle_culler")["JUPYTERHUB_API_TOKEN"]) == 403
    server_token = psutil.Process(servers(hub)["ana"]).environ()["JUPYTERHUB_API_TOKEN"]  # (its kernels' too)
    assert asked(server_token) == 200
    model = page.request.get(f"{base}/hub/api/user", headers={"Authorization": f"token {server_token}"}).json()
    assert model["kind"] == "user" and "access:services!service=tables" in model["scopes"]
    assert not [scope for scope in model["scopes"] if scope.startswith("access:servers")], model["scopes"]
    # a token the learner makes for something else (here with the hub's own API, as the token page does), in a tab
    # of its own: the game page stays open, and its kernel with it
    tokens = page.context.new_page()
    tokens.goto(f"{base}/hub/token")
    status, made = tokens.evaluate(
        """async () => {
            const asked = await fetch(jhdata.base_url + "api/users/ana/tokens", {
                method: "POST",
                headers: {"X-XSRFToken": jhdata.xsrf_token, "Content-Type": "application/json"},
                body: JSON.stringify({scopes: ["read:users:name!user"], note: "not for the tables"}),
            });
            return [asked.status, await asked.json()];
        }"""
    )
    tokens.close()
    assert status == 201, made
    assert asked(made["token"]) == 403


def test_two_learners_play_each_in_their_own_server_and_idle_servers_are_stopped(browser: Browser, hub) -> None:
    base, process = hub
    pages = {name: log_in(browser, base, name) for name in LEARNERS}
    started = servers(process)
    assert set(started) == set(LEARNERS), started  # one server each, a process of its own
    code = play_a_table(pages, base)
    only_learners_tokens_see_a_table(pages["ana"], base, process, code)
    # no poll of a page's watchdog was refused: its polls are the learner's activity, which keeps the server from the
    # idle culler, and refused ones would have told the learner the server is not answering (a page being left may
    # still ask about its kernel, already shut down: 404)
    for name, page in pages.items():
        assert 200 in POLLS[name] and 403 not in POLLS[name], (name, POLLS[name])
        expect(page.locator("#cg-watchdog")).to_be_empty()

    kernels = {}
    for name, page in pages.items():
        other = next(n for n in LEARNERS if n != name)
        # the learner's own kernels, through the hub's proxy, with the learner's login
        mine = page.request.get(f"{base}/user/{name}/api/kernels")
        assert mine.ok, mine.status
        kernels[name] = {kernel["id"] for kernel in mine.json()}
        # and nothing of the other learner's: neither their kernels nor their game page
        for path in ("api/kernels", "voila/render/notebooks/table.ipynb"):
            theirs = page.request.get(f"{base}/user/{other}/{path}")  # the hub's OAuth says no
            assert theirs.status == 403, (name, path, theirs.status, theirs.url)
    assert kernels["ana"] and kernels["ben"] and not kernels["ana"] & kernels["ben"], kernels

    for page in pages.values():
        page.context.close()
    deadline = time.monotonic() + IDLE_S * 6
    while servers(process) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not servers(process), f"servers still running {IDLE_S * 6} s after their learners left: {servers(process)}"
