"""The one translation layer every sentence a learner reads goes through (DESIGN.md, "Words on the screen").

Messages are whole sentences with named placeholders, looked up by their English text in gettext catalogs
(``cardlib/locale/<lang>/LC_MESSAGES/cardlib.mo``). English needs no catalog; a language without one falls back
to English rather than failing, so a missing translation never breaks a lesson.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(language: str) -> None:
    """Switch every later message to ``language`` ("en", "it", "fr")."""
    global _translation
    _translation = gettext.translation("cardlib", _LOCALE_DIR, languages=[language], fallback=True)


def languages() -> list[str]:
    """English and every language with a catalog, in the order a chooser lists them."""
    found = sorted(path.parent.parent.name for path in _LOCALE_DIR.glob("*/LC_MESSAGES/cardlib.mo"))
    return ["en", *(language for language in found if language != "en")]


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Every message inside the ``with`` block in ``language``; the language before it afterwards."""
    global _translation
    before = _translation
    set_language(language)
    try:
        yield
    finally:
        _translation = before


def _(message: str, /, **fields: object) -> str:
    """Translate ``message``, then fill its named ``{fields}``."""
    text = _translation.gettext(message) if message else message  # gettext("") is a catalog's header
    return text.format(**fields) if fields else text


def N_(message: str, /) -> str:
    """Mark a message for translation where it is defined (a table, a lesson); ``_`` translates it where it is
    shown, so a language chosen later still reaches it."""
    return message


def ngettext(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """Translate a sentence whose form depends on the count ``n`` ("1 card", "2 cards"; some languages have more
    than two forms, which their catalogs carry), then fill its ``{fields}`` (``n`` among them)."""
    return _translation.ngettext(singular, plural, n).format(n=n, **fields)
