"""The tests' pseudo-language (``cardlib.core.i18n.PSEUDO``) read back: every message comes wrapped in markers, so a
word of ours left outside them is a sentence that does not go through the translations. Shared by the in-process
lesson check (tests/widgets/test_language.py) and the pages in the browser (tests/browser/test_languages.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from html import unescape
from typing import TYPE_CHECKING

from cardlib.core.i18n import CLOSE, OPEN
from cardlib.games import GAMES
from cardlib.games.nespanini.cards import KEYWORDS, SET
from cardlib.games.nespanini.decks import READY
from widgets.language import NAMES as LANGUAGES

if TYPE_CHECKING:
    from widgets.tutor import Tutor

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


# What a learner reads on a board and in the tutor, in-process (tests/widgets/test_language.py, tools/reading_sample.py)
HIDDEN = {"id", "rank", "suit", "kind", "layout", "place", "verb", "card_size", "colour", "symbol", "owner", "picks"}


def shown(tutor: Tutor) -> list[str]:
    """Every text the tutor shows now: its header, text, progress and panel (HTML read as text and attributes), its
    buttons, and every word of the board's scene."""
    texts = [button.description for button in tutor.buttons.values()]
    texts += [button.tooltip for button in tutor.buttons.values()]
    for html in (tutor.header.value, tutor.text.value, tutor.progress.value, tutor.feedback.value):
        texts += html_words(html)
    return texts + list(scene_words(tutor.board.table.scene))


def html_words(html: str) -> list[str]:
    """The texts of an HTML widget's value, and its labels and tooltips."""
    found = re.findall(r">([^<>]+)<|(?:aria-label|title)='([^']*)'", html)
    return [unescape(text) for texts in found for text in texts if text.strip()]


def scene_words(value: object) -> Iterator[str]:
    """The words in a scene: every string but the ids, codes and kinds the page does not show."""
    if isinstance(value, dict):
        for name, item in value.items():
            if name not in HIDDEN:
                yield from scene_words(item)
    elif isinstance(value, list):
        for item in value:
            yield from scene_words(item)
    elif isinstance(value, str) and value:
        yield value
