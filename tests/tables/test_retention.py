"""A school's table service runs for months: tables that are over, or that the teacher ended, are forgotten a number
of days after they were last played (``--keep-days``), with their moves, so its file stops growing; a table still
being played, or one someone still watches, is kept. Kubernetes' probes ask ``/health``."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

from running_service import ROOT, Running

from tables.service import Service
from tables.store import Store

DAY = 86400


def tables_of_every_kind(path: Path) -> dict[str, str]:
    """In the store at ``path``: a game of bots played to its end, a table the teacher ended, and one still being
    played. kind -> code."""

    async def open_them() -> dict[str, str]:
        service = Service(Store(path), "key")
        over = service.open("napoletana", ["person", "bot"], 3, {}, "easy", False)
        await service.give(over, "red", "bot")  # the learner's seat given to a bot too: a game of bots
        ended = service.open("napoletana", ["person", "person"], 4, {}, "medium", False)
        playing = service.open("napoletana", ["person", "person"], 5, {}, "medium", False)
        deadline = time.monotonic() + 60
        while not over.state.is_over:  # (the bots play it to the end on the event loop)
            assert time.monotonic() < deadline, "the bots never finished their game"
            await asyncio.sleep(0.05)
        service.end(ended)
        service.bots.shutdown()
        return {"over": over.code, "ended": ended.code, "playing": playing.code}

    return asyncio.run(open_them())


def test_finished_and_ended_tables_are_forgotten_days_after_their_last_move_and_no_other(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    codes = tables_of_every_kind(path)
    service = Service(Store(path), "key")  # a service started again: every table replayed from the file
    assert service.prune(keep_days=30) == []  # played today: all kept
    assert service.prune(keep_days=30, now=time.time() + 29 * DAY) == []
    service.listeners[codes["ended"]] = {object(): None}  # type: ignore[dict-item]  # a projector still watching
    assert service.prune(keep_days=30, now=time.time() + 31 * DAY) == [codes["over"]]
    service.listeners[codes["ended"]].clear()
    assert service.prune(keep_days=30, now=time.time() + 31 * DAY) == [codes["ended"]]
    assert set(service.tables) == {codes["playing"]}  # the game still being played is kept, however old
    again = Store(path)  # and the file holds no more of them, their moves neither
    assert [record.code for record in again.tables()] == [codes["playing"]]
    assert again.db.execute("SELECT COUNT(*) FROM moves WHERE code != ?", (codes["playing"],)).fetchone() == (0,)


def test_the_service_started_with_keep_days_forgets_finished_tables_and_answers_its_probes(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    codes = tables_of_every_kind(path)
    service = Running(path, "--keep-days", "0")  # (0 days: every finished table is old enough)
    service.start()
    try:
        assert service.http("GET", "/health", key=None) == (200, {"ok": True})
        listed = service.http("GET", "/tables")[1]["tables"]
        assert [table["code"] for table in listed] == [codes["playing"]]
        assert service.http("GET", f"/tables/{codes['over']}", key=None)[0] == 404
    finally:
        service.stop()


def test_a_number_of_days_that_is_not_one_is_refused_in_a_sentence(tmp_path: Path) -> None:
    for days, why in (("-1", "--keep-days must be a number of days, 0 or more"), ("soon", "invalid float value")):
        done = subprocess.run(
            [sys.executable, "-m", "tables", "--db", str(tmp_path / "t.sqlite"), "--keep-days", days],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2 and why in done.stderr and "unrecognized" not in done.stderr, done.stderr
    assert not (tmp_path / "t.sqlite").exists()  # nothing started, nothing written
