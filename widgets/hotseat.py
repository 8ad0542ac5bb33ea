"""Hot-seat: classmates playing one game on one screen, each seat in turn (issue 35), wherever no table service
runs (Binder, a laptop). Between two turns the board is hidden and the screen says whose turn comes: the next
player takes the screen and shows the board only once the others cannot see it. Every seat is a learner; the board,
its refusals, the log and the rules are the game app's. The focus follows the screen: on the button that shows the
next player's cards while the board is hidden, on the board's title once it is shown.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

import cardlib
from cardlib.core import State
from cardlib.core.i18n import _
from cardlib.match import Match
from cardlib.session import MatchSession, Mode

from .board import Board
from .language import PagePart, speak
from .layouts import layout
from .panels import Landmark, controls, guarded, happened, rules_panel


class HotSeat(PagePart):
    def __init__(self, game_id: str, players: int | None = None, seed: int | None = None, lang: str | None = None):
        speak(lang)
        self.game = cardlib.load(game_id)
        state = self.game.new(seed=seed, players=players)
        self.match = Match(state, people=state.players)
        self.session = MatchSession(layout(game_id), self.match, state.to_move)
        self.board = Board(layout(game_id), self.session, name=_("Game board"))
        self.session.on_move(lambda _before, _move, _after: self.board.table.after_answer(self._moved))
        self.feedback = w.HTML()
        self.pass_on = w.HTML()
        self.ready = w.Button(description="", icon="eye", button_style="primary")
        self.ready.layout.width = "auto"
        self.ready.on_click(lambda _button: guarded(self.show_board, self.feedback))
        self.cover = w.VBox([self.pass_on, controls(self.ready)])
        self.cover.add_class("cg-cover")
        self.log = w.HTML()
        self.landmark = Landmark()  # takes the focus to the board's title, the first after it, when it is shown
        self.widget = w.VBox(
            [self.cover, self.landmark, self.board.table, self.feedback, self.log, w.HTML(rules_panel(self.game))],
            layout=w.Layout(max_width="1100px"),
        )
        self.hide_board()
        self.landmark.when_drawn(self.ready.focus)  # the button that started the game is gone

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    @property
    def state(self) -> State:
        return self.match.state

    def _moved(self) -> None:
        """After a move: the same player goes on (Senza Nome's draw, runs and discard), or the screen passes on."""
        if self.session.mode is Mode.BOTS_TO_MOVE:  # another classmate is to move
            self.hide_board()
            self.ready.focus()
        else:
            self._show_log()

    def hide_board(self) -> None:
        """The board hidden, and the screen passed to whoever is to move."""
        player = self.game.seat_name(self.state.to_move)
        said = _(
            "Pass the screen to {player}. {player}: show your cards once only you can see the screen.", player=player
        )
        self.pass_on.value = f"<p role='status' style='font-size:1.2rem;margin:1rem 0'>{escape(said)}</p>"
        self.ready.description = _("Show {player}'s cards", player=player)
        self.board.table.layout.display = "none"
        self.log.layout.display = "none"
        self.cover.layout.display = ""

    def show_board(self) -> None:
        """The board from the seat whose turn it is, with what happened since that seat last moved."""
        self.session.sit(self.state.to_move or self.session.seat)
        # every seat is a classmate at this screen, the one whose turn it is "you"
        self.board.roles = {seat: "you" if seat == self.session.seat else "classmate" for seat in self.state.players}
        self.board.redraw()
        self.cover.layout.display = "none"
        self.board.table.layout.display = ""
        self.log.layout.display = ""
        self._show_log()
        self.landmark.focus()

    def _show_log(self) -> None:
        self.log.value = happened(self.session.log())
