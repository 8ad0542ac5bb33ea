"""The language a page speaks: ``?lang=it`` in its address (the gallery's switch puts it in every link), else the
one ``TUTOR_LANG`` names (``make classroom TUTOR_LANG=it`` sets it for a class), else English. A notebook's apps
ask for it when they are made (``GameApp(game_id, lang=...)`` chooses one outright), and every sentence after that
comes through ``cardlib.core.i18n`` in that language.

A kernel Voilà preheated (``make classroom``) built its page before any page asked for it, in ``TUTOR_LANG``'s
language. Its apps are built once: when the page that takes the kernel asks for another language, the page is said
again in it, not built again. The engines' words are messages said where they are drawn, so each part of the page
draws again (``PagePart.redraw``); the words a part fixed when it was made (a button's label, a menu's entries, a
rule book) were set with ``said``, which says them again.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import parse_qs

import ipywidgets as w

from cardlib.core.i18n import PSEUDO, Message, catalog, current_language, languages, set_language

from .preheated import waiting_for_page, when_page
from .where import page_query

W = TypeVar("W", bound=w.Widget)

NAMES = {"en": "English", "it": "Italiano", "fr": "Français"}  # each in its own language, as a chooser shows it


def page_language() -> str | None:
    """The language the page asked for (``lang`` in its address) or, where it asked for none, ``TUTOR_LANG``'s, if
    the tutor speaks it, or else the first the learner's browser prefers of those it speaks (Voilà passes the
    page's Accept-Language: voila.json's ``http_header_envs``); None when none names one (JupyterLab, a test)."""
    asked = parse_qs(page_query()).get("lang", [""])[0] or os.environ.get("TUTOR_LANG", "")
    if asked in (*languages(), PSEUDO):
        return asked
    return browser_language(os.environ.get("HTTP_ACCEPT_LANGUAGE", ""))


def browser_language(accept: str) -> str | None:
    """The language of ``accept`` (an Accept-Language header, "fr-CH, fr;q=0.9, en;q=0.8") the tutor speaks that
    the browser prefers most; None if it prefers none of them."""
    ranked = []
    for index, part in enumerate(accept.split(",")):
        tag, _semicolon, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        language = tag.split("-")[0].strip().lower()
        if language in languages() and weight > 0:
            ranked.append((-weight, index, language))
    return min(ranked)[2] if ranked else None


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


Words = Callable[[], Any]  # what a widget's trait says, said anew in the language spoken then

# While no page has taken this preheated kernel: the words said, each widget (weakly, so a closed one goes) with its
# traits' words, and the parts of the page to draw again, once the page comes in another language.
_said: list[tuple[weakref.ref[w.Widget], dict[str, Words]]] = []
_redraws: list[Callable[[], None]] = []


def said(widget: W | type[W], *args: Any, **traits: Any) -> W:
    """``widget`` with each of its traits given as words (``description``, ``tooltip``, ``value``, ``options``, ...:
    a Message, or a function that says them) set to them as said now; its other traits as given. ``widget`` is a
    widget, or a kind of widget made here with ``args`` and the traits (so its first state, which Voilà sends once,
    already holds its words). In a preheated kernel no page has taken yet, the words are said again in the language
    of the page that takes it, if it asks for another."""
    words = {trait: _sayer(text) for trait, text in traits.items() if callable(text) or isinstance(text, Message)}
    plain = {trait: value for trait, value in traits.items() if trait not in words}
    if isinstance(widget, w.Widget):
        made = widget
        _say(made, words)
    else:
        made = widget(*args, **plain, **{trait: say() for trait, say in words.items()})
    if waiting_for_page():
        _follow_the_page()
        _said.append((weakref.ref(made), words))
    return made


def _sayer(text: Message | Words) -> Words:
    return (lambda: str(text)) if isinstance(text, Message) else text


def _say(widget: w.Widget, sayers: dict[str, Words]) -> None:
    for trait, say in sayers.items():
        if trait == "options":  # a menu's entries said anew keep the one chosen, and tell no observer of a change
            widget._initializing_traits_ = True  # how ipywidgets keeps the choice while it sets the options itself
            try:
                widget.options = say()
            finally:
                widget._initializing_traits_ = False
            widget.set_trait("label", widget._options_labels[widget.index] if widget.index is not None else None)
        else:
            setattr(widget, trait, say())


class PagePart:
    """A part of a page shown as its ``widget`` box (a Tutor, a GameApp, a DeckBuilder): built once, and drawn again
    in the page's language once a page takes a preheated kernel (``follow_the_page``)."""

    widget: w.Box

    def redraw(self) -> None:
        """Draw again what the part shows, in the language spoken now; the words it ``said`` are said for it."""

    def stop(self) -> None:
        """Stop what the part does on its own (a game's bots); by default nothing."""

    def follow_the_page(self) -> None:
        """In a preheated kernel no page has taken yet: drawn again once one does, in another language."""
        if waiting_for_page():
            _follow_the_page()
            _redraws.append(self.redraw)


def _follow_the_page() -> None:
    """Once, in a preheated kernel: when the page comes, in another language than the one spoken, switch to it, say
    every word ``said`` again and draw every part again."""
    if _said or _redraws:
        return  # already asked
    for spoken in languages():  # compiled while the kernel waits, not while its learner does
        catalog(spoken)

    def follow() -> None:
        asked = page_language()
        if asked is not None and asked != current_language():
            set_language(asked)
            for widget_ref, sayers in _said:
                widget = widget_ref()
                if widget is not None and widget.comm is not None:
                    _say(widget, sayers)
            for redraw in _redraws:
                redraw()
        _said.clear()
        _redraws.clear()

    when_page(follow)
