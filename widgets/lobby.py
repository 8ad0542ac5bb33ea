"""The teacher's lobby for shared tables (issue 35): open a table for a game with its seats for learners or bots,
see every table (its code large, who is here, who is away, whose turn it is), give an away learner's seat to a bot,
free a seat for another learner, rematch with the seats moved on, end a table (asked twice), and open a table's
learners' link (a QR code too) or its projector view.

The lobby is a client of the table service like a learner's seat (``widgets/seat.py``), with the teacher's key,
which the service prints when it starts (``make run``, ``make classroom``); under JupyterHub with none, the hub
saying who is a teacher (``tables/hub.py``). It asks for the tables every few seconds while the page is open.

Under JupyterHub it also lists each learner's progress per game (the lessons done and the rules mastered), as the
learners' own pages reported it to the service (``widgets/mastery.py``; what is collected: docs/teachers.md).
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from html import escape
from typing import Any

import ipywidgets as w

import cardlib
from cardlib.core.i18n import N_, _, current_language, pgettext
from cardlib.games import DESCRIPTORS, describe
from tables.client import Teacher, hub_token

from .app import STRENGTHS
from .language import PagePart, speak
from .panels import Fragment, Landmark, controls, element, feedback, log
from .sharing import away, later, no_service, offer_player_counts, seats_html, tables_url
from .where import on_this_computer, page_address

SEAT_WORDS = {"person": N_("a learner"), "bot": N_("a bot")}  # who plays a seat, as the seat's menu says it
EVERY = 2.0  # seconds between two looks at the tables


class Lobby(PagePart):
    def __init__(self, service: str | None = None, lang: str | None = None, landmark: str = "lobby"):
        speak(lang)
        self.service = service if service is not None else tables_url()
        self.feedback = w.HTML()
        self.rows: dict[str, TableRow] = {}
        self.list = w.VBox()
        self.progress = w.HTML()  # the learners' progress, under JupyterHub
        self.teacher: Teacher | None = None
        self.looking: asyncio.Task[None] | None = None
        heading = w.HTML(element("h1", _("Tables for the class")))
        self.widget = w.VBox([Landmark(name=landmark), heading], layout=w.Layout(max_width="1100px"))
        if self.service is None:  # (Binder, a laptop without make run): the way to play together without one
            lang = current_language()
            one_screen = escape(_("Play on one screen"))
            link = f"<p><a class='jupyter-button mod-primary' href='table.ipynb?lang={lang}'>{one_screen}</a></p>"
            self.widget.children = [*self.widget.children, w.HTML(feedback("info", no_service()) + link)]
            return
        # (continuous_update off: the key is sent on Enter or when the field is left, not at every letter)
        self.key = w.Password(
            description=_("Teacher's key"), style={"description_width": "initial"}, continuous_update=False
        )
        self.enter = w.Button(description=_("Open the lobby"), icon="key", button_style="primary")
        self.enter.on_click(lambda _button: self._later(self._enter()))
        self.key.observe(lambda _change: self._later(self._enter()), "value")
        self.game = w.Dropdown(
            options=[(_(about.title), game_id) for game_id, about in DESCRIPTORS.items()], description=_("Game")
        )
        self.players = w.Dropdown(description=_("Players"))
        self.seats = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.strength = w.Dropdown(description=_("Bot"))
        self.hints = w.Checkbox(
            value=True,
            description=_("Learners may ask for a hint"),
            indent=False,
            style={"description_width": "initial"},  # the whole sentence, however long in the page's language
            layout=w.Layout(width="auto"),
        )
        self.open_button = w.Button(description=_("Open a table"), icon="plus", button_style="primary")
        self.open_button.on_click(lambda _button: self._later(self._open()))
        self.game.observe(lambda _change: self._game_chosen(), "value")
        self.players.observe(lambda _change: self._count_chosen(), "value")
        self.form = w.VBox(
            [
                w.HTML(element("h2", _("A new table"))),
                controls(self.game, self.players, self.strength, self.hints),
                self.seats,
                controls(self.open_button),
                w.HTML(element("h2", _("The tables"))),
                self.list,
            ],
            layout=w.Layout(display="none"),
        )
        self._game_chosen()
        if hub_token():  # under JupyterHub the hub says who is a teacher: no key to type
            self.form.children = [*self.form.children, self.progress]
            self.widget.children = [*self.widget.children, self.feedback, self.form]
            self._later(self._enter())
            return
        say = _("Type the teacher's key that the table service printed when it started.")
        # the teacher's own lobby link (make run prints it) carries the key after its "#": the lobby opens by itself
        from_link = Fragment(name="key")
        from_link.observe(lambda change: setattr(self.key, "value", change["new"]), "value")
        self.widget.children = [
            *self.widget.children,
            w.HTML(element("p", say)),
            controls(self.key, self.enter),
            self.feedback,
            self.form,
            from_link,
        ]

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        later(work, self.feedback)

    # -- the new table's form -------------------------------------------------------------------------------------

    def _game_chosen(self) -> None:
        about = describe(self.game.value)
        offer_player_counts(self.players, self.game.value)
        names = list(about.bots())
        self.strength.options = [(pgettext("bot", STRENGTHS.get(name, name)), name) for name in names]
        self.strength.value = "medium" if "medium" in names else names[0]
        self._count_chosen()

    def _count_chosen(self) -> None:
        if self.players.value is None:
            return
        game = cardlib.load(self.game.value)
        seats = game.new(seed=0, players=self.players.value).players
        self.seat_kinds = [
            w.Dropdown(
                options=[(_(text), kind) for kind, text in SEAT_WORDS.items()],
                value="person",
                description=str(game.seat_name(seat)),
                style={"description_width": "initial"},
                layout=w.Layout(width="auto"),
            )
            for seat in seats
        ]
        self.seats.children = self.seat_kinds

    async def _enter(self) -> None:
        assert self.service is not None
        self.teacher = Teacher(self.service, self.key.value.strip())
        self.feedback.value = ""  # (before the wait: a slow answer never wipes what came since, a table opened)
        await self.teacher.tables()  # a wrong key is refused here, in the service's words
        self.form.layout.display = ""
        if self.looking is None:
            self.looking = asyncio.ensure_future(self._keep_looking())

    async def _open(self) -> None:
        assert self.teacher is not None
        kinds = [dropdown.value for dropdown in self.seat_kinds]
        code = await self.teacher.open(self.game.value, kinds, self.strength.value, self.hints.value)
        self.feedback.value = feedback("success", _("Table {code} is open: give your learners its code.", code=code))
        await self._look()

    # -- the tables ----------------------------------------------------------------------------------------------

    async def _keep_looking(self) -> None:
        while True:
            try:
                await self._look()
            except OSError:  # (ConnectionError too)
                self.feedback.value = feedback("error", away())
            except ValueError as refused:
                self.feedback.value = feedback("error", str(refused))
            except Exception:  # whatever it was, the lobby goes on looking; the log says what
                log.exception("the lobby could not show the tables")
            await asyncio.sleep(EVERY)

    async def _look(self) -> None:
        assert self.teacher is not None
        tables = await self.teacher.tables()
        tables = sorted(reversed(tables), key=lambda table: bool(table.get("ended")))  # the newest open ones first
        for table in tables:
            row = self.rows.get(table["code"])
            if row is None:
                row = self.rows[table["code"]] = TableRow(self, table)
            row.show(table)
        self.list.children = [self.rows[table["code"]].widget for table in tables]
        if not tables:
            self.list.children = [w.HTML(element("p", _("No table is open yet.")))]
        if hub_token():
            self.progress.value = progress_html(await self.teacher.progress())

    def stop(self) -> None:
        if self.looking is not None:
            self.looking.cancel()


class TableRow:
    """One table in the lobby: its game and its code in large letters, the learners' link as a button and a QR code
    a phone scans, the projector's link, who sits where, and the teacher's buttons (a seat to a bot or back, a seat
    freed, a rematch, the end of the table, asked twice)."""

    def __init__(self, lobby: Lobby, table: dict[str, Any]):
        self.lobby, self.code = lobby, table["code"]
        self.game = cardlib.load(table["game"])
        self.heading = w.HTML()
        self.who = w.HTML()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.confirm = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.shown: tuple[Any, ...] = ()
        self.table = table
        self.ending = False  # "End this table" was pressed: the row asks whether to, with buttons elsewhere
        # one box round the table's whole row: its title and links, who sits where, the teacher's buttons
        box = w.Layout(border="1px solid var(--jp-border-color1, #999)", padding="0.3rem 0.8rem", margin="0.3rem 0")
        self.widget = w.VBox([self.heading, self.who, self.buttons, self.confirm], layout=box)
        self.widget.add_class("cg-lobby-table")

    def _links(self) -> str:
        """The table's title, its code large enough to read across a room, the learners' link and the projector's
        as buttons, and the learners' link as a QR code."""
        lang = current_language()
        query = f"table={self.code}"  # in each learner's own language (widgets/language.py): none is given
        title = escape(_("{game}, table {code}", game=_(self.game.title), code=self.code))
        learners = escape(_("The learners' link"))
        projector = escape(_("Show it on the projector"))
        code = escape(_("Code"))
        button = "class='jupyter-button {}' style='text-decoration:none;margin:.3rem .5rem .3rem 0;padding:0 1rem'"
        return (
            "<div style='display:flex;flex-wrap:wrap;gap:.5rem 2rem;align-items:flex-start'><div>"
            f"<h3 style='margin:.2rem 0'>{title}</h3>"
            f"<p style='margin:.2rem 0'>{code} <span class='cg-table-code' style='{CODE_STYLE}'>{self.code}</span></p>"
            f"<p style='margin:.2rem 0'><a {button.format('mod-primary')} href='table.ipynb?{query}' target='_blank'>"
            f"{learners}</a>"
            f"<a {button.format('')} href='table.ipynb?watch={self.code}&amp;lang={lang}' target='_blank'>"
            f"{projector}</a></p></div>{scan_to_join(self.code)}</div>"
        )

    def show(self, table: dict[str, Any]) -> None:
        seen = (
            table["version"],
            table["rematch"],
            table.get("ended"),
            tuple(sorted((s, tuple(a.items())) for s, a in table["seats"].items())),
        )
        if seen == self.shown:  # nothing new: the page keeps its focus and nothing is sent
            return
        self.shown, self.table = seen, table
        if table.get("ended"):
            title = escape(_("{game}, table {code}", game=_(self.game.title), code=self.code))
            said = escape(_("You ended this table: its code lets nobody in any more."))
            self.heading.value = f"<h3 style='margin:.2rem 0'>{title}</h3><p>{said}</p>"
            self.who.value = ""
            self.ending = False
            self._draw_buttons()
            return
        if not self.heading.value:
            self.heading.value = self._links()
        self.who.value = seats_html(table, None, self.game.seat_name)
        self._draw_buttons()

    def _draw_buttons(self) -> None:
        table = self.table
        self.confirm.children = []
        if table.get("ended"):
            self.buttons.children = []
            return
        buttons: list[w.Widget] = []
        playing = not table["over"]
        for seat, about in table["seats"].items():
            name = self.game.seat_name(seat)
            if about["kind"] == "person" and about["taken"] and not about.get("here") and playing:
                buttons.append(self._button(_("Give {seat}'s seat to a bot", seat=name), "give", seat, "bot"))
            elif about["kind"] == "bot" and about["taken"]:
                buttons.append(
                    self._button(_("Give {seat}'s seat back to the learner", seat=name), "give", seat, "person")
                )
            if about["taken"] and playing:  # a learner who left, or sat at the wrong seat: another may take it
                buttons.append(self._button(_("Free {seat}'s seat", seat=name), "free", seat))
        if table["over"] and not table["rematch"]:
            buttons.append(self._button(_("Rematch, every seat moved on by one"), "rematch"))
        elif table["rematch"]:
            buttons.append(w.HTML(escape(_("Rematched at table {code}.", code=table["rematch"]))))
        end = w.Button(description=_("End this table"), icon="stop", layout=w.Layout(width="auto"))
        end.on_click(lambda _button: self._ask_to_end())
        self.buttons.children = [*buttons, end]
        if self.ending:
            self._ask_to_end()

    def _ask_to_end(self) -> None:
        """Ask whether to end the table, on a line of its own below the buttons: a second click on "End this table"
        (a double click) lands on no answer, and "Keep it open" comes first."""
        self.ending = True
        asked = _("End table {code}? Every board at it stops and its code lets nobody in.", code=self.code)
        keep = w.Button(description=_("No, keep it open"), layout=w.Layout(width="auto"))
        keep.on_click(lambda _button: self._keep_open())
        end = w.Button(
            description=_("Yes, end table {code}", code=self.code), button_style="danger", layout=w.Layout(width="auto")
        )
        end.on_click(lambda _button: self.lobby._later(self._do("end")))
        said = w.HTML(f"<p role='alert' style='margin:.2rem 0'>{escape(asked)}</p>", layout=w.Layout(width="100%"))
        self.confirm.children = [said, keep, end]

    def _keep_open(self) -> None:
        self.ending = False
        self.confirm.children = []

    def _button(self, label: str, action: str, *args: str) -> w.Button:
        button = w.Button(description=label)
        button.layout.width = "auto"
        button.on_click(lambda _button: self.lobby._later(self._do(action, *args)))
        return button

    async def _do(self, action: str, *args: str) -> None:
        teacher = self.lobby.teacher
        assert teacher is not None
        if action == "give":
            await teacher.give(self.code, *args)
        elif action == "free":
            await teacher.free(self.code, *args)
        elif action == "end":
            await teacher.end(self.code)
            self.lobby.feedback.value = feedback("success", _("Table {code} has ended.", code=self.code))
        else:
            code = await teacher.rematch(self.code)
            self.lobby.feedback.value = feedback("success", _("Table {code} is open for the rematch.", code=code))
        await self.lobby._look()


# large, spaced capitals in a font whose letters are told apart at a glance
CODE_STYLE = "font:700 2.6rem/1.1 var(--jp-code-font-family, monospace);letter-spacing:.2em;vertical-align:middle"


def progress_html(learners: list[dict[str, Any]]) -> str:
    """Each learner's progress per game, as the service lists it: the lessons done of how many, the rules mastered."""
    rows = []
    for learner in learners:
        for game_id, met in learner.get("games", {}).items():
            if game_id not in DESCRIPTORS:
                continue
            total = len(describe(game_id).lessons())
            done = _("{n} of {total} lessons done", n=len(met["lessons"]), total=total)
            mastered = ", ".join(met["mastered"]) or _("none yet")
            cells = (learner["learner"], _(DESCRIPTORS[game_id].title), done, mastered)
            rows.append("<tr>" + "".join(f"<td>{escape(str(cell))}</td>" for cell in cells) + "</tr>")
    heading = element("h2", _("The learners' progress"))
    if not rows:
        return heading + element("p", _("No learner has reported any progress yet."))
    names = (_("Learner"), _("Game"), _("Lessons"), _("Rules mastered"))
    head = "".join(f"<th scope='col'>{escape(name)}</th>" for name in names)
    return (
        f"{heading}<table class='cg-progress-table'><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def scan_to_join(code: str) -> str:
    """The learners' link of table ``code`` as a QR code a phone scans, with the link written under it; where the
    page is on this computer's own address (127.0.0.1), what a phone needs instead; nothing where the kernel does
    not know the page's address (JupyterLab, a test)."""
    link = page_address(f"table.ipynb?table={code}")
    if link is None:
        return ""
    import segno  # (only the lobby draws one)

    name = _("QR code of the learners' link for table {code}", code=code)
    # black on white whatever the theme, with the quiet zone of four modules round it that scanners expect
    svg = segno.make(link, error="m").svg_inline(scale=5, border=4, dark="#000", light="#fff", title=name)
    svg = svg.replace("<svg ", f"<svg role='img' aria-label='{escape(name)}' ", 1)
    caption = escape(_("Scan it with a phone to open table {code}.", code=code))
    note = ""
    if on_this_computer(link):
        note = "<br>" + escape(
            _(
                "A phone cannot open 127.0.0.1: it is this computer's own address. Serve the tutor on the school "
                "network and open this lobby at the server's network address."
            )
        )
    return (
        f"<figure style='margin:0;max-width:22rem'>{svg}"
        f"<figcaption style='font-size:.9rem;line-height:1.4'>{caption}<br>"
        f"<span style='word-break:break-all'>{escape(link)}</span>{note}</figcaption></figure>"
    )
