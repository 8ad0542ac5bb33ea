"""Decks: the NES-3 check, the ready-made decks (decks.json beside this module) and deck files.

A deck is a list of 20 card codes. ``problems`` lists every NES-3 rule a deck breaks (the deck builder shows
them live); ``checked`` refuses a bad deck with the first of them, as a DeckError (a BadOption: a deck is
chosen as a game option). A deck file is either JSON, ``{"name": "Ma Cour", "cards": {"roi": 1, ...}}``
(a list of codes works too), or text, one card per line with an optional count: ``2 chevalier`` or
``2 x Chevalier errant`` (a code or a name; ``#`` starts a comment, and a first line ``# Ma Cour`` names the
deck).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cardlib.core import BadOption, BadState
from cardlib.core.i18n import Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.serial import listed

from .cards import SET, set_card
from .rules import DECK_SIZE, MAX_COPIES, MAX_FOULE

READY_DATA = Path(__file__).with_name("decks.json")
READY: dict[str, dict] = json.loads(READY_DATA.read_text(encoding="utf-8"))
_BY_NAME = {
    name.casefold(): code for code, card in SET.items() for name in card.names.values()
}  # as printed, or English
# A line's first word may be a count, "2" or "2x" (ASCII digits only); one word, so matching it is linear.
_COUNT = re.compile(r"([-+]?[0-9]+)[x×]?", re.IGNORECASE)
MAX_FILE = 20_000  # characters: a deck of 20 named cards is well under 2 000; more is not a deck file
MAX_FILE_BYTES = 4 * MAX_FILE  # a file's size over which it cannot be one (UTF-8 takes at most 4 bytes a character)
BOM = "\ufeff"  # Windows editors start a UTF-8 file with it


class DeckError(BadOption):
    """A deck NES-3 refuses; ``rule`` is the ruling it breaks."""

    rule = "NES-3"


class DeckFileError(ValueError):
    """A deck file that cannot be read as a deck; the message names the line or the field."""


def ready(name: str) -> list[str]:
    """The codes of a ready-made deck, in set order."""
    return expand(READY[name]["cards"])


def expand(counts: dict[str, int]) -> list[str]:
    return [code for code, n in counts.items() for _copy in range(n)]


def problems(deck: Iterable[str]) -> list[Message]:
    """Every NES-3 rule ``deck`` breaks, in words (empty: the deck is legal)."""
    counts = Counter(deck)
    found = [
        _("'{code}' is not a card of the set (NES-3: a deck is built from the set's cards).", code=_shown(code))
        for code in counts
        if code not in SET
    ]
    total = sum(counts.values())
    if total != DECK_SIZE:
        found.append(
            ngettext(
                "The deck has {n} card; it must have exactly 20 (NES-3).",
                "The deck has {n} cards; it must have exactly 20 (NES-3).",
                total,
            )
        )
    for code, n in counts.items():
        card = SET.get(code)
        if card is None:
            continue
        limit = MAX_FOULE if card.foule else MAX_COPIES
        if n > limit and card.foule:
            found.append(_("{name} has {n} copies; a Foule card may have at most 4 (NES-3).", name=card.name, n=n))
        elif n > limit:
            found.append(_("{name} has {n} copies; a card may have at most 2 (NES-3).", name=card.name, n=n))
    return found


def checked(deck: Iterable[str], who: str = "deck") -> list[str]:
    """``deck`` as a list of codes if NES-3 allows it; otherwise DeckError naming the first rule it breaks."""
    if isinstance(deck, str) or not isinstance(deck, Iterable):
        raise DeckError(_("{who}: a deck is a list of card codes (NES-3).", who=who))
    deck = list(deck)
    if not all(isinstance(code, str) for code in deck):
        raise DeckError(_("{who}: a deck is a list of card codes (NES-3).", who=who))
    found = problems(deck)
    if found:
        raise DeckError(f"{who}: {found[0]}")
    return deck


def decklist(value: Any, where: str, record: Any) -> list[str]:
    """A deck as built, read from a position: card codes NES-3 allows, in set order."""
    deck = listed(set_card)(value, where, record)
    found = problems(deck)
    if found:
        raise BadState(f"{where}: {found[0]}")
    return sorted(deck)


# -- deck files --------------------------------------------------------------------------------------------------


def _shown(word: str) -> str:
    """A piece of the file fit to quote in a sentence."""
    return word if len(word) <= 40 else word[:39] + "…"


def _code(word: str, where: Message | str) -> str:
    if word in SET:
        return word
    code = _BY_NAME.get(word.casefold())
    if code is None:
        raise DeckFileError(_("{where}: '{word}' is not a card of the set.", where=where, word=_shown(word)))
    return code


def _sized(name: str, codes: list[str]) -> tuple[str, list[str]]:
    """NES-3 at load: a file that names more cards than a deck holds is refused, however it was written."""
    if len(codes) > DECK_SIZE:
        raise DeckFileError(
            ngettext(
                "The deck file names {n} card; a deck has exactly {max} (NES-3).",
                "The deck file names {n} cards; a deck has exactly {max} (NES-3).",
                len(codes),
                max=DECK_SIZE,
            )
        )
    return name, codes


def too_long() -> DeckFileError:
    return DeckFileError(_("The deck file is too long: a deck file holds at most {n} characters.", n=MAX_FILE))


def parse_deck(text: str) -> tuple[str, list[str]]:
    """(name, codes) from a deck file's text, JSON or one card per line. Reading checks only the deck's size
    (NES-3), not the rest: a deck half built may be saved and loaded again; ``checked`` decides whether it can be
    played."""
    if not isinstance(text, str):
        raise DeckFileError(_("A deck file is read as text; this is not text."))
    if len(text) > MAX_FILE:
        raise too_long()
    text = text.removeprefix(BOM).strip()
    if not text:
        raise DeckFileError(_("The deck file is empty."))
    if any(not char.isprintable() and char not in "\t\r\n" for char in text):
        raise DeckFileError(_("The deck file holds characters that are not text: it is not a deck file."))
    if text[0] in "{[":
        return _parse_json(text)
    codes: list[str] = []
    lines = text.splitlines()
    name = lines[0].lstrip("#").strip() if lines[0].startswith("#") else ""  # a first comment names the deck
    for number, line in enumerate(lines, start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        where = _("line {n}", n=number)
        count = _COUNT.fullmatch(words[0]) if len(words) > 1 else None
        if count:
            words = words[2:] if words[1].casefold() in ("x", "×") and len(words) > 2 else words[1:]
            digits = count.group(1)
            if not (len(digits) <= 3 and 0 < int(digits) <= DECK_SIZE):
                raise DeckFileError(
                    _("{where}: a count goes from 1 to 20, not {count}.", where=where, count=_shown(digits))
                )
        codes += [_code(" ".join(words), where)] * (int(count.group(1)) if count else 1)
    return _sized(name, codes)


def _parse_json(text: str) -> tuple[str, list[str]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DeckFileError(_("The deck file is not valid JSON: {error}.", error=error)) from None
    except RecursionError:  # "[[[[…": nested deeper than any deck
        raise DeckFileError(_("The deck file is not a deck: its JSON is nested far too deep.")) from None
    except ValueError:  # a number of thousands of digits, which Python refuses to read
        raise DeckFileError(_("The deck file is not a deck: it holds a number far too long.")) from None
    if isinstance(data, list):
        data = {"cards": data}
    if not isinstance(data, dict) or "cards" not in data:
        raise DeckFileError(_('A JSON deck is an object with "cards": {"code": count, ...}.'))
    name = data.get("name", "")
    if not isinstance(name, str):
        raise DeckFileError(_('"name" must be text.'))
    cards = data["cards"]
    if isinstance(cards, list):
        for i, word in enumerate(cards):
            if not isinstance(word, str):
                raise DeckFileError(_("cards[{i}] must be a card's code as text.", i=i))
        return _sized(name, [_code(word, f"cards[{i}]") for i, word in enumerate(cards)])
    if not isinstance(cards, dict):
        raise DeckFileError(_('"cards" must be an object of counts or a list of codes.'))
    codes = []
    for word, count in cards.items():
        if not isinstance(count, int) or isinstance(count, bool) or not 0 < count <= DECK_SIZE:
            raise DeckFileError(_('"cards.{word}" must be a count from 1 to 20.', word=_shown(word)))
        codes += [_code(word, f"cards.{_shown(word)}")] * count
    return _sized(name, codes)


def dump_deck(deck: Iterable[str], name: str = "", form: str = "json") -> str:
    """A deck file's text: ``form`` "json" or "text"; cards in set order."""
    counts = Counter(deck)
    ordered = sorted(counts, key=lambda code: SET[code].number if code in SET else 0)
    if form == "text":
        lines = [f"# {name}"] if name else []
        return "\n".join([*lines, *(f"{counts[code]} {code}  # {SET[code].name}" for code in ordered)]) + "\n"
    return json.dumps({"name": name, "cards": {code: counts[code] for code in ordered}}, ensure_ascii=False, indent=1)


def load_deck(path: str | Path) -> tuple[str, list[str]]:
    try:
        with Path(path).open(encoding="utf-8") as file:
            text = file.read(MAX_FILE + 1)  # a huge file is not read whole to be refused
    except UnicodeDecodeError:
        raise DeckFileError(_("The deck file is not text in UTF-8: it is not a deck file.")) from None
    except OSError as error:
        raise DeckFileError(_("The deck file cannot be read: {error}", error=error.strerror or error)) from None
    return parse_deck(text)


def save_deck(path: str | Path, deck: Iterable[str], name: str = "") -> None:
    form = "text" if str(path).endswith(".txt") else "json"
    Path(path).write_text(dump_deck(deck, name, form), encoding="utf-8")
