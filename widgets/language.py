"""The language a page speaks: ``?lang=it`` in its address (the gallery's switch puts it in every link), else
English. A notebook's apps ask for it when they are made (``GameApp(game_id, lang=...)`` chooses one outright), and
every sentence after that comes through ``cardlib.core.i18n`` in that language.

A kernel Voilà preheated (``make classroom``) ran its notebook before any page asked for it: there the first app
waits for the page's request (``where.page_query``), so that what the page shows is built in the learner's language
from the start.
"""

from __future__ import annotations

from functools import cache
from urllib.parse import parse_qs

from cardlib.core.i18n import PSEUDO, languages, set_language

from .where import page_query

NAMES = {"en": "English", "it": "Italiano", "fr": "Français"}  # each in its own language, as a chooser shows it


@cache
def page_language() -> str | None:
    """The ``lang`` of the page's address, if the tutor speaks it; None when the page asked for none (JupyterLab, a
    test, a page opened without it)."""
    asked = parse_qs(page_query()).get("lang", [""])[0]
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
