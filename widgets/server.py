"""The kernel's websocket as our Voilà serves it, with Nagle's algorithm off (voila.json names this class).

A click's answer leaves the server as several small frames (the kernel busy, the board's new scene, the kernel
idle). With Nagle's algorithm on, as Tornado leaves a websocket, the server holds each frame after the first until
the browser acknowledges that one, and browsers delay their acknowledgements by up to 40 ms (Linux's minimum): on
this machine one click in three or so was answered 40 ms late (benchmarks/learners.py saw 5 ms or 45 ms for the same
click), and over a network the wait grows to a round trip. Browsers themselves send with Nagle off.
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    def connect(self) -> asyncio.Future[None] | None:
        self.websocket_handler.set_nodelay(True)
        return super().connect()
