"""The learners' progress under JupyterHub (tables/service.py, ``/progress``): a learner's page reports its record's
summary (per game, the lessons done and the rules mastered) as the learner, the service keeps it in its store, and
the teacher's lobby lists it; every other shape, a service's token and a service outside JupyterHub are refused in
words, changing nothing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from tables.client import Teacher, report_progress
from tables.hub import Hub
from tables.service import Service, make_app
from tables.store import Store
from widgets.lobby import progress_html

KEY = "teacher-key-for-tests"
TOKENS = {"ada-token": "ada", "bea-token": "bea", "miss-token": "miss"}  # the hub's users; "idle-culler" a service's


class FakeHub(Hub):
    """The hub's answers without a hub: a user's token names its user, a service's names none (tables/hub.py)."""

    def __post_init__(self) -> None:
        pass

    async def user(self, token: str) -> str | None:
        return TOKENS.get(token)

    async def is_teacher(self, name: str) -> bool:
        return name == "miss"


@asynccontextmanager
async def running(hub: Hub | None) -> AsyncIterator[tuple[str, Store]]:
    store = Store(":memory:")
    sock, port = bind_unused_port()
    server = HTTPServer(make_app(Service(store, KEY, hub)))
    server.add_sockets([sock])
    try:
        yield f"http://127.0.0.1:{port}", store
    finally:
        server.stop()
        store.close()


async def send(base: str, token: str | None, body: Any, method: str = "POST") -> tuple[int, dict[str, Any]]:
    headers = {"Authorization": f"token {token}"} if token else {}
    response = await AsyncHTTPClient().fetch(
        f"{base}/progress",
        method=method,
        body=None if method == "GET" else body if isinstance(body, str) else json.dumps(body),
        headers=headers,
        raise_error=False,
    )
    return response.code, json.loads(response.body)


def run(test: Callable[[str, Store], Any], hub: Hub | None = None) -> None:
    async def go() -> None:
        async with running(hub if hub is not None else FakeHub("http://hub", "service-token")) as (base, store):
            await test(base, store)

    asyncio.run(go())


GOOD = {"games": {"napoletana": {"lessons": ["rows", "spy"], "mastered": ["NAP-5", "NAP-9"]}}}


def test_a_learners_report_is_kept_as_the_learner_and_the_teacher_lists_it_NAP_5_NAP_9() -> None:
    async def test(base: str, store: Store) -> None:
        assert await send(base, "ada-token", GOOD) == (200, {"ok": True})
        later = {"games": {"njet": {"lessons": [], "mastered": ["NJT-3"]}}}
        assert (await send(base, "bea-token", later))[0] == 200
        [(ada, games, _at), (bea, _games, _at2)] = store.progress()
        assert (ada, games, bea) == ("ada", GOOD["games"], "bea")
        code, listed = await send(base, "miss-token", None, "GET")  # a teacher, by the hub's group
        assert code == 200 and [row["learner"] for row in listed["learners"]] == ["ada", "bea"]
        assert [row["learner"] for row in await Teacher(base, KEY).progress()] == ["ada", "bea"]  # the key too
        assert (await send(base, "ada-token", None, "GET"))[0] == 403  # a learner sees nobody's
        assert (await send(base, "ada-token", {"games": {}}))[0] == 200  # reset: forgotten
        assert [row[0] for row in store.progress()] == ["bea"]

    run(test)


def test_anything_but_the_summarys_shape_is_refused_in_words_and_changes_nothing() -> None:
    bad: list[tuple[Any, str]] = [
        ("not json", "JSON object"),
        ([1], "JSON object"),
        ({}, "only its games"),
        ({"games": [], "name": "Ada"}, "only its games"),
        ({"games": GOOD["games"], "email": "ada@school"}, "only its games"),
        ({"games": {"chess": {"lessons": [], "mastered": []}}}, "chess is not one of the games"),
        ({"games": {"napoletana": {"lessons": []}}}, "only them"),
        ({"games": {"napoletana": {"lessons": [], "mastered": [], "moves": ["play 9H"]}}}, "only them"),
        ({"games": {"napoletana": {"lessons": ["nope"], "mastered": []}}}, "does not have"),
        ({"games": {"napoletana": {"lessons": [], "mastered": ["NJT-3"]}}}, "does not have"),
        ({"games": {"napoletana": {"lessons": [{"id": "rows"}], "mastered": []}}}, "does not have"),
        ({"games": {"napoletana": {"lessons": ["rows", "rows"], "mastered": []}}}, "does not have"),
        ({"games": {"napoletana": {"lessons": "rows", "mastered": []}}}, "does not have"),
    ]

    async def test(base: str, store: Store) -> None:
        await send(base, "ada-token", GOOD)
        for body, said in bad:
            code, answer = await send(base, "ada-token", body)
            assert code == 400 and said in answer["error"], (body, answer)
            assert [games for _learner, games, _at in store.progress()] == [GOOD["games"]]

    run(test)


def test_a_services_token_no_token_and_a_service_outside_jupyterhub_are_refused() -> None:
    async def test(base: str, store: Store) -> None:
        for token in ("idle-culler-token", None, KEY):
            code, answer = await send(base, token, GOOD)
            assert code == 403 and "signed in" in answer["error"]
        assert store.progress() == []

    run(test)

    async def alone(base: str, store: Store) -> None:  # make run: no hub, so no learner to keep it for
        code, _answer = await send(base, None, GOOD)
        assert code == 403 and store.progress() == []

    async def go() -> None:
        async with running(None) as (base, store):
            await alone(base, store)

    asyncio.run(go())


def test_the_kernels_report_goes_as_the_learner(monkeypatch) -> None:
    async def test(base: str, store: Store) -> None:
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "bea-token")
        await report_progress(base, GOOD["games"])
        assert [(learner, games) for learner, games, _at in store.progress()] == [("bea", GOOD["games"])]

    run(test)


def test_progress_is_forgotten_after_the_keep_days_like_finished_tables() -> None:
    store = Store(":memory:")
    service = Service(store, KEY)
    store.set_progress("ada", GOOD["games"])
    service.prune(keep_days=30)
    assert [row[0] for row in store.progress()] == ["ada"]
    service.prune(keep_days=30, now=store.progress()[0][2] + 31 * 86400)
    assert store.progress() == []


def test_the_lobby_lists_each_learners_progress_per_game() -> None:
    html = progress_html([{"learner": "ada", "games": GOOD["games"], "at": 0.0}])
    assert "ada" in html and "La partita Napoletana" in html
    assert "2 of 12 lessons done" in html and "NAP-5" in html and "NAP-9" in html
    assert "No learner" in progress_html([])
