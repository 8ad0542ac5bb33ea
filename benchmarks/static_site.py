"""The static site (docs/static.md, static_site/) against its goals, beside the same pages in Voilà.

Builds the site into a temporary folder (``static_site/build.py --out ...``) and serves it on 127.0.0.1 as a static
host would: a small threaded ``http.server`` that sends text, JavaScript, CSS, WebAssembly, JSON and zip files
gzipped when the browser accepts it (compressed once, at start) and every file with ``Cache-Control: max-age=600``,
an ETag and Last-Modified, as GitHub Pages does. It counts the requests that reach it and the bytes of their bodies
as sent (gzipped or not): what went over the wire. Then, in headless Debian Chromium driven by Playwright:

1. first visit, for each game page (a new browser profile, an empty cache): seconds from navigation to the
   browser's Python being up (the page says it is setting up the table: Pyodide and python.zip loaded), to a board
   being playable (``harness.PLAY_READY``) and to every cell's widgets in the page (``body[data-ready]``), each
   stamped in the page by a MutationObserver (``performance.now()`` counts from the navigation's start); the bytes
   and requests the server sent;
2. second visit, in the same browser profile (kept on disk, as a learner's is: its cache and the WebAssembly it
   compiled): the same seconds, and how many requests still reached the server;
3. clicks in the game app (the last board of the page), over the first MOVES moves of a seeded deal (the steps
   tests/browser/plays.py finds by playing the same app in CPython, against the easy bots): ``pick_ms``, a card
   clicked until it is drawn picked up (``data-selected="true"``), and ``move_ms``, a move's last click (the lit
   place, or the one click of a draw, a bid or a mulligan) until the board tells the move (``.cg-last``), each
   timed in the page from the click to the first animation frame where it holds, as benchmarks/click_latency.py
   times them in Voilà (each click REACTION_MS after the board offered it, as a learner's would be);
4. a hard bot's turns: in a Web Worker of the site's own (``worker.js``, started from the gallery page and asked
   to ``evaluate``), BOT_DECISIONS decisions of the hard bot for each game from a seeded deal, timed by
   ``time.perf_counter`` inside Python, and the very same code in this CPython; the ratio of the sums (the bots'
   time cap is lifted so that both do the whole of their fixed budget of rollouts, and their moves must agree);
5. the same game pages in Voilà (``harness.running_voila``, as benchmarks/voila_load.py starts it): the first
   visit's seconds to a playable board and to Voilà showing the cells, and the bytes the browser received (HTTP
   bodies as sent, from Playwright's ``request.sizes()``, and the kernel's websocket frames).

Each page is visited VISITS times (1 and 2 in a fresh context each time, then 5), the site's and Voilà's visits of
a page one after the other so that both see the same machine; the medians are reported, with every value. The
clicks are made in the last round's page of the site.

Prints one JSON object: ``{"when", "machine", "site", "voila", "goals", "met"}``. Every wait is bounded; a step
that fails is listed under "errors" and the rest goes on. BENCH_PAGES=napoletana,njet measures only those pages;
BENCH_MOVES sets the moves clicked per game (default 8), BENCH_VISITS the visits of each page (default 3).
"""

from __future__ import annotations

import contextlib
import datetime
import email.utils
import gzip
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    ERROR_MARKS,
    PLAY_READY,
    free_port,
    launch_browser,
    render_url,
    running_voila,
)
from measure import stats  # noqa: E402
from plays import Step, deal, legal_moves, presses  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from cardlib.core.i18n import _  # noqa: E402
from widgets.browser_page import WORDS  # noqa: E402

GAMES = ("napoletana", "nespanini", "njet", "pattuglia", "senza_nome")
PAGES = [name for name in os.environ.get("BENCH_PAGES", ",".join(GAMES)).split(",") if name]
MOVES = int(os.environ.get("BENCH_MOVES", "8"))
VISITS = int(os.environ.get("BENCH_VISITS", "3"))  # visits of each page (a fresh context each), medians reported
DEAL = 7  # the seed of the deal the clicks play (plays.deal types it into the app's Deal number box)
BOT_SEED = 1  # the seed of the deal the hard bot plays
BOT_DECISIONS = 12  # timed decisions per game (those with a choice: a forced move takes no time)
# Njet!'s first 24 moves (the bids, laying aside) are its heuristic's (no search): the hard bot is timed from its play
BOT_FROM_MOVE = {"njet": 24}
REACTION_MS = 300  # a learner's pause between seeing the board and clicking (the page has drawn what came)
LOAD_TIMEOUT_MS = 90_000
STEP_TIMEOUT_MS = 30_000  # a click's effect, or the bots' answer at the app's pace
DEADLINE_S = 900  # the whole benchmark: what is left undone after it is skipped

GOALS = {
    "first_visit_play_s": 8.0,  # every page: navigation to a playable board, empty cache
    "first_visit_bytes": 10_000_000,  # every page: bytes sent to an empty cache (10 MB)
    "second_visit_play_s": 3.0,  # every page: from the browser's cache
    "pick_ms_p95": 50.0,
    "move_ms_p95": 100.0,
    "bot_ratio": 1.5,  # Pyodide's time for the hard bot's decisions over CPython's, all games together
}

# A static host's compression: these are sent gzipped to a browser that accepts it.
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
}
OTHER_TYPES = {".woff2": "font/woff2", ".woff": "font/woff", ".ttf": "font/ttf", ".png": "image/png"}
GAME_BOARD = f".cg-table[aria-label^='{_('Game board')}']"
SITE_READY = "body[data-ready]"
VOILA_SHOWN = "body:not(:has(#loading)) #rendered_cells:not([style*='none'])"  # harness.voila_shown's
VOILA_MARKS = {"play": PLAY_READY, "shown": VOILA_SHOWN}

# Stamps, in every page of the context, when each of ``marks`` first holds: window.__cgMarks gets {name: milliseconds
# since the navigation started}, and {failed: text} if the site says a cell failed. A mark is a selector that
# matches, or [selector, words]: a node it matches says those words.
MARKS_JS = """(marks) => {
  const stamps = (window.__cgMarks = {});
  const holds = (mark) => {
    if (typeof mark === "string") return document.querySelector(mark) !== null;
    const node = document.querySelector(mark[0]);
    return node !== null && node.textContent.includes(mark[1]);
  };
  const check = () => {
    for (const [name, mark] of Object.entries(marks)) {
      if (!(name in stamps) && holds(mark)) stamps[name] = performance.now();
    }
    const failed = document.querySelector(".cg-cell-failed");
    if (failed && !stamps.failed) stamps.failed = failed.textContent;
  };
  const everything = { subtree: true, childList: true, characterData: true, attributes: true };
  new MutationObserver(check).observe(document, everything);
}"""
MARKED_JS = """([names, marks]) => {
  const stamps = window.__cgMarks || {};
  if (stamps.failed) return stamps.failed;
  const text = document.body ? document.body.innerText : "";
  for (const mark of marks) if (text.includes(mark)) return "error: " + mark;
  return names.every((name) => name in stamps);
}"""

# Clicks ``selector`` in the page's game board and resolves with the milliseconds until ``kind`` holds, checked at
# each animation frame: "present" (``value`` matches in the board) or "told" (the board's last moves say ``value``,
# and have changed since the click). Null if that has not happened after 10 s; -1 if there is no such element.
TIMED_CLICK_JS = """async ([board, selector, kind, value]) => {
  const boards = document.querySelectorAll(board);
  const root = boards[boards.length - 1];
  const told = () => root.querySelector(".cg-last")?.textContent ?? "";
  const before = told();
  const holds = kind === "present" ? () => root.querySelector(value) !== null
                                   : () => told() !== before && told().includes(value);
  const node = root.querySelector(selector);
  if (!node) return -1;
  const t0 = performance.now();
  node.click();
  return await new Promise((resolve) => {
    const check = () => {
      const ms = performance.now() - t0;
      if (holds()) resolve(ms);
      else if (ms > 10000) resolve(null);
      else requestAnimationFrame(check);
    };
    check();
  });
}"""

# A Web Worker of the site's own (worker.js) in the page, started with no cells: window.__cgPython(source) then
# resolves with what it answers ({json} or {error}) to {kind: "evaluate"}.
WORKER_JS = """async () => {
  const worker = new Worker("worker.js", { type: "module" });
  const answer = (wanted) => new Promise((resolve) => {
    const listen = ({ data }) => {
      if (!wanted(data)) return;
      worker.removeEventListener("message", listen);
      resolve(data);
    };
    worker.addEventListener("message", listen);
  });
  const started = answer((data) => data.kind === "ready" || data.kind === "failed");
  worker.postMessage({ kind: "start", query: "", cells: [] });
  const ready = await started;
  if (ready.kind === "failed") return ready.error;
  let asked = 0;
  window.__cgPython = (source) => {
    const id = `bench-${++asked}`;
    const value = answer((data) => data.kind === "value" && data.id === id);
    worker.postMessage({ kind: "evaluate", id, source });
    return value;
  };
  return "ready";
}"""

# The hard bot's decisions, the same code in CPython and in the site's Python: the last expression of the source
# the worker evaluates is hard_turns(...)'s answer, as JSON.
BOT_CODE = '''
import time

from cardlib.games import describe


def hard_turns(game_id, seed, decisions, first_move):
    """Play the deal of ``seed`` by the hard bot for every seat (a new bot per move, seeded by the move number, as
    the app's match makes them), timing its decisions with a choice from move ``first_move`` on."""
    game = describe(game_id)
    hard = game.bots()["hard"]
    state = game.game().new(seed=seed)

    def bot(seed):
        made = hard(seed=seed)
        if hasattr(made, "seconds"):
            made.seconds = 600.0  # no time cap: the fixed budget of rollouts, all of it, in both Pythons
        return made

    bot(0).decide(state, state.to_move)  # untimed: the first use of each module
    times, moves, move = [], [], 0
    while len(times) < decisions and not state.is_over:
        timed = move >= first_move and len(state.legal_moves()) > 1
        start = time.perf_counter()
        played = bot(move).decide(state, state.to_move).move
        took = time.perf_counter() - start
        if timed:
            times.append(took)
            moves.append(str(played))
        state = state.play(played)
        move += 1
    return {"seconds": times, "moves": moves}
'''


@dataclass
class Sent:
    """What the server sent: one (path, status, body bytes as sent) per request."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: list[tuple[str, int, int]] = field(default_factory=list)

    def add(self, path: str, status: int, size: int) -> None:
        with self.lock:
            self.requests.append((path, status, size))

    def since(self, mark: int) -> list[tuple[str, int, int]]:
        with self.lock:
            return self.requests[mark:]

    def mark(self) -> int:
        with self.lock:
            return len(self.requests)


class StaticHost(BaseHTTPRequestHandler):
    """GET and HEAD of the files of one folder, gzipped as a static host gzips them (what it may compress, it has
    compressed once, beforehand: ``files`` maps each path to its bytes and gzipped bytes)."""

    protocol_version = "HTTP/1.1"  # keep-alive, as a real host

    def __init__(self, *args: Any, files: dict[str, tuple[bytes, bytes | None, str, float]], sent: Sent) -> None:
        self.files, self.sent = files, sent
        super().__init__(*args)

    def do_GET(self) -> None:
        self.answer(body=True)

    def do_HEAD(self) -> None:
        self.answer(body=False)

    def answer(self, body: bool) -> None:
        path = unquote(urlsplit(self.path).path)
        path = path + "index.html" if path.endswith("/") else path
        found = self.files.get(path)
        if found is None:
            self.send_error(404)
            self.sent.add(path, 404, 0)
            return
        raw, zipped, etag, modified = found
        if etag in self.headers.get("If-None-Match", ""):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "max-age=600")
            self.end_headers()
            self.sent.add(path, 304, 0)
            return
        gzipped = zipped is not None and "gzip" in self.headers.get("Accept-Encoding", "")
        data = zipped if gzipped and zipped is not None else raw
        suffix = Path(path).suffix
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(suffix) or OTHER_TYPES.get(suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(modified, usegmt=True))
        if zipped is not None:
            self.send_header("Vary", "Accept-Encoding")
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        if body:
            self.wfile.write(data)
        self.sent.add(path, 200, len(data) if body else 0)

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the benchmark prints JSON only
        pass


@contextlib.contextmanager
def static_host(folder: Path, sent: Sent) -> Iterator[tuple[str, dict[str, Any]]]:
    """Serve ``folder`` on a free 127.0.0.1 port; yields its base URL and what it holds (files, bytes, gzipped)."""
    files: dict[str, tuple[bytes, bytes | None, str, float]] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            raw, stat = path.read_bytes(), path.stat()
            zipped = gzip.compress(raw, compresslevel=6, mtime=0) if path.suffix in TYPES else None
            etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
            files["/" + path.relative_to(folder).as_posix()] = (raw, zipped, etag, stat.st_mtime)
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), partial(StaticHost, files=files, sent=sent))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    held = {
        "files": len(files),
        "bytes": sum(len(held[0]) for held in files.values()),
        "bytes_gzipped": sum(len(held[1] or held[0]) for held in files.values()),
    }
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", held
    finally:
        server.shutdown()
        server.server_close()


def build_site(out: Path) -> float:
    """Run ``static_site/build.py --out out``; return the seconds it took."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, str(ROOT / "static_site" / "build.py"), "--out", str(out)],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return round(time.perf_counter() - start, 1)


def visit(page: Any, url: str, marks: dict[str, Any]) -> dict[str, float]:
    """Go to ``url`` and wait until each of ``marks`` has matched; the seconds from the navigation to each."""
    page.goto(url, wait_until="commit")
    verdict = page.wait_for_function(
        MARKED_JS, arg=[list(marks), list(ERROR_MARKS)], timeout=LOAD_TIMEOUT_MS, polling=100
    ).json_value()
    if verdict is not True:
        raise AssertionError(f"{url}: {verdict}")
    stamps = page.evaluate("() => window.__cgMarks")
    return {f"{name}_s": round(stamps[name] / 1000, 2) for name in marks}


def site_visits(
    browser: Any, base: str, name: str, sent: Sent, errors: list[str], profile: Path
) -> tuple[dict[str, Any], Any]:
    """The first and second visits of the site's page ``name`` in a browser profile of its own, new and kept on
    disk as a learner's is (a context without one keeps its cache in memory, too small there for Pyodide's 9.6 MB
    interpreter, and no compiled WebAssembly); returns the figures and the profile's page, still open after the
    second visit (or None if a visit failed)."""
    marks = {"python": ["#cg-loading", WORDS["tutor"]], "play": PLAY_READY, "ready": SITE_READY}
    context = browser.browser_type.launch_persistent_context(
        profile, executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, viewport={"width": 1400, "height": 900}
    )
    context.add_init_script(script=f"({MARKS_JS})({json.dumps(marks)})")
    figures: dict[str, Any] = {}
    page = None
    try:
        for visit_name in ("first_visit", "second_visit"):
            if page is not None:
                page.close()
            page = context.new_page()
            start = sent.mark()
            seen = visit(page, f"{base}/{name}.html", marks)
            page.wait_for_timeout(500)  # what the page still asks for once drawn (fonts, ...) counts too
            requests = sent.since(start)
            figures[visit_name] = {
                **seen,
                "requests": len(requests),
                "not_modified": sum(request[1] == 304 for request in requests),
                "bytes": sum(request[2] for request in requests),
            }
        return figures, page
    except (PlaywrightError, AssertionError) as error:
        errors.append(f"site {name}: {error}")
        context.close()
        return figures, None


def summary(visits: list[dict[str, Any]]) -> dict[str, Any]:
    """Several visits' figures as one: the median of each time (and every time, in order), the most of the rest."""
    if not visits:
        return {}
    summed: dict[str, Any] = {}
    for key in visits[0]:
        values = [visit[key] for visit in visits if key in visit]
        if key.endswith("_s"):
            summed[key] = round(statistics.median(values), 2)
            summed[f"{key}_each"] = values
        else:
            summed[key] = max(values)
    return summed


def clicks(page: Any, game_id: str, steps: list[Step], errors: list[str]) -> dict[str, list[float]]:
    """Deal DEAL in the page's game app (easy bots) and make ``steps``, timing each pick and each move."""
    picks: list[float] = []
    moves: list[float] = []
    board = page.locator(GAME_BOARD).last
    try:
        deal(page, DEAL)
        for step in steps:
            clicked = presses(step)
            board.locator(clicked[0][0]).first.wait_for(timeout=STEP_TIMEOUT_MS)  # the bots have answered
            page.wait_for_timeout(REACTION_MS)
            for target, then in clicked[:-1]:  # a card picked up, until it is drawn so
                assert then is not None
                picks.append(timed_click(page, target, "present", then))
                page.wait_for_timeout(REACTION_MS)  # and Python has answered the pick: the move's click is timed alone
            moves.append(timed_click(page, clicked[-1][0], "told", step.said[0]))
    except (PlaywrightError, AssertionError) as error:
        errors.append(f"clicks {game_id} after {len(moves)} moves: {error}")
    return {"pick_ms": picks, "move_ms": moves}


def timed_click(page: Any, selector: str, kind: str, value: str) -> float:
    ms = page.evaluate(TIMED_CLICK_JS, [GAME_BOARD, selector, kind, value])
    if ms is None:
        raise AssertionError(f"clicking {selector} never showed {value!r}")
    if ms < 0:
        raise AssertionError(f"{selector}: not in the board")
    return float(ms)


def bots_in_the_browser(browser: Any, base: str, errors: list[str]) -> dict[str, Any]:
    """The hard bot's decisions of each game in a worker of the site's own, started from the gallery page."""
    context = browser.new_context()
    page = context.new_page()
    answers: dict[str, Any] = {}
    try:
        page.goto(f"{base}/index.html")
        page.wait_for_selector(SITE_READY, state="attached", timeout=LOAD_TIMEOUT_MS)  # its own worker is idle
        started = page.evaluate(WORKER_JS)
        if started != "ready":
            raise AssertionError(f"the worker did not start: {started}")
        version = page.evaluate("(s) => window.__cgPython(s)", "import sys\nsys.version.split()[0]")
        answers["python"] = json.loads(version["json"])
        for game_id in PAGES:
            source = (
                f"{BOT_CODE}\nhard_turns({game_id!r}, {BOT_SEED}, {BOT_DECISIONS}, {BOT_FROM_MOVE.get(game_id, 0)})"
            )
            answer = page.evaluate("(s) => window.__cgPython(s)", source)
            if "error" in answer:
                errors.append(f"bots {game_id} in the browser: {answer['error']}")
            else:
                answers[game_id] = json.loads(answer["json"])
    except (PlaywrightError, AssertionError) as error:
        errors.append(f"bots in the browser: {error}")
    finally:
        context.close()
    return answers


def bots_in_cpython() -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec(BOT_CODE, namespace)
    turns = namespace["hard_turns"]
    return {game_id: turns(game_id, BOT_SEED, BOT_DECISIONS, BOT_FROM_MOVE.get(game_id, 0)) for game_id in PAGES}


def bot_ratios(browser_answers: dict[str, Any], cpython_answers: dict[str, Any]) -> dict[str, Any]:
    games: dict[str, Any] = {}
    browser_total = cpython_total = 0.0
    for game_id, here in cpython_answers.items():
        there = browser_answers.get(game_id)
        if there is None:
            continue
        pyodide_s, cpython_s = sum(there["seconds"]), sum(here["seconds"])
        browser_total, cpython_total = browser_total + pyodide_s, cpython_total + cpython_s
        games[game_id] = {
            "decisions": len(here["seconds"]),
            "pyodide_s": round(pyodide_s, 3),
            "cpython_s": round(cpython_s, 3),
            "ratio": round(pyodide_s / cpython_s, 2) if cpython_s else None,
            "pyodide_max_decision_s": round(max(there["seconds"], default=0.0), 3),
            "same_moves": there["moves"] == here["moves"],
        }
    return {
        "python": browser_answers.get("python"),
        "games": games,
        "pyodide_s": round(browser_total, 3),
        "cpython_s": round(cpython_total, 3),
        "ratio": round(browser_total / cpython_total, 2) if cpython_total else None,
    }


def voila_visit(browser: Any, base: str, name: str, errors: list[str], marks: dict[str, Any]) -> dict[str, Any]:
    """The first visit of ``name``.ipynb in Voilà (a fresh context): seconds to each of ``marks``, and the bytes
    the browser received."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.add_init_script(script=f"({MARKS_JS})({json.dumps(marks)})")
    finished: list[Any] = []
    frames: list[int] = []
    context.on("requestfinished", lambda request: finished.append(request))
    page = context.new_page()
    page.on(
        "websocket",
        lambda socket: socket.on(
            "framereceived",
            lambda payload: frames.append(len(payload.encode() if isinstance(payload, str) else payload)),
        ),
    )
    try:
        seen = visit(page, render_url(base, f"{name}.ipynb"), marks)
        page.wait_for_timeout(500)
        http = sum(max(request.sizes()["responseBodySize"], 0) for request in finished)
        return {
            **seen,
            "requests": len(finished),
            "bytes": http + sum(frames),
            "http_bytes": http,
            "websocket_bytes": sum(frames),
        }
    except (PlaywrightError, AssertionError) as error:
        errors.append(f"voila {name}: {error}")
        return {}
    finally:
        context.close()


def worst(pages: dict[str, Any], visit_name: str, figure: str) -> float | None:
    values = [page[visit_name][figure] for page in pages.values() if figure in page.get(visit_name, {})]
    return max(values) if len(values) == len(PAGES) else None  # a page not measured: the goal is not known met


def at_most(value: float | None, goal: float) -> bool | None:
    return None if value is None else value <= goal


def main() -> None:
    started = time.monotonic()
    when = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    load_before = os.getloadavg()
    site_errors: list[str] = []
    voila_errors: list[str] = []
    sent = Sent()
    steps = {game_id: legal_moves(game_id, DEAL, MOVES) for game_id in PAGES}  # found in CPython, played on the site
    cpython_bots = bots_in_cpython()  # first, while no browser runs
    site_visited: dict[str, list[dict[str, Any]]] = {name: [] for name in PAGES}
    voila_visited: dict[str, list[dict[str, Any]]] = {name: [] for name in PAGES}
    clicked: dict[str, dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory(prefix="site-bench-") as tmp:
        build_s = build_site(Path(tmp) / "site")
        with (
            static_host(Path(tmp) / "site", sent) as (base, held),
            running_voila(log=Path(tmp) / "voila.log") as (voila_base, _proc),
            sync_playwright() as playwright,
        ):
            browser = launch_browser(playwright)
            voila_visit(browser, voila_base, "index", voila_errors, {"shown": VOILA_SHOWN})  # untimed: a warm server
            # the site's and Voilà's visits of a page one after the other, round after round: both see the same
            # machine; the last round's page of the site plays the clicks
            for round_ in range(VISITS):
                for name in PAGES:
                    if time.monotonic() - started > DEADLINE_S:
                        site_errors.append(f"{name}, round {round_ + 1}: skipped, past the deadline")
                        continue
                    profile = Path(tmp) / f"profile-{name}-{round_}"
                    figures, page = site_visits(browser, base, name, sent, site_errors, profile)
                    site_visited[name].append(figures)
                    if page is not None and round_ == VISITS - 1:
                        clicked[name] = clicks(page, name, steps[name], site_errors)
                    if page is not None:
                        page.context.close()
                    voila_visited[name].append(voila_visit(browser, voila_base, name, voila_errors, VOILA_MARKS))
            bots = bot_ratios(bots_in_the_browser(browser, base, site_errors), cpython_bots)
            machine = {
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
                "chromium": browser.version,
                "load_1min_before": round(load_before[0], 2),
                "load_1min_after": round(os.getloadavg()[0], 2),
            }
            browser.close()
    pages = {
        name: {
            visit_name: summary([figures[visit_name] for figures in visited if visit_name in figures])
            for visit_name in ("first_visit", "second_visit")
        }
        for name, visited in site_visited.items()
    }
    picks = [ms for timed in clicked.values() for ms in timed["pick_ms"]]
    moves = [ms for timed in clicked.values() for ms in timed["move_ms"]]
    site: dict[str, Any] = {
        "build_s": build_s,
        "files": held,
        "visits_per_page": VISITS,
        "pages": pages,
        "clicks": {
            "deal": DEAL,
            "pick_ms": stats(picks),
            "move_ms": stats(moves),
            "games": {
                name: {"pick_ms": stats(timed["pick_ms"]), "move_ms": stats(timed["move_ms"])}
                for name, timed in clicked.items()
            },
        },
        "bots": bots,
        "errors": site_errors,
    }
    voila: dict[str, Any] = {
        "visits_per_page": VISITS,
        "pages": {name: {"first_visit": summary([v for v in visited if v])} for name, visited in voila_visited.items()},
        "errors": voila_errors,
    }
    met = {
        "first_visit_play_s": at_most(worst(pages, "first_visit", "play_s"), GOALS["first_visit_play_s"]),
        "first_visit_bytes": at_most(worst(pages, "first_visit", "bytes"), GOALS["first_visit_bytes"]),
        "second_visit_play_s": at_most(worst(pages, "second_visit", "play_s"), GOALS["second_visit_play_s"]),
        "pick_ms_p95": at_most(site["clicks"]["pick_ms"].get("p95"), GOALS["pick_ms_p95"]),
        "move_ms_p95": at_most(site["clicks"]["move_ms"].get("p95"), GOALS["move_ms_p95"]),
        "bot_ratio": at_most(bots["ratio"], GOALS["bot_ratio"]),
    }
    machine["benchmark_wall_s"] = round(time.monotonic() - started, 1)
    print(json.dumps({"when": when, "machine": machine, "site": site, "voila": voila, "goals": GOALS, "met": met}))


if __name__ == "__main__":
    main()
