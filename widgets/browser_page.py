"""What a page of the static site (static_site/, docs/static.md) says before its Python is up: the browser's own
Python takes a few seconds to start, and until it has, nothing of the tutor's can speak. These words are written
into each page by ``make site`` (static_site/build.py), through cardlib.core.i18n, in every language, and the page
picks its own by its ``?lang=``.
"""

from __future__ import annotations

from cardlib.core.i18n import N_

WORDS = {
    "title": N_("Card-game rules tutor"),
    "python": N_("Starting Python in your browser: the first visit takes a few seconds…"),
    "tutor": N_("Setting up the table…"),
    "failed": N_("This page could not start in your browser: {error}"),
}
