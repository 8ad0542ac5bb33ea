"""Simulated learners without a browser (issue 15): each one does over HTTP and the kernel's websocket what a
game page does, so that what is measured is the server and its kernels, not thirty browsers on the same cores.

A learner: GETs ``/voila/render/<game>.ipynb`` (Voilà runs the notebook while it sends the page), reads the kernel
id from the page, opens the kernel's websocket and asks for the widgets' states as the page's widget manager does
(a ``jupyter.widget.control`` comm, ``request_states``): the game board's scene is there. It says it has drawn
each landmark, as the page's views do, so the kernel sends that part of the page again. It then types its seed
into the Seed box and clicks New game (widget messages, as the page sends them), and plays MOVES moves by sending
the very clicks ``table.js`` sends: a card picked up and a lit place, a card or place that is a move by itself, or
an enabled button, chosen by its own seeded random generator from what the scene offers (lit places are legal; a
one-click card may be refused, and then it chooses again). After each click it waits for the scene that answers
it (the board's ``answered`` count), and after each move for its turn to come back (the bots play at their pace).
A learner fails when its page shows fewer widgets than its notebook has cells, when its game board does not come
within 120 s (widgets made after the page asked for the states are followed), or when a card it picks up is
answered by a scene that lights no place: the scene its answer count names, or the first scene the kernel sent in
answer to that message.

Options (``--help``): game, learners, arrival (seconds between learners; 0: all at once), moves each, the time a
learner thinks before each move (0: at once, the hardest on the server), the pages the learners open in turn (in
English, Italian or French, or a share link: ``--pages en,it,fr,link``; a learner is ready once the game board is
there in its page's language), bursts (classes one after the other on the
same server, each once the last one's kernels are culled and the pools refilled), and the server: ``run`` (as ``make
run`` starts it), ``classroom`` (``make classroom GAME=<game> SEATS=<learners>``, with its pool of preheated kernels)
or the URL of one already running (then server CPU and memory are not measured).
A started server gets a short cull timeout (``--cull-s``) so that the culler's work is seen in the run; its log is
kept with ``--log FILE``.

Prints one JSON object: learners, failures (each with its reason and kernel; must be 0), with bursts each class's
failures, ready and click times (``bursts``), ``ready_s`` (request to first scene; ``page_s``, the part of it until
the page's HTML has come) and ``click_ms`` (click to its answering scene) as median / p95 / max, and the same apart
for a card picked up (``pick_ms``: the page draws it without waiting), the lit place then clicked (``place_ms``) and
the other clicks (``other_ms``); CPU-seconds per learner of the server and of the kernels, memory per learner's
kernel and per kernel waiting in a pool (before the first class), the peak total, and the kernels left once the
culler has run. With ``--server classroom``: the seconds and CPU-seconds (server and kernels) from the server's
start until every pool has all its pages ready (``/voila/pool``), and with bursts each class's ``back_s``, from its
end until the next could come (its kernels culled, the pools ready again).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
import platform
import random
import re
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.simple_httpclient import HTTPTimeoutError
from tornado.websocket import WebSocketClientConnection, websocket_connect

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "tests" / "browser")]

from harness import (  # noqa: E402
    ERROR_MARKS,
    kernel_pid,
    kernel_pids,
    make_voila_args,
    render_url,
    rss_bytes,
    running_voila,
)
from measure import Samples, mib, settle, stats  # noqa: E402

import cardlib  # noqa: E402
from cardlib.core.i18n import _, speaking  # noqa: E402
from cardlib.games import GAMES  # noqa: E402
from cardlib.saves import link_code  # noqa: E402

TURN_TIMEOUT_S = 120  # the bots' turn, paced, on a loaded machine
CLICK_TIMEOUT_S = 60
SOCKET_TIMEOUT_S = 60  # a page's kernel websocket; tornado's own default would give up after 20 s
PAGE_TIMEOUT_S = 600  # make run with a class of 100 arriving at once: the last page waits about 40 s
CONTROL_PROTOCOL = "1.0.0"  # ipywidgets 8's jupyter.widget.control comm
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]+)"')


def _shared(game: str) -> tuple[str, str]:
    """A share link of a deal of ``game`` (its query string), in English."""
    state = cardlib.load(game).new(seed=7)
    return f"?position={link_code(state, state.players[0])}", "en"


# The pages a learner may open: its query string and the language it is in.
PAGES = {
    "en": lambda game: ("", "en"),
    "it": lambda game: ("?lang=it", "it"),
    "fr": lambda game: ("?lang=fr", "fr"),
    "link": _shared,
}


# --- the kernel's websocket, in the form a game page speaks: Jupyter's binary "v1" protocol, which the page asks
# for and Voilà grants (the server passes each message through without decoding it; the older JSON form costs the
# server a decode and an encode per message, so a simulator speaking it would load the server more than a class)

WIRE = "v1.kernel.websocket.jupyter.org"


def _message(session: str, msg_type: str, content: dict[str, Any], metadata: dict[str, Any], msg_id: str) -> bytes:
    header = {
        "msg_id": msg_id,
        "username": "learner",
        "session": session,
        "msg_type": msg_type,
        "version": "5.3",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    parts = [json.dumps(part).encode() for part in (header, {}, metadata, content)]
    return serialize_msg_to_ws_v1(parts, "shell")


def _decode(frame: bytes) -> dict[str, Any]:
    """A message's type, the message it answers and, for widget messages (all a learner reads), its content."""
    _channel, parts = deserialize_msg_from_ws_v1(frame)
    msg_type = json.loads(parts[0])["msg_type"]
    widgets = ("comm_msg", "comm_open", "comm_close")
    content = json.loads(parts[3]) if msg_type in widgets else {}
    parent = json.loads(parts[1]).get("msg_id") if msg_type in widgets else None
    return {"msg_type": msg_type, "content": content, "parent": parent}


class Page:
    """What a game page holds of its kernel: the widgets' states, kept up to date from the kernel's messages."""

    def __init__(self, socket: WebSocketClientConnection):
        self.socket = socket
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict[str, Any]] = {}  # model id -> its state
        self.names: dict[str, str] = {}  # model id -> its model name
        self.changed = asyncio.Event()
        self.first_scene: dict[str | None, dict[str, Any]] = {}  # a message's id -> the first scene sent for it

    def send_comm(self, comm_id: str, data: dict[str, Any], msg_type: str = "comm_msg", **extra: Any) -> str:
        """Send a widget message; its id."""
        # the version of the widgets' protocol, as the page's widget manager says it (the control comm checks it)
        content, metadata = {"comm_id": comm_id, "data": data, **extra}, {"version": CONTROL_PROTOCOL}
        msg_id = uuid.uuid4().hex
        self.socket.write_message(_message(self.session, msg_type, content, metadata, msg_id), binary=True)
        return msg_id

    async def listen(self) -> None:
        """Read the kernel's messages until the socket closes; widget state updates land in ``states``."""
        while (frame := await self.socket.read_message()) is not None:
            message = _decode(frame)
            content = message["content"]
            data = content.get("data", {})
            if message["msg_type"] == "comm_open" and content.get("target_name") == "jupyter.widget":
                # a widget made after the page asked for the states (a game started from NesPanini's deck builder)
                self.states[content["comm_id"]] = dict(data["state"])
                self.names[content["comm_id"]] = data["state"].get("_model_name", "")
            elif message["msg_type"] == "comm_close":
                self.states.pop(content.get("comm_id"), None)
            elif message["msg_type"] != "comm_msg":
                continue
            elif data.get("method") == "update_states":  # the answer to request_states: every widget
                for model_id, model in data["states"].items():
                    self.states[model_id] = dict(model["state"])
                    self.names[model_id] = model["model_name"]
            elif data.get("method") == "update" and content["comm_id"] in self.states:
                self.states[content["comm_id"]].update(data["state"])
                if "scene" in data["state"]:  # the first scene each message of the page's brought, by its id
                    self.first_scene.setdefault(message["parent"], data["state"]["scene"])
            else:
                continue
            self.changed.set()

    async def until(self, holds: Any, timeout: float, what: str) -> None:
        """Wait until ``holds()`` is true of the states; TimeoutError naming ``what`` after ``timeout`` seconds."""
        try:
            async with asyncio.timeout(timeout):
                while not holds():
                    self.changed.clear()
                    await self.changed.wait()
        except TimeoutError:
            raise TimeoutError(f"no {what} within {timeout:g} s") from None

    def find(self, model_name: str, **state: Any) -> str | None:
        """The last widget of that model whose state has those values (a game's notebook ends with its app)."""
        found = [
            model_id
            for model_id, values in self.states.items()
            if self.names[model_id] == model_name and all(values.get(k) == v for k, v in state.items())
        ]
        return found[-1] if found else None


# --- what a learner may click, read from the scene as table.js reads it ---


def offers(scene: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The moves the scene offers the learner, each as the clicks that make it."""
    picks = scene.get("picks") or {}
    zones = [zone for area in scene.get("areas", []) for zone in area.get("zones", [])]
    moves: list[list[dict[str, Any]]] = []
    for zone in zones:
        for card in zone.get("cards", []):
            if not card.get("selectable"):
                continue
            pick = {"kind": "card", "card": card["id"], "zone": zone["id"]}
            if card["id"] in picks:  # picked up, then put on a lit place
                moves += [[pick, {"kind": "zone", "zone": place}] for place in picks[card["id"]]["targets"]]
            else:  # a card whose click is the whole move
                moves.append([pick])
    moves += [[{"kind": "zone", "zone": place}] for place in picks.get("", {}).get("targets", {})]
    buttons = [b for b in scene.get("buttons", []) if b.get("enabled", True) and b["id"] != "cancel"]
    moves += [[{"kind": "button", "id": b["id"]}] for b in buttons]
    return moves


VIEW = "application/vnd.jupyter.widget-view+json"  # a widget's output in the page Voilà renders


@functools.cache
def code_cells(game: str) -> int:
    notebook = json.loads((ROOT / "notebooks" / f"{game}.ipynb").read_text())
    return sum(cell["cell_type"] == "code" for cell in notebook["cells"])


class Learner:
    board_name = "Game board"  # the name of the board the learner plays on, as its page names it (in English)

    def __init__(self, base: str, game: str, seed: int, moves: int, think_s: float = 0, page: str = "en"):
        """``page``: the address the learner opens, one of PAGES: in English, Italian or French, or a share link."""
        self.base, self.game, self.seed, self.moves, self.think_s = base, game, seed, moves, think_s
        self.query, self.lang = PAGES[page](game)
        self.rng = random.Random(seed)
        self.record: dict[str, Any] = {"seed": seed, "page": page, "clicks": [], "moves": 0}

    def words(self, text: str) -> str:
        """``text`` as the learner's page says it."""
        with speaking(self.lang):
            return _(text)

    async def run(self, arrive_s: float) -> dict[str, Any]:
        await asyncio.sleep(arrive_s)
        started = time.perf_counter()
        try:
            await self._session(started)
        except Exception as error:  # a failed learner is counted and described, the others go on
            self.record["error"] = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
        self.record["session_s"] = time.perf_counter() - started
        return self.record

    def address(self) -> str:
        """The page the learner opens."""
        return f"{self.game}.ipynb{self.query}"

    async def _session(self, started: float) -> None:
        # The page arrives in pieces (Voilà sends what is rendered while the rest runs): kept as they come, so a page
        # that never ends says how far it got, and whether a browser would already have had its watchdog.
        pieces: list[bytes] = []
        url = render_url(self.base, self.address())
        try:
            await AsyncHTTPClient().fetch(
                HTTPRequest(url, request_timeout=PAGE_TIMEOUT_S, connect_timeout=60, streaming_callback=pieces.append)
            )
        except HTTPTimeoutError:
            came = b"".join(pieces)
            watched = "with" if b"watchdog.js" in came else "without"
            raise RuntimeError(
                f"the page did not end within {PAGE_TIMEOUT_S} s: {len(came)} bytes came, {watched} its watchdog"
            ) from None
        self.record["page_s"] = time.perf_counter() - started
        html = b"".join(pieces).decode()
        if found := KERNEL_ID.search(html):
            self.record["kernel_id"] = found.group(1)
        else:
            raise RuntimeError("the page names no kernel")
        if marks := [mark for mark in ERROR_MARKS if mark in html]:
            raise RuntimeError(f"the page shows an error: {marks[0]}")
        if (shown := html.count(VIEW)) < (cells := code_cells(self.game)):  # each cell of a game's notebook shows one
            raise RuntimeError(f"the page shows {shown} of its {cells} cells' widgets: an output was lost")
        ws = self.base.replace("http", "ws", 1)
        channels = f"{ws}/api/kernels/{self.record['kernel_id']}/channels?session_id={uuid.uuid4().hex}"
        try:
            socket = await websocket_connect(
                HTTPRequest(channels, connect_timeout=60, request_timeout=SOCKET_TIMEOUT_S),
                max_message_size=64 * 2**20,
                subprotocols=[WIRE],
            )
        except HTTPTimeoutError:
            raise RuntimeError(f"the kernel's websocket did not open within {SOCKET_TIMEOUT_S} s") from None
        if socket.selected_subprotocol != WIRE:
            raise RuntimeError(f"the server would not speak {WIRE}, as it does to a page")
        socket.protocol.set_nodelay(True)  # as a browser's: a frame is not held back waiting for the last one's ACK
        page = Page(socket)
        listening = asyncio.ensure_future(page.listen())
        try:
            control = uuid.uuid4().hex
            page.send_comm(control, {}, "comm_open", target_name="jupyter.widget.control")
            page.send_comm(control, {"method": "request_states"})
            await page.until(lambda: self._ready(page), 120, "game board from the kernel, in the page's language")
            self.record["ready_s"] = time.perf_counter() - started
            page.send_comm(control, {}, "comm_close")
            for model_id, state in list(page.states.items()):
                if state.get("_anywidget_id") == "widgets.panels.Landmark":  # drawn, says the page: widgets/catch_up.py
                    page.send_comm(model_id, {"method": "custom", "content": {"drawn": True}})
            await self._play(page)
        finally:
            socket.close()
            listening.cancel()

    def _ready(self, page: Page) -> bool:
        """The page is ready to be used: its game board is there."""
        return self._board(page) is not None

    def _board(self, page: Page) -> str | None:
        named = self.words(self.board_name)
        boards = [i for i, s in page.states.items() if str(s.get("name", "")).startswith(named)]
        return boards[-1] if boards else None

    async def _click(self, page: Page, board: str, click: dict[str, Any], kind: str) -> None:
        """Send ``click`` as table.js does; wait for the scene that answers it. A card picked up must be answered
        by a scene that lights the places it may go, as the page lit them: else the learner fails."""
        count = page.states[board].get("answered", 0) + 1
        sent = time.perf_counter()
        msg_id = page.send_comm(board, {"method": "custom", "content": click})
        await page.until(lambda: page.states[board].get("answered", 0) >= count, CLICK_TIMEOUT_S, "answer to a click")
        self.record["clicks"].append((kind, (time.perf_counter() - sent) * 1000))
        # the scene that answered, by its count, and the first scene sent in answer to the message (its parent)
        for how, answer in (("counted", page.states[board]["scene"]), ("first", page.first_scene.get(msg_id))):
            if kind == "pick" and not lit(answer):
                said = answer and ((answer.get("flash") or {}).get("text") or answer.get("prompt"))
                raise RuntimeError(f"a card picked up was answered ({how}) by a scene that lights no place: {said}")

    async def _play(self, page: Page) -> None:
        board = self._board(page)
        seed_box = page.find("IntTextModel", description=self.words("Deal number"))
        new_game = page.find("ButtonModel", description=self.words("New game"))
        if not (board and seed_box and new_game):
            raise RuntimeError("the page has no game board, Seed box or New game button")

        def scene() -> dict[str, Any]:
            return page.states[board]["scene"]

        # a new game of the learner's seed: the Seed box's new value, then a click on New game, as the page sends
        page.send_comm(seed_box, {"method": "update", "state": {"value": self.seed}, "buffer_paths": []})
        before = scene()
        page.send_comm(new_game, {"method": "custom", "content": {"event": "click"}})
        await page.until(lambda: scene() is not before, CLICK_TIMEOUT_S, "new deal")
        await self._moves(page, board)

    def _more(self) -> bool:
        """Whether the learner plays on."""
        return self.record["moves"] < self.moves

    async def _moves(self, page: Page, board: str) -> None:
        """Play up to ``moves`` moves on ``board`` as they come to the learner, or until the game is over."""

        def scene() -> dict[str, Any]:
            return page.states[board]["scene"]

        while self._more():
            turn = "turn after the bots'"
            await page.until(lambda: bool(offers(scene())) or over(scene()) or not self._more(), TURN_TIMEOUT_S, turn)
            if over(scene()) or not self._more():
                break
            await asyncio.sleep(self.think_s * self.rng.uniform(0.5, 1.5))  # reading the board, choosing a card
            refused: list[list[dict[str, Any]]] = []
            while True:
                choices = [move for move in offers(scene()) if move not in refused]
                if not choices:
                    raise RuntimeError(f"every move the scene offers is refused: {scene().get('prompt')}")
                clicks = self.rng.choice(choices)
                # a card picked up, then put on a lit place; or one click (a card, a place, a button) that is the move
                for click, kind in zip(clicks, ("pick", "place") if len(clicks) == 2 else ("other",), strict=True):
                    await self._click(page, board, click, kind)
                while asked := choosing(scene()):  # a card that may be played two ways: the board asks which
                    await self._click(page, board, self.rng.choice(asked), "other")
                if (scene().get("flash") or {}).get("kind") != "error":
                    break
                refused.append(clicks)
            self.record["moves"] += 1
            self.moved()

    def moved(self) -> None:
        """After each of the learner's moves."""


def lit(scene: dict[str, Any] | None) -> bool:
    """The scene lights a place (a card picked up: where it may go)."""
    return bool(scene) and any(zone.get("target") for area in scene["areas"] for zone in area["zones"])


def choosing(scene: dict[str, Any]) -> list[dict[str, Any]]:
    """The clicks on the buttons the board shows while asking how to play a card (none when it is not asking)."""
    return [{"kind": "button", "id": b["id"]} for b in scene.get("buttons", []) if b["id"].startswith("choice:")]


def over(scene: dict[str, Any]) -> bool:
    """The game is over: nobody is to move (a board made after the page came is drawn a moment after it is made:
    until then it has no areas, and no game to be over)."""
    areas = scene.get("areas", [])
    return bool(areas) and not any(area.get("active") for area in areas)


# --- the run: a server, the learners, what the server and its kernels spent ---


@contextlib.contextmanager
def server(kind: str, game: str, learners: int, cull_s: float, log: Path) -> Iterator[tuple[str, int | None]]:
    """(base URL, server pid): Voilà as ``make run`` or ``make classroom`` starts it, or one already running."""
    if kind.startswith("http"):
        yield kind.rstrip("/"), None
        return
    args = make_voila_args(kind, **({"GAME": game, "SEATS": str(learners)} if kind == "classroom" else {}))
    cull = (f"--MappingKernelManager.cull_idle_timeout={cull_s:g}", f"--MappingKernelManager.cull_interval={5}")
    with running_voila(log=log, extra_args=(*args, *cull)) as (base, voila):
        yield base, voila.pid


async def pages_ready(base: str) -> dict[str, dict[str, int]]:
    """What ``make classroom``'s server says of its pools (``/voila/pool``): each notebook's pages ready and places."""
    reply = await AsyncHTTPClient().fetch(f"{base}/voila/pool", request_timeout=30)
    return json.loads(reply.body)


async def pools_filled(base: str, limit_s: float = 900) -> float:
    """Wait until every pool of ``make classroom``'s server has all its pages ready (each kernel has run its
    notebook and found it whole); the seconds it took."""
    started = time.monotonic()
    while time.monotonic() - started < limit_s:
        with contextlib.suppress(OSError, HTTPClientError):  # the server starts its pools before it answers
            pools = await pages_ready(base)
            if pools and all(pool["ready"] == pool["places"] for pool in pools.values()):
                return time.monotonic() - started
        await asyncio.sleep(0.5)
    raise TimeoutError(f"the pools were not ready within {limit_s:g} s")


async def back_to(voila: int, base: str, used: list[str], limit_s: float = 900) -> float:
    """Wait until the server is as the last class found it: the kernels it ``used`` culled, and every pool's pages
    ready again; the seconds it took."""
    started = time.monotonic()
    while time.monotonic() - started < limit_s:
        if not any(kernel_pid(voila, kid) for kid in used):
            break
        await asyncio.sleep(1)
    return await pools_filled(base, limit_s) + (time.monotonic() - started)


def timings(records: list[dict[str, Any]], kind: str | None = None) -> dict[str, Any]:
    return stats([ms for r in records for k, ms in r["clicks"] if kind in (None, k)], 1)


async def run(options: argparse.Namespace) -> dict[str, Any]:
    result: dict[str, Any] = {
        "benchmark": "learners",
        "game": options.game,
        "learners": options.learners,
        "arrival_every_s": options.arrival,
        "moves_each": options.moves,
        "think_s": options.think,
        "server": options.server,
        "pages": options.pages,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
    }
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="learners-bench-") as tmp, contextlib.ExitStack() as stack:
        log = options.log or Path(tmp) / "voila.log"
        base, voila = stack.enter_context(server(options.server, options.game, options.learners, options.cull_s, log))
        if voila:
            if options.server == "classroom":  # what the pools cost, from the server's start to their pages ready
                filling, filled = Samples(), asyncio.Event()
                fill_sampler = asyncio.create_task(filling.take(voila, filled))
                result["fill_s"] = round(await pools_filled(base), 1)
                filled.set()
                await fill_sampler
                result["fill_cpu_s"] = round(sum(filling.cpu.values()), 1)
                result["fill_peak_mib"] = mib(max(total for _, _, total in filling.memory))
            await settle(voila)
            before = set(kernel_pids(voila))
            waiting_rss = [rss_bytes(pid) for pid in before]  # every pool's, before any page takes one
            samples, stop = Samples(), asyncio.Event()
            sampler = asyncio.create_task(samples.take(voila, stop))
            await asyncio.sleep(0.1)
            baseline = dict(samples.cpu)
        AsyncHTTPClient.configure(None, max_clients=10_000)  # each learner its own connection, as browsers have
        records, bursts = [], []
        for burst in range(options.bursts):
            if voila and burst:  # the next class finds the server as the first did: pools full, the last one culled
                used = [r["kernel_id"] for r in records if "kernel_id" in r]
                bursts[-1]["back_s"] = round(await back_to(voila, base, used), 1)
                await settle(voila)
            seeds = range(1000 + burst * options.learners, 1000 + (burst + 1) * options.learners)
            pages = options.pages.split(",")
            crowd = [
                Learner(base, options.game, seed, options.moves, options.think, pages[i % len(pages)])
                for i, seed in enumerate(seeds)
            ]
            class_records = await asyncio.gather(*(one.run(i * options.arrival) for i, one in enumerate(crowd)))
            bursts.append(
                {
                    "failures": sum("error" in r for r in class_records),
                    "ready_s": stats([r["ready_s"] for r in class_records if "ready_s" in r]),
                    "click_ms": timings(class_records),
                }
            )
            records += class_records
        if options.bursts > 1:
            result["bursts"] = bursts
        result["wall_s"] = round(time.monotonic() - started, 1)
        result["simulator_cpu_s"] = round(time.process_time(), 1)  # the learners' own, on the same cores
        failures = [
            {"learner": r["seed"] - 1000, "page": r["page"], "kernel": r.get("kernel_id"), "why": r["error"]}
            for r in records
            if "error" in r
        ]

        result["failures"] = len(failures)
        result["failure_details"] = failures[:10]
        result["failure_reasons"] = dict(Counter(failure["why"] for failure in failures))
        result["ready_s"] = stats([r["ready_s"] for r in records if "ready_s" in r])
        result["page_s"] = stats([r["page_s"] for r in records if "page_s" in r])  # of ready: the page's HTML
        if len(set(options.pages.split(","))) > 1:
            result["ready_s_by_page"] = {
                page: stats([r["ready_s"] for r in records if "ready_s" in r and r["page"] == page])
                for page in dict.fromkeys(options.pages.split(","))
            }
        result["click_ms"] = timings(records)
        result |= {f"{kind}_ms": timings(records, kind) for kind in ("pick", "place", "other")}
        if voila:
            ids = [r["kernel_id"] for r in records if "kernel_id" in r]
            rss = [rss_bytes(pid) for kid in ids if (pid := kernel_pid(voila, kid))]
            stop.set()
            await sampler
            spent = {pid: cpu - baseline.get(pid, 0.0) for pid, cpu in samples.cpu.items()}
            server_cpu = spent.pop(voila)
            n = options.learners * options.bursts
            kernels_cpu = sum(spent.values())
            result["cpu_s_per_learner"] = {"server": round(server_cpu / n, 2), "kernels": round(kernels_cpu / n, 2)}
            result["memory_mib"] = {
                "kernel_per_learner": stats([mib(r) for r in rss if r], 1),
                "kernel_waiting_in_a_pool": stats([mib(r) for r in waiting_rss if r], 1),
                "peak_kernels": max(k for _, k, _ in samples.memory),
                "peak_server_plus_kernels": mib(max(total for _, _, total in samples.memory)),
            }
            result["kernels"] = await culled(voila, before, ids, options.cull_s)
    return result


async def culled(voila: int, pooled: set[int], ids: list[str], cull_s: float) -> dict[str, Any]:
    """Every learner has gone: the culler must stop every kernel they used."""
    waited = time.monotonic()
    left = [kid for kid in ids if kernel_pid(voila, kid)]
    while left and time.monotonic() - waited < cull_s + 60:
        await asyncio.sleep(1)
        left = [kid for kid in ids if kernel_pid(voila, kid)]
    return {
        "pooled_at_start": len(pooled),
        "learners_kernels": len(ids),
        "left_after_culling": len(left),
        "culled_within_s": round(time.monotonic() - waited, 1),
        "cull_idle_timeout_s": cull_s,
        "alive_now": len(kernel_pids(voila)),
    }


def options(argv: list[str] | None = None) -> argparse.Namespace:
    """The run's options from ``argv`` (the command line by default), refused with a usage message if wrong."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=list(GAMES), default="napoletana")
    parser.add_argument("--learners", type=int, default=10)
    parser.add_argument("--arrival", type=float, default=1.0, help="seconds between learners (0: all at once)")
    parser.add_argument("--moves", type=int, default=5, help="moves each learner plays")
    parser.add_argument("--think", type=float, default=0, help="seconds a learner thinks before a move (±50%%)")
    parser.add_argument("--server", default="run", help="run | classroom | the URL of a running Voilà")
    parser.add_argument("--cull-s", type=float, default=30, help="a started server's cull_idle_timeout")
    parser.add_argument(
        "--bursts", type=int, default=1, help="classes one after the other, each once the server is back as it was"
    )
    parser.add_argument(
        "--pages", default="en", help=f"the pages the learners open in turn, comma-separated from {', '.join(PAGES)}"
    )
    parser.add_argument("--log", type=Path, help="keep a started server's log in this file (to read after a failure)")
    chosen = parser.parse_args(argv)
    if chosen.server not in ("run", "classroom") and not chosen.server.startswith("http"):
        parser.error(f"--server must be run, classroom or a URL, not {chosen.server!r}")
    if not set(chosen.pages.split(",")) <= set(PAGES):
        parser.error(f"--pages takes {', '.join(PAGES)}, not {chosen.pages!r}")
    if min(chosen.learners, chosen.bursts) < 1 or min(chosen.moves, chosen.arrival, chosen.think) < 0:
        parser.error("--learners and --bursts must be at least 1; --moves, --arrival and --think not negative")
    return chosen


def main() -> None:
    print(json.dumps(asyncio.run(run(options())), indent=2))


if __name__ == "__main__":
    main()
