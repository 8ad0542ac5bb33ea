"""The table service as a process of its own on 127.0.0.1, for the tests that need one (tests/tables, the widgets'
and the browser's shared tables): ``python -m tables`` on a free port, its database in a folder of the test's."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tornado.websocket import WebSocketClientConnection, websocket_connect

KEY = "teacher-key-for-tests"
ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Running:
    """``python -m tables`` on a port of its own, with its database in ``db``."""

    def __init__(self, db: Path, *options: str):
        self.db, self.port, self.options = db, free_port(), options  # ``options``: more of the service's own
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "tables", "--port", str(self.port), "--db", str(self.db), "--teacher-key", KEY]
        command += self.options
        with (self.db.parent / "service.log").open("ab") as log:  # (a pipe nobody reads would fill and block it)
            self.process = subprocess.Popen(command, cwd=ROOT, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the table service did not start")

    def kill(self) -> None:  # SIGKILL: no chance to tidy up
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def http(self, method: str, path: str, data: Any = None, key: str | None = KEY) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", method=method)
        if key:
            request.add_header("Authorization", f"Bearer {key}")
        body = data if isinstance(data, bytes) else None if data is None else json.dumps(data).encode()
        try:
            with urllib.request.urlopen(request, body, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    async def seat(self, code: str, hello: dict[str, Any]) -> tuple[WebSocketClientConnection, dict[str, Any]]:
        """A kernel's connection: its hello sent, the table as first sent back."""
        connection = await websocket_connect(f"ws://127.0.0.1:{self.port}/tables/{code}/socket")
        await connection.write_message(json.dumps(hello))
        return connection, await receive(connection, "table")


async def receive(connection: WebSocketClientConnection, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` ("table", "answer", "error"), skipping the others."""
    while True:
        text = await asyncio.wait_for(connection.read_message(), timeout=20)
        assert text is not None, "the service closed the connection"
        message = json.loads(text)
        if kind in message:
            return message[kind]
