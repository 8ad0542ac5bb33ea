"""A full game against bots: the board, the log, hint, undo, new game with a seed, and the rules panel.

The learner plays one seat; the bots play the others as soon as it is their turn: all at once (fast), one move at a
time at a pace a class can follow, or one move per click of "Next bot move" (step); "Skip to my turn" shows the end
of their turn at once. The pace is kept by a task on the kernel's event loop, never by sleeping in a callback, so a
click between two bot moves is answered at once. Every state is kept, so undo goes back to the learner's previous
decision and the teacher can step back and forth through the whole game on a projector: the later moves stay until
a new move is made from an earlier position.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Mapping
from html import escape

import ipywidgets as w

import cardlib
from cardlib import saves as save_format
from cardlib.core import Move, State
from cardlib.core.bots import Decision
from cardlib.core.i18n import NP_, _, as_is, lazy_gettext, pgettext
from cardlib.core.rng import new_seed
from cardlib.match import Match
from cardlib.review import decisions
from cardlib.session import Kind, MatchSession

from . import mastery, saves
from .board import Board
from .language import PagePart, said, speak
from .layouts import layout
from .panels import Landmark, controls, guarded, happened, rules_panel
from .review import Coach
from .where import IN_BROWSER

# The strength menu's words, said of a bot ("il bot medio", "le bot moyen"), for cardlib.core.search.strengths
STRENGTHS = {"easy": NP_("bot", "easy"), "medium": NP_("bot", "medium"), "hard": NP_("bot", "hard")}


SAME_TURN = 0.2  # the pause before a bot's further move in its own turn, as a share of the pause between turns
# The pauses between two of the learner's decisions add up to at most this many pauses between turns: past it, each
# further bot's turn still begins after a short pause (so a class sees who plays), and its moves follow at once.
BOTS_WAIT = 5


def pause_before(delay: float, new_turn: bool, paused: float) -> float:
    """The pause before a bot's move at the pace ``delay``, ``paused`` seconds having been paused since the learner's
    last decision: the whole delay before a bot's turn, a fifth of it before its further moves, within BOTS_WAIT."""
    wanted = delay if new_turn else delay * SAME_TURN
    least = delay * SAME_TURN if new_turn else 0.0
    return max(least, min(wanted, BOTS_WAIT * delay - paused))


async def _at_once(decide: Callable[[], Decision]) -> Decision:
    """A bot's decision made on the event loop: in the browser's Python, which has no threads."""
    return decide()


class GameApp(PagePart):
    def __init__(
        self,
        game_id: str,
        seat: str | None = None,
        seed: int | None = None,
        bot_delay: float = 0.4,
        players: int | None = None,
        options: dict | None = None,
        position: State | Mapping | None = None,
        landmark: str = "play",
        lang: str | None = None,
    ):
        """``position`` starts the game from a prepared position instead of a new deal: a State, a saved game
        (the Save button's file, read with json) or a bare ``state.to_json()``; a bad one raises SaveError naming
        the field. Without one, a share link's position (``?position=`` in the page's address) is opened.
        ``landmark`` is the app's place on its page, what a link's ``#play`` jumps to: one per page. ``lang``
        ("en", "it", "fr") is the language of everything it says; by default the page's (``?lang=``)."""
        speak(lang)
        self.game = cardlib.load(game_id)
        self.options = dict(options or {})  # the game's options for every deal, e.g. NesPanini's decks
        # Seconds before each bot move, by speed; "step" waits for the "Next bot move" button instead. Even slow
        # keeps a learner from waiting much more than a second with nothing moving.
        self.delays = {"fast": 0.0, "normal": bot_delay, "slow": max(1.0, 2.5 * bot_delay)}
        self.pacing: asyncio.Task | None = None  # the bots' turn being played at the chosen pace
        if position is None:
            state = self.game.new(seed=seed, players=players, **self.options)
        elif isinstance(position, State):
            state = position
        else:
            state, seat = save_format.read(position, self.game, seat)
        # the game's sequence, and the learner's seat in it: the board draws it and hands it the clicks
        self.match = Match(state, people=[seat or state.players[0]])
        self.session = MatchSession(layout(game_id), self.match, seat or state.players[0])
        self.board = Board(layout(game_id), self.session)
        mastery.follow(
            self.session, self.board.table.after_answer
        )  # what the learner's moves apply and what is refused, kept in its browser
        said(self.board.table, name=lambda: _("Game board"))
        self.session.on_move(self._after_answer)
        self.log = w.HTML()
        self.feedback = w.HTML()
        # the review of the learner's game, judged as it is played and offered at its end
        self.coach = Coach(game_id, self.seat, lambda: self.match.history, self.feedback)
        self.coach.close.on_click(lambda _button: guarded(self.close_review, self.feedback))
        self.review_asked_by = "review"  # the button that opened the review: the focus goes back to it on Close
        # the deal's number: the same number deals the same cards (what the engine calls the seed)
        self.seed = said(
            w.IntText,
            value=state.seed,
            style={"description_width": "initial"},
            layout=w.Layout(width="14rem"),
            description=lambda: _("Deal number"),
        )
        strengths = list(self.match.bots)
        self.strength = said(
            w.Dropdown,
            value=self.match.strength,
            layout=w.Layout(width="12rem"),
            options=lambda: [(pgettext("bot", STRENGTHS.get(name, name)), name) for name in strengths],
            description=lambda: _("Bot"),
        )
        self.speed = said(
            w.Dropdown,
            value="normal" if bot_delay else "fast",
            layout=w.Layout(width="12rem"),
            options=lambda: [(_("fast"), "fast"), (_("normal"), "normal"), (_("slow"), "slow"), (_("step"), "step")],
            description=lambda: _("Bots"),
            tooltip=lambda: _("How fast the bots play; step waits for Next bot move"),
        )
        # How many play (the learner and the bots): asked only of games for more than one count.
        counts = self.game.player_counts
        self.players = said(
            w.Dropdown,
            value=len(state.players),
            layout=w.Layout(width="12rem", display="" if len(counts) > 1 else "none"),
            options=lambda: [(_("{n} players", n=n), n) for n in counts],
            description=lambda: _("Players"),
        )
        self.big = said(
            w.ToggleButton, icon="search-plus", description=lambda: _("Big cards"), tooltip=lambda: _("For a projector")
        )
        self.reveal = w.ToggleButton(icon="eye")
        said(self.reveal, description=self._reveal_words, tooltip=lambda: _("Every hand face up, for the teacher"))
        teacher = {
            "back": said(
                w.Button,
                icon="backward",
                description=lambda: _("Move back"),
                tooltip=lambda: _("Teacher: the move before"),
            ),
            "forward": said(
                w.Button,
                icon="forward",
                description=lambda: _("Move forward"),
                tooltip=lambda: _("Teacher: the move after"),
            ),
            "play_from_here": said(
                w.Button,
                icon="code-fork",
                disabled=True,
                description=lambda: _("Play from here"),
                tooltip=lambda: _("Teacher: go on from the move shown; the later moves are dropped"),
            ),
            "review_to_here": said(
                w.Button,
                icon="search",
                description=lambda: _("Review up to here"),
                tooltip=lambda: _("Teacher: the review of the learner's moves up to the move shown"),
            ),
        }
        self.play_here = teacher["play_from_here"]
        self.teacher = teacher
        self.step = w.HTML()
        buttons = {
            "hint": said(w.Button, icon="lightbulb-o", description=lambda: _("Hint")),
            "undo": said(w.Button, icon="undo", description=lambda: _("Undo")),
            "new_game": said(w.Button, icon="plus", button_style="primary", description=lambda: _("New game")),
            "review": said(
                w.Button,
                icon="graduation-cap",
                button_style="info",
                layout=w.Layout(display="none"),  # offered once the game is over
                description=lambda: _("Review this game"),
                tooltip=lambda: _("Your moves that could have been better, to try again"),
            ),
            "next_bot": said(w.Button, icon="step-forward", disabled=True, description=lambda: _("Next bot move")),
            "skip": said(
                w.Button,
                icon="fast-forward",
                disabled=True,
                description=lambda: _("Skip to my turn"),
                tooltip=lambda: _("Play the bots' moves at once"),
            ),
        }
        self.buttons = buttons
        self.next_button = buttons["next_bot"]
        for name, button in {**buttons, **teacher}.items():
            button.on_click(lambda _button, name=name: guarded(getattr(self, name), self.feedback))
        self.big.observe(lambda change: setattr(self.board.table, "big", change["new"]), "value")
        self.strength.observe(lambda change: setattr(self.match, "strength", change["new"]), "value")
        self.reveal.observe(lambda change: guarded(self._reveal, self.feedback), "value")
        self.speed.observe(lambda change: guarded(self._speed_changed, self.feedback), "value")
        play_row = controls(*buttons.values(), self.seed, self.strength, self.speed, self.big, self.players)
        teacher_row = controls(self.reveal, *teacher.values(), self.step)
        rules = said(w.HTML, value=lambda: rules_panel(self.game))
        self.saves = saves.SaveBar(
            self.game, lambda: (self.state, self.seat), self.start_from, self._say, self.feedback
        )
        self.widget = w.VBox(
            [
                Landmark(name=landmark),
                self.board.table,
                self.feedback,
                play_row,
                teacher_row,
                self.coach.widget,
                self.saves,
                self.log,
                rules,
            ],
            layout=w.Layout(max_width="1100px"),
        )
        if self._play_bots():  # the bots open the game: their moves drawn
            self.board.redraw()
        self._show_log()
        self._show_step()
        if lang is None:  # the page's language: in a preheated kernel, the page's once it comes
            self.follow_the_page()
        if position is None:  # opened once the page comes, in its language
            saves.when_shared(lambda code: guarded(lambda: self.saves.load_link(code), self.feedback))

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def seat(self) -> str:
        """The learner's seat."""
        return self.session.seat

    def _say(self, kind: Kind, text: str) -> None:
        """The save bar's words on the board, beside the prompt (said already, in the page's language)."""
        self.session.say(kind, as_is(text))
        self.board.redraw()

    # -- actions ------------------------------------------------------------------------------------------

    def hint(self) -> None:
        self.session.hint()
        self.board.redraw()

    def undo(self) -> None:
        """Back to the learner's previous decision (the bots' answers are undone with it)."""
        if self.session.undo():
            self._show()
        else:
            self.board.redraw()

    def review(self) -> None:
        """The review of the game just over: the learner's costly decisions, to try again."""
        self.review_asked_by = "review"
        self.coach.ask()

    def review_to_here(self) -> None:
        """Teacher: the review of the learner's decisions up to the position shown."""
        self.review_asked_by = "review_to_here"
        self.coach.ask(upto=decisions(self.match.history[: self.match.cursor + 1], self.seat))

    def close_review(self) -> None:
        """The review closed: the focus back on the button that opened it (Review this game, while it is offered;
        else the teacher's Review up to here, always there), and the board says so, as it says what Save did."""
        self.coach.hide()
        opened_by = self.buttons["review"]
        if self.review_asked_by == "review_to_here" or opened_by.layout.display == "none":
            opened_by = self.teacher["review_to_here"]
        opened_by.focus()
        self.session.say("info", lazy_gettext("The review is closed."))
        self.board.redraw()

    def new_game(self) -> None:
        """A new deal: from the seed in the box if the learner typed one, else from a fresh seed (shown there)."""
        if self.seed.value == self.match.history[0].seed:
            self.seed.value = new_seed()
        self.session.restart(self.game.new(seed=self.seed.value, players=self.players.value, **self.options))
        self.coach.restart(self.seat)
        self._show()
        self.feedback.value = ""

    def start_from(self, state: State, seat: str) -> None:
        """Go on from ``state`` (a loaded file or a shared link), the learner at ``seat``; new games keep its
        number of players."""
        self.session.restart(state, seat)
        self.coach.restart(self.seat)
        self.players.value = len(state.players)
        self.seed.value = state.seed
        self._show()

    def next_bot(self) -> None:
        """Step mode: play exactly one bot move."""
        if self.session.next_bot():  # or the board says why not: an earlier position, or the learner's turn
            self._show_step()
            self._show_log()
        self.board.redraw()
        self._waiting()

    def skip(self) -> None:
        """Play the rest of the bots' turn at once and show where it ends."""
        self._stop_bots()
        while self._bots_to_move(step=True):
            self.session.bot_move()
        self.board.redraw()
        self._show_step()
        self._show_log()
        self._waiting()

    def back(self) -> None:
        """Teacher: show the position one move earlier, to look at; nothing is lost unless Play from here."""
        if not self.session.back():
            self.board.redraw()
            return
        self._show()
        self.feedback.value = ""

    def forward(self) -> None:
        """Teacher: show the position one move later, up to the latest."""
        if not self.session.forward():
            self.board.redraw()
            return
        self._show()
        self.feedback.value = ""

    def play_from_here(self) -> None:
        """Teacher: go on from the earlier position shown, dropping the moves after it."""
        if self.session.play_from_here():
            self._show()
        else:
            self.board.redraw()

    def _speed_changed(self) -> None:
        self.session.step = self.speed.value == "step"
        self._play_bots()
        self.board.redraw()
        self._show_log()

    def _reveal(self) -> None:
        self.board.reveal = self.reveal.value
        self.reveal.description = self._reveal_words()
        self.board.redraw()

    def _reveal_words(self) -> str:
        return _("Teacher: hide hands") if self.reveal.value else _("Teacher: show hands")

    # -- the flow of play ---------------------------------------------------------------------------------

    def _after_answer(self, before: State, move: Move, after: State) -> None:
        """What a move changes beyond the board (log, buttons, the bots' turn) follows the board's answer to the
        click (Tabletop.after_answer). The session guards its own clicks; this goes through the app's error panel as
        well."""
        self.coach.note(before, move)  # (only queued: judged later)
        self.board.table.after_answer(lambda: guarded(self._moved, self.feedback))

    def _moved(self) -> None:
        self._show_step()
        self.feedback.value = ""
        if self._play_bots():
            self.board.redraw()
        self._show_log()

    def _bots_to_move(self, step: bool = False) -> bool:
        """A bot is to move (Match.bot_to_move) and, unless ``step``, the speed lets it play without the Next bot
        move button."""
        return self.match.bot_to_move() is not None and (step or not self.session.step)

    def _play_bots(self) -> bool:
        """Let the bots play up to the learner's turn: at once when fast or with no event loop to pace on (a script,
        a test), otherwise one move per delay from a task on the kernel's event loop. True if they played at once
        (the board has their moves to draw)."""
        self._stop_bots()
        delay = self.delays.get(self.speed.value, 0.0)
        try:
            loop = asyncio.get_running_loop()  # the kernel's, inside a click or a cell
        except RuntimeError:
            loop = None
        played = False
        if self._bots_to_move() and delay and loop:
            self.pacing = loop.create_task(self._pace(delay))
        else:
            while self._bots_to_move():
                self.session.bot_move()
                played = True
            if played:
                self._show_step()
                self.coach.between_bots()
        self._waiting()
        return played

    async def _pace(self, delay: float) -> None:
        """The bots' moves one by one, paced by ``pause_before`` (Senza Nome's draw, runs and discard follow each
        other sooner than two bots' turns), so a class follows each move on the projector while five bots' turns
        take a few seconds, not ten. A bot thinks during its pause, off the event loop where threads exist, so the
        learner waits for the longer of the two, not both; the board, the log and every button answer meanwhile."""
        try:
            seat, paused = None, 0.0
            while self._bots_to_move():
                to_move, before = self.match.bot_to_move(), self.state
                if to_move is None:
                    break
                pause = pause_before(delay, to_move != seat, paused)
                seat, paused = to_move, paused + pause
                decide = functools.partial(self.match.bot().decide, before, to_move)
                thinking = asyncio.to_thread(decide) if not IN_BROWSER else _at_once(decide)
                thought, _slept = await asyncio.gather(thinking, asyncio.sleep(pause), return_exceptions=True)
                guarded(functools.partial(self._bot_decided, thought), self.feedback)
                if self.state is before:  # it failed, and the error panel says so: stop rather than retry
                    break
                self._show_log()
        finally:
            if self.pacing is asyncio.current_task():
                self.pacing = None
                self._waiting()

    def stop(self) -> None:
        self._stop_bots()

    def _stop_bots(self) -> None:
        if self.pacing is not None:
            self.pacing.cancel()
            self.pacing = None

    def _bot_decided(self, thought: Decision | BaseException) -> None:
        """A bot's move, decided meanwhile on the position shown (checked: the position may have moved on)."""
        if isinstance(thought, BaseException):  # the bot failed: said on the page as any failure is (guarded)
            raise thought
        before = self.state
        self.session.bot_move(thought.move)
        self.coach.note(before, thought.move)
        self.board.redraw()
        self._show_step()
        self._waiting()

    def _show(self) -> None:
        """Show the session's position after a jump (undo, a new game, the teacher's steps)."""
        self.coach.follow()  # the decisions undone are not reviewed
        self._stop_bots()
        self._play_bots()  # back at the latest position (a new game, the teacher's forward): the bots go on
        self.board.redraw()
        self._show_log()
        self._show_step()

    def redraw(self) -> None:
        """The board, its prompt, the log, the teacher's line and the review, said again in the language spoken now."""
        self._waiting()
        self.coach.redraw()
        self.board.redraw()
        self._show_log()
        self._show_step()

    def _show_step(self) -> None:
        """The teacher's line, after every change of the position on the board; a share link shown is for the
        position before, so it goes."""
        self.saves.code = ""
        last = len(self.match.history) - 1
        text = _("Move {n} of {total}", n=self.match.cursor, total=last) if last else ""
        self.step.value = f"<span class='cg-step' style='line-height:2rem;margin-left:.5rem'>{escape(text)}</span>"

    def _waiting(self) -> None:
        """Next bot move and Skip are live exactly when a bot is to move, Play from here on an earlier position."""
        bot_to_move = self._bots_to_move(step=True)
        self.next_button.disabled = not bot_to_move
        self.buttons["skip"].disabled = not bot_to_move
        self.play_here.disabled = self.match.latest
        over = self.match.latest and self.state.is_over
        self.buttons["review"].layout.display = "" if over else "none"
        if over:
            self.coach.over()

    def _show_log(self) -> None:
        """The last lines of what happened, from the learner's seat (Match.log)."""
        self.log.value = happened(self.session.log())
