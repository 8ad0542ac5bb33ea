"""The language a page speaks: ``?lang=it`` in its address (the gallery's switch puts it in every link), else the
one ``TUTOR_LANG`` names (``make classroom TUTOR_LANG=it`` sets it for a class), else English. A notebook's apps
ask for it when they are made (``GameApp(game_id, lang=...)`` chooses one outright), and every sentence after that
comes through ``cardlib.core.i18n`` in that language.

A kernel Voilà preheated (``make classroom``) built its page before any page asked for it, in ``TUTOR_LANG``'s
language, and its apps ahead in the other languages too (``build_ahead``): once a page takes the kernel, it shows
the ones in the language it asks for, and the others are closed. Building them once the page asks took a tenth of a
CPU-second a page, from a whole class arriving together (docs/performance.md). The page's few words are written
again in place (``respeak_later``): they cost next to nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from urllib.parse import parse_qs

import comm
import ipywidgets as w

from cardlib.core.i18n import PSEUDO, current_language, languages, set_language

from .panels import log
from .preheated import trouble, waiting_for_page, when_page
from .where import page_query

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


# While a part is built ahead in another language (``build_ahead``): it follows no page of its own, the part it
# stands in for does.
_ahead = False


def respeak_later(part: Callable[[str], None]) -> None:
    """In a preheated kernel no page has taken yet, ``part(lang)`` builds a part of the page, just built in the
    language spoken now, again in ``lang`` if the page that takes the kernel asks for another; elsewhere nothing."""
    if not waiting_for_page() or _ahead:
        return
    built = current_language()

    def follow() -> None:
        if asked := _speak_as_asked(built):
            part(asked)

    when_page(follow)


def _speak_as_asked(built: str) -> str | None:
    """The language the page that took the kernel asks for, now spoken, if it is not ``built``; else None."""
    asked = page_language()
    if asked is None or asked == built:
        return None
    set_language(asked)
    return asked


class PagePart:
    """A part of a page shown as its ``widget`` box (a Tutor, a GameApp, a DeckBuilder) that a preheated kernel
    builds ahead in every language (``build_ahead``)."""

    widget: w.Box
    retired = False  # another part, in the page's language, shows in its place

    def stop(self) -> None:
        """Stop what the part does on its own, now that it no longer shows (a game's bots); by default nothing."""


def build_ahead(shown: PagePart, build: Callable[[str], PagePart]) -> None:
    """In a preheated kernel no page has taken yet, ``build(lang)`` makes ``shown`` again in each other language
    the tutor speaks, at once. Once a page takes the kernel, the one in its language takes ``shown``'s place: the box
    the page shows stays (its model is in the page Voilà rendered ahead) and gets the new one's parts; the parts
    that do not show are stopped and closed, so their comms and memory go, before the page asks for its widgets."""
    if not waiting_for_page() or _ahead:
        return
    built = current_language()
    ahead: dict[str, PagePart] = {}

    def follow() -> None:  # before the jobs of the parts built ahead: a part retired here takes no share link
        asked = _speak_as_asked(built)
        # built now for a language not built ahead (the pseudo-locale)
        fresh = (ahead.pop(asked, None) or build(asked)) if asked else None
        for part in ahead.values():
            retire(part, part.widget)
        if fresh is not None:
            shell, old = shown.widget, shown.widget.children
            shell.children = fresh.widget.children
            fresh.widget.close()
            fresh.widget = shell
            retire(shown, *old)

    when_page(follow)
    for lang in languages():
        if lang != built:
            part = _build_in(lang, build)
            if part is not None:
                ahead[lang] = part
    set_language(built)


def _build_in(lang: str, build: Callable[[str], PagePart]) -> PagePart | None:
    """``build(lang)``, or None if it fails: the page that asks for ``lang`` then has it built when it comes."""
    global _ahead
    _ahead = True
    try:
        set_language(lang)
        return build(lang)
    except Exception:
        log.exception("A part of the page could not be built ahead in %s", lang)
        trouble("unbuilt", lang)
        return None
    finally:
        _ahead = False


def retire(part: PagePart, *shown: w.Widget) -> None:
    """``part`` no longer shows: it stops, and the widgets it showed are closed. No page has seen them (they were
    built before a page took the kernel, which asks for its widgets once it has its address), so they close without
    a message to it: some 200 messages a language, 11 ms of a pooled kernel's CPU at the moment its learner
    arrives, with the whole class's kernels doing the same on the same cores."""
    part.retired = True
    part.stop()
    for widget in shown:
        close_all(widget, unseen=True)


def close_all(widget: w.Widget, unseen: bool = False) -> None:
    """Close ``widget`` and every widget inside it (a box's children, layouts and styles); ``unseen``: without
    telling the page, for widgets no page has a model of."""
    for child in getattr(widget, "children", ()):
        close_all(child, unseen)
    for inner in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(inner, w.Widget):
            close_all(inner, unseen)
    if unseen and widget.comm is not None:
        widget.comm._closed = True  # what comm's own close sets before it sends the message: so it sends none
        comm.get_comm_manager().unregister_comm(widget.comm)
    widget.close()
