"""The tests' pseudo-language (``cardlib.core.i18n.PSEUDO``) read back: every message comes wrapped in markers, so a
word of ours left outside them is a sentence that does not go through the translations. Shared by the in-process
lesson check (tests/widgets/test_language.py) and the pages in the browser (tests/browser/test_languages.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardlib.core.i18n import CLOSE, OPEN
from cardlib.games import GAMES
from cardlib.games.nespanini.cards import KEYWORDS, SET
from cardlib.games.nespanini.decks import READY
from widgets.language import NAMES as LANGUAGES

# Words of ours that are names, the same in every language: the games' titles, each language's own name; NesPanini's
# keywords (French in every language, NES-7), its edition and ready-made decks; and the rulings' ids. (Its cards' and
# families' names are translated.)
NAMES = {*GAMES.values(), "Njet", *LANGUAGES.values(), *KEYWORDS, *(card.edition for card in SET.values())}
NAMES |= {deck["name"] for deck in READY.values()}
NAME = re.compile("|".join(re.escape(name) for name in sorted(NAMES, key=len, reverse=True)), re.IGNORECASE)
IDS = re.compile(r"[A-Z]{3}-\d+")
WORD = re.compile(r"[A-Za-zÀ-ÿ]{2,}")


def outside_markers(text: str) -> str:
    """What is left of ``text`` once every marked message (markers may nest, a name inside a sentence) is gone."""
    while True:
        stripped = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "", text)
        if stripped == text:
            return IDS.sub("", NAME.sub("", text))  # (a name may be drawn in capitals)
        text = stripped


def leaks(texts: Iterable[str]) -> list[str]:
    """The texts that hold a word outside the markers, each once, sorted."""
    return sorted({text for text in texts if WORD.search(outside_markers(text.replace("\xa0", " ")))})
