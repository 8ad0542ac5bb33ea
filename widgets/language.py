"""The language a page speaks: ``?lang=it`` in its address (the gallery's switch puts it in every link), else the
one ``TUTOR_LANG`` names (``make classroom TUTOR_LANG=it`` sets it for a class), else English. A notebook's apps
ask for it when they are made (``GameApp(game_id, lang=...)`` chooses one outright), and every sentence after that
comes through ``cardlib.core.i18n`` in that language.

A kernel Voilà preheated (``make classroom``) built its page before any page asked for it, in ``TUTOR_LANG``'s
language; a page that asks for another once it takes the kernel has each part built again in it, in place
(``respeak_later``): a class that opens its pages in the pool's language waits for nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from cardlib.core.i18n import PSEUDO, current_language, languages, set_language

from .where import page_query, waiting_for_page, when_page

NAMES = {"en": "English", "it": "Italiano", "fr": "Français"}  # each in its own language, as a chooser shows it


def page_language() -> str | None:
    """The language the page asked for (``lang`` in its address) or, where it asked for none, ``TUTOR_LANG``'s, if
    the tutor speaks it; None when neither names one (JupyterLab, a test, a page opened without it)."""
    asked = parse_qs(page_query()).get("lang", [""])[0] or os.environ.get("TUTOR_LANG", "")
    return asked if asked in (*languages(), PSEUDO) else None


def speak(lang: str | None = None) -> None:
    """Make every later sentence of this kernel ``lang`` (None: the page's language, if it asked for one; else
    the language already spoken is kept). A language the tutor does not speak is refused by name."""
    if lang is None:
        lang = page_language()
        if lang is None:
            return
    elif lang not in (*languages(), PSEUDO):
        raise ValueError(f"the tutor speaks {', '.join(languages())}, not '{lang}'")
    set_language(lang)


def respeak_later(part: Callable[[str], None]) -> None:
    """In a preheated kernel no page has taken yet, ``part(lang)`` builds a part of the page, just built in the
    language spoken now, again in ``lang`` if the page that takes the kernel asks for another; elsewhere nothing."""
    if not waiting_for_page():
        return
    built = current_language()

    def follow() -> None:
        asked = page_language()
        if asked is not None and asked != built:
            set_language(asked)
            part(asked)

    when_page(follow)


def rebuild_later(shown: Any, build: Callable[[str], Any]) -> None:
    """``respeak_later`` for a part shown as its ``widget`` box (a Tutor, a GameApp, a DeckBuilder): ``build(lang)``
    makes it again, and the new one takes the old one's place. The box the page shows stays (its model is in the
    page Voilà rendered ahead) and gets the new parts; the old parts are closed, so their comms and memory go."""

    def in_place(lang: str) -> None:
        fresh = build(lang)
        shell, old = shown.widget, shown.widget.children
        shell.children = fresh.widget.children
        fresh.widget.close()
        fresh.widget = shell
        for part in old:
            close_all(part)

    respeak_later(in_place)


def close_all(widget: w.Widget) -> None:
    """Close ``widget`` and every widget inside it (a box's children, layouts and styles)."""
    for child in getattr(widget, "children", ()):
        close_all(child)
    for inner in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(inner, w.Widget):
            inner.close()
    widget.close()
