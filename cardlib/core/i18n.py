"""The one translation layer every sentence a learner reads goes through (docs/design.md, "Words on the screen").

Messages are whole sentences with named placeholders, looked up by their English text in the gettext catalogs
``cardlib/locale/<lang>/LC_MESSAGES/cardlib.po`` (``make messages`` extracts them from the code). A catalog is
compiled in memory the first time its language is asked for, so no compiled file can ever be stale (only the static
site's copy of the package carries them compiled, by ``make site``, and no ``.po``, so that a browser needs no
Babel). English needs no catalog; a language without one falls back to English rather than failing, so a missing
translation never breaks a lesson. ``PSEUDO`` is a language of its own for tests: every message wrapped in markers,
so that a page's text outside the markers is text that did not come through here.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

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
    if po.is_file():
        return gettext.GNUTranslations(io.BytesIO(compiled(po)))
    mo = po.with_suffix(".mo")  # the static site's copy: its catalogs compiled by its build, and no .po beside them
    if mo.is_file():
        with mo.open("rb") as file:
            return gettext.GNUTranslations(file)
    return gettext.NullTranslations()


def compiled(po: Path) -> bytes:
    """The catalog ``po`` compiled (a ``.mo`` file's bytes): here when a language is first asked for, and by the
    static site's build ahead of time."""
    from babel.messages.mofile import write_mo  # only a page in another language pays for importing Babel
    from babel.messages.pofile import read_po

    with po.open("rb") as file:
        messages = read_po(file, locale=po.parent.parent.name)
    mo = io.BytesIO()
    write_mo(mo, messages)
    return mo.getvalue()


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
    found = sorted({path.parent.parent.name for path in LOCALE_DIR.glob("*/LC_MESSAGES/cardlib.[mp]o")})
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


FORMS = {"a": "a", "the": "the", "of": "of the", "to": "to the"}  # a name's forms, each with its catalog context


class Name(str):
    """A name put into a sentence (a player's, a side's, a card's), with the forms a language's grammar asks of it
    beside the plain one. A translation writes ``{name.the}`` for the name with its article ("il Giocatore 2"),
    ``{name.The}`` at the start of a sentence, ``{name.a}`` with an indefinite article ("un Soldato verde"),
    ``{name.of}`` after "of" ("del Giocatore 2") and ``{name.to}`` after "to" ("al Giocatore 2").

    Each form is a message of its own, in the form's context, whose English text is given where the name is
    defined: a player's forms are its plain name ("Player {n}", English needs none), a card's are English too ("a
    red Soldier", "the Squire"), so English sentences ask for them as well. A form is looked up only when a
    sentence asks for it: names are made for every event, in a bot's search too. A form the name does not have
    (a card symbol's, or a field that is not a Name at all) is its plain self: a translation that asks too much
    still reads."""

    forms: Mapping[str, str]
    fields: dict[str, object]

    def __new__(cls, text: str, forms: Mapping[str, str] | None = None, fields: dict | None = None) -> Name:
        name = super().__new__(cls, text)
        name.forms, name.fields = forms or {}, fields or {}
        return name

    def __getattr__(self, form: str) -> str:
        if form[:1].isupper() and form.lower() in FORMS:  # at the start of a sentence: "The", "A"
            said = getattr(self, form.lower())
            return said[:1].upper() + said[1:]
        if form not in FORMS:
            raise AttributeError(form)
        message = self.forms.get(form)
        said = pgettext(FORMS[form], message, **self.fields) if message else str(self)
        setattr(self, form, said)  # asked once: a name lives in one language (a cached one is cached per language)
        return said

    def __reduce__(self) -> tuple[Any, ...]:  # a copy keeps what its forms are looked up by
        return (Name, (str(self), self.forms, self.fields))


def named(message: str, forms: Mapping[str, str], /, **fields: object) -> Name:
    """``message`` translated as a name, with its ``forms`` (each form's English message) for a translation to
    ask for. Each message is marked where the name is defined, with ``N_`` and ``NP_`` in the contexts of
    ``FORMS``, so ``make messages`` finds them (here they are variables: "Player {n}" in
    cardlib/core/protocol.py)."""
    return Name(_(message, **fields), forms, fields)


FORM = re.compile(r"\{(\w+)\.(\w+)\}")  # a field's form in a sentence: {name.the}


@cache
def _asked(text: str) -> frozenset[str]:
    """The fields ``text`` asks a form of (a sentence is filled many times: a bot's search tells every move)."""
    return frozenset(key for key, _form in FORM.findall(text))


@cache
def _as_plain(text: str, keys: frozenset[str]) -> str:
    """``text`` with a lowercase form asked of ``keys`` read as the field itself: ``{card.a}`` of a card written 7♥
    is "7♥". (A capital form, ``{name.The}``, still capitalises it: see ``_fill``.)"""
    return FORM.sub(lambda m: f"{{{m[1]}}}" if m[1] in keys and m[2].islower() else m[0], text)


def _fill(text: str, fields: dict[str, object]) -> str:
    asked = _asked(text) if "." in text else frozenset()
    plain = frozenset(key for key in asked if type(fields.get(key)) is str)  # not Names: a form is their self
    if plain:
        text = _as_plain(text, plain)
        if "." in text:  # a capital form of a plain field is left: a Name of it capitalises
            fields = {key: Name(str(value)) if key in plain else value for key, value in fields.items()}
    return text.format(**fields)


def _(message: str, /, **fields: object) -> str:
    """Translate ``message``, then fill its named ``{fields}``."""
    text = _translation.gettext(message) if message else message  # gettext("") is a catalog's header
    return _fill(text, fields) if fields else text


def pgettext(context: str, message: str, /, **fields: object) -> str:
    """Translate ``message`` as it is meant in ``context`` (a short word that reads differently in two places:
    the gallery's "Play" link and a rule book's "Play"), then fill its ``{fields}``."""
    text = _translation.pgettext(context, message)
    return _fill(text, fields) if fields else text


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
    return _fill(_translation.ngettext(singular, plural, n), {"n": n, **fields})
