"""The table service: every table over HTTP and WebSocket, on tornado (the stack's own server), in a process of its
own (standalone Voilà loads no server extension). Kernels are its clients; a browser never talks to it.

- ``POST /tables`` (the teacher's key as ``Authorization: Bearer …``) opens a table: ``{"game", "seats": ["person",
  "bot", …], "seed"?, "options"?, "strength"?, "hints"?}`` → ``{"code"}`` (the options are the game's own: how many
  play is the seats', the deal's number is ``seed``); ``GET /tables`` (the key too) lists every table as a spectator
  sees it, who is here and whose turn it is.
- ``POST /tables/<code>/seats`` (the key) ``{"seat", "kind"}``: a seat given to a bot (a learner away) or back.
- ``POST /tables/<code>/free`` (the key) ``{"seat"}``: a learner's seat freed for another learner; its old credential
  plays no more, and its page is told so.
- ``POST /tables/<code>/rematch`` (the key) → ``{"code"}``: the same game at a new table, the seats moved on by one.
- ``POST /tables/<code>/end`` (the key): the table ends. Every seat and spectator is told at once; it takes no move
  after, and its code lets nobody sit down or watch.
- ``GET /tables/<code>``: the table as a spectator sees it.
- ``POST /tables/<code>/join`` ``{"seat"?, "token"?}`` → ``{"seat", "token"}``: a free seat, or one's own again.
- ``/tables/<code>/socket`` (WebSocket): first ``{"seat", "token", "lang"?}`` (or ``{"watch": true, "lang"?}``),
  then moves ``{"id", "version", "move"}``. Each move is answered ``{"answer": {"id", "ok", "why", "stale",
  "version"}}``, ``why`` a sentence in the seat's ``lang``, and every listener is sent ``{"table": …}``, what its
  seat may know, after every move (the bots' too), whenever someone comes or goes and when the teacher ends the
  table. The table's words (a move's events, the result) are messages as data (``cardlib.core.i18n.Message``'s
  JSON), the same whatever the seat's language: its kernel says them in its page's. A seat whose credential plays
  no more is sent ``{"error"}``, a sentence in its language, and its socket is closed; with ``"gone": true`` when
  the teacher freed the seat (its page stops trying).

- ``POST /progress`` ``{"games": {game: {"lessons": [lesson ids], "mastered": [ruling ids]}}}`` (under JupyterHub,
  with a learner's token only): that learner's progress as its page reports it (widgets/mastery.py), kept in place
  of the last; ``{"games": {}}`` forgets it. Anything else is refused: another key, a game, lesson or ruling the
  tutor has not. ``GET /progress`` (a teacher) → ``{"learners": [{"learner", "games", "at"}]}``.
- ``GET /health``: ``{"ok": true}`` while the service answers and its file can be read (Kubernetes' probes ask it;
  it says nothing of any table).

Under JupyterHub (started as its service, ``tables.hub``) a request also says who sends it with the hub token of the
learner's server (``Authorization: token …``): a member of the teachers' group may do what the key allows, and a
learner's seat is the learner's, whatever device or kernel asks for it again. Without a learner's token (or the
key) nothing of a table is shown: no spectator's view, no seat, no socket. Its routes are then under the service's
prefix (``/services/tables/``).

With ``--keep-days N``, tables that are over or ended are forgotten N days after they were last played, and a
learner's progress N days after its page last reported it (``Service.prune``, at start and every hour), so the file
stops growing with a school's finished games.

Every refusal is a sentence and changes nothing; whatever a client sends is read in one place (``read_json``), which
refuses JSON nested deeper than ``NESTING`` and strings that are not text. Naming a table by its code alone, without
a seat's credential, is a guess (``Service.guessed``): after too many codes that name no table, a client is refused
every guess for a while. Moves at one table are played one at a time, the bots' off the event loop, so one table's
thinking bot keeps no other table waiting.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import secrets
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import quote, urlsplit

from tornado import httpserver, httputil, ioloop, web, websocket
from tornado.log import app_log as log

from cardlib.core.i18n import _, current_language, languages, lazy_gettext, ngettext, speaking
from cardlib.games import GAMES, describe

from .hub import Hub
from .store import Store
from .table import CODE_LENGTH, CODE_LETTERS, KINDS, Answer, Table, has_ended, no_one_sits

MAX_MESSAGE = 16 * 1024  # bytes: a move is a few words
NESTING = 8  # lists and objects a client's JSON may nest inside one another: a table's options hold a deck's list at 3
# Codes that name no table, per client: a class whose every learner types its code right spends none, and 60
# learners behind one address, typos and all, are far from MISSES; a guesser who spent them gets one more every
# MISS_EVERY seconds, 360 an hour, so finding one of 100 open tables among the 3.2 million codes takes days.
MISSES = 300
MISS_EVERY = 10.0
PRUNE_EVERY = 3600  # seconds between two looks for finished tables to forget (--keep-days)


class Refused(Exception):
    """A request refused in a sentence (``str``), with its HTTP status."""

    def __init__(self, status: int, why: str):
        super().__init__(why)
        self.status = status


def read_json(text: str | bytes) -> dict[str, Any]:
    """A client's JSON object (a request's body, a socket's message), read in one place for every entry. Raises
    ValueError with a sentence for anything else: no JSON object, lists and objects nested deeper than NESTING
    (Python reads no deeper than its recursion limit), or a string that is not text (a lone surrogate, which JSON's
    escapes can write but UTF-8, and so the store and a credential's hash, cannot)."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise too_deep() from None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise ValueError(_("A message must be a JSON object."))
    level: list[Any] = [data]
    for _depth in range(NESTING):  # one level at a time, so no depth is a recursion here
        level = [item for outer in level if isinstance(outer, dict | list) for item in contents(outer)]
    if any(isinstance(item, dict | list) for item in level):
        raise too_deep()
    try:
        json.dumps(data, ensure_ascii=False).encode()  # (UTF-8 writes every string but a lone surrogate)
    except UnicodeEncodeError:
        raise ValueError(
            _("This message holds a character that is not text (a lone surrogate): send text only.")
        ) from None
    return data


def too_deep() -> ValueError:
    return ValueError(_("This message nests lists and objects too deeply (at most {n} inside one another).", n=NESTING))


def contents(outer: dict[str, Any] | list[Any]) -> list[Any]:
    """What a JSON object (its keys and values) or list holds."""
    return [*outer, *outer.values()] if isinstance(outer, dict) else outer


class Guesses:
    """The codes naming no table each client named: MISSES of them at most, each coming back MISS_EVERY seconds
    later (one time per client: when every miss it made has come back)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.due: dict[str, float] = {}

    def wait(self, client: str) -> int:
        """Seconds before ``client`` may guess again (0: now)."""
        return max(0, math.ceil(self.due.get(client, 0.0) - self.clock() - (MISSES - 1) * MISS_EVERY))

    def missed(self, client: str) -> None:
        now = self.clock()
        if len(self.due) > 10_000:  # (clients whose every miss came back are forgotten: many cost no memory)
            self.due = {who: due for who, due in self.due.items() if due > now}
        self.due[client] = max(self.due.get(client, now), now) + MISS_EVERY


class Service:
    """The tables of one store, and who listens to each."""

    def __init__(self, store: Store, teacher_key: str, hub: Hub | None = None):
        self.store, self.teacher_key, self.hub = store, teacher_key, hub
        self.tables: dict[str, Table] = {}
        for record in store.tables():  # each table on its own: one that cannot replay keeps no other from serving
            try:
                self.tables[record.code] = Table.replayed(store, record)
            except Exception:  # whatever broke it, the others go on; the log says which
                log.exception("table %s does not replay from its log", record.code)
        self.listeners: dict[str, dict[TableSocket, str | None]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.tasks: set[asyncio.Future[None]] = set()
        self.bots = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bots")
        self.guesses = Guesses()

    def start(self) -> None:
        """On the event loop: the bots of every table whose turn is theirs play (a service started again may have
        stopped between a person's move and the bots' answers)."""
        for table in self.tables.values():
            self.run_bots_later(table)

    def new_code(self) -> str:
        code = ""
        while not code or code in self.tables:
            code = "".join(secrets.choice(CODE_LETTERS) for _n in range(CODE_LENGTH))
        return code

    def open(
        self, game: str, kinds: list[str], seed: int | None, options: dict[str, Any], strength: str, hints: bool
    ) -> Table:
        seed = secrets.randbelow(2**31) if seed is None else seed
        return self.started(Table.open(self.store, self.new_code(), game, kinds, seed, strength, hints, **options))

    def seated(self, code: str, token: str | None) -> Table | None:
        """The table ``code`` names, if ``token`` is the credential of a seat at it: a kernel coming back to its
        seat, which never guesses."""
        table = self.tables.get(code.upper())
        return table if table is not None and token is not None and table.seat_of(token) is not None else None

    def guessed(self, code: str, client: str) -> Table:
        """The table ``code`` names, asked by ``client`` (``asker``) with neither the teacher's key nor a seat's
        credential: a guess. A code that names no table spends one of the client's ``Guesses``, and a client with
        none left is refused whatever the code names, so the answer never tells which codes exist. Raises Refused
        with a sentence."""
        table = self.tables.get(code.upper())
        wait = self.guesses.wait(client)
        if wait:
            raise Refused(
                429,
                ngettext(
                    "Too many wrong table codes: wait {n} second, then try again.",
                    "Too many wrong table codes: wait {n} seconds, then try again.",
                    wait,
                ),
            )
        if table is None:
            self.guesses.missed(client)
            raise Refused(404, _("No table has the code {code}.", code=code[:12]))
        if table.ended:
            raise Refused(410, no_one_sits(table.code))
        return table

    def rematch(self, table: Table) -> Table:
        """The same game again, the seats moved on by one; the old table's listeners are told where it went."""
        new = self.started(table.rematched(self.new_code(), secrets.randbelow(2**31)))
        self.tell_all(table)
        return new

    async def give(self, table: Table, seat: str, kind: str, language: str | None = None) -> None:
        """``seat`` played by ``kind`` from now on; raises ValueError with a sentence in ``language`` (the asker's)
        for a seat or a kind there is not."""
        async with self.lock(table):  # not while a bot thinks for the seat
            with speaking(language or current_language()):  # (no await inside: no other task speaks meanwhile)
                table.give(seat, kind)
        self.tell_all(table)
        self.run_bots_later(table)  # a bot given the seat whose turn it is plays at once

    def end(self, table: Table) -> None:
        """The teacher ends ``table``: every seat's page and the projector are told at once; the bots stop (one
        thinking now records nothing: ``run_bots``)."""
        if not table.ended:
            table.end()
            self.tell_all(table)

    def started(self, table: Table) -> Table:
        self.tables[table.code] = table
        self.run_bots_later(table)  # a bot may play first
        return table

    def prune(self, keep_days: float, now: float | None = None) -> list[str]:
        """Forget every table that is over (or the teacher ended) and was last played more than ``keep_days`` ago,
        with its moves, unless someone still listens to it: so the file stops growing with a school's finished
        games. The codes forgotten."""
        before = (time.time() if now is None else now) - keep_days * 86400
        played = self.store.last_played()
        gone = [
            code
            for code, table in self.tables.items()
            if (table.ended or table.state.is_over)
            and played.get(code, 0.0) < before
            and not self.listeners.get(code)
            and not (code in self.locks and self.locks[code].locked())
        ]
        for code in gone:
            self.store.remove(code)
            del self.tables[code]
            self.locks.pop(code, None)
            self.listeners.pop(code, None)
        self.store.forget_progress(before)
        return gone

    def lock(self, table: Table) -> asyncio.Lock:
        return self.locks.setdefault(table.code, asyncio.Lock())

    def here(self, code: str) -> set[str]:
        """The seats whose kernel listens now (the others are away)."""
        return {seat for seat in self.listeners.get(code, {}).values() if seat is not None}

    def told(self, table: Table, seat: str | None, names: bool = False) -> dict[str, Any]:
        """What ``seat`` is sent of ``table`` (``Table.seen_by``), with who is here: the same whatever language its
        page speaks, its words messages its kernel says."""
        seen, here = table.seen_by(seat, names), self.here(table.code)
        for name, about in seen["seats"].items():
            about["here"] = name in here
        return seen

    def tell_all(self, table: Table) -> None:
        """Every listener told the table now: each seat once, however many pages listen in it and whatever their
        languages (two devices of one learner, the projectors)."""
        sent: dict[str | None, dict[str, Any]] = {}
        for socket, seat in list(self.listeners.get(table.code, {}).items()):
            if seat is not None and not table.holds(seat, socket.token):  # its credential plays no more
                with speaking(socket.language or current_language()):
                    if table.seats[seat]["token"] is None:  # the teacher freed the seat: the page says so, and stops
                        socket.send({"error": seat_freed(), "gone": True})
                    else:  # a new device or kernel took the seat
                        socket.send({"error": _("This seat is not yours: join the table again.")})
                socket.close()
                continue
            if seat not in sent:
                sent[seat] = {"table": self.told(table, seat)}
            socket.send(sent[seat])

    async def play(self, table: Table, socket: TableSocket, seat: str, token: str, message: dict[str, Any]) -> None:
        async with self.lock(table):
            try:
                answer = table.play(seat, token, message["version"], message["move"], message.get("id"))
            except Exception:  # a fault of ours: the seat hears so in a sentence, the table is as it was
                log.exception("a move at table %s failed", table.code)
                why = lazy_gettext("The table could not take this move. Try again, or tell your teacher.")
                answer = Answer(False, table.version, why)
            with speaking(socket.language or current_language()):  # the answer's words: the sender's
                socket.send({"answer": {"id": message.get("id"), **answer.said()}})
            if answer.stale:
                socket.send({"table": self.told(table, seat)})
            if not answer.ok:
                return
            self.tell_all(table)
        await self.run_bots(table)

    def run_bots_later(self, table: Table) -> None:
        task = asyncio.ensure_future(self.run_bots(table))
        self.tasks.add(task)  # (kept, so the loop does not drop it)
        task.add_done_callback(self.tasks.discard)

    async def run_bots(self, table: Table) -> None:
        """The bots' moves, as long as the turn is theirs: each thought off the event loop (a thinking bot keeps no
        other table waiting), then recorded on it, under the table's lock, and told to every seat."""
        loop = asyncio.get_running_loop()
        async with self.lock(table):
            try:
                while table.bot_to_move() is not None:
                    seat, move = await loop.run_in_executor(self.bots, table.bot_decision)
                    if table.bot_to_move() != seat:  # the table ended, or the seat was freed, while it thought
                        continue
                    table.record(seat, move)
                    self.tell_all(table)
            except Exception:  # a bot that fails stops its table, not the service; its seats and the lobby say so
                log.exception("a bot of table %s failed", table.code)
                table.stalled = True
                self.tell_all(table)


def seat_freed() -> str:
    """What the page of a seat the teacher freed is told: its credential plays no more."""
    return _("Your teacher freed your seat: to play on, type the table's code again and choose a free seat.")


def refusal(handler: web.RequestHandler, status: int, why: str) -> None:
    handler.set_status(status)
    handler.finish({"error": why})


async def hub_user(service: Service, request: httputil.HTTPServerRequest) -> str | None:
    """Under JupyterHub, the hub user whose token the request carries; None otherwise."""
    given = request.headers.get("Authorization", "")
    if service.hub is None or not given.lower().startswith("token "):
        return None
    return await service.hub.user(given[len("token ") :].strip())


def asker(user: str | None, request: httputil.HTTPServerRequest) -> str:
    """Who asks, as guesses are counted: under JupyterHub the hub ``user`` whose token the request carries (every
    learner's kernel sends one, so a learner who guesses spends only its own tries), else the address it comes from
    (on one machine every kernel's, so a class shares its tries: only its typos spend them)."""
    return f"user {user}" if user is not None else f"address {request.remote_ip}"


class HealthHandler(web.RequestHandler):
    """``GET health``: whether the service answers and its file can be read (a probe's question: it says nothing of
    any table)."""

    def initialize(self, service: Service) -> None:
        self.service = service

    def get(self) -> None:
        self.service.store.last_played()  # (a file that cannot be read raises: the probe is told 500)
        self.finish({"ok": True})


class Handler(web.RequestHandler):
    service: Service

    def initialize(self, service: Service) -> None:
        self.service = service
        self.data: dict[str, Any] = {}  # a POST's JSON object

    def prepare(self) -> None:
        """A POST's body, read before anything else: refused in words unless it is a JSON object a client may send."""
        if self.request.method == "POST":
            with speaking(self.language()):
                try:
                    self.data = read_json(self.request.body or b"{}")
                except ValueError as error:
                    refusal(self, 400, str(error))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """What tornado refuses by itself (a method a route has not, an address that is not text) or a fault of ours,
        said in a sentence as every refusal is."""
        with speaking(self.language()):
            if status_code >= 500:
                self.finish({"error": _("The table service failed on this request. Try again, or tell your teacher.")})
            else:
                self.finish({"error": _("The table service cannot answer this request.")})

    def language(self) -> str:
        """The language the request asks its refusals in (``Accept-Language``: a kernel sends its page's)."""
        asked = self.request.headers.get("Accept-Language", "")[:2]
        return asked if asked in languages() else current_language()

    def table(self, code: str) -> Table | None:
        """The table ``code`` names, for the teacher; None once refused in words."""
        table = self.service.tables.get(code.upper())
        if table is None:
            with speaking(self.language()):
                refusal(self, 404, _("No table has the code {code}.", code=code[:12]))
        return table

    async def teachers_table(self, code: str) -> Table | None:
        """The table ``code`` names, asked by a teacher; None once refused in words (not a teacher, no such table)."""
        return self.table(code) if await self.teacher() else None

    def guessed(self, code: str, user: str | None) -> Table | None:
        """The table ``code`` names, for a learner or a projector (``Service.guessed``); None once refused in words."""
        with speaking(self.language()):
            try:
                return self.service.guessed(code, asker(user, self.request))
            except Refused as refused:
                refusal(self, refused.status, str(refused))
                return None

    async def teacher(self) -> bool:
        """Whether the request comes from a teacher (the teacher's key, or under JupyterHub a member of the teachers'
        group); refused in words if not."""
        given = self.request.headers.get("Authorization", "").encode("utf-8", "replace")
        if secrets.compare_digest(given, f"Bearer {self.service.teacher_key}".encode()):
            return True
        user = await hub_user(self.service, self.request)
        if user is not None and self.service.hub is not None and await self.service.hub.is_teacher(user):
            return True
        refusal(
            self, 403, _("Only a teacher may do this: the teacher's key is missing or wrong, or you are not a teacher.")
        )
        return False


class TablesHandler(Handler):
    async def get(self) -> None:
        if await self.teacher():
            tables = self.service.tables.values()
            self.finish({"tables": [self.service.told(table, None, names=True) for table in tables]})

    async def post(self) -> None:
        if not await self.teacher():
            return
        with speaking(self.language()):
            try:
                game, kinds, seed, options, strength, hints = self.asked()
            except ValueError as error:
                refusal(self, 400, str(error))
                return
        table = self.service.open(game, kinds, seed, options, strength, hints)
        self.set_status(201)
        self.finish({"code": table.code})

    def asked(self) -> tuple[str, list[str], int | None, dict[str, Any], str, bool]:
        """The table the teacher asks for; raises ValueError with a sentence for one the service cannot open."""
        game, kinds = self.data.get("game"), self.data.get("seats")
        if not isinstance(game, str) or game not in GAMES:
            raise ValueError(_("{game} is not one of the games.", game=str(game)[:40]))
        counts = describe(game).player_counts
        if not isinstance(kinds, list) or len(kinds) not in counts or any(kind not in KINDS for kind in kinds):
            raise ValueError(_("The seats must be a list of 'person' or 'bot', as many as the game seats."))
        seed, options = self.data.get("seed"), self.data.get("options") or {}
        strength, hints = self.data.get("strength", "medium"), self.data.get("hints", False)
        well_formed = isinstance(options, dict) and isinstance(strength, str) and isinstance(hints, bool)
        whole = seed is None or (type(seed) is int and 0 <= seed < 2**31)  # (JSON's true is no number)
        if not whole or not well_formed:
            raise ValueError(_("The deal number must be a whole number, the options an object, hints true or false."))
        Table.checked(game, kinds, strength, options)
        return game, kinds, seed, options, strength, hints


PROGRESS_KEYS = {"lessons", "mastered"}


def progress(data: dict[str, Any]) -> dict[str, dict[str, list[str]]]:
    """A learner's progress as its page reports it: ``{"games": {game: {"lessons": [...], "mastered": [...]}}}``,
    each lesson one of that game's and each ruling one of its rule book's, each once; raises ValueError with a
    sentence for anything else (nothing else is collected, so nothing else is taken)."""
    games = data.get("games")
    if set(data) != {"games"} or not isinstance(games, dict):
        raise ValueError(_("Progress must be an object with only its games."))
    for game, met in games.items():
        if game not in GAMES:
            raise ValueError(_("{game} is not one of the games.", game=str(game)[:40]))
        if not isinstance(met, dict) or set(met) != PROGRESS_KEYS:
            raise ValueError(_("A game's progress must hold its lessons done and its rules mastered, and only them."))
        about = describe(game)
        known = {"lessons": {lesson.id for lesson in about.lessons()}, "mastered": set(about.game().rules)}
        for key, ids in met.items():
            names = ids if isinstance(ids, list) and all(isinstance(name, str) for name in ids) else None
            if names is None or len(set(names)) != len(names) or not set(names) <= known[key]:
                raise ValueError(
                    _("The progress in {game} names a lesson or a rule the game does not have.", game=GAMES[game])
                )
    return games


class ProgressHandler(Handler):
    async def get(self) -> None:
        if await self.teacher():
            learners = [
                {"learner": name, "games": games, "at": at} for name, games, at in self.service.store.progress()
            ]
            self.finish({"learners": learners})

    async def post(self) -> None:
        user = await hub_user(self.service, self.request)
        with speaking(self.language()):
            if user is None:  # no hub, or not a learner's token (a service's): nobody to keep it for
                refusal(self, 403, _("Only a learner signed in to the class server may report progress."))
                return
            try:
                games = progress(self.data)
            except ValueError as error:
                refusal(self, 400, str(error))
                return
        self.service.store.set_progress(user, games)
        self.finish({"ok": True})


class TableHandler(Handler):
    async def get(self, code: str) -> None:
        user = await hub_user(self.service, self.request)
        if self.service.hub is not None and user is None:
            with speaking(self.language()):
                refusal(self, 403, _("Sign in to the class server to watch a table."))
            return
        table = self.guessed(code, user)
        if table is not None:
            self.finish(self.service.told(table, None))


class SeatsHandler(Handler):
    async def post(self, code: str) -> None:
        table = await self.teachers_table(code)
        if table is None:
            return
        seat, kind = self.data.get("seat"), self.data.get("kind")
        try:
            if not isinstance(seat, str) or not isinstance(kind, str):
                with speaking(self.language()):
                    raise ValueError(_("Name the seat and who plays it, a person or a bot."))
            await self.service.give(table, seat, kind, self.language())
        except ValueError as error:
            refusal(self, 400, str(error))
            return
        self.finish({"seats": table.seen_by(None)["seats"]})


class FreeHandler(Handler):
    async def post(self, code: str) -> None:
        table = await self.teachers_table(code)
        if table is None:
            return
        seat = self.data.get("seat")
        with speaking(self.language()):  # (a bot thinking for the seat meanwhile plays nothing: ``run_bots``)
            try:
                if not isinstance(seat, str):
                    raise ValueError(_("Name the seat to free."))
                table.free(seat)
            except ValueError as error:
                refusal(self, 400, str(error))
                return
        self.service.tell_all(table)  # the page that held the seat is told, in its language, that it plays no more
        self.finish({"seats": table.seen_by(None)["seats"]})


class EndHandler(Handler):
    async def post(self, code: str) -> None:
        table = await self.teachers_table(code)
        if table is None:
            return
        self.service.end(table)  # (asked twice, a retry: ended once)
        self.finish({"ended": True})


class RematchHandler(Handler):
    async def post(self, code: str) -> None:
        table = await self.teachers_table(code)
        if table is None:
            return
        if table.ended:
            with speaking(self.language()):
                refusal(self, 409, has_ended(table.code))
            return
        if table.rematch is not None:  # asked twice (two clicks, a retry): the one rematch there is
            self.finish({"code": table.rematch})
            return
        with speaking(self.language()):
            if not table.state.is_over:
                refusal(self, 409, _("A rematch comes once the game is over."))
                return
            try:
                rematch = self.service.rematch(table)
            except ValueError as error:
                refusal(self, 400, str(error))
                return
        self.set_status(201)
        self.finish({"code": rematch.code})


class JoinHandler(Handler):
    async def post(self, code: str) -> None:
        seat, token = self.data.get("seat"), self.data.get("token")
        holder = await hub_user(self.service, self.request)
        with speaking(self.language()):
            if not (seat is None or isinstance(seat, str)) or not (token is None or isinstance(token, str)):
                refusal(self, 400, _("The seat and the credential are words."))
                return
            if self.service.hub is not None and holder is None:
                refusal(self, 403, _("Sign in to the class server to sit at a table."))
                return
        table = self.service.seated(code, token) or self.guessed(code, holder)
        if table is None:
            return
        async with self.service.lock(table):  # (not while a bot thinks for a seat it gives back)
            try:
                with speaking(self.language()):
                    seat, token = table.join(seat, token, holder)
            except ValueError as error:
                refusal(self, 409, str(error))
                return
        self.service.tell_all(table)  # a seat taken, or taken back from a bot: everyone sees it
        self.service.run_bots_later(table)
        self.finish({"seat": seat, "token": token})


class TableSocket(websocket.WebSocketHandler):
    """One kernel's connection: a seat's (after its credential) or a spectator's."""

    def initialize(self, service: Service) -> None:
        self.service = service
        self.code = ""
        self.seat: str | None = None
        self.token = ""
        self.language: str | None = None  # the page's: what this seat is told comes in it
        self.listening = False

    def open(self, code: str) -> None:
        # Each message is sent at once: a move's answer and the table after it are two small writes, and with
        # Nagle's algorithm the second waited for the first's delayed ACK, 40 ms more for the mover (widgets/server.py
        # says the same of the kernels' websockets).
        self.set_nodelay(True)
        self.code = code.upper()  # (looked up at the hello, a guess unless it carries a seat's credential)

    def send(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(websocket.WebSocketClosedError):  # gone: on_close tells the others
            self.write_message(json.dumps(message))

    async def on_message(self, text: str | bytes) -> None:
        try:
            with speaking(self.language or current_language()):
                message = read_json(text)
                if self.listening:
                    self.check_move(message)
        except ValueError as error:
            self.send({"error": str(error)})
            return
        if not self.listening:
            await self.hello(message)
            return
        assert self.seat is not None  # (check_move refuses a spectator's)
        await self.service.play(self.service.tables[self.code], self, self.seat, self.token, message)

    def check_move(self, message: dict[str, Any]) -> None:
        """Raises ValueError with a sentence for a message that is no move this seat may send."""
        if not (type(message.get("version")) is int and isinstance(message.get("move"), str)):
            raise ValueError(_("A move is sent as its version and its words."))
        if not (message.get("id") is None or isinstance(message.get("id"), str)):
            raise ValueError(_("A message's id is a word."))
        if self.seat is None:
            raise ValueError(_("A spectator watches: it plays no move."))

    async def hello(self, message: dict[str, Any]) -> None:
        """Who listens: a seat, with its credential, or a spectator, whose code is a guess (``Service.guessed``)."""
        language, seat, token = message.get("lang"), message.get("seat"), message.get("token")
        if language is not None and language not in languages():
            self.send({"error": _("The tables speak {names}.", names=", ".join(languages()))})
            return
        self.language = language
        token = token if isinstance(token, str) else None
        user = await hub_user(self.service, self.request)
        if self.service.hub is not None and user is None:  # under JupyterHub nothing of a table without a login
            with speaking(language or current_language()):
                self.send({"error": _("Sign in to the class server to watch a table.")})
            self.close()
            return
        table = self.service.seated(self.code, token)
        if table is None:
            client = asker(user, self.request)
            with speaking(language or current_language()):
                try:
                    table = self.service.guessed(self.code, client)
                except Refused as refused:
                    self.send({"error": str(refused)})
                    self.close()
                    return
        with speaking(language or current_language()):
            if message.get("watch") is True:
                self.seat = None
            elif isinstance(seat, str) and token is not None and table.holds(seat, token):
                self.seat, self.token = seat, token
            else:
                self.send({"error": _("This seat is not yours: join the table again.")})
                return
        self.listening = True
        self.service.listeners.setdefault(self.code, {})[self] = self.seat
        self.service.tell_all(table)  # the others see who is here

    def on_close(self) -> None:
        if self.listening and self.code in self.service.tables:
            self.service.listeners[self.code].pop(self, None)
            self.service.tell_all(self.service.tables[self.code])  # shown as away


def make_app(service: Service, prefix: str = "/") -> web.Application:
    """The routes, under ``prefix`` (a hub service's ``/services/tables/``)."""
    handlers = {
        "health": HealthHandler,
        "tables": TablesHandler,
        r"tables/(\w+)": TableHandler,
        r"tables/(\w+)/join": JoinHandler,
        r"tables/(\w+)/seats": SeatsHandler,
        r"tables/(\w+)/rematch": RematchHandler,
        r"tables/(\w+)/free": FreeHandler,
        r"tables/(\w+)/end": EndHandler,
        r"tables/(\w+)/socket": TableSocket,
        "progress": ProgressHandler,
    }
    start = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    routes = [(start + path, handler, {"service": service}) for path, handler in handlers.items()]
    return web.Application(routes, websocket_max_message_size=MAX_MESSAGE)


def lobby_link(lobby: str, key: str) -> str:
    """The teacher's own way into the lobby, as the terminal says it: the lobby's address with the key after its "#"
    (the page reads it there and takes it out of its address bar; a browser never sends what follows "#")."""
    return (
        f"The teacher's lobby: {lobby}#key={quote(key, safe='')}\n"
        "  Keep this link to yourself and off the projector: whoever opens it can open and end tables."
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tables", description="The table service (docs/classroom.md).")
    parser.add_argument("--port", type=int, default=8877)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (kernels are its clients)")
    parser.add_argument("--db", default="tables.sqlite", help="the SQLite file of the tables and their moves")
    parser.add_argument("--teacher-key", default=None, help="the key that opens tables (a new one by default)")
    parser.add_argument(
        "--keep-days",
        type=float,
        default=None,
        help="forget tables that are over or ended this many days after they were last played (default: keep all)",
    )
    parser.add_argument(
        "--lobby", default=None, help="the lobby's address (make run: its Voila page): printed with the key after its #"
    )
    args = parser.parse_args(argv)
    if args.keep_days is not None and not args.keep_days >= 0:
        parser.error("--keep-days must be a number of days, 0 or more")
    key = args.teacher_key or os.environ.get("TABLES_TEACHER_KEY") or secrets.token_urlsafe(12)
    # As JupyterHub's service: where the hub says it listens (JUPYTERHUB_SERVICE_URL), under its prefix.
    where = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", ""))
    host, port = where.hostname or args.host, where.port or args.port
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    service = Service(Store(args.db), key, Hub.from_environment())
    server = httpserver.HTTPServer(make_app(service, prefix), max_body_size=MAX_MESSAGE)
    server.listen(port, address=host)
    ioloop.IOLoop.current().add_callback(service.start)
    if args.keep_days is not None:
        keep_days = args.keep_days

        def prune() -> None:
            gone = service.prune(keep_days)
            if gone:
                log.info("forgot %d finished tables last played over %g days ago", len(gone), keep_days)

        prune()
        ioloop.PeriodicCallback(prune, PRUNE_EVERY * 1000).start()
    print(f"tables: http://{host}:{port}{prefix}tables, teacher's key {key}", file=sys.stderr, flush=True)
    if args.lobby:
        print(lobby_link(args.lobby, key), file=sys.stderr, flush=True)
    ioloop.IOLoop.current().start()
    return 0
