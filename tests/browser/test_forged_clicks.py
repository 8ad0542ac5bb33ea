"""Forged clicks from a page: messages the board widget's comm receives that our page never sends (unknown cards
and zones, wrong types, a huge payload, no click at all). Playwright stands between the page and the kernel's
WebSocket, takes one real click message as a model and sends forged ones on the same comm; each is refused (the
learner reads a refusal) or dropped (logged in the kernel), never with a traceback, and the position stays as it
was. A real click still plays afterwards."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest
from harness import ERROR_MARKS
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from playwright.sync_api import Page, WebSocketRoute, expect

pytestmark = pytest.mark.browser

FORGED: list[Any] = [
    {"kind": "card", "card": "ZZ", "zone": "red.hand"},  # no such card
    {"kind": "zone", "zone": "nowhere"},  # no such zone
    {"kind": "card", "card": 7, "zone": ["red.hand"]},  # wrong types
    {"kind": "button", "id": {"id": "pass"}},
    {"kind": "button", "id": "choice:²"},  # a button the board did not draw
    {"kind": "button", "id": "mulligan 9H"},
    {"kind": "card", "card": "x" * 1_000_000, "zone": "red.hand"},  # a huge payload
    {"kind": "launch"},
    ["card", "9H"],
    None,
]


class KernelChannel:
    """The page's kernel WebSocket, routed through the test: remembers the board's click message (v1 protocol),
    sends forged copies of it to the kernel, and keeps what the kernel answers (to look for errors)."""

    def __init__(self) -> None:
        self.server: WebSocketRoute | None = None
        self.click: list[bytes] | None = None  # header, parent header, metadata, content of a real click
        self.answers: list[tuple[str, dict[str, Any]]] = []  # (message type, content) from the kernel

    def route(self, ws: WebSocketRoute) -> None:
        self.server = ws.connect_to_server()
        ws.on_message(self._from_page)
        self.server.on_message(lambda message: self._from_kernel(ws, message))

    def _from_kernel(self, ws: WebSocketRoute, message: str | bytes) -> None:
        if isinstance(message, bytes):
            _channel, parts = deserialize_msg_from_ws_v1(message)
            self.answers.append((json.loads(parts[0]).get("msg_type", ""), json.loads(parts[3])))
        ws.send(message)

    def errors(self) -> list[str]:
        """What the kernel said went wrong: error messages, tracebacks, the board's "Something went wrong"."""
        found = []
        for kind, content in self.answers:
            text = json.dumps(content)
            if kind == "error" or "Traceback" in text or "Something went wrong" in text:
                found.append(f"{kind}: {text[:300]}")
        return found

    def _from_page(self, message: str | bytes) -> None:
        assert self.server is not None
        if isinstance(message, bytes):
            channel, parts = deserialize_msg_from_ws_v1(message)
            content = json.loads(parts[3])
            data = content.get("data", {})
            if channel == "shell" and data.get("method") == "custom" and "kind" in data.get("content", {}):
                self.click = parts[:4]
        self.server.send(message)

    def forge(self, content: Any) -> None:
        assert self.server is not None and self.click is not None, "no click message seen yet"
        header, parent, metadata, body = self.click
        header_json = json.loads(header) | {"msg_id": uuid.uuid4().hex}
        body_json = json.loads(body)
        body_json["data"]["content"] = content
        parts = [json.dumps(header_json).encode(), parent, metadata, json.dumps(body_json).encode()]
        self.server.send(serialize_msg_to_ws_v1(parts, "shell"))


def test_forged_clicks_are_refused_or_dropped_and_change_nothing(page: Page, voila_url: str, open_app) -> None:
    channel = KernelChannel()
    page.route_web_socket(re.compile(r"/api/kernels/[^/]+/channels"), channel.route)
    open_app(page, voila_url, "napoletana.ipynb")
    war = page.locator(".cg-table").nth(1)
    war.locator('.cg-button[data-button="keep"]').click()
    expect(war.locator(".cg-prompt")).to_contain_text("Your turn")
    hand = war.locator('.cg-zone[data-zone="red.hand"] .cg-card')
    held = hand.count()
    # a real click on a card (it is picked up, then put back) gives the message the forged ones copy
    # a number card: an Ace (a spy draws two), a King (horde or order?) or a Queen (heals) would do more than land
    figures = "".join(f':not([data-card^="{rank}"])' for rank in "AJQK")
    card = war.locator(f'.cg-zone[data-zone="red.hand"] .cg-card[data-selectable="true"]{figures}').first
    card.click()
    expect(card).to_have_attribute("data-selected", "true")
    card.click()
    expect(card).to_have_attribute("data-selected", "false")
    assert channel.click is not None
    before = war.inner_text()

    for message in FORGED:
        channel.forge(message)
    channel.forge({"kind": "card", "card": "ZZ", "zone": "red.hand"})  # last: its refusal is what shows
    flash = war.locator(".cg-flash")
    expect(flash).to_contain_text("That card cannot be used now.")
    text = page.inner_text("body")
    assert not [mark for mark in (*ERROR_MARKS, "Something went wrong") if mark in text]
    assert channel.errors() == []
    expect(hand).to_have_count(held)
    assert war.locator(".cg-last-told").inner_text() in before  # no move was played

    # the board still plays a real click
    card.click()
    war.locator('.cg-zone[data-target="true"]').first.click()
    expect(hand).to_have_count(held - 1)
    expect(war.locator(".cg-last-told")).to_contain_text("You place")
