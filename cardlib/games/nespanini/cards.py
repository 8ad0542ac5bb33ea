"""The first NesPanini set (NES-1), read from ``cards.json`` beside this module: the data is the set.

Each card type has a code (how decks, moves and positions name it), a name and its plural, a base value, a family
(its colour and pennant), keywords, an edition, a rarity, a number in the set, its effect as primitives (see
effects.py) and its printed text in French and English. Loading checks every field, so a typo in the data is
refused with the card and the field it is in, not discovered in the middle of a game.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardlib.core import BadState
from cardlib.core.i18n import FORMS, NOTHING, Message, Name, and_joined, named
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.protocol import excerpt

from . import effects

DATA = Path(__file__).with_name("cards.json")
KEYWORDS = ("Défausse", "Foule", "Légendaire")  # NES-7: French in every language
RARITIES = ("commune", "peu commune", "rare")


class SetError(ValueError):
    """cards.json does not describe a card set; the message names the card and the field."""


@dataclass(frozen=True, slots=True)
class CardType:
    code: str
    names: dict[str, str]  # "fr": as printed; "en": the message every other language translates
    value: int
    family: str
    keywords: tuple[str, ...]
    rarity: str
    number: int
    edition: str
    defausse: tuple[dict[str, Any], ...]
    score: tuple[dict[str, Any], ...]
    text: dict[str, str]  # "fr" and "en": the effect as printed
    forms: dict[str, str]  # the English name in a sentence, by form (cardlib.core.i18n.Name): "the Squire"
    # "fr" and "en": several of the card ("Écuyers", "Squires"); none for a card named like a person ("Morgana"),
    # whose copies are counted instead
    plurals: dict[str, str]

    @property
    def name(self) -> Name:
        """The card's name in the learner's language, as printed on a French page ("Écuyer", "Squire",
        "Scudiero"), with its forms for a sentence ("lo Scudiero", "dello Scudiero")."""
        return _named(self.code)

    @property
    def plural(self) -> Message:
        """Several of the card in the learner's language ("Squires", "Scudieri", "Écuyers"); "" for a card named
        like a person."""
        english = self.plurals.get("en", "")  # marked in the data (``messages``)
        return _(english) if english else NOTHING

    @property
    def legendaire(self) -> bool:
        return "Légendaire" in self.keywords

    @property
    def foule(self) -> bool:
        return "Foule" in self.keywords


def _field(item: dict, key: str, kind: type, where: str) -> Any:
    if key not in item:
        raise SetError(f"{where}.{key} is missing")
    value = item[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SetError(f"{where}.{key} must be {kind.__name__}, not {value!r}")
    return value


def _in_both(item: dict, key: str, where: str) -> dict[str, str]:
    """A field given in French and in English ("fr" and "en"), each in words."""
    given = _field(item, key, dict, where)
    if set(given) != {"fr", "en"} or not all(isinstance(words, str) and words for words in given.values()):
        raise SetError(f"{where}.{key} must give 'fr' and 'en'")
    return given


def _primitive(item: Any, where: str, families: dict, codes: set) -> dict[str, Any]:
    if not isinstance(item, dict):
        raise SetError(f"{where} must be an object")
    if "do" in item:
        if item["do"] not in effects.DEFAUSSE:
            raise SetError(f"{where}.do must be one of {', '.join(effects.DEFAUSSE)}, not {item['do']!r}")
        return item
    if item.get("rule") not in effects.SCORE_RULES:
        raise SetError(f"{where}.rule must be one of {', '.join(effects.SCORE_RULES)}")
    if item.get("in") not in effects.PLACES:
        raise SetError(f"{where}.in must be one of {', '.join(effects.PLACES)}")
    _field(item, "points", int, where)
    match = _field(item, "match", dict, where)
    if len(match) != 1 or next(iter(match)) not in effects.MATCHES:
        raise SetError(f"{where}.match names exactly one of {', '.join(effects.MATCHES)}")
    known = {"family": families, "keyword": KEYWORDS, "card": codes}[next(iter(match))]
    if next(iter(match.values())) not in known:
        raise SetError(f"{where}.match: {next(iter(match.values()))!r} is not in the set")
    return item


def parse_set(data: Any) -> tuple[dict[str, dict], dict[str, CardType]]:
    """The families and the cards of a set as cards.json holds them; SetError names what is wrong."""
    families = _field(data, "families", dict, "set")
    raw = _field(data, "cards", list, "set")
    codes = {item.get("code") for item in raw if isinstance(item, dict)}
    cards: dict[str, CardType] = {}
    for index, item in enumerate(raw):
        where = f"cards[{index}]"
        if not isinstance(item, dict):
            raise SetError(f"{where} must be an object")
        code = _field(item, "code", str, where)
        where = f"cards[{index}] ({code})"
        if code in cards:
            raise SetError(f"{where}: the code is used twice")
        keywords = tuple(_field(item, "keywords", list, where))
        if not set(keywords) <= set(KEYWORDS):
            raise SetError(f"{where}.keywords must be among {', '.join(KEYWORDS)}")
        family = _field(item, "family", str, where)
        if family not in families:
            raise SetError(f"{where}.family {family!r} is not one of {', '.join(families)}")
        rarity = _field(item, "rarity", str, where)
        if rarity not in RARITIES:
            raise SetError(f"{where}.rarity must be one of {', '.join(RARITIES)}")
        defausse = tuple(
            _primitive(p, f"{where}.defausse[{i}]", families, codes)
            for i, p in enumerate(_field(item, "defausse", list, where))
        )
        if bool(defausse) != ("Défausse" in keywords):
            raise SetError(f"{where}: a card has Défausse effects exactly when it has the keyword Défausse")
        score = tuple(
            _primitive(p, f"{where}.score[{i}]", families, codes)
            for i, p in enumerate(_field(item, "score", list, where))
        )
        text, names = _in_both(item, "text", where), _in_both(item, "name", where)
        proper = item.get("proper") is True
        if proper and "plural" in item:
            raise SetError(f"{where}.plural: a card named like a person has none (its copies are counted)")
        plurals = {} if proper else _in_both(item, "plural", where)
        cards[code] = CardType(
            code,
            names,
            _field(item, "value", int, where),
            family,
            keywords,
            rarity,
            _field(item, "number", int, where),
            _field(item, "edition", str, where),
            defausse,
            score,
            text,
            english_forms(names["en"], proper=proper),
            plurals,
        )
    return families, cards


@cache
def _named(code: str) -> Name:  # (a bot's search names cards at every move it tries)
    card = SET[code]
    return named(card.names["en"], card.forms)


def english_forms(name: str, proper: bool = False) -> dict[str, str]:
    """A card's English name as a sentence says it, by form: "a Squire", "the Squire", "of the Squire"; "the Sun
    King" for The Sun King; a proper name ("Morgana", ``"proper": true`` in the data) the same in every form."""
    if proper:
        the = a = name
    else:
        the = "the " + name.removeprefix("The ")
        a = the if name.startswith("The ") else ("an " if name[0] in "AEIOU" else "a ") + name
    return {"a": a, "the": the, "of": "of " + the}


def messages(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """The set's words to translate, for ``make messages`` (cardlib/locale/babel.cfg names this Babel
    extractor): each family's pennant, each card's name, its plural and the forms of its name, as N_ and NP_ mark
    them."""
    data = json.load(fileobj)
    for family in data["families"].values():
        yield 0, "N_", family["pennant"]["en"], []
    for item in data["cards"]:
        yield 0, "N_", item["name"]["en"], []
        if "plural" in item:
            yield 0, "N_", item["plural"]["en"], []
        for form, said in english_forms(item["name"]["en"], proper=item.get("proper") is True).items():
            yield 0, "NP_", (FORMS[form], said), []


@cache
def _loaded() -> tuple[dict[str, dict], dict[str, CardType]]:
    return parse_set(json.loads(DATA.read_text(encoding="utf-8")))


FAMILIES, SET = _loaded()
SET_SIZE = len(SET)


def card(code: str) -> CardType:
    return SET[code]


def set_card(value: Any, where: str, _record: Any = None) -> str:
    """A card of the set, by its code, read from a position."""
    if not isinstance(value, str) or value not in SET:
        raise BadState(f"{where}: {excerpt(value)} is not a card of the set")
    return value


def card_name(code: str) -> Name:
    return SET[code].name


def cards_named(codes: Iterable[str]) -> Message:
    """Cards in a sentence, the same ones counted: "a Squire, 2 Heralds and the Sun King"; the copies of a card
    named like a person: "2 copies of Morgana"."""
    return and_joined([_counted(SET[code], n) for code, n in Counter(codes).items()])


def _counted(card: CardType, n: int) -> Message:
    if n == 1:
        return card.name.a
    if card.plurals:
        return ngettext("{n} {kind}", "{n} {kinds}", n, kind=card.name, kinds=card.plural)
    return ngettext("{n} copy {card.of}", "{n} copies {card.of}", n, card=card.name)


def pennant(family: str) -> Message:
    """A family's pennant in the learner's language: "Les Chevaliers" as printed on a French page, "The Knights"."""
    english = FAMILIES[family]["pennant"]["en"]  # marked in the data (``messages``)
    return _(english)
