"""Running a coroutine from a test: while the browser tests' Playwright lives it keeps an event loop running in the
main thread, and asyncio.run refuses to start beside it, so a test's loop gets a thread of its own."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coroutine`` to the end on a new event loop in a thread of its own; return its result."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
