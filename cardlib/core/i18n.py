"""The one translation layer every sentence a learner reads goes through (docs/design.md, "Words on the screen").

Messages are whole sentences with named placeholders, looked up by their English text in the gettext catalogs
``cardlib/locale/<lang>/LC_MESSAGES/cardlib.po`` (``make messages`` extracts them from the code). A catalog is
compiled in memory the first time its language is asked for, so no compiled file can ever be stale. English needs
no catalog; a language without one falls back to English rather than failing, so a missing translation never
breaks a lesson. ``PSEUDO`` is a language of its own for tests: every message wrapped in markers, so that a page's
text outside the markers is text that did not come through here.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
PSEUDO = "pseudo"
OPEN, CLOSE = "⟦", "⟧"  # the pseudo-language's markers


class _Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """``language``'s messages, compiled from its catalog (English, or a language with none: the messages as they
    are written)."""
    if language == PSEUDO:
        return _Pseudo()
    po = LOCALE_DIR / language / "LC_MESSAGES" / "cardlib.po"
    if not po.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo  # only a page in another language pays for importing Babel
    from babel.messages.pofile import read_po

    with po.open("rb") as file:
        messages = read_po(file, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def current_language() -> str:
    """The language every message is in now."""
    return _language


def set_language(language: str) -> None:
    """Switch every later message to ``language`` ("en", "it", "fr")."""
    global _translation, _language
    _translation, _language = catalog(language), language


def languages() -> list[str]:
    """English and every language with a catalog, in the order a chooser lists them."""
    found = sorted(path.parent.parent.name for path in LOCALE_DIR.glob("*/LC_MESSAGES/cardlib.po"))
    return ["en", *(language for language in found if language != "en")]


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Every message inside the ``with`` block in ``language``; the language before it afterwards."""
    global _translation, _language
    before = _translation, _language
    set_language(language)
    try:
        yield
    finally:
        _translation, _language = before


def _(message: str, /, **fields: object) -> str:
    """Translate ``message``, then fill its named ``{fields}``."""
    text = _translation.gettext(message) if message else message  # gettext("") is a catalog's header
    return text.format(**fields) if fields else text


def pgettext(context: str, message: str, /, **fields: object) -> str:
    """Translate ``message`` as it is meant in ``context`` (a short word that reads differently in two places:
    the gallery's "Play" link and a rule book's "Play"), then fill its ``{fields}``."""
    text = _translation.pgettext(context, message)
    return text.format(**fields) if fields else text


def NP_(context: str, message: str, /) -> str:
    """``N_`` for a message that ``pgettext`` translates in ``context``."""
    return message


def N_(message: str, /) -> str:
    """Mark a message for translation where it is defined (a table, a lesson); ``_`` translates it where it is
    shown, so a language chosen later still reaches it."""
    return message


def ngettext(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """Translate a sentence whose form depends on the count ``n`` ("1 card", "2 cards"; some languages have more
    than two forms, which their catalogs carry), then fill its ``{fields}`` (``n`` among them)."""
    return _translation.ngettext(singular, plural, n).format(n=n, **fields)
