"""The words of a game's notebook page around its apps, in the page's language: the introduction under the game's
title and each section's heading and text. They live in the game's descriptor (``ABOUT.page``), marked for
translation like every sentence a learner reads, so the notebook itself holds only the title, a name that is the same
in every language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

import ipywidgets as w

from cardlib.core.i18n import N_, _
from cardlib.games import describe

from .language import said, speak
from .mastery import learner

LESSONS = N_("Lessons")
TEXT = "font-size:1.05rem;line-height:1.5;max-width:72rem"  # as a Markdown cell reads, not a widget's one-line label


def inline(text: str) -> str:
    """A sentence as HTML: escaped, with Markdown's **bold** and *italic*."""
    html = escape(text)
    html = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", html)
    return re.sub(r"\*(.+?)\*", r"<em>\1</em>", html)


def introduction(game_id: str, lang: str | None = None) -> w.VBox:
    """The paragraphs under the game's title; ``lang``: the page's language, by default its ``?lang=``. With them,
    unseen, the keeper of the learner's record in the browser (widgets/mastery.py), which the page's tutor and game
    app tell of the learner's moves."""
    speak(lang)
    paragraphs = describe(game_id).page.get("intro", ())
    words = _words(lambda: "".join(f"<p>{inline(_(text))}</p>" for text in paragraphs), follow=lang is None)
    return w.VBox([words, learner().keeper])


def section(game_id: str, name: str) -> w.HTML:
    """A section's heading and text: "lessons", "play", or another the game's descriptor names."""
    heading, *text = (LESSONS,) if name == "lessons" else describe(game_id).page[name]
    return _words(lambda: f"<h2>{inline(_(heading))}</h2>" + "".join(f"<p>{inline(_(line))}</p>" for line in text))


def _words(html: Callable[[], str], follow: bool = True) -> w.HTML:
    """The page's words from ``html()``, said again in the page's language if it asks for another once it takes a
    preheated kernel (unless ``follow`` is false: the notebook chose the language)."""

    def value() -> str:
        return f"<div style='{TEXT}'>{html()}</div>"

    return said(w.HTML, value=value) if follow else w.HTML(value())
