"""The one translation layer every sentence a learner reads goes through (docs/design.md, "Words on the screen").

Messages are whole sentences with named placeholders, looked up by their English text in the gettext catalogs
``cardlib/locale/<lang>/LC_MESSAGES/cardlib.po`` (``make messages`` extracts them from the code). A catalog is
compiled in memory the first time its language is asked for, so no compiled file can ever be stale (only the static
site's copy of the package carries them compiled, by ``make site``, and no ``.po``, so that a browser needs no
Babel). English needs no catalog; a language without one falls back to English rather than failing, so a missing
translation never breaks a lesson. ``PSEUDO`` is a language of its own for tests: every message wrapped in markers,
so that a page's text outside the markers is text that did not come through here.

The engines never say a sentence: they make ``Message``s (``lazy_gettext``, imported there as ``_``), kept as their
id and fields in a position and its JSON, and said in a reader's language only where they are shown.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
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


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence kept as what it says, its message id and its named fields, and said in a language only where it
    is shown (gettext's lazy strings: Babel's ``LazyString``, Django's ``gettext_lazy``).

    The engines speak in Messages: a move's events, a refusal's reason, a hint's why. So a position, its JSON and
    a save are the same whatever language the game is played in, a bot's search never translates, and a page
    says each message in its own language: ``str(message)``, or a field of another message, says it in the
    language spoken then (``speaking``). ``plural`` is the English plural of a message counted by its field
    ``n``; ``context`` the catalog context of a short word that reads differently in two places; ``capital``
    says it with a capital first letter (a name's form at the start of a sentence). A field is text, a number, or
    a Message itself (a row's name inside "You place 7♥ in your front row.")."""

    id: str
    fields: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    context: str | None = None
    capital: bool = False

    def __str__(self) -> str:
        text = _translation
        if self.plural is not None:
            said = text.ngettext(self.id, self.plural, dict(self.fields)["n"])
        elif self.context is not None:
            said = text.pgettext(self.context, self.id)
        else:
            said = text.gettext(self.id) if self.id else ""  # gettext("") is a catalog's header
        said = _fill(said, dict(self.fields)) if self.fields else said
        return said[:1].upper() + said[1:] if self.capital else said

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __bool__(self) -> bool:
        return bool(self.id)

    def to_json(self) -> dict[str, Any]:
        """The message as JSON (``cardlib.core.serial.message`` reads it back): its id, its fields (a Message
        among them as its own JSON), its plural and context where it has them."""
        data: dict[str, Any] = {"id": self.id}
        if self.fields:
            data["fields"] = {
                key: value.to_json() if isinstance(value, Message) else value for key, value in self.fields
            }
        if self.plural is not None:
            data["plural"] = self.plural
        if self.context is not None:
            data["context"] = self.context
        if self.capital:
            data["capital"] = True
        return data


@dataclass(frozen=True, slots=True)
class Joined(Message):
    """Parts said one after another with ``between``: messages, and text said as it is (a card's symbol, "×2")."""

    parts: tuple[Message | str, ...] = ()
    between: str = " "

    def __str__(self) -> str:
        return self.between.join(said for said in map(str, self.parts) if said)

    def __bool__(self) -> bool:
        return any(self.parts)

    def to_json(self) -> dict[str, Any]:
        return {"joined": [_json(part) for part in self.parts], "between": self.between}


@dataclass(frozen=True, slots=True)
class AndJoined(Joined):
    """``a, b and c``: names in a sentence, joined as the reader's language joins them ("a, b e c", "a, b et c")."""

    def __str__(self) -> str:
        said = [str(part) for part in self.parts]
        if len(said) == 1:
            return said[0]
        items, last = ", ".join(said[:-1]), said[-1]
        if last[:1] in "EeÈèÉé":  # Italian joins it with "ed": "Ovest ed Est"
            return pgettext("a list whose last item starts with e", "{items} and {last}", items=items, last=last)
        return pgettext("a list", "{items} and {last}", items=items, last=last)

    def to_json(self) -> dict[str, Any]:
        return {"and": [_json(part) for part in self.parts]}


def and_joined(names: Iterable[Message | str]) -> Message:
    """``a, b and c``, said in the reader's language (``AndJoined``). One name is that name itself, so a
    translation can still ask it for its forms ("{names.The}": "Il Giocatore 2")."""
    parts = tuple(names)
    if len(parts) == 1 and isinstance(parts[0], Message):
        return parts[0]
    return AndJoined("", parts=parts)


def sentences(*parts: Message) -> Message:
    """``parts`` said one after another, a space between them (the empty ones left out)."""
    kept = tuple(part for part in parts if part)
    return kept[0] if len(kept) == 1 else Joined("", parts=kept)


def listed(parts: Iterable[Message | str]) -> Message:
    """``parts`` said as a list: "North, East"."""
    return Joined("", parts=tuple(parts), between=", ")


def as_is(text: str) -> Message:
    """``text`` said the same in every language: a symbol, a number."""
    return Joined("", parts=(text,))


def _json(value: Any) -> Any:
    return value.to_json() if isinstance(value, Message) else value


@dataclass(frozen=True, slots=True)
class Written(Message):
    """A sentence a save holds as text, written before messages were kept as data: a message of its own (an
    English one, a catalog's id, is said in the reader's language; another as it was written), saved again as
    the same text, so an old save or share link reads and saves as it did."""

    def to_json(self) -> Any:
        return self.id


NOTHING = Message("")  # no sentence: a legal move's reason, an event told to nobody in its own voice


@dataclass(frozen=True, slots=True)
class Name(Message):
    """A name put into a sentence (a player's, a side's, a card's), with the forms a language's grammar asks of it
    beside the plain one. A translation writes ``{name.the}`` for the name with its article ("il Giocatore 2"),
    ``{name.The}`` at the start of a sentence, ``{name.a}`` with an indefinite article ("un Soldato verde"),
    ``{name.of}`` after "of" ("del Giocatore 2") and ``{name.to}`` after "to" ("al Giocatore 2").

    Each form is a message of its own, in the form's context, whose English text is given where the name is
    defined: a player's forms are its plain name ("Player {n}", English needs none), a card's are English too ("a
    red Soldier", "the Squire"), so English sentences ask for them as well. A form the name does not have (a card
    symbol's, or a field that is not a Name at all) is its plain self: a translation that asks too much still
    reads."""

    forms: tuple[tuple[str, str], ...] = ()

    def __getattr__(self, form: str) -> Message:
        """The name's ``form`` ("the", "The"), a message of its own, said where it is shown."""
        if form.lower() not in FORMS:
            raise AttributeError(form)
        capital = form[:1].isupper()  # at the start of a sentence: "The", "A"
        message = dict(self.forms).get(form.lower())
        if message is None:
            return replace(self, capital=capital)
        return Message(message, self.fields, context=FORMS[form.lower()], capital=capital)

    def to_json(self) -> dict[str, Any]:
        return Message.to_json(self) | {"forms": dict(self.forms)}


def named(message: str, forms: Mapping[str, str], /, **fields: object) -> Name:
    """``message`` as a name, with its ``forms`` (each form's English message) for a translation to ask for. Each
    message is marked where the name is defined, with ``N_`` and ``NP_`` in the contexts of ``FORMS``, so ``make
    messages`` finds them (here they are variables: "Player {n}" in cardlib/core/protocol.py)."""
    return Name(message, tuple(fields.items()), forms=tuple(forms.items()))


class _Plain(str):
    """A field that is no Name, asked a form in a sentence: every form is the field itself (``{card.a}`` of a card
    written 7♥ is "7♥"), capitalised for a capital one (``{name.The}``)."""

    def __getattr__(self, form: str) -> str:
        if form.lower() not in FORMS:
            raise AttributeError(form)
        return self[:1].upper() + self[1:] if form[:1].isupper() else str(self)


FORM = re.compile(r"\{(\w+)\.(\w+)\}")  # a field's form in a sentence: {name.the}


@cache
def _asked(text: str) -> frozenset[str]:
    """The fields ``text`` asks a form of."""
    return frozenset(key for key, _form in FORM.findall(text))


def _fill(text: str, fields: dict[str, object]) -> str:
    if "." in text:
        asked = _asked(text)
        fields = {
            key: _Plain(value) if key in asked and not isinstance(value, Name) else value
            for key, value in fields.items()
        }
    return text.format(**fields)


def lazy_gettext(message: str, /, **fields: object) -> Message:
    """``message`` with its named ``{fields}``, kept to be said where it is shown: the engines' ``_``."""
    return Message(message, tuple(fields.items()))


def lazy_ngettext(singular: str, plural: str, n: int, /, **fields: object) -> Message:
    """A message whose form depends on the count ``n`` (``ngettext``), kept to be said where it is shown."""
    return Message(singular, (("n", n), *fields.items()), plural)


def lazy_pgettext(context: str, message: str, /, **fields: object) -> Message:
    """A message meant in ``context`` (``pgettext``), kept to be said where it is shown."""
    return Message(message, tuple(fields.items()), context=context)


def _(message: str, /, **fields: object) -> str:
    """Translate ``message``, then fill its named ``{fields}``: said now, in the language spoken now."""
    return str(lazy_gettext(message, **fields))


def pgettext(context: str, message: str, /, **fields: object) -> str:
    """Translate ``message`` as it is meant in ``context`` (a short word that reads differently in two places:
    the gallery's "Play" link and a rule book's "Play"), then fill its ``{fields}``."""
    return str(lazy_pgettext(context, message, **fields))


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
    return str(lazy_ngettext(singular, plural, n, **fields))
