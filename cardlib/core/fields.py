"""A record's fields, declared once: a state's (or a side's) ``FIELDS`` drive its clone, its JSON and its loading,
so a new field is one line, not five places to keep in step. A field that can be read on its own says how
(``load``, a reader of ``cardlib.core.serial``: a number in a range, a choice, the game's cards); what spans fields
(every card in one place, a turn that can go on) stays with each game, in its ``positions`` module.

A field is shared by a clone unless it says how to copy it: only what a move changes in place (a list of cards, a
side) needs a copy, and a clone is made for every move a search plays, so it copies nothing more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import methodcaller
from typing import Any, ClassVar, Self

# How a field loads: (its JSON value, where it is, the record loaded so far) -> its value. Fields load in the order
# FIELDS declares them, so a reader may look at a field declared before its own (a turn among the players).
Reader = Callable[[Any, str, Any], Any]


def _same(item: Any) -> Any:
    return item


def texts(cards: Any) -> list[str]:
    """Cards as JSON: each card's text."""
    return [str(card) for card in cards]


@dataclass(frozen=True, slots=True)
class Field:
    """``name``: the attribute; ``copy``: how a clone copies it (None: the clone shares it, as it is never changed
    in place); ``dump``: its JSON (None: not saved, as a cache is rebuilt when needed); ``key``: its JSON name,
    if not ``name``; ``load``: how it is read back (None: the game's loader sets it, as a constructor's argument
    or from other fields)."""

    name: str
    copy: Callable[[Any], Any] | None = None
    dump: Callable[[Any], Any] | None = _same
    key: str = ""
    load: Reader | None = None


def shared(name: str, load: Reader | None = None, key: str = "") -> Field:
    """A value never changed in place (a number, a text, a tuple, None), saved as it is."""
    return Field(name, key=key, load=load)


def card_list(name: str, load: Reader | None = None, key: str = "") -> Field:
    """A list of cards: a clone copies the list, the JSON holds each card's text."""
    return Field(name, list.copy, texts, key, load)


def each(function: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``function`` applied to every item of a collection by player (a dict) or in order (a list)."""

    def over(items: Any) -> Any:
        if isinstance(items, dict):
            return {key: function(item) for key, item in items.items()}
        return [function(item) for item in items]

    return over


def lists_of_cards(name: str, load: Reader | None = None, key: str = "") -> Field:
    """Lists of cards by player (a dict) or in order (a list)."""
    return Field(name, each(list.copy), each(texts), key, load)


def records(name: str, load: Reader | None = None, key: str = "") -> Field:
    """Records by player (a dict, like the sides) or in order (a list): each cloned, saved and loaded by its own
    fields."""
    return Field(name, each(methodcaller("clone")), each(methodcaller("to_json")), key, load)


def cache(name: str, empty: Callable[[], Any] = lambda: None) -> Field:
    """Something worked out from the other fields and kept: a clone starts it afresh, the JSON leaves it out."""
    return Field(name, lambda _old: empty(), None)


# Every state's last two: what the move that led here did, and how the game ended.
EVENTS = Field("_events", dump=lambda events: [event.to_json() for event in events], key="events")
RESULT = Field("_result", dump=lambda result: result.to_json() if result else None, key="result")


class Record:
    """An object whose ``FIELDS`` say what a clone copies, what its JSON holds and how it is read back."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    # FIELDS sorted once for ``clone``, which a search calls for every move it plays
    _shared: ClassVar[tuple[str, ...]] = ()
    _copied: ClassVar[tuple[tuple[str, Callable[[Any], Any]], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._shared = tuple(field.name for field in cls.FIELDS if field.copy is None)
        cls._copied = tuple((field.name, field.copy) for field in cls.FIELDS if field.copy is not None)

    def clone(self) -> Self:
        new = object.__new__(type(self))
        for name in self._shared:
            setattr(new, name, getattr(self, name))
        for name, copy in self._copied:
            setattr(new, name, copy(getattr(self, name)))
        return new

    def to_json(self) -> dict[str, Any]:
        return {field.key or field.name: field.dump(getattr(self, field.name)) for field in self.FIELDS if field.dump}
