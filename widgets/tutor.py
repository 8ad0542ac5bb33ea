"""The lesson runner: the idea in a few sentences, a board in a prepared position, a task to do.

A right move is praised; a wrong one is refused with the ruling it breaks (or, if legal, with why it is not
what the lesson asks) and the board goes back to where it was. Hint, show-me, restart, previous and next.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

import cardlib
from cardlib.core import Move, State
from cardlib.core.i18n import _
from cardlib.core.lessons import Lesson
from cardlib.games import describe
from cardlib.session import LessonSession, Mode

from . import mastery
from .board import Board
from .language import PagePart, said, speak
from .layouts import layout
from .panels import STYLE, Landmark, controls, guarded, rule_card


class Tutor(PagePart):
    def __init__(
        self,
        game_id: str,
        lessons: Sequence[Lesson] | None = None,
        lang: str | None = None,
        landmark: str | None = "learn",
        record: bool = True,
    ):
        """``landmark`` names the tutor's place on its page (the gallery's "Learn" link lands on "learn");
        ``record``: the lessons done and the rulings refused are kept in the learner's record (widgets/mastery.py)."""
        speak(lang)  # by default the page's language (``?lang=``): see widgets/language.py
        self.game = cardlib.load(game_id)
        if lessons is None:
            lessons = describe(game_id).lessons()
        self.lessons = tuple(lessons)
        self.index = 0
        self.done: set[str] = set()
        self.session = LessonSession(layout(game_id), self.lessons[0])
        self.board = Board(layout(game_id), self.session)
        if record:  # the lessons done and the rulings refused, kept in the learner's browser
            mastery.follow(self.session, self.board.table.after_answer)
        said(self.board.table, name=lambda: _("Lesson board"))
        self.session.on_move(self._moved)
        # (named, the gallery's link lands on it; named or not, it takes the focus to the lesson's title when asked)
        self.landmark = Landmark(name=landmark or "")
        self.header = w.HTML()
        self.text = w.HTML()
        self.feedback = w.HTML()
        self.progress = w.HTML()
        self.buttons = {
            "previous": said(w.Button, description=lambda: _("◀ Previous"), tooltip=lambda: _("The lesson before")),
            "hint": said(
                w.Button, icon="lightbulb-o", description=lambda: _("Hint"), tooltip=lambda: _("What should I do?")
            ),
            "show": said(
                w.Button, icon="eye", description=lambda: _("Show me"), tooltip=lambda: _("Play the solution")
            ),
            "restart": said(
                w.Button, icon="refresh", description=lambda: _("Restart"), tooltip=lambda: _("Back to the start")
            ),
            "next": said(
                w.Button, button_style="primary", description=lambda: _("Next ▶"), tooltip=lambda: _("The next lesson")
            ),
        }
        for name, button in self.buttons.items():
            button.on_click(lambda _button, name=name: guarded(getattr(self, name), self.feedback))
        self.widget = w.VBox(
            [
                self.landmark,
                self.header,
                self.progress,
                self.text,
                self.board.table,
                self.feedback,
                controls(*self.buttons.values()),
            ],
            layout=w.Layout(max_width="1100px"),
        )
        self.go(0)
        if record:
            mastery.when_lesson_asked(self.lessons, self.go)  # the gallery's link to the next lesson
        if lang is None:  # the page's language: in a preheated kernel, the page's once it comes
            self.follow_the_page()

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    # -- navigation ---------------------------------------------------------------------------------------

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.lessons) - 1))
        self.session.start(self.lesson)
        self.board.redraw()
        self._describe()
        self.buttons["previous"].disabled = self.index == 0
        self.buttons["next"].disabled = self.index == len(self.lessons) - 1

    def redraw(self) -> None:
        """The lesson's words and its board, said again in the language spoken now."""
        self._describe()
        self.board.redraw()

    def _describe(self) -> None:
        """The lesson's title, text, task, house rulings and the progress dots."""
        lesson = self.lesson
        rules = " ".join(f"<span class='cg-rule-id'>{rule}</span>" for rule in lesson.rules)
        title = _("Lesson {n} of {total}: {title}", n=self.index + 1, total=len(self.lessons), title=_(lesson.title))
        self.header.value = f"<h3 style='margin:0.3em 0'>{escape(title)} {rules}</h3>"
        # where finding the place is the task, the places do not light up, though the page says they do
        unlit = _("In this lesson the places do not light up: finding them is the task.")
        unlit = "" if lesson.targets else f"<p>{escape(unlit)}</p>"
        self.text.value = (
            f"<div style='{STYLE}'><p>{escape(_(lesson.text))}</p><p><b>{escape(_(lesson.task))}</b></p>{unlit}</div>"
        )
        houses = "".join(rule_card(self.game, r) for r in lesson.rules if self.game.rules[r].house)
        self.feedback.value = houses
        self._progress()

    def previous(self) -> None:
        self.go(self.index - 1)
        self._keep_focus("previous")

    def next(self) -> None:
        self.go(self.index + 1)
        self._keep_focus("next")

    def _keep_focus(self, pressed: str) -> None:
        """The button pressed greys at the first or last lesson: the focus, which would fall to the page's start,
        goes to the lesson's title, which a screen reader then reads."""
        if self.buttons[pressed].disabled:
            self.landmark.focus()

    def restart(self) -> None:
        self.go(self.index)

    def hint(self) -> None:
        self.session.hint()  # the lesson's own way to success, explained like any hint
        self.board.redraw()

    def show(self) -> None:
        """Play a way to the lesson's success on the board, as the learner would (from the start if needed)."""
        self.session.show_way()
        self.board.redraw()

    # -- judging ------------------------------------------------------------------------------------------

    def _moved(self, before: State, move: Move, shown: State) -> None:
        """A lesson solved is done (one shown is not); the dots say so."""
        if self.session.mode is Mode.SOLVED:
            self.done.add(self.lesson.id)
        if self.session.mode in (Mode.SOLVED, Mode.SHOWN):
            self._progress()

    def _progress(self) -> None:
        """A dot per lesson, each with its meaning in words (for a screen reader, and on hover)."""
        states = {"done": ("●", _("{title}: done")), "here": ("◉", _("{title}: this lesson")), "todo": ("○", "{title}")}
        dots = []
        for i, lesson in enumerate(self.lessons):
            symbol, words = states["done" if lesson.id in self.done else "here" if i == self.index else "todo"]
            said = escape(words.format(title=_(lesson.title)))
            dots.append(f"<span role='img' aria-label='{said}' title='{said}' style='margin-right:4px'>{symbol}</span>")
        done = self._done_words()
        progress = escape(_("Progress"))
        self.progress.value = (
            f"<div role='group' aria-label='{progress}' style='font-size:1.2rem'>{''.join(dots)}"
            f" <span style='font-size:1rem'>{escape(done)}</span></div>"
        )

    def _done_words(self) -> str:
        return _("{n} of {total} lessons done", n=len(self.done), total=len(self.lessons))
