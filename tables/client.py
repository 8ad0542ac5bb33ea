"""A seat's connection to the table service, as a kernel holds it (issue 35): join a table, then send moves and
read what the table tells this seat. Asynchronous, on the kernel's own event loop (tornado's WebSocket client):
a page's kernel waits for nothing while the others think.

>>> seat = await Seat.join("http://127.0.0.1:8877", "BCDFG")   # doctest: +SKIP
>>> answer = await seat.play("keep")                             # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from typing import Any

from tornado.httpclient import AsyncHTTPClient
from tornado.websocket import WebSocketClientConnection, websocket_connect


class Seat:
    """One seat at one table: its credential, the table as last told, and the answers to its moves."""

    def __init__(self, base: str, code: str, seat: str, token: str):
        self.base, self.code, self.seat, self.token = base.rstrip("/"), code, seat, token
        self.table: dict[str, Any] = {}  # the latest {"version", "world" or "view", "seats", ...} told to this seat
        self.told: Callable[[dict[str, Any]], None] = lambda _table: None  # called with each new table
        self._connection: WebSocketClientConnection | None = None
        self._answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._ids = itertools.count(1)
        self._reader: asyncio.Task[None] | None = None

    @classmethod
    async def join(cls, base: str, code: str, seat: str | None = None, token: str | None = None) -> Seat:
        """Take a free seat (or ``seat``), or come back to one's own with its ``token``; connected and told the
        table once this returns. A refusal raises ValueError with the service's sentence."""
        body = json.dumps({"seat": seat, "token": token})
        url = f"{base.rstrip('/')}/tables/{code}/join"
        response = await AsyncHTTPClient().fetch(url, method="POST", body=body, raise_error=False)
        joined = json.loads(response.body or b"{}")
        if response.code != 200:
            raise ValueError(joined.get("error", f"the table service answered {response.code}"))
        self = cls(base, code, joined["seat"], joined["token"])
        await self.connect()
        return self

    async def connect(self) -> None:
        """(Again) connect and say who this is; returns once the table is told."""
        url = self.base.replace("http", "ws", 1) + f"/tables/{self.code}/socket"
        self._connection = await websocket_connect(url)
        await self._connection.write_message(json.dumps({"seat": self.seat, "token": self.token}))
        first = asyncio.get_running_loop().create_future()
        self._reader = asyncio.create_task(self._read(first))
        await first

    async def _read(self, first: asyncio.Future[None]) -> None:
        assert self._connection is not None
        while (text := await self._connection.read_message()) is not None:
            message = json.loads(text)
            if "table" in message and message["table"]["version"] >= self.table.get("version", -1):
                self.table = message["table"]
                if not first.done():
                    first.set_result(None)
                self.told(self.table)
            elif "answer" in message and (answer := self._answers.pop(str(message["answer"]["id"]), None)):
                answer.set_result(message["answer"])
            elif "error" in message and not first.done():
                first.set_exception(ValueError(message["error"]))
        for answer in self._answers.values():  # the service went away: whoever waits is told so
            answer.set_exception(ConnectionError("the table service closed the connection"))

    async def play(self, move: str) -> dict[str, Any]:
        """Send ``move`` on the version last told; the service's answer (``ok``, or ``why`` in a sentence)."""
        assert self._connection is not None
        message_id = f"{self.seat}-{next(self._ids)}"
        answer = asyncio.get_running_loop().create_future()
        self._answers[message_id] = answer
        await self._connection.write_message(
            json.dumps({"id": message_id, "version": self.table["version"], "move": move})
        )
        return await answer

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
