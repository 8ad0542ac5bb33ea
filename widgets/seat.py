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
from cardlib.core import Move
from cardlib.core.i18n import Message, _, as_is, current_language, lazy_gettext
from cardlib.games import GAMES
from cardlib.session import Mode, TableSession
from tables.client import Seat, ask, hub_token
from tables.table import TEACHER_ENDED, is_code

from . import mastery
from .board import Board
from .hotseat import HotSeat
from .language import PagePart, speak
from .layouts import layout
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
        self.session: TableSession | None = None
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
        self.session = TableSession(layout(game.id), self, world, self.seat.seat, table["version"])
        self.board = Board(layout(game.id), self.session, name=_("Table board"))
        mastery.follow(self.session, self.board.table.after_answer)  # the learner's moves at a table count too
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
        self._update(table)
        self._follow(table)

    def _follow(self, table: dict[str, Any]) -> bool:
        """Once the game is over and the teacher has started a rematch, move on to its table, once."""
        if not (table.get("rematch") and table["over"]) or self.following:
            return False
        assert self.board is not None and self.session is not None and self.seat is not None
        self.following = True
        self.session.say("info", lazy_gettext("Your teacher started a new game: you move on to the next seat."))
        self.board.redraw()
        self._later(self._sit(table["rematch"], token=self.seat.token))
        return True

    def _told(self, table: dict[str, Any]) -> None:
        """A new word from the table: a move (this seat's or another's), someone here or gone, a rematch."""
        if self._follow(table) or self.following:
            return
        self._update(table)

    def _update(self, table: dict[str, Any]) -> None:
        """The session told the table as it is now, and the page around the board drawn from it."""
        assert self.board is not None and self.session is not None and self.seat is not None
        seat = self.seat.seat
        assert seat is not None
        self.session.update(
            self.session.state.game.from_json(table["world"]),
            table["version"],
            given_away=table["seats"][seat]["kind"] == "bot",
            ended=TEACHER_ENDED if table.get("ended") else None,
            gone=self._why_gone(),
        )
        self.board.roles = roles(table, seat)
        self.board.redraw()
        self.back.layout.display = "" if self.session.mode is Mode.GIVEN_AWAY else "none"
        playing = table["hints"] and self.session.mode not in (Mode.GIVEN_AWAY, Mode.CLOSED)
        self.hint_button.layout.display = "" if playing else "none"
        self.who.value = seats_html(table, seat, self.session.state.game.seat_name)
        self.log.value = happened(self.session.log())

    def _why_gone(self) -> Message | None:
        """The service's sentence when it seats this page no more (said already, in this page's language)."""
        return as_is(self.seat.why_gone) if self.seat is not None and self.seat.why_gone else None

    def _connection(self) -> None:
        if self.seat is None:
            return
        if self.seat.connected:
            self.feedback.value = ""
        elif self.seat.gone:  # given up: the seat was freed or taken elsewhere, or the service stayed away
            why = self.seat.why_gone or _("This page lost its seat at the table: reload the page.")
            self.feedback.value = feedback("error", why)
            if self.session is not None and self.board is not None:  # and the board takes no move from it
                self.session.lost(self._why_gone())
                self.board.redraw()
            if self.seat.why_gone:  # freed: a reload opens the table's seats to choose from, not a dead credential
                self.link.params = {"table": self.seat.code}
        else:
            self.feedback.value = feedback("error", away())

    def send(self, move: Move, version: int) -> None:
        """The session's checked move, sent to the table (``Remote``); the table's answer comes when it comes."""
        self._later(self._sent(str(move), version))

    async def _sent(self, move: str, version: int) -> None:
        assert self.seat is not None and self.session is not None and self.board is not None
        session, board = self.session, self.board  # (a rematch may seat this page elsewhere meanwhile)
        try:
            answer = await self.seat.play(move, version)
        except BaseException:
            session.unsent()  # the move did not reach the table: the seat takes one again
            board.redraw()
            raise
        if answer["ok"]:
            return  # the table comes with the move played (``_told``)
        # the service's refusal: a sentence said in this seat's language
        session.refused(as_is(str(answer.get("why") or "")), answer.get("rule"), stale=bool(answer["stale"]))
        board.redraw()

    def hint(self) -> None:
        assert self.board is not None and self.session is not None
        self.session.hint()
        self.board.redraw()

    async def _take_back(self) -> None:
        assert self.seat is not None
        await self.seat.take_back()
        self._keep_link()  # (under JupyterHub the credential may be new)

    def stop(self) -> None:
        if self.seat is not None:
            self.seat.close()
