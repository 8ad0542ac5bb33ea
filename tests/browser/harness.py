"""Start Voilà and headless Chromium, open an app, wait for its board: shared by the browser tests,
tests/test_binder.py and benchmarks/voila_load.py (which put this folder on ``sys.path``).

The board's DOM contract (drawn by widgets/js/table.js and draw.js): root ``.cg-table``; cards ``.cg-card`` with
``data-card="7H"``, ``data-zone="red.hand"``, ``data-selectable``; zones ``.cg-zone`` with ``data-zone`` and
``data-target``; buttons ``.cg-button[data-button=...]``; ``.cg-flash[data-kind][data-rule]``; ``.cg-prompt``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import http.server
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psutil

from widgets.kernels import FAILED

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",  # we run as root in a container
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Only 127.0.0.1 is ours: any other host fails at once instead of hanging a page load, and timings do not
    # depend on the network. Our pages ask nothing from outside (test_offline.py refuses and counts any request).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
BOARD_READY = '.cg-table [data-selectable="true"]'
# Any game's board is ready for the learner: a card to pick, or a place to click (Njet!'s blocking board).
PLAY_READY = '.cg-table [data-selectable="true"], .cg-table .cg-zone[data-target="true"]'
# What Voilà shows when a cell fails (tracebacks are hidden from learners by voila.json).
ERROR_MARKS = (
    *FAILED,  # Voilà's words for a cell that failed, as the pool reads a page
    "could not start in your browser",  # the static site's word for a cell that failed (widgets/browser_page.py)
)
_VERDICT_JS = """([ready, marks]) => {
  if (document.querySelector(ready)) return "ready";
  const text = document.body ? document.body.innerText : "";
  for (const mark of marks) if (text.includes(mark)) return "error: " + mark;
  return false;
}"""


def free_port() -> int:
    """A port nobody listens on now (the kernel picks it; a race with another process is unlikely)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ours(url: str) -> bool:
    """Whether ``url`` is on this machine's own servers (127.0.0.1), or in the page itself (data:, blob:)."""
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname == "127.0.0.1"


def outside_of(context: Any) -> list[str]:
    """The requests ``context``'s pages make to servers other than ours, listed as they are made: watched, not
    intercepted (routing every request through Playwright's driver slows a page's load)."""
    outside: list[str] = []
    context.on("request", lambda request: None if ours(request.url) else outside.append(request.url))
    return outside


def screen(browser: Any, voila_url: str, notebook: str, outside: list[list[str]], **options: Any) -> Any:
    """A page of its own (a classmate's screen, 1024×768) on its way to ``notebook``: the caller waits for it
    (voila_shown), so several pages load side by side as a class's do. The list of its requests to other servers
    than ours goes into ``outside``; ``options``: the browser context's (``color_scheme="dark"``)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, **options)
    outside.append(outside_of(context))
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(render_url(voila_url, notebook), wait_until="commit")
    return page


PRIVATE_USE = re.compile("[\ue000-\uf8ff]")


def icons_drawn_in_font_awesome(page: Any) -> None:
    """A button's icon (``<i class="fa fa-...">``) uses the Font Awesome font, the font has loaded, and no name a
    screen reader says holds the icon."""
    icon = page.locator(".widget-button i.fa").first
    icon.wait_for(state="attached")
    family = icon.evaluate("node => getComputedStyle(node, '::before').fontFamily")
    assert "Font Awesome" in family, family
    # Voilà's own bundle declares faces of the same family it never loads: one loaded face is what counts.
    page.wait_for_function(
        "() => [...document.fonts].some(f => f.family.includes('Font Awesome 5 Free') && f.status === 'loaded')"
    )
    # and a screen reader does not say it: the icon is drawn as a character of Unicode's private use area, which
    # a button's name would begin with unless the stylesheet gives it an empty alternative (fontawesome/README.md)
    tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")
    names = [node["name"]["value"] for node in tree["nodes"] if isinstance(node.get("name", {}).get("value"), str)]
    assert not [name for name in names if PRIVATE_USE.search(name)], [n for n in names if PRIVATE_USE.search(n)]


class StaticFiles(http.server.SimpleHTTPRequestHandler):
    """A plain static file server, as a school's web server or GitHub Pages serves the static site: files as they
    are, kept by the browser for ten minutes (GitHub Pages' ``max-age``). ``asked`` lists each path served."""

    asked: list[str]

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def send_head(self) -> Any:
        self.asked.append(urlsplit(self.path).path)
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@dataclass
class Site:
    """A folder served: its base URL and each path the browser has asked the server for so far."""

    url: str
    asked: list[str]


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[Site]:
    """Serve ``folder`` on 127.0.0.1 until the block ends."""
    asked: list[str] = []
    handler = functools.partial(type("Files", (StaticFiles,), {"asked": asked}), directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="static-files", daemon=True)
    thread.start()
    try:
        yield Site(f"http://127.0.0.1:{server.server_address[1]}", asked)
    finally:
        server.shutdown()
        server.server_close()


def render_url(base: str, notebook: str) -> str:
    """Voilà serving a folder: ``/`` is the file tree, ``/voila/render/<path>`` runs one notebook."""
    return f"{base}/voila/render/{notebook}"


@contextlib.contextmanager
def running_voila(
    voila: Path | str | None = None,
    folder: Path = NOTEBOOKS,
    log: Path | None = None,
    extra_args: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
) -> Iterator[tuple[str, subprocess.Popen]]:
    """Voilà over ``folder`` on a free 127.0.0.1 port; yields (base URL, process) and stops it afterwards.

    ``voila`` defaults to the one beside the running interpreter, i.e. this environment's. It starts in the
    repository root so that it reads ``voila.json`` (kernel culling), exactly as ``make run`` does.
    """
    voila = Path(voila) if voila else Path(sys.executable).with_name("voila")
    if not voila.exists():
        raise FileNotFoundError(f"no Voilà at {voila}: run `make deps`")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    args = [str(voila), str(folder), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}", *extra_args]
    with running_server(args, base + "/", log=log, env=env) as proc:
        yield base, proc


@contextlib.contextmanager
def running_server(
    args: list[str],
    probe_url: str,
    cwd: Path = ROOT,
    log: Path | None = None,
    startup_timeout: float = 90,
    env: dict[str, str] | None = None,
) -> Iterator[subprocess.Popen]:
    """Run a server (output to ``log``, ``env`` added to the environment) until ``probe_url`` answers 200; stop it,
    kernels and all, at the end."""
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(log, "wb")) if log else subprocess.DEVNULL
        # Its own session, so that stopping it can also reach kernels it failed to stop.
        proc = subprocess.Popen(
            args,
            cwd=cwd,
            env={**os.environ, **(env or {})},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            _wait_answering(probe_url, proc, startup_timeout, log)
            yield proc
        finally:
            _stop(proc)


def _wait_answering(url: str, proc: subprocess.Popen, timeout: float, log: Path | None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited with {proc.returncode}:\n{_tail(log)}")
        try:
            with urllib.request.urlopen(url, timeout=5) as reply:
                if reply.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    raise TimeoutError(f"nothing answered at {url} within {timeout:.0f} s:\n{_tail(log)}")


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM lets Voilà shut its kernels down; whatever is left of its session is killed, and so is every process
    it started in a session of its own (JupyterHub's proxy and its idle culler, which outlived the hub)."""
    try:
        started = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        started = []
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    for child in started:  # (psutil will not kill a process id that another process has taken since)
        with contextlib.suppress(psutil.NoSuchProcess):
            child.kill()


def _tail(log: Path | None, lines: int = 40) -> str:
    if not log or not log.exists():
        return "(no log)"
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])


def chromium_missing_message() -> str:
    return f"Chromium is not at {CHROMIUM}: install it with `apt-get install -y chromium` (`make test` does)."


def launch_browser(playwright: Any) -> Any:
    """Debian's Chromium driven by Playwright (Playwright's own browser downloads are not used)."""
    if not CHROMIUM.exists():
        raise FileNotFoundError(chromium_missing_message())
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)


def wait_for(page: Any, ready_selector: str, timeout_ms: float | None = None) -> None:
    """Wait until ``ready_selector`` matches; fail at once, with Voilà's words, if a cell failed instead."""
    handle = page.wait_for_function(
        _VERDICT_JS, arg=[ready_selector, list(ERROR_MARKS)], timeout=timeout_ms, polling=50
    )
    verdict = handle.json_value()
    if verdict != "ready":
        raise AssertionError(f"{page.url} shows an error instead of {ready_selector!r} ({verdict})")


def open_app(
    page: Any, voila_url: str, notebook: str, timeout_ms: float | None = None, ready: str = BOARD_READY
) -> Any:
    """Open ``notebook`` in Voilà and return once the board is interactive: a ``.cg-table`` exists and holds
    at least one card the learner may select (or whatever ``ready`` selects, e.g. ``PLAY_READY``)."""
    page.goto(render_url(voila_url, notebook), wait_until="commit")
    wait_for(page, ready, timeout_ms)
    return page


# The labels of the page's buttons and controls that do not fit their box (cut off, or ending in "…").
CUT_JS = """() => [...document.querySelectorAll(
    ".jupyter-button, .widget-label, .widget-dropdown select, .cg-button")]
  .filter((node) => node.getClientRects().length && node.scrollWidth > node.clientWidth + 1)
  .map((node) => node.textContent.trim())"""

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


LABEL_IN_NAME = "label-content-name-mismatch"  # WCAG 2.5.3: a control's name holds the words it shows


def axe_violations(page: Any, only: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Run axe-core (the accessibility engine, from npm: `make deps` installs it) on the whole page, every rule or
    ``only`` those named; return each violation's rule, impact and the first few elements it flags, in a form that
    reads well in a failed assert."""
    if not AXE.exists():
        raise FileNotFoundError(f"axe-core is not at {AXE}: run `make deps` (npm ci)")
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    # with WCAG 2.5.3's "label in name", which axe still counts as experimental and leaves out unless asked
    return page.evaluate(
        """async ([rule, only]) => (await axe.run(document, {
          resultTypes: ["violations"], rules: { [rule]: { enabled: true } }, ...(only.length ? { runOnly: only } : {}),
        })).violations.map((v) => ({
          rule: v.id, impact: v.impact, count: v.nodes.length,
          nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + ": " + (n.failureSummary || "").slice(0, 200)),
        }))""",
        [LABEL_IN_NAME, list(only)],
    )


def voila_shown(page: Any, timeout_ms: float | None = None) -> None:
    """Voilà has run every cell and shown them: its spinner is gone and the cells are displayed."""
    wait_for(page, "body:not(:has(#loading)) #rendered_cells:not([style*='none'])", timeout_ms)


def kernel_pids(voila_pid: int | None) -> list[int]:
    """The kernels a Voilà server started: its children whose command line mentions ipykernel (None: any
    server's)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:  # gone meanwhile
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])  # the name in (...) may hold spaces
        if voila_pid in (None, ppid) and b"ipykernel" in cmdline:
            pids.append(int(entry.name))
    return sorted(pids)


def page_kernel_id(page: Any) -> str | None:
    """The id of the kernel behind a Voilà page, from the page config Voilà writes into it."""
    return page.evaluate(
        """() => {
      const node = document.getElementById("jupyter-config-data");
      return node ? JSON.parse(node.textContent).kernelId : null;
    }"""
    )


def kernel_pid(voila_pid: int | None, kernel_id: str | None) -> int | None:
    """The process of kernel ``kernel_id``: its command line names its connection file, kernel-<id>.json."""
    for pid in kernel_pids(voila_pid) if kernel_id else []:
        try:
            if f"kernel-{kernel_id}.json".encode() in (Path("/proc") / str(pid) / "cmdline").read_bytes():
                return pid
        except OSError:
            continue
    return None


def rss_bytes(pid: int) -> int | None:
    """Resident set size of ``pid`` from /proc, or None if it has gone."""
    try:
        for line in (Path("/proc") / str(pid) / "status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def one_notebook_folder(folder: Path, notebook: str) -> Path:
    """A folder holding only ``notebook`` from notebooks/, for a Voilà whose pools should fill with that one alone."""
    folder.mkdir()
    shutil.copy(NOTEBOOKS / notebook, folder / notebook)
    return folder


def wait_for_log(log: Path, line: str, times: int = 1, timeout_s: float = 90) -> None:
    """Wait until a server's ``log`` holds ``line`` ``times`` times (e.g. a kernel pool filled)."""
    deadline = time.monotonic() + timeout_s
    while log.read_text().count(line) < times and time.monotonic() < deadline:
        time.sleep(0.3)
    assert log.read_text().count(line) >= times, f"{line!r} not logged {times} time(s)"


def commands(line: str) -> list[list[str]]:
    """The words of each command of a shell line, split where ``;``, ``&``, ``&&`` or ``|`` ends one."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|")
    lexer.whitespace_split = True
    found: list[list[str]] = [[]]
    for word in lexer:
        if word in (";", "&", "&&", "|", "||"):
            found.append([])
        else:
            found[-1].append(word)
    return found


def make_command(target: str, program: str, **variables: str) -> list[str]:
    """The command ``make <target> NAME=value...`` runs ``program`` with (its words, from ``make -n``), so tests and
    benchmarks run exactly what the Makefile runs."""
    done = subprocess.run(
        ["make", "-n", target, *(f"{name}={value}" for name, value in variables.items())],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    for line in done.stdout.replace("\\\n", " ").splitlines():
        for words in commands(line):  # (the table service is started before Voilà, on the same line)
            while words and "=" in words[0] and not words[0].startswith("-"):  # NAME=value: the recipe's environment
                words = words[1:]
            if words and words[0].endswith(f"/{program}"):
                return words
    raise AssertionError(f"`make -n {target}` runs no {program}:\n{done.stdout}")


def make_voila_args(target: str, **variables: str) -> list[str]:
    """The options ``make <target> NAME=value...`` gives Voilà, without those ``running_voila`` sets itself: the
    folder, address and port."""
    own = ("--no-browser", "--Voila.ip=", "--port=")
    return [word for word in make_command(target, "voila", **variables)[2:] if not word.startswith(own)]


@contextlib.contextmanager
def delaying_proxy(port: int, one_way_s: float) -> Iterator[int]:
    """A TCP proxy on 127.0.0.1 to ``port`` that delivers every chunk ``one_way_s`` late, both ways; yields its port.
    The delay is a latency, not a queue: chunks keep their order and are not slowed by each other."""
    listen = free_port()
    loop = asyncio.new_event_loop()

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        queue: asyncio.Queue = asyncio.Queue()

        async def deliver() -> None:
            while (item := await queue.get()) is not None:
                due, data = item
                await asyncio.sleep(max(0.0, due - loop.time()))
                writer.write(data)
                await writer.drain()
            writer.close()

        sender = loop.create_task(deliver())
        with contextlib.suppress(ConnectionError):
            while data := await reader.read(65536):
                queue.put_nowait((loop.time() + one_way_s, data))
        queue.put_nowait(None)
        with contextlib.suppress(ConnectionError):
            await sender

    async def connect(client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        # cancelled at shutdown: ended quietly, or asyncio's stream callback logs the cancellation as an error
        with contextlib.suppress(asyncio.CancelledError):
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", port)
            await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer))

    async def shutdown() -> None:
        server.close()
        tasks = asyncio.all_tasks() - {asyncio.current_task()}
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    thread = threading.Thread(target=loop.run_forever, daemon=True)  # Playwright's loop has the main thread
    thread.start()
    server = asyncio.run_coroutine_threadsafe(asyncio.start_server(connect, "127.0.0.1", listen), loop).result(10)
    try:
        yield listen
    finally:
        asyncio.run_coroutine_threadsafe(shutdown(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()
