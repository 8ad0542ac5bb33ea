"""A seat's connection to the table service, as a kernel holds it (issue 35): join a table, then send moves and
read what the table tells this seat. Asynchronous, on the kernel's own event loop (tornado's WebSocket client):
a page's kernel waits for nothing while the others think.

When the service goes away (restarted, or killed), the seat connects again by itself with its credential, and a
move whose answer was lost is sent again with the same message id: the service plays a message once, so a move it
acknowledged is never played twice and one it never received is played now.

>>> seat = await Seat.join("http://127.0.0.1:8877", "BCDFG")   # doctest: +SKIP
>>> answer = await seat.play("keep")                             # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from collections.abc import Callable
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPError, HTTPRequest
from tornado.iostream import StreamClosedError
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, WebSocketError, websocket_connect

from cardlib.core.i18n import current_language

RETRY = 0.1  # seconds between two tries to connect again
GIVE_UP = 60.0  # seconds without the service before a seat stops trying


def hub_token() -> str | None:
    """Under JupyterHub, the token of the learner's server, which every kernel of it has: it tells the table service
    who this is (tables/hub.py)."""
    return os.environ.get("JUPYTERHUB_API_TOKEN") or None


async def ask(base: str, method: str, path: str, data: Any = None, key: str | None = None) -> dict[str, Any]:
    """One request to the service, with the teacher's ``key`` or else the hub's token if there is one: its JSON
    answer; a refusal raises ValueError with the service's sentence, a service that does not answer ConnectionError."""
    token = hub_token()
    headers = {"Authorization": f"Bearer {key}"} if key else {"Authorization": f"token {token}"} if token else {}
    headers["Accept-Language"] = current_language()  # its refusals in the page's language
    body = None if data is None else json.dumps(data)
    try:
        response = await AsyncHTTPClient().fetch(
            base.rstrip("/") + path, method=method, body=body, headers=headers, raise_error=False, request_timeout=10
        )
    except (OSError, HTTPError) as error:  # no answer at all: refused, timed out, reset
        raise ConnectionError(str(error)) from error
    try:
        answer = json.loads(response.body or b"{}")
    except ValueError:  # not the service's answer (a proxy's error page while the service restarts)
        raise ConnectionError(f"the table service answered {response.code}") from None
    if response.code >= 500 or not isinstance(answer, dict):
        raise ConnectionError(f"the table service answered {response.code}")
    if response.code >= 400:
        raise ValueError(answer.get("error", f"the table service answered {response.code}"))
    return answer


async def report_progress(base: str, progress: dict[str, Any]) -> None:
    """The learner's progress (``cardlib.mastery.Mastery.progress``: per game, the lessons done and the rules
    mastered) to the class's service, as the learner whose hub token this kernel has (``POST /progress``)."""
    await ask(base, "POST", "/progress", {"games": progress})


class Teacher:
    """The teacher's side of the service (its key; under JupyterHub, "" and the hub's word that this is a teacher):
    open tables, see them all, give a seat to a bot, free a seat, rematch, end a table."""

    def __init__(self, base: str, key: str):
        self.base, self.key = base, key

    async def open(
        self, game: str, seats: list[str], strength: str = "medium", hints: bool = False, seed: int | None = None
    ) -> str:
        """A new table: its code. ``seed``: the deal's number (a new one by default)."""
        asked = {"game": game, "seats": seats, "strength": strength, "hints": hints, "seed": seed}
        return str((await ask(self.base, "POST", "/tables", asked, self.key))["code"])

    async def tables(self) -> list[dict[str, Any]]:
        return list((await ask(self.base, "GET", "/tables", key=self.key))["tables"])

    async def progress(self) -> list[dict[str, Any]]:
        """Each learner's progress as the learners' pages reported it: ``{"learner", "games", "at"}``."""
        return list((await ask(self.base, "GET", "/progress", key=self.key))["learners"])

    async def give(self, code: str, seat: str, kind: str) -> None:
        await ask(self.base, "POST", f"/tables/{code}/seats", {"seat": seat, "kind": kind}, self.key)

    async def free(self, code: str, seat: str) -> None:
        await ask(self.base, "POST", f"/tables/{code}/free", {"seat": seat}, self.key)

    async def rematch(self, code: str) -> str:
        return str((await ask(self.base, "POST", f"/tables/{code}/rematch", {}, self.key))["code"])

    async def end(self, code: str) -> None:
        await ask(self.base, "POST", f"/tables/{code}/end", {}, self.key)


class Seat:
    """One seat at one table (or a spectator's place, ``seat`` None): its credential, the table as last told, and
    the answers to its moves. ``lang``: the language of the service's own sentences to it, a refusal's reason, an
    error (None: the service's); the table's words come as messages, which the page says in its own language."""

    def __init__(self, base: str, code: str, seat: str | None, token: str, lang: str | None = None):
        self.base, self.code, self.seat, self.token = base.rstrip("/"), code, seat, token
        self.lang = lang
        self.table: dict[str, Any] = {}  # the latest {"version", "world" or "view", "seats", ...} told to this seat
        self.told: Callable[[dict[str, Any]], None] = lambda _table: None  # called with each new table
        self.changed: Callable[[], None] = lambda: None  # called when the connection goes, comes back or gives up
        self._connection: WebSocketClientConnection | None = None
        self._connected = asyncio.Event()  # set while connected and told the table
        self._answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._closing = False
        self._failed: Exception | None = None
        self.why_gone: str | None = None  # the service's sentence when it seats this credential no more, in its words

    @classmethod
    async def join(
        cls, base: str, code: str, seat: str | None = None, token: str | None = None, lang: str | None = None
    ) -> Seat:
        """Take a free seat (or ``seat``), or come back to one's own with its ``token`` (from a bot that played it
        meanwhile too); connected and told the table once this returns. A refusal raises ValueError with the
        service's sentence, a service that does not answer ConnectionError."""
        joined = await ask(base, "POST", f"/tables/{code}/join", {"seat": seat, "token": token})
        self = cls(base, code, joined["seat"], joined["token"], lang)
        await self._connect()
        return self

    @classmethod
    async def watch(cls, base: str, code: str, lang: str | None = None) -> Seat:
        """A spectator's place (the projector): told the public table after every move, the whole once it is over."""
        self = cls(base, code, None, "", lang)
        await self._connect()
        return self

    async def take_back(self) -> None:
        """Take this seat back from the bot the teacher gave it to while the learner was away."""
        joined = await ask(self.base, "POST", f"/tables/{self.code}/join", {"token": self.token})
        self.token = joined["token"]

    async def _connect(self) -> None:
        """Connect and say who this is; returns once the table is told."""
        url = self.base.replace("http", "ws", 1) + f"/tables/{self.code}/socket"
        token = hub_token()  # (under JupyterHub the service counts a spectator's guessed codes as its learner's)
        headers = {"Authorization": f"token {token}"} if token else None
        self._connection = await websocket_connect(HTTPRequest(url, headers=headers))
        if self._connection.protocol is not None:  # each move sent at once, as the service answers (service.py)
            self._connection.protocol.set_nodelay(True)
        hello = {"watch": True} if self.seat is None else {"seat": self.seat, "token": self.token}
        await self._connection.write_message(json.dumps(hello | ({"lang": self.lang} if self.lang else {})))
        first = asyncio.get_running_loop().create_future()
        self._run(self._read(self._connection, first))
        await first

    def _run(self, coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)  # (kept, so the loop does not drop it)
        task.add_done_callback(self._tasks.discard)

    async def _read(self, connection: WebSocketClientConnection, first: asyncio.Future[None]) -> None:
        while (text := await connection.read_message()) is not None:
            message = json.loads(text)
            if "table" in message and message["table"]["version"] >= self.table.get("version", -1):
                self.table = message["table"]
                if not first.done():
                    first.set_result(None)
                    self._connected.set()
                    self.changed()
                self.told(self.table)
            elif "answer" in message and (answer := self._answers.pop(str(message["answer"]["id"]), None)):
                answer.set_result(message["answer"])
            elif "error" in message and not first.done():  # who this is was refused
                first.set_exception(ValueError(message["error"]))
                connection.close()
            elif message.get("gone"):  # the credential plays no more (the teacher freed the seat): no use trying again
                self.why_gone = str(message["error"])  # (the service's sentence, in the seat's language)
                connection.close()
        self._connected.clear()
        self.changed()
        for answer in self._answers.values():  # a lost answer: its move is sent again once connected (``play``)
            answer.set_exception(ConnectionError("the table service closed the connection"))
        self._answers.clear()
        if not first.done():
            first.set_exception(ConnectionError("the table service closed the connection"))
        elif self.why_gone is not None:
            self._give_up(ValueError(self.why_gone))
        elif first.exception() is None and not self._closing:  # a connection that had been told the table
            self._run(self._reconnect())

    async def _reconnect(self) -> None:
        deadline = asyncio.get_running_loop().time() + GIVE_UP
        while not self._closing and asyncio.get_running_loop().time() < deadline:
            try:
                await self._connect()
                return
            except ValueError as refused:  # the service answered and seats it no more: no use trying again
                self._give_up(refused)
                return
            except (OSError, HTTPError, StreamClosedError, WebSocketError):  # (a proxy's 503 while it restarts)
                await asyncio.sleep(RETRY)
        self._give_up(ConnectionError("the table service has been away too long"))

    def _give_up(self, why: Exception) -> None:
        """Stop: every move waiting, and every later one, raises ``why``."""
        self._failed = why
        self._connected.set()  # (wakes whoever waits to send, to raise)
        self.close()
        self.changed()

    async def play(self, move: str, version: int | None = None) -> dict[str, Any]:
        """Send ``move``, chosen on ``version`` (by default the one last told); the service's answer (``ok``, or
        ``why`` in a sentence). A move whose answer the connection lost is sent again, the same message, once
        connected again."""
        version = self.table["version"] if version is None else version
        message: dict[str, Any] = {"id": uuid.uuid4().hex, "version": version, "move": move}  # (unique ids)
        while True:
            await self._connected.wait()
            if self._failed is not None:
                raise self._failed
            answer = asyncio.get_running_loop().create_future()
            self._answers[message["id"]] = answer
            try:
                assert self._connection is not None
                await self._connection.write_message(json.dumps(message))
                return await answer
            except (ConnectionError, StreamClosedError, WebSocketClosedError):
                # the connection is going: wait for the reader to see it go and connect again (a write on a closed
                # connection fails at once, so trying again straight away would never let the reader run)
                self._answers.pop(message["id"], None)
                self._connected.clear()
                await asyncio.sleep(RETRY)

    @property
    def gone(self) -> bool:
        """Given up: the service no longer seats this credential, or stayed away too long."""
        return self._failed is not None

    @property
    def connected(self) -> bool:
        """Connected and told the table (False while connecting again, or once given up)."""
        return self._connected.is_set() and self._failed is None

    def close(self) -> None:
        self._closing = True
        if self._connection is not None:
            self._connection.close()
