"""A learner's seat at a table classmates share, and the projector's view of one (issue 35).

The table service (``tables/``) holds the true game; this kernel is one of its clients. It joins a table by its
code, takes a free seat and is sent, after every move, a *world*: a position that shows this seat exactly its own
view and legal moves, every card hidden from it drawn at random. So the board, its refusals with their rulings, the
log and the hint are the same as against the bots, while this kernel never holds a card its seat may not see. A
move the board accepts goes to the service, which plays it on the true state; the next world comes back with every
seat's move.

The seat lives in the page's address (``?table=…&seat=…&key=…``): a reload, or the link opened on another device,
takes the same seat again. Save, share and undo are off at a shared table: the game is everybody's.
"""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets as w
import traitlets

import cardlib
from cardlib.core import Move, State
from cardlib.core.i18n import _, current_language
from cardlib.core.serial import message
from cardlib.games import GAMES
from cardlib.match import Match
from tables.client import Seat, ask, hub_token
from tables.table import is_code, teacher_ended

from .board import Board
from .boards import layout
from .hotseat import HotSeat
from .language import PagePart, speak
from .panels import Landmark, controls, element, feedback, guarded, happened, rules_panel
from .preheated import when_page
from .projector import Projector
from .sharing import away, later, no_service, no_table, offer_player_counts, roles, seats_html, tables_url
from .where import notebook_file, page_query

_STATIC = Path(__file__).parent / "static"


class SeatLink(anywidget.AnyWidget):
    """The seat in the page's address, so a reload takes it again; shown as a link for another device."""

    _esm = _STATIC / "address.js"  # built from widgets/js/address.js (make js)
    _css = _STATIC / "saves.css"  # the share link's box
    params = traitlets.Dict().tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    file = traitlets.Unicode("").tag(sync=True)  # widgets/where.py
    home = traitlets.Unicode("").tag(sync=True)

    def __init__(self) -> None:
        super().__init__(**notebook_file())


class SeatApp(PagePart):
    def __init__(self, service: str | None = None, lang: str | None = None, landmark: str = "play"):
        """A learner's page at a shared table: join by the table's code (or the link the teacher gave), take a free
        seat, play. ``service``: the table service's address (by default ``TABLES_URL``'s); ``lang``: the language
        of everything it says, by default the page's (``?lang=``)."""
        self.service, self.lang = service if service is not None else tables_url(), lang
        self.feedback = w.HTML()
        self.parts = w.VBox()
        self.heading = w.HTML()  # written in the page's language once it is known
        self.widget = w.VBox(
            [Landmark(name=landmark), self.heading, self.parts, self.feedback], layout=w.Layout(max_width="1100px")
        )
        self.link = SeatLink()
        self.seat: Seat | None = None
        self.board: Board | None = None
        self.match: Match | None = None
        # built once the page's address is known: in a preheated kernel, when a page takes it
        when_page(lambda: guarded(self._start, self.feedback))

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def _start(self) -> None:
        speak(self.lang)
        self.lang = current_language()
        self.heading.value = element("h1", _("Play with classmates"))
        if self.service is None:
            self.parts.children = [w.HTML(feedback("info", no_service())), self._one_screen()]
            return
        query = parse_qs(page_query())
        if watched := query.get("watch", [""])[0].upper():  # the teacher's projector
            if not is_code(watched):
                self.parts.children = [w.HTML(feedback("error", no_table(watched)))]
                return
            projector = Projector(self.service, watched)
            # the projector's own heading says which table and how to join it, and the whole window is the room's
            self.heading.layout.display, self.widget.layout.max_width = "none", None
            self.parts.children = [projector.widget]
            self.stop = projector.stop  # type: ignore[method-assign]
            return
        code, token = query.get("table", [""])[0].upper()[:12], query.get("key", [""])[0]
        self.code = w.Text(
            value=code,
            description=_("Table code"),
            style={"description_width": "initial"},
            continuous_update=False,  # looked for on Enter or when the field is left, not at every letter
        )
        self.code.layout.width = "16rem"
        self.look = w.Button(description=_("Find the table"), icon="search", button_style="primary")
        self.look.on_click(lambda _button: self._later(self._find()))
        self.code.observe(lambda _change: self._later(self._find()), "value")
        self.free = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.parts.children = [
            w.HTML(element("p", _("Type the code your teacher gave you, then choose a free seat."))),
            controls(self.code, self.look),
            self.free,
            self._one_screen(),
        ]
        if code and not is_code(code):  # checked before anything is asked of the service
            self.feedback.value = feedback("error", no_table(code))
        elif code and token:
            self._later(self._sit(code, token=token))
        elif code:
            self._later(self._find())

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        later(work, self.feedback)

    def _one_screen(self) -> w.VBox:
        """Hot-seat: a game for classmates on this one screen, no table needed."""
        game = w.Dropdown(options=[(_(title), game_id) for game_id, title in GAMES.items()], description=_("Game"))
        players = w.Dropdown(description=_("Players"))
        offer_player_counts(players, game.value)
        game.observe(lambda _change: offer_player_counts(players, game.value), "value")
        start = w.Button(description=_("Play on this screen"), icon="users", button_style="primary")

        def started(_button: object) -> None:
            self.parts.children = [HotSeat(game.value, players=players.value).widget]

        start.on_click(lambda button: guarded(lambda: started(button), self.feedback))
        said = _("Or play on this one screen, in turn: the board hides between turns.")
        heading = escape(_("On one screen"))
        return w.VBox([w.HTML(f"<h2>{heading}</h2><p>{escape(said)}</p>"), controls(game, players, start)])

    # -- joining ----------------------------------------------------------------------------------------------

    async def _find(self) -> None:
        """The table the code names, and a button for each free seat at it."""
        assert self.service is not None
        code = self.code.value.strip().upper()
        if not code:
            self.feedback.value = feedback("info", _("Type the table's code first."))
            return
        if not is_code(code):
            self.feedback.value = feedback("error", no_table(code))
            return
        table = await ask(self.service, "GET", f"/tables/{code}")
        game = cardlib.load(table["game"])
        free = [seat for seat, about in table["seats"].items() if about["kind"] == "person" and not about["taken"]]
        self.feedback.value = ""
        if not free and hub_token():  # under JupyterHub a seat is its learner's: the service seats one back
            await self._sit(code)
            return
        if not free:
            self.free.children = [w.HTML(feedback("info", _("Every seat at this table is taken.")))]
            return
        buttons: list[w.Button] = []
        for seat in free:
            button = w.Button(description=_("Sit as {seat}", seat=game.seat_name(seat)), icon="user")
            button.layout.width = "auto"
            button.on_click(lambda _button, seat=seat: self._later(self._sit(code, seat=seat, asked=buttons)))
            buttons.append(button)
        title = _("{game}: choose your seat.", game=_(game.title))
        self.free.children = [w.HTML(f"<p style='margin-right:.5rem'>{escape(title)}</p>"), *buttons]

    async def _sit(
        self, code: str, seat: str | None = None, token: str | None = None, asked: Sequence[w.Button] = ()
    ) -> None:
        """Take a seat at ``code`` (``seat``, or one's own again with ``token``); the buttons ``asked`` wait
        meanwhile, so a second click takes no second seat. The seat held before (a rematch's old table) goes once
        the new one is connected."""
        assert self.service is not None
        for button in asked:
            button.disabled = True
        try:
            joined = await Seat.join(self.service, code, seat=seat, token=token, lang=self.lang)
        finally:
            for button in asked:
                button.disabled = False
        old, self.seat = self.seat, joined
        if old is not None:
            old.told, old.changed = (lambda _table: None), (lambda: None)
            old.close()
        # only the seat held now speaks to the page: a message still on its way from an old one is not heard
        joined.told = lambda table: guarded(lambda: self._told(table) if joined is self.seat else None, self.feedback)
        joined.changed = lambda: guarded(self._connection if joined is self.seat else lambda: None, self.feedback)
        self.following = False
        self.ended = False  # the teacher ended the table, and the board has said so
        self._keep_link()
        self.feedback.value = ""
        self._seated(joined.table)

    def _keep_link(self) -> None:
        assert self.seat is not None
        self.link.label = _("Your seat's link: open it on another device, or after a reload, to play on.")
        self.link.params = {"table": self.seat.code, "seat": self.seat.seat, "key": self.seat.token}

    # -- playing ----------------------------------------------------------------------------------------------

    def _seated(self, table: dict[str, Any]) -> None:
        """Build the board for the seat just taken (a new table after a rematch too)."""
        assert self.seat is not None and self.seat.seat is not None
        game = cardlib.load(table["game"])
        world = game.from_json(table["world"])
        self.version = table["version"]
        self.match = Match(world, people=[self.seat.seat])
        self.board = Board(layout(game.id), world, self.seat.seat, name=_("Table board"), play=self._send)
        self.who = w.HTML()
        self.log = w.HTML()
        self.big = w.ToggleButton(description=_("Big cards"), icon="search-plus", tooltip=_("For a projector"))
        self.big.observe(lambda change: setattr(self.board.table, "big", change["new"]), "value")
        self.hint_button = w.Button(description=_("Hint"), icon="lightbulb-o")
        self.hint_button.on_click(lambda _button: guarded(self.hint, self.feedback))
        self.back = w.Button(description=_("Take my seat back"), icon="user", button_style="warning")
        self.back.on_click(lambda _button: self._later(self._take_back()))
        title = _("{game}, table {code}", game=_(game.title), code=self.seat.code)
        self.parts.children = [
            w.HTML(f"<h2 style='margin:.2rem 0'>{escape(title)}</h2>"),
            self.who,
            self.board.table,
        ]
        self.widget.children = [
            *self.widget.children[:3],
            self.feedback,
            controls(self.hint_button, self.back, self.big),
            self.link,
            self.log,
            w.HTML(rules_panel(game)),
        ]
        self.pending = False  # a move sent, its table not yet come
        self._show_table(table)
        self._follow(table)

    def _follow(self, table: dict[str, Any]) -> bool:
        """Once the game is over and the teacher has started a rematch, move on to its table, once."""
        if not (table.get("rematch") and table["over"]) or self.following:
            return False
        assert self.board is not None and self.seat is not None
        self.following = True
        self.board.say("info", _("Your teacher started a new game: you move on to the next seat."))
        self._later(self._sit(table["rematch"], token=self.seat.token))
        return True

    def _told(self, table: dict[str, Any]) -> None:
        """A new word from the table: a move (this seat's or another's), someone here or gone, a rematch."""
        assert self.board is not None and self.match is not None and self.seat is not None
        if self._follow(table) or self.following:
            return
        if table.get("ended") and not self.ended:  # said once, where the learner looks
            self.ended = True
            self.board.frozen = teacher_ended()
            self.board.say("info", teacher_ended())
        world = self.board.state.game.from_json(table["world"])
        if table["version"] != self.version:  # a move: what the board says is settled before it draws it
            self.pending = False
            self.board.frozen, self.board.roles = self._frozen(table), roles(table, self.seat.seat)
        if table["version"] == self.version + 1:  # one move on: the log and the board's panel tell it
            mine = self.match.state.to_move == self.seat.seat
            self.match.push(world)
            if mine:
                self.board.state = world
            else:
                self.board.advance(world)
        elif table["version"] != self.version:  # several moves on (back after a while away): shown as it is
            self.match.restart(world)
            self.board.state = world
        self.version = table["version"]
        self._show_table(table)

    def _show_table(self, table: dict[str, Any]) -> None:
        assert self.board is not None and self.match is not None and self.seat is not None
        seat = self.seat.seat
        assert seat is not None
        given_away = table["seats"][seat]["kind"] == "bot" and not table.get("ended")
        drawn = (self.board.frozen, self.board.roles)
        self.board.frozen, self.board.roles = self._frozen(table), roles(table, seat)
        if (self.board.frozen, self.board.roles) != drawn:  # (a move's table has been drawn already)
            self.board.redraw()
        self.back.layout.display = "" if given_away else "none"
        playing = table["hints"] and not given_away and not table.get("ended")
        self.hint_button.layout.display = "" if playing else "none"
        self.who.value = seats_html(table, seat, self.board.state.game.seat_name)
        self.log.value = happened(self.match.log(seat))

    def _frozen(self, table: dict[str, Any]) -> str | None:
        """What the board says instead of taking a move: the seat is a bot's while the learner is away, or the
        learner's move is on its way; None while it takes moves."""
        assert self.seat is not None and self.seat.seat is not None
        if table.get("ended"):
            return teacher_ended()
        if self.seat.why_gone:  # the teacher freed the seat: its sentence, in this page's language
            return self.seat.why_gone
        if table["seats"][self.seat.seat]["kind"] == "bot":
            return _("A bot plays your seat while you are away. Take your seat back to play on.")
        return _("Your move is on its way to the table.") if self.pending else None

    def _connection(self) -> None:
        if self.seat is None:
            return
        if self.seat.connected:
            self.feedback.value = ""
        elif self.seat.gone:  # given up: the seat was freed or taken elsewhere, or the service stayed away
            why = self.seat.why_gone or _("This page lost its seat at the table: reload the page.")
            self.feedback.value = feedback("error", why)
            if self.board is not None and self.board.frozen != why:  # and the board takes no move from it
                self.board.frozen = why
                self.board.say("error", why)
            if self.seat.why_gone:  # freed: a reload opens the table's seats to choose from, not a dead credential
                self.link.params = {"table": self.seat.code}
        else:
            self.feedback.value = feedback("error", away())

    def _send(self, state: State, move: Move) -> State:
        """The board's legal move, sent to the table; the board shows the table's answer when it comes."""
        assert self.board is not None
        self.pending = True
        self.board.frozen = _("Your move is on its way to the table.")
        self._later(self._sent(str(move), self.version))
        return state

    async def _sent(self, move: str, version: int) -> None:
        assert self.seat is not None and self.board is not None
        try:
            answer = await self.seat.play(move, version)
        except BaseException:
            self._unfreeze()
            raise
        if answer["ok"]:
            return  # the table comes with the move played (``_told``)
        self._unfreeze()
        if answer["stale"]:
            why = _("Another move was played first: here is the table as it is now.")
        else:  # the service's refusal: a sentence, or a message said here in this page's language
            why = str(message(answer["why"], "answer.why"))
        self.board.say("error", why, answer.get("rule"))

    def _unfreeze(self) -> None:
        """A move that did not reach the table: the board takes one again, unless the table says otherwise now (the
        teacher ended it, or freed the seat, while the move was on its way)."""
        assert self.board is not None and self.seat is not None
        self.pending = False
        if self.board.frozen == _("Your move is on its way to the table."):
            self.board.frozen = self._frozen(self.seat.table)
            self.board.redraw()

    def hint(self) -> None:
        assert self.board is not None and self.match is not None and self.seat is not None
        if self.board.frozen:
            self.board.say("info", self.board.frozen)
            return
        advice = self.match.hint(self.seat.seat or "", intended=self.board.intended())
        if advice is None:
            self.board.wait_for_turn()
            return
        self.board.say("info", advice.said, advice.rules[0] if advice.rules else None)

    async def _take_back(self) -> None:
        assert self.seat is not None
        await self.seat.take_back()
        self._keep_link()  # (under JupyterHub the credential may be new)

    def stop(self) -> None:
        if self.seat is not None:
            self.seat.close()
