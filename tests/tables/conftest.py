"""The table service as a process of its own, for every test here that speaks to it as kernels do."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from running_service import Running


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Running]:
    running = Running(tmp_path / "tables.sqlite")
    running.start()
    yield running
    running.stop()
